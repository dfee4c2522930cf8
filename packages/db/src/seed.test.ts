import { priceJewellery } from '@milli/pricing';
import { and, asc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseArtPath } from './art.ts';
import * as schema from './schema.ts';
import { buildDemoProducts, isSeeded, PRICE_BANDS_RUPEES, priceBandOf, seedDemoStore } from './seed/index.ts';
import { indianDate } from '@milli/pricing';
import { createTestDatabase, type TestDatabase } from './testing.ts';

/** A fixed seed day, so assertions never depend on when the tests run. */
const TODAY = new Date('2026-03-02T06:30:00Z');

const {
  categories,
  coupons,
  diamondRates,
  metalRates,
  otherStones,
  products,
  productStones,
  productTags,
  reviews,
  saleProducts,
  sales,
  storeSettings,
  stores,
  tags,
} = schema;

describe('demo store seed', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    expect(await isSeeded(database.db)).toBe(false);
    const summary = await seedDemoStore(database.db, { today: TODAY });
    expect(summary).toMatchObject({ seeded: true, rateDate: '2026-03-02', categories: 9, stores: 24 });
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('fills at least 240 products across every category and material', async () => {
    const all = await database.db.select().from(products);
    expect(all.length).toBeGreaterThanOrEqual(240);
    const cats = await database.db.select().from(categories).orderBy(asc(categories.sortOrder));
    expect(cats.map((c) => c.name)).toEqual(['Bangles', 'Bracelets', 'Chains', 'Earrings', 'Necklaces', 'Nose Pins', 'Pendants', 'Rings', 'Daily Wears']);
    expect(cats.find((c) => c.name === 'Rings')!.queryName).toBe('Fingerring');
    for (const c of cats) {
      for (const material of ['Gold', 'Diamond', 'Platinum', 'Silver']) {
        expect(
          all.some((p) => p.categoryId === c.id && p.material === material),
          `${material} ${c.name}`,
        ).toBe(true);
      }
    }
  });

  it('covers all seven price bands with at least ten pieces each', async () => {
    const all = await database.db.select({ price: products.listPricePaise }).from(products);
    const perBand = PRICE_BANDS_RUPEES.map(() => 0);
    for (const p of all) perBand[priceBandOf(p.price)]! += 1;
    for (const [band, count] of perBand.entries()) expect(count, `band ${PRICE_BANDS_RUPEES[band]}`).toBeGreaterThanOrEqual(10);
  });

  it('prices each weighed piece by weight × rate + making + stones + 3 % GST at the seed day', async () => {
    const rates = await database.db.select().from(metalRates).where(eq(metalRates.rateDate, '2026-03-02'));
    const diamonds = await database.db.select().from(diamondRates);
    expect(rates).toHaveLength(6);
    const gold24 = rates.find((r) => r.metal === 'gold' && r.purity === 24)!.ratePaisePerGram;
    // Believable 2026 rates: gold well above Rs. 10,000 a gram, silver in the low hundreds.
    expect(gold24).toBeGreaterThan(10_000_00);
    expect(rates.find((r) => r.metal === 'silver')!.ratePaisePerGram).toBeLessThan(500_00);
    for (const p of await database.db.select().from(products)) {
      if (p.metalWeightMg === null) {
        expect(p.listPricePaise).toBe(p.fixedPricePaise);
        continue;
      }
      const rate = rates.find((r) => r.metal === p.metal && r.purity === p.purity)!;
      const diamond = diamonds.find((d) => d.quality === (p.diamondQuality ?? 'SI-IJ'))!;
      const price = priceJewellery({
        metalWeightMg: p.metalWeightMg,
        ratePaisePerGram: rate.ratePaisePerGram,
        makingChargePaise: p.makingChargePaise,
        stoneValuePaise: p.stoneValuePaise,
        diamondWeightCents: p.diamondWeightCents,
        diamondRatePaisePerCarat: diamond.ratePaisePerCarat,
        fixedPricePaise: null,
        gstPercent: 3,
      });
      expect(p.listPricePaise, p.sku).toBe(price.totalPaise);
      expect(p.listPriceDate).toBe('2026-03-02');
    }
  });

  it('gives pieces believable attributes', async () => {
    const all = await database.db.select().from(products);
    expect(new Set(all.map((p) => p.sku)).size).toBe(all.length);
    for (const p of all) {
      expect(p.sku).toMatch(/^M[GDPS]-(BG|BR|CH|ER|NK|NP|PD|RG|DW)-\d{4}$/);
      expect(parseArtPath(p.image), p.image).not.toBeNull();
      expect(p.createdAt.getTime()).toBeLessThan(TODAY.getTime());
      expect(p.createdAt.getTime()).toBeGreaterThan(TODAY.getTime() - 210 * 86_400_000);
      // Issue 38: gold is hallmarked, platinum never; a description says "hallmarked" only of a hallmarked piece.
      if (p.metal === 'gold') expect(p.hallmarked, p.sku).toBe(true);
      if (p.metal === 'platinum') expect(p.hallmarked, p.sku).toBe(false);
      expect(/hallmark/i.test(p.description), `${p.sku}: ${p.description}`).toBe(p.hallmarked);
      if (p.metal === 'gold') expect(p.metalColour).not.toBeNull();
      else expect(p.metalColour).toBeNull();
      expect(p.description.length).toBeGreaterThan(40);
      expect(p.searchText).not.toBe('');
    }
    expect(all.filter((p) => p.stock === 0).length).toBeGreaterThanOrEqual(3);
    expect(all.filter((p) => p.stock === 0).length).toBeLessThan(15);
    expect(all.filter((p) => p.featuredRank !== null)).toHaveLength(24);
    // The demo store shows both kinds of silver: hallmarked (with a HUID per piece) and plain (stamped 925).
    expect(all.some((p) => p.metal === 'silver' && p.hallmarked)).toBe(true);
    expect(all.some((p) => p.metal === 'silver' && !p.hallmarked)).toBe(true);
    for (const colour of ['Red', 'Green', 'Brown', 'Grey', 'Orange'])
      expect(
        all.some((p) => p.colour === colour),
        colour,
      ).toBe(true);
    for (const colour of ['Yellow Gold', 'Rose Gold', 'White Gold'])
      expect(
        all.some((p) => p.metalColour === colour),
        colour,
      ).toBe(true);
  });

  it("puts at least four pieces on each of the home page's sale tabs, on a sale running on the seed day", async () => {
    const onSale = await database.db
      .select({
        category: categories.name,
        material: products.material,
        fixed: products.fixedPricePaise,
        starts: sales.startsOn,
        ends: sales.endsOn,
        percent: sales.makingDiscountPercent,
      })
      .from(saleProducts)
      .innerJoin(sales, eq(sales.id, saleProducts.saleId))
      .innerJoin(products, eq(products.id, saleProducts.productId))
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(and(lte(sales.startsOn, '2026-03-02'), gte(sales.endsOn, '2026-03-02')));
    const count = (category: string, material?: (m: string) => boolean) =>
      onSale.filter((p) => p.category === category && (material === undefined || material(p.material))).length;
    expect(count('Bracelets', (m) => m !== 'Silver')).toBeGreaterThanOrEqual(4);
    expect(count('Rings')).toBeGreaterThanOrEqual(4);
    expect(count('Pendants')).toBeGreaterThanOrEqual(4);
    expect(count('Bracelets', (m) => m === 'Silver')).toBeGreaterThanOrEqual(4);
    // '50 % Discount' is half the making charges; a fixed-price piece has none to discount.
    for (const p of onSale) expect(p).toMatchObject({ percent: 50, fixed: null });
    const over = await database.db.select().from(sales).where(lt(sales.endsOn, '2026-03-02'));
    expect(over).toHaveLength(1);
  });

  it('puts pieces in every gifting collection of the header', async () => {
    const all = await database.db.select({ occasions: products.giftOccasions, recipients: products.giftRecipients }).from(products);
    for (const occasion of schema.GIFT_OCCASIONS) expect(all.filter((p) => p.occasions.includes(occasion)).length, occasion).toBeGreaterThanOrEqual(4);
    for (const recipient of schema.GIFT_RECIPIENTS) expect(all.filter((p) => p.recipients.includes(recipient)).length, recipient).toBeGreaterThanOrEqual(4);
  });

  it('gives stars only to pieces with reviews, and the stars and counts are their reviews', async () => {
    const written = await database.db
      .select({ productId: reviews.productId, n: sql<number>`count(*)::int`, tenths: sql<number>`round(avg(${reviews.rating}) * 10)::int` })
      .from(reviews)
      .groupBy(reviews.productId);
    expect(written.length).toBeGreaterThanOrEqual(8);
    const byId = new Map(written.map((w) => [w.productId, w]));
    for (const p of await database.db.select().from(products)) {
      const w = byId.get(p.id);
      expect({ count: p.reviewCount, tenths: p.ratingTenths }, p.sku).toEqual({ count: w ? Number(w.n) : 0, tenths: w ? Number(w.tenths) : 0 });
    }
  });

  it('links styles and stones', async () => {
    const tagRows = await database.db.select().from(tags);
    const perCategory = new Map<number, number>();
    for (const t of tagRows) perCategory.set(t.categoryId, (perCategory.get(t.categoryId) ?? 0) + 1);
    for (const n of perCategory.values()) {
      expect(n).toBeGreaterThanOrEqual(4);
      expect(n).toBeLessThanOrEqual(8);
    }
    const stoneNames = (await database.db.select().from(otherStones)).map((s) => s.name);
    expect(stoneNames).toEqual(expect.arrayContaining(['Gem Stone', 'Navaratna', 'Pearl', 'Ruby', 'Emerald', 'Sapphire', 'Polki']));
    const tagged = await database.db.select({ productId: productTags.productId }).from(productTags);
    expect(new Set(tagged.map((t) => t.productId)).size).toBe((await database.db.select().from(products)).length);
    const stoneLinks = await database.db
      .select({ name: otherStones.name })
      .from(productStones)
      .innerJoin(otherStones, eq(otherStones.id, productStones.otherStoneId));
    for (const filter of ['Gem Stone', 'Navaratna', 'Pearl']) expect(stoneLinks.filter((s) => s.name === filter).length, filter).toBeGreaterThanOrEqual(4);
    // Every tag is used by at least one piece, so no style in the mega-menu leads to an empty list.
    const usedTags = new Set((await database.db.select({ tagId: productTags.tagId }).from(productTags)).map((t) => t.tagId));
    for (const t of tagRows) expect(usedTags.has(t.id), t.name).toBe(true);
  });

  it('opens 24 stores, four or more in each of the six cities', async () => {
    const all = await database.db.select().from(stores);
    expect(all.length).toBeGreaterThanOrEqual(24);
    for (const city of ['Mumbai', 'Delhi', 'Bangalore', 'Chennai', 'Pune', 'Kolkata']) {
      expect(all.filter((s) => s.city === city).length, city).toBeGreaterThanOrEqual(4);
    }
    const pinPrefix: Record<string, string> = { Mumbai: '400', Delhi: '110', Bangalore: '560', Chennai: '600', Pune: '411', Kolkata: '700' };
    for (const s of all) {
      expect(s.pincode).toMatch(/^\d{6}$/);
      expect(s.pincode.startsWith(pinPrefix[s.city]!), s.name).toBe(true);
      expect(s.latitude).toBeGreaterThan(8);
      expect(s.latitude).toBeLessThan(37);
      expect(s.longitude).toBeGreaterThan(68);
      expect(s.longitude).toBeLessThan(98);
    }
  });

  it('writes the settings and coupons', async () => {
    const [settings] = await database.db.select().from(storeSettings);
    expect(settings).toMatchObject({
      storeName: 'Milli',
      returnWindowDays: 15,
      shippingFeePaise: 299,
      deliveryDays: 15,
      gstPercent: 3,
      cadAdvancePercent: 30,
      emailPrimary: expect.stringMatching(/@milli\.example$/),
      emailSecondary: expect.stringMatching(/@milli\.example$/),
      officeAddress: expect.stringContaining('Chennai'),
    });
    expect(settings!.helpLine).toMatch(/^\+91 /);
    const all = await database.db.select().from(coupons);
    const byCode = new Map(all.map((c) => [c.code, c]));
    expect(byCode.get('WELCOME10')).toMatchObject({ kind: 'percent', value: 10, minOrderPaise: 5_000_00 });
    expect(byCode.get('FLAT500')).toMatchObject({ kind: 'fixed', value: 500_00, minOrderPaise: 10_000_00 });
    expect(all.some((c) => c.endsAt !== null && c.endsAt < TODAY)).toBe(true);
  });

  it('is searchable by words and by near-misses', async () => {
    const words = (await database.db.execute(
      sql`select count(*)::int as n from ${products} where search_vector @@ websearch_to_tsquery(${schema.PRODUCT_SEARCH_CONFIG}::regconfig, 'jhumka earrings')`,
    )) as unknown as { rows: { n: number }[] };
    expect(words.rows[0]!.n).toBeGreaterThan(0);
    const fuzzy = (await database.db.execute(sql`select count(*)::int as n from ${products} where 'jhumkha' <% name`)) as unknown as { rows: { n: number }[] };
    expect(fuzzy.rows[0]!.n).toBeGreaterThan(0);
  });

  it('does nothing the second time', async () => {
    const before = (await database.db.select({ id: products.id }).from(products)).length;
    expect(await isSeeded(database.db)).toBe(true);
    expect((await seedDemoStore(database.db, { today: TODAY })).seeded).toBe(false);
    expect((await database.db.select({ id: products.id }).from(products)).length).toBe(before);
  });
});

describe('determinism', () => {
  it('builds the same catalogue for the same day', () => {
    const a = buildDemoProducts({ today: TODAY, rateDate: indianDate(TODAY) });
    const b = buildDemoProducts({ today: TODAY, rateDate: indianDate(TODAY) });
    expect(b).toEqual(a);
  });

  it('writes identical rows in two databases', async () => {
    const [one, two] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    try {
      await seedDemoStore(one.db, { today: TODAY });
      await seedDemoStore(two.db, { today: TODAY });
      for (const table of [storeSettings, categories, tags, otherStones, metalRates, diamondRates, products, productTags, productStones, stores, coupons]) {
        const dump = async (db: TestDatabase) => {
          const rows = (await db.db.select().from(table as never)) as Record<string, unknown>[];
          return rows.map((r) => JSON.stringify(r)).sort();
        };
        expect(await dump(two)).toEqual(await dump(one));
      }
    } finally {
      await Promise.all([one.dispose(), two.dispose()]);
    }
  });
});
