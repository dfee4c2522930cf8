/**
 * The indexes of the scale migration (decision 018, docs/scale.md) only help while they match the SQL the
 * repository writes: an index on `units_sold DESC NULLS LAST` cannot serve `ORDER BY units_sold DESC`. These
 * tests read the repository's own statements and ask the planner, with sequential scans and sorts priced out
 * (the demo store is too small for it to prefer an index by itself), whether the index can answer them.
 */
import type { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema, type Db } from '@milli/db';
import { createTestDatabase, type TestDatabase } from '@milli/db/testing';
import { createCatalogRepository, type ProductCriteria, type ProductOrder } from './repository.ts';
import { searchTerms } from './service.ts';

let database: TestDatabase;
let db: Db;
const sent: { sql: string; params: unknown[] }[] = [];

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  // The same connection, through a drizzle that records what the repository sends.
  const client = (database.db as unknown as { $client: unknown }).$client;
  const logger = { logQuery: (query: string, params: unknown[]) => void sent.push({ sql: query, params }) };
  db = database.kind === 'pglite' ? drizzlePglite(client as PGlite, { schema, logger }) : drizzlePg(client as pg.Pool, { schema, logger });
});

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

/**
 * The plans of the statements `call` sends, with the planner told to avoid sequential scans, bitmaps and sorts
 * (bitmaps allowed with `bitmaps`: the full-text index is only ever read through one).
 */
async function plansOf(call: (repo: ReturnType<typeof createCatalogRepository>) => Promise<unknown>, { bitmaps = false } = {}): Promise<string[]> {
  sent.length = 0;
  await call(createCatalogRepository(db));
  const statements = [...sent];
  expect(statements.length).toBeGreaterThan(0);
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw('set local enable_seqscan = off'));
    if (!bitmaps) await tx.execute(sql.raw('set local enable_bitmapscan = off'));
    await tx.execute(sql.raw('set local enable_sort = off'));
    const plans: string[] = [];
    for (const statement of statements) {
      const result = (await tx.execute(sql`explain (costs off) ${withParams(statement)}`)) as unknown as { rows: Record<string, string>[] };
      plans.push(result.rows.map((r) => r['QUERY PLAN']).join('\n'));
    }
    return plans;
  });
}

const page = (criteria: ProductCriteria, order: ProductOrder) => (repo: ReturnType<typeof createCatalogRepository>) =>
  repo.findProducts(criteria, order, 12, 0);
const count = (criteria: ProductCriteria) => (repo: ReturnType<typeof createCatalogRepository>) => repo.countProducts(criteria);

describe('the scale indexes answer the queries they were made for', () => {
  it.each([
    ['featured', 'products_active_featured_idx'],
    ['rating', 'products_active_rating_idx'],
  ] as const)('the listing in the %s order is read from %s, with no sort', async (order, index) => {
    const [plan] = await plansOf(page({}, order));
    console.log(`${order} first page:\n${plan}`);
    expect(plan).toContain(index);
    // Above the tag list's subplan (string_agg sorts its own input): a Sort there would mean the index missed the order.
    const outer = plan!.split(/\n\s*SubPlan/)[0]!;
    expect(outer).not.toMatch(/\bSort\b/);
  });

  it('the price order within a price range is read from products_price_now_idx (the price shown), with no full sort', async () => {
    const [plan] = await plansOf(page({ minPaise: 50_000_00, maxPaise: 75_000_00 }, 'priceAsc'));
    console.log(`price order in a range:\n${plan}`);
    expect(plan).toContain('products_price_now_idx');
    // Ties of one price are put in id order as they come (an incremental sort): never a sort of the whole range.
    expect(plan!.split(/\n\s*SubPlan/)[0]!).not.toMatch(/(^|->\s+)Sort\b/m);
  });

  it("a material's category in a price range is read from products_material_category_price_idx", async () => {
    const [plan] = await plansOf(count({ material: ['Gold'], category: ['Rings'], minPaise: 20_000_00, maxPaise: 50_000_00 }));
    console.log(`gold rings in a range count:\n${plan}`);
    expect(plan).toContain('products_material_category_price_idx');
    expect(plan).toMatch(/price_now_paise >=/);
  });

  it('counting the whole listing is an index-only scan of products_active_idx', async () => {
    const [plan] = await plansOf(count({}));
    console.log(`listing count:\n${plan}`);
    expect(plan).toMatch(/Index Only Scan using products_active_idx/);
  });

  it("the Diamond menu's condition matches products_diamond_category_price_idx's predicate", async () => {
    const [plan] = await plansOf(count({ material: ['Diamond'], category: ['Earrings'] }));
    console.log(`Diamond earrings count:\n${plan}`);
    expect(plan).toContain('products_diamond_category_price_idx');
  });

  it.each(['gold ring', 'brecelet'])("a search for '%s' compares no product's text by similarity: full-text conditions only", async (q) => {
    // Known words keep only their full-text condition, and a typo is matched through the catalogue words like
    // it (search_words): no word_similarity per product, which cost 1.2 s at 100,000 products (decision 018).
    const criteria = await createCatalogRepository(db).lookUpWords({ search: searchTerms(q) });
    const [plan] = await plansOf(count(criteria), { bitmaps: true });
    console.log(`search '${q}' count:\n${plan}`);
    expect(plan).toMatch(/search_vector @@/);
    expect(plan).not.toMatch(/word_similarity/);
  });
});
