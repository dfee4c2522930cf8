import type { Paise } from './money.ts';

/**
 * Lifetime exchange and buy-back (issue 20). A piece bought here is taken back at today's rate for what it is
 * made of: its metal (the packed piece's real net weight when it was weighed at packing, else the weight it was
 * sold at) and its diamonds. The store gives a percentage of that value: one for an exchange (store credit
 * towards a new piece) and a lower one for a buy-back (money paid out). Making charges, coloured stones, GST and
 * hallmarking are never given back: they are services and taxes spent on the day of sale (Indian jewellers'
 * published rule: Tanishq, Candere).
 */
export interface BuybackInput {
  /** Net metal weight in milligrams; null when the piece has no weight on record (valued in store). */
  metalWeightMg: number | null;
  /** Today's rate for the piece's metal and purity, paise per gram; null when there is none. */
  ratePaisePerGram: Paise | null;
  /** Total diamond weight of the piece in cents (hundredths of a carat). */
  diamondWeightCents: number;
  /** Today's rate per carat for the piece's diamond quality; null when the piece has no graded diamonds. */
  diamondRatePaisePerCarat: Paise | null;
  /** The store's settings, whole percent 0-100. */
  exchangePercent: number;
  buybackPercent: number;
  diamondExchangePercent: number;
  diamondBuybackPercent: number;
}

export interface BuybackValue {
  /** Metal weight × today's rate, to the paisa (half up): the value before the store's percentages. */
  metalValuePaise: Paise;
  /** Diamond weight × today's rate, to the paisa (half up). */
  diamondValuePaise: Paise;
  exchangeValuePaise: Paise;
  buybackValuePaise: Paise;
}

function whole(name: string, n: number): number {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`${name} must be a whole number ≥ 0, got ${n}`);
  return n;
}

function percent(name: string, n: number): number {
  if (!Number.isInteger(n) || n < 0 || n > 100) throw new RangeError(`${name} must be a whole percent 0-100, got ${n}`);
  return n;
}

/**
 * The exchange and buy-back values of one piece. Rounding: the metal's and the diamonds' values are each
 * rounded half up to the paisa (as the invoice and the CAD sheet do), then each percentage share is rounded
 * DOWN to the paisa — the store never promises a fraction of a paisa it would have to round up — and the
 * metal's and the diamonds' shares are added.
 */
export function buybackValue(input: BuybackInput): BuybackValue {
  percent('exchangePercent', input.exchangePercent);
  percent('buybackPercent', input.buybackPercent);
  percent('diamondExchangePercent', input.diamondExchangePercent);
  percent('diamondBuybackPercent', input.diamondBuybackPercent);
  const weighed = input.metalWeightMg !== null && input.ratePaisePerGram !== null;
  const metalValuePaise = weighed ? Math.round((whole('metalWeightMg', input.metalWeightMg!) * whole('ratePaisePerGram', input.ratePaisePerGram!)) / 1000) : 0;
  const cents = whole('diamondWeightCents', input.diamondWeightCents);
  const diamondValuePaise =
    input.diamondRatePaisePerCarat === null || cents === 0 ? 0 : Math.round((whole('diamondRatePaisePerCarat', input.diamondRatePaisePerCarat) * cents) / 100);
  const share = (value: number, pct: number) => Math.floor((value * pct) / 100);
  return {
    metalValuePaise,
    diamondValuePaise,
    exchangeValuePaise: share(metalValuePaise, input.exchangePercent) + share(diamondValuePaise, input.diamondExchangePercent),
    buybackValuePaise: share(metalValuePaise, input.buybackPercent) + share(diamondValuePaise, input.diamondBuybackPercent),
  };
}
