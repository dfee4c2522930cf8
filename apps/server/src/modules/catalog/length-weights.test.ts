/**
 * Issue 38: a chain's length changes its weight and its price. Staff give a weight for each length on the product
 * form and in the CSV (refused in words when one is missing or not above 0); the product page prices each length
 * with the one price function, and the cart, the order, the tax invoice and a refund follow the length chosen, to
 * the paisa. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder, schema } from '@milli/db';
import { CartLineListSchema, ProductDetailSchema, type ProductDetail } from '@milli/contracts/schemas';
import { lengthWeightsMg, priceChoice } from '@milli/pricing';
import { createTestApp, type TestApp } from '../../testing.ts';
import { createShopper, createStaff, placeOrder } from '../../testing-factories.ts';
import { packAndDispatch } from '../orders/testing.ts';
import { csvOf, postImport } from './testing.ts';

let t: TestApp;
let owner = '';

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  owner = (await createStaff(t.app, { role: 'owner' })).cookie;
}, 120_000);
afterAll(() => t?.close());

const json = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, cookie = owner) =>
  t.app.inject({
    method,
    url,
    headers: { cookie, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });

let skus = 0;
/** A 22 kt rope chain made in 16, 18 and 24 inches, with making charged per gram, as the product form states it. */
const chain = (over: Record<string, unknown> = {}) => ({
  sku: `LEN-CHAIN-${++skus}`,
  name: `Rassi Rope Chain ${skus}`,
  category: 'Chains',
  material: 'Gold',
  purity: 22,
  purities: [18, 22],
  makingChargeKind: 'per_gram',
  makingCharge: 450,
  sizeKind: 'length',
  sizes: ['16', '18', '24'],
  sizeWeightsG: [5.58, 6.28, 8.37],
  hallmarked: true,
  stock: 10,
  ...over,
});

async function created(over: Record<string, unknown> = {}) {
  const res = await json('POST', '/api/admin/products', chain(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; form: { metalWeightG: number; sizeWeightsG: number[] } };
}

async function pageOf(id: number): Promise<ProductDetail> {
  const res = await t.app.inject({ url: `/api/product/find-by-id/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return ProductDetailSchema.parse(res.json().data);
}

const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');

describe('the product page prices each length by its own weight', () => {
  it('states the weight of every length, the first being the metal weight the listing prices', async () => {
    const made = await created();
    expect(made.form).toMatchObject({ metalWeightG: 5.58, sizeWeightsG: [5.58, 6.28, 8.37] });
    const page = await pageOf(made.id);
    expect(page.pricing.sizeWeightsMg).toEqual({ '16': 5_580, '18': 6_280, '24': 8_370 });
    expect(page.pricing.makingPaisePerGram).toBe(450_00);
    expect(page.product_metal_weight_g).toBe(5.58);

    const sixteen = priceChoice(page.pricing, { size: '16' })!;
    const twentyFour = priceChoice(page.pricing, { size: '24' })!;
    expect(twentyFour.totalPaise).toBeGreaterThan(sixteen.totalPaise);
    const rate = page.pricing.ratesPaisePerGram['22']!;
    // Metal and per-gram making both follow the length: 8.37 g at today's 22 kt rate, and Rs. 450 a gram.
    expect(twentyFour.metalPaise).toBe(Math.round((8_370 * rate) / 1000));
    expect(twentyFour.makingPaise).toBe(Math.round((8_370 * 450_00) / 1000));
    expect(sixteen.makingPaise).toBe(Math.round((5_580 * 450_00) / 1000));
    // The tile and the page without a length chosen show the first length's price.
    expect(page.product_price_paise).toBe(sixteen.totalPaise);
    const [row] = await t.database.db.select().from(schema.products).where(eq(schema.products.id, made.id));
    expect(row!.listPricePaise).toBe(sixteen.totalPaise);
  });
});

describe('the cart, the order, the invoice and a refund follow the length chosen', () => {
  it('charges a 24 in and a 16 in chain each its own price, and keeps each one’s weight to the invoice and the refund', async () => {
    const made = await created();
    const page = await pageOf(made.id);
    const price = (size: string) => priceChoice(page.pricing, { size })!;
    const shopper = await createShopper(t.app);
    const session = { cookie: shopper.cookie, ip: shopper.ip };

    const add = (size: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/cart/add',
        headers: { cookie: session.cookie, 'x-forwarded-for': session.ip },
        payload: { cart_product_id: String(made.id), cart_quantity: '1', cart_user_id: String(shopper.userId), size },
      });
    expect((await add('24')).statusCode).toBe(200);
    expect((await add('16')).statusCode).toBe(200);
    const cart = CartLineListSchema.parse(
      (await t.app.inject({ url: `/api/cart/find-by-user-id/${shopper.userId}`, headers: { cookie: shopper.cookie } })).json(),
    );
    expect(cart).toHaveLength(2);
    const cartPrices = Object.fromEntries(cart.map((l) => [l.options.size, [l.product_price_paise, l.added_price_paise]]));
    expect(cartPrices).toEqual({ '24': [price('24').totalPaise, price('24').totalPaise], '16': [price('16').totalPaise, price('16').totalPaise] });

    const placed = await placeOrder(t.app, shopper);
    expect(placed.statusCode, placed.body).toBe(200);
    const orderNumber = placed.json().orderNumber as string;
    const [order] = await t.database.db.select().from(schema.orders).where(eq(schema.orders.orderNumber, orderNumber));
    const lines = await t.database.db.select().from(schema.orderLines).where(eq(schema.orderLines.orderId, order!.id));
    const bySize = Object.fromEntries(lines.map((l) => [l.size, l]));
    expect(bySize['24']).toMatchObject({ metalWeightMg: 8_370, unitPricePaise: price('24').totalPaise });
    expect(bySize['16']).toMatchObject({ metalWeightMg: 5_580, unitPricePaise: price('16').totalPaise });
    expect(order!.totalPaise).toBe(price('24').totalPaise + price('16').totalPaise + order!.shippingPaise - order!.discountPaise);

    // Packed at the weight each was sold at (the packing check compares with the line's weight), then invoiced.
    const desk = await createStaff(t.app, { role: 'owner' });
    const packed = await packAndDispatch(t.app, desk.cookie, orderNumber);
    expect(packed.lines.map((l) => l.soldWeightMg).sort()).toEqual([5_580, 8_370]);
    const invoice = pdfText((await t.app.inject({ url: `/api/orders/${orderNumber}/invoice.pdf`, headers: { cookie: shopper.cookie } })).rawPayload);
    const flat = invoice.replace(/\s+/g, ' ');
    const amount = (paise: number) => (paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    for (const [size, sku] of [
      ['24', 'Size 24'],
      ['16', 'Size 16'],
    ] as const) {
      const breakup = price(size);
      // Each line's amount is its length's price, and its metal that length's weight at the rate.
      const line = flat.slice(flat.lastIndexOf(' 7113 1 ', flat.indexOf(sku)), flat.indexOf('Piece 1', flat.indexOf(sku)));
      expect(line).toContain(`7113 1 ${amount(breakup.totalPaise)}`);
      expect(line).toContain(`Net metal weight ${size === '24' ? '8.370' : '5.580'} g`);
      expect(line).toContain(`value ₹${amount(breakup.metalPaise)}`);
    }

    // A return of the 24 in chain refunds what it cost, not the 16 in chain's price.
    expect((await json('POST', `/api/admin/orders/${orderNumber}/status`, { status: 'Delivered' }, desk.cookie)).statusCode).toBe(200);
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderNumber}/returns`,
      headers: { cookie: shopper.cookie },
      payload: { lines: [{ lineId: bySize['24']!.id, quantity: 1 }], reason: 'Too long for me.' },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json().return.amountPaise).toBe(price('24').totalPaise);
  });
});

describe('staff give a weight for each length', () => {
  it('refuses a chain without its weights, with a weight short or not above 0, and weights on a ring, each under its field', async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ sizeWeightsG: [], metalWeightG: 5.58 }, 'sizeWeightsG', /Give the metal weight of each length/],
      [{ sizeWeightsG: [5.58, 6.28] }, 'sizeWeightsG', /3 lengths, 2 weights/],
      [{ sizeWeightsG: [5.58, 0, 8.37] }, 'sizeWeightsG', /more than 0/],
      [{ sizeWeightsG: [5.58, -6.28, 8.37] }, 'sizeWeightsG', /more than 0/],
      [{ sizeWeightsG: [5.58, 'heavy', 8.37] }, 'sizeWeightsG', /must be a number/],
      [{ sizeWeightsG: [5.58, 6.28, 8.37], metalWeightG: 6 }, 'metalWeightG', /first length’s \(16 in: 5\.58 g\)/],
      [{ sizeKind: 'ring', sizes: ['10', '12', '14'] }, 'sizeWeightsG', /a ring or bangle has the one metal weight/],
    ];
    for (const [over, field, message] of cases) {
      const res = await json('POST', '/api/admin/products', chain(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().fields[field], JSON.stringify(over)).toMatch(message);
    }
  });

  it('re-weighs a chain by PATCH: new weights carry the metal weight, and the page’s prices follow', async () => {
    const made = await created();
    const before = await pageOf(made.id);
    const res = await json('PATCH', `/api/admin/products/${made.id}`, { sizeWeightsG: '6|6.75|9' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().form).toMatchObject({ metalWeightG: 6, sizeWeightsG: [6, 6.75, 9] });
    const after = await pageOf(made.id);
    expect(after.pricing.sizeWeightsMg).toEqual({ '16': 6_000, '18': 6_750, '24': 9_000 });
    expect(priceChoice(after.pricing, { size: '24' })!.totalPaise).toBeGreaterThan(priceChoice(before.pricing, { size: '24' })!.totalPaise);
    // Fewer lengths without their weights is refused, and nothing changes.
    const short = await json('PATCH', `/api/admin/products/${made.id}`, { sizes: ['16', '18', '20', '24'] });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields.sizeWeightsG).toMatch(/4 lengths, 3 weights/);
  });

  it('exports the weights by length as one cell and imports them back unchanged; refuses a row whose weights are wrong', async () => {
    const made = await created();
    const sku = (await json('GET', `/api/admin/products/${made.id}`)).json().form.sku as string;
    const exported = await t.app.inject({ url: `/api/admin/products/export.csv?q=${sku}`, headers: { cookie: owner } });
    expect(exported.statusCode).toBe(200);
    const [header, line] = exported.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    const cell = line!.split(',')[header!.split(',').indexOf('sizeWeightsG')];
    expect(cell).toBe('5.58|6.28|8.37');
    const back = await postImport(t.app, owner, exported.rawPayload, { dryRun: true });
    expect(back.json()).toMatchObject({ rows: 1, created: 0, updated: 1, problems: [] });

    const columns = ['sku', 'name', 'category', 'material', 'sizeWeightsG'];
    const fileWith = (weights: string) => csvOf([columns, [sku, 'Rassi Rope Chain', 'Chains', 'Gold', weights]]);
    const wrong = await postImport(t.app, owner, fileWith('5.58|0|8.37'), { dryRun: true });
    expect(wrong.json().problems).toEqual([{ row: 2, column: 'sizeWeightsG', message: expect.stringMatching(/more than 0/) }]);
    const reweighed = await postImport(t.app, owner, fileWith('5.6|6.3|8.4'), { dryRun: false });
    expect(reweighed.json()).toMatchObject({ updated: 1, problems: [] });
    expect((await pageOf(made.id)).pricing.sizeWeightsMg).toEqual({ '16': 5_600, '18': 6_300, '24': 8_400 });
  });
});

describe('migration 0023 on chains listed before it', () => {
  it('weighs each length by the rule the demo chains are seeded with (lengthWeightsMg), the first kept exactly', async () => {
    const db = t.database.db;
    const chains = (await db.select().from(schema.products).where(eq(schema.products.sizeKind, 'length'))).filter((c) => !c.sku.startsWith('LEN-'));
    const statement = readFileSync(path.join(migrationsFolder, '0023_size_weights.sql'), 'utf8').split('--> statement-breakpoint').at(-1)!;
    expect(statement).toMatch(/^\s*-- Issue 38[\s\S]*UPDATE "products"/);
    await db.execute(sql`update ${schema.products} set size_weights_mg = '{}' where size_kind = 'length'`);
    await db.execute(sql.raw(statement));
    const after = new Map((await db.select().from(schema.products).where(eq(schema.products.sizeKind, 'length'))).map((c) => [c.id, c.sizeWeightsMg] as const));
    for (const c of chains) expect(after.get(c.id), c.sku).toEqual(lengthWeightsMg(c.metalWeightMg!, c.sizes));
  });
});

describe('the demo chains', () => {
  it('weigh more the longer they are, the first length being the listed weight', async () => {
    const chains = await t.database.db.select().from(schema.products).where(eq(schema.products.sizeKind, 'length'));
    const demo = chains.filter((c) => !c.sku.startsWith('LEN-'));
    expect(demo.length).toBeGreaterThan(5);
    for (const c of demo) {
      expect(c.sizeWeightsMg, c.sku).toHaveLength(c.sizes.length);
      expect(c.sizeWeightsMg[0], c.sku).toBe(c.metalWeightMg);
      for (let i = 1; i < c.sizeWeightsMg.length; i++) expect(c.sizeWeightsMg[i]!, c.sku).toBeGreaterThan(c.sizeWeightsMg[i - 1]!);
    }
  });
});
