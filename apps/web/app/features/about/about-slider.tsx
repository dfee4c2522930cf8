import { useCallback, useEffect, useRef, useState, type CSSProperties } from 'react';
import { ABOUT_SLIDER } from '@milli/contracts';
import { ART_SIZE, artAlt, artUrl, type ArtPiece } from '../../lib/art-url.ts';
import { useReducedMotion } from '../../lib/use-reduced-motion.ts';

const PIECES: ArtPiece[] = [
  { kind: 'necklace', metal: 'yellow-gold', stone: 'navaratna' },
  { kind: 'ring', metal: 'rose-gold', stone: 'ruby', style: 1 },
  { kind: 'jhumka', metal: 'yellow-gold', stone: 'coral' },
  { kind: 'bangle', metal: 'yellow-gold', stone: 'plain', style: 1 },
  { kind: 'pendant', metal: 'white-gold', stone: 'emerald' },
  { kind: 'bracelet', metal: 'platinum', stone: 'diamond' },
  { kind: 'studs', metal: 'rose-gold', stone: 'pearl' },
  { kind: 'chain', metal: 'silver', stone: 'plain' },
  { kind: 'nose-pin', metal: 'yellow-gold', stone: 'ruby' },
  { kind: 'ring', metal: 'platinum', stone: 'sapphire', style: 1 },
  { kind: 'necklace', metal: 'white-gold', stone: 'diamond', style: 1 },
  { kind: 'earrings', metal: 'yellow-gold', stone: 'emerald' },
];

/** How long one step's movement takes (passed to the CSS transition). */
const SLIDE_MOVE_MS = 600;

/** Enough copies of the first slides to fill the view after the last one, so the loop never shows a gap. */
const CLONES = PIECES.slice(0, ABOUT_SLIDER.slides);

/**
 * How many slides show at once, from the shared constant: 6, then fewer on narrower screens. Rendered as
 * CSS (not measured in script) so the server's HTML already has the right layout and nothing jumps.
 */
const SLIDER_CSS = [
  `.about-slider{--visible:${ABOUT_SLIDER.slides}}`,
  ...[...ABOUT_SLIDER.breakpoints].sort((a, b) => b[0] - a[0]).map(([width, count]) => `@media (max-width:${width}px){.about-slider{--visible:${count}}}`),
].join('');

/**
 * The About page's image slider (spec §9: 6 at a time, one step every 4 s, 4/3/2 on narrower screens).
 * It loops seamlessly, rests while hovered or focused and for visitors who prefer reduced motion, and
 * has previous / next / pause buttons for everyone else.
 */
export function AboutSlider() {
  const count = PIECES.length;
  const [index, setIndex] = useState(0);
  const [animate, setAnimate] = useState(true);
  const [engaged, setEngaged] = useState(false);
  const [userPaused, setUserPaused] = useState<boolean | null>(null);
  const reducedMotion = useReducedMotion();
  const paused = userPaused ?? reducedMotion;
  const frame = useRef(0);

  const next = useCallback(() => {
    setAnimate(true);
    setIndex((i) => Math.min(i + ABOUT_SLIDER.scroll, count));
  }, [count]);

  const previous = useCallback(() => {
    cancelAnimationFrame(frame.current);
    if (index > 0) {
      setAnimate(true);
      setIndex(index - ABOUT_SLIDER.scroll);
      return;
    }
    // From the first slide, jump (unseen) to its clone at the end, then step back.
    setAnimate(false);
    setIndex(count);
    frame.current = requestAnimationFrame(() => {
      frame.current = requestAnimationFrame(() => {
        setAnimate(true);
        setIndex(count - ABOUT_SLIDER.scroll);
      });
    });
  }, [index, count]);

  useEffect(() => {
    if (paused || engaged) return;
    const timer = window.setInterval(next, ABOUT_SLIDER.autoplayMs);
    return () => window.clearInterval(timer);
  }, [paused, engaged, next]);

  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  // Arrived on the clone of the first slide: once the slide has finished moving, swap to the real one
  // without a visible move. (A timer, not transitionend, which never fires in a background tab.)
  useEffect(() => {
    if (index < count) return;
    const timer = window.setTimeout(() => {
      setAnimate(false);
      setIndex(0);
    }, SLIDE_MOVE_MS + 50);
    return () => window.clearTimeout(timer);
  }, [index, count]);

  const trackStyle = { '--index': index, '--move-ms': `${SLIDE_MOVE_MS}ms` } as CSSProperties;
  const current = (index % count) + 1;

  return (
    <section
      className="about-slider-section section"
      aria-roledescription="carousel"
      aria-labelledby="about-slider-title"
      onMouseEnter={() => setEngaged(true)}
      onMouseLeave={() => setEngaged(false)}
      onFocus={() => setEngaged(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setEngaged(false);
      }}
    >
      <style>{SLIDER_CSS}</style>
      <div className="container">
        <div className="about-slider-head">
          <div>
            <span className="section-eyebrow">From our workshop</span>
            <h2 id="about-slider-title">Pieces we are proud of</h2>
          </div>
          <div className="about-slider-controls">
            <button type="button" className="slider-btn" onClick={previous} aria-label="Previous pieces">
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            </button>
            <button
              type="button"
              className="slider-btn"
              onClick={() => setUserPaused(!paused)}
              aria-label={paused ? 'Start the slideshow' : 'Pause the slideshow'}
            >
              <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
                {paused ? <path d="M6 4l10 6-10 6Z" fill="currentColor" /> : <path d="M6 4h3v12H6zM11 4h3v12h-3z" fill="currentColor" />}
              </svg>
            </button>
            <button type="button" className="slider-btn" onClick={next} aria-label="Next pieces">
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            </button>
          </div>
        </div>
        <div className="about-slider">
          <p className="visually-hidden" aria-live={paused || engaged ? 'polite' : 'off'} aria-atomic="true">
            Showing from piece {current} of {count}
          </p>
          <div className={`about-slider-track${animate ? ' is-animated' : ''}`} style={trackStyle}>
            {PIECES.map((piece, i) => (
              <div key={`s${i}`} className="about-slide" role="group" aria-roledescription="slide" aria-label={`${i + 1} of ${count}`}>
                <figure>
                  <img src={artUrl(piece)} alt={artAlt(piece)} width={ART_SIZE} height={ART_SIZE} loading="lazy" decoding="async" />
                </figure>
              </div>
            ))}
            {CLONES.map((piece, i) => (
              <div key={`c${i}`} className="about-slide" aria-hidden="true" inert>
                <figure>
                  <img src={artUrl(piece)} alt="" width={ART_SIZE} height={ART_SIZE} loading="lazy" decoding="async" />
                </figure>
              </div>
            ))}
          </div>
        </div>
      </div>
    </section>
  );
}
