import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { execFileSync } from 'node:child_process';
import { schema } from '@milli/db';
import { formatRupees } from '@milli/pricing';
import { BILLING, createTestApp, postForm, type TestApp } from '../../testing.ts';
import { createShopper, createStaff, payThroughDemo, type TestShopper as Shopper } from '../../testing-factories.ts';
import { packAndDispatch } from '../orders/testing.ts';
import type { createDemoGateway } from '../payments/demo-gateway.ts';
import { paymentBreaches } from '../../reliability/payment-invariants.ts';

let t: TestApp;
let n = 0;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(() => t?.close());

const ip = () => `10.7.${Math.floor(++n / 200)}.${n % 200}`;
const form = (url: string, fields: Record<string, string | number>, cookie?: string) => postForm(t.app, url, fields, { cookie, ip: ip() });

const customer = () => createShopper(t.app);

const taken = new Set<number>();
/** A gold piece priced by weight that no other test uses, with the stock asked for. */
async function product(opts: { stock?: number; minPaise?: number; maxPaise?: number } = {}) {
  const rows = await t.database.db.query.products.findMany({
    where: (p, { and, eq, gte, lte, isNotNull, isNull }) =>
      and(
        eq(p.metal, 'gold'),
        eq(p.active, true),
        isNotNull(p.metalWeightMg),
        eq(p.diamondWeightCents, 0),
        isNull(p.sizeKind),
        sql`18 = any(${p.purities})`,
        gte(p.listPricePaise, opts.minPaise ?? 0),
        lte(p.listPricePaise, opts.maxPaise ?? 1e12),
      ),
    orderBy: (p, { asc }) => [asc(p.id)],
  });
  const row = rows.find((r) => !taken.has(r.id))!;
  taken.add(row.id);
  await t.database.db
    .update(schema.products)
    .set({ stock: opts.stock ?? 10 })
    .where(eq(schema.products.id, row.id));
  return (await t.database.db.query.products.findFirst({ where: (p, { eq }) => eq(p.id, row.id) }))!;
}

async function add(c: Shopper, productId: number, quantity = 1, extra: Record<string, string | number> = {}) {
  const res = await form('/api/cart/add', { cart_product_id: productId, cart_quantity: quantity, cart_user_id: c.userId, ...extra }, c.cookie);
  expect(res.statusCode, res.body).toBe(200);
}

const place = (c: Shopper | null, fields: Record<string, string | number> = {}) =>
  form('/api/orders/placeOrders', { ...BILLING, userId: c?.userId ?? 1, ...fields }, c?.cookie);

const todayPrice = async (productId: number) => (await t.app.inject({ url: `/api/product/find-by-id/${productId}` })).json().data.product_price_paise as number;
const stockOf = async (id: number) => (await t.database.db.query.products.findFirst({ where: (p, { eq }) => eq(p.id, id) }))!;
const ordersOf = (customerId: number) => t.database.db.select().from(schema.orders).where(eq(schema.orders.customerId, customerId));
const cartOf = async (c: Shopper) =>
  (await t.app.inject({ url: `/api/cart/find-by-user-id/${c.userId}`, headers: { cookie: c.cookie } })).json() as { productId: number; quantity: number }[];

describe('POST /api/orders/placeOrders', () => {
  it('answers 401 without a session and 403 for another customer’s id, and writes nothing', async () => {
    const a = await customer();
    const b = await customer();
    const p = await product();
    await add(a, p.id);
    expect((await place(null, { userId: a.userId })).statusCode).toBe(401);
    const foreign = await place(b, { userId: a.userId });
    expect(foreign.statusCode).toBe(403);
    expect(await ordersOf(a.userId)).toHaveLength(0);
    expect(await cartOf(a)).toHaveLength(1);
  });

  it('names every missing field, and checks PIN, mobile, foreign phones and GSTIN', async () => {
    const c = await customer();
    const p = await product();
    await add(c, p.id);
    const empty = await place(c, Object.fromEntries(Object.keys(BILLING).map((k) => [k, ''])));
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().fields).sort()).toEqual(['address', 'city', 'country', 'countryCode', 'firstName', 'lastName', 'phoneNumber', 'pincode']);
    expect(empty.json().fields.firstName).toBe('Please enter your first name.');

    const cases: [Record<string, string>, string, RegExp][] = [
      [{ pincode: '060004' }, 'pincode', /6-digit PIN/],
      [{ phoneNumber: '12345' }, 'phoneNumber', /10-digit mobile/],
      [{ country: 'Atlantis' }, 'country', /from the list/],
      [{ countryCode: '999' }, 'countryCode', /from the list/],
      [{ country: 'United Kingdom', countryCode: '44', phoneNumber: '12', pincode: 'SW1A 1AA' }, 'phoneNumber', /\+44/],
      [{ companyName: 'Iyer Traders', gstin: '33AAKCM4821Q1Z2' }, 'gstin', /check character/],
      [{ companyName: 'Iyer Traders', gstin: 'HELLO' }, 'gstin', /15 characters/],
      [{ gstin: '33AAKCM4821Q1Z1' }, 'companyName', /company name/],
      [{ companyName: 'Iyer Traders', companyEmail: 'not-an-email' }, 'companyEmail', /e-mail/],
    ];
    for (const [fields, field, message] of cases) {
      const res = await place(c, fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().fields[field], JSON.stringify(fields)).toMatch(message);
    }
    expect(await ordersOf(c.userId)).toHaveLength(0);
    expect(await cartOf(c)).toHaveLength(1);

    const abroad = await place(c, {
      country: 'United Kingdom',
      countryCode: '44',
      phoneNumber: '7911 123456',
      pincode: 'SW1A 1AA',
      companyName: 'Iyer Traders',
      companyEmail: 'accounts@iyer.example',
      gstin: '33AAKCM4821Q1Z1',
    });
    expect(abroad.statusCode, abroad.body).toBe(200);
    const [order] = await ordersOf(c.userId);
    expect(order).toMatchObject({ companyName: 'Iyer Traders', companyGstin: '33AAKCM4821Q1Z1', companyEmail: 'accounts@iyer.example' });
  });

  it('prices on the server at today’s rate whatever the client or the frozen cart price says, adds the shipping setting, and snapshots the order', async () => {
    const c = await customer();
    const p = await product();
    await add(c, p.id, 2, { purity: 18 });
    // The line's frozen price is stale (the gold rate moved since it was added) and the client lies about money.
    await t.database.db.execute(sql`update cart_lines set unit_price_paise = 100 where product_id = ${p.id}`);
    const res = await place(c, {
      totalPaise: 1,
      subtotalPaise: 1,
      product_price: 1,
      shippingPaise: 0,
      cartDataList: JSON.stringify([{ productId: p.id, quantity: 2 }]),
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    const detail = (await t.app.inject({ url: `/api/product/find-by-id/${p.id}` })).json().data;
    const { priceChoice } = await import('@milli/pricing');
    const unit = priceChoice(detail.pricing, { purity: 18 })!.totalPaise;
    // An online order is held for its payment: the answer carries what the gateway's checkout opens with.
    expect(answer).toMatchObject({
      message: 'Your order is reserved: please complete the payment to place it.',
      subtotalPaise: unit * 2,
      discountPaise: 0,
      shippingPaise: 299,
      totalPaise: unit * 2 + 299,
      replayed: false,
      status: 'Awaiting payment',
      paymentMethod: 'online',
      payNowPaise: unit * 2 + 299,
      payOnDeliveryPaise: 0,
      payment: { gateway: 'demo', amountPaise: unit * 2 + 299, currency: 'INR' },
    });
    expect(answer.payment.gatewayOrderId).toMatch(/^order_/);
    expect(Date.parse(answer.payBy)).toBeGreaterThan(Date.now());
    expect(answer.orderNumber).toMatch(/^MIL-\d{4}-\d{6}$/);
    expect(answer.orderNumber.endsWith(String(answer.orderId).padStart(6, '0'))).toBe(true);

    const [line] = await t.database.db.select().from(schema.orderLines).where(eq(schema.orderLines.orderId, answer.orderId));
    expect(line).toMatchObject({
      productId: p.id,
      productName: p.name,
      sku: p.sku,
      quantity: 2,
      unitPricePaise: unit,
      lineTotalPaise: unit * 2,
      purity: 18,
      hsnCode: '7113',
      // Issue 38: the line keeps that it was sold hallmarked; each piece's HUID is recorded when it is packed.
      hallmarked: true,
      huid: null,
      metalWeightMg: p.metalWeightMg,
    });
    expect(line!.priceBreakup).toMatchObject({ totalPaise: unit });
    expect(line!.ratePaisePerGram).toBeGreaterThan(0);
    const addresses = await t.database.db.select().from(schema.orderAddresses).where(eq(schema.orderAddresses.orderId, answer.orderId));
    expect(addresses.map((a) => a.kind).sort()).toEqual(['billing', 'shipping']);
    expect(addresses[0]).toMatchObject({ city: 'Chennai', pincode: '600004', phone: '9876543210', countryCode: '91' });
    const history = async () =>
      (await t.database.db.select().from(schema.orderStatusHistory).where(eq(schema.orderStatusHistory.orderId, answer.orderId))).map((h) => h.status);
    const placedMail = () =>
      t.database.db
        .select()
        .from(schema.mailOutbox)
        .where(and(eq(schema.mailOutbox.toAddress, c.email), eq(schema.mailOutbox.kind, 'order-placed')));
    // Held: the stock is taken and the cart emptied at once, but the order is placed (and mailed) only when paid.
    expect(await history()).toEqual(['Awaiting payment']);
    expect(await placedMail()).toHaveLength(0);
    expect(await cartOf(c)).toHaveLength(0);
    const after = await stockOf(p.id);
    expect(after.stock).toBe(8);
    expect(after.unitsSold).toBe(p.unitsSold + 2);
    const paid = await payThroughDemo(t.app, { cookie: c.cookie, ip: ip() }, answer.payment.gatewayOrderId);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await history()).toEqual(['Awaiting payment', 'Placed']);
    const mail = await placedMail();
    expect(mail).toHaveLength(1);
    expect(mail[0]!.textBody).toContain(answer.orderNumber);
  });

  it('sells each line as chosen: purity, colour, diamond grade and size on the order line, its columns and its picture', async () => {
    const c = await customer();
    const [ring] = await t.database.db.query.products.findMany({
      where: (p, { and, eq, gt }) =>
        and(
          eq(p.sizeKind, 'ring'),
          eq(p.metal, 'gold'),
          gt(p.diamondWeightCents, 0),
          sql`14 = any(${p.purities})`,
          sql`'Rose Gold' = any(${p.metalColours})`,
          sql`'SI-GH' = any(${p.diamondQualities})`,
        ),
      orderBy: (p, { asc }) => [asc(p.id)],
    });
    taken.add(ring!.id);
    await t.database.db.update(schema.products).set({ stock: 10 }).where(eq(schema.products.id, ring!.id));
    await add(c, ring!.id, 1, { purity: 14, colour: 'Rose Gold', diamond_quality: 'SI-GH', size: '13' });
    const res = await place(c, { cartDataList: JSON.stringify([{ productId: ring!.id, quantity: 1 }]) });
    expect(res.statusCode, res.body).toBe(200);
    const [line] = await t.database.db.select().from(schema.orderLines).where(eq(schema.orderLines.orderId, res.json().orderId));
    expect(line).toMatchObject({ purity: 14, metalColour: 'Rose Gold', diamondQuality: 'SI-GH', sizeKind: 'ring', size: '13' });
    expect(line!.options).toEqual({ purity: 14, colour: 'Rose Gold', diamondQuality: 'SI-GH', size: '13', sizeKind: 'ring' });
    expect(line!.image).toMatch(/^\/media\/art\/ring\/rose-gold\/\d+\.svg$/);
    // Gold in any karat is sold hallmarked; its HUID comes with the piece when it is packed.
    expect(line).toMatchObject({ hallmarked: true, huid: null });
    const detail = (await t.app.inject({ url: `/api/product/find-by-id/${ring!.id}` })).json().data;
    const { priceChoice } = await import('@milli/pricing');
    expect(line!.unitPricePaise).toBe(priceChoice(detail.pricing, { purity: 14, diamondQuality: 'SI-GH' })!.totalPaise);
    const shown = await t.app.inject({ url: `/api/orders/${res.json().orderNumber}`, headers: { cookie: c.cookie } });
    expect(shown.statusCode).toBe(200);
    expect(shown.json().lines[0].options).toEqual({ purity: 14, colour: 'Rose Gold', diamondQuality: 'SI-GH', size: '13', sizeKind: 'ring' });
  });

  it('charges the shipping fee the settings say', async () => {
    const c = await customer();
    const p = await product();
    await add(c, p.id);
    await t.database.db.update(schema.storeSettings).set({ shippingFeePaise: 4_99 });
    try {
      const res = await place(c);
      expect(res.json()).toMatchObject({ shippingPaise: 499, totalPaise: (await todayPrice(p.id)) + 499 });
    } finally {
      await t.database.db.update(schema.storeSettings).set({ shippingFeePaise: 299 });
    }
  });

  it('pays what it can from a matured Milli Harvest balance when asked, and keeps the rest of the balance', async () => {
    const c = await customer();
    const p = await product({ stock: 5 });
    const price = await todayPrice(p.id);
    const past = new Date(Date.now() - 86_400_000);
    // A plan that matured yesterday with more than one order's worth in it.
    const balance = price + 299 + 50_000;
    const [plan] = await t.database.db
      .insert(schema.harvestPlans)
      .values({
        customerId: c.userId,
        monthlyAmountPaise: 200_000,
        email: c.email,
        status: 'Matured',
        redeemableBalancePaise: balance,
        startedAt: new Date(Date.now() - 320 * 86_400_000),
        maturesAt: past,
      })
      .returning();

    // The piece may cost Rs. 2 lakh or more: the buyer gives a PAN, as checkout asks then.
    const pan = 'ABCPE1234F';
    await add(c, p.id);
    const first = await place(c, { useHarvest: 'on', idempotencyKey: 'harvest-1', pan });
    expect(first.statusCode, first.body).toBe(200);
    // Wholly paid from the balance: nothing to pay online, so the order is placed at once.
    expect(first.json()).toMatchObject({ totalPaise: price + 299, harvestCreditPaise: price + 299, status: 'Placed', payNowPaise: 0, payment: null });
    const left = async () => (await t.database.db.query.harvestPlans.findFirst({ where: (h, { eq }) => eq(h.id, plan!.id) }))!;
    expect((await left()).redeemableBalancePaise).toBe(50_000);

    // The next order uses the rest; the invoice total (GST) is the order's value, whoever pays it.
    await add(c, p.id);
    const second = (await place(c, { useHarvest: 'true', idempotencyKey: 'harvest-2', pan })).json();
    // The rest is paid online.
    expect(second).toMatchObject({
      totalPaise: price + 299,
      harvestCreditPaise: 50_000,
      status: 'Awaiting payment',
      payNowPaise: price + 299 - 50_000,
      payment: { amountPaise: price + 299 - 50_000 },
    });
    expect(await left()).toMatchObject({ redeemableBalancePaise: 0, status: 'Redeemed' });
    const [order] = await t.database.db.select().from(schema.orders).where(eq(schema.orders.orderNumber, second.orderNumber));
    expect(order).toMatchObject({ harvestCreditPaise: 50_000, totalPaise: price + 299 });

    // Asking without a balance changes nothing; not asking never spends it.
    const other = await customer();
    await add(other, p.id);
    expect((await place(other, { useHarvest: 'on', pan })).json()).toMatchObject({ harvestCreditPaise: 0, totalPaise: price + 299, payNowPaise: price + 299 });
  });

  it('gives the Milli Harvest balance back to the plans it came from when the order is cancelled, with the stock and the coupon', async () => {
    const c = await customer();
    const p = await product({ stock: 3, minPaise: 20_000_00, maxPaise: 60_000_00 });
    const price = await todayPrice(p.id);
    const day = 86_400_000;
    const plan = async (balance: number, maturedDaysAgo: number) =>
      (
        await t.database.db
          .insert(schema.harvestPlans)
          .values({
            customerId: c.userId,
            monthlyAmountPaise: 200_000,
            email: c.email,
            status: 'Matured',
            redeemableBalancePaise: balance,
            startedAt: new Date(Date.now() - (320 + maturedDaysAgo) * day),
            maturesAt: new Date(Date.now() - maturedDaysAgo * day),
          })
          .returning()
      )[0]!;
    // The order spends all of the older plan and part of the newer one, with a coupon.
    const older = await plan(10_000_00, 20);
    const newer = await plan(price, 1);
    const planNow = async (id: number) => (await t.database.db.query.harvestPlans.findFirst({ where: (h, { eq }) => eq(h.id, id) }))!;
    await add(c, p.id);
    const placed = await place(c, { useHarvest: 'on', couponCode: 'WELCOME10' });
    expect(placed.statusCode, placed.body).toBe(200);
    const order = placed.json();
    expect(order.harvestCreditPaise).toBe(order.totalPaise);
    expect(await planNow(older.id)).toMatchObject({ status: 'Redeemed', redeemableBalancePaise: 0 });
    expect((await planNow(newer.id)).redeemableBalancePaise).toBe(10_000_00 + price - order.totalPaise);
    expect((await stockOf(p.id)).stock).toBe(2);

    const cancel = await t.app.inject({ method: 'POST', url: `/api/orders/${order.orderNumber}/cancel`, headers: { cookie: c.cookie } });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await planNow(older.id)).toMatchObject({ status: 'Matured', redeemableBalancePaise: 10_000_00 });
    expect(await planNow(newer.id)).toMatchObject({ status: 'Matured', redeemableBalancePaise: price });
    expect((await stockOf(p.id)).stock).toBe(3);
    expect(await t.database.db.select().from(schema.couponRedemptions).where(eq(schema.couponRedemptions.orderId, order.orderId))).toHaveLength(0);

    // The balance is spendable again, and the cancelled order cannot give it back twice.
    expect((await t.app.inject({ method: 'POST', url: `/api/orders/${order.orderNumber}/cancel`, headers: { cookie: c.cookie } })).statusCode).toBe(409);
    expect((await planNow(older.id)).redeemableBalancePaise + (await planNow(newer.id)).redeemableBalancePaise).toBe(10_000_00 + price);
    await add(c, p.id);
    expect((await place(c, { useHarvest: 'on', couponCode: 'WELCOME10' })).json()).toMatchObject({
      harvestCreditPaise: order.totalPaise,
      couponCode: 'WELCOME10',
    });
  });

  it('states one GST to the paisa on the order, its mail, its page and its tax invoice', async () => {
    const c = await customer();
    const p = await product({ minPaise: 20_000_00, maxPaise: 60_000_00 });
    await add(c, p.id, 2);
    const res = await place(c, { couponCode: 'WELCOME10' });
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json();
    expect(order.shippingPaise).toBeGreaterThan(0);
    // The placed mail (and the invoice) come once the order is paid.
    const paid = await payThroughDemo(t.app, { cookie: c.cookie, ip: ip() }, order.payment.gatewayOrderId);
    expect(paid.statusCode, paid.body).toBe(200);
    const gst = order.taxPaise as number;
    // GST is contained in the whole invoice value, shipping included (one composite supply at 3 %).
    const value = order.totalPaise as number;
    expect(gst).toBe(value - Math.round((value * 100) / 103));

    const [mail] = await t.database.db
      .select()
      .from(schema.mailOutbox)
      .where(and(eq(schema.mailOutbox.toAddress, c.email), eq(schema.mailOutbox.kind, 'order-placed')));
    expect(mail!.textBody).toContain(`GST included: ${formatRupees(gst)}`);
    const page = await t.app.inject({ url: `/api/orders/${order.orderNumber}`, headers: { cookie: c.cookie } });
    expect(page.json().totals.taxPaise).toBe(gst);
    // The tax invoice is issued at dispatch.
    await packAndDispatch(t.app, (await createStaff(t.app, { role: 'orders' })).cookie, order.orderNumber);
    const pdf = await t.app.inject({ url: `/api/orders/${order.orderNumber}/invoice.pdf`, headers: { cookie: c.cookie } });
    expect(pdf.statusCode).toBe(200);
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf.rawPayload }).toString();
    const figure = (paise: number) => formatRupees(paise).replace(/^Rs\. /, '');
    expect(text).toMatch(new RegExp(`Total GST\\s+${figure(gst).replace(/[.,]/g, '\\$&')}`));
    expect(text).toContain(figure(Math.round(gst / 2)));
  });

  it('applies a coupon once per customer as its rule says, and records the redemption', async () => {
    const c = await customer();
    const p = await product({ minPaise: 20_000_00, maxPaise: 60_000_00 });
    await add(c, p.id);
    const price = await todayPrice(p.id);
    const res = await place(c, { couponCode: 'welcome10' });
    expect(res.statusCode, res.body).toBe(200);
    const discount = Math.min(Math.floor(price / 10), 5_000_00);
    expect(res.json()).toMatchObject({ couponCode: 'WELCOME10', discountPaise: discount, totalPaise: price - discount + 299 });
    const redemptions = await t.database.db.select().from(schema.couponRedemptions).where(eq(schema.couponRedemptions.orderId, res.json().orderId));
    expect(redemptions).toMatchObject([{ customerId: c.userId, discountPaise: discount }]);

    await add(c, p.id);
    const again = await place(c, { couponCode: 'WELCOME10' });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ code: 'COUPON_ALREADY_USED', message: 'You have already used coupon WELCOME10.' });
    const unknown = await place(c, { couponCode: 'NOSUCH' });
    expect(unknown.statusCode).toBe(404);
    expect(await ordersOf(c.userId)).toHaveLength(1);
    expect(await cartOf(c)).toHaveLength(1);
    expect((await stockOf(p.id)).stock).toBe(9);
  });

  it('refuses an empty cart, and a cartDataList that names what is not in the cart', async () => {
    const c = await customer();
    const empty = await place(c);
    expect(empty.statusCode).toBe(409);
    expect(empty.json().message).toMatch(/cart is empty/);
    const p = await product();
    const q = await product();
    await add(c, p.id);
    const changed = await place(c, {
      cartDataList: JSON.stringify([
        { productId: p.id, quantity: 1 },
        { productId: q.id, quantity: 1 },
      ]),
    });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toMatch(/^Your cart has changed/);
    expect((await place(c, { cartDataList: 'not json' })).statusCode).toBe(400);
  });

  it('creates one order for one idempotency key, even when the same request arrives twice at once', async () => {
    const c = await customer();
    const p = await product();
    await add(c, p.id);
    const key = 'checkout-visit-0001';
    const first = await place(c, { idempotencyKey: key });
    const second = await place(c, { idempotencyKey: key });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ orderId: first.json().orderId, orderNumber: first.json().orderNumber, replayed: true });

    await add(c, p.id);
    const [x, y] = await Promise.all([place(c, { idempotencyKey: 'checkout-visit-0002' }), place(c, { idempotencyKey: 'checkout-visit-0002' })]);
    expect([x.statusCode, y.statusCode]).toEqual([200, 200]);
    expect(x.json().orderId).toBe(y.json().orderId);
    expect(await ordersOf(c.userId)).toHaveLength(2);
    expect((await stockOf(p.id)).stock).toBe(8);
    expect((await place(c, { idempotencyKey: 'bad key!' })).statusCode).toBe(400);
  });

  it('leaves nothing written when the last line is out of stock after earlier lines were taken', async () => {
    const c = await customer();
    const first = await product({ stock: 5 });
    const last = await product({ stock: 5 });
    await add(c, first.id, 2);
    await add(c, last.id, 1);
    await t.database.db.update(schema.products).set({ stock: 0 }).where(eq(schema.products.id, last.id));
    const redemptionsBefore = (await t.database.db.select().from(schema.couponRedemptions)).length;
    const res = await place(c);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'OUT_OF_STOCK', message: `Sorry, ${last.name} is out of stock. Please remove it from your cart.` });
    expect(await ordersOf(c.userId)).toHaveLength(0);
    expect((await stockOf(first.id)).stock).toBe(5);
    expect((await stockOf(first.id)).unitsSold).toBe(first.unitsSold);
    expect(await cartOf(c)).toHaveLength(2);
    expect((await t.database.db.select().from(schema.couponRedemptions)).length).toBe(redemptionsBefore);

    await t.database.db.update(schema.products).set({ stock: 1 }).where(eq(schema.products.id, first.id));
    const short = await place(c);
    expect(short.json().message).toBe(`Sorry, only 1 of ${first.name} is left. Please lower the quantity in your cart.`);
  });

  it('sells a piece with stock 3 to exactly 3 of 12 buyers racing for it', async () => {
    const p = await product({ stock: 3 });
    const buyers: Shopper[] = [];
    for (let i = 0; i < 12; i++) buyers.push(await customer());
    for (const b of buyers) await add(b, p.id);
    const results = await Promise.all(buyers.map((b, i) => place(b, { idempotencyKey: `race-${i}-000000` })));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((s) => s === 200)).toHaveLength(3);
    expect(codes.filter((s) => s === 409)).toHaveLength(9);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().message).toContain(p.name);
    const sold = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.orderLines)
      .where(eq(schema.orderLines.productId, p.id));
    expect(Number(sold[0]!.n)).toBe(3);
    const after = await stockOf(p.id);
    expect(after.stock).toBe(0);
    expect(after.unitsSold).toBe(p.unitsSold + 3);

    // The three winners pay at once; each one's verify races the gateway's webhooks for the same payment.
    const gateway = t.gateway as ReturnType<typeof createDemoGateway>;
    const winners = buyers.filter((_, i) => results[i]!.statusCode === 200);
    const held = winners.map((b) => results[buyers.indexOf(b)]!.json() as { orderNumber: string; status: string; payment: { gatewayOrderId: string } });
    expect(held.map((h) => h.status)).toEqual(['Awaiting payment', 'Awaiting payment', 'Awaiting payment']);
    await Promise.all(
      winners.map(async (b, i) => {
        const checkout = await form('/api/payments/demo/checkout', { gatewayOrderId: held[i]!.payment.gatewayOrderId, instrument: 'upi_success' }, b.cookie);
        expect(checkout.statusCode, checkout.body).toBe(200);
        const webhooks = gateway.simulator.deliveries().filter((d) => d.body.includes(held[i]!.payment.gatewayOrderId) && d.event !== 'payment.authorized');
        const [verified, ...hooks] = await Promise.all([
          form('/api/payments/razorpay/verify', checkout.json(), b.cookie),
          ...webhooks.map((d) =>
            t.app.inject({
              method: 'POST',
              url: '/api/payments/razorpay/webhook',
              payload: d.body,
              headers: { 'content-type': 'application/json', 'x-razorpay-signature': d.signature, 'x-razorpay-event-id': d.eventId },
            }),
          ),
        ]);
        expect(verified!.statusCode, verified!.body).toBe(200);
        for (const h of hooks) expect(h.statusCode, h.body).toBe(200);
      }),
    );
    const orders = await t.database.db
      .select()
      .from(schema.orders)
      .where(
        inArray(
          schema.orders.orderNumber,
          held.map((h) => h.orderNumber),
        ),
      );
    expect(orders.map((o) => o.status)).toEqual(['Placed', 'Placed', 'Placed']);
    const payments = await t.database.db
      .select()
      .from(schema.payments)
      .where(
        inArray(
          schema.payments.orderId,
          orders.map((o) => o.id),
        ),
      );
    expect(payments.map((x) => [x.status, x.method])).toEqual([
      ['paid', 'UPI'],
      ['paid', 'UPI'],
      ['paid', 'UPI'],
    ]);
    // Each paid once, placed once, mailed once; no order of the twelve breaks the payment invariants.
    const mail = await t.database.db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.kind, 'order-placed'));
    for (const h of held)
      expect(
        mail.filter((m) => m.subject.includes(h.orderNumber)),
        h.orderNumber,
      ).toHaveLength(1);
    expect(
      await t.database.db
        .select()
        .from(schema.refunds)
        .where(
          inArray(
            schema.refunds.orderId,
            orders.map((o) => o.id),
          ),
        ),
    ).toEqual([]);
    expect(
      await paymentBreaches(
        t.database.db,
        buyers.map((b) => b.userId),
      ),
    ).toEqual([]);
  });
});

describe('checkout that knows India', () => {
  const addressesOf = async (orderId: number) => {
    const rows = await t.database.db.select().from(schema.orderAddresses).where(eq(schema.orderAddresses.orderId, orderId));
    return Object.fromEntries(rows.map((r) => [r.kind, r]));
  };
  const book = async (c: Shopper) =>
    (await t.app.inject({ url: '/api/account/addresses', headers: { cookie: c.cookie } })).json().data as Record<string, unknown>[];
  const SHIP = {
    shipToDifferent: 'on',
    shippingFirstName: 'Arjun',
    shippingLastName: 'Rao',
    shippingAddress: '4th floor, 80 Feet Road, Indiranagar',
    shippingLandmark: 'Near the metro station',
    shippingCity: 'Bengaluru',
    shippingState: 'Karnataka',
    shippingPincode: '560038',
    shippingPhoneNumber: '91234 56789',
  };

  it('needs the state in India, from the list, agreeing with the PIN (the message names both); abroad it is free', async () => {
    const c = await customer();
    await add(c, (await product({ maxPaise: 45_000_00 })).id);
    const cases: [Record<string, string>, string, RegExp][] = [
      [{ state: '', pincode: '' }, 'state', /Please choose your state/],
      [{ state: 'Madras Presidency' }, 'state', /from the list/],
      [{ state: 'Karnataka' }, 'state', /PIN 600004 is in Tamil Nadu, not Karnataka/],
      [{ pan: 'ABCDE1234' }, 'pan', /10 characters/],
      [{ pan: 'ABCXE1234F' }, 'pan', /4th letter/],
      [{ shipToDifferent: 'on' }, 'shippingAddress', /delivery address/],
      [{ ...SHIP, shippingState: 'Kerala' }, 'shippingState', /PIN 560038 is in Karnataka, not Kerala/],
      [{ ...SHIP, shippingPincode: '56003' }, 'shippingPincode', /6-digit PIN/],
      [{ ...SHIP, shippingPhoneNumber: '12345' }, 'shippingPhoneNumber', /10-digit mobile/],
    ];
    for (const [fields, field, message] of cases) {
      const res = await place(c, fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().fields[field], JSON.stringify(fields)).toMatch(message);
    }
    // Without shipToDifferent the shipping fields are not read.
    const ignored = await place(c, { shippingState: 'Kerala', paymentMethod: 'cod', state: 'tamil nadu', landmark: 'Behind the temple' });
    expect(ignored.statusCode, ignored.body).toBe(200);
    const { billing, shipping } = await addressesOf(ignored.json().orderId);
    expect(billing).toMatchObject({ state: 'Tamil Nadu', stateCode: '33', landmark: 'Behind the temple' });
    expect(shipping).toMatchObject({ state: 'Tamil Nadu', stateCode: '33', landmark: 'Behind the temple', city: 'Chennai' });

    const abroad = await customer();
    await add(abroad, (await product({ maxPaise: 45_000_00 })).id);
    const res = await place(abroad, {
      country: 'United Kingdom',
      countryCode: '44',
      phoneNumber: '7911 123456',
      pincode: 'SW1A 1AA',
      state: 'Greater London',
      paymentMethod: 'cod',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await addressesOf(res.json().orderId)).billing).toMatchObject({ state: 'Greater London', stateCode: null });
  });

  it('takes the state from the PIN when an order in India names none (issue 38: the seed checkout asks no state)', async () => {
    const c = await customer();
    await add(c, (await product({ maxPaise: 45_000_00 })).id);
    const res = await place(c, { ...SHIP, state: '', shippingState: '', paymentMethod: 'cod' });
    expect(res.statusCode, res.body).toBe(200);
    const { billing, shipping } = await addressesOf(res.json().orderId);
    expect(billing).toMatchObject({ state: 'Tamil Nadu', stateCode: '33' });
    expect(shipping).toMatchObject({ state: 'Karnataka', stateCode: '29', pincode: '560038' });
    // A state that is given is still checked against the PIN.
    await add(c, (await product({ maxPaise: 45_000_00 })).id);
    const wrong = await place(c, { state: 'Kerala', paymentMethod: 'cod' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.state).toMatch(/PIN 600004 is in Tamil Nadu, not Kerala/);
  });

  it('delivers to a different address when asked (the delivery phone defaults to the billing one)', async () => {
    const c = await customer();
    await add(c, (await product({ maxPaise: 45_000_00 })).id);
    const res = await place(c, { ...SHIP, paymentMethod: 'cod' });
    expect(res.statusCode, res.body).toBe(200);
    const { billing, shipping } = await addressesOf(res.json().orderId);
    expect(billing).toMatchObject({ firstName: 'Meera', city: 'Chennai', state: 'Tamil Nadu', stateCode: '33', phone: '9876543210' });
    expect(shipping).toMatchObject({
      firstName: 'Arjun',
      lastName: 'Rao',
      city: 'Bengaluru',
      state: 'Karnataka',
      stateCode: '29',
      landmark: 'Near the metro station',
      pincode: '560038',
      phone: '9123456789',
      country: 'India',
    });

    await add(c, (await product({ maxPaise: 45_000_00 })).id);
    const noPhone = await place(c, { ...SHIP, shippingPhoneNumber: '', paymentMethod: 'cod' });
    expect(noPhone.statusCode, noPhone.body).toBe(200);
    expect((await addressesOf(noPhone.json().orderId)).shipping).toMatchObject({ city: 'Bengaluru', phone: '9876543210' });
  });

  it('keeps the billing and delivery addresses in the address book when asked, once each, the first as the default', async () => {
    const c = await customer();
    await add(c, (await product({ maxPaise: 45_000_00 })).id);
    expect((await place(c, { ...SHIP, saveAddress: 'on', landmark: 'Behind the temple', paymentMethod: 'cod' })).statusCode).toBe(200);
    expect(await book(c)).toEqual([
      expect.objectContaining({ city: 'Chennai', state: 'Tamil Nadu', landmark: 'Behind the temple', isDefault: true }),
      expect.objectContaining({ city: 'Bengaluru', state: 'Karnataka', firstName: 'Arjun', isDefault: false }),
    ]);
    // The same addresses again are not saved twice; without saveAddress nothing is saved.
    await add(c, (await product({ maxPaise: 45_000_00 })).id);
    expect((await place(c, { ...SHIP, saveAddress: 'on', landmark: 'Behind the temple', paymentMethod: 'cod' })).statusCode).toBe(200);
    await add(c, (await product({ maxPaise: 45_000_00 })).id);
    expect((await place(c, { address: '1 New Street', paymentMethod: 'cod' })).statusCode).toBe(200);
    expect(await book(c)).toHaveLength(2);
    // A refused order keeps nothing.
    const refused = await customer();
    await add(refused, (await product({ maxPaise: 45_000_00 })).id);
    expect((await place(refused, { saveAddress: 'on', couponCode: 'NOSUCH' })).statusCode).toBe(404);
    expect(await book(refused)).toEqual([]);
  });

  it('takes pay on delivery below the store’s limit only, and needs a PAN from Rs. 2 lakh', async () => {
    const c = await customer();
    const settings = await t.database.db.query.storeSettings.findFirst();
    const limit = Math.min(settings!.codLimitPaise, 2_00_000_00);
    const cheap = await product({ maxPaise: limit - 10_000_00 });
    await add(c, cheap.id);
    const cod = await place(c, { paymentMethod: 'cod' });
    expect(cod.statusCode, cod.body).toBe(200);
    expect(cod.json()).toMatchObject({ status: 'Awaiting confirmation', paymentMethod: 'cod', payNowPaise: 0, payment: null });
    expect(cod.json().payOnDeliveryPaise).toBe(cod.json().totalPaise);
    expect(cod.json().message).toMatch(/call you to confirm/);

    const dear = await product({ minPaise: limit + 1 });
    await add(c, dear.id);
    const refused = await place(c, { paymentMethod: 'cod', pan: 'ABCPE1234F' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'COD_NOT_AVAILABLE', fields: { paymentMethod: expect.stringMatching(/Please pay online/) } });

    const expensive = await product({ minPaise: 2_00_000_00 });
    const e = await customer();
    await add(e, expensive.id);
    const noPan = await place(e, {});
    expect(noPan.statusCode).toBe(400);
    expect(noPan.json()).toMatchObject({ code: 'PAN_REQUIRED', fields: { pan: expect.stringMatching(/needs your PAN/) } });
    const withPan = await place(e, { pan: 'abcpe1234f' });
    expect(withPan.statusCode, withPan.body).toBe(200);
    expect((await ordersOf(e.userId))[0]).toMatchObject({ pan: 'ABCPE1234F', paymentMethod: 'online', status: 'Awaiting payment' });
  });

  it('refuses to spend a Milli Harvest balance past 365 days from the plan’s first payment, with a clear message, and places nothing', async () => {
    const c = await customer();
    const p = await product({ stock: 2 });
    const day = 86_400_000;
    await t.database.db.insert(schema.harvestPlans).values({
      customerId: c.userId,
      monthlyAmountPaise: 200_000,
      email: c.email,
      status: 'Matured',
      redeemableBalancePaise: 2_200_000,
      startedAt: new Date(Date.now() - 370 * day),
      maturesAt: new Date(Date.now() - 40 * day),
    });
    await add(c, p.id);
    const refused = await place(c, { useHarvest: 'on', pan: 'ABCPE1234F' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'HARVEST_EXPIRED' });
    expect(refused.json().message).toMatch(/within 365 days of its first payment/);
    expect(await t.database.db.select().from(schema.orders).where(eq(schema.orders.customerId, c.userId))).toHaveLength(0);
  });
});
