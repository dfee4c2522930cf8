/**
 * Issue 38: GET /api/sales/running, what the home page's sale strip states. The demo store's strip said "50 % Discount"
 * over tiles of a few percent off: the sale takes 50 % off the making charges only. These read what the sales are
 * against what the tiles show, so the strip can say the sale's own words, and nothing when no sale runs.
 */
import { and, eq, gt, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductPage, RunningSales } from '@milli/contracts';
import { schema } from '@milli/db';
import { indianDate } from '@milli/pricing';
import { createTestApp, type TestApp } from '../../testing.ts';

const { sales, saleProducts, products } = schema;
const DAY_MS = 86_400_000;
const day = (offset: number) => indianDate(new Date(Date.now() + offset * DAY_MS));

describe('GET /api/sales/running', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true, config: { readCacheMb: 0 } });
  });
  afterAll(() => t?.close());
  const running = async () => {
    const res = await t.app.inject({ url: '/api/sales/running' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as RunningSales;
  };

  it('names the demo store’s running sale, 50 % off the making charges, and not the one that is over', async () => {
    const { data } = await running();
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ name: 'Jewel On Sale', makingDiscountPercent: 50 });
    expect(data[0]!.pieces).toBeGreaterThan(10);
    expect(data[0]!.startsOn <= day(0) && day(0) <= data[0]!.endsOn).toBe(true);
  });

  it('is not the tiles’ percentage off: every piece on sale shows far less than 50 % off its price', async () => {
    const page = (await t.app.inject({ url: '/api/product/productList?onSale=1&page=1' })).json() as ProductPage;
    expect(page.data.length).toBeGreaterThan(0);
    for (const tile of page.data) {
      expect(tile.product_on_sale).toBe(true);
      expect(tile.product_discount_percent).toBeGreaterThan(0);
      expect(tile.product_discount_percent, tile.product_name).toBeLessThan(50);
    }
  });

  it('lists only sales that take something off a piece in the shop, the largest cut first, and nothing when none runs', async () => {
    const db = t.database.db;
    const [weighed] = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.active, true), isNotNull(products.metalWeightMg), gt(products.makingChargePaise, 0)))
      .limit(1);
    const made = await db
      .insert(sales)
      .values([
        { name: 'Empty Sale', makingDiscountPercent: 80, startsOn: day(-1), endsOn: day(1) },
        { name: 'Small Sale', makingDiscountPercent: 20, startsOn: day(0), endsOn: day(2) },
      ])
      .returning({ id: sales.id });
    await db.insert(saleProducts).values({ saleId: made[1]!.id, productId: weighed!.id });
    expect((await running()).data.map((s) => [s.name, s.makingDiscountPercent])).toEqual([
      ['Jewel On Sale', 50],
      ['Small Sale', 20],
    ]);
    // Every sale over: nothing runs, and nothing is claimed.
    await db.update(sales).set({ startsOn: day(-30), endsOn: day(-1) });
    expect((await running()).data).toEqual([]);
    await db.delete(sales).where(inArray(sales.id, [made[0]!.id, made[1]!.id]));
  });
});
