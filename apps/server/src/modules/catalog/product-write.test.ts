import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '@milli/db/testing';
import { schema } from '@milli/db';
import { SYSTEM_ACTOR } from '../audit/service.ts';
import { createSettingsService } from '../settings/service.ts';
import { createCatalogService, type CatalogService } from './service.ts';
import {
  checkProductRows,
  loadProductLookups,
  readProducts,
  saveProducts,
  validateProductRows,
  writeProducts,
  formOf,
  type ProductLookups,
} from './product-write.ts';

let database: TestDatabase;
let lookups: ProductLookups;
/** What the desk is handed by the composition root: the catalogue's service, which reprices what is written. */
let catalog: CatalogService;

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  lookups = await loadProductLookups(database.db);
  catalog = createCatalogService(database.db, createSettingsService(database.db));
}, 120_000);
afterAll(async () => {
  await database?.dispose();
});

const ring = (over: Record<string, unknown> = {}) => ({
  sku: 'TST-RING-1',
  name: 'Kamal Solitaire Ring',
  category: 'Rings',
  tags: ['Solitaire'],
  stones: [],
  material: 'Gold',
  purity: 22,
  purities: [18, 22],
  metalColour: 'Yellow Gold',
  metalWeightG: 3.456,
  makingChargeKind: 'percent',
  makingCharge: 12.5,
  sizeKind: 'ring',
  sizes: ['10', '12', '14'],
  hallmarked: true,
  stock: 4,
  ...over,
});

describe('validateProductRows', () => {
  it('finds the whole seeded catalogue true to the product form, so any piece can be saved or exported and imported back', async () => {
    const ids = (await database.db.select({ id: schema.products.id }).from(schema.products)).map((r) => r.id);
    const stored = await readProducts(database.db, ids);
    expect(stored.length).toBeGreaterThan(200);
    const { valid, problems } = validateProductRows(
      stored.map((p) => formOf(p) as unknown as Record<string, unknown>),
      lookups,
    );
    expect(problems.slice(0, 5)).toEqual([]);
    expect(valid).toHaveLength(stored.length);
  });

  it('turns every rule of the table into a field message', () => {
    const { valid, problems } = validateProductRows(
      [
        ring(),
        ring({ sku: 'TST-2', purity: 20 }),
        ring({ sku: 'TST-3', sizeKind: null }),
        ring({ sku: 'TST-4', makingChargeKind: 'per_gram', makingCharge: null }),
        ring({ sku: 'TST-5', metalWeightG: null }),
        ring({ sku: 'TST-6', tags: ['Nonesuch'], stones: ['Kryptonite'] }),
        ring({ sku: 'TST-RING-1' }),
        ring({ sku: 'TST-8', category: 'Hats' }),
        ring({ sku: 'TST-9', metalWeightG: '1.2345' }),
        ring({ sku: 'TST-10', material: 'Silver', metal: 'silver', purity: 925, purities: [22], metalColour: null }),
        // Issue 38: gold is always hallmarked, platinum never (contracts hallmark.ts).
        ring({ sku: 'TST-11', hallmarked: false }),
        ring({ sku: 'TST-12', material: 'Platinum', metal: 'platinum', purity: 950, purities: [], metalColour: null, hallmarked: true }),
      ],
      lookups,
    );
    expect(valid.map((v) => v.form.sku)).toEqual(['TST-RING-1']);
    const byRow = Object.fromEntries(problems.map((p) => [p.row, p.fields]));
    expect(byRow[1]!.purity).toMatch(/14, 18, 22, 24/);
    expect(byRow[2]!.sizeKind).toBeTruthy();
    expect(byRow[3]!.makingCharge).toMatch(/per gram/);
    expect(byRow[4]!.makingChargeKind).toMatch(/metal weight/);
    expect(byRow[5]!.tags).toMatch(/Nonesuch/);
    expect(byRow[5]!.stones).toMatch(/Kryptonite/);
    expect(byRow[6]!.sku).toMatch(/row 1/);
    expect(byRow[7]!.category).toMatch(/Hats/);
    expect(byRow[8]!.metalWeightG).toMatch(/3 decimal/);
    expect(byRow[9]!.purities).toMatch(/gold/);
    expect(byRow[10]!.hallmarked).toBe('Gold jewellery is sold hallmarked (BIS): tick hallmarked.');
    expect(byRow[11]!.hallmarked).toMatch(/^Platinum is not hallmarked/);
  });

  it('reads CSV-like text cells', () => {
    const { valid, problems } = validateProductRows(
      [
        {
          sku: ' tst-csv-1 ',
          name: 'Plain Chain',
          category: 'chains',
          tags: '',
          material: 'gold',
          metalWeightG: '10.5',
          makingChargeKind: 'per gram',
          makingCharge: '450',
          hallmarked: 'yes',
          stock: '3',
          giftRecipients: 'Wife|mom',
          active: 'true',
          sizeKind: 'length',
          sizes: '16, 18',
          sizeWeightsG: '10.5|11.81',
        },
      ],
      lookups,
    );
    expect(problems).toEqual([]);
    expect(valid[0]!.form).toMatchObject({
      sku: 'TST-CSV-1',
      category: 'Chains',
      metal: 'gold',
      purity: 22,
      metalWeightG: 10.5,
      makingChargeKind: 'per_gram',
      hallmarked: true,
      giftRecipients: ['Wife', 'Mom'],
      sizes: ['16', '18'],
      sizeWeightsG: [10.5, 11.81],
    });
  });
});

describe('writeProducts', () => {
  it('creates, prices, links, searches and audits; updates by SKU', async () => {
    const db = database.db;
    const result = await db.transaction((tx) =>
      saveProducts(tx, [ring(), ring({ sku: 'TST-RING-2', makingChargeKind: 'per_gram', makingCharge: 500, stones: ['Pearl'] })], {
        actor: SYSTEM_ACTOR,
        catalog,
      }),
    );
    expect(result.created).toBe(2);
    const [one, two] = await readProducts(
      db,
      result.rows.map((r) => r.id),
    );
    expect(one!.row.slug).toBe('kamal-solitaire-ring');
    expect(two!.row.slug).toBe('kamal-solitaire-ring-2');
    expect(one!.row.metalWeightMg).toBe(3456);
    expect(one!.row.makingChargeRate).toBe(1250);
    expect(one!.row.listPricePaise).toBeGreaterThan(10_000_00);
    expect(one!.row.makingChargePaise).toBeGreaterThan(0);
    expect(one!.row.searchText).toContain('Solitaire');
    expect(one!.row.searchText).toContain('Fingerring');
    expect(one!.tags).toEqual(['Solitaire']);
    expect(two!.row.makingChargeRate).toBe(50_000);
    expect(two!.stones).toEqual(['Pearl']);
    expect(formOf(one!)).toMatchObject({ metalWeightG: 3.456, makingCharge: 12.5, hallmarked: true });
    expect(formOf(one!)).not.toHaveProperty('huid');

    const found = (await db.execute(sql`select id from products where search_vector @@ plainto_tsquery('english', 'kamal solitaire')`)) as unknown as {
      rows: unknown[];
    };
    expect(found.rows.length).toBeGreaterThanOrEqual(2);

    await db.transaction((tx) => saveProducts(tx, [ring({ name: 'Kamal Solitaire Ring Renamed', stock: 0, tags: [] })], { actor: SYSTEM_ACTOR, catalog }));
    const [again] = await readProducts(db, [one!.row.id]);
    expect(again!.row.name).toBe('Kamal Solitaire Ring Renamed');
    expect(again!.row.slug).toBe('kamal-solitaire-ring');
    expect(again!.tags).toEqual([]);
    const audit = await db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.entityId, String(one!.row.id)));
    expect(audit.map((a) => a.action)).toEqual(['product.create', 'product.update']);
    expect((audit[1]!.before as { name: string }).name).toBe('Kamal Solitaire Ring');
  });

  it('changes a product by id, SKU included, and refuses another product\u2019s SKU or web address', async () => {
    const db = database.db;
    const [stored] = await db.select().from(schema.products).where(eq(schema.products.sku, 'TST-RING-2'));
    const [current] = await readProducts(db, [stored!.id]);
    await db.transaction((tx) => saveProducts(tx, [{ id: stored!.id, values: { ...formOf(current!), sku: 'TST-RING-2B' } }], { actor: SYSTEM_ACTOR, catalog }));
    const [renamed] = await readProducts(db, [stored!.id]);
    expect(renamed!.row.sku).toBe('TST-RING-2B');
    await expect(
      db.transaction((tx) => saveProducts(tx, [{ id: stored!.id, values: { ...formOf(current!), sku: 'TST-RING-1' } }], { actor: SYSTEM_ACTOR, catalog })),
    ).rejects.toMatchObject({ code: 'INVALID_REQUEST', fields: { sku: expect.stringMatching(/belongs/) } });
    const dry = await checkProductRows(db, [ring({ sku: 'TST-NEW', slug: 'kamal-solitaire-ring' })]);
    expect(dry.problems[0]!.fields.slug).toMatch(/another product/);
  });

  it('writes 5,000 rows in one transaction quickly', async () => {
    const db = database.db;
    const rows = Array.from({ length: 5000 }, (_, i) =>
      ring({
        sku: `BULK-${i}`,
        name: `Bulk Piece ${i % 50}`,
        hallmarked: true,
        fixedPrice: i % 10 === 0 ? 1999 : null,
        metalWeightG: i % 10 === 0 ? null : 2 + (i % 7),
        makingChargeKind: i % 10 === 0 ? 'fixed' : 'percent',
        makingCharge: i % 10 === 0 ? null : 10,
        purities: [],
      }),
    );
    const started = performance.now();
    const checked = validateProductRows(rows, lookups);
    expect(checked.problems).toEqual([]);
    const result = await db.transaction((tx) => writeProducts(tx, checked.valid, { actor: SYSTEM_ACTOR, catalog }));
    const ms = performance.now() - started;
    expect(result.created).toBe(5000);
    console.info(`5,000 products written in ${Math.round(ms)} ms`);
    expect(ms).toBeLessThan(60_000);
    const slugs = await db
      .select({ slug: schema.products.slug })
      .from(schema.products)
      .where(inArray(schema.products.sku, ['BULK-0', 'BULK-50', 'BULK-100']));
    expect(new Set(slugs.map((s) => s.slug)).size).toBe(3);
    const [fixed] = await db.select().from(schema.products).where(eq(schema.products.sku, 'BULK-0'));
    expect(fixed!.listPricePaise).toBe(199_900);
  }, 120_000);
});
