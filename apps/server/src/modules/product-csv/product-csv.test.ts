/**
 * Products as CSV (issue 17): the template, the dry run that lists every row's problems before anything is
 * written, create-or-update by SKU in one transaction, and the streamed progress. On PGlite, and on PostgreSQL
 * when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing.ts';
import { createStaff } from '../../testing-factories.ts';
import { csvOf, postImport } from './testing.ts';

let t: TestApp;
let owner = '';
let orders = '';

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  owner = (await createStaff(t.app, { role: 'owner' })).cookie;
  orders = (await createStaff(t.app, { role: 'orders' })).cookie;
});
afterAll(() => t?.close());

describe('who may', () => {
  it('is the catalogue desk: others are refused the template, the export and the import', async () => {
    for (const url of ['/api/admin/products/csv-template', '/api/admin/products/export.csv']) {
      expect((await t.app.inject({ url })).statusCode).toBe(401);
      expect((await t.app.inject({ url, headers: { cookie: orders } })).statusCode).toBe(403);
    }
    expect((await postImport(t.app, orders, 'sku\nA', { dryRun: true })).statusCode).toBe(403);
  });
});

describe('the template', () => {
  it('is UTF-8 with a byte order mark: a header row and two example rows, SKU first', async () => {
    const res = await t.app.inject({ url: '/api/admin/products/csv-template', headers: { cookie: owner } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="milli-products-template.csv"/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]!.split(',')[0]).toBe('sku');
  });
});

describe('the check (dry run)', () => {
  it('names unknown, repeated and missing columns on row 1', async () => {
    const res = await postImport(t.app, owner, csvOf([['sku', 'colour of sky', 'sku'], ['A-1', 'blue', 'A-1']]), { dryRun: true });
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report).toMatchObject({ dryRun: true, written: false, rows: 1 });
    expect(report.problems).toEqual(
      expect.arrayContaining([
        { row: 1, column: 'colour of sky', message: expect.stringMatching(/Unknown column/) },
        { row: 1, column: 'sku', message: expect.stringMatching(/appears twice/) },
        { row: 1, column: 'name', message: expect.stringMatching(/missing/) },
      ]),
    );
  });

  it('lists every bad value by row and column, and repeated SKUs', async () => {
    const csv = csvOf([
      ['sku', 'name', 'metalWeight'],
      ['CSV-1', 'Good ring', '4.5'],
      ['CSV-2', '', 'heavy'],
      ['CSV-1', 'Again', '1'],
    ]);
    const report = (await postImport(t.app, owner, csv, { dryRun: true })).json();
    expect(report.problems).toEqual([
      { row: 3, column: 'name', message: expect.any(String) },
      { row: 3, column: 'metalWeight', message: expect.stringMatching(/grams must be a number/) },
      { row: 4, column: 'sku', message: 'The SKU CSV-1 is also on row 2: each product may appear once.' },
    ]);
  });

  it('streams progress and then the report as NDJSON when asked', async () => {
    const rows = Array.from({ length: 200 }, (_, i) => [`NDJ-${i}`, `Piece ${i}`, '2']);
    const res = await postImport(t.app, owner, csvOf([['sku', 'name', 'metalWeight'], ...rows]), { dryRun: true, ndjson: true });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
    const lines = res.body.trim().split('\n').map((l) => JSON.parse(l) as { type: string; done?: number; total?: number; report?: unknown });
    const progress = lines.filter((l) => l.type === 'progress');
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.at(-1)).toMatchObject({ done: 200, total: 200 });
    expect(lines.at(-1)).toMatchObject({ type: 'report', report: { rows: 200, created: 200, updated: 0, problems: [] } });
  });
});
