/**
 * The test factories themselves: a product they make is priced by the store exactly as they listed it, and
 * a shopper they make is logged in and can check out, so a test built on them tests the store, not them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@milli/db';
import { createTestApp, type TestApp } from './testing.ts';
import { createProduct, createShopper, placeOrder } from './testing-factories.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(() => t?.close());

describe('test factories', () => {
  it('make a product with the overrides asked for, listed at the price its page shows', async () => {
    const ring = await createProduct(t.database.db, { metal: 'gold', karat: 18, stock: 1, sizeKind: 'ring', category: 'Rings' });
    expect(ring).toMatchObject({ metal: 'gold', material: 'Gold', purity: 18, stock: 1, sizeKind: 'ring', sizes: ['10', '12', '14'], active: true });
    const silver = await createProduct(t.database.db, { metal: 'silver', metalWeightMg: 12_000 });
    expect(silver).toMatchObject({ material: 'Silver', purity: 925, metalColour: null, hallmarked: false });
    for (const p of [ring, silver]) {
      const page = await t.app.inject({ url: `/api/product/find-by-id/${p.id}` });
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json().data.product_price_paise).toBe(p.listPricePaise);
    }
  });

  it('make a logged-in shopper who can place an order', async () => {
    const who = await createShopper(t.app, { username: 'factorymade' });
    expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie: who.cookie } })).json()).toEqual({ userId: who.userId, userName: 'factorymade' });
    const piece = await createProduct(t.database.db, { stock: 1 });
    const placed = await placeOrder(t.app, who, { productId: piece.id });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json()).toMatchObject({ subtotalPaise: piece.listPricePaise, replayed: false });
    const [after] = await t.database.db.select().from(schema.products).where(eq(schema.products.id, piece.id));
    expect(after!.stock).toBe(0);
  });
});
