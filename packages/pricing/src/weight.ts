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
}

/**
 * A packed piece against the weight it was sold at (issue 19): beyond `tolerancePercent` of the sold weight the
 * difference in grams × the rate per gram, plus GST at `gstPercent`, is charged (heavier) or refunded (lighter).
 * Issue 39: the making moves with the metal when it was charged as a percent of the metal's value or per gram, so a
 * lighter piece refunds the making on the missing metal too (a making per piece does not move).
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
  const differenceMg = realMg - soldMg;
  const none = { kind: null, differenceMg, amountPaise: 0, metalPaise: 0, makingPaise: 0 };
  if (!outsideTolerance(soldMg, realMg, tolerancePercent)) return none;
  const mg = Math.abs(differenceMg);
  // Thousandths of a paisa: mg × paise/g is exact at that scale.
  const metal = mg * ratePaisePerGram;
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
 * Whether a weighed piece lies further than `tolerancePercent` of the sold weight from it, compared in hundredths of
 * a percent so that 2.5 % of 3,210 mg stays exact. The same test bounds a difference that is charged or refunded and
 * (issue 35) a weight the orders desk may record without the accounts desk's approval.
 */
export function outsideTolerance(soldMg: number, realMg: number, tolerancePercent: number): boolean {
  const toleranceBp = Math.round(tolerancePercent * 100);
  return Math.abs(realMg - soldMg) * 10_000 > soldMg * toleranceBp;
}
