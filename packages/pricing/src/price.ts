import type { Paise } from './money.ts';

/** Diamond clarity-colour grades the product page offers, cheapest first. */
export type DiamondQuality = 'SI-IJ' | 'SI-GH' | 'VVS-GH' | 'VVS-EF';

export interface PriceInput {
  /** Metal weight in milligrams; null for pieces sold at a fixed price. */
  metalWeightMg: number | null;
  /** Today's rate for the chosen metal and purity, paise per gram. */
  ratePaisePerGram: number;
  makingChargePaise: Paise;
  /** Coloured stones, pearls and the like: a fixed value per piece. */
  stoneValuePaise: Paise;
  /** Total diamond weight in cents (1 carat = 100 cents). */
  diamondWeightCents: number;
  /** Price of one carat at the chosen diamond quality. */
  diamondRatePaisePerCarat: Paise;
  /** Price of a piece without a metal weight, GST included (the catalogue's typed price). */
  fixedPricePaise: Paise | null;
  /** GST on jewellery, in percent (3 in India). */
  gstPercent: number;
}

export interface PriceBreakup {
  metalPaise: Paise;
  makingPaise: Paise;
  stonesPaise: Paise;
  diamondPaise: Paise;
  gstPaise: Paise;
  totalPaise: Paise;
  /** True when the piece is weight-priced (metal × rate); false for a fixed price. */
  computed: boolean;
}

export class PricingError extends Error {}

/**
 * The one price function: the product page, the cart and the order all call it, so the price a
 * shopper sees is the price charged. Work happens in thousandths of a paisa (weights are in mg) and
 * the total is rounded once, at the end; the breakup's GST line absorbs the rounding of the other
 * lines so the lines always add up to the total shown.
 */
export function priceJewellery(input: PriceInput): PriceBreakup {
  if (input.metalWeightMg === null) {
    if (input.fixedPricePaise === null || !isWholeNonNegative(input.fixedPricePaise)) {
      throw new PricingError('a piece without a metal weight needs a fixed price');
    }
    const total = input.fixedPricePaise;
    const pretax = Math.round((total * 100) / (100 + input.gstPercent));
    return { metalPaise: 0, makingPaise: 0, stonesPaise: pretax, diamondPaise: 0, gstPaise: total - pretax, totalPaise: total, computed: false };
  }
  for (const [name, value] of Object.entries({
    metalWeightMg: input.metalWeightMg,
    ratePaisePerGram: input.ratePaisePerGram,
    makingChargePaise: input.makingChargePaise,
    stoneValuePaise: input.stoneValuePaise,
    diamondWeightCents: input.diamondWeightCents,
    diamondRatePaisePerCarat: input.diamondRatePaisePerCarat,
  })) {
    if (!isWholeNonNegative(value)) throw new PricingError(`${name} must be a whole number ≥ 0, got ${value}`);
  }
  if (!(input.gstPercent >= 0 && input.gstPercent <= 100)) throw new PricingError('gstPercent must be 0-100');

  // Thousandths of a paisa: mg × paise/g is exact at that scale.
  const metal = input.metalWeightMg * input.ratePaisePerGram;
  const diamond = input.diamondWeightCents * input.diamondRatePaisePerCarat * 10; // cents/100 ct × 1000
  const making = input.makingChargePaise * 1000;
  const stones = input.stoneValuePaise * 1000;
  const pretax = metal + diamond + making + stones;
  if (!Number.isSafeInteger(pretax * (100 + input.gstPercent))) throw new PricingError('price out of range');
  const totalPaise = Math.round((pretax * (100 + input.gstPercent)) / 100 / 1000);

  const metalPaise = Math.round(metal / 1000);
  const diamondPaise = Math.round(diamond / 1000);
  const makingPaise = input.makingChargePaise;
  const stonesPaise = input.stoneValuePaise;
  return {
    metalPaise,
    makingPaise,
    stonesPaise,
    diamondPaise,
    gstPaise: totalPaise - metalPaise - diamondPaise - makingPaise - stonesPaise,
    totalPaise,
    computed: true,
  };
}

function isWholeNonNegative(n: number): boolean {
  return Number.isSafeInteger(n) && n >= 0;
}
