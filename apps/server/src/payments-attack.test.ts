/**
 * Attacks on the gateway payments (issue 18): holding stock without paying, the payment-call limit, odd
 * webhook bodies, and payments of another customer's purchase, as an attacker would try them.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema, type Db } from '@milli/db';
import { createTestApp, postForm, type TestApp } from './testing.ts';
import { createProduct, createShopper, payThroughDemo, placeOrder, type TestShopper } from './testing-factories.ts';
import { hmacHex } from './modules/payments/gateway.ts';
import { createDemoGateway } from './modules/payments/demo-gateway.ts';
import { MAX_UNPAID_ORDERS } from './modules/checkout/service.ts';
import { PAYMENT_ATTEMPTS_LIMIT } from './modules/payments/service.ts';

let t: TestApp;
let db: Db;
let gateway: ReturnType<typeof createDemoGateway>;

beforeAll(async () => {
  gateway = createDemoGateway({ refundDelayMs: 0 });
  t = await createTestApp({ seed: true, gateway });
  db = t.database.db;
});
afterAll(() => t?.close());

const stockOf = async (id: number) => (await db.select({ stock: schema.products.stock }).from(schema.products).where(eq(schema.products.id, id)))[0]!.stock;
const webhook = (body: string | Buffer, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/payments/razorpay/webhook', payload: body, headers: { 'content-type': 'application/json', ...headers } });
const signed = (body: string) => ({ 'x-razorpay-signature': hmacHex(gateway.webhookSecret, body) });

describe('holding stock without paying', () => {
  it('counts orders to be paid on delivery, not yet confirmed, within the unpaid-orders limit', async () => {
    const s = await createShopper(t.app);
    const piece = await createProduct(db, { stock: 20, metalWeightMg: 1_000 });
    for (let i = 0; i < MAX_UNPAID_ORDERS; i += 1) {
      const placed = await placeOrder(t.app, s, { productId: piece.id, fields: { paymentMethod: 'cod' } });
      expect(placed.statusCode, placed.body).toBe(200);
      expect(placed.json().status).toBe('Awaiting confirmation');
    }
    const refused = await placeOrder(t.app, s, { productId: piece.id, fields: { paymentMethod: 'cod' } });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_UNPAID_ORDERS' });
    const online = await placeOrder(t.app, s, { productId: piece.id, pay: false });
    expect(online.statusCode, online.body).toBe(409);
    expect(await stockOf(piece.id)).toBe(20 - MAX_UNPAID_ORDERS);
  });
});

describe('the payment-call limit', () => {
  it('counts paying an order again, which asks the gateway each time', async () => {
    const s = await createShopper(t.app);
    const piece = await createProduct(db, { stock: 5, metalWeightMg: 1_000 });
    const placed = await placeOrder(t.app, s, { productId: piece.id, pay: false });
    expect(placed.statusCode, placed.body).toBe(200);
    const url = `/api/orders/${placed.json().orderNumber}/pay`;
    const codes: number[] = [];
    for (let i = 0; i <= PAYMENT_ATTEMPTS_LIMIT.max; i += 1)
      codes.push((await t.app.inject({ method: 'POST', url, headers: { cookie: s.cookie } })).statusCode);
    expect(codes.slice(0, PAYMENT_ATTEMPTS_LIMIT.max).every((c) => c === 200)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });
});

describe('the webhook with odd bodies', () => {
  it('answers 400, never 500, for unsigned, empty, non-JSON and odd JSON bodies', async () => {
    expect((await webhook('')).statusCode).toBe(400);
    expect((await webhook('{}')).statusCode).toBe(400);
    expect((await webhook('{}', { 'x-razorpay-signature': 'zz' })).statusCode).toBe(400);
    expect((await webhook('not json', signed('not json'))).statusCode).toBe(400);
    for (const body of [
      'null',
      '[]',
      '"x"',
      '42',
      '{"event":"payment.captured"}',
      '{"event":"payment.captured","payload":{"payment":{"entity":{"order_id":{"a":1},"status":"captured"}}}}',
      '{"event":"refund.processed","payload":{"refund":{"entity":{"id":7,"notes":null}}}}',
      '{"event":"payment.failed","payload":{"payment":{"entity":{"order_id":["x"]}}}}',
    ]) {
      const res = await webhook(body, signed(body));
      expect(res.statusCode, `${body}: ${res.body}`).toBeLessThan(500);
    }
    const huge = `{"event":"x","pad":"${'a'.repeat(300 * 1024)}"}`;
    expect((await webhook(huge, signed(huge))).statusCode).toBe(413);
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/payments/razorpay/webhook',
      payload: '{}',
      headers: { 'content-type': 'text/plain', ...signed('{}') },
    });
    expect(plain.statusCode, plain.body).toBe(200);
    for (const type of ['multipart/form-data; boundary=x', 'application/x-www-form-urlencoded', 'application/json; charset=utf-16']) {
      const odd = await t.app.inject({
        method: 'POST',
        url: '/api/payments/razorpay/webhook',
        payload: '{}',
        headers: { 'content-type': type, ...signed('{}') },
      });
      expect(odd.statusCode, `${type}: ${odd.body}`).toBe(200);
    }
    const none = await t.app.inject({ method: 'POST', url: '/api/payments/razorpay/webhook', headers: signed('') });
    expect(none.statusCode, none.body).toBeLessThan(500);
  });
});

describe("another customer's payment", () => {
  it('is not found, the same as one that does not exist, and its checkout cannot be paid by someone else', async () => {
    const owner = await createShopper(t.app);
    const other: TestShopper = await createShopper(t.app);
    const piece = await createProduct(db, { stock: 5, metalWeightMg: 1_000 });
    const placed = await placeOrder(t.app, owner, { productId: piece.id, pay: false });
    const gatewayOrderId = placed.json().payment.gatewayOrderId as string;
    const theirs = await payThroughDemo(t.app, other, gatewayOrderId);
    expect(theirs.statusCode).toBe(404);
    const paid = await postForm(t.app, '/api/payments/demo/checkout', { gatewayOrderId, instrument: 'card_success' }, { cookie: owner.cookie });
    const stolen = await postForm(t.app, '/api/payments/razorpay/verify', paid.json(), { cookie: other.cookie });
    const none = await postForm(t.app, '/api/payments/razorpay/verify', { ...paid.json(), razorpay_order_id: 'order_DoesNotExist1' }, { cookie: other.cookie });
    expect([stolen.statusCode, stolen.json().code]).toEqual([none.statusCode, none.json().code]);
    expect(stolen.json().message).toBe(none.json().message);
    const [row] = await db
      .select()
      .from(schema.payments)
      .where(and(eq(schema.payments.gatewayOrderId, gatewayOrderId)));
    expect(row!.status).toBe('created');
  });
});

describe('the reconciliation sweep', () => {
  it('reaches a paid payment whose webhook was lost even behind a hundred payments nobody will ever pay', async () => {
    const s = await createShopper(t.app);
    // Advances of superseded designs, instalments of closed plans: payments started an hour ago, never paid.
    const hourAgo = new Date(Date.now() - 60 * 60_000);
    await db.insert(schema.payments).values(
      Array.from({ length: 100 }, (_, i) => ({
        customerId: s.id,
        purpose: 'cad_advance' as const,
        amountPaise: 100_00,
        gateway: 'demo',
        gatewayOrderId: `order_Stale${i}`,
        idempotencyKey: `stale:${i}`,
        createdAt: hourAgo,
      })),
    );
    const piece = await createProduct(db, { stock: 5, metalWeightMg: 1_000 });
    const placed = await placeOrder(t.app, s, { productId: piece.id, pay: false });
    const gatewayOrderId = placed.json().payment.gatewayOrderId as string;
    // Paid in the checkout; the browser closed before the verify, and the webhook never came.
    const paid = await postForm(t.app, '/api/payments/demo/checkout', { gatewayOrderId, instrument: 'card_success' }, { cookie: s.cookie });
    expect(paid.statusCode, paid.body).toBe(200);
    await db
      .update(schema.payments)
      .set({ createdAt: new Date(Date.now() - 2 * 60_000) })
      .where(eq(schema.payments.gatewayOrderId, gatewayOrderId));
    await t.app.paymentKeeper.run();
    await t.app.paymentKeeper.run();
    const [order] = await db.select({ status: schema.orders.status }).from(schema.orders).where(eq(schema.orders.orderNumber, placed.json().orderNumber));
    expect(order!.status).toBe('Placed');
  });
});

describe('everything at once', () => {
  it('verify, both webhooks, the keeper and two cancels together: the money is kept with its order, or refunded once', async () => {
    for (let round = 0; round < 4; round += 1) {
      const s = await createShopper(t.app);
      const piece = await createProduct(db, { stock: 5, metalWeightMg: 1_000 });
      const placed = await placeOrder(t.app, s, { productId: piece.id, pay: false });
      const { orderNumber, payment } = placed.json() as { orderNumber: string; payment: { gatewayOrderId: string } };
      const from = gateway.simulator.deliveries().length;
      const paid = await postForm(
        t.app,
        '/api/payments/demo/checkout',
        { gatewayOrderId: payment.gatewayOrderId, instrument: 'card_success' },
        { cookie: s.cookie },
      );
      const events = gateway.simulator.deliveries().slice(from);
      await db
        .update(schema.payments)
        .set({ createdAt: new Date(Date.now() - 2 * 60_000) })
        .where(eq(schema.payments.gatewayOrderId, payment.gatewayOrderId));
      const cancel = () => t.app.inject({ method: 'POST', url: `/api/orders/${orderNumber}/cancel`, headers: { cookie: s.cookie } });
      const results = await Promise.all([
        postForm(t.app, '/api/payments/razorpay/verify', paid.json(), { cookie: s.cookie }),
        ...events.map((d) => webhook(d.body, { 'x-razorpay-signature': d.signature, 'x-razorpay-event-id': d.eventId })),
        t.app.paymentKeeper.run(),
        round % 2 === 0 ? cancel() : Promise.resolve(null),
        round % 2 === 0 ? cancel() : Promise.resolve(null),
      ]);
      for (const r of results) if (r && 'statusCode' in r) expect(r.statusCode, r.body).toBeLessThan(500);
      await t.app.paymentKeeper.run();
      const [row] = await db.select().from(schema.payments).where(eq(schema.payments.gatewayOrderId, payment.gatewayOrderId));
      const [order] = await db.select().from(schema.orders).where(eq(schema.orders.orderNumber, orderNumber));
      const refunds = await db.select().from(schema.refunds).where(eq(schema.refunds.paymentId, row!.id));
      expect(row!.status === 'paid' || row!.status === 'refunded').toBe(true);
      if (order!.status === 'Placed') expect(refunds).toHaveLength(0);
      else {
        expect(order!.status).toBe('Cancelled');
        expect(refunds).toHaveLength(1);
        expect(refunds[0]!.amountPaise).toBe(row!.amountPaise);
      }
      expect(await stockOf(piece.id)).toBe(order!.status === 'Placed' ? 4 : 5);
    }
  });
});

describe('odd inputs to the payment routes', () => {
  it('never answer 500', async () => {
    const s = await createShopper(t.app);
    const session = { cookie: s.cookie };
    const odd = ['', ' ', 'order_', 'order_' + 'A'.repeat(5000), 'pay_x', '../../etc', 'order_\u0000', '{"a":1}', 'order_Ab%00', 'ORDER_ABC'];
    for (const id of odd) {
      for (const body of [
        { razorpay_order_id: id, razorpay_payment_id: 'pay_Abc123', razorpay_signature: 'x' },
        { razorpay_order_id: 'order_Abc123', razorpay_payment_id: id, razorpay_signature: id },
      ]) {
        const res = await postForm(t.app, '/api/payments/razorpay/verify', body, session);
        expect(res.statusCode, `${JSON.stringify(body).slice(0, 80)}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
      }
      const demo = await postForm(t.app, '/api/payments/demo/checkout', { gatewayOrderId: id, instrument: 'card_success' }, session);
      expect(demo.statusCode, demo.body.slice(0, 200)).toBeLessThan(500);
    }
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/payments/razorpay/verify',
      payload: '[1,2]',
      headers: { cookie: s.cookie, 'content-type': 'application/json' },
    });
    expect(json.statusCode).toBe(400);
    for (const url of [
      '/api/orders/MIL-2026-999999/pay',
      '/api/orders/%00/pay',
      `/api/orders/${'9'.repeat(300)}/pay`,
      '/api/harvest/instalments/99999999999/pay',
      '/api/harvest/instalments/-1/pay',
      '/api/harvest/instalments/1e3/pay',
    ]) {
      const res = await t.app.inject({ method: 'POST', url, headers: { cookie: s.cookie } });
      expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
    }
    for (const payload of ['[1]', 'null', '{"amountPaise":1}', '"x"']) {
      for (const url of ['/api/harvest/instalments/1/pay', '/api/custom-design/requests/1/approve', '/api/orders/MIL-2026-000001/pay']) {
        const res = await t.app.inject({ method: 'POST', url, payload, headers: { cookie: s.cookie, 'content-type': 'application/json' } });
        expect(res.statusCode, `${url} ${payload}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
      }
    }
    for (const url of ['/api/account/addresses/99999999999', '/api/account/addresses/0', '/api/account/addresses/1.5']) {
      const res = await t.app.inject({ method: 'DELETE', url, headers: { cookie: s.cookie } });
      expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
    }
    const twice = await t.app.inject({
      method: 'POST',
      url: '/api/payments/razorpay/webhook',
      payload: '{}',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': ['a', 'b'] as unknown as string },
    });
    expect(twice.statusCode).toBe(400);
  });
});

describe('a checkout replayed after its order was cancelled', () => {
  it('does not say the order is placed', async () => {
    const s = await createShopper(t.app);
    const piece = await createProduct(db, { stock: 5, metalWeightMg: 1_000 });
    const fields = { idempotencyKey: 'replay-after-cancel-1' };
    const placed = await placeOrder(t.app, s, { productId: piece.id, fields, pay: false });
    expect(placed.statusCode, placed.body).toBe(200);
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/orders/${placed.json().orderNumber}/cancel`, headers: { cookie: s.cookie } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const again = await placeOrder(t.app, s, { fields, pay: false });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ORDER_CANCELLED' });
  });
});

describe('the reconciliation sweep of closed payments', () => {
  it('refunds money taken after a cancel even behind a hundred other closed payments', async () => {
    const s = await createShopper(t.app);
    const hourAgo = new Date(Date.now() - 60 * 60_000);
    await db.insert(schema.payments).values(
      Array.from({ length: 100 }, (_, i) => ({
        customerId: s.id,
        purpose: 'order' as const,
        status: 'failed' as const,
        amountPaise: 100_00,
        gateway: 'demo',
        gatewayOrderId: `order_Closed${i}`,
        idempotencyKey: `closed:${i}`,
        createdAt: hourAgo,
      })),
    );
    const piece = await createProduct(db, { stock: 5, metalWeightMg: 1_000 });
    const placed = await placeOrder(t.app, s, { productId: piece.id, pay: false });
    const gatewayOrderId = placed.json().payment.gatewayOrderId as string;
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/orders/${placed.json().orderNumber}/cancel`, headers: { cookie: s.cookie } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // The checkout was still open in another tab: paid after the cancel, and its webhook lost.
    expect(gateway.simulator.checkout(gatewayOrderId, 'card_success').ok).toBe(true);
    await t.app.paymentKeeper.run();
    await t.app.paymentKeeper.run();
    const [row] = await db.select().from(schema.payments).where(eq(schema.payments.gatewayOrderId, gatewayOrderId));
    const refunds = await db.select().from(schema.refunds).where(eq(schema.refunds.paymentId, row!.id));
    expect(refunds.map((r) => r.amountPaise)).toEqual([row!.amountPaise]);
  });
});

describe('a Milli Harvest balance that leaves less than a rupee to pay', () => {
  it('leaves a payable rupee online: the gateway takes no order under Rs. 1, and the order could never be paid', async () => {
    const s = await createShopper(t.app);
    const piece = await createProduct(db, { stock: 5, metalWeightMg: 1_000 });
    const first = await placeOrder(t.app, s, { productId: piece.id, pay: false });
    const totalPaise = first.json().totalPaise as number;
    expect((await t.app.inject({ method: 'POST', url: `/api/orders/${first.json().orderNumber}/cancel`, headers: { cookie: s.cookie } })).statusCode).toBe(200);
    const day = 86_400_000;
    await db.insert(schema.harvestPlans).values({
      customerId: s.id,
      monthlyAmountPaise: 200_000,
      email: s.email,
      status: 'Matured',
      redeemableBalancePaise: totalPaise - 50,
      startedAt: new Date(Date.now() - 320 * day),
      maturesAt: new Date(Date.now() - day),
    });
    const placed = await placeOrder(t.app, s, { productId: piece.id, fields: { useHarvest: 'on' }, pay: false });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json()).toMatchObject({
      status: 'Awaiting payment',
      totalPaise,
      harvestCreditPaise: totalPaise - 100,
      payNowPaise: 100,
      payment: { amountPaise: 100 },
    });
    const verified = await payThroughDemo(t.app, s, placed.json().payment.gatewayOrderId);
    expect(verified.statusCode, verified.body).toBe(200);
  });
});
