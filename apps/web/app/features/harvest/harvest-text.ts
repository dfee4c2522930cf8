/** The harvest screen's words and action answers (browser-safe). */
export const HARVEST_TEXT = {
  started: 'Your Milli Harvest plan has started. Pay your first instalment to begin saving.',
  paid: (n: number) => `Payment received: instalment ${n} of 10 is paid.`,
  loginNeeded: 'Please log in or sign up to start your Milli Harvest plan. We will keep the amount you chose.',
  enrolFallback: 'We could not start your plan just now. Please try again.',
  payFallback: 'The payment could not be completed. Nothing was charged; please try again.',
  chooseInstrument: 'Please choose a test payment method.',
  needsScript: 'Paying online opens the payment gateway’s window, which needs JavaScript. Please turn JavaScript on and try again, or pay at one of our stores.',
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

/** The Pay form's answer without JavaScript (the demo gateway's test instrument paid on the server's side). */
export interface PayResult {
  intent: 'pay';
  message: string;
  /** The instrument last tried, chosen again in the form. */
  instrument: string;
}
