/**
 * A refund the gateway reports failed (Razorpay's refund.failed webhook): the refund is marked failed for the
 * customer and for staff, once, and nothing else changes; and only as the gateway itself says, never on a signed
 * body's word alone.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@milli/db';
import { createTestApp, postForm, type TestApp } from '../../testing.ts';
import { createProduct, createShopper, placeOrder } from '../../testing-factories.ts';
import { createDemoGateway } from './demo-gateway.ts';
import { hmacHex } from './gateway.ts';

// Refunds stay pending (Razorpay's normal speed) long enough for the failure to arrive first.
const gateway = createDemoGateway({ refundDelayMs: 600_000 });
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ gateway });
});
afterAll(async () => t?.close());

function webhook(body: string, eventId: string) {
  return t.rawInject({
    method: 'POST',
    url: '/api/payments/razorpay/webhook',
    payload: body,
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': hmacHex(gateway.webhookSecret, body), 'x-razorpay-event-id': eventId },
  });
}

/** A cancelled paid order's refund, pending at the gateway; its row. */
async function pendingRefund() {
  const shopper = await createShopper(t.app);
  const product = await createProduct(t.database.db);
  const placed = (await placeOrder(t.app, shopper, { productId: product.id })).json() as { orderNumber: string };
  const cancel = await postForm(t.app, `/api/orders/${placed.orderNumber}/cancel`, {}, { cookie: shopper.cookie });
  expect(cancel.statusCode, cancel.body).toBe(200);
  const [refund] = await t.database.db.select().from(schema.refunds).where(eq(schema.refunds.customerId, shopper.id));
  expect(refund).toMatchObject({ status: 'pending' });
  return { shopper, refund: refund! };
}

const refundRow = async (id: number) => (await t.database.db.select().from(schema.refunds).where(eq(schema.refunds.id, id)))[0]!;

describe('refund.failed', () => {
  it('marks the pending refund failed, shows it to the customer, and is handled once', async () => {
    const { shopper, refund } = await pendingRefund();
    gateway.simulator.failRefund(refund.gatewayRefundId!);
    const failed = gateway.simulator.deliveries().find((d) => d.event === 'refund.failed' && d.body.includes(refund.gatewayRefundId!))!;
    expect((await webhook(failed.body, failed.eventId)).statusCode).toBe(200);
    expect((await webhook(failed.body, failed.eventId)).json()).toEqual({ message: 'Already handled.' });
    const after = await refundRow(refund.id);
    expect(after).toMatchObject({ status: 'failed' });
    expect(after.lastError).toMatch(/could not send this refund/);

    const payments = (await t.app.inject({ method: 'GET', url: '/api/payments', headers: { cookie: shopper.cookie } })).json().data as {
      refunds: { status: string }[];
      refundedPaise: number;
    }[];
    expect(payments[0]!.refunds).toMatchObject([{ status: 'failed' }]);
    expect(payments[0]!.refundedPaise).toBe(0);

    // A forged one (wrong signature) changes nothing.
    const forged = await t.rawInject({
      method: 'POST',
      url: '/api/payments/razorpay/webhook',
      payload: failed.body,
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': 'a'.repeat(64), 'x-razorpay-event-id': 'evt_X' },
    });
    expect(forged.statusCode).toBe(400);
  });

  it('a correctly signed refund.processed or refund.failed the gateway does not confirm leaves the refund pending', async () => {
    const { shopper, refund } = await pendingRefund();
    const entity = {
      entity: 'refund',
      amount: refund.amountPaise,
      currency: 'INR',
      payment_id: refund.gatewayPaymentId,
      notes: { milli_refund: String(refund.id) },
      created_at: 0,
    };
    const claims = [
      { event: 'refund.processed', refund: { ...entity, id: refund.gatewayRefundId, status: 'processed' } },
      { event: 'refund.failed', refund: { ...entity, id: refund.gatewayRefundId, status: 'failed' } },
      // A refund the gateway never made, naming the store's refund in its notes.
      { event: 'refund.processed', refund: { ...entity, id: 'rfnd_NeverMadeHere1', status: 'processed' } },
    ];
    for (const [i, claim] of claims.entries()) {
      const body = JSON.stringify({ entity: 'event', event: claim.event, contains: ['refund'], payload: { refund: { entity: claim.refund } } });
      const res = await webhook(body, `evt_ForgedRefund${i}`);
      expect([res.statusCode, res.json().message], claim.event).toEqual([200, 'Received.']);
    }
    expect(await refundRow(refund.id)).toMatchObject({ status: 'pending', processedAt: null, lastError: null });
    const payments = (await t.app.inject({ method: 'GET', url: '/api/payments', headers: { cookie: shopper.cookie } })).json().data as {
      status: string;
      refundedPaise: number;
    }[];
    expect(payments[0]).toMatchObject({ status: 'paid', refundedPaise: 0 });
  });
});
