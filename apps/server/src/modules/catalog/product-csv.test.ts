/**
 * Products as CSV (issue 17): the template, the export, the dry run that lists every row's problems before
 * anything is written, create-or-update by SKU in one transaction, and the streamed progress. On PGlite, and on
 * PostgreSQL when TEST_DATABASE_URL is set.
 */
import { eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@milli/db';
import type { ImportReport } from '@milli/contracts/schemas';
import { createTestApp, type TestApp } from '../../testing.ts';
import { createStaff } from '../../testing-factories.ts';
import { csvOf, postImport } from './testing.ts';

let t: TestApp;
let owner = '';
let catalogue = '';
let orders = '';

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  owner = (await createStaff(t.app, { role: 'owner' })).cookie;
  catalogue = (await createStaff(t.app, { role: 'catalogue' })).cookie;
  orders = (await createStaff(t.app, { role: 'orders' })).cookie;
});
afterAll(() => t?.close());

const HEADER = ['sku', 'name', 'category', 'material', 'metalWeightG', 'makingChargeKind', 'makingCharge', 'tags', 'stock'];
const row = (sku: string, name: string, over: Partial<Record<string, string>> = {}) => {
  const base: Record<string, string> = {
    sku,
    name,
    category: 'Rings',
    material: 'Gold',
    metalWeightG: '3.5',
    makingChargeKind: 'percent',
    makingCharge: '12',
    tags: 'Solitaire',
    stock: '4',
  };
  return HEADER.map((c) => over[c] ?? base[c] ?? '');
};
const productsLike = (prefix: string) =>
  t.database.db
    .select()
    .from(schema.products)
    .where(like(schema.products.sku, `${prefix}%`));

describe('who may', () => {
  it('is the catalogue desk: others are refused the template, the export and the import', async () => {
    for (const url of ['/api/admin/products/csv-template', '/api/admin/products/export.csv']) {
      expect((await t.app.inject({ url })).statusCode).toBe(401);
      expect((await t.app.inject({ url, headers: { cookie: orders } })).statusCode).toBe(403);
      expect((await t.app.inject({ url, headers: { cookie: catalogue } })).statusCode).toBe(200);
    }
    expect((await postImport(t.app, orders, 'sku\nA', { dryRun: true })).statusCode).toBe(403);
    // Refused before the file is read: a guest's large upload hears 401, not 413.
    expect((await postImport(t.app, '', new Uint8Array(11 * 1024 * 1024), { dryRun: true })).statusCode).toBe(401);
  });
});

describe('what is not a product file', () => {
  it('is refused in words: too large, not CSV, no file, and too many imports in a few minutes', async () => {
    const big = await postImport(t.app, owner, new Uint8Array(10 * 1024 * 1024 + 10).fill(65), { dryRun: true });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'FILE_TOO_LARGE' });
    const binary = await postImport(t.app, owner, new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff]), { dryRun: true });
    expect(binary.json<ImportReport>().problems).toEqual([{ row: 0, column: '', message: expect.stringMatching(/not UTF-8/) }]);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products/import',
      headers: { cookie: owner, 'content-type': 'application/json' },
      payload: { dryRun: 'true' },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'INVALID_REQUEST', fields: { file: 'Please choose a CSV file.' } });

    const member = (await createStaff(t.app, { role: 'catalogue' })).cookie;
    const codes: number[] = [];
    for (let i = 0; i < 31; i += 1) codes.push((await postImport(t.app, member, 'sku,name\r\n', { dryRun: true })).statusCode);
    expect(codes.slice(0, 30).every((c) => c === 200)).toBe(true);
    expect(codes[30]).toBe(429);
  });
});

describe('the template', () => {
  it('is UTF-8 with a byte order mark: the header (SKU first) and three example rows (one a chain weighed by length), which check clean', async () => {
    const res = await t.app.inject({ url: '/api/admin/products/csv-template', headers: { cookie: owner } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="milli-products-template.csv"/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]!.split(',').slice(0, 2)).toEqual(['sku', 'name']);
    expect(lines[0]!.split(',')).toContain('sizeWeightsG');
    const check = await postImport(t.app, owner, res.rawPayload, { dryRun: true });
    expect(check.json()).toMatchObject({ dryRun: true, written: false, rows: 3, created: 3, updated: 0, problems: [] });
  });
});

describe('the check (dry run)', () => {
  it('names unknown, repeated and missing columns on row 1', async () => {
    const res = await postImport(
      t.app,
      owner,
      csvOf([
        ['sku', 'colour of sky', 'sku', 'name'],
        ['A-1', 'blue', 'A-1', 'Ring'],
      ]),
      { dryRun: true },
    );
    expect(res.statusCode).toBe(200);
    const report = res.json<ImportReport>();
    expect(report).toMatchObject({ dryRun: true, written: false, rows: 1 });
    expect(report.problems).toEqual(
      expect.arrayContaining([
        { row: 1, column: 'colour of sky', message: expect.stringMatching(/no column "colour of sky"/) },
        { row: 1, column: 'sku', message: expect.stringMatching(/appears twice/) },
        { row: 1, column: 'category', message: 'The column "category" is missing.' },
        { row: 1, column: 'material', message: 'The column "material" is missing.' },
      ]),
    );
  });

  it('lists every bad value by row and column, and repeated SKUs, and writes nothing', async () => {
    const csv = csvOf([
      HEADER,
      row('CHK-1', 'Good ring'),
      row('CHK-2', 'Heavy ring', { metalWeightG: 'heavy', category: 'Rocket' }),
      row('CHK-3', 'Tagged ring', { tags: 'Solitaire|Spaceship', stock: '-1' }),
      row('chk-1', 'Again'),
    ]);
    const report = (await postImport(t.app, owner, csv, { dryRun: true })).json<ImportReport>();
    expect(report).toMatchObject({ rows: 4, written: false, created: 0, updated: 0 });
    // Every problem of a row, not only its first (issue 39).
    expect(report.problems).toEqual([
      { row: 3, column: 'metalWeightG', message: 'The metal weight must be a number.' },
      { row: 3, column: 'category', message: expect.stringMatching(/no category called "Rocket"/) },
      { row: 4, column: 'stock', message: 'Stock cannot be below 0.' },
      { row: 4, column: 'tags', message: expect.stringMatching(/Rings has no tag "Spaceship"/) },
      { row: 5, column: 'sku', message: 'The SKU CHK-1 is also on row 2: each product appears once in a file.' },
    ]);
    expect(await productsLike('CHK-')).toHaveLength(0);
  });

  it('bounds the report: at most 5 problems a row and 200 in all, the last saying how many more (issue 39)', async () => {
    const many = { metalWeightG: 'heavy', makingChargeKind: 'sometimes', makingCharge: 'lots', stock: '-1', category: 'Rocket', material: 'Cheese' };
    const csv = csvOf([HEADER, ...Array.from({ length: 60 }, (_, i) => row(`BND-${i + 1}`, 'Ring', many))]);
    const report = (await postImport(t.app, owner, csv, { dryRun: true })).json<ImportReport>();
    expect(report.problems).toHaveLength(200);
    const perRow = new Map<number, number>();
    for (const p of report.problems) perRow.set(p.row, (perRow.get(p.row) ?? 0) + 1);
    expect(perRow.get(2)).toBe(5);
    expect(Math.max(...[...perRow.entries()].filter(([r]) => r > 0).map(([, n]) => n))).toBe(5);
    expect(report.problems.at(-1)).toEqual({
      row: 0,
      column: '',
      message: expect.stringMatching(/^\d+ more problems are not listed: correct these and check the file again\.$/),
    });
    expect(await productsLike('BND-')).toHaveLength(0);
  });

  it('answers a semicolon-separated file with one short message, not a column named after the whole header (issue 39)', async () => {
    const csv = `${HEADER.join(';')}\r\n${row('SEMI-1', 'Ring').join(';')}\r\n`;
    const report = (await postImport(t.app, owner, csv, { dryRun: true })).json<ImportReport>();
    expect(report.problems).toEqual([{ row: 1, column: '', message: 'This file is separated by semicolons; save it as CSV with commas.' }]);
  });

  it('names a category, tag or stone the store does not have', async () => {
    const csv = csvOf([HEADER, row('NAM-1', 'Ring', { category: 'Rocket' }), row('NAM-2', 'Ring', { tags: 'Spaceship' })]);
    const report = (await postImport(t.app, owner, csv, { dryRun: true })).json<ImportReport>();
    expect(report.problems).toEqual([
      { row: 2, column: 'category', message: expect.stringMatching(/no category called "Rocket"/) },
      { row: 3, column: 'tags', message: expect.stringMatching(/Rings has no tag "Spaceship"/) },
    ]);
  });

  it('streams progress and then the report as NDJSON when asked', async () => {
    const rows = Array.from({ length: 1200 }, (_, i) => row(`NDJ-${i}`, `Piece ${i}`));
    const res = await postImport(t.app, owner, csvOf([HEADER, ...rows]), { dryRun: true, ndjson: true });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
    const lines = res.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string; done?: number; total?: number });
    const progress = lines.filter((l) => l.type === 'progress');
    expect(progress.map((p) => p.done)).toEqual([500, 1000, 1200]);
    expect(lines.at(-1)).toMatchObject({ type: 'report', report: { rows: 1200, created: 1200, updated: 0, problems: [] } });
  });
});

describe('the import', () => {
  it('refuses a file with any bad row (422 IMPORT_INVALID with the report) and writes nothing', async () => {
    const rows = Array.from({ length: 200 }, (_, i) => row(`BAD-${String(i).padStart(3, '0')}`, `Bad batch ${i}`));
    rows[17] = row('BAD-017', 'Bad batch 17', { material: 'Wood' });
    rows[150] = row('BAD-150', 'Bad batch 150', { makingCharge: '' });
    const res = await postImport(t.app, owner, csvOf([HEADER, ...rows]), { dryRun: false });
    expect(res.statusCode).toBe(422);
    const body = res.json<{ code: string; report: ImportReport }>();
    expect(body.code).toBe('IMPORT_INVALID');
    expect(body.report.problems).toEqual([
      { row: 19, column: 'material', message: expect.stringMatching(/^The material is one of/) },
      { row: 152, column: 'makingCharge', message: 'Give the making charge as a percent above 0.' },
    ]);
    expect(await productsLike('BAD-')).toHaveLength(0);
    const audit = await t.database.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, 'import'));
    expect(audit).toHaveLength(0);
  });

  it('creates 200 products in one go, then updates them by SKU, with the audit log and the storefront current', async () => {
    const rows = Array.from({ length: 200 }, (_, i) => row(`IMP-${String(i).padStart(3, '0')}`, `Imported ring ${i}`));
    const first = await postImport(t.app, catalogue, csvOf([HEADER, ...rows]), { dryRun: false });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ dryRun: false, written: true, rows: 200, created: 200, updated: 0, problems: [] });
    const stored = await productsLike('IMP-');
    expect(stored).toHaveLength(200);
    expect(stored.every((p) => p.metalWeightMg === 3500 && p.stock === 4 && p.listPricePaise > 0)).toBe(true);

    // The storefront's search finds them at once (the read cache was flushed after commit).
    const found = await t.app.inject({ url: `/api/product/suggest?q=${encodeURIComponent('Imported ring 7')}` });
    expect(found.body).toContain('Imported ring 7');

    // The second file changes the stock of two and leaves out the columns it does not change.
    const update = csvOf([
      ['sku', 'name', 'category', 'material', 'stock'],
      ['IMP-000', 'Imported ring 0', 'Rings', 'Gold', '9'],
      ['IMP-001', 'Imported ring one', 'Rings', 'Gold', '0'],
      ['IMP-NEW', 'Brand new ring', 'Rings', 'Gold', '1'],
    ]);
    const check = await postImport(t.app, catalogue, update, { dryRun: true });
    expect(check.json()).toMatchObject({ rows: 3, created: 0, updated: 0, problems: [{ row: 4, column: 'metalWeightG' }] });
    const withPrice = csvOf([
      ['sku', 'name', 'category', 'material', 'stock', 'fixedPrice'],
      ['IMP-000', 'Imported ring 0', 'Rings', 'Gold', '9', ''],
      ['IMP-001', 'Imported ring one', 'Rings', 'Gold', '0', ''],
      ['IMP-NEW', 'Brand new ring', 'Rings', 'Gold', '1', '25,000'],
    ]);
    const second = await postImport(t.app, catalogue, withPrice, { dryRun: false });
    expect(second.json()).toMatchObject({ written: true, created: 1, updated: 2, problems: [] });
    const [zero, one] = await t.database.db
      .select()
      .from(schema.products)
      .where(inArray(schema.products.sku, ['IMP-000', 'IMP-001']))
      .orderBy(schema.products.sku);
    expect(zero).toMatchObject({ stock: 9, metalWeightMg: 3500, makingChargeKind: 'percent' });
    expect(one).toMatchObject({ stock: 0, name: 'Imported ring one', metalWeightMg: 3500 });

    const audit = await t.database.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, 'import'));
    expect(audit.map((a) => a.after)).toEqual([
      { rows: 200, created: 200, updated: 0 },
      { rows: 3, created: 1, updated: 2 },
    ]);
    const perProduct = await t.database.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.entityId, String(zero!.id)));
    expect(perProduct.map((a) => a.action)).toEqual(['product.create', 'product.update']);
  });

  it('exports what it imports: the export of a filter imports back as updates changing nothing', async () => {
    const res = await t.app.inject({ url: '/api/admin/products/export.csv?q=IMP-0', headers: { cookie: owner } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(1 + 100);
    expect(lines[1]).toMatch(/^IMP-000,Imported ring 0,/);
    const before = await productsLike('IMP-0');
    const back = await postImport(t.app, owner, res.rawPayload, { dryRun: false });
    expect(back.json()).toMatchObject({ written: true, created: 0, updated: 100, problems: [] });
    const after = await productsLike('IMP-0');
    const strip = (rows: typeof before) => rows.map(({ updatedAt: _u, ...rest }) => rest).sort((a, b) => a.id - b.id);
    expect(strip(after)).toEqual(strip(before));
  });

  it('imports back unchanged the values its formula guard touches, and those that start with an apostrophe', async () => {
    const values = ["'=x", '=SUM(A1)', '+91 98765', '-5', '@x', "''", "'plain", "'+1", 'Plain ring'];
    const skus = values.map((_, i) => `TRIP-${i}`);
    expect((await postImport(t.app, owner, csvOf([HEADER, ...skus.map((sku) => row(sku, 'Round trip'))]), { dryRun: false })).statusCode).toBe(200);
    // Written straight to the database, as the product form keeps what it is given: the export must carry them.
    for (const [i, value] of values.entries()) {
      await t.database.db.update(schema.products).set({ name: value, description: value }).where(eq(schema.products.sku, skus[i]!));
    }
    const res = await t.app.inject({ url: '/api/admin/products/export.csv?q=TRIP-', headers: { cookie: owner } });
    expect(res.statusCode).toBe(200);
    const back = await postImport(t.app, owner, res.rawPayload, { dryRun: false });
    expect(back.json()).toMatchObject({ written: true, created: 0, updated: values.length, problems: [] });
    const after = await productsLike('TRIP-');
    const bySku = new Map(after.map((p) => [p.sku, p]));
    expect(skus.map((sku) => bySku.get(sku)?.name)).toEqual(values);
    expect(skus.map((sku) => bySku.get(sku)?.description)).toEqual(values);
  });

  it("exports what the products list's filters keep", async () => {
    await postImport(
      t.app,
      owner,
      csvOf([
        [...HEADER, 'active'],
        [...row('FLT-1', 'Filter one', { stock: '0' }), 'no'],
        [...row('FLT-2', 'Filter two', { stock: '1' }), 'yes'],
      ]),
      { dryRun: false },
    );
    const skus = async (query: string) => {
      const res = await t.app.inject({ url: `/api/admin/products/export.csv?${query}`, headers: { cookie: owner } });
      expect(res.statusCode).toBe(200);
      return res.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n')
        .slice(1)
        .map((l) => l.split(',')[0]);
    };
    expect(await skus('q=FLT-&status=archived')).toEqual(['FLT-1']);
    expect(await skus('q=flt&status=active&category=rings')).toEqual(['FLT-2']);
    expect(await skus('q=FLT-&stock=out')).toEqual(['FLT-1']);
    expect(await skus('q=FLT-&stock=low&sort=name&page=1')).toEqual(['FLT-2']);
    expect(await skus('q=FLT-&category=Bangles')).toEqual([]);
    expect((await t.app.inject({ url: '/api/admin/products/export.csv?status=lost', headers: { cookie: owner } })).statusCode).toBe(400);
  });

  it('exports every product with the template columns, and defuses formulas', async () => {
    const csv = csvOf([HEADER, row('FORM-1', '=HYPERLINK("http://example.com")')]);
    expect((await postImport(t.app, owner, csv, { dryRun: false })).statusCode).toBe(200);
    const res = await t.app.inject({ url: '/api/admin/products/export.csv', headers: { cookie: owner } });
    const template = await t.app.inject({ url: '/api/admin/products/csv-template', headers: { cookie: owner } });
    const body = res.body.replace(/^\uFEFF/, '');
    expect(body.split('\r\n')[0]).toBe(template.body.replace(/^\uFEFF/, '').split('\r\n')[0]);
    expect(body).toContain(`FORM-1,"'=HYPERLINK(""http://example.com"")"`);
    expect(body.trimEnd().split('\r\n').length - 1).toBe(await t.database.db.$count(schema.products));
  });
});
