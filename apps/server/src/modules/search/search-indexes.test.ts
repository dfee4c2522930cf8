/**
 * The search's indexes (issue 39, migration 0025) help only while they match the SQL the repository writes: an index
 * on `right(regexp_replace(phone, …), 10)` cannot serve a query that strips the digits another way. As the scale
 * indexes' test does, this reads the repository's own statements and asks the planner, with sequential scans priced
 * out (a test store is too small for it to prefer an index by itself), whether the index can answer each.
 */
import type { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema, type Db } from '@milli/db';
import { createTestDatabase, type TestDatabase } from '@milli/db/testing';
import { searchRepository } from './repository.ts';
import { searchKeys } from './service.ts';

let database: TestDatabase;
let db: Db;
const sent: { sql: string; params: unknown[] }[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const client = (database.db as unknown as { $client: unknown }).$client;
  const logger = { logQuery: (query: string, params: unknown[]) => void sent.push({ sql: query, params }) };
  db = database.kind === 'pglite' ? drizzlePglite(client as PGlite, { schema, logger }) : drizzlePg(client as pg.Pool, { schema, logger });
}, 120_000);
afterAll(async () => {
  await database?.dispose();
});

function withParams(query: { sql: string; params: unknown[] }): SQL {
  const parts = query.sql.split(/\$(\d+)/);
  return sql.join(
    parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${query.params[Number(part) - 1]}`)),
    sql.raw(''),
  );
}

/** Each statement the search sent for `q` (by the orders, customers and requests groups), with its plan. */
async function plansFor(q: string, { without }: { without?: string } = {}): Promise<{ sql: string; plan: string }[]> {
  sent.length = 0;
  const repo = searchRepository(db);
  const keys = searchKeys(q);
  await repo.orders(keys);
  await repo.customers(keys);
  await repo.customRequests(keys);
  const statements = [...sent];
  const out: { sql: string; plan: string }[] = [];
  const rolledBack = new Error('rolled back');
  await db
    .transaction(async (tx) => {
      await tx.execute(sql.raw('set local enable_seqscan = off'));
      // In an empty table an index on the address's kind looks as cheap as any: it is dropped for the question, in
      // this transaction only (PostgreSQL's DDL is transactional), to ask whether the index under test can answer.
      if (without) await tx.execute(sql.raw(`drop index "${without}"`));
      for (const statement of statements) {
        const result = (await tx.execute(sql`explain (costs off) ${withParams(statement)}`)) as unknown as { rows: Record<string, string>[] };
        out.push({ sql: statement.sql, plan: result.rows.map((r) => r['QUERY PLAN']).join('\n') });
      }
      throw rolledBack;
    })
    .catch((error: unknown) => {
      if (error !== rolledBack) throw error;
    });
  return out;
}

describe("the search's indexes answer its lookups", () => {
  it('a phone number is looked up through the phone-digit indexes of order addresses, customers and saved addresses', async () => {
    const plans = await plansFor('+91 98765 43210');
    const phoneLookups = plans.filter((p) => p.sql.includes('regexp_replace'));
    expect(phoneLookups.length).toBeGreaterThanOrEqual(4);
    const used = phoneLookups.map((p) => p.plan).join('\n');
    console.log(used);
    for (const index of ['order_addresses_phone_digits_idx', 'customers_mobile_digits_idx', 'customer_addresses_phone_digits_idx']) {
      expect(used, index).toContain(index);
    }
    for (const p of phoneLookups) expect(p.plan, p.sql).not.toMatch(/Seq Scan on (order_addresses|customer_addresses)\b/);
  });

  it('a HUID is looked up through the pieces’ HUID index (released pieces too), and an AWB through its upper-case index', async () => {
    const huid = (await plansFor('AB12CD')).filter((p) => p.sql.includes('"order_pieces"'));
    expect(huid.length).toBeGreaterThan(0);
    console.log(huid.map((p) => p.plan).join('\n'));
    expect(huid.map((p) => p.plan).join('\n')).toMatch(/order_pieces_huid_(idx|key)/);
    expect(huid.map((p) => p.plan).join('\n')).toContain('order_pieces_huid_idx');
    const awb = (await plansFor('XB-77123456')).filter((p) => p.sql.includes('upper("orders"."awb_number")'));
    expect(awb).toHaveLength(1);
    expect(awb[0]!.plan).toContain('orders_awb_upper_idx');
  });

  it('a PIN and a locality are looked up through the shipping addresses’ PIN and trigram indexes', async () => {
    const pin = (await plansFor('600004')).filter((p) => p.sql.includes('"order_addresses"."pincode" ='));
    expect(pin.map((p) => p.plan).join('\n')).toContain('order_addresses_pincode_idx');
    const locality = (await plansFor('Mylapore', { without: 'order_addresses_order_kind_key' })).filter((p) =>
      p.sql.includes(`"order_addresses"."address" || ' ' || "order_addresses"."city"`),
    );
    expect(locality.map((p) => p.plan).join('\n')).toContain('order_addresses_locality_trgm_idx');
  });
});
