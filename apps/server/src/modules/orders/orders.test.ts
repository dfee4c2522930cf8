import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { schema, type Db } from '@milli/db';
import { gstinCheckChar } from '@milli/contracts';
import { createTestApp, type TestApp } from '../../testing.ts';
import { createProduct, createShopper, createStaff, type TestShopper as Shopper } from '../../testing-factories.ts';
import { createOrder, lineFor, packAndDispatch } from './testing.ts';

let t: TestApp;
let db: Db;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  db = t.database.db;
});
afterAll(() => t?.close());

const shopper = () => createShopper(t.app);
const ordersDesk = () => createStaff(t.app, { role: 'orders' });
let desk: { cookie: string } | undefined;
/** The invoice is issued at dispatch: the order is packed and dispatched through the staff's routes first. */
const dispatched = async <T extends { orderNumber: string }>(order: T) => {
  desk ??= await ordersDesk();
  await packAndDispatch(t.app, desk.cookie, order.orderNumber);
  return order;
};

const get = (url: string, who?: Shopper) => t.app.inject({ url, headers: who ? { cookie: who.cookie } : {} });
const post = (url: string, who?: { cookie: string }, body?: object) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...(who ? { cookie: who.cookie } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });

const stockedProduct = () => createProduct(db);

/** The text a PDF shows, as a viewer extracts it (Poppler's pdftotext reads the embedded fonts' Unicode maps). */
function pdfText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString();
}

const karnatakaGstin = () => {
  const first14 = '29AABCM1234F1Z';
  return first14 + gstinCheckChar(first14);
};

describe('order lists', () => {
  it('needs a session', async () => {
    expect((await get('/api/orders')).statusCode).toBe(401);
  });

  it('lists only my orders, by list, newest first, with the in-transit wording', async () => {
    const me = await shopper();
    const other = await shopper();
    const base = Date.now() - 10 * 86_400_000;
    const placed = await createOrder(db, {
      customerId: me.id,
      status: 'Placed',
      placedAt: new Date(base),
      lines: [{ productName: 'Lotus Ring', quantity: 2 }, {}],
    });
    const picked = await createOrder(db, { customerId: me.id, status: 'Picked', placedAt: new Date(base + 1000) });
    const out = await createOrder(db, { customerId: me.id, status: 'Out for Delivery', placedAt: new Date(base + 2000) });
    await createOrder(db, { customerId: me.id, status: 'Delivered' });
    await createOrder(db, { customerId: me.id, status: 'Cancelled' });
    await createOrder(db, { customerId: other.id, status: 'Placed' });

    const active = (await get('/api/orders?list=active', me)).json();
    expect(active.totalResults).toBe(3);
    expect(active.data.map((r: { orderNumber: string }) => r.orderNumber)).toEqual([out.orderNumber, picked.orderNumber, placed.orderNumber]);
    expect(active.data.map((r: { displayStatus: string }) => r.displayStatus)).toEqual(['In transit', 'In transit', 'Placed']);
    expect(active.data[2]).toMatchObject({ firstItemName: 'Lotus Ring', itemCount: 3, status: 'Placed', totalPaise: placed.totalPaise });

    const completed = (await get('/api/orders?list=completed', me)).json();
    expect(completed.data).toHaveLength(1);
    expect(completed.data[0].displayStatus).toBe('Delivered');
    const cancelled = (await get('/api/orders?list=cancelled', me)).json();
    expect(cancelled.data).toHaveLength(1);
    expect(cancelled.data[0].status).toBe('Cancelled');
    // The default list is the active one.
    expect((await get('/api/orders', me)).json().totalResults).toBe(3);
  });

  it('pages long lists and refuses a bad list or page', async () => {
    const me = await shopper();
    for (let i = 0; i < 12; i++) await createOrder(db, { customerId: me.id, status: 'Delivered' });
    const first = (await get('/api/orders?list=completed', me)).json();
    expect(first).toMatchObject({ currentPage: 1, totalPages: 2, totalResults: 12 });
    expect(first.data).toHaveLength(10);
    const second = (await get('/api/orders?list=completed&page=2', me)).json();
    expect(second.data).toHaveLength(2);
    const bad = await get('/api/orders?list=everything', me);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/active, completed or cancelled/);
    expect((await get('/api/orders?page=0', me)).statusCode).toBe(400);
  });

  it('says so when there are no orders', async () => {
    const me = await shopper();
    expect((await get('/api/orders?list=active', me)).json()).toEqual({ data: [], currentPage: 1, totalPages: 0, totalResults: 0 });
  });
});

describe('order details', () => {
  it('shows lines, addresses, totals, invoice number, history and the four tracking steps', async () => {
    const me = await shopper();
    const placedAt = new Date('2026-11-01T05:00:00Z');
    const order = await createOrder(db, {
      customerId: me.id,
      status: 'Picked',
      placedAt,
      stepMinutes: 90,
      lines: [{ productName: 'Kemp Jhumka', quantity: 2, unitPricePaise: 12_500_00, options: { purity: 22 } }],
      shipping: { city: 'Madurai', pincode: '625001' },
      billing: { city: 'Chennai', pincode: '600017' },
      discountPaise: 1_000_00,
    });
    const res = await get(`/api/orders/${order.orderNumber}`, me);
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d.order).toMatchObject({
      orderNumber: order.orderNumber,
      // Issue 39: the invoice number is given at dispatch, from its series.
      invoiceNumber: null,
      status: 'Picked',
      displayStatus: 'In transit',
      canCancel: true,
    });
    expect(d.lines).toEqual([
      expect.objectContaining({ name: 'Kemp Jhumka', quantity: 2, unitPricePaise: 12_500_00, lineTotalPaise: 25_000_00, options: { purity: 22 } }),
    ]);
    expect(d.shippingAddress.city).toBe('Madurai');
    expect(d.billingAddress.city).toBe('Chennai');
    expect(d.totals).toMatchObject({ subtotalPaise: 25_000_00, discountPaise: 1_000_00, shippingPaise: 299, totalPaise: 24_000_00 + 299 });
    expect(d.history.map((h: { status: string }) => h.status)).toEqual(['Placed', 'Picked']);
    expect(d.tracking).toEqual([
      { label: 'Order Placed', status: 'Placed', done: true, current: false, at: placedAt.toISOString() },
      { label: 'Order Picked', status: 'Picked', done: true, current: true, at: new Date(placedAt.getTime() + 90 * 60_000).toISOString() },
      { label: 'Out for Delivery', status: 'Out for Delivery', done: false, current: false, at: null },
      { label: 'Delivered', status: 'Delivered', done: false, current: false, at: null },
    ]);
  });

  it('never shows another customer’s order, and needs a session', async () => {
    const me = await shopper();
    const other = await shopper();
    const theirs = await createOrder(db, { customerId: other.id, companyName: 'Secret Traders' });
    const res = await get(`/api/orders/${theirs.orderNumber}`, me);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Secret Traders');
    expect(res.body).not.toContain(theirs.orderNumber);
    expect((await get(`/api/orders/${theirs.orderNumber}`)).statusCode).toBe(401);
    expect((await get('/api/orders/MIL-2026-000000', me)).statusCode).toBe(404);
    expect((await get(`/api/orders/${encodeURIComponent("x' or 1=1 --")}`, me)).statusCode).toBe(404);
  });
});

describe('cancelling an order', () => {
  it('cancels a placed order in one go: status, history, stock, units sold, coupon and mail', async () => {
    const me = await shopper();
    const p = await stockedProduct();
    const [coupon] = await db.select().from(schema.coupons).limit(1);
    const order = await createOrder(db, {
      customerId: me.id,
      lines: [await lineFor(db, p.id, { quantity: 2 })],
      couponCode: coupon!.code,
      discountPaise: 500_00,
    });
    await db.update(schema.products).set({ stock: 3, unitsSold: 10 }).where(eq(schema.products.id, p.id));
    expect(await db.select().from(schema.couponRedemptions).where(eq(schema.couponRedemptions.orderId, order.id))).toHaveLength(1);

    const res = await post(`/api/orders/${order.orderNumber}/cancel`, me);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'Cancelled', orderNumber: order.orderNumber });
    expect(res.json().message).toMatch(/cancelled/);

    const [after] = await db.select().from(schema.products).where(eq(schema.products.id, p.id));
    expect(after).toMatchObject({ stock: 5, unitsSold: 8 });
    expect(await db.select().from(schema.couponRedemptions).where(eq(schema.couponRedemptions.orderId, order.id))).toHaveLength(0);
    const d = (await get(`/api/orders/${order.orderNumber}`, me)).json();
    expect(d.order).toMatchObject({ status: 'Cancelled', canCancel: false });
    expect(d.history.map((h: { status: string }) => h.status)).toEqual(['Placed', 'Cancelled']);
    expect(d.tracking.map((s: { done: boolean }) => s.done)).toEqual([true, false, false, false]);
    expect(d.tracking.some((s: { current: boolean }) => s.current)).toBe(false);
    const mails = await db
      .select()
      .from(schema.mailOutbox)
      .where(and(eq(schema.mailOutbox.toAddress, me.email), eq(schema.mailOutbox.kind, 'order-cancelled')));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(order.orderNumber);
    expect((await get('/api/orders?list=cancelled', me)).json().data[0].orderNumber).toBe(order.orderNumber);

    // A second cancel changes nothing and says why.
    const again = await post(`/api/orders/${order.orderNumber}/cancel`, me);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This order is already cancelled.');
    const [still] = await db.select().from(schema.products).where(eq(schema.products.id, p.id));
    expect(still).toMatchObject({ stock: 5, unitsSold: 8 });
  });

  it('gives back the Harvest credit of an order placed before spending was recorded plan by plan', async () => {
    const me = await shopper();
    const [plan] = await db
      .insert(schema.harvestPlans)
      .values({
        customerId: me.id,
        monthlyAmountPaise: 100_000,
        email: me.email,
        status: 'Redeemed',
        redeemableBalancePaise: 0,
        startedAt: new Date(Date.now() - 330 * 86_400_000),
        maturesAt: new Date(Date.now() - 20 * 86_400_000),
      })
      .returning();
    const order = await createOrder(db, { customerId: me.id, harvestCreditPaise: 11_000_00 });
    expect((await post(`/api/orders/${order.orderNumber}/cancel`, me)).statusCode).toBe(200);
    const [after] = await db.select().from(schema.harvestPlans).where(eq(schema.harvestPlans.id, plan!.id));
    expect(after).toMatchObject({ status: 'Matured', redeemableBalancePaise: 11_000_00 });
    const ledger = await db.select().from(schema.harvestRedemptions).where(eq(schema.harvestRedemptions.orderId, order.id));
    expect(ledger).toMatchObject([{ planId: plan!.id, amountPaise: 11_000_00 }]);
    expect(ledger[0]!.returnedAt).not.toBeNull();
  });

  it('lets only one of two simultaneous cancels through, and returns the stock once', async () => {
    const me = await shopper();
    const p = await stockedProduct();
    await db.update(schema.products).set({ stock: 1, unitsSold: 4 }).where(eq(schema.products.id, p.id));
    const order = await createOrder(db, { customerId: me.id, lines: [await lineFor(db, p.id, { quantity: 3 })] });
    const answers = await Promise.all([post(`/api/orders/${order.orderNumber}/cancel`, me), post(`/api/orders/${order.orderNumber}/cancel`, me)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const [after] = await db.select().from(schema.products).where(eq(schema.products.id, p.id));
    expect(after).toMatchObject({ stock: 4, unitsSold: 1 });
    const history = await db.select().from(schema.orderStatusHistory).where(eq(schema.orderStatusHistory.orderId, order.id));
    expect(history.filter((h) => h.status === 'Cancelled')).toHaveLength(1);
  });

  it('allows a picked order, refuses once it is out for delivery or delivered', async () => {
    const me = await shopper();
    const picked = await createOrder(db, { customerId: me.id, status: 'Picked' });
    expect((await post(`/api/orders/${picked.orderNumber}/cancel`, me)).statusCode).toBe(200);
    for (const status of ['Out for Delivery', 'Delivered'] as const) {
      const order = await createOrder(db, { customerId: me.id, status });
      const res = await post(`/api/orders/${order.orderNumber}/cancel`, me);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/can no longer be cancelled/);
      const [row] = await db.select().from(schema.orders).where(eq(schema.orders.id, order.id));
      expect(row!.status).toBe(status);
    }
  });

  it('cannot cancel someone else’s order, nor without a session', async () => {
    const me = await shopper();
    const other = await shopper();
    const theirs = await createOrder(db, { customerId: other.id });
    expect((await post(`/api/orders/${theirs.orderNumber}/cancel`)).statusCode).toBe(401);
    expect((await post(`/api/orders/${theirs.orderNumber}/cancel`, me)).statusCode).toBe(404);
    const [row] = await db.select().from(schema.orders).where(eq(schema.orders.id, theirs.id));
    expect(row!.status).toBe('Placed');
  });
});

describe('staff status changes', () => {
  it('are for staff only', async () => {
    const me = await shopper();
    const order = await createOrder(db, { customerId: me.id });
    expect((await post(`/api/admin/orders/${order.orderNumber}/status`, undefined, { status: 'Picked' })).statusCode).toBe(401);
    const mine = await post(`/api/admin/orders/${order.orderNumber}/status`, me, { status: 'Picked' });
    expect(mine.statusCode).toBe(401);
    const [row] = await db.select().from(schema.orders).where(eq(schema.orders.id, order.id));
    expect(row!.status).toBe('Placed');
  });

  it('move an order forward one step at a time, with history and a mail each time', async () => {
    const me = await shopper();
    const staff = await ordersDesk();
    const order = await createOrder(db, { customerId: me.id });
    const url = `/api/admin/orders/${order.orderNumber}/status`;

    const skip = await post(url, staff, { status: 'Delivered' });
    expect(skip.statusCode).toBe(409);
    expect(skip.json().message).toBe('An order that is Placed can only move to Picked.');

    for (const status of ['Picked', 'Out for Delivery', 'Delivered']) {
      const res = await post(url, staff, { status, courierName: 'Blue Dart', awbNumber: 'BD-98765432' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status });
    }
    const d = (await get(`/api/orders/${order.orderNumber}`, me)).json();
    expect(d.history.map((h: { status: string }) => h.status)).toEqual(['Placed', 'Picked', 'Out for Delivery', 'Delivered']);
    expect(d.tracking.every((s: { done: boolean }) => s.done)).toBe(true);
    expect(d.tracking[3].current).toBe(true);
    const mails = await db
      .select()
      .from(schema.mailOutbox)
      .where(and(eq(schema.mailOutbox.toAddress, me.email), eq(schema.mailOutbox.kind, 'order-status')));
    expect(mails).toHaveLength(3);

    const back = await post(url, staff, { status: 'Picked' });
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toMatch(/delivered/);
  });

  it('refuse a cancelled order, an unknown order and a status that is not a step', async () => {
    const me = await shopper();
    const staff = await ordersDesk();
    const order = await createOrder(db, { customerId: me.id, status: 'Cancelled' });
    expect((await post(`/api/admin/orders/${order.orderNumber}/status`, staff, { status: 'Picked' })).statusCode).toBe(409);
    expect((await post('/api/admin/orders/MIL-2026-000001/status', staff, { status: 'Picked' })).statusCode).toBe(404);
    const cancelled = await post(`/api/admin/orders/${order.orderNumber}/status`, staff, { status: 'Placed' });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json()).toMatchObject({ code: 'ORDER_CANCELLED' });
    const bad = await post(`/api/admin/orders/${order.orderNumber}/status`, staff, { status: 'Shipped' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Placed, Picked, Out for Delivery or Delivered/);
    expect((await post(`/api/admin/orders/${order.orderNumber}/status`, staff)).statusCode).toBe(400);

    // 'Placed' is a step only for an order to pay on delivery, which staff confirm: an order paid online is
    // placed by its payment, never by staff, whether it is still awaiting it or already placed.
    for (const status of ['Awaiting payment', 'Placed'] as const) {
      const online = await createOrder(db, { customerId: me.id, status });
      const res = await post(`/api/admin/orders/${online.orderNumber}/status`, staff, { status: 'Placed' });
      expect(res.statusCode, status).toBe(409);
      expect(res.json(), status).toMatchObject({ code: 'ORDER_STATUS_NOT_NEXT' });
      const [row] = await db.select().from(schema.orders).where(eq(schema.orders.id, online.id));
      expect(row!.status).toBe(status);
    }
  });
});

describe('tax invoice', () => {
  it('is a PDF attachment with the seller, invoice number, CGST and SGST inside Tamil Nadu, and the total in words', async () => {
    const me = await shopper();
    const order = await createOrder(db, {
      customerId: me.id,
      lines: [{ productName: 'Temple Necklace', quantity: 1, unitPricePaise: 1_23_456_70 - 299, huid: 'AB12CD', hallmarked: true }],
      shipping: { pincode: '600017' },
    });
    const res = await get(`/api/orders/${(await dispatched(order)).orderNumber}/invoice.pdf`, me);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    // Issue 39: the invoice's own number from its series, given at dispatch ('MIL/2627/000001'; '/' is '-' in the file name).
    const [{ invoiceNumber }] = (await db.select({ invoiceNumber: schema.orders.invoiceNumber }).from(schema.orders).where(eq(schema.orders.id, order.id))) as [
      { invoiceNumber: string },
    ];
    expect(invoiceNumber).toMatch(/^MIL\/\d{4}\/\d{6}$/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="invoice-${invoiceNumber.replaceAll('/', '-')}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.rawPayload);
    for (const expected of [
      'TAX INVOICE',
      order.orderNumber,
      invoiceNumber,
      'Milli Jewels Private Limited',
      'GSTIN: 33AAKCM4821Q1Z1',
      'Tamil Nadu (33)',
      'Temple Necklace',
      '7113',
      'HUID AB12CD',
      'CGST @ 1.5%',
      'SGST @ 1.5%',
      'Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Seventy Paise Only',
      'Meera Iyer',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('IGST');
    // 1,23,456.70 inclusive of 3 %: taxable 1,19,860.87, GST 3,595.83 (1,797.92 + 1,797.91).
    expect(text).toContain('1,19,860.87');
    expect(text).toContain('1,797.92');
    expect(text).toContain('1,797.91');
  });

  it('states each article as BIS asks, and prints names in Tamil and Hindi and the rupee sign as written', async () => {
    const me = await shopper();
    const [gold] = await db.select().from(schema.products).where(eq(schema.products.metal, 'gold')).limit(1);
    const order = await createOrder(db, {
      customerId: me.id,
      lines: [
        await lineFor(db, gold!.id, {
          productName: 'Temple Lakshmi Necklace',
          quantity: 2,
          huid: 'AB12CD',
          hallmarked: true,
          options: { purity: 22, colour: 'Yellow Gold', size: '12' },
        }),
      ],
      billing: { firstName: 'மீனாட்சி', lastName: 'சுந்தரம்', city: 'Chennai' },
      shipping: { firstName: 'मोहन', lastName: 'लाल', city: 'Delhi', state: null, pincode: '110001' },
    });
    await db
      .update(schema.orderLines)
      .set({
        metal: 'gold',
        purity: 22,
        metalWeightMg: 8_450,
        ratePaisePerGram: 6_500_00,
        stoneWeightCents: 25,
        diamondWeightCents: 0,
        priceBreakup: { metalPaise: 54_925_00, makingPaise: 5_000_00, stonesPaise: 3_601_41, diamondPaise: 0 },
      })
      .where(eq(schema.orderLines.orderId, order.id));
    const text = pdfText((await get(`/api/orders/${(await dispatched(order)).orderNumber}/invoice.pdf`, me)).rawPayload);
    for (const expected of [
      'மீனாட்சி சுந்தரம்',
      'मोहन लाल',
      '22K916 · Yellow Gold · Size 12 · SKU',
      // Two pieces: twice the weights and values of one.
      'Net metal weight 16.900 g @ ₹6,500.00/g, value ₹1,09,850.00',
      'Stones 0.50 ct, value ₹7,202.82',
      'Making charges ₹9,910.00 · Hallmarking charge ₹90.00',
      '7113',
      // Delivered to Delhi (PIN 110001) from Tamil Nadu: IGST.
      'Delhi (07)',
      'IGST @ 3%',
      'Invoice total',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/Invoice total\s+₹[\d,]+\.\d\d/);
    // Each packed piece under its line: its HUID and real weights.
    expect(text).toMatch(/Piece 1: HUID [A-Z0-9]{6} · net weight 8\.450 g · gross weight 8\.600 g/);
    expect(text).toMatch(/Piece 2: HUID [A-Z0-9]{6} · net weight 8\.450 g/);
    expect(text).not.toContain('?');
  });

  it('charges IGST when the goods go to another state', async () => {
    const me = await shopper();
    const order = await createOrder(db, { customerId: me.id, shipping: { city: 'Bengaluru', state: 'Karnataka', pincode: '560001' } });
    const text = pdfText((await get(`/api/orders/${(await dispatched(order)).orderNumber}/invoice.pdf`, me)).rawPayload);
    expect(text).toContain('IGST @ 3%');
    expect(text).toContain('Karnataka (29)');
    expect(text).not.toContain('CGST');
  });

  it('takes the place of supply from a corporate buyer’s GSTIN and prints it', async () => {
    const me = await shopper();
    const gstin = karnatakaGstin();
    const order = await createOrder(db, { customerId: me.id, companyName: 'Bangalore Gems LLP', companyGstin: gstin, shipping: { pincode: '600017' } });
    const text = pdfText((await get(`/api/orders/${(await dispatched(order)).orderNumber}/invoice.pdf`, me)).rawPayload);
    expect(text).toContain(`Buyer GSTIN: ${gstin}`);
    expect(text).toContain('Bangalore Gems LLP');
    expect(text).toContain('IGST @ 3%');
  });

  it('takes the place of supply from the state chosen for the delivery address, and prints the PAN and the landmark', async () => {
    const me = await shopper();
    // Chosen Karnataka (checked against the PIN at checkout): IGST from Tamil Nadu, whatever the PIN table says.
    const order = await createOrder(db, {
      customerId: me.id,
      pan: 'ABCPE1234F',
      shipping: { city: 'Bengaluru', state: 'Karnataka', stateCode: '29', pincode: '560038', landmark: 'Near the metro station' },
      billing: { city: 'Chennai', state: 'Tamil Nadu', stateCode: '33', pincode: '600004', landmark: 'Behind the temple' },
    });
    const text = pdfText((await get(`/api/orders/${(await dispatched(order)).orderNumber}/invoice.pdf`, me)).rawPayload);
    expect(text).toContain('Buyer PAN: ABCPE1234F');
    expect(text).toContain('Landmark: Near the metro station');
    expect(text).toContain('Landmark: Behind the temple');
    expect(text).toContain('Karnataka (29)');
    expect(text.replace(/\s+/g, ' ')).toContain("Place of supply: Karnataka (29), from the delivery address's state.");
    expect(text).toContain('IGST @ 3%');
    expect(text).not.toContain('CGST');

    // Delivered inside Tamil Nadu by the chosen state: CGST and SGST.
    const local = await createOrder(db, { customerId: me.id, shipping: { state: 'Tamil Nadu', stateCode: '33', pincode: '600017' } });
    const localText = pdfText((await get(`/api/orders/${(await dispatched(local)).orderNumber}/invoice.pdf`, me)).rawPayload);
    expect(localText).toContain('CGST @ 1.5%');
    expect(localText.replace(/\s+/g, ' ')).toContain('Place of supply: Tamil Nadu (33)');
    expect(localText).not.toContain('Buyer PAN');
    expect(localText).not.toContain('Landmark');

    // An older order without a chosen state: the PIN's state; a corporate order: the GSTIN's, whatever the state chosen.
    const old = await createOrder(db, { customerId: me.id, shipping: { state: null, stateCode: null, pincode: '110001' } });
    expect(pdfText((await get(`/api/orders/${(await dispatched(old)).orderNumber}/invoice.pdf`, me)).rawPayload).replace(/\s+/g, ' ')).toContain(
      "Place of supply: Delhi (07), from the delivery address's PIN code.",
    );
    const corporate = await createOrder(db, {
      customerId: me.id,
      companyName: 'Bangalore Gems LLP',
      companyGstin: karnatakaGstin(),
      shipping: { state: 'Tamil Nadu', stateCode: '33', pincode: '600017' },
    });
    const corporateText = pdfText((await get(`/api/orders/${(await dispatched(corporate)).orderNumber}/invoice.pdf`, me)).rawPayload);
    expect(corporateText).toContain('IGST @ 3%');
    expect(corporateText.replace(/\s+/g, ' ')).toContain("Place of supply: Karnataka (29), from the buyer's GSTIN.");
  });

  it('is issued at dispatch: before it, the download answers 409 and says so', async () => {
    const me = await shopper();
    const order = await createOrder(db, { customerId: me.id, status: 'Picked' });
    const early = await get(`/api/orders/${order.orderNumber}/invoice.pdf`, me);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('The tax invoice is issued when your order is dispatched.');
    expect((await get(`/api/orders/${order.orderNumber}`, me)).json().invoiceAvailable).toBe(false);
    await dispatched(order);
    const d = (await get(`/api/orders/${order.orderNumber}`, me)).json();
    expect(d.invoiceAvailable).toBe(true);
    expect(d.shipment).toMatchObject({ courierName: 'Blue Dart', awbNumber: 'BD-12345678', trackingUrl: 'https://track.example/BD-12345678' });
    expect((await get(`/api/orders/${order.orderNumber}/invoice.pdf`, me)).statusCode).toBe(200);
  });

  it('is not given for a cancelled order', async () => {
    const me = await shopper();
    const order = await createOrder(db, { customerId: me.id, status: 'Cancelled' });
    const res = await get(`/api/orders/${order.orderNumber}/invoice.pdf`, me);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This order was cancelled, so it has no invoice.');
  });

  it('is only for the order’s own customer', async () => {
    const me = await shopper();
    const other = await shopper();
    const theirs = await createOrder(db, { customerId: other.id });
    expect((await get(`/api/orders/${theirs.orderNumber}/invoice.pdf`)).statusCode).toBe(401);
    const res = await get(`/api/orders/${theirs.orderNumber}/invoice.pdf`, me);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
  });
});
