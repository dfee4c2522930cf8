/** The harvest screens' words, addresses and action answers (browser-safe). */

/**
 * The customer's own plan (issue 21): its schedule, the banners after starting and paying, and the payment form
 * without JavaScript (?pay={instalment}). /milli-harvest is shared (decision 032) and the same for everyone, so
 * what is someone's own, and the forms that need to know whose it is, are rendered here, for them.
 */
export const HARVEST_PLAN_PATH = '/milli-harvest/plan';

/** The customer's plan, e-mail and remembered amount as JSON, for the shared page to fill in (features/harvest/use-harvest-mine.ts). */
export const HARVEST_MINE_PATH = '/milli-harvest/mine';

/** The login page, coming back to /milli-harvest with the amount the guest chose (kept in the address: the shared page reads it). */
export function harvestLoginHref(amount: string): string {
  const kept = /^\d{1,7}$/.test(amount) ? `?amount=${amount}` : '';
  return `/login?next=${encodeURIComponent(`/milli-harvest${kept}`)}`;
}

export const HARVEST_TEXT = {
  started: 'Your Milli Harvest plan has started. Pay your first instalment to begin saving.',
  paid: (n: number) => `Payment received: instalment ${n} of 10 is paid.`,
  loginNeeded: 'Please log in or sign up to start your Milli Harvest plan. We will keep the amount you chose.',
  enrolFallback: 'We could not start your plan just now. Please try again.',
  noPlan: 'You have no Milli Harvest plan yet.',
  payFallback: 'The payment could not be completed. Nothing was charged; please try again.',
  chooseInstrument: 'Please choose a test payment method.',
  needsScript:
    'Paying online opens the payment gateway’s window, which needs JavaScript. Please turn JavaScript on and try again, or pay at one of our stores.',
} as const;

export const ENROL_FIELDS = ['monthlyAmount', 'email'] as const;
export type EnrolField = (typeof ENROL_FIELDS)[number];
export interface EnrolResult {
  intent: 'enrol';
  loginNeeded: boolean;
  /** Refused because a plan is running already: the answer leads to it. */
  planExists?: boolean;
  message: string;
  fieldErrors: Partial<Record<EnrolField, string>>;
  values: Record<EnrolField, string>;
}

/** The Pay form's answer without JavaScript (the demo gateway's test instrument paid on the server's side). */
export interface PayResult {
  intent: 'pay';
  message: string;
  /** The instrument last tried, chosen again in the form. */
  instrument: string;
}
