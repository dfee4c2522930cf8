/**
 * The courier through Shiprocket's API (issue 39, decision 050), against a local server that speaks it
 * (simulator.ts): Book courier at the dispatch step (the AWB on the order, the order dispatched and mailed, once only,
 * nothing half-written when Shiprocket fails), the tracking webhook (its token, Delivered moving the order, duplicates
 * and late events harmless, an unknown AWB ignored, RTO flagged) and a return's reverse pickup. Runs on PGlite, and on
 * PostgreSQL with TEST_DATABASE_URL (two clicks at once only there).
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { schema, type Db } from '@milli/db';
import { testServerUrl } from '@milli/db/testing';
import { AdminOrderCourierSchema, AdminReturnDetailSchema, CourierBookAnswerSchema } from '@milli/contracts/schemas';
import { loadConfig, type CourierConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../testing.ts';
import { createShopper, createStaff, type TestShopper, type TestStaff } from '../../testing-factories.ts';
import { createOrder } from '../orders/testing.ts';
import { eventKindOf, providerTime, storeParty } from './service.ts';
import { startShiprocketSim, type ShiprocketSim } from './simulator.ts';

const TOKEN = 'courier-webhook-token-2026';
let sim: ShiprocketSim;
let t: TestApp;
let bare: TestApp;
let db: Db;
let desk: TestStaff;
let catalogue: TestStaff;
let shopper: TestShopper;

beforeAll(async () => {
  sim = await startShiprocketSim({ email: 'api@milli.example', password: 'sr-pass-1', webhookToken: TOKEN });
  const courier: CourierConfig = {
    provider: 'shiprocket',
    apiUrl: sim.url,
    email: 'api@milli.example',
    password: 'sr-pass-1',
    webhookToken: TOKEN,
    pickupLocation: 'Chennai office',
    timeoutMs: 3_000,
  };
  t = await createTestApp({ seed: true, config: { courier } });
  db = t.database.db;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  sim.setWebhookUrl(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/courier/shiprocket/webhook`);
  desk = await createStaff(t.app, { role: 'orders' });
  catalogue = await createStaff(t.app, { role: 'catalogue' });
  shopper = await createShopper(t.app);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await bare?.close();
  await sim?.close();
});

type Who = { cookie: string } | null;
const send = (method: 'GET' | 'POST', url: string, who: Who, payload?: object) =>
  t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });
const book = (n: string, who: Who = desk) => send('POST', `/api/admin/orders/${n}/courier/book`, who);
const courierOf = async (n: string) => {
  const res = await send('GET', `/api/admin/orders/${n}/courier`, desk);
  expect(res.statusCode, res.body).toBe(200);
  return AdminOrderCourierSchema.parse(res.json());
};
const orderRow = async (n: string) => (await db.select().from(schema.orders).where(eq(schema.orders.orderNumber, n)))[0]!;
const bookingsOf = async (orderId: number) => db.select().from(schema.courierBookings).where(eq(schema.courierBookings.orderId, orderId));
const shipmentsAt = (n: string) => sim.shipments().filter((s) => s.channelOrderId === n);
const mailsTo = (address: string, kind: string) =>
  db
    .select()
    .from(schema.mailOutbox)
    .where(and(eq(schema.mailOutbox.toAddress, address), eq(schema.mailOutbox.kind, kind)));
/** A picked order of plain (unweighed) pieces: its next step is the dispatch. */
const pickedOrder = () => createOrder(db, { customerId: shopper.id, status: 'Picked', lines: [{ quantity: 2, unitPricePaise: 12_500_00 }] });

describe('Book courier at the dispatch step', () => {
  it('books the parcel, stores the AWB on the order and dispatches it as a typed AWB does; a second click books nothing', async () => {
    const order = await pickedOrder();
    const before = await courierOf(order.orderNumber);
    expect(before).toMatchObject({ provider: 'shiprocket', booking: null, canBook: true, cannotBook: null });

    const res = await book(order.orderNumber);
    expect(res.statusCode, res.body).toBe(200);
    const answer = CourierBookAnswerSchema.parse(res.json());
    const [shipment] = shipmentsAt(order.orderNumber);
    expect(shipment).toBeDefined();
    // What Shiprocket was sent: the buyer's address, the lines in rupees, prepaid.
    expect(shipment!.body).toMatchObject({
      pickup_location: 'Chennai office',
      shipping_pincode: '600017',
      shipping_customer_name: 'Meera',
      payment_method: 'Prepaid',
      sub_total: 25_000,
      order_items: [{ units: 2, selling_price: 12_500 }],
    });
    expect(shipment!.pickupRequested).toBe(true);
    expect(answer.courier.booking).toMatchObject({ state: 'booked', awb: shipment!.awb, courierName: shipment!.courierName, labelUrl: shipment!.labelUrl });
    expect(answer.message).toContain(shipment!.awb!);

    const row = await orderRow(order.orderNumber);
    expect(row).toMatchObject({ status: 'Out for Delivery', awbNumber: shipment!.awb, courierName: shipment!.courierName });
    expect(row.invoicedAt).not.toBeNull();
    // The same mail and audit as a typed dispatch.
    const mails = await mailsTo(shopper.email, 'order-status');
    expect(mails.some((m) => m.textBody.includes(shipment!.awb!))).toBe(true);
    const audit = await db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entityId, order.orderNumber), eq(schema.auditLog.action, 'status')));
    expect(audit.map((a) => (a.after as { awbNumber?: string }).awbNumber)).toContain(shipment!.awb);

    const again = await book(order.orderNumber);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already booked .* nothing was booked again/);
    expect(shipmentsAt(order.orderNumber)).toHaveLength(1);
    expect(await bookingsOf(order.id)).toHaveLength(1);
    expect(await courierOf(order.orderNumber)).toMatchObject({ canBook: false, cannotBook: expect.stringContaining(shipment!.awb!) });
  });

  it('when Shiprocket fails at the start, answers 502 with a clear message and leaves nothing behind', async () => {
    const order = await pickedOrder();
    sim.failNext('/orders/create/adhoc');
    const res = await book(order.orderNumber);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ code: 'COURIER_UNAVAILABLE', message: expect.stringMatching(/Shiprocket answered 500/) });
    expect(await bookingsOf(order.id)).toHaveLength(0);
    expect(await orderRow(order.orderNumber)).toMatchObject({ status: 'Picked', awbNumber: null, courierName: null, invoicedAt: null });
  });

  it('when Shiprocket fails part-way, dispatches nothing, and the next click goes on without a second parcel', async () => {
    const order = await pickedOrder();
    sim.failNext('/courier/assign/awb');
    const res = await book(order.orderNumber);
    expect(res.statusCode).toBe(502);
    expect(await orderRow(order.orderNumber)).toMatchObject({ status: 'Picked', awbNumber: null });
    expect((await courierOf(order.orderNumber)).booking).toMatchObject({ state: 'booking', awb: null });

    const retry = await book(order.orderNumber);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(shipmentsAt(order.orderNumber)).toHaveLength(1);
    expect((await orderRow(order.orderNumber)).awbNumber).toBe(shipmentsAt(order.orderNumber)[0]!.awb);
  });

  it('says Shiprocket’s own words when it refuses the parcel (422), and books nothing', async () => {
    const order = await createOrder(db, { customerId: shopper.id, status: 'Picked', shipping: { pincode: '000000' } });
    const res = await book(order.orderNumber);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'COURIER_REFUSED', message: expect.stringMatching(/pincode must be 6 digits/) });
    expect(await bookingsOf(order.id)).toHaveLength(0);
  });

  it('is refused before the order is picked, to staff without the orders permission, and for an unknown order', async () => {
    const placed = await createOrder(db, { customerId: shopper.id, status: 'Placed' });
    const early = await book(placed.orderNumber);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/Mark the order picked first/);
    expect((await book(placed.orderNumber, catalogue)).statusCode).toBe(403);
    expect((await book(placed.orderNumber, null)).statusCode).toBe(401);
    expect((await book('MIL-2026-999999')).statusCode).toBe(404);
    expect(shipmentsAt(placed.orderNumber)).toHaveLength(0);
  });

  it.runIf(Boolean(testServerUrl))('two clicks at once book one parcel', async () => {
    const order = await pickedOrder();
    const [a, b] = await Promise.all([book(order.orderNumber), book(order.orderNumber)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(shipmentsAt(order.orderNumber)).toHaveLength(1);
    expect(await bookingsOf(order.id)).toHaveLength(1);
  });
});

describe('the tracking webhook', () => {
  async function booked() {
    const order = await pickedOrder();
    expect((await book(order.orderNumber)).statusCode).toBe(200);
    return { order, awb: shipmentsAt(order.orderNumber)[0]!.awb! };
  }

  it('refuses a wrong or missing token with 401 and changes nothing', async () => {
    const { order, awb } = await booked();
    expect(await sim.sendWebhook(awb, 'DELIVERED', { token: 'not-the-token-at-all' })).toBe(401);
    const none = await t.rawInject({
      method: 'POST',
      url: '/api/courier/shiprocket/webhook',
      payload: { awb, current_status: 'DELIVERED', current_status_id: 7 },
    });
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('COURIER_TOKEN_INVALID');
    expect((await orderRow(order.orderNumber)).status).toBe('Out for Delivery');
  });

  it('records in transit and out for delivery, marks the order delivered as the deliver step does, and takes duplicates and late events harmlessly', async () => {
    const { order, awb } = await booked();
    expect(await sim.sendWebhook(awb, 'IN TRANSIT', { at: '2026-11-20 09:00:00' })).toBe(200);
    expect(await sim.sendWebhook(awb, 'OUT FOR DELIVERY', { at: '2026-11-21 08:00:00' })).toBe(200);
    expect((await orderRow(order.orderNumber)).status).toBe('Out for Delivery');
    expect(await sim.sendWebhook(awb, 'DELIVERED', { at: '2026-11-21 14:30:00' })).toBe(200);
    const row = await orderRow(order.orderNumber);
    expect(row.status).toBe('Delivered');
    expect(row.deliveredAt).not.toBeNull();
    expect(
      (await mailsTo(shopper.email, 'order-status')).filter((m) => m.subject.includes('delivered') || m.textBody.includes(order.orderNumber)).length,
    ).toBeGreaterThan(0);

    // The same update again, and an in-transit scan arriving after the delivery: recorded once, nothing moves back.
    expect(await sim.sendWebhook(awb, 'DELIVERED', { at: '2026-11-21 14:30:00' })).toBe(200);
    expect(await sim.sendWebhook(awb, 'IN TRANSIT', { at: '2026-11-20 18:00:00' })).toBe(200);
    const view = await courierOf(order.orderNumber);
    expect(view.events.map((e) => e.kind)).toEqual(['in_transit', 'in_transit', 'out_for_delivery', 'delivered']);
    expect((await orderRow(order.orderNumber)).status).toBe('Delivered');
    const history = await db.select().from(schema.orderStatusHistory).where(eq(schema.orderStatusHistory.orderId, order.id));
    expect(history.filter((h) => h.status === 'Delivered')).toHaveLength(1);
  });

  it('with the token, holds the body to the store’s guard on unusable text (400)', async () => {
    const res = await t.rawInject({
      method: 'POST',
      url: '/api/courier/shiprocket/webhook',
      headers: { 'x-api-key': TOKEN },
      payload: { awb: 'AB\u0000C', current_status: 'DELIVERED' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('UNUSABLE_TEXT');
  });

  it('answers 200 and ignores an AWB the store never booked', async () => {
    const res = await t.rawInject({
      method: 'POST',
      url: '/api/courier/shiprocket/webhook',
      headers: { 'x-api-key': TOKEN },
      payload: { awb: '999999999999', current_status: 'DELIVERED', current_status_id: 7, current_timestamp: '2026-11-21 14:30:00' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ result: 'ignored' });
  });

  it('flags an RTO for staff without moving the order', async () => {
    const { order, awb } = await booked();
    expect(await sim.sendWebhook(awb, 'RTO INITIATED', { at: '2026-11-22 10:00:00' })).toBe(200);
    const view = await courierOf(order.orderNumber);
    expect(view.booking?.rtoAt).not.toBeNull();
    expect(view.events.at(-1)).toMatchObject({ kind: 'rto', status: 'RTO INITIATED' });
    expect((await orderRow(order.orderNumber)).status).toBe('Out for Delivery');
  });
});

describe('a reverse pickup for an approved return', () => {
  it('creates the return order at Shiprocket, keeps its AWB on the return and schedules the pickup, once', async () => {
    const order = await createOrder(db, { customerId: shopper.id, status: 'Delivered', lines: [{ quantity: 1 }] });
    await db
      .update(schema.orders)
      .set({ deliveredAt: new Date(Date.now() - 86_400_000) })
      .where(eq(schema.orders.id, order.id));
    const [line] = await db.select().from(schema.orderLines).where(eq(schema.orderLines.orderId, order.id));
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.orderNumber}/returns`,
      headers: { cookie: shopper.cookie },
      payload: { lines: [{ lineId: line!.id, quantity: 1 }], reason: 'The size is wrong.' },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const id = asked.json().return.id as number;
    const tooSoon = await send('POST', `/api/admin/returns/${id}/reverse-pickup`, desk);
    expect(tooSoon.statusCode).toBe(409);
    expect((await send('POST', `/api/admin/returns/${id}/approve`, desk, {})).statusCode).toBe(200);

    const res = await send('POST', `/api/admin/returns/${id}/reverse-pickup`, desk);
    expect(res.statusCode, res.body).toBe(200);
    const made = sim.shipments().filter((s) => s.isReturn && s.channelOrderId === `${order.orderNumber}-R${id}`);
    expect(made).toHaveLength(1);
    // Collected from the customer, brought to the store's office (its PIN from Settings).
    expect(made[0]!.body).toMatchObject({ pickup_pincode: '600017', shipping_pincode: '600086', shipping_city: 'Chennai' });
    const ret = AdminReturnDetailSchema.parse(res.json().return);
    expect(ret).toMatchObject({ status: 'Pickup scheduled', pickupAwb: made[0]!.awb, pickupCourierName: made[0]!.courierName });
    expect(ret.pickupDate).not.toBeNull();
    expect((await mailsTo(shopper.email, 'return-pickup'))[0]!.textBody).toContain(made[0]!.awb!);

    const again = await send('POST', `/api/admin/returns/${id}/reverse-pickup`, desk);
    expect(again.statusCode).toBe(409);
    expect(sim.shipments().filter((s) => s.isReturn && s.channelOrderId === `${order.orderNumber}-R${id}`)).toHaveLength(1);
  });
});

describe('with no courier configured', () => {
  it('offers no booking, refuses the action and the webhook, and the typed dispatch works as before', async () => {
    bare = await createTestApp({ seed: true });
    const staff = await createStaff(bare.app, { role: 'orders' });
    const buyer = await createShopper(bare.app);
    const order = await createOrder(bare.database.db, { customerId: buyer.id, status: 'Picked' });
    const at = (method: 'GET' | 'POST', url: string, payload?: object) =>
      bare.app.inject({ method, url, headers: { cookie: staff.cookie }, ...(payload ? { payload } : {}) });
    expect((await at('GET', `/api/admin/orders/${order.orderNumber}/courier`)).json()).toMatchObject({ provider: null, canBook: false, booking: null });
    const res = await at('POST', `/api/admin/orders/${order.orderNumber}/courier/book`);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('COURIER_NOT_CONFIGURED');
    const hook = await bare.rawInject({ method: 'POST', url: '/api/courier/shiprocket/webhook', headers: { 'x-api-key': TOKEN }, payload: { awb: 'X' } });
    expect(hook.statusCode).toBe(401);
    const typed = await at('POST', `/api/admin/orders/${order.orderNumber}/status`, {
      status: 'Out for Delivery',
      courierName: 'Blue Dart',
      awbNumber: 'BD-7788990',
    });
    expect(typed.statusCode, typed.body).toBe(200);
  }, 120_000);
});

describe('reading what the courier sends', () => {
  it('maps Shiprocket’s statuses by number and by words', () => {
    expect(eventKindOf(18, 'IN TRANSIT')).toBe('in_transit');
    expect(eventKindOf(17, undefined)).toBe('out_for_delivery');
    expect(eventKindOf(7, 'Delivered')).toBe('delivered');
    expect(eventKindOf(undefined, 'RTO Delivered')).toBe('rto');
    expect(eventKindOf(undefined, 'out_for_delivery')).toBe('out_for_delivery');
    expect(eventKindOf(3, 'AWB ASSIGNED')).toBeNull();
  });
  it('reads its times as India’s', () => {
    expect(providerTime('2026-11-21 14:30:00')?.toISOString()).toBe('2026-11-21T09:00:00.000Z');
    expect(providerTime('21 11 2026 14:30:00')?.toISOString()).toBe('2026-11-21T09:00:00.000Z');
    expect(providerTime('yesterday')).toBeNull();
  });
  it('finds the PIN and city in the office address', () => {
    const s = {
      storeName: 'Milli',
      sellerState: 'Tamil Nadu',
      emailPrimary: 'a@b.in',
      helpLine: '+91 44 4000 1234',
      officeAddress: '3rd Floor, 118 Cathedral Road, Chennai 600086, Tamil Nadu',
    };
    expect(storeParty(s)).toMatchObject({ pincode: '600086', city: 'Chennai', address: '3rd Floor, 118 Cathedral Road' });
    expect(() => storeParty({ ...s, officeAddress: 'Somewhere' })).toThrow(/PIN/);
  });
  it('refuses a half-configured courier at start', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: 'memory' };
    expect(() => loadConfig({ ...base, COURIER_PROVIDER: 'shiprocket', SHIPROCKET_EMAIL: 'a@b.in' })).toThrow(/SHIPROCKET_API_URL, SHIPROCKET_PASSWORD/);
    expect(() => loadConfig({ ...base, SHIPROCKET_EMAIL: 'a@b.in' })).toThrow(/without COURIER_PROVIDER/);
    expect(loadConfig(base).courier).toBeNull();
  });
});
