/**
 * Issue 19's attack pass on the orders desk: hostile ids, a HUID the design desk holds, and refunds that must never
 * add up to more than was paid. The gateway here is the demo one with slow refunds (pending until processed later),
 * as the real gateway answers most refunds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema, type Db } from '@milli/db';
import { createTestApp, type TestApp } from '../../testing.ts';
import { createProduct, createShopper, createStaff, placeOrder, type TestStaff } from '../../testing-factories.ts';
import { createDemoGateway } from '../payments/demo-gateway.ts';
import { createOrder, testHuid } from '../orders/testing.ts';

let t: TestApp;
let db: Db;
let desk: TestStaff;

beforeAll(async () => {
  t = await createTestApp({ seed: true, gateway: createDemoGateway({ refundDelayMs: 60 * 60_000 }) });
  db = t.database.db;
  desk = await createStaff(t.app, { role: 'orders' });
}, 120_000);
afterAll(() => t?.close());

const send = (method: 'GET' | 'POST', url: string, who: { cookie: string }, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

async function goldOrder(customerId: number) {
  const order = await createOrder(db, { customerId });
  await db.update(schema.orderLines).set({ metal: 'gold', purity: 22, metalWeightMg: 5_000, ratePaisePerGram: 7_000_00 }).where(eq(schema.orderLines.orderId, order.id));
  const lines = await db.select().from(schema.orderLines).where(eq(schema.orderLines.orderId, order.id));
  return { ...order, lines };
}

describe('hostile ids on the orders desk', () => {
  it('an adjustment or credit note id beyond a database integer is a 400, never a 500', async () => {
    const shopper = await createShopper(t.app);
    const order = await goldOrder(shopper.id);
    const huge = '9'.repeat(12);
    for (const [method, url] of [
      ['POST', `/api/admin/orders/${order.orderNumber}/adjustments/${huge}/waive`],
      ['GET', `/api/admin/orders/${order.orderNumber}/credit-notes/${huge}.pdf`],
    ] as const) {
      const res = await send(method, url, desk, method === 'POST' ? {} : undefined);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(400);
    }
  });
});
