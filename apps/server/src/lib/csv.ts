import { stringify } from 'csv-stringify/sync';

/**
 * CSV as the back office writes it for spreadsheets (the catalogue's export, issue 17; the orders desk's, issue 39):
 * UTF-8 with a byte order mark, CRLF lines, and every cell guarded against formula injection.
 */
/** UTF-8's byte order mark: Excel reads a CSV as UTF-8 only when it starts with one (else ₹ and names in Indian scripts break). */
export const BOM = '\uFEFF';

/**
 * The cells the export prefixes with an apostrophe: those a spreadsheet would run as a formula (CSV formula
 * injection), and those that already start with an apostrophe. Guarding the latter too is what lets the import
 * tell the guard from the value: a real `'=x` is written `''=x` and read back as `'=x`, never as `=x`.
 */
const GUARDED_START = /^[=+\-@\t\r']/;

/** One cell as written to the file: text that a spreadsheet would take for a formula is defused with a leading '. */
export function safeCell(value: string): string {
  return GUARDED_START.test(value) ? `'${value}` : value;
}

/**
 * The reverse of safeCell on import: one apostrophe comes off only where safeCell would have put it, so an
 * exported file imports back unchanged (and `'plain`, which the export never writes, is kept as typed).
 */
export function unguardCell(value: string): string {
  return value.startsWith("'") && GUARDED_START.test(value.slice(1)) ? value.slice(1) : value;
}

/** Rows of cells as CSV lines (CRLF, as spreadsheets write), each cell guarded. */
export function csvLines(rows: readonly (readonly string[])[]): string {
  return stringify(
    rows.map((row) => row.map(safeCell)),
    { record_delimiter: '\r\n', quoted_match: /[",\r\n]/ },
  );
}
