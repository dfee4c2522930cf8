/**
 * Issue 38, the jeweller's duties at checkout and on the invoice, on PGlite and (with TEST_DATABASE_URL) PostgreSQL:
 * - s.269ST: pay on delivery is cash, and one buyer's cash in one Indian day stays under Rs. 2 lakh, added up over
 *   their orders (by account, and by the phones on the order, so a second account with the same phone is the same
 *   buyer), counted under locks so two orders at once cannot both pass;
 * - Rule 114B: a buyer without a PAN gives the Form 60 declaration instead; of the Aadhaar number only the last four
 *   digits are kept, shown and printed, and the number is in no log;
 * - the BIS registration number and each piece's country of origin on the tax invoice.
 */
import { execFileSync } from 'node:child_process';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@milli/db';
import { indianDate, startOfIndianDate } from '@milli/pricing';
import { BILLING, createTestApp, postForm, type TestApp } from '../../testing.ts';
import { createProduct, createShopper, createStaff, payThroughDemo, type TestShopper } from '../../testing-factories.ts';
import { packAndDispatch } from '../orders/testing.ts';

let t: TestApp;
let n = 0;
const logLines: string[] = [];

/** A valid Aadhaar number (its last digit is its Verhoeff check digit), typed with spaces as people do. */
const AADHAAR = '2345 6789 0124';
const AADHAAR_DIGITS = '234567890124';

beforeAll(async () => {
  t = await createTestApp({ seed: true, config: { logLevel: 'debug' }, logStream: { write: (line) => void logLines.push(line) } });
  // Pay on delivery up to the most the law allows per order, so the day's total is what refuses.
  await t.database.db.update(schema.storeSettings).set({ codLimitPaise: 1_99_999_99 });
}, 120_000);
afterAll(() => t?.close());

const ip = () => `10.38.${Math.floor(++n / 200)}.${n % 200}`;
const form = (url: string, fields: Record<string, string | number>, cookie?: string) => postForm(t.app, url, fields, { cookie, ip: ip() });
let phones = 0;
/** A phone of its own for each buyer, so one test's cash never counts against another's. */
const phone = () => `98${String(40_000_000 + ++phones).padStart(8, '0')}`;

/** A piece sold at a fixed price (GST included), so each order's cash is known to the rupee. */
const piece = (rupees: number) => createProduct(t.database.db, { metalWeightMg: null, fixedPricePaise: rupees * 100, makingChargePaise: 0, stock: 20 });

async function order(c: TestShopper, productId: number, fields: Record<string, string | number> = {}) {
  const added = await form('/api/cart/add', { cart_product_id: productId, cart_quantity: 1, cart_user_id: c.userId }, c.cookie);
  expect(added.statusCode, added.body).toBe(200);
  return form('/api/orders/placeOrders', { ...BILLING, userId: c.userId, ...fields }, c.cookie);
}

const ordersOf = (customerId: number) => t.database.db.select().from(schema.orders).where(eq(schema.orders.customerId, customerId));
const cartOf = async (c: TestShopper) =>
  (await t.app.inject({ url: `/api/cart/find-by-user-id/${c.userId}`, headers: { cookie: c.cookie } })).json() as unknown[];
const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');

describe('pay on delivery: under Rs. 2 lakh of cash per buyer per Indian day (s.269ST)', () => {
  it('adds up one buyer’s pay-on-delivery orders of the day, refuses with a 4xx that says why and to pay online, and writes nothing', async () => {
    const c = await createShopper(t.app);
    const tel = phone();
    const first = await order(c, (await piece(1_20_000)).id, { paymentMethod: 'cod', phoneNumber: tel });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: 'Awaiting confirmation', paymentMethod: 'cod' });

    const second = await piece(90_000);
    const refused = await order(c, second.id, { paymentMethod: 'cod', phoneNumber: tel });
    expect(refused.statusCode).toBe(422);
    const body = refused.json();
    expect(body.code).toBe('CASH_DAY_LIMIT');
    expect(body.message).toMatch(/s\.269ST of the Income-tax Act/);
    expect(body.message).toMatch(/Rs\. 2,00,000 or more in cash from one buyer in a day/);
    expect(body.message).toMatch(/already come to Rs\. 1,20,002\.99/);
    expect(body.message).toMatch(/Please pay online for this order\./);
    expect(body.fields.paymentMethod).toBe(body.message);
    expect(await ordersOf(c.userId)).toHaveLength(1);
    expect(await cartOf(c)).toHaveLength(1);

    // Online, the same order goes through: the limit is on cash only.
    const online = await form('/api/orders/placeOrders', { ...BILLING, userId: c.userId, phoneNumber: tel }, c.cookie);
    expect(online.statusCode, online.body).toBe(200);
    expect(online.json()).toMatchObject({ paymentMethod: 'online', status: 'Awaiting payment' });
  });

  it('stays open for orders that together stay under Rs. 2 lakh, and a cancelled order’s cash no longer counts', async () => {
    const c = await createShopper(t.app);
    const tel = phone();
    const a = await order(c, (await piece(1_00_000)).id, { paymentMethod: 'cod', phoneNumber: tel });
    expect(a.statusCode, a.body).toBe(200);
    // 1,00,002.99 + 99,990.00 + 2.99 = 1,99,995.98: under 2 lakh.
    const b = await order(c, (await piece(99_990)).id, { paymentMethod: 'cod', phoneNumber: tel });
    expect(b.statusCode, b.body).toBe(200);
    const third = await piece(10);
    expect((await order(c, third.id, { paymentMethod: 'cod', phoneNumber: tel })).statusCode).toBe(422);
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/orders/${a.json().orderNumber}/cancel`, headers: { cookie: c.cookie } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const now = await form('/api/orders/placeOrders', { ...BILLING, userId: c.userId, phoneNumber: tel, paymentMethod: 'cod' }, c.cookie);
    expect(now.statusCode, now.body).toBe(200);
  });

  it('knows the buyer by the phone too: a second account with the same phone cannot split the cash; another phone can pay', async () => {
    const tel = phone();
    const first = await createShopper(t.app);
    expect((await order(first, (await piece(1_50_000)).id, { paymentMethod: 'cod', phoneNumber: tel })).statusCode).toBe(200);
    const second = await createShopper(t.app);
    const dear = await piece(60_000);
    // The same phone typed another way (+91, spaces) is the same phone.
    const split = await order(second, dear.id, { paymentMethod: 'cod', phoneNumber: `+91 ${tel.slice(0, 5)} ${tel.slice(5)}` });
    expect(split.statusCode).toBe(422);
    expect(split.json().code).toBe('CASH_DAY_LIMIT');
    // Delivered to that phone from an account with another billing phone: the person at the door is the same.
    const toDoor = await form(
      '/api/orders/placeOrders',
      {
        ...BILLING,
        userId: second.userId,
        phoneNumber: phone(),
        paymentMethod: 'cod',
        shipToDifferent: 'true',
        shippingFirstName: 'Asha',
        shippingLastName: 'Rao',
        shippingAddress: '4 Lake Road',
        shippingCity: 'Chennai',
        shippingState: 'Tamil Nadu',
        shippingPincode: '600004',
        shippingPhoneNumber: tel,
      },
      second.cookie,
    );
    expect(toDoor.statusCode).toBe(422);
    const own = await form('/api/orders/placeOrders', { ...BILLING, userId: second.userId, phoneNumber: phone(), paymentMethod: 'cod' }, second.cookie);
    expect(own.statusCode, own.body).toBe(200);
  });

  it('counts the Indian day (Asia/Kolkata): an order of 23:59 yesterday in India does not count, one of 00:01 today does', async () => {
    const c = await createShopper(t.app);
    const tel = phone();
    const earlier = await order(c, (await piece(1_50_000)).id, { paymentMethod: 'cod', phoneNumber: tel });
    expect(earlier.statusCode, earlier.body).toBe(200);
    const midnight = startOfIndianDate(indianDate(new Date()));
    const move = (at: Date) => t.database.db.update(schema.orders).set({ placedAt: at }).where(eq(schema.orders.orderNumber, earlier.json().orderNumber));

    await move(new Date(midnight.getTime() + 60_000));
    const next = await piece(60_000);
    expect((await order(c, next.id, { paymentMethod: 'cod', phoneNumber: tel })).statusCode).toBe(422);
    // 18:29 UTC yesterday is 23:59 in India: yesterday's cash.
    await move(new Date(midnight.getTime() - 60_000));
    const placed = await form('/api/orders/placeOrders', { ...BILLING, userId: c.userId, phoneNumber: tel, paymentMethod: 'cod' }, c.cookie);
    expect(placed.statusCode, placed.body).toBe(200);
  });

  it('lets only one of two orders placed at once by the same buyer from two accounts pass (counted under a lock in the database)', async () => {
    const tel = phone();
    const buyers = await Promise.all([createShopper(t.app), createShopper(t.app)]);
    const pieces = await Promise.all([piece(1_20_000), piece(1_20_000)]);
    for (const [i, c] of buyers.entries()) {
      const added = await form('/api/cart/add', { cart_product_id: pieces[i]!.id, cart_quantity: 1, cart_user_id: c.userId }, c.cookie);
      expect(added.statusCode).toBe(200);
    }
    const results = await Promise.all(
      buyers.map((c) => form('/api/orders/placeOrders', { ...BILLING, userId: c.userId, phoneNumber: tel, paymentMethod: 'cod' }, c.cookie)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    const cod = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.orders)
      .innerJoin(schema.orderAddresses, and(eq(schema.orderAddresses.orderId, schema.orders.id), eq(schema.orderAddresses.kind, 'billing')))
      .where(and(eq(schema.orders.paymentMethod, 'cod'), eq(schema.orderAddresses.phone, tel)));
    expect(Number(cod[0]!.n)).toBe(1);
  });
});

describe('Form 60 in place of a PAN from Rs. 2 lakh (Rule 114B)', () => {
  const declaration = {
    form60: 'true',
    form60Name: 'Meera Iyer',
    form60Address: '12 Temple Street, Mylapore, Chennai 600004',
    form60Aadhaar: AADHAAR,
    form60Declaration: 'true',
  };

  it('asks for the PAN or the Form 60 declaration, and checks every field of the declaration without repeating the Aadhaar number', async () => {
    const c = await createShopper(t.app);
    const dear = await piece(2_10_000);
    const none = await order(c, dear.id);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'PAN_REQUIRED', fields: { pan: expect.stringMatching(/or, if you have no PAN, a Form 60 declaration/) } });

    const empty = await form('/api/orders/placeOrders', { ...BILLING, userId: c.userId, form60: 'true' }, c.cookie);
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().fields).sort()).toEqual(['form60Aadhaar', 'form60Address', 'form60Declaration', 'form60Name']);

    const wrongDigit = await form('/api/orders/placeOrders', { ...BILLING, userId: c.userId, ...declaration, form60Aadhaar: '2345 6789 0125' }, c.cookie);
    expect(wrongDigit.statusCode).toBe(400);
    expect(wrongDigit.json().fields.form60Aadhaar).toMatch(/not a valid Aadhaar number/);
    expect(wrongDigit.body).not.toMatch(/6789|0125/);

    const both = await form('/api/orders/placeOrders', { ...BILLING, userId: c.userId, ...declaration, pan: 'ABCPE1234F' }, c.cookie);
    expect(both.statusCode).toBe(400);
    expect(both.json().fields.pan).toMatch(/for buyers without a PAN/);
    expect(await ordersOf(c.userId)).toHaveLength(0);
  });

  it('keeps the declaration with the order, the Aadhaar number as its last four digits only, for staff and on the invoice, and in no log', async () => {
    const c = await createShopper(t.app);
    const dear = await piece(2_10_000);
    logLines.length = 0;
    const placed = await order(c, dear.id, declaration);
    expect(placed.statusCode, placed.body).toBe(200);
    const { orderNumber, totalPaise } = placed.json();
    const [row] = await ordersOf(c.userId);
    expect(row!.pan).toBeNull();
    const [kept] = await t.database.db.select().from(schema.orderForm60).where(eq(schema.orderForm60.orderId, row!.id));
    expect(kept).toMatchObject({
      name: 'Meera Iyer',
      address: '12 Temple Street, Mylapore, Chennai 600004',
      amountPaise: totalPaise,
      aadhaarLast4: '0124',
      noAadhaarReason: null,
    });
    // Stored nowhere whole: not in the declaration, the order, its addresses, the mail or the audit log.
    for (const table of ['order_form60', 'orders', 'order_addresses', 'mail_outbox', 'audit_log', 'payments']) {
      const dump = await t.database.db.execute(sql.raw(`select coalesce(string_agg(t::text, ' '), '') as d from ${table} t`));
      expect(JSON.stringify(dump), table).not.toContain(AADHAAR_DIGITS);
      expect(JSON.stringify(dump), table).not.toContain(AADHAAR);
    }

    const paid = await payThroughDemo(t.app, { cookie: c.cookie, ip: ip() }, placed.json().payment.gatewayOrderId);
    expect(paid.statusCode, paid.body).toBe(200);
    const desk = await createStaff(t.app, { role: 'orders' });
    const seen = await t.app.inject({ url: `/api/admin/orders/${orderNumber}`, headers: { cookie: desk.cookie } });
    expect(seen.json().form60).toMatchObject({ name: 'Meera Iyer', aadhaar: 'XXXX XXXX 0124', noAadhaarReason: null, amountPaise: totalPaise });
    expect(seen.body).not.toMatch(/234567890124|6789/);

    await packAndDispatch(t.app, desk.cookie, orderNumber);
    const invoice = pdfText((await t.app.inject({ url: `/api/orders/${orderNumber}/invoice.pdf`, headers: { cookie: c.cookie } })).rawPayload);
    expect(invoice.replace(/\s+/g, ' ')).toContain('Buyer PAN: none; Form 60 declaration given (Aadhaar XXXX XXXX 0124)');
    expect(invoice).not.toMatch(/234567890124|6789/);

    const logged = logLines.join('');
    expect(logged.length).toBeGreaterThan(0);
    expect(logged).not.toMatch(/234567890124|2345 6789 0124|2345%206789/);
  });

  it('takes a reason when there is no Aadhaar number, and the invoice says it where the PAN would be', async () => {
    const c = await createShopper(t.app);
    const placed = await order(c, (await piece(2_05_000)).id, {
      ...declaration,
      form60Aadhaar: '',
      form60NoAadhaarReason: 'Applied for PAN, acknowledgement 881234567890',
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const [row] = await ordersOf(c.userId);
    const [kept] = await t.database.db.select().from(schema.orderForm60).where(eq(schema.orderForm60.orderId, row!.id));
    expect(kept).toMatchObject({ aadhaarLast4: null, noAadhaarReason: 'Applied for PAN, acknowledgement 881234567890' });
    await payThroughDemo(t.app, { cookie: c.cookie, ip: ip() }, placed.json().payment.gatewayOrderId);
    await packAndDispatch(t.app, (await createStaff(t.app, { role: 'orders' })).cookie, row!.orderNumber);
    const invoice = pdfText((await t.app.inject({ url: `/api/orders/${row!.orderNumber}/invoice.pdf`, headers: { cookie: c.cookie } })).rawPayload);
    expect(invoice.replace(/\s+/g, ' ')).toContain('Form 60 declaration given (no Aadhaar: Applied for PAN, acknowledgement 881234567890)');
  });

  it('is not kept below Rs. 2 lakh, where no PAN is asked', async () => {
    const c = await createShopper(t.app);
    const placed = await order(c, (await piece(50_000)).id, declaration);
    expect(placed.statusCode, placed.body).toBe(200);
    const [row] = await ordersOf(c.userId);
    expect(await t.database.db.select().from(schema.orderForm60).where(eq(schema.orderForm60.orderId, row!.id))).toHaveLength(0);
  });
});

describe('the tax invoice states the BIS registration and each piece’s country of origin', () => {
  it('prints the registration only once it is set, and the origin the piece was sold with', async () => {
    const owner = await createStaff(t.app, { role: 'owner' });
    const made = await piece(40_000);
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/products/${made.id}`,
      payload: { countryOfOrigin: 'atlantis' },
      headers: { cookie: owner.cookie },
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().fields.countryOfOrigin).toBe('There is no country called "atlantis": choose the country of origin from the list.');
    const italy = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/products/${made.id}`,
      payload: { countryOfOrigin: 'italy' },
      headers: { cookie: owner.cookie },
    });
    expect(italy.statusCode, italy.body).toBe(200);
    const page = (await t.app.inject({ url: `/api/product/find-by-id/${made.id}` })).json();
    expect(page.data.product_country_of_origin).toBe('Italy');

    const c = await createShopper(t.app);
    const first = await order(c, made.id);
    expect(first.statusCode, first.body).toBe(200);
    await payThroughDemo(t.app, { cookie: c.cookie, ip: ip() }, first.json().payment.gatewayOrderId);
    const [line] = await t.database.db.select().from(schema.orderLines).where(eq(schema.orderLines.productId, made.id));
    expect(line!.countryOfOrigin).toBe('Italy');
    const desk = await createStaff(t.app, { role: 'orders' });
    await packAndDispatch(t.app, desk.cookie, first.json().orderNumber);
    const invoiceOf = async (orderNumber: string) =>
      pdfText((await t.app.inject({ url: `/api/orders/${orderNumber}/invoice.pdf`, headers: { cookie: c.cookie } })).rawPayload);
    const unset = await invoiceOf(first.json().orderNumber);
    expect(unset).toContain('Country of origin: Italy');
    expect(unset).not.toMatch(/BIS registration/);

    const set = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/settings',
      payload: { bisRegistration: 'HM/C-5190012345' },
      headers: { cookie: owner.cookie },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(await invoiceOf(first.json().orderNumber)).toContain('BIS registration: HM/C-5190012345');
    // A later change of the product leaves the order as sold.
    await t.app.inject({ method: 'PATCH', url: `/api/admin/products/${made.id}`, payload: { countryOfOrigin: 'India' }, headers: { cookie: owner.cookie } });
    expect(await invoiceOf(first.json().orderNumber)).toContain('Country of origin: Italy');
    await t.app.inject({ method: 'PATCH', url: '/api/admin/settings', payload: { bisRegistration: '' }, headers: { cookie: owner.cookie } });
  });

  it('gives every demo piece India as its origin, as made in the store’s workshop', async () => {
    const others = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.products)
      .where(and(sql`${schema.products.countryOfOrigin} <> 'India'`, sql`${schema.products.sku} not like 'TP-%'`));
    expect(Number(others[0]!.n)).toBe(0);
  });
});
