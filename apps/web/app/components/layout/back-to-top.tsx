import { useEffect, useRef, useState } from 'react';
import { BACK_TO_TOP_AFTER_PX } from '@milli/contracts';
import { ArrowUpIcon } from './icons.tsx';
import { prefersReducedMotion, useScrollPast } from './use-scroll-past.ts';

/** What a shopper presses in the page: the button must never sit on one of these (issue 40: the pincode's CHECK). */
const ACTION = 'a[href], button, input, select, textarea, summary, label, [role="button"], [tabindex]:not([tabindex="-1"])';

/**
 * Whether any action of the page lies under the button's box, or within a few pixels of it: every action's box is
 * compared with the button's (a sample of points missed the edge of one poking under a corner).
 */
export function coversAnAction(button: HTMLElement): boolean {
  const box = button.getBoundingClientRect();
  if (box.width === 0) return false;
  const margin = 4;
  for (const el of document.querySelectorAll(ACTION)) {
    if (el === button || button.contains(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    if (r.left < box.right + margin && box.left - margin < r.right && r.top < box.bottom + margin && box.top - margin < r.bottom) return true;
  }
  return false;
}

/**
 * Appears after 300 px of scroll; scrolls smoothly (instantly for reduced motion) and moves focus to the top. It steps
 * aside (hidden) while it would cover a link, button or field of the page, and shows again once scrolling moves that
 * away: a floating button must never be what a shopper presses instead of the page's own action.
 */
export function BackToTop() {
  const visible = useScrollPast(BACK_TO_TOP_AFTER_PX);
  const ref = useRef<HTMLButtonElement>(null);
  const [covering, setCovering] = useState(false);
  useEffect(() => {
    if (!visible) return;
    let frame = 0;
    const check = () => {
      frame = 0;
      if (ref.current) setCovering(coversAnAction(ref.current));
    };
    const onChange = () => {
      if (!frame) frame = window.requestAnimationFrame(check);
    };
    check();
    window.addEventListener('scroll', onChange, { passive: true });
    window.addEventListener('resize', onChange);
    return () => {
      window.removeEventListener('scroll', onChange);
      window.removeEventListener('resize', onChange);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [visible]);
  return (
    <button
      ref={ref}
      type="button"
      className={`back-to-top${visible ? ' is-visible' : ''}${visible && covering ? ' is-aside' : ''}`}
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
