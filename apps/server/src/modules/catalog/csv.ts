import { parse } from 'csv-parse/sync';
import { IMPORT_MAX_ROWS, type ImportProblem } from '@milli/contracts/schemas';

// Writing CSV (the byte order mark, the formula guard) is shared with the orders desk's export (issue 39): lib/csv.ts.
import { unguardCell } from '../../lib/csv.ts';
export { BOM, csvLines, safeCell, unguardCell } from '../../lib/csv.ts';

export const SEMICOLON_FILE = 'This file is separated by semicolons; save it as CSV with commas.';

export interface CsvRow {
  /** The spreadsheet's row number: the header is 1. */
  row: number;
  cells: string[];
}

export type ParsedCsv = { ok: true; header: string[]; rows: CsvRow[] } | { ok: false; problem: ImportProblem };

/**
 * Reads a CSV file (UTF-8, with or without a byte order mark, comma-separated, quotes as spreadsheets write them).
 * Rows whose cells are all empty are skipped (a spreadsheet's blank rows); row numbers stay the spreadsheet's.
 * A file that is not CSV, or has no header, or more rows than one import takes, is one problem of the file.
 */
export function parseCsv(bytes: Uint8Array): ParsedCsv {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, problem: { row: 0, column: '', message: 'The file is not UTF-8 text. In Excel, save it as "CSV UTF-8 (Comma delimited)".' } };
  }
  if (text.includes('\u0000')) return { ok: false, problem: { row: 0, column: '', message: 'The file is not a CSV file.' } };
  let records: string[][];
  try {
    records = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: false, max_record_size: 256 * 1024 });
  } catch (error) {
    const lines = (error as { lines?: number }).lines;
    const where = typeof lines === 'number' ? ` near line ${lines}` : '';
    return {
      ok: false,
      problem: { row: lines ?? 0, column: '', message: `The file could not be read as CSV${where}: check for a quote (") that is opened and never closed.` },
    };
  }
  const [headerCells, ...body] = records;
  if (!headerCells || headerCells.every((c) => c.trim() === '')) {
    return { ok: false, problem: { row: 1, column: '', message: 'The file is empty: the first row must name the columns (download the template).' } };
  }
  // Excel in many locales saves "CSV" with semicolons: the whole header is then one cell. Say so in one line (issue 39).
  if (headerCells.length === 1 && headerCells[0]!.includes(';')) {
    return { ok: false, problem: { row: 1, column: '', message: SEMICOLON_FILE } };
  }
  const rows: CsvRow[] = [];
  body.forEach((cells, i) => {
    if (cells.every((c) => c.trim() === '')) return;
    rows.push({ row: i + 2, cells: cells.map(unguardCell) });
  });
  if (rows.length === 0) return { ok: false, problem: { row: 2, column: '', message: 'The file has a header but no products.' } };
  if (rows.length > IMPORT_MAX_ROWS) {
    return {
      ok: false,
      problem: { row: 0, column: '', message: `The file has ${rows.length} products; one import takes at most ${IMPORT_MAX_ROWS}. Please split it.` },
    };
  }
  return { ok: true, header: headerCells.map((c) => c.trim()), rows };
}
