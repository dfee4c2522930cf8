import type { Paise } from './money.ts';

/**
 * The GST contained in a GST-inclusive amount, rounded once to the paisa: taxable = total × 100 / (100 + rate).
 * `percent` may have two decimals (the store setting is numeric(5,2)); the arithmetic stays in integers.
 */
export function gstContained(inclusive: Paise, percent: number): { taxable: Paise; gst: Paise } {
  if (!Number.isSafeInteger(inclusive) || inclusive < 0) throw new RangeError(`not a whole, non-negative number of paise: ${inclusive}`);
  const basisPoints = Math.round(percent * 100);
  const taxable = Math.round((inclusive * 10_000) / (10_000 + basisPoints));
  return { taxable, gst: inclusive - taxable };
}

/**
 * Splits `total` over `weights` in proportion, in whole paise, so that the parts add up to `total`
 * exactly (largest remainder; ties go to the earlier part).
 */
export function apportion(total: Paise, weights: readonly Paise[]): Paise[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => ({ i, frac: e - Math.floor(e) })).sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts;
}

export interface InvoiceRowTax {
  /** The row's GST-inclusive value after its share of the discount. */
  value: Paise;
  taxable: Paise;
  gst: Paise;
}

/**
 * The tax lines of a GST-inclusive invoice: the discount is shared over the goods in proportion, the GST of
 * the whole invoice is worked back from its total once, and then shared over the rows (goods and shipping),
 * so every column adds up to the totals printed below it.
 */
export function invoiceTax(
  lines: readonly Paise[],
  shipping: Paise,
  discount: Paise,
  percent: number,
): { lines: InvoiceRowTax[]; shipping: InvoiceRowTax; total: Paise; taxable: Paise; gst: Paise; halves: [Paise, Paise] } {
  const discountShares = apportion(
    Math.min(
      discount,
      lines.reduce((a, b) => a + b, 0),
    ),
    lines,
  );
  const values = [...lines.map((l, i) => l - discountShares[i]!), shipping];
  const total = values.reduce((a, b) => a + b, 0);
  const { taxable, gst } = gstContained(total, percent);
  const gstShares = apportion(gst, values);
  const rows = values.map((value, i) => ({ value, gst: gstShares[i]!, taxable: value - gstShares[i]! }));
  const cgst = Math.round(gst / 2);
  return { lines: rows.slice(0, -1), shipping: rows.at(-1)!, total, taxable, gst, halves: [cgst, gst - cgst] };
}
