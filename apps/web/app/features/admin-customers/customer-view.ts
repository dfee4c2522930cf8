/** What the customer desk's screens share (issue 38), browser-safe. */

const INDIA = 'Asia/Kolkata';

/** A moment as a short Indian date. */
export const showDate = (iso: string) => new Date(iso).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: INDIA });

/** A moment with its time, on India's clock. */
export const showDateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: INDIA,
  });

/** An order's or a payment's status as a badge's tone. */
export function statusTone(status: string): 'neutral' | 'success' | 'warning' | 'danger' | 'info' {
  if (status === 'Delivered' || status === 'paid' || status === 'Redeemed') return 'success';
  if (status === 'Cancelled' || status === 'failed') return 'danger';
  if (status === 'Awaiting payment' || status === 'Awaiting confirmation' || status === 'created') return 'warning';
  return 'info';
}

/** The customer-facing lists of what erasure removes and keeps (contracts), said of the customer to staff. */
export const ofThem = (text: string) =>
  text
    .replace(/\byour\b/g, 'their')
    .replace(/\b(sent|about) you\b/g, '$1 them')
    .replace(/\byou\b/g, 'they');
