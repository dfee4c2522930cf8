/** Fineness (parts per thousand) of each gold caratage BIS hallmarks under IS 1417. */
const GOLD_FINENESS: Record<number, number> = { 24: 999, 23: 958, 22: 916, 20: 833, 18: 750, 14: 585, 9: 375 };

/**
 * The purity as the hallmark and the bill state it: carat and fineness for gold ('22K916'), the fineness
 * for platinum ('Pt950') and silver ('925'). A purity of 100 or more is a fineness already; null when the
 * piece is not sold by purity.
 */
export function purityMark(metal: string | null, purity: number | null): string | null {
  if (purity === null || !Number.isInteger(purity) || purity <= 0) return null;
  if (metal === 'platinum') return `Pt${purity}`;
  if (purity >= 100) return String(purity);
  const fineness = GOLD_FINENESS[purity];
  return fineness ? `${purity}K${fineness}` : `${purity}K`;
}
