import { PricingError, priceJewellery, type PriceBreakup } from './price.ts';

/**
 * What a product page knows about a piece's price: its weights and charges and today's rates for every
 * purity and diamond quality it can be ordered in (the API's PricingContext has this shape).
 */
export interface RateCard {
  metalWeightMg: number | null;
  makingChargePaise: number;
  stoneValuePaise: number;
  diamondWeightCents: number;
  fixedPricePaise: number | null;
  gstPercent: number;
  defaultPurity: number;
  defaultDiamondQuality: string | null;
  /** paise per gram, keyed by purity ('22', '950' …). */
  ratesPaisePerGram: Record<string, number>;
  /** paise per carat, keyed by diamond quality. */
  diamondRatesPaisePerCarat: Record<string, number>;
  /** The sale the piece is on today, if any: its percent off the making charges. */
  sale?: { makingDiscountPercent: number } | null;
}

export interface PriceChoice {
  purity?: number | null | undefined;
  diamondQuality?: string | null | undefined;
}

/**
 * The price of one choice (purity, diamond quality) of a piece: the function the product page runs as the
 * shopper changes options and the server runs when the line goes into the cart. Null when no rate is
 * published for that choice today.
 */
export function priceChoice(card: RateCard, choice: PriceChoice = {}): (PriceBreakup & { ratePaisePerGram: number | null }) | null {
  const purity = choice.purity ?? card.defaultPurity;
  const quality = card.diamondWeightCents > 0 ? (choice.diamondQuality ?? card.defaultDiamondQuality) : null;
  const rate = card.metalWeightMg === null ? 0 : card.ratesPaisePerGram[String(purity)];
  const diamondRate = quality ? card.diamondRatesPaisePerCarat[quality] : 0;
  if (rate === undefined || diamondRate === undefined) return null;
  try {
    const breakup = priceJewellery({
      metalWeightMg: card.metalWeightMg,
      ratePaisePerGram: rate,
      makingChargePaise: card.makingChargePaise,
      stoneValuePaise: card.stoneValuePaise,
      diamondWeightCents: card.diamondWeightCents,
      diamondRatePaisePerCarat: diamondRate,
      fixedPricePaise: card.fixedPricePaise,
      gstPercent: card.gstPercent,
      saleMakingPercent: card.sale?.makingDiscountPercent ?? 0,
    });
    return { ...breakup, ratePaisePerGram: card.metalWeightMg === null ? null : rate };
  } catch (error) {
    if (error instanceof PricingError) return null;
    throw error;
  }
}
