import { PricingError, makingFromPerGram, priceJewellery, type PriceBreakup, type RateLockShare } from './price.ts';

/**
 * What a product page knows about a piece's price: its weights and charges and today's rates for every
 * purity and diamond quality it can be ordered in (the API's PricingContext has this shape).
 */
export interface RateCard {
  metalWeightMg: number | null;
  makingChargePaise: number;
  /** Making stated as a percent of the metal's value (hundredths of a percent): priced per choice. Null or absent otherwise. */
  makingPercentHundredths?: number | null;
  /**
   * Making stated per gram of metal (paise per gram): priced on the chosen length's weight, so a longer chain bears
   * more. Null or absent otherwise (then makingChargePaise, or the percent, is the making).
   */
  makingPaisePerGram?: number | null;
  /** Issue 38: a chain's metal weight for each length it is made in, keyed by the length; empty or absent when one weight serves every size. */
  sizeWeightsMg?: Record<string, number>;
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
  /** The length (or size) chosen: a chain's length picks its weight. */
  size?: string | null | undefined;
  /** Issue 42: the part of one piece's metal a shopper's rate lock covers (rateLockPlan decides it). */
  lock?: RateLockShare | null | undefined;
}

/**
 * The metal weight of a choice: the chosen length's own weight where the piece has one per length, otherwise the
 * piece's one weight (null for a piece sold at a fixed price). The order line, the invoice and a refund keep it.
 */
export function weightOfChoice(card: Pick<RateCard, 'metalWeightMg' | 'sizeWeightsMg'>, size?: string | null): number | null {
  if (card.metalWeightMg === null) return null;
  return (size ? card.sizeWeightsMg?.[size] : undefined) ?? card.metalWeightMg;
}

/**
 * A chain's weight at each length from its weight at the first (the same link repeated, so metal grows with
 * length), rounded to 10 mg; the first keeps its weight exactly. What the demo chains weigh, and what migration
 * 0023 gave the chains listed before it. Null when a length does not read as inches.
 */
export function lengthWeightsMg(firstWeightMg: number, lengths: readonly string[]): number[] | null {
  const inches = lengths.map(Number);
  if (inches.length === 0 || inches.some((n) => !(n > 0))) return null;
  return inches.map((n, i) => (i === 0 ? firstWeightMg : Math.round((firstWeightMg * n) / inches[0]! / 10) * 10));
}

/**
 * The price of one choice (purity, diamond quality) of a piece: the function the product page runs as the
 * shopper changes options and the server runs when the line goes into the cart. Null when no rate is
 * published for that choice today.
 */
export function priceChoice(card: RateCard, choice: PriceChoice = {}): (PriceBreakup & { ratePaisePerGram: number | null }) | null {
  const purity = choice.purity ?? card.defaultPurity;
  const quality = card.diamondWeightCents > 0 ? (choice.diamondQuality ?? card.defaultDiamondQuality) : null;
  const weightMg = weightOfChoice(card, choice.size);
  const rate = weightMg === null ? 0 : card.ratesPaisePerGram[String(purity)];
  const diamondRate = quality ? card.diamondRatesPaisePerCarat[quality] : 0;
  if (rate === undefined || diamondRate === undefined) return null;
  const perGram = card.makingPaisePerGram ?? null;
  try {
    const breakup = priceJewellery({
      metalWeightMg: weightMg,
      ratePaisePerGram: rate,
      makingChargePaise: perGram !== null && weightMg !== null ? makingFromPerGram(weightMg, perGram) : card.makingChargePaise,
      makingPercentHundredths: card.makingPercentHundredths ?? null,
      stoneValuePaise: card.stoneValuePaise,
      diamondWeightCents: card.diamondWeightCents,
      diamondRatePaisePerCarat: diamondRate,
      fixedPricePaise: card.fixedPricePaise,
      gstPercent: card.gstPercent,
      saleMakingPercent: card.sale?.makingDiscountPercent ?? 0,
      lock: weightMg === null ? null : (choice.lock ?? null),
    });
    return { ...breakup, ratePaisePerGram: weightMg === null ? null : rate };
  } catch (error) {
    if (error instanceof PricingError) return null;
    throw error;
  }
}

/** What one piece costs as a shopper chose it, as their cart and the header's mini cart show it. */
export interface ChosenPrice {
  unitPricePaise: number;
  /** The price without the running sale, and its percent off; null when the piece is on none. */
  beforePaise: number | null;
  percentOff: number | null;
}

/**
 * A guest's line priced for its choices: priceChoice at today's rates, or the piece's own price when the
 * choice has no rate today. The one function behind the guest's cart screen (web) and mini cart (API), so the
 * two agree to the paisa.
 */
export function priceAsChosen(piece: { pricing: RateCard; product_price_paise: number }, choice: PriceChoice): ChosenPrice {
  const priced = priceChoice(piece.pricing, choice);
  const onSale = priced !== null && priced.saleDiscountPaise > 0;
  return {
    unitPricePaise: priced?.totalPaise ?? piece.product_price_paise,
    beforePaise: onSale ? priced.beforePaise : null,
    percentOff: onSale ? priced.salePercentOff : null,
  };
}

/**
 * What a piece is made in (DECISIONS §7): the product page offers exactly these, and the cart, checkout and
 * order accept exactly these. Lists empty for what does not apply (no colours for platinum, no grades without
 * diamonds); sizeKind null when the piece has no size.
 */
export interface ChoiceOffer {
  metal: 'gold' | 'platinum' | 'silver';
  diamondWeightCents: number;
  defaultPurity: number;
  defaultDiamondQuality: string | null;
  defaultColour: string | null;
  purities: number[];
  colours: string[];
  diamondQualities: string[];
  sizeKind: 'ring' | 'bangle' | 'length' | null;
  sizes: string[];
}

/** A shopper's choices as asked for (any may be missing) and as sold (completed with the piece's defaults). */
export interface LineChoice {
  purity?: number | undefined;
  colour?: string | undefined;
  diamondQuality?: string | undefined;
  size?: string | undefined;
  sizeKind?: 'ring' | 'bangle' | 'length' | undefined;
}

export type ChoiceRefusal = { ok: false; code: 'OPTION_NOT_OFFERED' | 'SIZE_REQUIRED'; message: string };

const SIZE_NAMES = { ring: 'a ring size', bangle: 'a bangle size', length: 'a chain length' } as const;

function listed(values: readonly (string | number)[], unit = ''): string {
  const words = values.map((v) => `${v}${unit}`);
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}

/**
 * The choice a line is sold as: what the shopper picked, the piece's default where they picked nothing, and
 * a refusal, with a message for the shopper, for anything the piece is not made in or a missing size. The
 * product page, the guest cart, the server's cart and checkout all decide with this one function.
 */
export function resolveChoice(offer: ChoiceOffer, asked: LineChoice): { ok: true; choice: LineChoice } | ChoiceRefusal {
  const refuse = (message: string): ChoiceRefusal => ({ ok: false, code: 'OPTION_NOT_OFFERED', message });
  const choice: LineChoice = {};
  if (offer.metal === 'gold') {
    const purity = asked.purity ?? offer.defaultPurity;
    if (!offer.purities.includes(purity)) return refuse(`This piece is made in ${listed(offer.purities, ' kt')} gold, not ${purity} kt.`);
    choice.purity = purity;
  } else if (asked.purity !== undefined) {
    return refuse('Gold quality can only be chosen for gold pieces.');
  }
  if (offer.colours.length > 0) {
    const colour = asked.colour ?? offer.defaultColour ?? offer.colours[0]!;
    if (!offer.colours.includes(colour)) return refuse(`This piece is made in ${listed(offer.colours)}, not ${colour}.`);
    choice.colour = colour;
  } else if (asked.colour !== undefined) {
    return refuse(`This piece comes in one colour only: ${asked.colour} cannot be chosen.`);
  }
  if (offer.diamondWeightCents > 0 && offer.diamondQualities.length > 0) {
    const quality = asked.diamondQuality ?? offer.defaultDiamondQuality ?? offer.diamondQualities[0]!;
    if (!offer.diamondQualities.includes(quality)) return refuse(`This piece's diamonds come in ${listed(offer.diamondQualities)}, not ${quality}.`);
    choice.diamondQuality = quality;
  } else if (asked.diamondQuality !== undefined) {
    return refuse('This piece has no diamonds to choose a quality for.');
  }
  if (offer.sizeKind) {
    if (asked.size === undefined || asked.size === '') {
      return { ok: false, code: 'SIZE_REQUIRED', message: `Please choose ${SIZE_NAMES[offer.sizeKind]} for this piece.` };
    }
    if (!offer.sizes.includes(asked.size)) return refuse(`Size ${asked.size} is not made for this piece; please choose one of ${listed(offer.sizes)}.`);
    choice.size = asked.size;
    choice.sizeKind = offer.sizeKind;
  } else if (asked.size !== undefined && asked.size !== '') {
    return refuse('This piece does not come in sizes.');
  }
  return { ok: true, choice };
}
