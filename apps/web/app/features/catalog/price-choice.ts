import type { PricingContext } from '@milli/contracts';
import { priceChoice, weightOfChoice, type PriceBreakup } from '@milli/pricing';

/** What the shopper has picked on the product page that changes the price. */
export interface PriceChoice {
  /** Karat for gold (14/18/22/24); platinum and silver have one purity and ignore it. */
  purity: number;
  /** Diamond grade; pieces without diamonds ignore it. */
  diamondQuality: string | null;
  /** The chain length chosen (its weight prices it); null or absent before one is chosen: the first length's weight. */
  size?: string | null;
}

export interface ChoicePrice {
  breakup: PriceBreakup;
  /** The purity whose rate was used. */
  purity: number;
  /** The diamond grade whose rate was used, or null when the piece has no diamonds. */
  diamondQuality: string | null;
  ratePaisePerGram: number;
  diamondRatePaisePerCarat: number;
  /** The metal weight priced: the chosen length's own where the piece has one per length; null for a fixed price. */
  weightMg: number | null;
}

/** The choices a product page's address names, as the no-script Update price button sends them (issue 40). */
export interface AskedChoice {
  purity?: number;
  diamondQuality?: string;
  colour?: string;
  size?: string;
}

/**
 * The choices in a product page's address (?purity=18&diamondQuality=VVS-EF&colour=Rose+Gold&size=18) that the
 * piece offers: without JavaScript the page is drawn again with them, so its price follows the chosen options.
 * Anything the piece does not offer, or has no rate for today, is left out (the page's default stands).
 */
export function choiceAsked(pricing: PricingContext, search: URLSearchParams): AskedChoice {
  const asked: AskedChoice = {};
  const purity = Number(search.get('purity'));
  if (
    pricing.metal === 'gold' &&
    pricing.purities.includes(purity) &&
    (pricing.metalWeightMg === null || pricing.ratesPaisePerGram[String(purity)] !== undefined)
  ) {
    asked.purity = purity;
  }
  const quality = search.get('diamondQuality');
  if (quality !== null && hasDiamonds(pricing) && pricing.diamondQualities.includes(quality) && pricing.diamondRatesPaisePerCarat[quality] !== undefined) {
    asked.diamondQuality = quality;
  }
  const colour = search.get('colour');
  if (colour !== null && pricing.metal === 'gold' && pricing.colours.includes(colour)) asked.colour = colour;
  const size = search.get('size');
  if (size !== null && pricing.sizeKind !== null && pricing.sizes.includes(size)) asked.size = size;
  return asked;
}

export function hasDiamonds(pricing: PricingContext): boolean {
  return pricing.diamondWeightCents > 0;
}

/**
 * The options the cart may be told about, exactly as the server accepts them: purity only for gold,
 * a diamond grade only for pieces with diamonds (the server refuses the others).
 */
export function effectiveChoice(pricing: PricingContext, choice: PriceChoice): { purity: number | undefined; diamondQuality: string | undefined } {
  return {
    purity: pricing.metal === 'gold' ? choice.purity : undefined,
    diamondQuality: hasDiamonds(pricing) ? (choice.diamondQuality ?? pricing.defaultDiamondQuality ?? undefined) : undefined,
  };
}

/**
 * The price of a product for the shopper's choices: `priceChoice` from @milli/pricing, the function
 * the server runs when the line goes into the cart, so the page and the charge cannot disagree. Null
 * when no rate is published today for that choice (the server would refuse it too).
 */
export function priceForChoice(pricing: PricingContext, choice: PriceChoice): ChoicePrice | null {
  const used = effectiveChoice(pricing, choice);
  const priced = priceChoice(pricing, { ...used, size: choice.size });
  if (!priced) return null;
  const { ratePaisePerGram, ...breakup } = priced;
  const purity = used.purity ?? pricing.defaultPurity;
  const diamondQuality = used.diamondQuality ?? null;
  return {
    breakup,
    purity,
    diamondQuality,
    ratePaisePerGram: ratePaisePerGram ?? 0,
    diamondRatePaisePerCarat: diamondQuality ? (pricing.diamondRatesPaisePerCarat[diamondQuality] ?? 0) : 0,
    weightMg: weightOfChoice(pricing, choice.size),
  };
}
