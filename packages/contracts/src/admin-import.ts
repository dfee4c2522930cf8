import { z } from 'zod';
import { ERROR_CODES } from './errors.ts';

/**
 * Products in and out of the back office as CSV (issue 17): GET /api/admin/products/csv-template, GET
 * /api/admin/products/export.csv and POST /api/admin/products/import. One row per product, the columns named as
 * the product form's fields, SKU first; the server's product-csv module says what each column holds.
 */

/** The largest file the import takes (the multipart limit of that one route says the same). */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** The most rows one file may hold: all of them are written in one transaction. */
export const IMPORT_MAX_ROWS = 5_000;
/** What separates the items of a list cell ('Solitaire|Daily'). */
export const CSV_LIST_SEPARATOR = '|';
/** The media type of the streamed answer (one JSON object a line), asked for with Accept. */
export const NDJSON_TYPE = 'application/x-ndjson';

/** One problem of the file: the spreadsheet's row number (the header is row 1), the column, and what is wrong. */
export const ImportProblemSchema = z.object({
  /** 1 for the header row, 2 for the first product; 0 for the file as a whole. */
  row: z.number().int(),
  /** The column's name, or '' when the problem is the row's (or the file's) as a whole. */
  column: z.string(),
  message: z.string(),
});
export type ImportProblem = z.infer<typeof ImportProblemSchema>;

/** What a check (dry run) found or an import did. */
export const ImportReportSchema = z.object({
  dryRun: z.boolean(),
  /** Whether the products were written (only a real import without problems writes). */
  written: z.boolean(),
  /** Product rows in the file. */
  rows: z.number().int(),
  /** Rows whose SKU is new (created, or would be by a check). */
  created: z.number().int(),
  /** Rows whose SKU is already a product (updated, or would be by a check). */
  updated: z.number().int(),
  /** Every problem of every row, in row order; empty when the file is clean. */
  problems: z.array(ImportProblemSchema),
  ms: z.number().int(),
});
export type ImportReport = z.infer<typeof ImportReportSchema>;

/** 422 IMPORT_INVALID: nothing was written, and why. */
export const ImportInvalidSchema = z.object({
  message: z.string(),
  code: z.enum(ERROR_CODES),
  report: ImportReportSchema,
});
export type ImportInvalid = z.infer<typeof ImportInvalidSchema>;

/** The lines of the streamed answer (Accept: application/x-ndjson): progress lines, then one report or error line. */
export type ImportStreamLine =
  | { type: 'progress'; phase: 'check' | 'write'; done: number; total: number }
  | { type: 'report'; report: ImportReport }
  | { type: 'error'; code: string; message: string; report?: ImportReport };

const flag = z.preprocess(
  (v) => (v === undefined || v === '' ? 'true' : v === 'on' ? 'true' : v),
  z.enum(['true', 'false'], { error: 'dryRun is true or false.' }),
);

/**
 * POST /api/admin/products/import as multipart/form-data: `file` (one .csv of at most 10 MB) and `dryRun`
 * ('true', the default, only checks; 'false' writes when the check is clean).
 */
export const ProductImportBodySchema = z.object({
  file: z
    .custom<Uint8Array>((v) => v instanceof Uint8Array, { error: 'Please choose a CSV file.' })
    .meta({ type: 'string', format: 'binary', description: 'The CSV file (UTF-8, with or without a byte order mark).' }),
  dryRun: flag.meta({ description: "'true' (the default) checks the file and writes nothing; 'false' imports it when clean." }),
});
export type ProductImportBody = z.infer<typeof ProductImportBodySchema>;

const allOr = (v: unknown) => (v === '' || v === 'all' ? undefined : v);

/**
 * GET /api/admin/products/export.csv: all products, or those the products list's filters keep (the same names as
 * GET /api/admin/products, so the list's query string exports what it shows; its sort and paging are ignored).
 */
export const ProductExportQuerySchema = z.object({
  q: z.string().trim().max(100, 'A search is at most 100 characters.').optional(),
  category: z.string().trim().max(60, 'A category is at most 60 characters.').optional(),
  material: z.string().trim().max(20, 'A material is at most 20 characters.').optional(),
  status: z.preprocess(allOr, z.enum(['active', 'archived'], { error: 'Status is active, archived or all.' }).optional()),
  stock: z.preprocess(allOr, z.enum(['low', 'out'], { error: 'Stock is low, out or all.' }).optional()),
});
export type ProductExportQuery = z.infer<typeof ProductExportQuerySchema>;
