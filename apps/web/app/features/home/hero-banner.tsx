import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { BANNER_AUTOPLAY_MS } from '@milli/contracts';
import { useReducedMotion } from '../../lib/use-reduced-motion.ts';
import { NecklaceOnVelvet, RingsOnSilk } from './hero-art.tsx';

interface Slide {
  eyebrow: string;
  title: string;
  text: string;
  tone: 'velvet' | 'silk';
  art: ReactNode;
}

const SLIDES: Slide[] = [
  {
    eyebrow: 'The Heritage Edit',
    title: 'Gold that remembers every celebration',
    text: 'Temple necklaces, kundan drops and everyday chains in hallmarked gold, finished by hand in our Chennai workshop.',
    tone: 'velvet',
    art: <NecklaceOnVelvet />,
  },
  {
    eyebrow: 'Diamonds & Solitaires',
    title: 'Rings for the moments you will retell',
    text: 'Certified diamonds set in 18 kt gold and platinum, from a first promise to a fortieth anniversary.',
    tone: 'silk',
    art: <RingsOnSilk />,
  },
];

/**
 * The home banner (spec: two slides fading every 5 s, no arrows or dots, an explore button each).
 * It rests while the pointer or keyboard focus is on it, and for visitors who prefer reduced motion; the
 * small pause button is there because moving content must be stoppable (WCAG 2.2.2).
 */
export function HeroBanner() {
  const reducedMotion = useReducedMotion();
  const [active, setActive] = useState(0);
  /**
   * The slides shown so far. A slide's drawing (a hundred-odd SVG elements) is drawn once the slide first comes up:
   * the first screen carries only the one it shows, with or without JavaScript (issue 40, decision 064).
   */
  const [shown, setShown] = useState<readonly number[]>([0]);
  if (!shown.includes(active)) setShown([...shown, active]);
  /** null: follow the system setting; true/false: the visitor pressed pause / play. */
  const [userPaused, setUserPaused] = useState<boolean | null>(null);
  const [engaged, setEngaged] = useState(false);
  const paused = userPaused ?? reducedMotion;
  const running = !paused && !engaged;

  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setActive((i) => (i + 1) % SLIDES.length), BANNER_AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [running]);

  return (
    <section
      className="hero"
      aria-roledescription="carousel"
      aria-label="Featured collections"
      onMouseEnter={() => setEngaged(true)}
      onMouseLeave={() => setEngaged(false)}
      onFocus={() => setEngaged(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setEngaged(false);
      }}
    >
      <div className="hero-track">
        {SLIDES.map((slide, i) => {
          const isActive = i === active;
          return (
            <div
              key={slide.title}
              className={`hero-slide hero-slide--${slide.tone}${isActive ? ' is-active' : ''}`}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${SLIDES.length}`}
              aria-hidden={!isActive}
              inert={!isActive}
            >
              <div className="container hero-inner">
                <div className="hero-copy">
                  <span className="hero-eyebrow">{slide.eyebrow}</span>
                  <h2 className="hero-title">{slide.title}</h2>
                  <p className="hero-text">{slide.text}</p>
                  <Link to="/allJewellery" className={`btn ${slide.tone === 'velvet' ? 'btn-gold' : 'btn-primary'} hero-cta`}>
                    Explore the collection
                  </Link>
                </div>
                <div className="hero-art">{shown.includes(i) ? slide.art : null}</div>
              </div>
            </div>
          );
        })}
      </div>
      <button
        type="button"
        className={`hero-pause hero-pause--${SLIDES[active]?.tone ?? 'velvet'}`}
        onClick={() => setUserPaused(!paused)}
        aria-label={paused ? 'Play the banner' : 'Pause the banner'}
      >
        <svg viewBox="0 0 20 20" width="14" height="14" aria-hidden="true" focusable="false">
          {paused ? <path d="M6 4l10 6-10 6Z" fill="currentColor" /> : <path d="M6 4h3v12H6zM11 4h3v12h-3z" fill="currentColor" />}
        </svg>
      </button>
    </section>
  );
}
