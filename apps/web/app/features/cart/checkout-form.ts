/** Checkout's form: the spec's billing fields (§3 order placement payload) and the terms message (DECISIONS §2). */
export const TERMS_MESSAGE = 'Please tick the box to accept the terms and conditions: we can only place your order once you have.';

export const BILLING_FIELDS = ['firstName', 'lastName', 'country', 'address', 'city', 'countryCode', 'phoneNumber', 'pincode', 'companyName', 'companyEmail', 'gstin'] as const;
export type BillingField = (typeof BILLING_FIELDS)[number];

export interface CheckoutResult {
  message: string;
  fields: Partial<Record<BillingField | 'terms', string>>;
  values: Partial<Record<BillingField | 'corporate' | 'useHarvest', string>>;
}
