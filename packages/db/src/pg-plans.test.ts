import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from './errors.ts';
import { KEPT_MAX } from './plan-policy.ts';
import { createTestDatabase, testServerUrl, type TestDatabase } from './testing.ts';

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows);

// PostgreSQL's side of decision 037; PGlite's is pglite-plans.test.ts.
describe.skipIf(!testServerUrl)('PostgreSQL with its plans kept', () => {
  let database: TestDatabase;
  const keptCount = () => ((database.db as unknown as { $client: pg.Pool }).$client.options as unknown as { Client: { keptCount: number } }).Client.keptCount;

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.execute(sql`create table plans_test (id serial primary key, name text not null unique, grams int)`);
    await database.db.execute(sql`insert into plans_test (name, grams) values ('jhumka', 12), ('kada', null)`);
  });

  afterAll(async () => {
    await database?.dispose();
  });

  it('names a statement the second time it comes, and the connection runs it on its kept plan', async () => {
    const before = keptCount();
    const found = await database.db.transaction(async (tx) => {
      const answers = [];
      for (let i = 0; i < 4; i++)
        answers.push(rowsOf(await tx.execute(sql`select name, grams from plans_test where grams is not distinct from ${i % 2 ? null : 12}`)));
      const prepared = rowsOf<{ name: string; statement: string }>(
        await tx.execute(sql`select name, statement from pg_prepared_statements where name like 'milli_kept_%'`),
      );
      return { answers, prepared };
    });
    expect(found.answers).toEqual([
      [{ name: 'jhumka', grams: 12 }],
      [{ name: 'kada', grams: null }],
      [{ name: 'jhumka', grams: 12 }],
      [{ name: 'kada', grams: null }],
    ]);
    expect(found.prepared.map((p) => p.statement)).toContainEqual(expect.stringContaining('from plans_test where grams is not distinct from $1'));
    expect(keptCount()).toBeGreaterThan(before);
  });

  it('reports a broken rule with its code through a kept plan, and the connection goes on', async () => {
    const clash = () => database.db.execute(sql`insert into plans_test (name) values (${'jhumka'})`);
    for (let i = 0; i < 3; i++) await expect(clash()).rejects.toSatisfy((error: unknown) => isUniqueViolation(error));
    expect(rowsOf(await database.db.execute(sql`select count(*)::int as n from plans_test`))).toEqual([{ n: 2 }]);
  });

  it('names at most KEPT_MAX texts; the rest run as they come', async () => {
    const numbered = (n: number) => database.db.execute(sql`select ${sql.raw(String(n))} as n, ${'x'}::text as x`);
    for (let n = 0; n < KEPT_MAX + 20; n++) {
      for (let i = 0; i < 2; i++) expect(rowsOf(await numbered(n))).toEqual([{ n, x: 'x' }]);
    }
    expect(keptCount()).toBe(KEPT_MAX);
    expect(rowsOf(await numbered(KEPT_MAX + 19))).toEqual([{ n: KEPT_MAX + 19, x: 'x' }]);
  });

  it('never names a text sent without values: several statements at once run every time', async () => {
    const before = keptCount();
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    for (let i = 0; i < 3; i++) await pool.query({ text: 'select 1 as a; select 2 as b' });
    for (let i = 0; i < 3; i++) expect(rowsOf(await database.db.execute(sql.raw('select 3 as c')))).toEqual([{ c: 3 }]);
    expect(keptCount()).toBe(before);
  });
});
