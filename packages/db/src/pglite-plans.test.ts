import { eq, sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, serial, text, timestamp, bigint, boolean } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from './errors.ts';
import { KEPT_MAX } from './plan-policy.ts';
import { withKeptPlans } from './pglite-plans.ts';

const pieces = pgTable('pieces', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  grams: integer('grams'),
  paise: bigint('paise', { mode: 'number' }).notNull(),
  options: jsonb('options').$type<{ purity?: string }>(),
  listed: boolean('listed').notNull().default(true),
  addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
});

// PGlite's own behaviour is what the kept plans must match, so this file runs on PGlite whatever the test database.
let plain: PGlite;
let client: ReturnType<typeof withKeptPlans>;
let db: ReturnType<typeof drizzle<Record<string, never>>>;

beforeAll(async () => {
  plain = await PGlite.create();
  client = withKeptPlans(plain);
  db = drizzle(client);
  await plain.exec(`create table pieces (id serial primary key, name text not null unique, grams integer, paise bigint not null,
    options jsonb, listed boolean not null default true, added_at timestamptz not null default now())`);
  await db.insert(pieces).values([
    { name: 'jhumka', grams: 12, paise: 9_876_543_21, options: { purity: '22' } },
    { name: 'kada', grams: null, paise: 45_000_00, options: null, listed: false },
  ]);
});

afterAll(async () => {
  await plain?.close();
});

const byName = (name: string) => db.select().from(pieces).where(eq(pieces.name, name));

describe('PGlite with its plans kept', () => {
  it('answers as PGlite itself does, the first, second and later times, and keeps a text only when it comes again', async () => {
    const before = client.keptCount;
    const expected = await drizzle(plain).select().from(pieces).where(eq(pieces.name, 'jhumka'));
    expect(expected[0]).toMatchObject({ name: 'jhumka', grams: 12, paise: 9_876_543_21, options: { purity: '22' }, listed: true });
    expect(expected[0]!.addedAt).toBeInstanceOf(Date);

    expect(await byName('jhumka')).toEqual(expected);
    expect(client.keptCount).toBe(before);
    expect(await byName('jhumka')).toEqual(expected);
    expect(client.keptCount).toBe(before + 1);
    for (let i = 0; i < 5; i++) expect(await byName('jhumka')).toEqual(expected);
    // Nulls, false and another row through the same kept plan.
    expect(await byName('kada')).toMatchObject([{ name: 'kada', grams: null, options: null, listed: false, paise: 45_000_00 }]);
    expect(await byName('nothing')).toEqual([]);
    // Raw statements too: values written by their parameter's type (a date, an array, a JSON object).
    const raw = (at: Date) =>
      db.execute(sql`select ${at}::timestamptz as at, ${'{3,1,2}'}::int[] as ids, ${JSON.stringify({ a: [1, 'b'] })}::jsonb as doc, ${null}::text as none`);
    for (let i = 0; i < 3; i++) {
      const at = new Date(Date.UTC(2026, 10, 28, 10, i));
      expect((await raw(at)).rows).toEqual([
        { at: at.toISOString().replace('T', ' ').replace('.000Z', '+00'), ids: [3, 1, 2], doc: { a: [1, 'b'] }, none: null },
      ]);
    }
  });

  it('runs many statements at once without mixing their answers', async () => {
    const asked = Array.from({ length: 300 }, (_, i) =>
      i % 3 === 0 ? byName('jhumka') : i % 3 === 1 ? byName('kada') : db.execute(sql`select ${i}::int * 2 as twice`),
    );
    const answers = await Promise.all(asked);
    answers.forEach((answer, i) => {
      if (i % 3 === 0) expect(answer).toMatchObject([{ name: 'jhumka' }]);
      else if (i % 3 === 1) expect(answer).toMatchObject([{ name: 'kada' }]);
      else expect((answer as { rows: unknown[] }).rows).toEqual([{ twice: 2 * i }]);
    });
  });

  it('keeps to a transaction: its writes undone on rollback, a plan first made inside it still good after', async () => {
    const rename = (from: string, to: string, tx: typeof db) =>
      tx.update(pieces).set({ name: to }).where(eq(pieces.name, from)).returning({ name: pieces.name });
    await expect(
      db.transaction(async (tx) => {
        for (let i = 0; i < 3; i++) {
          expect(await rename('kada', 'kada-2', tx as unknown as typeof db)).toEqual([{ name: 'kada-2' }]);
          expect(await rename('kada-2', 'kada', tx as unknown as typeof db)).toEqual([{ name: 'kada' }]);
        }
        await rename('kada', 'bangle', tx as unknown as typeof db);
        throw new Error('called off');
      }),
    ).rejects.toThrow('called off');
    expect(await byName('bangle')).toEqual([]);
    expect(await rename('kada', 'kada', db)).toEqual([{ name: 'kada' }]);
    // A failed statement inside a transaction loses it; the kept plans still serve after.
    await expect(
      db.transaction(async (tx) => {
        await rename('kada', 'jhumka', tx as unknown as typeof db);
      }),
    ).rejects.toSatisfy((error: unknown) => isUniqueViolation(error));
    expect(await byName('kada')).toMatchObject([{ name: 'kada' }]);
  });

  it('reports a broken rule with its code, and the next statement runs', async () => {
    const clash = () => db.insert(pieces).values({ name: 'jhumka', paise: 1 });
    for (let i = 0; i < 3; i++) await expect(clash()).rejects.toSatisfy((error: unknown) => isUniqueViolation(error, 'pieces_name_key'));
    expect(await byName('jhumka')).toHaveLength(1);
  });

  it('keeps nothing whose parameter types the caller gives, and names apart from another wrapper of the same PGlite', async () => {
    const before = client.keptCount;
    for (let i = 0; i < 3; i++) expect((await client.query('select $1 as typed', [5], { paramTypes: [20] })).rows).toEqual([{ typed: 5 }]);
    for (let i = 0; i < 3; i++) expect((await client.query('select $1 as typed', [5])).rows).toEqual([{ typed: '5' }]);
    expect(client.keptCount).toBe(before + 1);
    const other = withKeptPlans(plain);
    for (let i = 0; i < 3; i++) expect((await other.query('select $1::int as other', [i])).rows).toEqual([{ other: i }]);
    expect(other.keptCount).toBe(1);
  });

  it('keeps at most KEPT_MAX plans, closing the least recently used, which is made again when it comes back', async () => {
    const numbered = (n: number) => db.execute(sql.raw(`select ${n} as n, count(*)::int as pieces from pieces`));
    for (let n = 0; n < KEPT_MAX + 20; n++) {
      await numbered(n);
      await numbered(n);
    }
    expect(client.keptCount).toBe(KEPT_MAX);
    for (let i = 0; i < 2; i++) expect((await numbered(0)).rows).toEqual([{ n: 0, pieces: 2 }]);
    const prepared = await plain.query<{ kept: number }>(
      `select count(*)::int as kept from pg_prepared_statements where name like 'milli_kept_%' and statement not like '%as other'`,
    );
    expect(prepared.rows[0]!.kept).toBe(KEPT_MAX);
  });

  it('makes a plan again when its table changed under it', async () => {
    const all = () => db.execute(sql.raw('select * from pieces where id = 1'));
    await all();
    expect(Object.keys((await all()).rows[0]!)).not.toContain('hallmark');
    await plain.exec(`alter table pieces add column hallmark text not null default 'BIS'`);
    expect((await all()).rows[0]).toMatchObject({ name: 'jhumka', hallmark: 'BIS' });
    expect((await all()).rows[0]).toMatchObject({ hallmark: 'BIS' });
    // Inside a transaction the error stands, and the stale plan is closed all the same.
    const byId = (tx: { query: typeof client.query }) => tx.query('select * from pieces where id = $1', [1]);
    await byId(client);
    await byId(client);
    await plain.exec(`alter table pieces alter column grams type bigint`);
    await expect(client.transaction((tx) => byId(tx))).rejects.toMatchObject({ code: '0A000' });
    const open = await plain.query<{ n: number }>(
      `select count(*)::int as n from pg_prepared_statements where name like 'milli_kept_%' and statement not like '%as other'`,
    );
    expect(open.rows[0]!.n).toBe(client.keptCount);
    expect((await byId(client)).rows[0]).toMatchObject({ grams: 12 });
  });
});
