import type { Appointment } from '@milli/contracts/schemas';

/** The purposes as the booking form offers them. */
export const PURPOSE_LABELS: Record<Appointment['purpose'], string> = {
  browse: 'Browse the collection',
  product: 'See a particular piece',
  trade_in: 'Trade in old gold',
  custom_design: 'Talk about a custom design',
  exchange: 'Exchange or buy-back of a Milli piece',
  other: 'Something else',
  assay: 'Old gold assay for my metal account',
};

export const TRADE_IN_PURITIES = [24, 22, 20, 18, 14, 9] as const;

/** '10:30 am' from '10:30'. */
export function clock(slot: string): string {
  const [h = 0, m = 0] = slot.split(':').map(Number);
  return `${((h + 11) % 12) + 1}:${String(m).padStart(2, '0')} ${h < 12 ? 'am' : 'pm'}`;
}

/** 'Tuesday, 1 December 2026' from '2026-12-01'. */
export function longDate(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-IN', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

export { bookingHref } from '../../lib/booking-href.ts';
