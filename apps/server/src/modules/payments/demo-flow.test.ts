/**
 * An order's payment from start to end on the built-in demo gateway (issue 18), through the API: paying
 * again on the same gateway order, a declined attempt, cancelling before and after paying (the refund queued,
 * then processed by the gateway's webhook or the reconciliation job), lapsing when unpaid (and not lapsing
 * when the money arrived but the browser never said so), and the order page's payment block in each state.
 * The gateway's refunds take a moment here (as Razorpay's do), and its webhooks are delivered by the test.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema, type Db } from '@milli/db';
import { createTestApp, postForm, type TestApp } from '../../testing.ts';
import { createProduct, createShopper, createStaff, payThroughDemo, placeOrder, type TestShopper } from '../../testing-factories.ts';
import { paymentBreaches } from '../../reliability/payment-invariants.ts';
import { createDemoGateway } from './demo-gateway.ts';

const REFUND_DELAY_MS = 150;
let t: TestApp;
let db: Db;
let gateway: ReturnType<typeof createDemoGateway>;
const customers: number[] = [];

beforeAll(async () => {
  gateway = createDemoGateway({ refundDelayMs: REFUND_DELAY_MS });
  t = await createTestApp({ seed: true, gateway });
  db = t.database.db;
});
afterAll(() => t?.close());

async function shopper() {
  const s = await createShopper(t.app);
  customers.push(s.id);
  return s;
}

interface Held {
  orderId: number;
  orderNumber: string;
  status: string;
  totalPaise: number;
  payBy: string | null;
  payment: { gatewayOrderId: string; amountPaise: number } | null;
}

/** A piece with 5 in stock (5 g of gold by default) put in the cart and ordered; the answer. */
async function order(s: TestShopper, fields: Record<string, string | number> = {}, pay = false, metalWeightMg = 5_000) {
  const piece = await createProduct(db, { stock: 5, metalWeightMg });
  const placed = await placeOrder(t.app, s, { productId: piece.id, fields, pay });
  expect(placed.statusCode, placed.body).toBe(200);
  return { piece, held: placed.json() as Held };
}

const get = (url: string, s: TestShopper) => t.app.inject({ url, headers: { cookie: s.cookie } });
const post = (url: string, s: { cookie: string }, body?: Record<string, string>) =>
  body ? postForm(t.app, url, body, { cookie: s.cookie }) : t.app.inject({ method: 'POST', url, headers: { cookie: s.cookie } });
const detail = async (s: TestShopper, orderNumber: string) => {
  const res = await get(`/api/orders/${orderNumber}`, s);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { order: { status: string }; payment: Record<string, unknown> };
};
const stockOf = async (id: number) => (await db.select({ stock: schema.products.stock }).from(schema.products).where(eq(schema.products.id, id)))[0]!.stock;
const paymentOf = async (orderId: number) => (await db.select().from(schema.payments).where(eq(schema.payments.orderId, orderId)))[0]!;
const payments = async (s: TestShopper) => {
  const res = await get('/api/payments', s);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    orderNumber: string | null;
    status: string;
    amountPaise: number;
    refundedPaise: number;
    method: string | null;
    failureReason: string | null;
    refunds: { amountPaise: number; status: string; reason: string; processedAt: string | null }[];
  }[];
};
/** Delivers the gateway's webhooks of one kind about one gateway id, as Razorpay would POST them. */
async function deliver(event: string, about: string) {
  const found = gateway.simulator.deliveries().filter((d) => d.event === event && d.body.includes(about));
  expect(found.length, `${event} about ${about}`).toBeGreaterThan(0);
  const answers = [];
  for (const d of found) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/razorpay/webhook',
      payload: d.body,
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': d.signature, 'x-razorpay-event-id': d.eventId },
    });
    expect(res.statusCode, res.body).toBe(200);
    answers.push(res.json().message as string);
  }
  return answers;
}
const waitForRefunds = () => new Promise((resolve) => setTimeout(resolve, REFUND_DELAY_MS * 2));

describe('paying an order through the demo gateway', () => {
  it('pays again on the same gateway order, says why a declined card failed, and places the order once paid', async () => {
    const s = await shopper();
    const { held } = await order(s);
    expect(held).toMatchObject({ status: 'Awaiting payment', payment: { amountPaise: held.totalPaise } });
    const gatewayOrderId = held.payment!.gatewayOrderId;
    expect((await detail(s, held.orderNumber)).payment).toMatchObject({
      method: 'online',
      state: 'awaiting',
      payNowPaise: held.totalPaise,
      paidPaise: 0,
      payBy: held.payBy,
      methodLabel: null,
    });

    // Pay Now on the order's page (another tab, a reload): the same gateway order, the same hold.
    const again = await post(`/api/orders/${held.orderNumber}/pay`, s);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ orderNumber: held.orderNumber, payBy: held.payBy, payment: { gatewayOrderId, amountPaise: held.totalPaise } });

    // A declined card: the order stays held, the payment open, the reason kept for the customer.
    const declined = await post('/api/payments/demo/checkout', s, { gatewayOrderId, instrument: 'card_declined' });
    expect(declined.statusCode, declined.body).toBe(402);
    expect(declined.json()).toMatchObject({ code: 'PAYMENT_DECLINED' });
    await deliver('payment.failed', gatewayOrderId);
    const [open] = await payments(s);
    expect(open).toMatchObject({ orderNumber: held.orderNumber, status: 'created', failureReason: expect.stringMatching(/declined/) });
    expect((await post(`/api/orders/${held.orderNumber}/pay`, s)).json().payment.gatewayOrderId).toBe(gatewayOrderId);

    // Then a good card: placed, and the page says how it was paid.
    const paid = await payThroughDemo(t.app, s, gatewayOrderId);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ purpose: 'order', orderNumber: held.orderNumber, replayed: false });
    const shown = await detail(s, held.orderNumber);
    expect(shown.order.status).toBe('Placed');
    expect(shown.payment).toMatchObject({ state: 'paid', paidPaise: held.totalPaise, refundedPaise: 0, payBy: null, methodLabel: 'Visa •••• 1111' });
    // The gateway's own word on it changes nothing more (the payment records it already); nor can it be paid again.
    expect(await deliver('payment.captured', gatewayOrderId)).toEqual(['Already handled.']);
    expect((await paymentOf(held.orderId)).status).toBe('paid');
    const late = await post(`/api/orders/${held.orderNumber}/pay`, s);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('ORDER_NOT_PAYABLE');
    expect((await post('/api/payments/demo/checkout', s, { gatewayOrderId, instrument: 'card_success' })).statusCode).toBe(409);
  });

  it('cancelling an order awaiting payment closes its payment and puts the pieces back; a later checkout of it is refused, and money that still arrives goes back', async () => {
    const s = await shopper();
    const { piece, held } = await order(s);
    const gatewayOrderId = held.payment!.gatewayOrderId;
    expect(await stockOf(piece.id)).toBe(4);
    // The shopper had the gateway's checkout open in another tab and paid there just before cancelling; its verify comes late.
    const other = await shopper();
    const { held: held2 } = await order(other);
    const paidElsewhere = await post('/api/payments/demo/checkout', other, { gatewayOrderId: held2.payment!.gatewayOrderId, instrument: 'upi_success' });
    expect(paidElsewhere.statusCode).toBe(200);

    const cancel = await post(`/api/orders/${held.orderNumber}/cancel`, s);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await stockOf(piece.id)).toBe(5);
    expect(await paymentOf(held.orderId)).toMatchObject({ status: 'failed', gatewayRef: null });
    expect((await detail(s, held.orderNumber)).payment).toMatchObject({ state: 'cancelled', paidPaise: 0, payBy: null });
    const refused = await post('/api/payments/demo/checkout', s, { gatewayOrderId, instrument: 'card_success' });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'PAYMENT_SETTLED' });
    expect((await post(`/api/orders/${held.orderNumber}/pay`, s)).statusCode).toBe(409);
    expect(await db.select().from(schema.refunds).where(eq(schema.refunds.orderId, held.orderId))).toEqual([]);

    // The other shopper cancels with their payment taken but not yet verified: the verify finds the order gone and the money is refunded in full.
    expect((await post(`/api/orders/${held2.orderNumber}/cancel`, other)).statusCode).toBe(200);
    const verify = await postForm(t.app, '/api/payments/razorpay/verify', paidElsewhere.json(), { cookie: other.cookie });
    expect(verify.statusCode, verify.body).toBe(409);
    expect(verify.json()).toMatchObject({ code: 'PAYMENT_LAPSED' });
    await waitForRefunds();
    await t.app.paymentKeeper.run();
    const [refunded] = await payments(other);
    expect(refunded).toMatchObject({
      orderNumber: held2.orderNumber,
      status: 'refunded',
      refundedPaise: held2.totalPaise,
      refunds: [{ amountPaise: held2.totalPaise, status: 'processed' }],
    });
    expect((await detail(other, held2.orderNumber)).order.status).toBe('Cancelled');
  });

  it('cancelling a paid order queues its refund, which the gateway processes a moment later; the payments list and the order page show it', async () => {
    const s = await shopper();
    const { piece, held } = await order(s, {}, true);
    expect((await detail(s, held.orderNumber)).payment).toMatchObject({ state: 'paid' });
    expect(await stockOf(piece.id)).toBe(4);

    const cancel = await post(`/api/orders/${held.orderNumber}/cancel`, s);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await stockOf(piece.id)).toBe(5);
    // Queued, and sent: the gateway has it pending.
    const [pending] = await payments(s);
    expect(pending).toMatchObject({
      orderNumber: held.orderNumber,
      status: 'paid',
      refundedPaise: 0,
      refunds: [{ amountPaise: held.totalPaise, status: 'pending', reason: 'Order cancelled by the customer.', processedAt: null }],
    });
    const [row] = await db.select().from(schema.refunds).where(eq(schema.refunds.orderId, held.orderId));
    expect(row).toMatchObject({ idempotencyKey: `cancel-order-${held.orderId}`, status: 'pending' });
    expect(row!.gatewayRefundId).toMatch(/^rfnd_/);
    const mail = await db
      .select()
      .from(schema.mailOutbox)
      .where(and(eq(schema.mailOutbox.toAddress, s.email), eq(schema.mailOutbox.kind, 'order-cancelled')));
    expect(mail).toHaveLength(1);

    // The gateway processes it and says so by its webhook: refunded in full, once.
    await waitForRefunds();
    expect(await deliver('refund.processed', row!.gatewayRefundId!)).toEqual(['Received.']);
    const [done] = await payments(s);
    expect(done).toMatchObject({ status: 'refunded', refundedPaise: held.totalPaise, refunds: [{ amountPaise: held.totalPaise, status: 'processed' }] });
    expect(done!.refunds[0]!.processedAt).not.toBeNull();
    expect((await detail(s, held.orderNumber)).payment).toMatchObject({ state: 'refunded', paidPaise: held.totalPaise, refundedPaise: held.totalPaise });
    // The same webhook again, and the job's pass, change nothing.
    expect(await deliver('refund.processed', row!.gatewayRefundId!)).toEqual(['Already handled.']);
    expect((await t.app.paymentKeeper.run()).refundsSent).toBe(0);
    expect((await payments(s))[0]).toMatchObject({ refundedPaise: held.totalPaise, refunds: [{ status: 'processed' }] });
    expect((await post(`/api/orders/${held.orderNumber}/cancel`, s)).statusCode).toBe(409);
  });

  it('the reconciliation job processes a refund whose webhook never came', async () => {
    const s = await shopper();
    const { held } = await order(s, {}, true);
    expect((await post(`/api/orders/${held.orderNumber}/cancel`, s)).statusCode).toBe(200);
    expect((await payments(s))[0]!.refunds).toMatchObject([{ status: 'pending' }]);
    await waitForRefunds();
    // No webhook delivered: the job asks again under the same key, and the gateway answers the same refund, processed.
    const run = await t.app.paymentKeeper.run();
    expect(run.refundsSent).toBeGreaterThanOrEqual(1);
    expect((await payments(s))[0]).toMatchObject({ status: 'refunded', refundedPaise: held.totalPaise, refunds: [{ status: 'processed' }] });
    expect((await detail(s, held.orderNumber)).payment).toMatchObject({ state: 'refunded' });
    expect(
      gateway.simulator.deliveries().filter((d) => d.event === 'refund.processed' && d.body.includes(`"amount":${held.totalPaise}`)).length,
    ).toBeGreaterThanOrEqual(1);
  });

  it('an order not paid in time lapses, with its pieces back; one paid at the gateway whose verify never came is placed instead', async () => {
    const s = await shopper();
    const { piece, held } = await order(s);
    const closedTab = await shopper();
    const { piece: piece2, held: paidHeld } = await order(closedTab);
    // Paid in the gateway's checkout; the tab closed before the verify, and the webhook was lost.
    expect(
      (await post('/api/payments/demo/checkout', closedTab, { gatewayOrderId: paidHeld.payment!.gatewayOrderId, instrument: 'netbanking_success' })).statusCode,
    ).toBe(200);
    await db
      .update(schema.orders)
      .set({ payBy: new Date(Date.now() - 60_000) })
      .where(inArray(schema.orders.id, [held.orderId, paidHeld.orderId]));

    const run = await t.app.paymentKeeper.run();
    expect(run).toMatchObject({ lapsed: 1, paidLate: 1 });
    expect((await detail(s, held.orderNumber)).order.status).toBe('Cancelled');
    expect((await detail(s, held.orderNumber)).payment).toMatchObject({ state: 'lapsed', paidPaise: 0, payBy: null });
    expect(await stockOf(piece.id)).toBe(5);
    expect(await paymentOf(held.orderId)).toMatchObject({ status: 'failed', failureReason: expect.stringMatching(/lapsed/) });
    const lapsedMail = await db
      .select()
      .from(schema.mailOutbox)
      .where(and(eq(schema.mailOutbox.toAddress, s.email), eq(schema.mailOutbox.kind, 'order-lapsed')));
    expect(lapsedMail).toHaveLength(1);
    const payAgain = await post(`/api/orders/${held.orderNumber}/pay`, s);
    expect(payAgain.statusCode).toBe(409);
    expect(payAgain.json().code).toBe('PAYMENT_LAPSED');
    expect((await post('/api/payments/demo/checkout', s, { gatewayOrderId: held.payment!.gatewayOrderId, instrument: 'card_success' })).statusCode).toBe(409);

    const placed = await detail(closedTab, paidHeld.orderNumber);
    expect(placed.order.status).toBe('Placed');
    expect(placed.payment).toMatchObject({ state: 'paid', paidPaise: paidHeld.totalPaise, methodLabel: 'Netbanking (Test Bank)' });
    expect(await stockOf(piece2.id)).toBe(4);
    // A second pass finds nothing more to do.
    expect(await t.app.paymentKeeper.run()).toMatchObject({ lapsed: 0, paidLate: 0 });
  });

  it('an order to pay on delivery is due in cash until staff confirm it; one paid wholly from a Harvest balance is covered', async () => {
    const s = await shopper();
    // 2 g of gold: under the pay-on-delivery limit (Rs. 50,000).
    const { held } = await order(s, { paymentMethod: 'cod' }, false, 2_000);
    expect(held).toMatchObject({ status: 'Awaiting confirmation', payment: null });
    expect((await detail(s, held.orderNumber)).payment).toMatchObject({
      method: 'cod',
      state: 'cod_due',
      payNowPaise: 0,
      payOnDeliveryPaise: held.totalPaise,
      paidPaise: 0,
    });
    expect((await post(`/api/orders/${held.orderNumber}/pay`, s)).statusCode).toBe(409);
    const staff = await createStaff(t.app, { role: 'orders' });
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${held.orderNumber}/status`,
      headers: { cookie: staff.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ status: 'Placed' }),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const shown = await detail(s, held.orderNumber);
    expect(shown.order.status).toBe('Placed');
    expect(shown.payment).toMatchObject({ state: 'cod_due', payOnDeliveryPaise: held.totalPaise });

    const saver = await shopper();
    await db.insert(schema.harvestPlans).values({
      customerId: saver.id,
      monthlyAmountPaise: 200_000,
      email: saver.email,
      status: 'Matured',
      redeemableBalancePaise: 10_00_000_00,
      startedAt: new Date(Date.now() - 330 * 86_400_000),
      maturesAt: new Date(Date.now() - 86_400_000),
    });
    const { held: covered } = await order(saver, { useHarvest: 'on' });
    expect(covered).toMatchObject({ status: 'Placed', payment: null });
    expect((await detail(saver, covered.orderNumber)).payment).toMatchObject({
      method: 'online',
      state: 'covered',
      payNowPaise: 0,
      paidPaise: 0,
      paidBefore: ['harvest'],
    });
    expect(await payments(saver)).toEqual([]);
  });

  it('leaves no order placed without its captured payment and no captured payment without its order', async () => {
    expect(await paymentBreaches(db, customers)).toEqual([]);
  });
});
