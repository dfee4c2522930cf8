/**
 * What the rates screen computes, browser-safe: rupees typed into paise, the change from yesterday, and the
 * price of a few typical pieces at the typed rates with the one price function (priceChoice), so the preview
 * is exactly what the shop will charge.
 */
import type { RateKey, RateRow, RateSample, RatesAnswer } from '@milli/contracts/schemas';
import { priceChoice } from '@milli/pricing';

/** The form field of a rate ('rate:gold:22'). */
export const rateField = (key: RateKey) => `rate:${key}`;

/**
 * Rupees as typed ('12,505', '12505.50', '₹ 12,505') into paise: null for an empty box, NaN for what is not an
 * amount of rupees with at most two decimals.
 */
export function rupeesToPaiseInput(text: string): number | null {
  const cleaned = text.replace(/[₹,\s]/g, '').replace(/^rs\.?/i, '');
  if (cleaned === '') return null;
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(cleaned)) return Number.NaN;
  const [whole, fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Paise as the box shows them: '12505' or '12505.50' (no grouping, so it reads back exactly). */
export function paiseToInput(paise: number): string {
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  return rest === 0 ? String(rupees) : `${rupees}.${String(rest).padStart(2, '0')}`;
}

/** The change from `from` to `to` in percent, one decimal ('+2.3 %'), or null without both. */
export function changePercent(to: number | null, from: number | null | undefined): number | null {
  if (to === null || from === null || from === undefined || from === 0) return null;
  return Math.round(((to - from) / from) * 1000) / 10;
}

/** What the boxes start with: today's rate when it is in, else empty (the rate in force is shown as a placeholder). */
export function initialInputs(rates: readonly RateRow[]): Record<string, string> {
  return Object.fromEntries(rates.map((r) => [r.key, r.today === null ? '' : paiseToInput(r.today)]));
}

/** The rate each key would have with these boxes: what is typed, else the rate in force. */
export function typedRates(rates: readonly RateRow[], inputs: Record<string, string>): Map<RateKey, number> {
  const out = new Map<RateKey, number>();
  for (const rate of rates) {
    const typed = rupeesToPaiseInput(inputs[rate.key] ?? '');
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

export type RatesView = RatesAnswer;
