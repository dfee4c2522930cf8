import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GatewayError, hmacHex, paymentSignature } from './gateway.ts';
import { createRazorpayGateway } from './razorpay-gateway.ts';
import { startRazorpaySimServer, type RazorpaySimServer } from './simulator-http.ts';

/** The store's Razorpay client against the Razorpay-speaking simulator on a real port. */
const KEYS = { keyId: 'rzp_test_unit', keySecret: 'unit-key-secret', webhookSecret: 'unit-webhook-secret' };
let sim: RazorpaySimServer;

beforeAll(async () => {
  sim = await startRazorpaySimServer(KEYS);
});
afterAll(async () => {
  await sim.close();
});
afterEach(() => {
  sim.faults.clear();
});

const gateway = () => createRazorpayGateway({ ...KEYS, apiUrl: sim.url, timeoutMs: 300 });

async function kindOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    expect(error).toBeInstanceOf(GatewayError);
    return (error as GatewayError).kind;
  }
}

describe('Razorpay client against the simulator', () => {
  it('sends the key id and secret as HTTP Basic auth; wrong keys are refused as unauthorized', async () => {
    const order = await gateway().createOrder({ amountPaise: 12_345_00, receipt: 'MIL-2026-000001', notes: { milli_payment: '1' } });
    expect(order).toMatchObject({
      entity: 'order',
      amount: 12_345_00,
      currency: 'INR',
      receipt: 'MIL-2026-000001',
      status: 'created',
      notes: { milli_payment: '1' },
    });
    expect(sim.calls().at(-1)).toMatchObject({ method: 'POST', path: '/v1/orders', status: 200 });

    const wrong = createRazorpayGateway({ ...KEYS, keySecret: 'not-the-secret', apiUrl: sim.url });
    expect(await kindOf(wrong.createOrder({ amountPaise: 500_00, receipt: 'r' }))).toBe('unauthorized');
    expect(sim.calls().at(-1)).toMatchObject({ path: '/v1/orders', status: 401 });
    const raw = await fetch(`${sim.url}/v1/orders/${order.id}`);
    expect(raw.status).toBe(401);
    expect(await raw.json()).toEqual({ error: expect.objectContaining({ code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' }) });
  });

  it("maps Razorpay's refusals: an unknown id is not_found, a bad amount bad_request with Razorpay's description", async () => {
    expect(await kindOf(gateway().fetchPayment('pay_DoesNotExist01'))).toBe('not_found');
    expect(await kindOf(gateway().orderPayments('order_DoesNotExist1'))).toBe('not_found');
    const small = await gateway()
      .createOrder({ amountPaise: 50, receipt: 'r' })
      .catch((e: unknown) => e);
    expect(small).toBeInstanceOf(GatewayError);
    expect(small).toMatchObject({ kind: 'bad_request', status: 400, message: 'Order amount less than minimum amount allowed' });
  });

  it('a 500 or no answer within the time limit is unavailable (and the next call goes through)', async () => {
    // Set through the HTTP control, as an end-to-end run does.
    const set = await fetch(`${sim.url}/_sim/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mode: '5xx', times: 1, paths: ['POST /v1/orders'] }),
    });
    expect(await set.json()).toEqual({ mode: '5xx', times: 1 });
    // Another path is not affected.
    expect(await kindOf(gateway().fetchPayment('pay_DoesNotExist01'))).toBe('not_found');
    expect(await kindOf(gateway().createOrder({ amountPaise: 500_00, receipt: 'r' }))).toBe('unavailable');
    expect(sim.calls().at(-1)).toMatchObject({ path: '/v1/orders', status: 500 });

    sim.faults.set({ mode: 'timeout', times: 1 });
    const started = Date.now();
    expect(await kindOf(gateway().createOrder({ amountPaise: 500_00, receipt: 'r' }))).toBe('unavailable');
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(sim.calls().at(-1)).toMatchObject({ path: '/v1/orders', status: 'hung' });

    expect(await kindOf(gateway().createOrder({ amountPaise: 500_00, receipt: 'r' }))).toBe('ok');
  });

  it('while keys are rotated, signatures made with the retired secrets still pass, others do not; the API is called with the new key only', async () => {
    const rotating = createRazorpayGateway({
      ...KEYS,
      keySecret: 'new-key-secret',
      webhookSecret: 'new-webhook-secret',
      previousKeySecret: 'old-key-secret',
      previousWebhookSecret: 'old-webhook-secret',
      apiUrl: sim.url,
      timeoutMs: 300,
    });
    for (const secret of ['new-key-secret', 'old-key-secret'])
      expect(rotating.paymentSignatureValid('order_r', 'pay_r', paymentSignature(secret, 'order_r', 'pay_r'))).toBe(true);
    expect(rotating.paymentSignatureValid('order_r', 'pay_r', paymentSignature('some-other-secret', 'order_r', 'pay_r'))).toBe(false);
    const body = Buffer.from('{"event":"payment.captured"}');
    for (const secret of ['new-webhook-secret', 'old-webhook-secret']) expect(rotating.webhookSignatureValid(body, hmacHex(secret, body))).toBe(true);
    expect(rotating.webhookSignatureValid(body, hmacHex('some-other-secret', body))).toBe(false);
    // Without a retired secret, only the current one passes.
    expect(gateway().webhookSignatureValid(body, hmacHex('old-webhook-secret', body))).toBe(false);
    // The simulator knows the unit keys, not 'new-key-secret': the API answers unauthorized, so the retired secret is never sent.
    expect(await kindOf(rotating.fetchPayment('pay_x'))).toBe('unauthorized');
  });

  it('an address nobody listens on is unavailable', async () => {
    const nowhere = createRazorpayGateway({ ...KEYS, apiUrl: 'http://127.0.0.1:9', timeoutMs: 300 });
    expect(await kindOf(nowhere.fetchPayment('pay_x'))).toBe('unavailable');
  });

  it("fetches a payment with its card, lists an order's payments, and refunds once per idempotency key even when the first answer was lost", async () => {
    const g = gateway();
    const order = await g.createOrder({ amountPaise: 2_000_00, receipt: 'r' });
    const paid = sim.simulator.checkout(order.id, 'card_success');
    if (!paid.ok) throw new Error('checkout failed');
    expect(g.paymentSignatureValid(order.id, paid.razorpay_payment_id, paid.razorpay_signature)).toBe(true);
    expect(g.paymentSignatureValid(order.id, paid.razorpay_payment_id, paymentSignature('another-secret', order.id, paid.razorpay_payment_id))).toBe(false);

    const payment = await g.fetchPayment(paid.razorpay_payment_id);
    expect(payment).toMatchObject({ status: 'captured', order_id: order.id, amount: 2_000_00, card: { network: 'Visa', last4: '1111' } });
    const plain = await fetch(`${sim.url}/v1/payments/${paid.razorpay_payment_id}`, {
      headers: { authorization: `Basic ${Buffer.from(`${KEYS.keyId}:${KEYS.keySecret}`).toString('base64')}` },
    });
    expect(await plain.json()).not.toHaveProperty('card');
    expect((await g.orderPayments(order.id)).map((p) => p.id)).toEqual([paid.razorpay_payment_id]);

    // The refund is made, but its answer is lost: the retry with the same key is the same refund.
    sim.faults.set({ mode: '5xx', times: 1, paths: ['/v1/payments/*/refund'], afterEffect: true });
    expect(await kindOf(g.refund(paid.razorpay_payment_id, { amountPaise: 500_00, idempotencyKey: 'cancel-order-unit-1' }))).toBe('unavailable');
    const again = await g.refund(paid.razorpay_payment_id, { amountPaise: 500_00, idempotencyKey: 'cancel-order-unit-1' });
    expect(again).toMatchObject({ entity: 'refund', amount: 500_00, payment_id: paid.razorpay_payment_id, status: 'processed' });
    expect(sim.simulator.paymentRefunds(paid.razorpay_payment_id)).toHaveLength(1);
    const auth = { authorization: `Basic ${Buffer.from(`${KEYS.keyId}:${KEYS.keySecret}`).toString('base64')}` };
    expect(await (await fetch(`${sim.url}/v1/refunds/${again.id}`, { headers: auth })).json()).toMatchObject({ id: again.id, amount: 500_00 });
    expect(await (await fetch(`${sim.url}/v1/orders/${order.id}`, { headers: auth })).json()).toMatchObject({
      id: order.id,
      status: 'paid',
      amount_paid: 2_000_00,
      amount_due: 0,
    });
    expect(await (await fetch(`${sim.url}/v1/orders/${order.id}/payments`, { headers: auth })).json()).toMatchObject({ entity: 'collection', count: 1 });
    expect(
      sim
        .calls()
        .filter((c) => c.path.endsWith('/refund'))
        .map((c) => c.idempotencyKey),
    ).toEqual(['cancel-order-unit-1', 'cancel-order-unit-1']);
    // Another amount under the same key is refused, not made.
    expect(await kindOf(g.refund(paid.razorpay_payment_id, { amountPaise: 600_00, idempotencyKey: 'cancel-order-unit-1' }))).toBe('bad_request');
    expect((await g.fetchPayment(paid.razorpay_payment_id)).amount_refunded).toBe(500_00);
  });

  it("fetches one refund of a payment as Razorpay holds it; another payment's refund, or an unknown id, is not found", async () => {
    const g = gateway();
    const [one, two] = await Promise.all([1, 2].map(() => g.createOrder({ amountPaise: 1_000_00, receipt: 'r' })));
    const paidOne = sim.simulator.checkout(one!.id, 'card_success');
    const paidTwo = sim.simulator.checkout(two!.id, 'upi_success');
    if (!paidOne.ok || !paidTwo.ok) throw new Error('checkout failed');
    const made = await g.refund(paidOne.razorpay_payment_id, { amountPaise: 300_00, idempotencyKey: 'fetch-refund-unit-1', notes: { milli_refund: '7' } });
    expect(await g.fetchRefund(paidOne.razorpay_payment_id, made.id)).toEqual(made);
    expect(sim.calls().at(-1)).toMatchObject({ method: 'GET', path: `/v1/payments/${paidOne.razorpay_payment_id}/refunds/${made.id}`, status: 200 });
    expect(await kindOf(g.fetchRefund(paidTwo.razorpay_payment_id, made.id))).toBe('not_found');
    expect(await kindOf(g.fetchRefund(paidOne.razorpay_payment_id, 'rfnd_DoesNotExist1'))).toBe('not_found');
    sim.faults.set({ mode: '5xx', times: 1, paths: ['GET /v1/payments/*/refunds/*'] });
    expect(await kindOf(g.fetchRefund(paidOne.razorpay_payment_id, made.id))).toBe('unavailable');
  });
});
