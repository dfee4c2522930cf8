import { CSV_LIST_SEPARATOR } from '@milli/contracts/schemas';

/**
 * Cells as a person types them in a spreadsheet, and back: money in rupees ('12,500' or '12500.50', a ₹ allowed),
 * weights in grams ('4.25') and carats ('0.30'), percentages ('12.5'), yes/no, and lists separated by '|'.
 * A reader answers the value, or a message for the cell. An empty cell reads as null (or [] for a list).
 */
export type CellRead<T> = { ok: true; value: T } | { ok: false; message: string };

const ok = <T>(value: T): CellRead<T> => ({ ok: true, value });
const bad = (message: string): CellRead<never> => ({ ok: false, message });

/** A decimal number with at most `places` decimals, as an integer of 10^places units ('4.25', 3 → 4250). */
function scaled(cell: string, places: number, what: string): CellRead<number | null> {
  const text = cell.replace(/[₹,\s]/g, '').replace(/^rs\.?/i, '');
  if (text === '') return ok(null);
  const match = /^(\d{1,9})(?:\.(\d*))?$/.exec(text);
  if (!match) return bad(`${what} must be a number, like ${places === 0 ? '12' : `12.${'5'.padEnd(Math.min(places, 2), '0')}`}.`);
  const decimals = match[2] ?? '';
  if (decimals.replace(/0+$/, '').length > places) {
    return bad(places === 0 ? `${what} must be a whole number.` : `${what} takes at most ${places} decimal place${places === 1 ? '' : 's'}.`);
  }
  return ok(Number(match[1]) * 10 ** places + Number(decimals.padEnd(places, '0').slice(0, places) || '0'));
}

export const readCell = {
  text: (cell: string): CellRead<string> => ok(cell.trim()),
  whole: (cell: string) => scaled(cell, 0, 'This'),
  /** Rupees → paise. */
  rupees: (cell: string) => scaled(cell, 2, 'An amount in rupees'),
  /** Grams → milligrams. */
  grams: (cell: string) => scaled(cell, 3, 'A weight in grams'),
  /** Carats → hundredths of a carat. */
  carats: (cell: string) => scaled(cell, 2, 'A weight in carats'),
  /** Percent → hundredths of a percent. */
  percent: (cell: string) => scaled(cell.replace(/%$/, ''), 2, 'A percentage'),
  yesNo: (cell: string): CellRead<boolean | null> => {
    const text = cell.trim().toLowerCase();
    if (text === '') return ok(null);
    if (['yes', 'y', 'true', '1'].includes(text)) return ok(true);
    if (['no', 'n', 'false', '0'].includes(text)) return ok(false);
    return bad('Write yes or no.');
  },
  list: (cell: string): CellRead<string[]> =>
    ok(
      cell
        .split(CSV_LIST_SEPARATOR)
        .map((s) => s.trim())
        .filter((s) => s !== ''),
    ),
};

/** Integer units back to the decimal a person types, without trailing zeros (4250 mg → '4.25'). */
function unscaled(value: number | null | undefined, places: number): string {
  if (value === null || value === undefined) return '';
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  const whole = Math.floor(abs / 10 ** places);
  const fraction = String(abs % 10 ** places)
    .padStart(places, '0')
    .replace(/0+$/, '');
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}

export const writeCell = {
  text: (value: string | null | undefined) => value ?? '',
  whole: (value: number | null | undefined) => unscaled(value, 0),
  rupees: (paise: number | null | undefined) => unscaled(paise, 2),
  grams: (mg: number | null | undefined) => unscaled(mg, 3),
  carats: (cents: number | null | undefined) => unscaled(cents, 2),
  percent: (hundredths: number | null | undefined) => unscaled(hundredths, 2),
  yesNo: (value: boolean | null | undefined) => (value === null || value === undefined ? '' : value ? 'yes' : 'no'),
  list: (values: readonly (string | number)[] | null | undefined) => (values ?? []).map(String).join(CSV_LIST_SEPARATOR),
};
