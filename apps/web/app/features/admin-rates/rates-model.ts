/**
 * What the rates screen computes, browser-safe: rupees typed into paise, the change from yesterday, and the
 * price of a few typical pieces at the typed rates with the one price function (priceChoice), so the preview
 * is exactly what the shop will charge.
 */
import type { RateKey, RateRow, RateSample } from '@milli/contracts/schemas';
import { priceChoice } from '@milli/pricing';
import { paiseToRupeesInput, parseRupees } from '../../lib/admin-form.ts';

/** The form field of a rate ('rate:gold:22'). */
export const rateField = (key: RateKey) => `rate:${key}`;

/** The change from `from` to `to` in percent, one decimal ('+2.3 %'), or null without both. */
export function changePercent(to: number | null, from: number | null | undefined): number | null {
  if (to === null || from === null || from === undefined || from === 0) return null;
  return Math.round(((to - from) / from) * 1000) / 10;
}

/** What the boxes start with: today's rate when it is in, else empty (the rate in force is shown as a placeholder). */
export function initialInputs(rates: readonly RateRow[]): Record<string, string> {
  return Object.fromEntries(rates.map((r) => [r.key, r.today === null ? '' : paiseToRupeesInput(r.today)]));
}

/** The rate each key would have with these boxes: what is typed, else the rate in force. */
export function typedRates(rates: readonly RateRow[], inputs: Record<string, string>): Map<RateKey, number> {
  const out = new Map<RateKey, number>();
  for (const rate of rates) {
    const typed = parseRupees(inputs[rate.key] ?? '');
    const paise = typed !== null && Number.isInteger(typed) && typed > 0 ? typed : rate.inForce?.paise;
    if (paise !== undefined) out.set(rate.key, paise);
  }
  return out;
}

export interface SamplePreview {
  sample: RateSample;
  /** Its price with the typed rates; null when a rate it needs is missing. */
  newPricePaise: number | null;
  change: number | null;
}

/** Each typical piece priced at the typed rates (the rates it does not use stay as they are). */
export function previewSamples(samples: readonly RateSample[], rates: Map<RateKey, number>): SamplePreview[] {
  return samples.map((sample) => {
    const pricing = sample.pricing;
    const metalRates = { ...pricing.ratesPaisePerGram };
    for (const purity of Object.keys(metalRates)) {
      const typed = rates.get(`${pricing.metal}:${purity}` as RateKey);
      if (typed !== undefined) metalRates[purity] = typed;
    }
    const diamondRates = { ...pricing.diamondRatesPaisePerCarat };
    for (const quality of Object.keys(diamondRates)) {
      const typed = rates.get(`diamond:${quality}` as RateKey);
      if (typed !== undefined) diamondRates[quality] = typed;
    }
    const price = priceChoice({ ...pricing, ratesPaisePerGram: metalRates, diamondRatesPaisePerCarat: diamondRates });
    const newPricePaise = price ? price.totalPaise : null;
    return { sample, newPricePaise, change: changePercent(newPricePaise, sample.pricePaise) };
  });
}
