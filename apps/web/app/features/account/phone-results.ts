/** What the mobile-number screens' actions answer when they do not redirect (decision 058): plain types and texts. */
import type { PhoneChannel } from '@milli/contracts';

export interface PhoneResult {
  intent: 'start' | 'resend' | 'verify';
  message: string;
  /** The field the message is about, shown under it. */
  field?: 'phone' | 'code';
  /** What was typed, kept on a refusal. */
  phone?: string;
  channel?: PhoneChannel;
}

export interface PhoneNameResult {
  message: string;
  fieldErrors: Partial<Record<'firstName' | 'lastName', string>>;
  values: { firstName: string; lastName: string };
}

export interface PhoneAddResult {
  intent: 'phone-start' | 'phone-resend' | 'phone-verify' | 'phone-cancel';
  ok: boolean;
  message: string;
  /** What was typed, kept on a refusal. */
  phone?: string;
}

export const PHONE_SCREEN_TEXT = {
  continueWithMobile: 'Continue with mobile number',
  startFallback: 'We could not send a code just now. Please try again later.',
  verifyFallback: 'We could not check the code just now. Please try again later.',
  nameFallback: 'We could not save your name just now. Please try again later.',
  resent: 'A new code is on its way.',
  addFallback: 'We could not verify this number just now. Please try again later.',
} as const;
