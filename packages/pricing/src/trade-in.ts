/**
 * Old gold bought elsewhere (issue 20): what the store would give for it, before it is tested in store.
 *
 * The rule: the day's 24K rate is the rate of fine gold, taken as 999/1000; a stated purity's rate is that rate
 * scaled by the purity's BIS fineness (IS 1417: 24K = 999, 22K = 916, 20K = 833, 18K = 750, 14K = 585, 9K = 375),
 * rounded to the paisa. The estimate is weight × that rate × the store's trade-in percentage, rounded to the paisa
 * (half up), so a shopper can check it from the three numbers shown.
 */
export const TRADE_IN_FINENESS = { 24: 999, 22: 916, 20: 833, 18: 750, 14: 585, 9: 375 } as const;
export type TradeInPurity = keyof typeof TRADE_IN_FINENESS;
export const TRADE_IN_PURITIES = [24, 22, 20, 18, 14, 9] as const satisfies readonly TradeInPurity[];

/** Integer division rounding half up, for non-negative bigints. */
const divRound = (n: bigint, d: bigint) => (n * 2n + d) / (2n * d);

/** A purity's rate per gram in paise from the day's 24K rate. */
export function tradeInRatePaisePerGram(rate24PaisePerGram: number, purity: TradeInPurity): number {
  return Number(divRound(BigInt(rate24PaisePerGram) * BigInt(TRADE_IN_FINENESS[purity]), 999n));
}

/** The estimate in paise: weight (milligrams) × the purity's rate × tradeInPercent / 100. */
export function tradeInEstimate(input: { weightMg: number; purity: TradeInPurity; rate24PaisePerGram: number; tradeInPercent: number }): {
  ratePaisePerGram: number;
  estimatePaise: number;
} {
  const { weightMg, purity, rate24PaisePerGram, tradeInPercent } = input;
  if (!Number.isSafeInteger(weightMg) || weightMg <= 0) throw new RangeError('weightMg must be a positive whole number of milligrams');
  if (!Number.isSafeInteger(rate24PaisePerGram) || rate24PaisePerGram <= 0) throw new RangeError('the rate must be a positive number of paise');
  if (!Number.isInteger(tradeInPercent) || tradeInPercent < 0 || tradeInPercent > 100) throw new RangeError('tradeInPercent must be 0 to 100');
  const ratePaisePerGram = tradeInRatePaisePerGram(rate24PaisePerGram, purity);
  const estimatePaise = Number(divRound(BigInt(weightMg) * BigInt(ratePaisePerGram) * BigInt(tradeInPercent), 1000n * 100n));
  return { ratePaisePerGram, estimatePaise };
}

/** A weight typed in grams ('12', '12.5', '0.125') as milligrams, exactly; null when it is not 0.001 g to 10 kg with at most 3 decimals. */
export function gramsToMg(text: string): number | null {
  const m = /^\s*(\d{1,5})(?:\.(\d{1,3}))?\s*$/.exec(text);
  if (!m) return null;
  const mg = Number(m[1]) * 1000 + Number((m[2] ?? '').padEnd(3, '0'));
  return mg > 0 && mg <= 10_000_000 ? mg : null;
}
