import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { placeholderValue, preparedQuery, preparedStatement } from './prepared.ts';
import { customers, sessions } from './schema.ts';
import { createTestDatabase, testServerUrl } from './testing.ts';

const p = (name: string) => sql.placeholder(name);
const twice = preparedStatement<{ doubled: number; label: string; none: string | null }>(
  'test_prepared_twice',
  sql`select ${p('n')}::int * 2 as doubled, ${p('label')}::text || '/' || ${p('n')}::text as label, ${p('none')}::text as none`,
);

describe('prepared statements', () => {
  it('run with their values, as often as asked, on the database and in a transaction; PostgreSQL keeps them prepared', async () => {
    const database = await createTestDatabase();
    try {
      for (let n = 1; n <= 8; n++) expect(await twice(database.db, { n, label: 'x', none: null })).toEqual([{ doubled: 2 * n, label: `x/${n}`, none: null }]);
      const inside = await database.db.transaction(async (tx) => {
        const rows = await twice(tx, { n: 21, label: 'tx', none: 'set' });
        const prepared = await tx.execute<{ name: string }>(sql`select name from pg_prepared_statements where name = 'test_prepared_twice'`);
        return { rows, prepared: (Array.isArray(prepared) ? prepared : (prepared as unknown as { rows: { name: string }[] }).rows).length };
      });
      expect(inside.rows).toEqual([{ doubled: 42, label: 'tx/21', none: 'set' }]);
      // PostgreSQL holds it prepared on the connection; PGlite runs it as it comes.
      expect(inside.prepared).toBe(testServerUrl ? 1 : 0);
    } finally {
      await database.dispose();
    }
  });

  it('refuses a second statement under a name already given', () => {
    expect(() => preparedStatement('test_prepared_twice', sql`select 1`)).toThrow(/already named/);
  });
});

let builds = 0;
const newCustomer = preparedQuery('test_prepared_query_insert', (db) => {
  builds += 1;
  return db
    .insert(customers)
    .values({ username: p('username'), email: p('email'), passwordHash: '!', mobile: p('mobile') })
    .returning({ id: customers.id, email: customers.email, mobile: customers.mobile, createdAt: customers.createdAt });
});
const withSession = preparedQuery('test_prepared_query_select', (db) =>
  db
    .select({ id: customers.id, username: customers.username, expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt })
    .from(customers)
    .leftJoin(sessions, eq(sessions.customerId, customers.id))
    .where(eq(customers.email, p('email'))),
);
const seen = preparedQuery('test_prepared_query_update', (db) =>
  db
    .update(sessions)
    .set({ lastSeenAt: placeholderValue<Date>('at') })
    .where(eq(sessions.customerId, p('customerId')))
    .returning({ lastSeenAt: sessions.lastSeenAt }),
);

describe('prepared drizzle queries', () => {
  it('are built once, run on the database and in a transaction, and map rows as the query would (types, a join’s nulls)', async () => {
    const database = await createTestDatabase();
    try {
      const made: { id: number; email: string; mobile: string | null; createdAt: Date }[] = [];
      for (let n = 1; n <= 6; n++)
        made.push((await newCustomer(database.db, { username: `p${n}`, email: `p${n}@example.com`, mobile: n % 2 ? null : `98765432${n}0` }))[0]!);
      expect(made.map((m) => [m.email, m.mobile])).toEqual([1, 2, 3, 4, 5, 6].map((n) => [`p${n}@example.com`, n % 2 ? null : `98765432${n}0`]));
      expect(made.every((m) => m.createdAt instanceof Date)).toBe(true);
      // No session yet: the left join's columns come back null, as drizzle's own query gives them.
      expect(await withSession(database.db, { email: 'p2@example.com' })).toEqual([{ id: made[1]!.id, username: 'p2', expiresAt: null, lastSeenAt: null }]);
      const expiresAt = new Date('2026-12-28T10:00:00.000Z');
      await database.db.insert(sessions).values({ tokenHash: 'prepared-query-test', customerId: made[1]!.id, expiresAt });
      const at = new Date('2026-11-28T10:00:00.000Z');
      const inside = await database.db.transaction(async (tx) => ({
        updated: await seen(tx, { at, customerId: made[1]!.id }),
        read: await withSession(tx, { email: 'p2@example.com' }),
      }));
      expect(inside.updated).toEqual([{ lastSeenAt: at }]);
      expect(inside.read).toEqual([{ id: made[1]!.id, username: 'p2', expiresAt, lastSeenAt: at }]);
      // The same as drizzle builds and maps it on every call.
      const plain = await database.db
        .select({ id: customers.id, username: customers.username, expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt })
        .from(customers)
        .leftJoin(sessions, eq(sessions.customerId, customers.id))
        .where(eq(customers.email, 'p2@example.com'));
      expect(await withSession(database.db, { email: 'p2@example.com' })).toEqual(plain);
      expect(builds).toBe(1);
    } finally {
      await database.dispose();
    }
  });

  it('refuses a name already given, and a value missing for a placeholder', async () => {
    expect(() => preparedQuery('test_prepared_query_select', (db) => db.select().from(customers))).toThrow(/already named/);
    const database = await createTestDatabase();
    try {
      await expect(withSession(database.db, {})).rejects.toThrow(/email/);
    } finally {
      await database.dispose();
    }
  });
});
