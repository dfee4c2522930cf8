/**
 * Issue 38: the shop's price filters, price sort, price bands and their facet counts read the price the shopper sees,
 * after the best running sale's cut of the making charge (products.price_now_paise), not the list price before it.
 */
import { and, asc, eq, gt, inArray, isNotNull, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICE_BANDS, type ProductFacets, type ProductPage, type ProductSummary } from '@milli/contracts';
import { schema } from '@milli/db';
import { indianDate, listedSale } from '@milli/pricing';
import { createTestApp, type TestApp } from '../../testing.ts';
import { createStaff } from '../../testing-factories.ts';
import { createSettingsService } from '../settings/service.ts';
import { createCatalogService } from './service.ts';

const { products, saleProducts, sales } = schema;
const DAY_MS = 86_400_000;
const GST = 3;

let t: TestApp;
let cookie = '';

beforeAll(async () => {
  t = await createTestApp({ config: { readCacheMb: 0 } });
  cookie = (await createStaff(t.app, { role: 'catalogue' })).cookie;
}, 120_000);
afterAll(() => t?.close());

const get = async <T>(url: string) => {
  const res = await t.app.inject({ url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};

/** Every card of a listing, page by page. */
async function everyCard(query: string): Promise<ProductSummary[]> {
  const first = await get<ProductPage>(`/api/product/productList?${query}&page=1`);
  const cards = [...first.data];
  for (let page = 2; page <= first.totalPages; page++) cards.push(...(await get<ProductPage>(`/api/product/productList?${query}&page=${page}`)).data);
  return cards;
}

const bandOf = (paise: number) => PRICE_BANDS.find((b) => paise >= b.min * 100 && (b.max === null || paise < b.max * 100))!.label;

/**
 * A weighed gold piece on no sale whose price after a 50 % cut of its making falls in another price band than its
 * list price: its list price, its price on such a sale, and the ids of the sale pieces.
 */
async function pieceCrossingABand() {
  const db = t.database.db;
  const onSale = db.select({ id: saleProducts.productId }).from(saleProducts);
  const rows = await db
    .select({ id: products.id, listPricePaise: products.listPricePaise, makingChargePaise: products.makingChargePaise, category: products.categoryId })
    .from(products)
    .where(
      and(
        eq(products.active, true),
        eq(products.metal, 'gold'),
        isNotNull(products.metalWeightMg),
        gt(products.makingChargePaise, 0),
        notInArray(products.id, onSale),
      ),
    )
    .orderBy(asc(products.id));
  for (const row of rows) {
    const now = listedSale({ ...row, weighed: true }, 50, GST)!.nowPaise;
    if (bandOf(now) !== bandOf(row.listPricePaise) && now < Math.floor(row.listPricePaise / 100) * 100 - 100) return { ...row, now };
  }
  throw new Error('the demo store has no piece whose sale price crosses a band');
}

describe('the price the shopper sees is the price the listing filters and sorts by', () => {
  it('stores, for every piece in the shop, the price its card shows, to the paisa', async () => {
    const stored = new Map(
      (await t.database.db.select({ id: products.id, now: products.priceNowPaise }).from(products).where(eq(products.active, true))).map((r) => [r.id, r.now]),
    );
    const cards = await everyCard('sort=0');
    expect(cards.length).toBe(stored.size);
    expect(cards.filter((c) => c.product_on_sale).length).toBeGreaterThan(10);
    for (const card of cards) expect(stored.get(card.product_id), card.product_name).toBe(card.product_price_paise);
  });

  it('returns only pieces shown inside the price range, cheapest first by the shown price (the demo sale runs)', async () => {
    const cards = await everyCard('minPrice=50000&maxPrice=75000&sort=8');
    expect(cards.some((c) => c.product_on_sale)).toBe(true);
    for (const c of cards) {
      expect(c.product_price_paise, c.product_name).toBeGreaterThanOrEqual(50_000_00);
      expect(c.product_price_paise, c.product_name).toBeLessThan(75_000_00);
    }
    const shown = cards.map((c) => c.product_price_paise);
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
    const dearestFirst = (await everyCard('sort=16')).map((c) => c.product_price_paise);
    expect(dearestFirst).toEqual([...dearestFirst].sort((a, b) => b - a));
    // No piece on the sale whose shown price is in the range is left out because its list price is not.
    const onSaleAll = await everyCard('onSale=1');
    const inRange = onSaleAll.filter((c) => c.product_price_paise >= 50_000_00 && c.product_price_paise < 75_000_00).map((c) => c.product_id);
    expect(cards.map((c) => c.product_id)).toEqual(expect.arrayContaining(inRange));
  });

  it('moves a piece joining a sale into the range of its new price and out of its old one, in the sort, the bands and the facet counts', async () => {
    const piece = await pieceCrossingABand();
    const [sale] = await t.database.db
      .insert(sales)
      .values({
        name: 'Band Sale',
        makingDiscountPercent: 50,
        startsOn: indianDate(new Date(Date.now() - DAY_MS)),
        endsOn: indianDate(new Date(Date.now() + 5 * DAY_MS)),
      })
      .returning({ id: sales.id });
    // A range holding the sale price and not the list price; and one holding both, to sort.
    const range = `minPrice=${Math.floor(piece.now / 100)}&maxPrice=${Math.floor(piece.listPricePaise / 100)}`;
    const wide = `minPrice=${Math.floor(piece.now / 100)}&maxPrice=${Math.floor(piece.listPricePaise / 100) + 1}`;
    const ids = async (query: string) => (await everyCard(query)).map((c) => c.product_id);
    const facets = () => get<ProductFacets>(`/api/product/facets?${range}`);
    const bands = () => get<ProductFacets>('/api/product/facets?sort=0');
    const setSales = (saleIds: number[]) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/products/${piece.id}/sales`,
        headers: { cookie, 'content-type': 'application/json' },
        payload: JSON.stringify({ saleIds }),
      });

    const before = { inRange: await ids(range), sorted: await ids(`${wide}&sort=8`), facets: await facets(), bands: await bands() };
    expect(before.inRange).not.toContain(piece.id);
    expect(before.sorted.at(-1)).toBe(piece.id);

    const joined = await setSales([sale!.id]);
    expect(joined.statusCode, joined.body).toBe(200);
    const card = (await everyCard(range)).find((c) => c.product_id === piece.id);
    expect(card).toMatchObject({ product_on_sale: true, product_price_paise: piece.now, product_price_before_paise: piece.listPricePaise });
    const sorted = await ids(`${wide}&sort=8`);
    expect(sorted[0]).toBe(piece.id);
    expect(sorted.length).toBe(before.sorted.length);
    const after = { facets: await facets(), bands: await bands() };
    const category = Object.keys(after.facets.category).find((name) => after.facets.category[name] !== before.facets.category[name]);
    expect(category, 'the category count in the range follows').toBeDefined();
    expect(after.facets.category[category!]).toBe((before.facets.category[category!] ?? 0) + 1);
    expect(after.bands.price[bandOf(piece.now)]).toBe((before.bands.price[bandOf(piece.now)] ?? 0) + 1);
    expect(after.bands.price[bandOf(piece.listPricePaise)] ?? 0).toBe(before.bands.price[bandOf(piece.listPricePaise)]! - 1);

    const left = await setSales([]);
    expect(left.statusCode, left.body).toBe(200);
    expect(await ids(range)).not.toContain(piece.id);
    expect((await ids(`${wide}&sort=8`)).at(-1)).toBe(piece.id);
    expect((await bands()).price).toEqual(before.bands.price);
  });

  it('changes nothing today for a sale that starts tomorrow, and the daily pass applies it on its first day and takes it off after its last', async () => {
    const db = t.database.db;
    const piece = await pieceCrossingABand();
    let clock = new Date();
    const day = (offset: number) => indianDate(new Date(clock.getTime() + offset * DAY_MS));
    const catalog = createCatalogService(db, createSettingsService(db), () => clock);
    const [sale] = await db
      .insert(sales)
      .values({ name: 'Tomorrow Sale', makingDiscountPercent: 50, startsOn: day(1), endsOn: day(2) })
      .returning({ id: sales.id });
    await db.insert(saleProducts).values({ saleId: sale!.id, productId: piece.id });
    const range = { minPrice: Math.floor(piece.now / 100), maxPrice: Math.floor(piece.listPricePaise / 100), sort: 0, page: 1 };
    const listed = async () => {
      const all: number[] = [];
      const first = await catalog.list(range);
      all.push(...first.data.map((c) => c.product_id));
      for (let page = 2; page <= first.totalPages; page++) all.push(...(await catalog.list({ ...range, page })).data.map((c) => c.product_id));
      return all;
    };
    const stored = async () => (await db.select({ now: products.priceNowPaise }).from(products).where(eq(products.id, piece.id)))[0]!.now;

    try {
      expect(await catalog.applySales([piece.id])).toBe(0);
      expect(await stored()).toBe(piece.listPricePaise);
      expect(await listed()).not.toContain(piece.id);

      clock = new Date(clock.getTime() + DAY_MS);
      expect(await catalog.applySales()).toBeGreaterThanOrEqual(1);
      expect(await stored()).toBe(piece.now);
      expect(await listed()).toContain(piece.id);
      const [card] = await catalog.byIds([piece.id]);
      expect(card!.product_price_paise).toBe(piece.now);

      clock = new Date(clock.getTime() + 2 * DAY_MS);
      expect(await catalog.applySales()).toBeGreaterThanOrEqual(1);
      expect(await stored()).toBe(piece.listPricePaise);
      expect(await listed()).not.toContain(piece.id);
    } finally {
      await db.delete(sales).where(inArray(sales.id, [sale!.id]));
    }
  });

  it('keeps the sale cut right when the GST rate changes and the catalogue is repriced', async () => {
    const [onSale] = await t.database.db
      .select({ id: products.id })
      .from(products)
      .where(and(gt(products.saleDiscountPaise, 0), eq(products.metal, 'gold')))
      .orderBy(asc(products.id))
      .limit(1);
    const settings = createSettingsService(t.database.db);
    const catalog = createCatalogService(t.database.db, settings);
    await t.database.db.update(schema.storeSettings).set({ gstPercent: 5 });
    try {
      await catalog.reprice();
      const [row] = await t.database.db
        .select({ list: products.listPricePaise, making: products.makingChargePaise, cut: products.saleDiscountPaise, now: products.priceNowPaise })
        .from(products)
        .where(eq(products.id, onSale!.id));
      const expected = listedSale({ listPricePaise: row!.list, makingChargePaise: row!.making, weighed: true }, 50, (await settings.gstPercent())!)!;
      expect(row!.cut).toBe(expected.discountPaise);
      expect(row!.now).toBe(expected.nowPaise);
      const [card] = await catalog.byIds([onSale!.id]);
      expect(card!.product_price_paise).toBe(row!.now);
    } finally {
      await t.database.db.update(schema.storeSettings).set({ gstPercent: GST });
      await catalog.reprice();
    }
  });
});
