import { BACK_TO_TOP_AFTER_PX } from '@milli/contracts';
import { ArrowUpIcon } from './icons.tsx';
import { prefersReducedMotion, useScrollPast } from './use-scroll-past.ts';

/** Appears after 300 px of scroll; scrolls smoothly (instantly for reduced motion) and moves focus to the top. */
export function BackToTop() {
  const visible = useScrollPast(BACK_TO_TOP_AFTER_PX);
  return (
    <button
      type="button"
      className={`back-to-top${visible ? ' is-visible' : ''}`}
      aria-label="Back to top"
      onClick={() => {
        window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
        document.getElementById('top')?.focus({ preventScroll: true });
      }}
    >
      <ArrowUpIcon />
    </button>
  );
}
