/**
 * A refund the gateway reports failed (Razorpay's refund.failed webhook): the refund is marked failed for the
 * customer and for staff, once, and nothing else changes.
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

describe('refund.failed', () => {
  it('marks the pending refund failed, shows it to the customer, and is handled once', async () => {
    const shopper = await createShopper(t.app);
    const product = await createProduct(t.database.db);
    const placed = (await placeOrder(t.app, shopper, { productId: product.id })).json() as { orderNumber: string };
    const cancel = await postForm(t.app, `/api/orders/${placed.orderNumber}/cancel`, {}, { cookie: shopper.cookie });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const [refund] = await t.database.db.select().from(schema.refunds).where(eq(schema.refunds.customerId, shopper.id));
    expect(refund).toMatchObject({ status: 'pending' });

    const body = JSON.stringify({ entity: 'event', event: 'refund.failed', contains: ['refund'], payload: { refund: { entity: { id: refund!.gatewayRefundId, notes: { milli_refund: String(refund!.id) } } } } });
    expect((await webhook(body, 'evt_RefundFailed1')).statusCode).toBe(200);
    expect((await webhook(body, 'evt_RefundFailed1')).json()).toEqual({ message: 'Already handled.' });
    const [after] = await t.database.db.select().from(schema.refunds).where(eq(schema.refunds.id, refund!.id));
    expect(after).toMatchObject({ status: 'failed' });
    expect(after!.lastError).toMatch(/could not send this refund/);

    const payments = (await t.app.inject({ method: 'GET', url: '/api/payments', headers: { cookie: shopper.cookie } })).json().data as { refunds: { status: string }[]; refundedPaise: number }[];
    expect(payments[0]!.refunds).toMatchObject([{ status: 'failed' }]);
    expect(payments[0]!.refundedPaise).toBe(0);

    // A forged one (wrong signature) changes nothing.
    const forged = await t.rawInject({ method: 'POST', url: '/api/payments/razorpay/webhook', payload: body, headers: { 'content-type': 'application/json', 'x-razorpay-signature': 'a'.repeat(64), 'x-razorpay-event-id': 'evt_X' } });
    expect(forged.statusCode).toBe(400);
  });
});
