/**
 * What the coupon and store forms post, as the API takes it (packages/contracts/src/admin-shop.ts). Amounts and
 * numbers go as typed: the API reads '1,250.50' and says which field is wrong; dates go as the datetime-local
 * field gives them (India time). Browser-safe.
 */
import { formatRupees } from '@milli/pricing';
import type { AdminCoupon } from '@milli/contracts/schemas';
import { formFlag, formText } from '../../lib/admin-form.ts';

export const COUPON_FIELDS = [
  'code',
  'description',
  'kind',
  'value',
  'maxDiscountRupees',
  'minOrderRupees',
  'startsAt',
  'endsAt',
  'usageLimit',
  'perCustomerLimit',
  'active',
] as const;
export type CouponField = (typeof COUPON_FIELDS)[number];
export const STORE_FIELDS = ['name', 'city', 'address', 'pincode', 'phone', 'hours', 'latitude', 'longitude', 'sortOrder', 'active'] as const;
export type StoreField = (typeof STORE_FIELDS)[number];
export const OFFER_STRIP_FIELDS = ['text', 'linkPath', 'couponCode', 'startsAt', 'endsAt', 'position', 'active'] as const;
export type OfferStripField = (typeof OFFER_STRIP_FIELDS)[number];

/** The posted form's values by field, as text (the checkbox as 'on' or ''), to send and to show again. */
export type FormValues<F extends string> = Record<F, string>;

export function postedValues<F extends string>(form: FormData, fields: readonly F[], checkbox: F): FormValues<F> {
  return Object.fromEntries(fields.map((f) => [f, f === checkbox ? (formFlag(form, f) ? 'on' : '') : formText(form, f)])) as FormValues<F>;
}

/** The JSON the API takes: text as typed, the checkbox as true/false. */
export function apiBody<F extends string>(values: FormValues<F>, checkbox: F): Record<string, string | boolean> {
  return Object.fromEntries(Object.entries<string>(values).map(([k, v]) => [k, k === checkbox ? v === 'on' : v]));
}

/** Rupees without '.00' when the amount is whole: 'Rs. 500', 'Rs. 750.50'. */
export function rupees(paise: number): string {
  return formatRupees(paise, { decimals: paise % 100 !== 0 });
}

/** '12% off, up to Rs. 1,500' or 'Rs. 500 off'. */
export function discountText(c: Pick<AdminCoupon, 'kind' | 'valueStored' | 'maxDiscountPaise'>): string {
  if (c.kind === 'fixed') return `${rupees(c.valueStored)} off`;
  return c.maxDiscountPaise === null ? `${c.valueStored}% off` : `${c.valueStored}% off, up to ${rupees(c.maxDiscountPaise)}`;
}

/** '24 Nov 2026, 10:00' in India time. */
export function shopDateTime(iso: string | null): string {
  if (!iso) return '';
  return new Date(iso).toLocaleString('en-IN', {
    timeZone: 'Asia/Kolkata',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
}

/** '24 Nov 2026' in India time. */
export function shopDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', year: 'numeric' });
}
