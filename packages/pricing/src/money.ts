/** Money is whole paise (integers) everywhere; rupees exist only when shown to a person. */
export type Paise = number;

const groupedRupees = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
const groupedRupeesWithPaise = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 'Rs. 1,23,456.00' (Indian lakh grouping). `decimals: false` drops the paise: 'Rs. 1,23,456'. */
export function formatRupees(paise: Paise, options: { decimals?: boolean } = {}): string {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`not a whole number of paise: ${paise}`);
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  const text =
    options.decimals === false
      ? groupedRupees.format(Math.round(abs / 100))
      : groupedRupeesWithPaise.format(abs / 100);
  return `${sign}Rs. ${text}`;
}

export function rupeesToPaise(rupees: number): Paise {
  return Math.round(rupees * 100);
}

/** Rupees as a form shows and a person types them (1234.5 for 1,23,450 paise). */
export function paiseToRupees(paise: Paise): number {
  return paise / 100;
}
