import { useEffect, useState } from 'react';

/**
 * The code screen's resend button. Rendered on the server enabled, so it works without script (the server refuses a
 * code asked for within 30 seconds of the last, with its message); with script it waits out the seconds left, saying
 * how many, and is then enabled.
 */
export function ResendButton({ waitSeconds, busy }: { waitSeconds: number; busy: boolean }) {
  const [left, setLeft] = useState<number | null>(null);
  useEffect(() => {
    const until = Date.now() + waitSeconds * 1000;
    const tick = () => setLeft(Math.max(0, Math.ceil((until - Date.now()) / 1000)));
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [waitSeconds]);
  const waiting = left !== null && left > 0;
  return (
    <button type="submit" className="link-button" disabled={busy || waiting} aria-live="polite">
      {busy ? 'Sending…' : waiting ? `Resend code in ${left} s` : 'Resend code'}
    </button>
  );
}
