/**
 * An order's life sends its messages (issue 41, decision 057), each queued in the transaction of the change that causes
 * it, beside its mail: placed and paid (online), dispatched with the courier, AWB and tracking link, delivered; a
 * cancellation with money back is a refund issued. By SMS with no answer from the customer, on WhatsApp only once they
 * chose it; a refused change sends nothing. The messages carry the order's values and the
 * folder (DATA_DIR/messages is 'memory' here: they wait in the outbox, read from it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { schema } from '@milli/db';
import { createTestApp, type TestApp } from '../../testing.ts';
import { createProduct, createShopper, createStaff, placeOrder, type TestShopper, type TestStaff } from '../../testing-factories.ts';
import { packAndDispatch } from '../orders/testing.ts';

let t: TestApp;
let desk: TestStaff;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  desk = await createStaff(t.app, { role: 'owner' });
}, 120_000);
afterAll(() => t?.close());

const messagesOf = (customerId: number) =>
  t.database.db.select().from(schema.messages).where(eq(schema.messages.customerId, customerId)).orderBy(asc(schema.messages.id));

async function orderFor(shopper: TestShopper, fields: Record<string, string> = {}) {
  const product = await createProduct(t.database.db, { stock: 5 });
  const placed = await placeOrder(t.app, shopper, { productId: product.id, fields });
  expect(placed.statusCode, placed.body).toBe(200);
  return placed.json().orderNumber as string;
}

describe('an order’s messages', () => {
  it('placed, paid, dispatched and delivered, by SMS to the order’s mobile number, with the order’s values', async () => {
    const asha = await createShopper(t.app);
    const orderNumber = await orderFor(asha);
    let rows = await messagesOf(asha.id);
    expect(rows.map((r) => r.kind)).toEqual(['order_placed', 'order_paid']);
    expect(rows[0]).toMatchObject({
      channel: 'sms',
      toPhone: '+919876543210',
      status: 'queued',
      params: { order: orderNumber, amount: expect.stringMatching(/^Rs\. [\d,]+\.\d\d$/) },
    });
    await packAndDispatch(t.app, desk.cookie, orderNumber);
    rows = await messagesOf(asha.id);
    expect(rows.at(-1)).toMatchObject({
      kind: 'order_dispatched',
      params: { order: orderNumber, courier: 'Blue Dart', awb: 'BD-12345678', tracking: 'https://track.example/BD-12345678' },
    });
    const delivered = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderNumber}/status`,
      headers: { cookie: desk.cookie },
      payload: { status: 'Delivered' },
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect((await messagesOf(asha.id)).map((r) => r.kind)).toEqual(['order_placed', 'order_paid', 'order_dispatched', 'order_delivered']);
    // A step refused (nothing after Delivered) queues nothing.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderNumber}/status`,
      headers: { cookie: desk.cookie },
      payload: { status: 'Delivered' },
    });
    expect(again.statusCode).toBeGreaterThanOrEqual(400);
    expect(await messagesOf(asha.id)).toHaveLength(4);
  });

  it('goes on WhatsApp alone once the customer chose it there, and a cancellation with money back is a refund issued', async () => {
    const ravi = await createShopper(t.app);
    const chose = await t.app.inject({ method: 'PUT', url: '/api/account/messages', headers: { cookie: ravi.cookie }, payload: { orders_whatsapp: true } });
    expect(chose.statusCode, chose.body).toBe(200);
    const orderNumber = await orderFor(ravi, { phoneNumber: '+91 91234 56789' });
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderNumber}/cancel`,
      headers: { cookie: desk.cookie },
      payload: { reason: 'The piece failed its hallmark check.' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const rows = await messagesOf(ravi.id);
    expect(rows.map((r) => `${r.kind} ${r.channel} ${r.toPhone}`)).toEqual([
      'order_placed whatsapp +919123456789',
      'order_paid whatsapp +919123456789',
      'refund_issued whatsapp +919123456789',
    ]);
  });

  it('sends nothing to a customer who said no to both channels', async () => {
    const meena = await createShopper(t.app);
    await t.app.inject({ method: 'PUT', url: '/api/account/messages', headers: { cookie: meena.cookie }, payload: {} });
    await orderFor(meena);
    expect(await messagesOf(meena.id)).toEqual([]);
  });
});
