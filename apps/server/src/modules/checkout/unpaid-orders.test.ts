import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@milli/db';
import { createTestApp } from '../../testing.ts';
import { createProduct, createShopper, payThroughDemo, placeOrder } from '../../testing-factories.ts';
import { MAX_UNPAID_ORDERS } from './service.ts';

describe('unpaid orders', () => {
  it('lets one customer hold at most three orders awaiting payment, and a paid one frees a place', async () => {
    const t = await createTestApp();
    try {
      const shopper = await createShopper(t.app);
      const product = await createProduct(t.database.db, { stock: 20 });
      for (let i = 0; i < MAX_UNPAID_ORDERS; i += 1) {
        const placed = await placeOrder(t.app, shopper, { productId: product.id, pay: false });
        expect(placed.statusCode, placed.body).toBe(200);
        expect(placed.json()).toMatchObject({ status: 'Awaiting payment', payNowPaise: expect.any(Number), payment: { gateway: 'demo', currency: 'INR' } });
      }
      const refused = await placeOrder(t.app, shopper, { productId: product.id, pay: false });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'TOO_MANY_UNPAID_ORDERS' });
      // The refused order wrote nothing: three pieces held, the fourth still on the shelf.
      const stock = async () =>
        (await t.database.db.select({ stock: schema.products.stock }).from(schema.products).where(eq(schema.products.id, product.id)))[0]!.stock;
      expect(await stock()).toBe(17);
      // Paying one of them frees a place.
      const orders = await t.database.db.select().from(schema.orders).where(eq(schema.orders.customerId, shopper.userId));
      const first = orders[0]!;
      const pay = await t.app.inject({ method: 'POST', url: `/api/orders/${first.orderNumber}/pay`, headers: { cookie: shopper.cookie } });
      expect(pay.statusCode, pay.body).toBe(200);
      const verified = await payThroughDemo(t.app, shopper, pay.json().payment.gatewayOrderId);
      expect(verified.statusCode, verified.body).toBe(200);
      const again = await placeOrder(t.app, shopper, { productId: product.id, pay: false });
      expect(again.statusCode, again.body).toBe(200);
      expect(await stock()).toBe(15);
    } finally {
      await t.close();
    }
  });

  it('pauses online orders for a day after three lapsed unpaid, so lapsing and re-placing cannot hold pieces for ever', async () => {
    const t = await createTestApp();
    try {
      const shopper = await createShopper(t.app);
      const other = await createShopper(t.app);
      const product = await createProduct(t.database.db, { stock: 20 });
      for (let i = 0; i < MAX_UNPAID_ORDERS; i += 1) expect((await placeOrder(t.app, shopper, { productId: product.id, pay: false })).statusCode).toBe(200);
      // Their hold ends; the reconciliation job finds them unpaid and lets them lapse.
      await t.database.db
        .update(schema.orders)
        .set({ payBy: new Date(Date.now() - 60_000) })
        .where(eq(schema.orders.customerId, shopper.userId));
      expect(await t.app.paymentKeeper.run()).toMatchObject({ lapsed: MAX_UNPAID_ORDERS });
      const again = await placeOrder(t.app, shopper, { productId: product.id, pay: false });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'TOO_MANY_UNPAID_ORDERS' });
      expect(again.json().message).toMatch(/lapsed unpaid in the last day/);
      // Another shopper is not held up by it.
      expect((await placeOrder(t.app, other, { productId: product.id })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
