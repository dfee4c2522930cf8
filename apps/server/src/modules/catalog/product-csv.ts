import type { Db } from '@milli/db';
import { mergeProductChange, type ImportProblem, type ImportReport, type ImportStreamLine, type ProductExportQuery } from '@milli/contracts/schemas';
import { DomainError } from '../../domain-error.ts';
import {
  checkProductRows,
  formOf,
  loadProductLookups,
  readProducts,
  readProductsBySku,
  writeProducts,
  type ProductRowInput,
  type ResolvedProduct,
  type RowProblem,
} from './product-write.ts';
import { recordAudit, type AuditActor } from '../audit/service.ts';
import { COLUMNS, REQUIRED_COLUMNS, rowOf } from './csv-columns.ts';
import { BOM, csvLines, parseCsv, type CsvRow } from './csv.ts';
import { createCatalogRepository } from './repository.ts';
import type { CatalogService } from './service.ts';

export type Progress = (line: Extract<ImportStreamLine, { type: 'progress' }>) => void;

/** Rows checked or written at a time: progress is reported after each batch. */
const BATCH = 500;
/** Gives the event loop a turn between batches, so progress lines leave while the rows are checked. */
const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

const SKU = 'sku';
/** A report a person can read (issue 39): every problem of a row up to five, and two hundred in all. */
export const PROBLEMS_PER_ROW = 5;
export const PROBLEMS_IN_ALL = 200;

/** The problems as reported: at most PROBLEMS_PER_ROW a row, and PROBLEMS_IN_ALL in all, the last saying how many more there are. */
export function boundedProblems(problems: readonly ImportProblem[]): ImportProblem[] {
  const perRow = new Map<number, number>();
  const kept: ImportProblem[] = [];
  for (const p of problems) {
    const seen = perRow.get(p.row) ?? 0;
    perRow.set(p.row, seen + 1);
    if (seen < PROBLEMS_PER_ROW) kept.push(p);
  }
  if (kept.length <= PROBLEMS_IN_ALL) return kept;
  const shown = kept.slice(0, PROBLEMS_IN_ALL - 1);
  const more = problems.length - shown.length;
  return [...shown, { row: 0, column: '', message: `${more} more problems are not listed: correct these and check the file again.` }];
}

const skuKey = (cell: string) => cell.trim().toUpperCase();

/** Row problems of the header: unnamed, unknown, repeated and missing columns, and SKU not first. */
export function headerProblems(header: readonly string[]): ImportProblem[] {
  const problems: ImportProblem[] = [];
  const known = new Set<string>(COLUMNS);
  const seen = new Set<string>();
  header.forEach((name, i) => {
    if (name === '') problems.push({ row: 1, column: `column ${i + 1}`, message: 'This column has no name: remove it, or name it as in the template.' });
    else if (!known.has(name))
      problems.push({ row: 1, column: name, message: `There is no column "${name}": columns are named as in the template (the names are case-sensitive).` });
    else if (seen.has(name)) problems.push({ row: 1, column: name, message: `The column "${name}" appears twice.` });
    seen.add(name);
  });
  if (seen.has(SKU) && header[0] !== SKU) problems.push({ row: 1, column: SKU, message: 'The sku column comes first.' });
  for (const name of REQUIRED_COLUMNS) if (!seen.has(name)) problems.push({ row: 1, column: name, message: `The column "${name}" is missing.` });
  return problems;
}

/** The core's field messages of one row as problems of a spreadsheet row. */
function problemsOf(row: number, fields: RowProblem['fields']): ImportProblem[] {
  return Object.entries(fields).map(([field, message]) => ({ row, column: field === 'form' ? '' : field, message: message ?? 'This value is not valid.' }));
}

export function createProductCsvService(db: Db, catalog: Pick<CatalogService, 'reprice'>) {
  const repo = createCatalogRepository(db);

  interface Checked {
    problems: ImportProblem[];
    /** The rows ready to write, with their spreadsheet row numbers. */
    ready: { row: number; product: ResolvedProduct }[];
    created: number;
    updated: number;
  }

  /**
   * Every row's problems, with the write core's own checks (the form's rules, unknown categories, tags and stones,
   * web addresses and SKUs in use). A row whose SKU is a product changes it: the columns the file leaves out keep
   * their stored values. A SKU given twice is a problem of the later row.
   */
  async function check(header: string[], rows: CsvRow[], progress: Progress): Promise<Checked> {
    const lookups = await loadProductLookups(db);
    const skuAt = header.indexOf(SKU);
    const cellsOf = (r: CsvRow) => Object.fromEntries(header.map((name, c) => [name, r.cells[c] ?? '']));
    const givenSkus = rows.map((r) => (r.cells[skuAt] ?? '').trim()).filter((s) => s !== '');
    const stored = new Map<string, Awaited<ReturnType<typeof readProductsBySku>>[number]>();
    for (const s of await readProductsBySku(db, [...new Set([...givenSkus, ...givenSkus.map(skuKey)])])) stored.set(skuKey(s.row.sku), s);

    const problems: ImportProblem[] = [];
    const firstRowOf = new Map<string, number>();
    const unique: { row: number; input: ProductRowInput }[] = [];
    for (const r of rows) {
      if (r.cells.length > header.length && r.cells.slice(header.length).some((c) => c.trim() !== '')) {
        problems.push({ row: r.row, column: '', message: `This row has more cells than the header has columns (${header.length}).` });
      }
      const cells = cellsOf(r);
      const key = skuKey(cells[SKU] ?? '');
      const known = key === '' ? undefined : stored.get(key);
      const input: ProductRowInput = known ? { id: known.row.id, values: mergeProductChange(formOf(known), cells) } : cells;
      const earlier = key === '' ? undefined : firstRowOf.get(key);
      if (earlier !== undefined) {
        // Checked alone, so its other problems are listed too, then refused for the repeat.
        problems.push({ row: r.row, column: SKU, message: `The SKU ${key} is also on row ${earlier}: each product appears once in a file.` });
        const alone = await checkProductRows(db, [input], lookups);
        for (const p of alone.problems) problems.push(...problemsOf(r.row, p.fields));
        continue;
      }
      if (key !== '') firstRowOf.set(key, r.row);
      unique.push({ row: r.row, input });
    }

    const ready: Checked['ready'] = [];
    for (let start = 0; start < unique.length; start += BATCH) {
      const batch = unique.slice(start, start + BATCH);
      const result = await checkProductRows(
        db,
        batch.map((b) => b.input),
        lookups,
      );
      const bad = new Set(result.problems.map((p) => p.row));
      for (const p of result.problems) problems.push(...problemsOf(batch[p.row]!.row, p.fields));
      const good = batch.filter((_, i) => !bad.has(i));
      good.forEach((b, i) => ready.push({ row: b.row, product: result.valid[i]! }));
      progress({ type: 'progress', phase: 'check', done: Math.min(start + BATCH, unique.length), total: unique.length });
      await yieldTurn();
    }
    problems.sort((a, b) => a.row - b.row);
    const updated = ready.filter((r) => stored.has(r.product.form.sku)).length;
    return { problems, ready, created: ready.length - updated, updated };
  }

  /** The rows of a write that failed on what only the write can find (a web address taken meanwhile). */
  function writeProblems(error: DomainError, batch: readonly { row: number }[]): ImportProblem[] {
    const out: ImportProblem[] = [];
    for (const [key, message] of Object.entries(error.fields ?? {})) {
      const match = /^rows\.(\d+)\.(.+)$/.exec(key);
      const row = match ? batch[Number(match[1])]?.row : batch[0]?.row;
      const field = match ? match[2]! : key;
      out.push({ row: row ?? 0, column: field === 'form' ? '' : field, message });
    }
    return out.length > 0 ? out : [{ row: batch[0]?.row ?? 0, column: '', message: error.message }];
  }

  return {
    /**
     * Checks a file and, unless it is a dry run, imports it: every row is created or updated (by SKU) in one
     * transaction, with the write core's audit entry per product and one 'import' entry, or nothing is written.
     * A file with any problem is never written: the report lists them all.
     */
    async run(bytes: Uint8Array, options: { dryRun: boolean; actor: AuditActor; progress?: Progress }): Promise<ImportReport> {
      const started = performance.now();
      const progress = options.progress ?? (() => {});
      const report = (fields: Pick<ImportReport, 'rows' | 'created' | 'updated' | 'problems' | 'written'>): ImportReport => ({
        dryRun: options.dryRun,
        ...fields,
        ms: Math.round(performance.now() - started),
      });
      const parsed = parseCsv(bytes);
      if (!parsed.ok) return report({ rows: 0, created: 0, updated: 0, problems: [parsed.problem], written: false });
      const { header, rows } = parsed;
      const fromHeader = headerProblems(header);
      if (fromHeader.length > 0) return report({ rows: rows.length, created: 0, updated: 0, problems: boundedProblems(fromHeader), written: false });

      const { problems, ready, created, updated } = await check(header, rows, progress);
      if (problems.length > 0) return report({ rows: rows.length, created: 0, updated: 0, problems: boundedProblems(problems), written: false });
      if (options.dryRun) return report({ rows: rows.length, created, updated, problems: [], written: false });

      let batch: typeof ready = [];
      try {
        const done = await db.transaction(async (tx) => {
          let counts = { created: 0, updated: 0 };
          for (let start = 0; start < ready.length; start += BATCH) {
            batch = ready.slice(start, start + BATCH);
            const result = await writeProducts(
              tx,
              batch.map((r) => r.product),
              { actor: options.actor, catalog },
            );
            counts = { created: counts.created + result.created, updated: counts.updated + result.updated };
            progress({ type: 'progress', phase: 'write', done: start + batch.length, total: ready.length });
          }
          await recordAudit(tx, options.actor, { action: 'import', entity: 'product', after: { rows: rows.length, ...counts } });
          return counts;
        });
        return report({ rows: rows.length, ...done, problems: [], written: true });
      } catch (error) {
        if (error instanceof DomainError) return report({ rows: rows.length, created: 0, updated: 0, problems: writeProblems(error, batch), written: false });
        throw error;
      }
    },

    /**
     * The export: the template's columns, then every product the filter keeps (by id), read 500 at a time so a
     * large catalogue streams out without being held in memory. UTF-8 with a byte order mark, as the template.
     */
    async *exportCsv(filter: ProductExportQuery): AsyncGenerator<string> {
      yield BOM + csvLines([[...COLUMNS]]);
      let afterId = 0;
      for (;;) {
        const ids = await repo.exportIds(filter, afterId, BATCH);
        if (ids.length === 0) return;
        const byId = new Map((await readProducts(db, ids)).map((s) => [s.row.id, s]));
        yield csvLines(ids.flatMap((id) => (byId.has(id) ? [rowOf(formOf(byId.get(id)!))] : [])));
        afterId = ids.at(-1)!;
        if (ids.length < BATCH) return;
      }
    },
  };
}

export type ProductCsvService = ReturnType<typeof createProductCsvService>;
