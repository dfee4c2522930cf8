import { and, asc, eq, inArray, isNotNull, isNull, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartLine, ProductDetail, ProductPage, ProductSummary } from '@milli/contracts';
import { schema } from '@milli/db';
import { priceChoice, indianDate } from '@milli/pricing';
import { createTestApp, postForm, type TestApp } from '../../testing.ts';
import { createShopper, placeOrder } from '../../testing-factories.ts';

const { cartLines, orderLines, products, saleProducts, sales } = schema;
const DAY_MS = 86_400_000;
const day = (offset: number) => indianDate(new Date(Date.now() + offset * DAY_MS));

describe("sales: '50 % Discount' is half the making charges, between two dates (decision 024)", () => {
  let t: TestApp;
  /** Weighed gold pieces: on a running sale, on one that is over, on one still to come. */
  let running: number;
  let over: number;
  let coming: number;
  /** A piece at a typed price on the running sale: it has no making charge to take anything off. */
  let fixed: number;
  let n = 0;
  beforeAll(async () => {
    t = await createTestApp({ config: { readCacheMb: 0 } });
    const db = t.database.db;
    const gold = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.metal, 'gold'), eq(products.diamondWeightCents, 0), isNotNull(products.metalWeightMg), eq(products.active, true)))
      .orderBy(asc(products.id))
      .limit(3);
    [running, over, coming] = gold.map((g) => g.id) as [number, number, number];
    const [typed] = await db.select({ id: products.id }).from(products).where(isNull(products.metalWeightMg)).limit(1);
    fixed = typed!.id;
    // Only the sales made here apply to these pieces.
    await db.delete(saleProducts).where(inArray(saleProducts.productId, [running, over, coming, fixed]));
    await db.update(products).set({ stock: 10 }).where(eq(products.id, running));
    const made = await db
      .insert(sales)
      .values([
        { name: 'Test Sale', makingDiscountPercent: 50, startsOn: day(-1), endsOn: day(0) },
        { name: 'Old Sale', makingDiscountPercent: 50, startsOn: day(-10), endsOn: day(-1) },
        { name: 'Next Sale', makingDiscountPercent: 50, startsOn: day(1), endsOn: day(10) },
      ])
      .returning({ id: sales.id });
    await db.insert(saleProducts).values([
      { saleId: made[0]!.id, productId: running },
      { saleId: made[0]!.id, productId: fixed },
      { saleId: made[1]!.id, productId: over },
      { saleId: made[2]!.id, productId: coming },
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const detail = async (id: number) => (await t.app.inject({ url: `/api/product/find-by-id/${id}` })).json().data as ProductDetail;
  const list = async (query: string) => (await t.app.inject({ url: `/api/product/productList?${query}` })).json() as ProductPage;
  const form = (url: string, fields: Record<string, string | number>, cookie?: string) => postForm(t.app, url, fields, { cookie, ip: `10.8.0.${++n}` });

  it('prices a piece on a running sale before and after, with the percentage off, on its page', async () => {
    const d = await detail(running);
    expect(d.pricing.sale).toMatchObject({ name: 'Test Sale', makingDiscountPercent: 50, endsOn: day(0) });
    const before = priceChoice({ ...d.pricing, sale: null })!;
    const now = priceChoice(d.pricing)!;
    expect(now.totalPaise).toBeLessThan(before.totalPaise);
    // Half the making, with its GST, and nothing off the metal.
    expect(before.totalPaise - now.totalPaise).toBe(Math.round((Math.floor(d.pricing.makingChargePaise / 2) * 103) / 100));
    expect(now.metalPaise).toBe(before.metalPaise);
    expect(d).toMatchObject({
      product_on_sale: true,
      product_price_paise: now.totalPaise,
      product_price_before_paise: before.totalPaise,
      product_discount_percent: now.salePercentOff,
    });
    expect(d.product_discount_percent).toBeGreaterThan(0);
  });

  it('shows no discount once a sale is over, nor before it starts, nor on a typed price', async () => {
    for (const id of [over, coming, fixed]) {
      const d = await detail(id);
      expect(d.pricing.sale, String(id)).toBeNull();
      expect(d, String(id)).toMatchObject({ product_on_sale: false, product_price_before_paise: null, product_discount_percent: null });
      expect(d.product_price_paise).toBe(priceChoice(d.pricing)!.totalPaise);
    }
  });

  it('lists only pieces a running sale takes something off, with the same figures as their pages', async () => {
    const onSale: ProductSummary[] = [];
    const first = await list('onSale=1');
    for (let p = 1; p <= first.totalPages; p++) onSale.push(...(await list(`onSale=1&page=${p}`)).data);
    const ids = onSale.map((p) => p.product_id);
    expect(ids).toContain(running);
    for (const id of [over, coming, fixed]) expect(ids).not.toContain(id);
    for (const p of onSale) {
      expect(p.product_on_sale).toBe(true);
      expect(p.product_price_before_paise!).toBeGreaterThan(p.product_price_paise);
      expect(p.product_discount_percent!).toBeGreaterThan(0);
    }
    const card = onSale.find((p) => p.product_id === running)!;
    const page = await detail(running);
    expect([card.product_price_paise, card.product_price_before_paise, card.product_discount_percent]).toEqual([
      page.product_price_paise,
      page.product_price_before_paise,
      page.product_discount_percent,
    ]);
    // The same piece without the filter is the same card.
    const all = await list('sort=0&q=' + encodeURIComponent(page.product_sku));
    expect(all.data.find((p) => p.product_id === running)).toMatchObject({ product_price_before_paise: card.product_price_before_paise });
  });

  it("gives the home page's Bracelet and Silver Bracelet tabs pieces of their own", async () => {
    const bracelet = await list('category=Bracelets&notMaterial=Silver&onSale=1');
    const silver = await list('material=Silver&category=Bracelets&onSale=1');
    expect(bracelet.data.length).toBeGreaterThanOrEqual(4);
    expect(silver.data.length).toBeGreaterThanOrEqual(4);
    const silverIds = new Set(silver.data.map((p) => p.product_id));
    expect(bracelet.data.filter((p) => silverIds.has(p.product_id))).toEqual([]);
    for (const p of bracelet.data) expect(p.product_material).not.toBe('Silver');
  });

  it('keeps the discount on the cart line and the order line, so the invoice can show the price before', async () => {
    const shopper = await createShopper(t.app);
    const { cookie, userId } = shopper;
    const d = await detail(running);
    const now = d.product_price_paise;
    const before = d.product_price_before_paise!;

    // A piece that comes in sizes needs one (decision 023): the first it is made in.
    const size = d.pricing.sizes[0];
    const added = await form('/api/cart/add', { cart_product_id: running, cart_quantity: 2, cart_user_id: userId, ...(size ? { size } : {}) }, cookie);
    expect(added.statusCode, added.body).toBe(200);
    const [line] = (await t.app.inject({ url: `/api/cart/find-by-user-id/${userId}`, headers: { cookie } })).json() as CartLine[];
    expect(line).toMatchObject({ product_price_paise: now, product_price_before_paise: before, product_discount_percent: d.product_discount_percent });
    const [stored] = await t.database.db.select().from(cartLines).where(eq(cartLines.productId, running));
    expect(stored).toMatchObject({ unitPricePaise: now, saleDiscountPaise: before - now, saleId: d.pricing.sale!.id });

    const placed = await placeOrder(t.app, shopper);
    expect(placed.statusCode, placed.body).toBe(200);
    const [ordered] = await t.database.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, placed.json().orderId as number));
    expect(ordered).toMatchObject({
      unitPricePaise: now,
      lineTotalPaise: now * 2,
      saleId: d.pricing.sale!.id,
      saleName: 'Test Sale',
      saleMakingPercent: 50,
      saleDiscountPaise: before - now,
    });
    expect(ordered!.priceBreakup).toMatchObject({ totalPaise: now, beforePaise: before });
  });

  it('prices by the largest cut of the running sales a piece is on, the one ending first of equal cuts', async () => {
    const db = t.database.db;
    const [piece] = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.metal, 'gold'), isNotNull(products.metalWeightMg), eq(products.active, true), notInArray(products.id, [running, over, coming])))
      .orderBy(asc(products.id))
      .limit(1);
    const id = piece!.id;
    await db.delete(saleProducts).where(eq(saleProducts.productId, id));
    const made = await db
      .insert(sales)
      .values([
        { name: 'Small Cut', makingDiscountPercent: 20, startsOn: day(-1), endsOn: day(2) },
        { name: 'Big Cut Later', makingDiscountPercent: 40, startsOn: day(-1), endsOn: day(6) },
        { name: 'Big Cut', makingDiscountPercent: 40, startsOn: day(-1), endsOn: day(4) },
        { name: 'Bigger Cut To Come', makingDiscountPercent: 60, startsOn: day(1), endsOn: day(6) },
      ])
      .returning({ id: sales.id });
    await db.insert(saleProducts).values(made.map((s) => ({ saleId: s.id, productId: id })));
    try {
      const d = await detail(id);
      expect(d.pricing.sale).toEqual({ id: made[2]!.id, name: 'Big Cut', makingDiscountPercent: 40, endsOn: day(4) });
      expect(d.product_price_paise).toBe(priceChoice(d.pricing)!.totalPaise);
    } finally {
      await db.delete(saleProducts).where(eq(saleProducts.productId, id));
    }
  });
});
