import type { RateLockTerms } from '@milli/contracts';
import { formatGrams } from '@milli/pricing';

/** The terms in words, with the settings' figures: what the page and the terms page state. */
export function termsInWords(terms: Pick<RateLockTerms, 'advancePercent' | 'periodsDays' | 'maxMg' | 'unusedAdvance'>): string[] {
  const periods = terms.periodsDays.map((d) => `${d}`);
  const list = periods.length > 1 ? `${periods.slice(0, -1).join(', ')} or ${periods.at(-1)}` : (periods[0] ?? '');
  return [
    `Pay an advance of ${terms.advancePercent} % of the metal’s value at today’s rate, and the rate is yours for ${list} days from your payment.`,
    'Whatever you buy of that metal and purity meanwhile, up to the grams locked, is priced at the lower of the locked rate and the day’s rate. The advance counts toward what you pay, in proportion to the grams used.',
    `Your locks can hold up to ${formatGrams(terms.maxMg)} at a time; grams used by an order not yet delivered still count, as a cancel gives them back.`,
    terms.unusedAdvance === 'refund'
      ? 'At the end of the period, any part of the advance you have not used is refunded to the card or UPI you paid with.'
      : 'At the end of the period, any part of the advance you have not used is kept by the store.',
  ];
}
