import type { Paise } from './money.ts';
import type { RateLockShare } from './price.ts';

/** A live rate lock as a checkout sees it (issue 42): what is left of its grams and advance. */
export interface HeldRateLock {
  id: number;
  metal: string;
  purity: number;
  ratePaisePerGram: number;
  /** Grams not yet used, in mg. */
  mgLeft: number;
  /** Advance not yet counted toward an order, in paise. */
  advanceLeftPaise: Paise;
}

/** A cart line as a rate lock sees it: its metal, purity and one piece's metal weight (null for a typed price). */
export interface LockableLine {
  metal: string | null;
  purity: number | null;
  weightMg: number | null;
  quantity: number;
}

export interface RateLockUse {
  lockId: number;
  usedMg: number;
  advancePaise: Paise;
}

export interface RateLockPlan {
  /**
   * For each line (same order), the share of one piece's metal a lock covers and the advance the line's grams (all its
   * pieces) count toward the order, or null.
   */
  shares: ((RateLockShare & { lockId: number; advancePaise: Paise }) | null)[];
  /** What each lock used gives: its grams, and its advance in proportion to them. */
  uses: RateLockUse[];
  /** The advance the order uses, in paise (the sum of the uses'). */
  advancePaise: Paise;
}

/**
 * The advance a lock's use counts toward an order: the advance left in the share the grams used are of the grams
 * left, rounded down to the paisa; the use that takes the last grams takes the last paise, so a lock used to the end
 * has counted its whole advance and nothing is lost to rounding.
 */
export function advanceForUse(lock: Pick<HeldRateLock, 'mgLeft' | 'advanceLeftPaise'>, usedMg: number): Paise {
  if (!Number.isSafeInteger(usedMg) || usedMg <= 0 || usedMg > lock.mgLeft) throw new RangeError(`a use of ${usedMg} mg of ${lock.mgLeft} mg left`);
  if (usedMg === lock.mgLeft) return lock.advanceLeftPaise;
  return Math.floor((lock.advanceLeftPaise * usedMg) / lock.mgLeft);
}

/**
 * Which lines a shopper's live locks cover, and by how much (issue 42): a line of the lock's metal and purity takes, for
 * each piece, the piece's weight or the grams left shared evenly over its pieces (whole mg), whichever is less; locks
 * are taken in the order given (the caller gives the one ending soonest first). The cart and checkout both plan with
 * this one function, so the cart shows the price the order charges.
 */
export function rateLockPlan(lines: readonly LockableLine[], locks: readonly HeldRateLock[]): RateLockPlan {
  // What is left of each lock as the lines take from it, in turn: each line's advance is advanceForUse of what is left.
  const left = new Map(locks.map((l) => [l.id, { mgLeft: l.mgLeft, advanceLeftPaise: l.advanceLeftPaise }]));
  const used = new Map<number, RateLockUse>();
  const shares = lines.map((line) => {
    if (line.metal === null || line.purity === null || line.weightMg === null || line.weightMg <= 0 || line.quantity <= 0) return null;
    for (const lock of locks) {
      if (lock.metal !== line.metal || lock.purity !== line.purity) continue;
      const state = left.get(lock.id)!;
      const perPiece = Math.min(line.weightMg, Math.floor(state.mgLeft / line.quantity));
      if (perPiece <= 0) continue;
      const mg = perPiece * line.quantity;
      const advancePaise = advanceForUse(state, mg);
      left.set(lock.id, { mgLeft: state.mgLeft - mg, advanceLeftPaise: state.advanceLeftPaise - advancePaise });
      const use = used.get(lock.id) ?? { lockId: lock.id, usedMg: 0, advancePaise: 0 };
      used.set(lock.id, { ...use, usedMg: use.usedMg + mg, advancePaise: use.advancePaise + advancePaise });
      return { lockId: lock.id, weightMg: perPiece, ratePaisePerGram: lock.ratePaisePerGram, advancePaise };
    }
    return null;
  });
  const uses = locks.filter((l) => used.has(l.id)).map((l) => used.get(l.id)!);
  return { shares, uses, advancePaise: uses.reduce((n, u) => n + u.advancePaise, 0) };
}

/**
 * The uses with their advance brought down to what the order's totals applied (orderTotals caps the advance at the
 * order's total, and a payment of less than the gateway's least gives way): taken off the last use first. The grams
 * stay as planned; the advance not applied stays on its lock.
 */
export function trimRateLockUses(uses: readonly RateLockUse[], appliedPaise: Paise): RateLockUse[] {
  let over = uses.reduce((n, u) => n + u.advancePaise, 0) - appliedPaise;
  if (over < 0) throw new RangeError('more advance applied than the locks give');
  const trimmed = [...uses].reverse().map((u) => {
    const cut = Math.min(over, u.advancePaise);
    over -= cut;
    return { ...u, advancePaise: u.advancePaise - cut };
  });
  return trimmed.reverse();
}

/** A lock's advance: its metal's value at the locked rate (mg × paise/g) times the percent, rounded half up to the paisa. */
export function rateLockAdvance(lockedMg: number, ratePaisePerGram: number, advancePercent: number): Paise {
  for (const [name, n] of Object.entries({ lockedMg, ratePaisePerGram, advancePercent }))
    if (!Number.isSafeInteger(n) || n <= 0) throw new RangeError(`${name} must be a whole number > 0, got ${n}`);
  return Math.round((lockedMg * ratePaisePerGram * advancePercent) / 100_000);
}

/** A weight in mg as the lock's screens and mails write it: grams with up to three decimals, no trailing zeros ('12.5 g'). */
export function formatGrams(mg: number): string {
  if (!Number.isSafeInteger(mg)) throw new RangeError(`not a whole number of mg: ${mg}`);
  const sign = mg < 0 ? '-' : '';
  const abs = Math.abs(mg);
  const fraction = String(abs % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return `${sign}${Math.floor(abs / 1000)}${fraction ? `.${fraction}` : ''} g`;
}

/** The name of a metal and purity as a shopper reads it: '22 kt gold', 'platinum 950', 'silver 925'. */
export function metalName(metal: string, purity: number): string {
  return metal === 'gold' ? `${purity} kt gold` : `${metal} ${purity}`;
}
