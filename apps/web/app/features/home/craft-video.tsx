import { useRef, useState, type MouseEvent } from 'react';
import { keepTabInDialog } from '../../lib/dialog-tab.ts';
import { useReducedMotion } from '../../lib/use-reduced-motion.ts';
import { CRAFT_STEPS, CraftDefs, CraftScene, ScenePolish } from './craft-scenes.tsx';

/**
 * The home page's video popup (spec §2). We have no film, so the popup plays a short animated showcase
 * of how a piece is made. It is a modal <dialog>: the page behind is inert, Tab cycles inside it, Escape
 * or the close button closes it, and focus returns to the play button. Visitors who prefer reduced
 * motion see the four steps as a still storyboard.
 */
export function CraftVideo() {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [paused, setPaused] = useState(false);
  const reducedMotion = useReducedMotion();

  function show() {
    setPaused(false);
    setOpen(true);
    dialogRef.current?.showModal();
  }

  function close() {
    dialogRef.current?.close();
  }

  // A click on the backdrop lands on the <dialog> itself: close, as a shopper expects.
  function onDialogClick(event: MouseEvent<HTMLDialogElement>) {
    if (event.target === event.currentTarget) close();
  }

  return (
    <section className="craft" aria-labelledby="craft-title">
      <div className="container craft-inner">
        <div className="craft-copy">
          <span className="section-eyebrow">From sketch to sparkle</span>
          <h2 id="craft-title" className="craft-title">
            Made by hand, one piece at a time
          </h2>
          <p>
            Behind every Milli piece are designers, casters, setters and polishers who have spent their lives with gold. Take a minute to see how an idea
            becomes something you will wear for decades.
          </p>
          <button ref={openerRef} type="button" className="craft-play" aria-haspopup="dialog" onClick={show}>
            <span className="craft-play-circle" aria-hidden="true">
              <svg viewBox="0 0 24 24" width="26" height="26" focusable="false">
                <path d="M8 5.5v13l10.5-6.5Z" fill="currentColor" />
              </svg>
            </span>
            <span className="craft-play-label">Watch our craft</span>
          </button>
        </div>
        <button type="button" className="craft-poster" onClick={show} tabIndex={-1} aria-hidden="true">
          <svg viewBox="0 0 320 200" width="640" height="400" focusable="false">
            <CraftDefs id="poster" />
            <ScenePolish id="poster" velvet />
          </svg>
          <span className="craft-poster-play">
            <svg viewBox="0 0 24 24" width="34" height="34" focusable="false">
              <path d="M8 5.5v13l10.5-6.5Z" fill="currentColor" />
            </svg>
          </span>
        </button>
      </div>

      <dialog
        ref={dialogRef}
        className="modal craft-dialog"
        aria-labelledby="craft-dialog-title"
        onClick={onDialogClick}
        onKeyDown={keepTabInDialog}
        onClose={() => {
          setOpen(false);
          openerRef.current?.focus();
        }}
      >
        <div className="craft-dialog-inner">
          <header className="craft-dialog-head">
            <h2 id="craft-dialog-title">Watch our craft</h2>
            <button type="button" className="craft-close" onClick={close} aria-label="Close">
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
                <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          </header>

          {open && !reducedMotion && (
            <figure className={`film${paused ? ' is-paused' : ''}`}>
              <svg viewBox="0 0 320 200" className="film-stage" role="img" aria-label="An animated showcase of how a Milli piece is made">
                <CraftDefs id="film" />
                {CRAFT_STEPS.map((step, i) => (
                  <g key={step.title} className="film-scene" style={{ animationDelay: `${i * 3}s` }}>
                    <CraftScene index={i} id="film" />
                  </g>
                ))}
              </svg>
              <figcaption className="film-captions">
                {CRAFT_STEPS.map((step, i) => (
                  <span key={step.title} className="film-caption" style={{ animationDelay: `${i * 3}s` }}>
                    <strong>{step.title}</strong> {step.text}
                  </span>
                ))}
              </figcaption>
            </figure>
          )}

          {open && reducedMotion && (
            <ol className="storyboard">
              {CRAFT_STEPS.map((step, i) => (
                <li key={step.title}>
                  <svg viewBox="0 0 320 200" aria-hidden="true" focusable="false">
                    <CraftDefs id={`still-${i}`} />
                    <CraftScene index={i} id={`still-${i}`} />
                  </svg>
                  <strong>{step.title}</strong>
                  <span>{step.text}</span>
                </li>
              ))}
            </ol>
          )}

          {/* The same story as text, for screen readers (and anyone who prefers to read). */}
          {!reducedMotion && (
            <ol className="visually-hidden">
              {CRAFT_STEPS.map((step) => (
                <li key={step.title}>
                  {step.title}: {step.text}
                </li>
              ))}
            </ol>
          )}

          <div className="craft-dialog-actions">
            {!reducedMotion && (
              <button type="button" className="btn btn-outline btn-sm" onClick={() => setPaused((p) => !p)}>
                {paused ? 'Play the showcase' : 'Pause the showcase'}
              </button>
            )}
            <button type="button" className="btn btn-primary btn-sm" onClick={close}>
              Close
            </button>
          </div>
        </div>
      </dialog>
    </section>
  );
}
