import { formatRupees } from '@milli/pricing';

/** The design desk's small formatters and tones (browser-safe). */
export const STATUS_TONE: Record<string, 'neutral' | 'success' | 'warning' | 'danger' | 'info'> = {
  Requested: 'warning',
  Rejected: 'danger',
  'Design Shared': 'info',
  Approved: 'success',
  Making: 'success',
  Picked: 'neutral',
  'Out for Delivery': 'neutral',
  Delivered: 'neutral',
  Cancelled: 'neutral',
};

export const SHEET_TONE: Record<string, 'neutral' | 'success' | 'warning' | 'danger' | 'info'> = {
  Shared: 'info',
  Approved: 'success',
  Rejected: 'danger',
  Superseded: 'neutral',
};

/** The store's one rupee formatter ('Rs. 53,157.89'), under the name the desk's screens use. */
export const rupees = (paise: number) => formatRupees(paise);
export const grams = (mg: number | null) => (mg === null ? '—' : `${(mg / 1000).toLocaleString('en-IN', { maximumFractionDigits: 3 })} g`);
export const carats = (cents: number | null) => (cents === null ? '—' : `${(cents / 100).toLocaleString('en-IN', { maximumFractionDigits: 2 })} ct`);
export const dayOf = (iso: string) => new Date(iso).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });

/** Rupees as typed ('1,500.50', '1500') to paise; '' stays '' (not given); anything else is null (refused). */
export function paiseOfRupees(raw: string): string | null {
  const text = raw.replace(/,/g, '').trim();
  if (text === '') return '';
  if (!/^\d{1,10}(\.\d{1,2})?$/.test(text)) return null;
  return String(Math.round(Number(text) * 100));
}

/** Grams as typed ('4.75') to milligrams; null when it is not a weight. */
export function mgOfGrams(raw: string): number | null {
  const text = raw.trim();
  if (!/^\d{1,4}(\.\d{1,3})?$/.test(text)) return null;
  return Math.round(Number(text) * 1000);
}
