import type { ExchangeStatus } from '@milli/contracts';

/** The exchange desk's words and colours (browser-safe). */
export const EXCHANGE_TONE: Record<ExchangeStatus, 'neutral' | 'success' | 'warning' | 'danger' | 'info'> = {
  Requested: 'info',
  Received: 'warning',
  Settled: 'success',
  Refused: 'danger',
  Withdrawn: 'neutral',
};
export const EXCHANGE_KIND_LABEL = { exchange: 'Exchange', buyback: 'Buy-back' } as const;
export const EXCHANGE_STATUS_OPTIONS: { value: string; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'Requested', label: 'Requested' },
  { value: 'Received', label: 'Received' },
  { value: 'Settled', label: 'Settled' },
  { value: 'Refused', label: 'Refused' },
];
export const grams = (mg: number) => `${(mg / 1000).toFixed(3)} g`;
export const showDay = (iso: string) =>
  new Date(iso.length === 10 ? `${iso}T00:00:00+05:30` : iso).toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  });
