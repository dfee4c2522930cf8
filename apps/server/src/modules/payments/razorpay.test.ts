/**
 * The store with PAYMENT_GATEWAY=razorpay against the Razorpay-speaking simulator on a real port (issue 18,
 * "failure is normal here"): the checkout's result verified, webhooks (taken from the simulator and posted
 * as Razorpay posts them: the raw body and its signature), the gateway failing at each step, lapsing,
 * refunds under their keys, pay on delivery and the PAN rule. Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { schema } from '@milli/db';
import { formatRupees } from '@milli/pricing';
import { testServerUrl } from '@milli/db/testing';
import { createTestApp, postForm, type TestApp } from '../../testing.ts';
import { createProduct, createShopper, createStaff, placeOrder, type TestShopper } from '../../testing-factories.ts';
import { hmacHex, paymentSignature } from './gateway.ts';
import { packAndDispatch } from '../orders/testing.ts';
import { startRazorpaySimServer, type RazorpaySimServer } from './simulator-http.ts';

const KEYS = { keyId: 'rzp_test_x', keySecret: 'razorpay-test-key-secret', webhookSecret: 'razorpay-test-webhook-secret' };
let sim: RazorpaySimServer;
let t: TestApp;

beforeAll(async () => {
  sim = await startRazorpaySimServer(KEYS);
  t = await createTestApp({ config: { paymentGateway: 'razorpay', razorpay: { ...KEYS, apiUrl: sim.url, timeoutMs: 400 } } });
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
});
afterEach(() => sim.faults.clear());

const db = () => t.database.db;
type Block = { gateway: string; gatewayOrderId: string; amountPaise: number; currency: string; keyId: string };
type Placed = { orderId: number; orderNumber: string; status: string; payment: Block | null; payNowPaise: number; payBy: string | null };
type CheckoutFields = { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };

/** A piece of its own with stock, in the shopper's cart, and the order placed on it (not paid). */
async function place(
  shopper: TestShopper,
  opts: { stock?: number; quantity?: number; fields?: Record<string, string | number>; product?: Parameters<typeof createProduct>[1] } = {},
) {
  const product = await createProduct(db(), { stock: opts.stock ?? 5, ...opts.product });
  const res = await placeOrder(t.app, shopper, {
    productId: product.id,
    quantity: opts.quantity ?? 1,
    pay: false,
    ...(opts.fields ? { fields: opts.fields } : {}),
  });
  return { res, product, answer: res.json() as Placed };
}

/** What the shopper does in Razorpay's checkout, through the simulator's test control. */
async function checkout(gatewayOrderId: string, instrument = 'card_success', extra: Record<string, unknown> = {}) {
  const res = await fetch(`${sim.url}/_sim/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ order_id: gatewayOrderId, instrument, ...extra }),
  });
  return { status: res.status, body: (await res.json()) as CheckoutFields & { error?: { description: string } } };
}

const verify = (shopper: TestShopper, fields: CheckoutFields) =>
  postForm(t.app, '/api/payments/razorpay/verify', fields, { cookie: shopper.cookie, ip: shopper.ip });

/** Posts a webhook as Razorpay does: the exact bytes, their signature and the event id. */
const postWebhook = (body: string, signature: string, eventId: string) =>
  t.rawInject({
    method: 'POST',
    url: '/api/payments/razorpay/webhook',
    payload: body,
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature, 'x-razorpay-event-id': eventId },
  });

/**
 * A webhook as someone holding only the webhook secret could send it: any body, correctly signed. The payment entity
 * is Razorpay's shape, captured unless told otherwise.
 */
let forgeries = 0;
function forge(event: string, payment: { id: string; order_id: string; amount: number }) {
  const entity = {
    entity: 'payment',
    currency: 'INR',
    status: 'captured',
    captured: true,
    method: 'card',
    amount_refunded: 0,
    refund_status: null,
    error_code: null,
    error_description: null,
    created_at: 0,
    ...payment,
  };
  const body = JSON.stringify({ entity: 'event', account_id: 'acc_Forged', event, contains: ['payment'], payload: { payment: { entity } }, created_at: 0 });
  forgeries += 1;
  return postWebhook(body, hmacHex(KEYS.webhookSecret, body), `evt_Forged${String(forgeries).padStart(6, '0')}`);
}
const remembered = async (eventIds: string[]) =>
  (await db().select({ event: schema.gatewayEvents.event }).from(schema.gatewayEvents).where(inArray(schema.gatewayEvents.eventId, eventIds))).map(
    (r) => r.event,
  );

/** Delivers every webhook the simulator sent since `from` (its deliveries' count before), in order. */
async function deliverSince(from: number) {
  const answers = [];
  for (const d of sim.deliveries().slice(from)) answers.push(await postWebhook(d.body, d.signature, d.eventId));
  return answers;
}

const orderRow = async (id: number) => (await db().select().from(schema.orders).where(eq(schema.orders.id, id)))[0]!;
const paymentOf = async (orderId: number) => (await db().select().from(schema.payments).where(eq(schema.payments.orderId, orderId)))[0]!;
const refundsOf = async (paymentId: number) => db().select().from(schema.refunds).where(eq(schema.refunds.paymentId, paymentId));
const stockOf = async (productId: number) =>
  (await db().select({ stock: schema.products.stock }).from(schema.products).where(eq(schema.products.id, productId)))[0]!.stock;
const mails = async (to: string, kind: string) =>
  db()
    .select()
    .from(schema.mailOutbox)
    .where(and(eq(schema.mailOutbox.toAddress, to), eq(schema.mailOutbox.kind, kind)));
const placedTimes = async (orderId: number) =>
  (
    await db()
      .select()
      .from(schema.orderStatusHistory)
      .where(and(eq(schema.orderStatusHistory.orderId, orderId), eq(schema.orderStatusHistory.status, 'Placed')))
  ).length;
/** The order's status, how often it became Placed, and its placed mails: ['Placed', 1, 1] for an order paid once. */
const placedOnce = async (orderId: number, email: string) => [
  (await orderRow(orderId)).status,
  await placedTimes(orderId),
  (await mails(email, 'order-placed')).length,
];
const get = (url: string, shopper: TestShopper) => t.app.inject({ url, headers: { cookie: shopper.cookie }, remoteAddress: shopper.ip });
const post = (url: string, shopper: TestShopper) => postForm(t.app, url, {}, { cookie: shopper.cookie, ip: shopper.ip });
/** The reconciliation job looks only at payments started more than a minute ago: this one was. */
const ageOf = (paymentId: number) =>
  db()
    .update(schema.payments)
    .set({ createdAt: sql`now() - interval '5 minutes'` })
    .where(eq(schema.payments.id, paymentId));
/** Moves the order past its time to pay. */
const overdue = (orderId: number) =>
  db()
    .update(schema.orders)
    .set({ payBy: sql`now() - interval '1 minute'` })
    .where(eq(schema.orders.id, orderId));

async function paidThroughCheckout(shopper: TestShopper) {
  const placed = await place(shopper);
  expect(placed.res.statusCode, placed.res.body).toBe(200);
  const paid = await checkout(placed.answer.payment!.gatewayOrderId);
  expect(paid.status).toBe(200);
  return { ...placed, fields: paid.body };
}

describe('paying an order through Razorpay', () => {
  it('place → checkout → verify: the order is Placed, one placed mail is queued, and its invoice comes with the dispatch', async () => {
    const me = await createShopper(t.app);
    const { answer, product } = await place(me);
    expect(answer).toMatchObject({
      status: 'Awaiting payment',
      payment: { gateway: 'razorpay', keyId: 'rzp_test_x', currency: 'INR', amountPaise: answer.payNowPaise },
    });
    expect(await stockOf(product.id)).toBe(4);
    expect((await get(`/api/orders/${answer.orderNumber}/invoice.pdf`, me)).statusCode).toBe(409);
    expect(await mails(me.email, 'order-placed')).toHaveLength(0);
    // The gateway order is for the exact amount, with the order number as its receipt.
    expect(sim.simulator.fetchOrder(answer.payment!.gatewayOrderId)).toMatchObject({ amount: answer.payNowPaise, receipt: answer.orderNumber });

    const paid = await checkout(answer.payment!.gatewayOrderId);
    const res = await verify(me, paid.body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ purpose: 'order', orderNumber: answer.orderNumber, replayed: false });
    expect((await orderRow(answer.orderId)).status).toBe('Placed');
    // The tax invoice is issued at dispatch: still 409 once paid, 200 once the orders desk dispatches it.
    expect((await get(`/api/orders/${answer.orderNumber}/invoice.pdf`, me)).statusCode).toBe(409);
    await packAndDispatch(t.app, (await createStaff(t.app, { role: 'orders' })).cookie, answer.orderNumber);
    const invoice = await get(`/api/orders/${answer.orderNumber}/invoice.pdf`, me);
    expect(invoice.statusCode).toBe(200);
    expect(invoice.headers['content-type']).toBe('application/pdf');
    const placedMails = await mails(me.email, 'order-placed');
    expect(placedMails).toHaveLength(1);
    // The mail names the billing address's first name and each line as the order recorded it.
    const [line] = await db().select().from(schema.orderLines).where(eq(schema.orderLines.orderId, answer.orderId));
    const [billing] = await db()
      .select()
      .from(schema.orderAddresses)
      .where(and(eq(schema.orderAddresses.orderId, answer.orderId), eq(schema.orderAddresses.kind, 'billing')));
    expect(placedMails[0]!.textBody).toContain(`Thank you, ${billing!.firstName}`);
    expect(placedMails[0]!.textBody).toContain(`${line!.productName} × ${line!.quantity}: ${formatRupees(line!.lineTotalPaise)}`);
    const list = (await get('/api/payments', me)).json().data;
    expect(list[0]).toMatchObject({ orderNumber: answer.orderNumber, status: 'paid', amountPaise: answer.payNowPaise, method: 'Visa •••• 1111' });
  });

  it('a forged signature is refused (400) and nothing changes', async () => {
    const me = await createShopper(t.app);
    const { answer, fields } = await paidThroughCheckout(me);
    const res = await verify(me, {
      ...fields,
      razorpay_signature: paymentSignature('not-the-key-secret', fields.razorpay_order_id, fields.razorpay_payment_id),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('PAYMENT_SIGNATURE_INVALID');
    expect((await orderRow(answer.orderId)).status).toBe('Awaiting payment');
    expect((await paymentOf(answer.orderId)).status).toBe('created');
    expect(await mails(me.email, 'order-placed')).toHaveLength(0);
  });

  it("another order's signature or payment is refused for this order, and nothing changes (not even a capture at the gateway)", async () => {
    const me = await createShopper(t.app);
    const a = await place(me);
    const b = await place(me);
    // B's payment is authorized, not yet captured (a gateway set to capture by hand).
    const paidB = await checkout(b.answer.payment!.gatewayOrderId, 'card_success', { authorize_only: true });
    expect(paidB.status).toBe(200);

    // B's signature with A's order: the signature is over B's order, so it does not match.
    const swapped = await verify(me, { ...paidB.body, razorpay_order_id: a.answer.payment!.gatewayOrderId });
    expect(swapped.statusCode).toBe(400);
    expect(swapped.json().code).toBe('PAYMENT_SIGNATURE_INVALID');
    // Even a signature that is valid over A's order and B's payment (as if the secret had leaked) records nothing.
    const crafted = await verify(me, {
      razorpay_order_id: a.answer.payment!.gatewayOrderId,
      razorpay_payment_id: paidB.body.razorpay_payment_id,
      razorpay_signature: paymentSignature(KEYS.keySecret, a.answer.payment!.gatewayOrderId, paidB.body.razorpay_payment_id),
    });
    expect(crafted.statusCode).toBe(409);
    expect(crafted.json().code).toBe('PAYMENT_MISMATCH');
    expect(sim.simulator.fetchPayment(paidB.body.razorpay_payment_id).status).toBe('authorized');
    for (const o of [a, b]) {
      expect((await orderRow(o.answer.orderId)).status).toBe('Awaiting payment');
      expect((await paymentOf(o.answer.orderId)).status).toBe('created');
    }
    expect(await mails(me.email, 'order-placed')).toHaveLength(0);

    // B's own verify captures it and places B alone.
    const own = await verify(me, paidB.body);
    expect(own.statusCode, own.body).toBe(200);
    expect(sim.simulator.fetchPayment(paidB.body.razorpay_payment_id).status).toBe('captured');
    expect((await orderRow(b.answer.orderId)).status).toBe('Placed');
    expect((await orderRow(a.answer.orderId)).status).toBe('Awaiting payment');
  });

  it('a payment captured for another amount is refunded in full, and the order stays awaiting payment (and can still be paid)', async () => {
    const me = await createShopper(t.app);
    const { answer } = await place(me);
    const short = await checkout(answer.payment!.gatewayOrderId, 'card_success', { amount: answer.payNowPaise - 1_000_00 });
    expect(short.status).toBe(200);
    const res = await verify(me, short.body);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('PAYMENT_MISMATCH');
    expect(sim.simulator.fetchPayment(short.body.razorpay_payment_id)).toMatchObject({ status: 'refunded', amount_refunded: answer.payNowPaise - 1_000_00 });
    expect((await orderRow(answer.orderId)).status).toBe('Awaiting payment');
    const payment = await paymentOf(answer.orderId);
    expect(payment.status).toBe('created');
    expect(await refundsOf(payment.id)).toMatchObject([
      { status: 'processed', amountPaise: answer.payNowPaise - 1_000_00, gatewayPaymentId: short.body.razorpay_payment_id },
    ]);
    expect(await mails(me.email, 'order-placed')).toHaveLength(0);

    const again = await checkout(answer.payment!.gatewayOrderId);
    expect(again.status).toBe(200);
    expect((await verify(me, again.body)).statusCode).toBe(200);
    expect((await orderRow(answer.orderId)).status).toBe('Placed');
  });

  it('verifying twice gives the same answer and one placed mail', async () => {
    const me = await createShopper(t.app);
    const { answer, fields } = await paidThroughCheckout(me);
    const first = await verify(me, fields);
    const second = await verify(me, fields);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect({ ...second.json(), replayed: false }).toEqual(first.json());
    expect(second.json().replayed).toBe(true);
    expect(await placedTimes(answer.orderId)).toBe(1);
    expect(await mails(me.email, 'order-placed')).toHaveLength(1);
  });

  it('another customer cannot verify, pay or check out somebody else’s payment (404)', async () => {
    const me = await createShopper(t.app);
    const other = await createShopper(t.app);
    const { answer, fields } = await paidThroughCheckout(me);
    const theirs = await verify(other, fields);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().code).toBe('PAYMENT_NOT_FOUND');
    expect((await post(`/api/orders/${answer.orderNumber}/pay`, other)).statusCode).toBe(404);
    // The demo checkout exists only with the demo gateway.
    const demo = await postForm(
      t.app,
      '/api/payments/demo/checkout',
      { gatewayOrderId: answer.payment!.gatewayOrderId, instrument: 'card_success' },
      { cookie: other.cookie, ip: other.ip },
    );
    expect(demo.statusCode).toBe(404);
    expect((await orderRow(answer.orderId)).status).toBe('Awaiting payment');
    expect((await verify(me, fields)).statusCode).toBe(200);
  });
});

describe('webhooks', () => {
  it('a webhook with a wrong signature is refused (400) and not remembered', async () => {
    const me = await createShopper(t.app);
    const from = sim.deliveries().length;
    const { answer } = await paidThroughCheckout(me);
    const captured = sim
      .deliveries()
      .slice(from)
      .find((d) => d.event === 'payment.captured')!;
    const forged = await postWebhook(captured.body, 'f'.repeat(64), captured.eventId);
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('WEBHOOK_SIGNATURE_INVALID');
    const tampered = captured.body.replace(`"amount":${answer.payNowPaise}`, `"amount":${answer.payNowPaise + 1}`);
    expect(tampered).not.toBe(captured.body);
    expect((await postWebhook(tampered, captured.signature, captured.eventId)).statusCode).toBe(400);
    expect((await postWebhook(captured.body, captured.signature, captured.eventId)).statusCode).toBe(200);
    expect((await orderRow(answer.orderId)).status).toBe('Placed');
  });

  it('a webhook instead of verify places the order; the same event again is handled once', async () => {
    const me = await createShopper(t.app);
    const from = sim.deliveries().length;
    const { answer } = await paidThroughCheckout(me);
    const answers = await deliverSince(from);
    const events = sim
      .deliveries()
      .slice(from)
      .map((d) => d.event);
    expect(events).toEqual(['payment.authorized', 'payment.captured', 'order.paid']);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    // payment.captured settles; order.paid, delivered after it, finds the payment recorded with that very gateway payment.
    expect(answers.map((a) => a.json().message)).toEqual(['Received.', 'Received.', 'Already handled.']);
    expect((await orderRow(answer.orderId)).status).toBe('Placed');
    const replayed = await deliverSince(from);
    // The same events again: the settling ones find the payment recorded; one the store does not act on
    // (payment.authorized) is only acknowledged. Remembered by event id: the one that settled, alone.
    expect(replayed.map((a) => a.json().message)).toEqual(['Received.', 'Already handled.', 'Already handled.']);
    const remembered = await db()
      .select({ event: schema.gatewayEvents.event })
      .from(schema.gatewayEvents)
      .where(
        inArray(
          schema.gatewayEvents.eventId,
          sim
            .deliveries()
            .slice(from)
            .map((d) => d.eventId),
        ),
      );
    expect(remembered.map((r) => r.event)).toEqual(['payment.captured']);
    expect(await placedTimes(answer.orderId)).toBe(1);
    expect(await mails(me.email, 'order-placed')).toHaveLength(1);
  });

  it('a correctly signed payment.captured or order.paid for a payment the gateway never captured for this order leaves it unpaid', async () => {
    const me = await createShopper(t.app);
    const a = await place(me);
    const b = await place(me);
    const orderA = a.answer.payment!.gatewayOrderId;
    // What the gateway holds for A: a declined attempt and one only authorized; and B's payment, captured.
    const declined = await checkout(orderA, 'card_declined');
    expect(declined.status).toBe(400);
    const declinedId = (declined.body as unknown as { error: { metadata: { payment_id: string } } }).error.metadata.payment_id;
    const authorized = await checkout(orderA, 'card_success', { authorize_only: true });
    const paidB = await checkout(b.answer.payment!.gatewayOrderId);
    expect([authorized.status, paidB.status]).toEqual([200, 200]);

    const claims = [
      { id: 'pay_NeverMadeHere01', why: 'a payment the gateway never made' },
      { id: declinedId, why: 'a declined payment' },
      { id: authorized.body.razorpay_payment_id, why: 'a payment authorized, not captured' },
      { id: paidB.body.razorpay_payment_id, why: "another order's captured payment" },
    ];
    for (const claim of claims) {
      for (const event of ['payment.captured', 'order.paid']) {
        const res = await forge(event, { id: claim.id, order_id: orderA, amount: a.answer.payNowPaise });
        expect([res.statusCode, res.json().message], `${event}: ${claim.why}`).toEqual([200, 'Received.']);
      }
    }
    expect((await orderRow(a.answer.orderId)).status).toBe('Awaiting payment');
    expect(await paymentOf(a.answer.orderId)).toMatchObject({ status: 'created', gatewayRef: null });
    expect(await refundsOf((await paymentOf(a.answer.orderId)).id)).toEqual([]);
    expect(await mails(me.email, 'order-placed')).toHaveLength(0);
    expect(await remembered(Array.from({ length: forgeries }, (_, i) => `evt_Forged${String(i + 1).padStart(6, '0')}`))).toEqual([]);
    // Nothing was captured at the gateway on a forger's word either.
    expect(sim.simulator.fetchPayment(authorized.body.razorpay_payment_id).status).toBe('authorized');

    // The real payments still settle, each with its own order.
    expect((await verify(me, authorized.body)).statusCode).toBe(200);
    expect((await verify(me, paidB.body)).statusCode).toBe(200);
    expect(await paymentOf(a.answer.orderId)).toMatchObject({ status: 'paid', gatewayRef: authorized.body.razorpay_payment_id });
    expect(await paymentOf(b.answer.orderId)).toMatchObject({ status: 'paid', gatewayRef: paidB.body.razorpay_payment_id });
  });

  it('a webhook settles the amount the gateway captured, not the one its body names: a short payment claimed in full is refunded', async () => {
    const me = await createShopper(t.app);
    const { answer } = await place(me);
    const short = answer.payNowPaise - 1_000_00;
    const paid = await checkout(answer.payment!.gatewayOrderId, 'card_success', { amount: short });
    expect(paid.status).toBe(200);
    const res = await forge('payment.captured', { id: paid.body.razorpay_payment_id, order_id: answer.payment!.gatewayOrderId, amount: answer.payNowPaise });
    expect(res.statusCode, res.body).toBe(200);
    expect((await orderRow(answer.orderId)).status).toBe('Awaiting payment');
    const payment = await paymentOf(answer.orderId);
    expect(payment.status).toBe('created');
    expect(await refundsOf(payment.id)).toMatchObject([{ amountPaise: short, status: 'processed', gatewayPaymentId: paid.body.razorpay_payment_id }]);
    expect(sim.simulator.fetchPayment(paid.body.razorpay_payment_id)).toMatchObject({ status: 'refunded', amount_refunded: short });
    expect(await mails(me.email, 'order-placed')).toHaveLength(0);
  });

  for (const [mode, then] of [
    ['5xx', 'the event sent again'],
    ['timeout', 'the browser’s verify'],
  ] as const) {
    it(`a gateway ${mode === '5xx' ? 'answering 500' : 'not answering'} when a webhook asks about its payment: 503, nothing settled or remembered; ${then} places the order once`, async () => {
      const me = await createShopper(t.app);
      const from = sim.deliveries().length;
      const { answer, fields } = await paidThroughCheckout(me);
      const captured = sim
        .deliveries()
        .slice(from)
        .find((d) => d.event === 'payment.captured')!;
      sim.faults.set({ mode, times: 1, paths: ['GET /v1/payments/*'] });
      const down = await postWebhook(captured.body, captured.signature, captured.eventId);
      expect(down.statusCode, down.body).toBe(503);
      expect(down.json().code).toBe('GATEWAY_UNAVAILABLE');
      expect((await orderRow(answer.orderId)).status).toBe('Awaiting payment');
      expect((await paymentOf(answer.orderId)).status).toBe('created');
      expect(await remembered([captured.eventId])).toEqual([]);
      if (then === 'the browser’s verify') expect((await verify(me, fields)).json()).toMatchObject({ replayed: false, orderNumber: answer.orderNumber });
      // Razorpay sends an event again until it is answered 2xx.
      const again = await postWebhook(captured.body, captured.signature, captured.eventId);
      expect([again.statusCode, again.json().message]).toEqual([200, then === 'the browser’s verify' ? 'Already handled.' : 'Received.']);
      expect(await placedOnce(answer.orderId, me.email)).toEqual(['Placed', 1, 1]);
    });
  }

  it('a gateway that stays down for the webhooks: the reconciliation job places the order, and the webhooks sent again are answered from the row without asking the gateway', async () => {
    const me = await createShopper(t.app);
    const from = sim.deliveries().length;
    const { answer } = await paidThroughCheckout(me);
    sim.faults.set({ mode: '5xx', times: 100, paths: ['GET /v1/payments/*'] });
    const down = await deliverSince(from);
    expect(down.map((r) => r.statusCode)).toEqual([200, 503, 503]);
    expect((await orderRow(answer.orderId)).status).toBe('Awaiting payment');

    // The job asks about the order's payments (another call, which answers) and places it.
    await ageOf((await paymentOf(answer.orderId)).id);
    expect((await t.app.paymentKeeper.run()).settled).toBeGreaterThanOrEqual(1);
    expect((await orderRow(answer.orderId)).status).toBe('Placed');
    sim.faults.clear();
    const asked = sim.calls().length;
    const replayed = await deliverSince(from);
    expect(replayed.map((r) => [r.statusCode, r.json().message])).toEqual([
      [200, 'Received.'],
      [200, 'Already handled.'],
      [200, 'Already handled.'],
    ]);
    expect(sim.calls().length).toBe(asked);
    expect(await placedOnce(answer.orderId, me.email)).toEqual(['Placed', 1, 1]);
  });

  it('payment.captured and order.paid arriving at once settle once: one transaction, one Placed, one placed mail', async () => {
    const me = await createShopper(t.app);
    const from = sim.deliveries().length;
    const { answer } = await paidThroughCheckout(me);
    const both = sim
      .deliveries()
      .slice(from)
      .filter((d) => d.event === 'payment.captured' || d.event === 'order.paid');
    expect(both.map((d) => d.event)).toEqual(['payment.captured', 'order.paid']);
    // Each webhook reads the payment unpaid before either settles; the second waits for the first instead of opening
    // a transaction of its own to find the payment recorded.
    const transactions = vi.spyOn(db(), 'transaction');
    try {
      const answers = await Promise.all(both.map((d) => postWebhook(d.body, d.signature, d.eventId)));
      // One settled it; the other, waiting for it, answers that it was handled.
      expect(answers.map((a) => [a.statusCode, a.json().message]).sort()).toEqual([
        [200, 'Already handled.'],
        [200, 'Received.'],
      ]);
      expect(transactions).toHaveBeenCalledTimes(1);
    } finally {
      transactions.mockRestore();
    }
    expect(await placedOnce(answer.orderId, me.email)).toEqual(['Placed', 1, 1]);
  });

  it('a webhook before verify, then verify: one Placed, and verify answers replayed', async () => {
    const me = await createShopper(t.app);
    const from = sim.deliveries().length;
    const { answer, fields } = await paidThroughCheckout(me);
    await deliverSince(from);
    const res = await verify(me, fields);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ orderNumber: answer.orderNumber, replayed: true });
    expect(await placedTimes(answer.orderId)).toBe(1);
    expect(await mails(me.email, 'order-placed')).toHaveLength(1);
  });

  it('the simulator POSTs its webhooks, signed, to the address it is given', async () => {
    const me = await createShopper(t.app);
    const seen: { signature: string; eventId: string; body: string }[] = [];
    const { createServer } = await import('node:http');
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        seen.push({ signature: String(req.headers['x-razorpay-signature']), eventId: String(req.headers['x-razorpay-event-id']), body });
        res.end('{}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    sim.setWebhookUrl(`http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`);
    try {
      const { answer } = await paidThroughCheckout(me);
      await expect.poll(() => seen.length).toBeGreaterThanOrEqual(3);
      for (const s of seen) expect((await postWebhook(s.body, s.signature, s.eventId)).statusCode).toBe(200);
      expect((await orderRow(answer.orderId)).status).toBe('Placed');
      const listed = (await (await fetch(`${sim.url}/_sim/deliveries`)).json()) as { items: { event_id: string; answers: number[] }[] };
      const captured = seen.find((s) => JSON.parse(s.body).event === 'payment.captured')!;
      expect(listed.items.find((i) => i.event_id === captured.eventId)?.answers).toEqual([200]);
      // Replayed through the control: the same bytes and event id again.
      const before = seen.length;
      const replay = await fetch(`${sim.url}/_sim/webhooks/replay`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ event_id: captured.eventId }),
      });
      expect(await replay.json()).toEqual({ count: 1, answers: [200] });
      expect(seen[before]).toEqual(captured);
      expect((await postWebhook(seen[before]!.body, seen[before]!.signature, seen[before]!.eventId)).json().message).toBe('Already handled.');
    } finally {
      sim.setWebhookUrl(undefined);
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});

describe('when the gateway fails', () => {
  for (const mode of ['5xx', 'timeout'] as const) {
    it(`a gateway ${mode === '5xx' ? 'answering 500' : 'not answering'} when the order is placed: 200 with payment null, the order held; paying it later works, once`, async () => {
      const me = await createShopper(t.app);
      sim.faults.set({ mode, times: 1, paths: ['POST /v1/orders'], afterEffect: mode === 'timeout' });
      const { res, answer, product } = await place(me);
      expect(res.statusCode, res.body).toBe(200);
      expect(answer).toMatchObject({ status: 'Awaiting payment', payment: null });
      expect(answer.payBy).not.toBeNull();
      expect(await stockOf(product.id)).toBe(4);
      expect((await orderRow(answer.orderId)).status).toBe('Awaiting payment');

      // Still down: the pay button answers 503 and the order stays held.
      sim.faults.set({ mode: '5xx', times: 1, paths: ['POST /v1/orders'] });
      const down = await post(`/api/orders/${answer.orderNumber}/pay`, me);
      expect(down.statusCode).toBe(503);
      expect(down.json().code).toBe('GATEWAY_UNAVAILABLE');

      const pay = await post(`/api/orders/${answer.orderNumber}/pay`, me);
      expect(pay.statusCode, pay.body).toBe(200);
      const block = pay.json().payment as Block;
      const again = await post(`/api/orders/${answer.orderNumber}/pay`, me);
      expect(again.json().payment.gatewayOrderId).toBe(block.gatewayOrderId);
      const paid = await checkout(block.gatewayOrderId);
      expect((await verify(me, paid.body)).statusCode).toBe(200);
      expect((await orderRow(answer.orderId)).status).toBe('Placed');
      // The order could not be paid a second time at the gateway.
      expect((await checkout(block.gatewayOrderId)).status).toBe(400);
      expect(sim.simulator.orderPayments(block.gatewayOrderId).filter((p) => p.status === 'captured')).toHaveLength(1);
    });
  }

  it('a gateway down at verify: 503 GATEWAY_UNAVAILABLE, then the reconciliation job places the order', async () => {
    const me = await createShopper(t.app);
    const { answer, fields } = await paidThroughCheckout(me);
    sim.faults.set({ mode: '5xx', times: 1, paths: ['GET /v1/payments/*'] });
    const res = await verify(me, fields);
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('GATEWAY_UNAVAILABLE');
    expect((await orderRow(answer.orderId)).status).toBe('Awaiting payment');

    await ageOf((await paymentOf(answer.orderId)).id);
    const run = await t.app.paymentKeeper.run();
    expect(run.settled).toBeGreaterThanOrEqual(1);
    expect((await orderRow(answer.orderId)).status).toBe('Placed');
    expect(await mails(me.email, 'order-placed')).toHaveLength(1);
    expect((await verify(me, fields)).json()).toMatchObject({ replayed: true, orderNumber: answer.orderNumber });
  });
});

describe('paying twice', () => {
  it('a second payment of the same order (two tabs) is refunded in full; the order is placed once', async () => {
    const me = await createShopper(t.app);
    const { answer } = await place(me);
    const one = await checkout(answer.payment!.gatewayOrderId, 'card_success', { authorize_only: true });
    const two = await checkout(answer.payment!.gatewayOrderId, 'upi_success', { authorize_only: true });
    expect((await verify(me, one.body)).json()).toMatchObject({ replayed: false });
    const second = await verify(me, two.body);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ replayed: true, message: expect.stringMatching(/refunded in full/) });
    expect(sim.simulator.fetchPayment(two.body.razorpay_payment_id)).toMatchObject({ status: 'refunded', amount_refunded: answer.payNowPaise });
    expect(sim.simulator.fetchPayment(one.body.razorpay_payment_id)).toMatchObject({ status: 'captured', amount_refunded: 0 });
    expect(await paymentOf(answer.orderId)).toMatchObject({ status: 'paid', gatewayRef: one.body.razorpay_payment_id, refundedPaise: 0 });
    expect(await placedTimes(answer.orderId)).toBe(1);
    // The job asking about the order later refunds nothing more.
    await ageOf((await paymentOf(answer.orderId)).id);
    await t.app.paymentKeeper.run();
    expect(sim.simulator.paymentRefunds(two.body.razorpay_payment_id)).toHaveLength(1);
    expect(sim.simulator.paymentRefunds(one.body.razorpay_payment_id)).toHaveLength(0);
  });

  it('paying again after a verify the gateway could not answer finds the payment that went through instead of opening the checkout again', async () => {
    const me = await createShopper(t.app);
    const { answer, fields } = await paidThroughCheckout(me);
    sim.faults.set({ mode: '5xx', times: 1, paths: ['GET /v1/payments/*'] });
    expect((await verify(me, fields)).statusCode).toBe(503);
    const again = await post(`/api/orders/${answer.orderNumber}/pay`, me);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ORDER_NOT_PAYABLE', message: expect.stringMatching(/payment has arrived/) });
    expect((await orderRow(answer.orderId)).status).toBe('Placed');
    expect(await mails(me.email, 'order-placed')).toHaveLength(1);
  });
});

describe('lapsing and refunds', () => {
  it('an unpaid order past its time lapses: Cancelled, stock back, coupon released, payment failed; paying then is refused', async () => {
    const me = await createShopper(t.app);
    const code = `LAPSE${Date.now() % 100000}`;
    await db().insert(schema.coupons).values({ code, kind: 'fixed', value: 100_00 });
    const { answer, product } = await place(me, { fields: { couponCode: code } });
    expect(answer.status).toBe('Awaiting payment');
    expect(await stockOf(product.id)).toBe(4);
    const coupon = (await db().select().from(schema.coupons).where(eq(schema.coupons.code, code)))[0]!;
    expect(await db().select().from(schema.couponRedemptions).where(eq(schema.couponRedemptions.couponId, coupon.id))).toHaveLength(1);

    // Not yet due: nothing happens.
    expect((await t.app.paymentKeeper.run()).lapsed).toBe(0);
    await overdue(answer.orderId);
    expect((await t.app.paymentKeeper.run()).lapsed).toBe(1);
    expect((await orderRow(answer.orderId)).status).toBe('Cancelled');
    expect(await stockOf(product.id)).toBe(5);
    expect(await db().select().from(schema.couponRedemptions).where(eq(schema.couponRedemptions.couponId, coupon.id))).toHaveLength(0);
    expect((await paymentOf(answer.orderId)).status).toBe('failed');
    expect(await mails(me.email, 'order-lapsed')).toHaveLength(1);
    const pay = await post(`/api/orders/${answer.orderNumber}/pay`, me);
    expect(pay.statusCode).toBe(409);
    expect(pay.json().code).toBe('PAYMENT_LAPSED');
  });

  it('a gateway that cannot be asked keeps the overdue order held until it can say the order is unpaid', async () => {
    const me = await createShopper(t.app);
    const { answer } = await place(me);
    await overdue(answer.orderId);
    sim.faults.set({ mode: '5xx', times: 5, paths: ['GET /v1/orders/*/payments'] });
    expect((await t.app.paymentKeeper.run()).lapsed).toBe(0);
    expect((await orderRow(answer.orderId)).status).toBe('Awaiting payment');
    sim.faults.clear();
    expect((await t.app.paymentKeeper.run()).lapsed).toBe(1);
  });

  it('an overdue order whose payment did go through is placed by the job, not lapsed', async () => {
    const me = await createShopper(t.app);
    const { answer } = await paidThroughCheckout(me);
    await overdue(answer.orderId);
    const run = await t.app.paymentKeeper.run();
    expect(run).toMatchObject({ lapsed: 0, paidLate: 1 });
    expect((await orderRow(answer.orderId)).status).toBe('Placed');
    expect(await mails(me.email, 'order-placed')).toHaveLength(1);
  });

  it('a payment captured after the lapse is refunded in full automatically, and verify says so', async () => {
    const me = await createShopper(t.app);
    const { answer } = await place(me);
    await overdue(answer.orderId);
    expect((await t.app.paymentKeeper.run()).lapsed).toBe(1);

    // The checkout was still open: the shopper pays after the order lapsed; the webhook arrives.
    const from = sim.deliveries().length;
    const late = await checkout(answer.payment!.gatewayOrderId);
    expect(late.status).toBe(200);
    await deliverSince(from);
    expect(sim.simulator.fetchPayment(late.body.razorpay_payment_id)).toMatchObject({ status: 'refunded', amount_refunded: answer.payNowPaise });
    expect((await orderRow(answer.orderId)).status).toBe('Cancelled');
    const list = (await get('/api/payments', me)).json().data;
    expect(list[0]).toMatchObject({
      orderNumber: answer.orderNumber,
      status: 'refunded',
      refundedPaise: answer.payNowPaise,
      refunds: [{ amountPaise: answer.payNowPaise, status: 'processed' }],
    });
    expect(await mails(me.email, 'order-placed')).toHaveLength(0);

    // The browser's verify, arriving after the webhook, tells the truth: lapsed and refunded, not "placed".
    const res = await verify(me, late.body);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('PAYMENT_LAPSED');
    expect(sim.simulator.paymentRefunds(late.body.razorpay_payment_id)).toHaveLength(1);
  });

  it('a payment captured after the lapse whose webhook never came is found by the job and refunded in full', async () => {
    const me = await createShopper(t.app);
    const { answer } = await place(me);
    await overdue(answer.orderId);
    expect((await t.app.paymentKeeper.run()).lapsed).toBe(1);
    const late = await checkout(answer.payment!.gatewayOrderId);
    expect(late.status).toBe(200);
    // No webhook is delivered and the browser never verifies: only the job can find this money.
    await ageOf((await paymentOf(answer.orderId)).id);
    await t.app.paymentKeeper.run();
    expect(sim.simulator.fetchPayment(late.body.razorpay_payment_id)).toMatchObject({ status: 'refunded', amount_refunded: answer.payNowPaise });
    expect(await paymentOf(answer.orderId)).toMatchObject({ status: 'refunded', refundedPaise: answer.payNowPaise });
    expect((await orderRow(answer.orderId)).status).toBe('Cancelled');
    // Asked again, nothing more happens.
    await t.app.paymentKeeper.run();
    expect(sim.simulator.paymentRefunds(late.body.razorpay_payment_id)).toHaveLength(1);
  });

  it('cancelling a paid order refunds it; a refund whose answer was lost (500) is sent again under the same key, and the gateway makes one', async () => {
    const me = await createShopper(t.app);
    const { answer, fields } = await paidThroughCheckout(me);
    expect((await verify(me, fields)).statusCode).toBe(200);
    sim.faults.set({ mode: '5xx', times: 1, paths: ['POST /v1/payments/*/refund'], afterEffect: true });
    const cancel = await post(`/api/orders/${answer.orderNumber}/cancel`, me);
    expect(cancel.statusCode, cancel.body).toBe(200);
    const payment = await paymentOf(answer.orderId);
    expect(payment.status).toBe('paid');
    expect(await refundsOf(payment.id)).toMatchObject([
      { status: 'pending', idempotencyKey: `cancel-order-${answer.orderId}`, amountPaise: answer.payNowPaise },
    ]);

    await t.app.paymentKeeper.run();
    expect(await refundsOf(payment.id)).toMatchObject([{ status: 'processed' }]);
    expect((await paymentOf(answer.orderId)).status).toBe('refunded');
    expect(sim.simulator.paymentRefunds(fields.razorpay_payment_id)).toHaveLength(1);
    const keys = sim
      .calls()
      .filter((c) => c.path === `/v1/payments/${fields.razorpay_payment_id}/refund`)
      .map((c) => c.idempotencyKey);
    expect(keys).toEqual([`cancel-order-${answer.orderId}`, `cancel-order-${answer.orderId}`]);
    const detail = (await get(`/api/orders/${answer.orderNumber}`, me)).json();
    expect(detail.payment).toMatchObject({ state: 'refunded', refundedPaise: answer.payNowPaise });
  });
});

describe('refund webhooks', () => {
  it('refund.processed marks a refund done as the gateway confirms it; a gateway down answers 503 and the refund stays pending until the event comes again', async () => {
    const me = await createShopper(t.app);
    const { answer, fields } = await paidThroughCheckout(me);
    expect((await verify(me, fields)).statusCode).toBe(200);
    // The refund is made at the gateway, but its answer is lost: only the webhook (or the job) can say it was processed.
    sim.faults.set({ mode: '5xx', times: 1, paths: ['POST /v1/payments/*/refund'], afterEffect: true });
    const from = sim.deliveries().length;
    expect((await post(`/api/orders/${answer.orderNumber}/cancel`, me)).statusCode).toBe(200);
    const payment = await paymentOf(answer.orderId);
    expect(await refundsOf(payment.id)).toMatchObject([{ status: 'pending' }]);
    const processed = sim
      .deliveries()
      .slice(from)
      .find((d) => d.event === 'refund.processed')!;

    sim.faults.set({ mode: '5xx', times: 1, paths: ['GET /v1/payments/*/refunds/*'] });
    const down = await postWebhook(processed.body, processed.signature, processed.eventId);
    expect(down.statusCode, down.body).toBe(503);
    expect(await refundsOf(payment.id)).toMatchObject([{ status: 'pending' }]);
    expect(await remembered([processed.eventId])).toEqual([]);

    const again = await postWebhook(processed.body, processed.signature, processed.eventId);
    expect([again.statusCode, again.json().message]).toEqual([200, 'Received.']);
    expect(await refundsOf(payment.id)).toMatchObject([{ status: 'processed', gatewayRefundId: JSON.parse(processed.body).payload.refund.entity.id }]);
    expect(await paymentOf(answer.orderId)).toMatchObject({ status: 'refunded', refundedPaise: answer.payNowPaise });
    expect((await postWebhook(processed.body, processed.signature, processed.eventId)).json().message).toBe('Already handled.');
  });
});

describe('pay on delivery and PAN', () => {
  it('pay on delivery under the limit awaits confirmation; staff confirm it and it is Placed, with one placed mail', async () => {
    const me = await createShopper(t.app);
    const { res, answer } = await place(me, { product: { fixedPricePaise: 20_000_00, metalWeightMg: null } as never, fields: { paymentMethod: 'cod' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(answer).toMatchObject({ status: 'Awaiting confirmation', payment: null, payNowPaise: 0 });
    expect(await mails(me.email, 'order-placed')).toHaveLength(0);
    const staff = await createStaff(t.app, { role: 'orders' });
    const confirm = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${answer.orderNumber}/status`,
      payload: { status: 'Placed' },
      headers: { cookie: staff.cookie },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect((await orderRow(answer.orderId)).status).toBe('Placed');
    expect(await mails(me.email, 'order-placed')).toHaveLength(1);
  });

  it('pay on delivery at or over the limit is refused (422) and nothing is written', async () => {
    const me = await createShopper(t.app);
    const limit = (await db().select({ v: schema.storeSettings.codLimitPaise }).from(schema.storeSettings))[0]!.v;
    const { res, product } = await place(me, { product: { fixedPricePaise: limit, metalWeightMg: null } as never, fields: { paymentMethod: 'cod' } });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().code).toBe('COD_NOT_AVAILABLE');
    expect(await stockOf(product.id)).toBe(5);
    expect(await db().select().from(schema.orders).where(eq(schema.orders.customerId, me.id))).toHaveLength(0);
  });

  it('an order of Rs. 2 lakh or more needs a PAN', async () => {
    const me = await createShopper(t.app);
    const dear = { fixedPricePaise: 2_50_000_00, metalWeightMg: null } as never;
    const { res } = await place(me, { product: dear });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'PAN_REQUIRED', fields: { pan: expect.any(String) } });
    const withPan = await placeOrder(t.app, me, { pay: false, fields: { pan: 'abcpe1234f' } });
    expect(withPan.statusCode, withPan.body).toBe(200);
    expect((await orderRow(withPan.json().orderId)).pan).toBe('ABCPE1234F');
  });
});

describe('verify, webhook and the reconciliation job at once', () => {
  it('settle one payment exactly once: one Placed, one placed mail', async () => {
    for (let round = 0; round < 3; round++) {
      const me = await createShopper(t.app);
      const from = sim.deliveries().length;
      const { answer, fields } = await paidThroughCheckout(me);
      const payment = await paymentOf(answer.orderId);
      // Overdue and old enough: the job's lapse step and its sweep both ask the gateway about this payment.
      await overdue(answer.orderId);
      await ageOf(payment.id);
      const hooks = sim.deliveries().slice(from);
      const [verified, ...rest] = await Promise.all([
        verify(me, fields),
        ...hooks.map((d) => postWebhook(d.body, d.signature, d.eventId)),
        t.app.paymentKeeper.run(),
      ]);
      expect(verified.statusCode, verified.body).toBe(200);
      for (const r of rest.slice(0, hooks.length)) expect((r as { statusCode: number }).statusCode).toBe(200);
      expect(await placedOnce(answer.orderId, me.email)).toEqual(['Placed', 1, 1]);
      expect(await mails(me.email, 'order-lapsed')).toHaveLength(0);
      expect(await refundsOf(payment.id)).toHaveLength(0);
      expect((await paymentOf(answer.orderId)).status).toBe('paid');
    }
  });
});

/**
 * Settling takes the payment's row lock, then the order's. Whatever else changes both (the job lapsing an
 * order, the customer cancelling it) must take them in the same order, or the two wait for each other and
 * PostgreSQL kills one (a verify answering 500 with the money taken). Here a transaction of the test's own
 * plays the settle: it holds the payment, lets the other side start, then asks for the order.
 */
describe.runIf(Boolean(testServerUrl))('lock order with a settle in progress (PostgreSQL)', () => {
  async function asSettle(paymentId: number, orderId: number, other: () => Promise<unknown>) {
    const client = new pg.Client({ connectionString: t.database.url });
    await client.connect();
    try {
      await client.query('BEGIN');
      await client.query("SET LOCAL lock_timeout = '3s'");
      await client.query('SELECT id FROM payments WHERE id = $1 FOR UPDATE', [paymentId]);
      const started = other().then(
        (v) => ({ ok: true as const, v }),
        (e: unknown) => ({ ok: false as const, e }),
      );
      await new Promise((resolve) => setTimeout(resolve, 400));
      const mine = await client.query('SELECT id FROM orders WHERE id = $1 FOR UPDATE', [orderId]).then(
        () => 'locked',
        (e: { code?: string }) => e.code ?? 'error',
      );
      await client.query(mine === 'locked' ? 'COMMIT' : 'ROLLBACK');
      return { mine, theirs: await started };
    } finally {
      await client.end();
    }
  }

  it('the job lapsing an order waits for the payment before taking the order', async () => {
    const me = await createShopper(t.app);
    const { answer } = await place(me);
    await overdue(answer.orderId);
    const payment = await paymentOf(answer.orderId);
    const { mine, theirs } = await asSettle(payment.id, answer.orderId, () => t.app.paymentKeeper.run());
    expect(mine).toBe('locked');
    expect(theirs).toMatchObject({ ok: true, v: { lapsed: 1 } });
    expect((await orderRow(answer.orderId)).status).toBe('Cancelled');
  });

  it('a customer cancelling an unpaid order waits for the payment before taking the order', async () => {
    const me = await createShopper(t.app);
    const { answer } = await place(me);
    const payment = await paymentOf(answer.orderId);
    const { mine, theirs } = await asSettle(payment.id, answer.orderId, () => post(`/api/orders/${answer.orderNumber}/cancel`, me));
    expect(mine).toBe('locked');
    expect(theirs).toMatchObject({ ok: true, v: { statusCode: 200 } });
    expect((await orderRow(answer.orderId)).status).toBe('Cancelled');
    expect((await paymentOf(answer.orderId)).status).toBe('failed');
  });
});
