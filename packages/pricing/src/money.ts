/** Money is whole paise (integers) everywhere; rupees exist only when shown to a person. */
export type Paise = number;

/**
 * A whole number of rupees grouped the Indian way: the last three digits, then pairs ('1,23,45,678'). Written out
 * rather than with Intl.NumberFormat('en-IN'): building the first formatter loads the locale's data, which cost a
 * browser's main thread 17-30 ms on every storefront page before hydration (decision 035), and it is the same text.
 */
function groupedIndian(whole: number): string {
  const digits = String(whole);
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3);
  return `${head.replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
}

/** 'Rs. 1,23,456.00' (Indian lakh grouping). `decimals: false` drops the paise, rounding half up: 'Rs. 1,23,456'. */
export function formatRupees(paise: Paise, options: { decimals?: boolean } = {}): string {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`not a whole number of paise: ${paise}`);
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  const text =
    options.decimals === false ? groupedIndian(Math.round(abs / 100)) : `${groupedIndian(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
  return `${sign}Rs. ${text}`;
}

export function rupeesToPaise(rupees: number): Paise {
  return Math.round(rupees * 100);
}

/** Rupees as a form shows and a person types them (1234.5 for 1,23,450 paise). */
export function paiseToRupees(paise: Paise): number {
  return paise / 100;
}
