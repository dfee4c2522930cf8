import type { Paise } from './money.ts';

/** What a packed piece's weight differs by, and what that difference costs. */
export interface WeightDifference {
  /** 'charge' when the piece is heavier than sold, 'refund' when lighter; null within the tolerance. */
  kind: 'charge' | 'refund' | null;
  /** Real minus sold, in milligrams (negative when lighter). */
  differenceMg: number;
  /** The difference's metal at the line's rate plus GST, rounded once to the paisa; 0 within the tolerance. */
  amountPaise: Paise;
}

/**
 * A packed piece against the weight it was sold at (issue 19): beyond `tolerancePercent` of the sold weight the
 * difference in grams × the rate per gram, plus GST at `gstPercent`, is charged (heavier) or refunded (lighter).
 * The arithmetic stays in integers until the one rounding: mg × paise/g × (10000 + GST basis points) / 10⁷.
 */
export function weightDifference(soldMg: number, realMg: number, ratePaisePerGram: Paise, tolerancePercent: number, gstPercent: number): WeightDifference {
  for (const [name, v] of [
    ['soldMg', soldMg],
    ['realMg', realMg],
    ['ratePaisePerGram', ratePaisePerGram],
  ] as const) {
    if (!Number.isSafeInteger(v) || v < 0) throw new RangeError(`${name} is not a whole, non-negative number: ${v}`);
  }
  const differenceMg = realMg - soldMg;
  if (!outsideTolerance(soldMg, realMg, tolerancePercent)) return { kind: null, differenceMg, amountPaise: 0 };
  const gstBp = Math.round(gstPercent * 100);
  const amountPaise = Math.round((Math.abs(differenceMg) * ratePaisePerGram * (10_000 + gstBp)) / 10_000_000);
  if (amountPaise === 0) return { kind: null, differenceMg, amountPaise: 0 };
  return { kind: differenceMg > 0 ? 'charge' : 'refund', differenceMg, amountPaise };
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
