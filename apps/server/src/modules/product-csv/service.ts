import type { Db } from '@milli/db';
import type { ImportProblem, ImportReport, ImportStreamLine } from '@milli/contracts/schemas';
import { DomainError } from '../../domain-error.ts';
import { recordAudit, type AuditActor } from '../audit/service.ts';
import { parseCsv, type CsvRow } from './csv.ts';
import { productCsvRepository } from './repository.ts';

/**
 * The product writes an import makes, as the catalogue's write core offers them: a row's form values checked
 * (field messages keyed by the form's field names, which are the CSV's columns), and a checked row written,
 * creating the product or updating the one of that SKU, with the core's own audit entry.
 */
export interface ProductWriter<Checked> {
  /** The columns a file must have (the form's required fields); the others may be left out. */
  requiredColumns: readonly string[];
  /** Every column the file may have, SKU first. */
  columns: readonly string[];
  /** A row's cells (by column) as the form's values, checked: field messages, or the value the writer takes. */
  check(cells: ReadonlyMap<string, string>, existing: boolean): { ok: true; value: Checked } | { ok: false; fields: Record<string, string> };
  /** Writes one checked row inside the import's transaction (its id when the SKU exists, else null: a new product). */
  write(tx: Db, actor: AuditActor, id: number | null, value: Checked): Promise<void>;
}

export type Progress = (line: Extract<ImportStreamLine, { type: 'progress' }>) => void;

/** Progress is reported about every 1 % (and at least every 250 rows), not on every row. */
const progressStep = (total: number) => Math.max(1, Math.min(250, Math.ceil(total / 100)));
/** The event loop gets a turn this often during the check, so progress lines leave while the rows are read. */
const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

const SKU = 'sku';

export function createProductCsvService<Checked>(db: Db, writer: ProductWriter<Checked>) {
  const repo = productCsvRepository(db);

  /** Row problems of the header: unknown, repeated or missing columns. */
  function headerProblems(header: readonly string[]): ImportProblem[] {
    const problems: ImportProblem[] = [];
    const known = new Set(writer.columns);
    const seen = new Set<string>();
    header.forEach((name, i) => {
      if (name === '') problems.push({ row: 1, column: `column ${i + 1}`, message: 'This column has no name. Remove it or name it as in the template.' });
      else if (!known.has(name)) problems.push({ row: 1, column: name, message: `Unknown column "${name}". The columns are named as in the template (names are case-sensitive).` });
      else if (seen.has(name)) problems.push({ row: 1, column: name, message: `The column "${name}" appears twice.` });
      seen.add(name);
    });
    if (header[0] !== SKU && seen.has(SKU)) problems.push({ row: 1, column: SKU, message: 'The sku column must come first.' });
    for (const name of writer.requiredColumns) {
      if (!seen.has(name)) problems.push({ row: 1, column: name, message: `The column "${name}" is missing.` });
    }
    return problems;
  }

  interface CheckedRow {
    row: number;
    sku: string;
    id: number | null;
    value: Checked;
  }

  /** Every row's problems, and the rows ready to write when there are none. */
  async function checkRows(header: string[], rows: CsvRow[], progress: Progress): Promise<{ problems: ImportProblem[]; ready: CheckedRow[] }> {
    const problems: ImportProblem[] = [];
    const ready: CheckedRow[] = [];
    const skuAt = header.indexOf(SKU);
    const existing = await repo.idsOfSkus(rows.map((r) => (r.cells[skuAt] ?? '').trim()).filter((s) => s !== ''));
    const firstRowOf = new Map<string, number>();
    const step = progressStep(rows.length);
    for (const [i, { row, cells }] of rows.entries()) {
      if (cells.length > header.length && cells.slice(header.length).some((c) => c.trim() !== '')) {
        problems.push({ row, column: '', message: `This row has ${cells.length} cells but the header names ${header.length} columns.` });
      }
      const byColumn = new Map<string, string>(header.map((name, c) => [name, cells[c] ?? '']));
      const sku = (byColumn.get(SKU) ?? '').trim();
      const key = sku.toUpperCase();
      const earlier = firstRowOf.get(key);
      if (sku !== '' && earlier !== undefined) problems.push({ row, column: SKU, message: `The SKU ${sku} is also on row ${earlier}: each product may appear once.` });
      else if (sku !== '') firstRowOf.set(key, row);
      const id = existing.get(sku) ?? null;
      const checked = writer.check(byColumn, id !== null);
      if (checked.ok) ready.push({ row, sku, id, value: checked.value });
      else for (const [column, message] of Object.entries(checked.fields)) problems.push({ row, column: header.includes(column) ? column : '', message });
      if ((i + 1) % step === 0 || i + 1 === rows.length) {
        progress({ type: 'progress', phase: 'check', done: i + 1, total: rows.length });
        await yieldTurn();
      }
    }
    return { problems: problems.sort((a, b) => a.row - b.row), ready };
  }

  return {
    /**
     * Checks a file and, unless it is a dry run, imports it: every row is created or updated (by SKU) in one
     * transaction, with one 'import' audit entry besides the writer's own, or nothing is written at all. A file
     * with any problem is never written: the report lists them all (IMPORT_INVALID for a real import).
     */
    async run(bytes: Uint8Array, options: { dryRun: boolean; actor: AuditActor; fileName?: string; progress?: Progress }): Promise<ImportReport> {
      const started = performance.now();
      const progress = options.progress ?? (() => {});
      const report = (rows: number, created: number, updated: number, problems: ImportProblem[], written: boolean): ImportReport => ({
        dryRun: options.dryRun,
        written,
        rows,
        created,
        updated,
        problems,
        ms: Math.round(performance.now() - started),
      });
      const parsed = parseCsv(bytes);
      if (!parsed.ok) return report(0, 0, 0, [parsed.problem], false);
      const { header, rows } = parsed;
      const fromHeader = headerProblems(header);
      if (fromHeader.length > 0) return report(rows.length, 0, 0, fromHeader, false);
      const { problems, ready } = await checkRows(header, rows, progress);
      const updated = ready.filter((r) => r.id !== null).length;
      const created = ready.length - updated;
      if (problems.length > 0 || options.dryRun) return report(rows.length, problems.length ? 0 : created, problems.length ? 0 : updated, problems, false);

      const step = progressStep(ready.length);
      let at = 0;
      try {
        await db.transaction(async (tx) => {
          for (const [i, row] of ready.entries()) {
            at = row.row;
            await writer.write(tx, options.actor, row.id, row.value);
            if ((i + 1) % step === 0 || i + 1 === ready.length) progress({ type: 'progress', phase: 'write', done: i + 1, total: ready.length });
          }
          await recordAudit(tx, options.actor, {
            action: 'import',
            entity: 'product',
            after: { file: options.fileName ?? null, rows: rows.length, created, updated },
          });
        });
      } catch (error) {
        // What only the write can find (a SKU or name taken meanwhile): that row's problem, and nothing written.
        if (error instanceof DomainError) {
          const fields = Object.entries(error.fields ?? {});
          const found: ImportProblem[] = fields.length
            ? fields.map(([column, message]) => ({ row: at, column: header.includes(column) ? column : '', message }))
            : [{ row: at, column: '', message: error.message }];
          return report(rows.length, 0, 0, found, false);
        }
        throw error;
      }
      return report(rows.length, created, updated, [], true);
    },
  };
}

export type ProductCsvService = ReturnType<typeof createProductCsvService>;
