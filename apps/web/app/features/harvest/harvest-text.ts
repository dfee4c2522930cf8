/** The harvest screen's words and action answers (browser-safe). */
export const HARVEST_TEXT = {
  started: 'Your Milli Harvest plan has started. Pay your first instalment to begin saving.',
  paid: (n: number) => `Payment received: instalment ${n} of 10 is paid.`,
  loginNeeded: 'Please log in or sign up to start your Milli Harvest plan. We will keep the amount you chose.',
  enrolFallback: 'We could not start your plan just now. Please try again.',
  payFallback: 'The payment could not be completed. Nothing was charged; please try again.',
} as const;

export const ENROL_FIELDS = ['monthlyAmount', 'email'] as const;
export type EnrolField = (typeof ENROL_FIELDS)[number];
export interface EnrolResult {
  intent: 'enrol';
  loginNeeded: boolean;
  message: string;
  fieldErrors: Partial<Record<EnrolField, string>>;
  values: Record<EnrolField, string>;
}

export const CARD_FIELDS = ['nameOnCard', 'cardNumber', 'expiry', 'cvv'] as const;
export type CardField = (typeof CARD_FIELDS)[number];
export interface PayResult {
  intent: 'pay';
  message: string;
  fieldErrors: Partial<Record<CardField, string>>;
  /** A fresh idempotency key: the next attempt is a new payment, not a replay of this one. */
  nextKey: string;
  /** Only what may be shown again: never the card number or CVV. */
  values?: { nameOnCard: string; expiry: string };
}
