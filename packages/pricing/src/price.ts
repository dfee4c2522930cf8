import type { Paise } from './money.ts';

/** Diamond clarity-colour grades the product page offers, cheapest first. */
export type DiamondQuality = 'SI-IJ' | 'SI-GH' | 'VVS-GH' | 'VVS-EF';

export interface PriceInput {
  /** Metal weight in milligrams; null for pieces sold at a fixed price. */
  metalWeightMg: number | null;
  /** Today's rate for the chosen metal and purity, paise per gram. */
  ratePaisePerGram: number;
  makingChargePaise: Paise;
  /**
   * Making charges stated as a percent of the metal's value, in hundredths of a percent (1250 = 12.5 %): when
   * given, the making is that share of this choice's metal value (rounded to the paisa) and makingChargePaise
   * is not read. Absent or null for making charges stated per piece or per gram.
   */
  makingPercentHundredths?: number | null;
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
  /** Percent off the making charges while the piece is on a running sale (DECISIONS §7); 0 or absent for none. */
  saleMakingPercent?: number;
  /**
   * Issue 42: a rate lock over part (or all) of the piece's metal: `weightMg` of it (at most the piece's weight) is
   * priced at the lower of the lock's rate and ratePaisePerGram; the rest at ratePaisePerGram. Absent or null for none.
   */
  lock?: RateLockShare | null;
}

/** The part of one piece's metal a rate lock covers (issue 42). */
export interface RateLockShare {
  weightMg: number;
  ratePaisePerGram: number;
}

export interface PriceBreakup {
  metalPaise: Paise;
  /** Making charges as charged, after the sale's discount. */
  makingPaise: Paise;
  /** Making charges before the sale's discount (equal to makingPaise without a sale). */
  makingBeforePaise: Paise;
  stonesPaise: Paise;
  diamondPaise: Paise;
  gstPaise: Paise;
  /** The price now, GST included: what the shopper pays. */
  totalPaise: Paise;
  /** The price without the sale (struck through on the screens); equal to totalPaise without a sale. */
  beforePaise: Paise;
  /** beforePaise − totalPaise. */
  saleDiscountPaise: Paise;
  /** The discount as a whole percentage of the price before (at least 1 when there is a discount). */
  salePercentOff: number;
  /** True when the piece is weight-priced (metal × rate); false for a fixed price. */
  computed: boolean;
  /**
   * Issue 42: the mg of metal priced under a rate lock and the rate they were priced at (the lower of the lock's and
   * the day's); 0 and null without a lock.
   */
  lockedWeightMg: number;
  lockedRatePaisePerGram: number | null;
}

export interface SaleInput {
  /** The price without the sale, GST included. */
  beforePaise: Paise;
  /** Making charges of the piece, before GST. */
  makingChargePaise: Paise;
  /** Percent off the making charges (0-100). */
  makingDiscountPercent: number;
  gstPercent: number;
}

export interface SalePrice {
  beforePaise: Paise;
  /** The price now. */
  nowPaise: Paise;
  /** What the sale takes off: its cut of the making charges with the GST on that cut. */
  discountPaise: Paise;
  /** Making charges left after the cut, before GST. */
  makingAfterPaise: Paise;
  /** The discount as a whole percentage of the price before: at least 1 when there is any discount. */
  percentOff: number;
}

/**
 * Before and after of a sale (DECISIONS §7: a percentage off the making charges, never the metal). The cut
 * of the making is rounded down to the paisa, and the GST that cut no longer bears comes off with it.
 * priceJewellery uses it for the product page, the cart and the order; the listing uses it on the list
 * price, so a tile and the product page show the same two prices.
 */
export function salePrice(input: SaleInput): SalePrice {
  const { beforePaise, makingChargePaise, makingDiscountPercent, gstPercent } = input;
  if (!isWholeNonNegative(beforePaise) || !isWholeNonNegative(makingChargePaise)) throw new PricingError('a sale needs whole paise ≥ 0');
  if (!(makingDiscountPercent >= 0 && makingDiscountPercent <= 100)) throw new PricingError('makingDiscountPercent must be 0-100');
  const makingCut = Math.floor((makingChargePaise * makingDiscountPercent) / 100);
  const discountPaise = Math.min(beforePaise, Math.round((makingCut * (100 + gstPercent)) / 100));
  const percentOff = discountPaise === 0 ? 0 : Math.max(1, Math.round((discountPaise * 100) / beforePaise));
  return { beforePaise, nowPaise: beforePaise - discountPaise, discountPaise, makingAfterPaise: makingChargePaise - makingCut, percentOff };
}

/** A listed piece as the listing's card prices it: its stored list price and the making charges that price holds. */
export interface ListedPiece {
  listPricePaise: Paise;
  makingChargePaise: Paise;
  /** False for a piece sold at a typed price, which has no making charge a sale could take off. */
  weighed: boolean;
}

/**
 * The sale a listed piece shows (issue 38): salePrice on its list price at the best running sale's cut, or null when
 * no sale runs on it, it is sold at a typed price, or the cut comes to nothing. The listing's card shows it, and the
 * stored price the listings filter and sort by (products.price_now_paise) is made by it, so they agree to the paisa.
 */
export function listedSale(piece: ListedPiece, makingDiscountPercent: number | null, gstPercent: number): SalePrice | null {
  if (makingDiscountPercent === null || !piece.weighed) return null;
  const sale = salePrice({ beforePaise: piece.listPricePaise, makingChargePaise: piece.makingChargePaise, makingDiscountPercent, gstPercent });
  return sale.discountPaise > 0 ? sale : null;
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
    // A typed price has no making charge in it, so no sale can take anything off it.
    const total = input.fixedPricePaise;
    const pretax = Math.round((total * 100) / (100 + input.gstPercent));
    return {
      metalPaise: 0,
      makingPaise: 0,
      makingBeforePaise: 0,
      stonesPaise: pretax,
      diamondPaise: 0,
      gstPaise: total - pretax,
      totalPaise: total,
      beforePaise: total,
      saleDiscountPaise: 0,
      salePercentOff: 0,
      computed: false,
      lockedWeightMg: 0,
      lockedRatePaisePerGram: null,
    };
  }
  const percent = input.makingPercentHundredths ?? null;
  if (percent !== null && !isWholeNonNegative(percent)) throw new PricingError(`makingPercentHundredths must be a whole number ≥ 0, got ${percent}`);
  const lock = input.lock ?? null;
  if (lock && (!isWholeNonNegative(lock.weightMg) || !isWholeNonNegative(lock.ratePaisePerGram) || lock.ratePaisePerGram === 0))
    throw new PricingError('a rate lock needs a whole weight ≥ 0 and a rate > 0');
  if (lock && lock.weightMg > input.metalWeightMg) throw new PricingError('a rate lock cannot cover more metal than the piece has');
  const lockedWeightMg = lock?.weightMg ?? 0;
  const lockedRate = lock && lockedWeightMg > 0 ? Math.min(lock.ratePaisePerGram, input.ratePaisePerGram) : null;
  // Thousandths of a paisa: mg × paise/g is exact at that scale. The locked part at the lower rate, the rest at the day's.
  const metal = (input.metalWeightMg - lockedWeightMg) * input.ratePaisePerGram + lockedWeightMg * (lockedRate ?? 0);
  // Making stated as a percent of the metal's value follows the metal as charged, lock and all.
  const makingChargePaise = percent === null ? input.makingChargePaise : makingFromPercent(metal, percent);
  for (const [name, value] of Object.entries({
    metalWeightMg: input.metalWeightMg,
    ratePaisePerGram: input.ratePaisePerGram,
    makingChargePaise,
    stoneValuePaise: input.stoneValuePaise,
    diamondWeightCents: input.diamondWeightCents,
    diamondRatePaisePerCarat: input.diamondRatePaisePerCarat,
  })) {
    if (!isWholeNonNegative(value)) throw new PricingError(`${name} must be a whole number ≥ 0, got ${value}`);
  }
  if (!(input.gstPercent >= 0 && input.gstPercent <= 100)) throw new PricingError('gstPercent must be 0-100');

  const diamond = input.diamondWeightCents * input.diamondRatePaisePerCarat * 10; // cents/100 ct × 1000
  const making = makingChargePaise * 1000;
  const stones = input.stoneValuePaise * 1000;
  const pretax = metal + diamond + making + stones;
  if (!Number.isSafeInteger(pretax * (100 + input.gstPercent))) throw new PricingError('price out of range');
  const beforePaise = Math.round((pretax * (100 + input.gstPercent)) / 100 / 1000);
  const sale = salePrice({
    beforePaise,
    makingChargePaise,
    makingDiscountPercent: input.saleMakingPercent ?? 0,
    gstPercent: input.gstPercent,
  });

  const metalPaise = Math.round(metal / 1000);
  const diamondPaise = Math.round(diamond / 1000);
  const makingPaise = sale.makingAfterPaise;
  const stonesPaise = input.stoneValuePaise;
  return {
    metalPaise,
    makingPaise,
    makingBeforePaise: makingChargePaise,
    stonesPaise,
    diamondPaise,
    gstPaise: sale.nowPaise - metalPaise - diamondPaise - makingPaise - stonesPaise,
    totalPaise: sale.nowPaise,
    beforePaise,
    saleDiscountPaise: sale.discountPaise,
    salePercentOff: sale.percentOff,
    computed: true,
    lockedWeightMg: lockedRate === null ? 0 : lockedWeightMg,
    lockedRatePaisePerGram: lockedRate,
  };
}

/**
 * Making charges stated as a percent of the metal's value: `metalMilliPaise` is weight (mg) × rate (paise/g),
 * thousandths of a paisa; the result is whole paise, rounded half up.
 */
export function makingFromPercent(metalMilliPaise: number, percentHundredths: number): Paise {
  return Math.round((metalMilliPaise * percentHundredths) / 10_000 / 1000);
}

/** Making charges stated per gram of metal: weight (mg) × paise per gram, rounded half up to the paisa. */
export function makingFromPerGram(metalWeightMg: number, paisePerGram: number): Paise {
  return Math.round((metalWeightMg * paisePerGram) / 1000);
}

function isWholeNonNegative(n: number): boolean {
  return Number.isSafeInteger(n) && n >= 0;
}
