import type { Appointment } from '@milli/contracts/schemas';

/** Where a booking link goes (issue 20): the booking page with what the shopper already chose. Shared by the store locator, the product page and the trade-in estimator. */
export function bookingHref(p: {
  kind?: 'store' | 'video';
  store?: number;
  product?: number;
  purpose?: Appointment['purpose'];
  weight?: string;
  purity?: number;
}): string {
  const q = new URLSearchParams();
  if (p.kind) q.set('kind', p.kind);
  if (p.store) q.set('store', String(p.store));
  if (p.product) q.set('product', String(p.product));
  if (p.purpose) q.set('purpose', p.purpose);
  if (p.weight) q.set('weight', p.weight);
  if (p.purity) q.set('purity', String(p.purity));
  const s = q.toString();
  return `/book-appointment${s ? `?${s}` : ''}`;
}
