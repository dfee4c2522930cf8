/**
 * Issue 19's attack pass on the orders desk: hostile ids, a HUID the design desk holds, and refunds that must never
 * add up to more than was paid. The gateway here is the demo one with slow refunds (pending until processed later),
 * as the real gateway answers most refunds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema, type Db } from '@milli/db';
import { testServerUrl } from '@milli/db/testing';
import { createTestApp, type TestApp } from '../../testing.ts';
import { createProduct, createShopper, createStaff, payThroughDemo, placeOrder, type TestStaff } from '../../testing-factories.ts';
import { createDemoGateway } from '../payments/demo-gateway.ts';
import { createOrder, testHuid } from './testing.ts';

let t: TestApp;
let db: Db;
let desk: TestStaff;
let accounts: TestStaff;

beforeAll(async () => {
  t = await createTestApp({ seed: true, gateway: createDemoGateway({ refundDelayMs: 60 * 60_000 }) });
  db = t.database.db;
  desk = await createStaff(t.app, { role: 'orders' });
  accounts = await createStaff(t.app, { role: 'accounts' });
}, 120_000);
afterAll(() => t?.close());

const send = (method: 'GET' | 'POST', url: string, who: { cookie: string }, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

async function goldOrder(customerId: number) {
  const order = await createOrder(db, { customerId });
  await db
    .update(schema.orderLines)
    .set({ metal: 'gold', purity: 22, metalWeightMg: 5_000, ratePaisePerGram: 7_000_00, hallmarked: true })
    .where(eq(schema.orderLines.orderId, order.id));
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
      const res = await send(method, url, method === 'POST' ? accounts : desk, method === 'POST' ? {} : undefined);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(400);
    }
  });
});

describe('a HUID the design desk recorded on a made piece', () => {
  it('cannot be packed on another order, but the balance order of that very piece may be packed again with it', async () => {
    const shopper = await createShopper(t.app);
    const huid = testHuid();
    const [request] = await db
      .insert(schema.customDesignRequests)
      .values({
        customerId: shopper.id,
        metalType: 'gold',
        category: 'Rings',
        status: 'Making',
        huid,
        netWeightMg: 5_000,
        grossWeightMg: 5_100,
        finalTotalPaise: 40_000_00,
        madeAt: new Date(),
      })
      .returning();
    const other = await goldOrder(shopper.id);
    const res = await send('POST', `/api/admin/orders/${other.orderNumber}/pieces`, desk, {
      pieces: [{ lineId: other.lines[0]!.id, huid, netWeightMg: 5_000, grossWeightMg: 5_100 }],
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toContain(huid);

    const balance = await goldOrder(shopper.id);
    await db.update(schema.orders).set({ customDesignRequestId: request!.id }).where(eq(schema.orders.id, balance.id));
    const again = await send('POST', `/api/admin/orders/${balance.orderNumber}/pieces`, desk, {
      pieces: [{ lineId: balance.lines[0]!.id, huid, netWeightMg: 5_000, grossWeightMg: 5_100 }],
    });
    expect(again.statusCode, again.body).toBe(200);
  });
});

describe('refunds never add up to more than was paid', () => {
  it('a cancel after a weight difference refund still pending at the gateway refunds only the rest', async () => {
    const shopper = await createShopper(t.app);
    const product = await createProduct(db, { name: 'Attack Pending Refund Ring', stock: 5 });
    const orderNumber = (await placeOrder(t.app, shopper, { productId: product.id })).json().orderNumber as string;
    const d = (await send('GET', `/api/admin/orders/${orderNumber}`, desk)).json();
    const line = d.lines[0]!;
    const packed = await send('POST', `/api/admin/orders/${orderNumber}/pieces`, desk, {
      pieces: [{ lineId: line.lineId, huid: testHuid(), netWeightMg: line.soldWeightMg - 500, grossWeightMg: line.soldWeightMg }],
    });
    expect(packed.statusCode, packed.body).toBe(200);
    expect((await send('POST', `/api/admin/orders/${orderNumber}/adjustments/${packed.json().adjustments[0].id}/approve`, accounts, {})).statusCode).toBe(200);
    const [order] = await db.select().from(schema.orders).where(eq(schema.orders.orderNumber, orderNumber));
    const [payment] = await db.select().from(schema.payments).where(eq(schema.payments.orderId, order!.id));
    const weightRefunds = await db.select().from(schema.refunds).where(eq(schema.refunds.paymentId, payment!.id));
    expect(weightRefunds.map((r) => r.status)).toEqual(['pending']);

    const cancelled = await send('POST', `/api/admin/orders/${orderNumber}/cancel`, desk, { reason: 'Customer asked on the phone' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const all = await db.select().from(schema.refunds).where(eq(schema.refunds.paymentId, payment!.id));
    expect(all).toHaveLength(2);
    expect(all.reduce((n, r) => n + r.amountPaise, 0)).toBe(payment!.amountPaise);
    expect(all.every((r) => r.status !== 'failed')).toBe(true);
  });
});

describe('a Harvest plan closed while an order spent from it', () => {
  it('is refused while the order is on its way (cancelling it gives the balance back to the plan); the order can still be cancelled', async () => {
    const shopper = await createShopper(t.app);
    const enrol = await send('POST', '/api/harvest/enrol', shopper, { monthlyAmount: 2000, email: shopper.email });
    expect(enrol.statusCode, enrol.body).toBe(200);
    const plan = enrol.json().plan as { id: number; instalments: { id: number }[] };
    const started = await send('POST', `/api/harvest/instalments/${plan.instalments[0]!.id}/pay`, shopper);
    expect(started.statusCode, started.body).toBe(200);
    expect((await payThroughDemo(t.app, shopper, started.json().payment.gatewayOrderId)).statusCode).toBe(200);
    await db.update(schema.harvestPlans).set({ status: 'Matured', redeemableBalancePaise: 100_000 }).where(eq(schema.harvestPlans.id, plan.id));

    const product = await createProduct(db, { name: 'Attack Harvest Earrings', stock: 5 });
    const placed = await placeOrder(t.app, shopper, { productId: product.id, fields: { useHarvest: 'true' } });
    expect(placed.statusCode, placed.body).toBe(200);
    const orderNumber = placed.json().orderNumber as string;
    const [order] = await db.select().from(schema.orders).where(eq(schema.orders.orderNumber, orderNumber));
    expect(order!.harvestCreditPaise).toBe(100_000);

    // The plan is Redeemed now; staff cannot close it. With a balance left (a part spent), they can.
    await db.update(schema.harvestPlans).set({ status: 'Matured', redeemableBalancePaise: 10_000 }).where(eq(schema.harvestPlans.id, plan.id));
    const closed = await send('POST', `/api/admin/harvest/plans/${plan.id}/close`, accounts, { reason: 'Customer asked to close', refund: true });
    const cancelled = await send('POST', `/api/admin/orders/${orderNumber}/cancel`, desk, { reason: 'Out of stock after all' });
    expect(closed.statusCode, closed.body).toBe(409);
    expect(closed.json().message).toContain(orderNumber);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [after] = await db.select().from(schema.harvestPlans).where(eq(schema.harvestPlans.id, plan.id));
    expect(after).toMatchObject({ status: 'Matured', redeemableBalancePaise: 110_000 });
    // Once the order is cancelled (its spending returned), the plan closes.
    expect((await send('POST', `/api/admin/harvest/plans/${plan.id}/close`, accounts, { reason: 'Customer asked to close', refund: true })).statusCode).toBe(
      200,
    );
  });
});

describe('a made-to-order piece’s request follows its order', () => {
  it('when the customer cancels the balance order, as when the store does', async () => {
    const shopper = await createShopper(t.app);
    const [request] = await db
      .insert(schema.customDesignRequests)
      .values({ customerId: shopper.id, metalType: 'gold', category: 'Rings', status: 'Making' })
      .returning();
    const order = await goldOrder(shopper.id);
    await db.update(schema.orders).set({ customDesignRequestId: request!.id }).where(eq(schema.orders.id, order.id));
    const res = await send('POST', `/api/orders/${order.orderNumber}/cancel`, shopper);
    expect(res.statusCode, res.body).toBe(200);
    const [after] = await db.select().from(schema.customDesignRequests).where(eq(schema.customDesignRequests.id, request!.id));
    expect(after!.status).toBe('Cancelled');
  });
});

describe.runIf(Boolean(testServerUrl))('two staff at once on one order (PostgreSQL)', () => {
  it('two cancels: one wins and refunds once; cancel and dispatch and pack together never answer 500', async () => {
    const shopper = await createShopper(t.app);
    const product = await createProduct(db, { name: 'Attack Race Bangle', stock: 10 });
    for (let round = 0; round < 3; round++) {
      const orderNumber = (await placeOrder(t.app, shopper, { productId: product.id })).json().orderNumber as string;
      const d = (await send('GET', `/api/admin/orders/${orderNumber}`, desk)).json();
      const line = d.lines[0]!;
      const pieces = { pieces: [{ lineId: line.lineId, huid: testHuid(), netWeightMg: line.soldWeightMg, grossWeightMg: line.soldWeightMg + 100 }] };
      const answers = await Promise.all([
        send('POST', `/api/admin/orders/${orderNumber}/cancel`, desk, { reason: 'First desk cancels' }),
        send('POST', `/api/admin/orders/${orderNumber}/cancel`, desk, { reason: 'Second desk cancels' }),
        send('POST', `/api/admin/orders/${orderNumber}/pieces`, desk, pieces),
        send('POST', `/api/admin/orders/${orderNumber}/status`, desk, { status: 'Picked' }),
        send('POST', `/api/orders/${orderNumber}/cancel`, shopper),
      ]);
      expect(
        answers.map((a) => a.statusCode).filter((c) => c >= 500),
        answers.map((a) => a.body).join('\n'),
      ).toEqual([]);
      const cancels = answers.filter((a, i) => (i < 2 || i === 4) && a.statusCode === 200);
      expect(cancels).toHaveLength(1);
      const [order] = await db.select().from(schema.orders).where(eq(schema.orders.orderNumber, orderNumber));
      expect(order!.status).toBe('Cancelled');
      const refunds = await db.select().from(schema.refunds).where(eq(schema.refunds.orderId, order!.id));
      const [payment] = await db.select().from(schema.payments).where(eq(schema.payments.orderId, order!.id));
      expect(refunds.reduce((n, r) => n + r.amountPaise, 0)).toBe(payment!.amountPaise);
      const pieceRows = await db.select().from(schema.orderPieces).where(eq(schema.orderPieces.orderId, order!.id));
      expect(pieceRows.filter((p) => p.releasedAt === null)).toHaveLength(0);
    }
  });
});

describe('a weight difference approved from several desks at once (issue 35)', () => {
  it('is refunded once: one approval wins, the others hear it is already approved', async () => {
    const shopper = await createShopper(t.app);
    const product = await createProduct(db, { name: 'Attack Double Approve Ring', stock: 5 });
    const orderNumber = (await placeOrder(t.app, shopper, { productId: product.id })).json().orderNumber as string;
    const line = (await send('GET', `/api/admin/orders/${orderNumber}`, desk)).json().lines[0]!;
    const packed = await send('POST', `/api/admin/orders/${orderNumber}/pieces`, desk, {
      pieces: [{ lineId: line.lineId, huid: testHuid(), netWeightMg: line.soldWeightMg - 300, grossWeightMg: line.soldWeightMg }],
    });
    const id = packed.json().adjustments[0].id as number;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => send('POST', `/api/admin/orders/${orderNumber}/adjustments/${id}/approve`, accounts, {})),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(
      await db
        .select()
        .from(schema.refunds)
        .where(eq(schema.refunds.idempotencyKey, `adjust-refund-${id}`)),
    ).toHaveLength(1);
  });
});
