import type { Paise } from './money.ts';
import { TRADE_IN_FINENESS } from './trade-in.ts';

/**
 * The metal account (issue 42): old gold assayed at a store is kept as milligrams of fine gold, and pays for the metal
 * of new pieces at checkout. These are the account's only sums; the server, the cart and the checkout page call them.
 */

/** A credit of fine gold lasts this many days from the moment it is made (an advance against goods, not a deposit). */
export const METAL_CREDIT_DAYS = 365;

function whole(name: string, n: number, min = 0): number {
  if (!Number.isSafeInteger(n) || n < min) throw new RangeError(`${name} must be a whole number ≥ ${min}, got ${n}`);
  return n;
}

/**
 * The fine gold an assay credits: gross weight × purity (per mille, the karatmeter's reading) less the melting loss
 * (per mille of the fine metal), rounded down to the milligram: the store never credits a fraction it did not receive.
 */
export function assayFineMg(input: { grossMg: number; purityPerMille: number; meltingLossPerMille: number }): number {
  const gross = whole('grossMg', input.grossMg, 1);
  const purity = whole('purityPerMille', input.purityPerMille, 1);
  const loss = whole('meltingLossPerMille', input.meltingLossPerMille);
  if (purity > 999) throw new RangeError(`purity of ${purity} per mille`);
  if (loss > 1000) throw new RangeError(`a melting loss of ${loss} per mille`);
  return Number((BigInt(gross) * BigInt(purity) * BigInt(1000 - loss)) / 1_000_000n);
}

/** A purity as the desk types it, as per mille: '916' as read on the karatmeter, or '22K' / '22 kt' by BIS fineness. Null when neither. */
export function purityPerMilleOf(text: string): number | null {
  const t = text.trim().toLowerCase();
  const karat = /^(\d{1,2})\s*(k|kt|karat|carat|ct)$/.exec(t);
  if (karat) {
    const k = Number(karat[1]);
    const bis = (TRADE_IN_FINENESS as Record<number, number>)[k];
    if (bis !== undefined) return bis;
    return k >= 1 && k <= 24 ? Math.min(999, Math.floor((k * 1000) / 24)) : null;
  }
  const mille = /^(\d{1,3})(?:\.\d+)?$/.exec(t);
  if (!mille) return null;
  const n = Number(mille[1]);
  return n >= 1 && n <= 999 ? n : null;
}

/** The fine gold in one piece of gold jewellery: its metal weight × its karat's BIS fineness (22 kt = 916), rounded down. Null for other metals. */
export function pieceFineMg(metal: string | null, purity: number | null, weightMg: number | null): number | null {
  if (metal !== 'gold' || purity === null || weightMg === null || weightMg <= 0) return null;
  const fineness = (TRADE_IN_FINENESS as Record<number, number>)[purity] ?? Math.min(999, Math.floor((purity * 1000) / 24));
  return Math.floor((weightMg * fineness) / 1000);
}

/** A cart line as the metal account sees it: one piece's fine gold (null: no gold to pay for) and its metal as charged, and how many. */
export interface FineGoldLine {
  fineMgPerPiece: number | null;
  /** One piece's metal charge in paise, as the price function charged it today (breakup.metalPaise). */
  metalPaisePerPiece: Paise;
  quantity: number;
}

export interface MetalAccountPlan {
  /** For each line (same order): the fine gold it takes and the part of its metal charge that gold settles. */
  lines: { usedMg: number; paise: Paise }[];
  usedMg: number;
  paise: Paise;
}

/**
 * How far a balance of fine gold pays for the metal of the lines, in turn: each line takes up to its pieces' fine gold;
 * the grams taken settle the same share of the line's metal charge (the day's rate for the piece's purity), rounded
 * down, so grams covering a piece's whole fine gold pay its whole metal. Making, stones, GST and the metal beyond the
 * balance stay to pay.
 */
export function metalAccountPlan(lines: readonly FineGoldLine[], balanceMg: number): MetalAccountPlan {
  let left = whole('balanceMg', balanceMg);
  const planned = lines.map((line) => {
    const q = whole('quantity', line.quantity);
    const metal = whole('metalPaisePerPiece', line.metalPaisePerPiece);
    if (line.fineMgPerPiece === null || line.fineMgPerPiece <= 0 || q === 0 || metal === 0 || left === 0) return { usedMg: 0, paise: 0 };
    const need = whole('fineMgPerPiece', line.fineMgPerPiece) * q;
    const usedMg = Math.min(need, left);
    left -= usedMg;
    const paise = usedMg === need ? metal * q : Number((BigInt(metal * q) * BigInt(usedMg)) / BigInt(need));
    return { usedMg, paise };
  });
  return { lines: planned, usedMg: planned.reduce((n, l) => n + l.usedMg, 0), paise: planned.reduce((n, l) => n + l.paise, 0) };
}

/**
 * What the store pays for fine gold sold back: the day's 24 kt rate (the rate of fine gold, as the trade-in estimate
 * takes it) × the settings' buy-back percent, rounded down to the paisa.
 */
export function fineGoldBuyBack(fineMg: number, rate24PaisePerGram: number, buybackPercent: number): Paise {
  whole('fineMg', fineMg, 1);
  whole('rate24PaisePerGram', rate24PaisePerGram, 1);
  if (!Number.isInteger(buybackPercent) || buybackPercent < 0 || buybackPercent > 100) throw new RangeError(`a buy-back of ${buybackPercent} %`);
  return Number((BigInt(fineMg) * BigInt(rate24PaisePerGram) * BigInt(buybackPercent)) / 100_000n);
}

/** When a credit made at `madeAt` expires: 365 days later. */
export function metalCreditExpiry(madeAt: Date): Date {
  return new Date(madeAt.getTime() + METAL_CREDIT_DAYS * 24 * 60 * 60_000);
}
