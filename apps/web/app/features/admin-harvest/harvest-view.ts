/** What the Harvest desk's screens share (issue 19). */
export const PLAN_TONE = { Active: 'info', Matured: 'success', Redeemed: 'neutral', Cancelled: 'neutral' } as const;

/** A calendar date (YYYY-MM-DD, India's) or a moment, as a short Indian date; '–' for none. */
export const showDate = (iso: string | null) =>
  iso
    ? new Date(iso.length === 10 ? `${iso}T00:00:00+05:30` : iso).toLocaleDateString('en-IN', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'Asia/Kolkata',
      })
    : '–';

/** A moment with its time, in India's clock. */
export const showDateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'Asia/Kolkata',
  });
