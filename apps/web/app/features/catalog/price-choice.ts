import type { PricingContext } from '@milli/contracts';
import { priceJewellery, type PriceBreakup, type PriceInput } from '@milli/pricing';

/** What the shopper has picked on the product page that changes the price. */
export interface PriceChoice {
  /** Karat for gold (14/18/22/24); ignored for platinum and silver, which have one purity. */
  purity: number;
  /** Diamond grade; ignored for pieces without diamonds. */
  diamondQuality: string | null;
}

export interface ChoicePrice {
  breakup: PriceBreakup;
  /** The purity whose rate was used (the chosen one when the store has a rate for it). */
  purity: number;
  /** The diamond grade whose rate was used, or null when the piece has no diamonds. */
  diamondQuality: string | null;
  ratePaisePerGram: number;
  diamondRatePaisePerCarat: number;
}

/** Gold pieces can be made in any purity the store has a rate for; other metals only in their own. */
export function purityOptions(pricing: PricingContext): number[] {
  if (pricing.metal !== 'gold') return [pricing.defaultPurity];
  return Object.keys(pricing.ratesPaisePerGram)
    .map(Number)
    .filter((n) => Number.isInteger(n))
    .sort((a, b) => a - b);
}

export function hasDiamonds(pricing: PricingContext): boolean {
  return pricing.diamondWeightCents > 0;
}

/** The input of the one price function (packages/pricing) for a product and the shopper's choices. */
export function priceInputFor(pricing: PricingContext, choice: PriceChoice): Omit<ChoicePrice, 'breakup'> & { input: PriceInput } {
  const rates = pricing.ratesPaisePerGram;
  const wanted = pricing.metal === 'gold' ? choice.purity : pricing.defaultPurity;
  const purity = rates[String(wanted)] !== undefined ? wanted : pricing.defaultPurity;
  const ratePaisePerGram = rates[String(purity)] ?? 0;

  let diamondQuality: string | null = null;
  let diamondRatePaisePerCarat = 0;
  if (hasDiamonds(pricing)) {
    const diamondRates = pricing.diamondRatesPaisePerCarat;
    const candidates = [choice.diamondQuality, pricing.defaultDiamondQuality];
    diamondQuality = candidates.find((q): q is string => !!q && diamondRates[q] !== undefined) ?? null;
    diamondRatePaisePerCarat = diamondQuality ? (diamondRates[diamondQuality] ?? 0) : 0;
  }

  return {
    purity,
    diamondQuality,
    ratePaisePerGram,
    diamondRatePaisePerCarat,
    input: {
      metalWeightMg: pricing.metalWeightMg,
      ratePaisePerGram,
      makingChargePaise: pricing.makingChargePaise,
      stoneValuePaise: pricing.stoneValuePaise,
      diamondWeightCents: pricing.diamondWeightCents,
      diamondRatePaisePerCarat,
      fixedPricePaise: pricing.fixedPricePaise,
      gstPercent: pricing.gstPercent,
    },
  };
}

/**
 * The price of a product for the shopper's choices, from the same function the server charges with.
 * Null when the product's pricing data cannot be priced (the page then shows the list price alone).
 */
export function priceForChoice(pricing: PricingContext, choice: PriceChoice): ChoicePrice | null {
  const { input, ...used } = priceInputFor(pricing, choice);
  try {
    return { ...used, breakup: priceJewellery(input) };
  } catch {
    return null;
  }
}
