import type { Paise } from './money.ts';

/** What a packed piece's weight differs by, and what that difference costs. */
export interface WeightDifference {
  /** 'charge' when the piece is heavier than sold, 'refund' when lighter; null within the tolerance. */
  kind: 'charge' | 'refund' | null;
  /** Real minus sold, in milligrams (negative when lighter). */
  differenceMg: number;
  /**
   * The difference's metal at the line's rate, and its making where the making moves with the metal (a percent of
   * the metal's value or per gram, less the sale's percent off the making), plus GST, rounded once to the paisa;
   * 0 within the tolerance.
   */
  amountPaise: Paise;
  /** Issue 39: the difference's metal and making before GST (each rounded to the paisa), for the invoice's breakup. */
  metalPaise: Paise;
  makingPaise: Paise;
}

/** Issue 39: how the line's making was charged, as sold: it moves with the metal when a percent or per gram. */
export interface MakingBasis {
  /** A percent of the metal's value, in hundredths of a percent (1250 = 12.5 %). */
  percentHundredths?: number | null;
  /** Paise per gram of metal. */
  paisePerGram?: number | null;
  /** The sale's percent off the making charges the piece was bought on. */
  saleMakingPercent?: number | null;
  /**
   * Issue 42: the part of the piece's metal a rate lock priced (decision 059), at the rate it was priced at (the lower
   * of the lock's and the day's, as the order line keeps it). Null or absent: all of it at the day's rate.
   */
  lock?: { weightMg: number; ratePaisePerGram: Paise } | null;
}

/**
 * A packed piece against the weight it was sold at (issue 19): beyond `tolerancePercent` of the sold weight the
 * difference in grams × the rate per gram, plus GST at `gstPercent`, is charged (heavier) or refunded (lighter).
 * Issue 39: the making moves with the metal when it was charged as a percent of the metal's value or per gram, so a
 * lighter piece refunds the making on the missing metal too (a making per piece does not move).
 * Issue 42: where a rate lock priced part of the metal, the difference is the metal as priced at the packed weight less
 * the metal as priced at the sold weight: the lock covers at most what the piece weighs, so a lighter piece gives up its
 * grams at the day's rate first and then the locked ones at the locked rate; a heavier one's extra grams are the day's
 * (the lock covered the grams sold, never more).
 * The arithmetic stays in thousandths of a paisa until the one rounding.
 */
export function weightDifference(
  soldMg: number,
  realMg: number,
  ratePaisePerGram: Paise,
  tolerancePercent: number,
  gstPercent: number,
  making: MakingBasis = {},
): WeightDifference {
  for (const [name, v] of [
    ['soldMg', soldMg],
    ['realMg', realMg],
    ['ratePaisePerGram', ratePaisePerGram],
  ] as const) {
    if (!Number.isSafeInteger(v) || v < 0) throw new RangeError(`${name} is not a whole, non-negative number: ${v}`);
  }
  const lock = making.lock ?? null;
  if (
    lock &&
    (!Number.isSafeInteger(lock.weightMg) ||
      lock.weightMg < 0 ||
      lock.weightMg > soldMg ||
      !Number.isSafeInteger(lock.ratePaisePerGram) ||
      lock.ratePaisePerGram < 0)
  )
    throw new RangeError(`a rate lock covers whole mg of the weight sold at a whole rate: ${lock.weightMg} mg at ${lock.ratePaisePerGram}`);
  const differenceMg = realMg - soldMg;
  const none = { kind: null, differenceMg, amountPaise: 0, metalPaise: 0, makingPaise: 0 };
  if (!outsideTolerance(soldMg, realMg, tolerancePercent)) return none;
  const mg = Math.abs(differenceMg);
  // Thousandths of a paisa: mg × paise/g is exact at that scale. Both parts move the same way (see above).
  const lockedMoved = lockedMgMoved(realMg, lock?.weightMg ?? 0);
  const metal = lockedMoved * (lock?.ratePaisePerGram ?? 0) + (mg - lockedMoved) * ratePaisePerGram;
  const percent = making.percentHundredths ?? null;
  const perGram = making.paisePerGram ?? null;
  const makingBefore = percent !== null ? (metal * percent) / 10_000 : perGram !== null ? mg * perGram : 0;
  const makingAfter = (makingBefore * (100 - (making.saleMakingPercent ?? 0))) / 100;
  const gstBp = Math.round(gstPercent * 100);
  const amountPaise = Math.round(((metal + makingAfter) * (10_000 + gstBp)) / 10_000_000);
  if (amountPaise === 0) return none;
  return {
    kind: differenceMg > 0 ? 'charge' : 'refund',
    differenceMg,
    amountPaise,
    metalPaise: Math.round(metal / 1000),
    makingPaise: Math.round(makingAfter / 1000),
  };
}

/**
 * Issue 42: of a packed piece's difference, the mg a rate lock had priced (the rest moves at the day's rate): the lock
 * covers at most what the piece weighs, so only a piece lighter than its locked grams gives locked grams up.
 */
export function lockedMgMoved(realMg: number, lockedMg: number): number {
  return lockedMg - Math.min(lockedMg, realMg);
}

/**
 * Whether a weighed piece lies further than `tolerancePercent` of the sold weight from it, compared in hundredths of
 * a percent so that 2.5 % of 3,210 mg stays exact. The same test bounds a difference that is charged or refunded and
 * (issue 35) a weight the orders desk may record without the accounts desk's approval.
 */
export function outsideTolerance(soldMg: number, realMg: number, tolerancePercent: number): boolean {
  const toleranceBp = Math.round(tolerancePercent * 100);
  return Math.abs(realMg - soldMg) * 10_000 > soldMg * toleranceBp;
}
