import type { RateLock } from '@milli/contracts';
import { formatGrams, formatRupees, metalName } from '@milli/pricing';

/** The lock form's fields, as the API names its refusals (and the form's one choice of metal and purity). */
export const LOCK_FIELDS = ['metal', 'purity', 'grams', 'period'] as const;

export interface LockResult {
  intent: 'lock';
  message: string;
  fieldErrors: Partial<Record<'choice' | 'grams' | 'period', string>>;
  values: { choice: string; grams: string; period: string };
}

export interface LockPayResult {
  intent: 'pay';
  message: string;
  instrument: string;
}

export const RATE_LOCK_TEXT = {
  lockFallback: 'We could not lock the rate just now. Nothing was charged; please try again in a moment.',
  payFallback: 'The payment could not be made just now. Nothing was charged; please try again.',
  chooseInstrument: 'Please choose a test payment method.',
  needsScript: 'Paying needs JavaScript: please turn it on, or use another browser, and try again.',
  paid: (lock: RateLock) =>
    `Your rate is locked: ${formatGrams(lock.lockedMg)} of ${metalName(lock.metal, lock.purity)} at ${formatRupees(lock.ratePaisePerGram)} a gram. Shop as usual: your cart and checkout apply it.`,
};

export { termsInWords } from '../../lib/rate-lock-terms.ts';
