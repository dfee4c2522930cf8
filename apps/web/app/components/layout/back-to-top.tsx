import { useEffect, useRef, useState } from 'react';
import { BACK_TO_TOP_AFTER_PX } from '@milli/contracts';
import { ArrowUpIcon } from './icons.tsx';
import { prefersReducedMotion, useScrollPast } from './use-scroll-past.ts';

/** What a shopper presses in the page: the button must never sit on one of these (issue 40: the pincode's CHECK). */
const ACTION = 'a[href], button, input, select, textarea, summary, label, [role="button"], [tabindex]:not([tabindex="-1"])';

/** Whether any action of the page lies under the button's box (its corners and centre). */
export function coversAnAction(button: HTMLElement): boolean {
  const box = button.getBoundingClientRect();
  if (box.width === 0) return false;
  const inset = 2;
  const points = [
    [box.left + inset, box.top + inset],
    [box.right - inset, box.top + inset],
    [box.left + inset, box.bottom - inset],
    [box.right - inset, box.bottom - inset],
    [box.left + box.width / 2, box.top + box.height / 2],
  ] as const;
  return points.some(([x, y]) => document.elementsFromPoint(x, y).some((el) => el !== button && !button.contains(el) && el.closest(ACTION) !== null));
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
