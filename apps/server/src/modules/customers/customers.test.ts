/**
 * The shopper's rights (issue 38): the export holds the customer's data and nobody else's, consents are off until
 * given and every change is kept, a nominee is set and removed, and erasure removes the personal data, ends every
 * session and keeps what the tax laws keep (the invoice still prints). Then the customer desk: its search, its
 * corrections in the audit log, and its permission. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { execFileSync } from 'node:child_process';
import { and, desc, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERASED_ON_ERASURE, RETAINED_ON_ERASURE, erasedEmail, type ErasedItem, type RetainedItem } from '@milli/contracts';
import { schema } from '@milli/db';
import { createTestApp, postForm, type TestApp } from '../../testing.ts';
import { createShopper, createStaff, payThroughDemo, placeOrder, type TestShopper, type TestStaff } from '../../testing-factories.ts';
import { packAndDispatch } from '../orders/testing.ts';
import { addressPeriods, mayMarket } from './service.ts';

let t: TestApp;
let products: number[] = [];
let ordersDesk: TestStaff;
let owner: TestStaff;
let catalogueDesk: TestStaff;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  const list = (await t.app.inject({ url: '/api/product/productList?material=Gold&category=Earrings&sort=8' })).json().data as {
    product_id: number;
    product_stock_status: string;
  }[];
  products = list.filter((p) => p.product_stock_status === 'In Stock').map((p) => p.product_id);
  expect(products.length).toBeGreaterThan(3);
  [ordersDesk, owner, catalogueDesk] = await Promise.all([
    createStaff(t.app, { role: 'orders' }),
    createStaff(t.app, { role: 'owner' }),
    createStaff(t.app, { role: 'catalogue' }),
  ]);
}, 120_000);
afterAll(() => t?.close());

const as = (who: { cookie: string }) => ({ cookie: who.cookie });
const get = (url: string, who?: { cookie: string }) => t.app.inject({ url, headers: who ? as(who) : {} });
const send = (method: 'PUT' | 'POST' | 'PATCH' | 'DELETE', url: string, who: { cookie: string } | null, payload?: object) =>
  t.app.inject({ method, url, headers: who ? as(who) : {}, ...(payload ? { payload } : {}) });

async function deliver(orderNumber: string) {
  await packAndDispatch(t.app, ordersDesk.cookie, orderNumber);
  const done = await send('POST', `/api/admin/orders/${orderNumber}/status`, ordersDesk, { status: 'Delivered' });
  expect(done.statusCode, done.body).toBe(200);
}

async function profile(shopper: TestShopper, fields: { firstName: string; lastName: string; mobile: string }) {
  const res = await send('PUT', `/api/users/user-details/${shopper.id}`, shopper, { ...fields, email: shopper.email });
  expect(res.statusCode, res.body).toBe(200);
}

/** The latest mail queued to an address, as the outbox keeps it. */
async function lastMailTo(address: string) {
  const [mail] = await t.database.db
    .select()
    .from(schema.mailOutbox)
    .where(eq(schema.mailOutbox.toAddress, address))
    .orderBy(desc(schema.mailOutbox.id))
    .limit(1);
  return mail ?? null;
}

/** Adds a mobile number to the shopper's account with the code sent to it by SMS (as Edit Profile does); the number and the code. */
async function verifyPhone(shopper: TestShopper, mobile: string) {
  const session = { cookie: shopper.cookie, ip: shopper.ip };
  const started = await postForm(t.app, '/api/users/phone/start', { phone: mobile }, session);
  expect(started.statusCode, started.body).toBe(200);
  const [sent] = await t.database.db
    .select()
    .from(schema.messages)
    .where(and(eq(schema.messages.toPhone, `+91${mobile}`), eq(schema.messages.kind, 'sign_in_code')))
    .orderBy(desc(schema.messages.id))
    .limit(1);
  const code = sent!.params.code!;
  const verified = await postForm(t.app, '/api/users/phone/verify', { phone: mobile, code }, session);
  expect(verified.statusCode, verified.body).toBe(200);
  return { phone: `+91${mobile}`, code };
}

/** The orders desk assays the shopper's old gold into their metal account: the credit. */
async function assay(shopper: TestShopper, body: { grossGrams: string; purity: string; note: string }) {
  const res = await send('POST', `/api/admin/metal-accounts/${shopper.id}/credits`, ordersDesk, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().credit as { id: number; fineMg: number; meltingLossPerMille: number };
}

/** Takes a rate lock and pays its advance through the demo gateway: the lock. */
async function liveRateLock(shopper: TestShopper, body: object) {
  const made = await send('POST', '/api/rate-locks', shopper, body);
  expect(made.statusCode, made.body).toBe(200);
  const paid = await payThroughDemo(t.app, shopper, made.json().payment.gatewayOrderId);
  expect(paid.statusCode, paid.body).toBe(200);
  return made.json().lock as { id: number; advancePaise: number };
}

async function todaysRate(metal: string, purity: number): Promise<number> {
  const today = (await get('/api/rates/today')).json() as { rates: { key: string; paisePerGram: number | null }[] };
  return today.rates.find((r) => r.key === `${metal}:${purity}`)!.paisePerGram!;
}

async function askAlert(shopper: TestShopper, body: object) {
  const res = await t.app.inject({ method: 'POST', url: '/api/rate-alerts', payload: body, headers: as(shopper), remoteAddress: shopper.ip });
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json().status).toBe('live');
}

describe('which address was the account’s when', () => {
  it('follows each e-mail change and undo, so a mail to an address before or after it was theirs is not theirs', () => {
    const d = (n: number) => new Date(Date.UTC(2026, 0, n));
    expect(addressPeriods(d(1), 'a@x.in', [])).toEqual([{ email: 'a@x.in', from: d(1), to: null }]);
    const periods = addressPeriods(d(1), 'a@x.in', [
      { oldEmail: 'a@x.in', newEmail: 'b@x.in', at: d(5), undoneAt: d(7) },
      { oldEmail: 'a@x.in', newEmail: 'c@x.in', at: d(9), undoneAt: null },
    ]);
    expect(periods).toEqual([
      { email: 'a@x.in', from: d(1), to: d(5) },
      { email: 'b@x.in', from: d(5), to: d(7) },
      { email: 'a@x.in', from: d(7), to: d(9) },
      { email: 'c@x.in', from: d(9), to: null },
    ]);
  });
});

describe('Download my data', () => {
  it('is the signed-in customer’s whole record, and nothing of another customer’s', async () => {
    const asha = await createShopper(t.app, { username: 'asha', email: 'asha@example.in' });
    const bala = await createShopper(t.app, { username: 'bala', email: 'bala@example.in' });
    await profile(asha, { firstName: 'Asha', lastName: 'Raman', mobile: '9840011111' });
    await profile(bala, { firstName: 'Bala', lastName: 'Krishnan', mobile: '9840022222' });
    const ashaOrder = await placeOrder(t.app, asha, {
      productId: products[0]!,
      fields: { firstName: 'Asha', lastName: 'Raman', address: '4 Lotus Lane', idempotencyKey: 'asha-order-1' },
    });
    const balaOrder = await placeOrder(t.app, bala, {
      productId: products[1]!,
      fields: { firstName: 'Bala', lastName: 'Krishnan', address: '9 Banyan Road', idempotencyKey: 'bala-order-1' },
    });
    expect(ashaOrder.statusCode, ashaOrder.body).toBe(200);
    expect(balaOrder.statusCode, balaOrder.body).toBe(200);
    await send('PUT', '/api/account/consents', asha, { email: true, sms: false, whatsapp: false });
    await send('PUT', '/api/account/nominee', asha, { name: 'Ravi Raman', relationship: 'Spouse', phone: '9840033333' });
    // Asha moves to a new address; a new customer then signs up with her old one: its mail is not Asha's.
    const moved = await send('PUT', `/api/users/user-details/${asha.id}`, asha, {
      firstName: 'Asha',
      lastName: 'Raman',
      mobile: '9840011111',
      email: 'asha.new@example.in',
      currentPassword: asha.password,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await createShopper(t.app, { username: 'chitra', email: 'asha@example.in' });
    // Issue 42: each has a verified number (the code comes by SMS), old gold credited as fine gold, a rate lock paid
    // for, and a rate alert: Asha's by SMS, Bala's by e-mail.
    const ashaPhone = await verifyPhone(asha, '9840011111');
    await verifyPhone(bala, '9840022222');
    const ashaCredit = await assay(asha, { grossGrams: '10', purity: '916', note: 'Two old bangles' });
    const balaCredit = await assay(bala, { grossGrams: '4', purity: '750', note: 'One broken chain' });
    const ashaLock = await liveRateLock(asha, { metal: 'gold', purity: 22, grams: 10, period: 90 });
    const balaLock = await liveRateLock(bala, { metal: 'gold', purity: 18, grams: 7.5, period: 30 });
    const g14 = await todaysRate('gold', 14);
    await askAlert(asha, { metal: 'gold', purity: 14, direction: 'below', paisePerGram: g14 - 1_111, channel: 'sms' });
    await askAlert(bala, { metal: 'gold', purity: 14, direction: 'above', paisePerGram: g14 + 2_222, channel: 'email', email: bala.email });

    const res = await get('/api/account/privacy/export', asha);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="milli-data-\d+-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers['cache-control']).toContain('no-store');
    const file = res.json();
    expect(file.profile).toMatchObject({ customerId: asha.id, email: 'asha.new@example.in', firstName: 'Asha', mobile: '9840011111' });
    expect(file.orders.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([ashaOrder.json().orderNumber]);
    expect(file.orders[0].addresses.some((a: { address: string }) => a.address === '4 Lotus Lane')).toBe(true);
    // Her order's payment and her rate lock's advance.
    expect(file.payments.map((p: { purpose: string }) => p.purpose).sort()).toEqual(['order', 'rate_lock']);
    const orderPayment = file.payments.find((p: { purpose: string }) => p.purpose === 'order');
    expect(orderPayment).toMatchObject({ purpose: 'order', status: 'paid', gateway: 'demo', orderNumber: ashaOrder.json().orderNumber });
    expect(orderPayment.gatewayOrderId).toMatch(/^order_/);
    expect(orderPayment.gatewayPaymentId).toMatch(/^pay_/);
    expect(file.consents.current.find((c: { channel: string }) => c.channel === 'email')).toMatchObject({ granted: true });
    expect(file.nominee).toMatchObject({ name: 'Ravi Raman', relationship: 'Spouse' });
    const kinds = file.messages.map((m: { kind: string }) => m.kind);
    expect(kinds.filter((k: string) => k === 'welcome')).toHaveLength(1);
    expect(kinds).toContain('email-changed');
    expect(kinds).toContain('nominee-changed');
    expect(file.messages[0]).not.toHaveProperty('textBody');

    expect(file.profile).toMatchObject({ phone: '+919840011111', phoneVerifiedAt: expect.any(String) });
    expect(file.metalAccount.credits).toEqual([
      expect.objectContaining({
        creditId: ashaCredit.id,
        grossMg: 10_000,
        purityPerMille: 916,
        meltingLossPerMille: ashaCredit.meltingLossPerMille,
        fineMg: ashaCredit.fineMg,
        leftMg: ashaCredit.fineMg,
        note: 'Two old bangles',
        expiresAt: expect.any(String),
      }),
    ]);
    expect(file.metalAccount.debits).toEqual([]);
    expect(file.rateLocks).toEqual([
      expect.objectContaining({ lockId: ashaLock.id, metal: 'gold', purity: 22, lockedMg: 10_000, usedMg: 0, status: 'Live', periodDays: 90 }),
    ]);
    expect(file.rateLocks[0].advancePaise).toBe(ashaLock.advancePaise);
    expect(file.rateLocks[0].endsAt).toEqual(expect.any(String));
    expect(file.rateAlerts).toEqual([
      expect.objectContaining({
        metal: 'gold',
        purity: 14,
        direction: 'below',
        levelPaisePerGram: g14 - 1_111,
        channel: 'sms',
        phone: '+919840011111',
        email: null,
        status: 'live',
        crossedAt: null,
      }),
    ]);
    // The SMS with her code, the one for her alert (and her order's): what, where and when, never the code itself.
    const texts = file.phoneMessages as { channel: string; toPhone: string; kind: string }[];
    expect(texts.map((m) => `${m.channel} ${m.toPhone} ${m.kind}`)).toEqual(
      expect.arrayContaining(['sms +919840011111 sign_in_code', 'sms +919840011111 rate_alert_set', 'sms +919840011111 order_placed']),
    );
    for (const m of texts) expect(Object.keys(m).sort()).toEqual(['channel', 'createdAt', 'kind', 'sentAt', 'status', 'toPhone']);
    expect(res.body).not.toMatch(new RegExp(`\\b${ashaPhone.code}\\b`));
    expect(file.messageConsents).toEqual(expect.any(Array));
    for (const part of ['returns', 'exchanges', 'complaints', 'tradePartnerApplications', 'sizerRequests', 'cart']) expect(file[part], part).toEqual([]);

    const text = res.body;
    // Bala's credit, lock and alert: none of their figures is in Asha's file.
    expect(file.metalAccount.credits.map((c: { creditId: number }) => c.creditId)).not.toContain(balaCredit.id);
    expect(file.rateLocks.map((l: { lockId: number }) => l.lockId)).not.toContain(balaLock.id);
    for (const other of ['One broken chain', '"lockedMg":7500', `"levelPaisePerGram":${g14 + 2_222}`])
      expect(text, `Asha's export shows ${other}`).not.toContain(other);
    for (const other of ['bala', 'Bala', 'Krishnan', '9 Banyan Road', '9840022222', balaOrder.json().orderNumber, 'chitra']) {
      expect(text, `Asha's export shows ${other}`).not.toContain(other);
    }
    // Chitra's welcome went to Asha's old address after it left her: one welcome only, at her sign-up.
    expect(
      (await t.database.db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.toAddress, 'asha@example.in'))).filter((m) => m.kind === 'welcome'),
    ).toHaveLength(2);
  }, 120_000);

  it('is refused without a session, and past five a day for one account (counted in the database)', async () => {
    expect((await get('/api/account/privacy/export')).statusCode).toBe(401);
    const dev = await createShopper(t.app, { username: 'dev' });
    for (let i = 0; i < 5; i++) expect((await get('/api/account/privacy/export', dev)).statusCode).toBe(200);
    const sixth = await get('/api/account/privacy/export', dev);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().code).toBe('RATE_LIMITED');
    const [hits] = await t.database.db
      .select({ count: schema.rateLimitHits.count })
      .from(schema.rateLimitHits)
      .where(eq(schema.rateLimitHits.key, `privacy-export-day:id:${dev.id}`));
    expect(hits?.count).toBe(6);
  }, 60_000);
});

describe('My consents', () => {
  it('are off until given, withdrawn as easily, each change kept with its time; order messages are not a choice', async () => {
    const esha = await createShopper(t.app, { username: 'esha' });
    const first = await get('/api/account/consents', esha);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      orderMessages: { on: true, switchable: false },
      marketing: [
        { channel: 'email', granted: false, changedAt: null },
        { channel: 'sms', granted: false, changedAt: null },
        { channel: 'whatsapp', granted: false, changedAt: null },
      ],
      history: [],
    });
    const db = t.database.db;
    expect(await mayMarket(db, esha.id, 'email')).toBe(false);

    expect((await send('PUT', '/api/account/consents', esha, { email: true, sms: false, whatsapp: false })).statusCode).toBe(200);
    expect(await mayMarket(db, esha.id, 'email')).toBe(true);
    // The same choice again records nothing.
    expect((await send('PUT', '/api/account/consents', esha, { email: true, sms: false, whatsapp: false })).json().history).toHaveLength(1);
    const withdrawn = await send('PUT', '/api/account/consents', esha, { email: false, sms: false, whatsapp: true });
    expect(withdrawn.json().history.map((h: { channel: string; granted: boolean; source: string }) => [h.channel, h.granted, h.source])).toEqual(
      expect.arrayContaining([
        ['email', false, 'customer'],
        ['whatsapp', true, 'customer'],
        ['email', true, 'customer'],
      ]),
    );
    expect(withdrawn.json().history).toHaveLength(3);
    expect(await mayMarket(db, esha.id, 'email')).toBe(false);
    expect(await mayMarket(db, esha.id, 'whatsapp')).toBe(true);
    expect(await mayMarket(db, esha.id, 'sms')).toBe(false);

    // Order messages cannot be switched off, and a form's checkbox values are read as the page sends them.
    const orders = await send('PUT', '/api/account/consents', esha, { email: false, sms: false, whatsapp: false, orders: false });
    expect(orders.statusCode).toBe(400);
    const form = await t.app.inject({
      method: 'PUT',
      url: '/api/account/consents',
      headers: { ...as(esha), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=false&sms=on&whatsapp=true',
    });
    expect(form.statusCode, form.body).toBe(200);
    expect(await mayMarket(db, esha.id, 'sms')).toBe(true);

    // The history is append-only: the database itself refuses to change or delete it.
    await expect(db.execute(sql`update consent_events set granted = not granted where customer_id = ${esha.id}`)).rejects.toThrow();
    await expect(db.execute(sql`delete from consent_events where customer_id = ${esha.id}`)).rejects.toThrow();
    expect(await db.select().from(schema.consentEvents).where(eq(schema.consentEvents.customerId, esha.id))).toHaveLength(4);
  }, 60_000);
});

describe('A nominee', () => {
  it('is set with a way to reach them, changed, and removed; the customer is told each time', async () => {
    const farah = await createShopper(t.app, { username: 'farah' });
    expect((await get('/api/account/nominee', farah)).json()).toEqual({ nominee: null });
    const noContact = await send('PUT', '/api/account/nominee', farah, { name: 'Zoya', relationship: 'Sibling' });
    expect(noContact.statusCode).toBe(400);
    expect(noContact.json().fields.email).toMatch(/e-mail address or a mobile number/);
    expect((await send('PUT', '/api/account/nominee', farah, { name: 'Zoya Khan', relationship: 'Nephew' })).statusCode).toBe(400);
    const set = await send('PUT', '/api/account/nominee', farah, { name: 'Zoya Khan', relationship: 'Sibling', email: 'Zoya@Example.in' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().nominee).toMatchObject({ name: 'Zoya Khan', relationship: 'Sibling', email: 'zoya@example.in', phone: null });
    expect((await lastMailTo(farah.email))?.kind).toBe('nominee-changed');
    const changed = await send('PUT', '/api/account/nominee', farah, { name: 'Imran Khan', relationship: 'Parent', phone: '9876501234' });
    expect(changed.json().nominee).toMatchObject({ name: 'Imran Khan', relationship: 'Parent', email: null, phone: '9876501234' });
    expect((await send('DELETE', '/api/account/nominee', farah)).statusCode).toBe(200);
    expect((await get('/api/account/nominee', farah)).json()).toEqual({ nominee: null });
    const again = await send('DELETE', '/api/account/nominee', farah);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('NOMINEE_NOT_FOUND');
  }, 60_000);
});

describe('Erasure', () => {
  it('waits for an order in progress, then removes the personal data, keeps the invoice, and the customer can never log in again', async () => {
    const gita = await createShopper(t.app, { username: 'gita', email: 'gita@example.in' });
    await profile(gita, { firstName: 'Gita', lastName: 'Menon', mobile: '9840044444' });
    const address = await send('POST', '/api/account/addresses', gita, {
      firstName: 'Gita',
      lastName: 'Menon',
      address: '21 Harbour View',
      city: 'Chennai',
      state: 'Tamil Nadu',
      pincode: '600004',
      phone: '9840044444',
      countryCode: '91',
    });
    expect(address.statusCode, address.body).toBe(201);
    const placed = await placeOrder(t.app, gita, {
      productId: products[2]!,
      fields: {
        firstName: 'Gita',
        lastName: 'Menon',
        address: '21 Harbour View',
        companyName: 'Menon Gems',
        gstin: '33AAKCM4821Q1Z1',
        companyEmail: 'accounts@menon.example',
        idempotencyKey: 'gita-order-1',
      },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const orderNumber = placed.json().orderNumber as string;
    // A second order, cancelled before it was invoiced: nothing of it is kept.
    const cancelled = await placeOrder(t.app, gita, { productId: products[3]!, fields: { address: '77 Cancelled Street', idempotencyKey: 'gita-order-2' } });
    const cancelledNumber = cancelled.json().orderNumber as string;
    expect((await send('POST', `/api/orders/${cancelledNumber}/cancel`, gita, { reason: 'Changed my mind' })).statusCode).toBe(200);
    expect((await postForm(t.app, '/api/wishlist/add', { product_id: products[0]!, user_id: gita.id }, { cookie: gita.cookie, ip: gita.ip })).statusCode).toBe(
      200,
    );
    await send('PUT', '/api/account/consents', gita, { email: true, sms: true, whatsapp: false });
    await send('PUT', '/api/account/nominee', gita, { name: 'Hari Menon', relationship: 'Child', phone: '9840055555' });
    const cartLine = await postForm(
      t.app,
      '/api/cart/add',
      { cart_product_id: products[1]!, cart_quantity: 1, cart_user_id: gita.id },
      { cookie: gita.cookie, ip: gita.ip },
    );
    expect(cartLine.statusCode, cartLine.body).toBe(200);
    const sizer = await postForm(
      t.app,
      '/api/sizer-requests',
      { name: 'Gita Menon', phone: '9840044444', email: 'gita@example.in', address: '21 Harbour View, Chennai 600004' },
      { cookie: gita.cookie, ip: gita.ip },
    );
    expect(sizer.statusCode, sizer.body).toBe(200);
    const visit = await send('POST', '/api/appointments', gita, {
      kind: 'video',
      date: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
      slot: '12:30',
      purpose: 'browse',
      name: 'Gita Menon',
      email: 'gita@example.in',
      phone: '9840044444',
      note: 'Call me about the studs',
    });
    expect(visit.statusCode, visit.body).toBe(201);
    // A plan spent in full long ago: nothing of it is open, its mail address is hers.
    await t.database.db.insert(schema.harvestPlans).values({
      customerId: gita.id,
      monthlyAmountPaise: 100_000,
      email: 'gita@example.in',
      status: 'Redeemed',
      maturesAt: new Date(Date.now() - 30 * 86_400_000),
    });
    const noted = await send('POST', `/api/admin/customers/${gita.id}/notes`, ordersDesk, { text: 'Gita prefers calls after 6 pm.' });
    expect(noted.statusCode, noted.body).toBe(200);

    // Placed, not yet delivered: erasure waits, and says why, before the password is even looked at.
    const overview = await get('/api/account/privacy', gita);
    // The cancelled order's refund is still with the gateway: that waits too.
    expect(overview.json().erasure.blockers).toEqual([
      { kind: 'order', message: expect.stringContaining(orderNumber) },
      { kind: 'refund', message: expect.stringMatching(/^A refund of Rs\. [\d,.]+ is still on its way to you/) },
    ]);
    expect(overview.json().erasure.retained).toEqual(RETAINED_ON_ERASURE.map((r) => r.key));
    const blocked = await send('POST', '/api/account/privacy/erase', gita, { password: 'not-her-password', confirm: 'ERASE' });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json()).toMatchObject({ code: 'ERASURE_BLOCKED', message: expect.stringContaining(`Order ${orderNumber} is Placed`) });

    await deliver(orderNumber);
    // The gateway finishes the refund (as its webhook would tell).
    await t.database.db.update(schema.refunds).set({ status: 'processed', processedAt: new Date() }).where(eq(schema.refunds.customerId, gita.id));
    expect((await get('/api/account/privacy', gita)).json().erasure.blockers).toEqual([]);
    // Issue 42: fine gold left in her metal account and a live rate lock would be forfeited: each waits, with its reason.
    const [credit] = await t.database.db
      .insert(schema.metalCredits)
      .values({
        customerId: gita.id,
        grossMg: 10_000,
        purityPerMille: 916,
        meltingLossPerMille: 20,
        fineMg: 8_976,
        usedMg: 1_000,
        madeAt: new Date(),
        expiresAt: new Date(Date.now() + 365 * 86_400_000),
      })
      .returning();
    const [lock] = await t.database.db
      .insert(schema.rateLocks)
      .values({
        customerId: gita.id,
        metal: 'gold',
        purity: 22,
        lockedMg: 10_000,
        usedMg: 2_500,
        ratePaisePerGram: 700_000,
        rateDate: '2026-11-30',
        advancePercent: 10,
        advancePaise: 700_000,
        periodDays: 30,
        unusedAdvance: 'refund',
        status: 'Live',
        paidAt: new Date(),
        endsAt: new Date('2026-12-30T10:00:00+05:30'),
      })
      .returning();
    expect((await get('/api/account/privacy', gita)).json().erasure.blockers).toEqual([
      { kind: 'metal-account', message: expect.stringMatching(/^You have 7\.976 g of fine gold in your metal account/) },
      { kind: 'rate-lock', message: expect.stringContaining(`rate lock ${lock!.id} is live (7.5 g left until 30 December 2026)`) },
    ]);
    // Sold back and ended: nothing is owed, and erasure may go ahead.
    await t.database.db.update(schema.metalCredits).set({ soldMg: 7_976 }).where(eq(schema.metalCredits.id, credit!.id));
    await t.database.db.update(schema.rateLocks).set({ status: 'Ended', endedAt: new Date() }).where(eq(schema.rateLocks.id, lock!.id));
    expect((await get('/api/account/privacy', gita)).json().erasure.blockers).toEqual([]);
    // Her rate alerts: one of the account's, and one a guest asked for with her address.
    const alert = {
      metal: 'gold' as const,
      purity: 22,
      direction: 'below' as const,
      levelPaisePerGram: 600_000,
      rateAtRequestPaise: 700_000,
      status: 'live' as const,
    };
    await t.database.db.insert(schema.rateAlerts).values([
      { ...alert, email: 'gita@example.in', customerId: gita.id, personKey: `customer:${gita.id}`, tokenHash: `gita-alert-${gita.id}` },
      { ...alert, email: 'Gita@Example.in', personKey: 'mailbox:gita@example.in', tokenHash: `gita-guest-alert-${gita.id}` },
      { ...alert, email: 'someone.else@example.in', personKey: 'mailbox:someone.else@example.in', tokenHash: `other-alert-${gita.id}` },
    ]);
    const review = await send('POST', `/api/product/${products[2]!}/reviews`, gita, { rating: 5, text: 'Lovely studs, they sparkle' });
    expect(review.statusCode, review.body).toBe(201);
    await t.database.db
      .insert(schema.mailOutbox)
      .values({ toAddress: 'gita@example.in', subject: 'An old mail', textBody: 'x', kind: 'test', status: 'sent', sentAt: new Date() });

    expect((await send('POST', '/api/account/privacy/erase', gita, { password: gita.password })).statusCode).toBe(400);
    const wrong = await send('POST', '/api/account/privacy/erase', gita, { password: 'not-her-password', confirm: 'ERASE' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.password).toMatch(/not correct/);
    const erased = await send('POST', '/api/account/privacy/erase', gita, { password: gita.password, confirm: 'ERASE' });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(String(erased.headers['set-cookie'])).toMatch(/milli_session=;/);

    const db = t.database.db;
    // Each thing the lists say erasure removes (ERASED_ON_ERASURE, which the privacy policy prints) is checked here, and
    // each thing they say it keeps (RETAINED_ON_ERASURE): a list item without its check does not compile.
    const removed: Record<ErasedItem, () => Promise<void>> = {
      profile: async () => {
        const [row] = await db.select().from(schema.customers).where(eq(schema.customers.id, gita.id));
        expect(row).toMatchObject({ firstName: '', lastName: '', mobile: null, email: erasedEmail(gita.id), username: `Erased customer #${gita.id}` });
        expect(row!.erasedAt).toBeInstanceOf(Date);
        // Neither the username nor the e-mail logs in, nor gets a reset code.
        for (const username of ['gita', 'gita@example.in', erasedEmail(gita.id)]) {
          expect((await postForm(t.app, '/api/auth/login', { username, password: gita.password }, { ip: '10.77.0.1' })).statusCode).toBe(401);
        }
        const mailsBefore = (await db.select().from(schema.mailOutbox)).length;
        expect((await postForm(t.app, '/api/auth/forgot-password', { email: 'gita@example.in' }, { ip: '10.77.0.2' })).statusCode).toBe(200);
        expect((await db.select().from(schema.mailOutbox)).length).toBe(mailsBefore);
      },
      sessions: async () => {
        expect((await get('/api/account/consents', gita)).statusCode).toBe(401);
        expect(await db.select().from(schema.sessions).where(eq(schema.sessions.customerId, gita.id))).toEqual([]);
      },
      addresses: async () => {
        expect(await db.select().from(schema.customerAddresses).where(eq(schema.customerAddresses.customerId, gita.id))).toEqual([]);
        const cancelledOrder = (await db.select().from(schema.orders).where(eq(schema.orders.orderNumber, cancelledNumber)))[0]!;
        const cancelledAddresses = await db.select().from(schema.orderAddresses).where(eq(schema.orderAddresses.orderId, cancelledOrder.id));
        expect(cancelledAddresses.length).toBeGreaterThan(0);
        expect(JSON.stringify(cancelledAddresses)).not.toMatch(/Gita|Menon|77 Cancelled Street|9876543210/);
      },
      reviews: async () => {
        const signed = JSON.stringify((await get(`/api/product/${products[2]!}/reviews`)).json());
        expect(signed).toContain('A Milli shopper');
        expect(signed).not.toContain('Gita');
        expect(signed).toContain('Lovely studs, they sparkle');
      },
      appointments: async () => {
        const [booked] = await db.select().from(schema.appointments).where(eq(schema.appointments.customerId, gita.id));
        expect(booked).toMatchObject({ name: 'Erased customer', email: '', phone: '', note: null, mailbox: null, mobile: null });
      },
      'sizer-requests': async () => {
        const [asked] = await db.select().from(schema.sizerRequests).where(eq(schema.sizerRequests.customerId, gita.id));
        expect(asked).toMatchObject({ name: 'Erased customer', phone: '', email: '', address: '', status: 'Closed' });
      },
      harvest: async () => {
        const plans = await db.select().from(schema.harvestPlans).where(eq(schema.harvestPlans.customerId, gita.id));
        expect(plans.map((p) => p.email)).toEqual([erasedEmail(gita.id)]);
      },
      nominee: async () => expect(await db.select().from(schema.customerNominees).where(eq(schema.customerNominees.customerId, gita.id))).toEqual([]),
      'wishlist-cart': async () => {
        expect(await db.select().from(schema.wishlistItems).where(eq(schema.wishlistItems.customerId, gita.id))).toEqual([]);
        const lines = await db
          .select()
          .from(schema.cartLines)
          .innerJoin(schema.carts, eq(schema.carts.id, schema.cartLines.cartId))
          .where(eq(schema.carts.customerId, gita.id));
        expect(lines).toEqual([]);
      },
      messages: async () => {
        // Only the erasure's own confirmation is left for her old address, and it is sent there once.
        const oldMails = await db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.toAddress, 'gita@example.in'));
        expect(oldMails.map((m) => m.kind)).toEqual(['account-erased']);
      },
      consents: async () => {
        expect(await mayMarket(db, gita.id, 'email')).toBe(false);
        expect(await mayMarket(db, gita.id, 'sms')).toBe(false);
        const withdrawals = await db
          .select()
          .from(schema.consentEvents)
          .where(and(eq(schema.consentEvents.customerId, gita.id), eq(schema.consentEvents.source, 'erasure')));
        expect(withdrawals.map((w) => [w.channel, w.granted]).sort()).toEqual([
          ['email', false],
          ['sms', false],
        ]);
      },
      'staff-notes': async () => expect(await db.select().from(schema.customerNotes).where(eq(schema.customerNotes.customerId, gita.id))).toEqual([]),
      'rate-alerts': async () => {
        const left = await db
          .select()
          .from(schema.rateAlerts)
          .where(like(schema.rateAlerts.tokenHash, `%-${gita.id}`));
        expect(left.map((a) => a.email)).toEqual(['someone.else@example.in']);
      },
    };
    const invoiceText = async () => {
      const invoice = await get(`/api/admin/orders/${orderNumber}/invoice.pdf`, ordersDesk);
      expect(invoice.statusCode).toBe(200);
      return execFileSync('pdftotext', ['-layout', '-', '-'], { input: invoice.rawPayload }).toString();
    };
    const kept: Record<RetainedItem, () => Promise<void>> = {
      invoices: async () => expect(await invoiceText()).toContain(orderNumber.replace(/^MIL-/, '')),
      'invoice-addresses': async () => {
        const printed = await invoiceText();
        expect(printed).toContain('Gita Menon');
        expect(printed).toContain('21 Harbour View');
      },
      'tax-ids': async () => {
        const [order] = await db.select().from(schema.orders).where(eq(schema.orders.orderNumber, orderNumber));
        // The company's e-mail is printed on no invoice: it goes.
        expect(order).toMatchObject({ companyName: 'Menon Gems', companyGstin: '33AAKCM4821Q1Z1', companyEmail: null });
        expect(await invoiceText()).toContain('33AAKCM4821Q1Z1');
      },
      'orders-and-payments': async () => {
        expect(await db.select().from(schema.orders).where(eq(schema.orders.customerId, gita.id))).toHaveLength(2);
        const paid = await db.select().from(schema.payments).where(eq(schema.payments.customerId, gita.id));
        expect(paid.every((p) => p.gatewayOrderId !== null)).toBe(true);
        expect(await db.select().from(schema.refunds).where(eq(schema.refunds.customerId, gita.id))).toHaveLength(1);
      },
      'consent-history': async () => {
        const history = await db.select().from(schema.consentEvents).where(eq(schema.consentEvents.customerId, gita.id));
        expect(history.filter((h) => h.source === 'customer')).toHaveLength(2);
      },
      'audit-log': async () => {
        const lines = await db.select().from(schema.auditLog).where(eq(schema.auditLog.entity, 'customer-note'));
        expect(lines.some((l) => JSON.stringify(l.after).includes(`"customerId":${gita.id}`))).toBe(true);
      },
    };
    for (const check of Object.values(removed)) await check();
    for (const check of Object.values(kept)) await check();
    expect(Object.keys(removed)).toEqual(ERASED_ON_ERASURE.map((e) => e.key));
    expect(Object.keys(kept)).toEqual(RETAINED_ON_ERASURE.map((r) => r.key));

    // Staff see an erased customer where the name was.
    const desk = (await get(`/api/admin/orders?q=${orderNumber}`, ordersDesk)).json();
    expect(desk.data[0].customerName).toBe(`Erased customer #${gita.id}`);
    const customerPage = (await get(`/api/admin/customers/${gita.id}`, ordersDesk)).json();
    expect(customerPage.profile).toMatchObject({ name: `Erased customer #${gita.id}`, erased: true });
    const reviewDesk = (await get(`/api/admin/reviews?q=sparkle`, owner)).json();
    expect(reviewDesk.data[0].customer.name).toBe(`Erased customer #${gita.id}`);

    // Erasure is done once; the address is free for a new account.
    expect(
      (await send('POST', `/api/admin/customers/${gita.id}/erase`, owner, { reason: 'Asked again by phone, checked', confirm: 'ERASE' })).json().code,
    ).toBe('ALREADY_ERASED');
    await createShopper(t.app, { username: 'gita2', email: 'gita@example.in' });
  }, 180_000);

  it('is confirmed by a mailed code when the password is not used, a wrong code spending a try', async () => {
    const hema = await createShopper(t.app, { username: 'hema' });
    expect((await send('POST', '/api/account/privacy/erase/code', hema)).statusCode).toBe(200);
    const mail = await lastMailTo(hema.email);
    expect(mail?.kind).toBe('erasure-code');
    const code = /\b(\d{6})\b/.exec(mail!.subject)![1]!;
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await send('POST', '/api/account/privacy/erase', hema, { code: wrongCode, confirm: 'ERASE' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('ERASURE_CODE_INVALID');
    const [open] = await t.database.db.select().from(schema.erasureCodes).where(eq(schema.erasureCodes.customerId, hema.id));
    expect(open!.triesLeft).toBe(4);
    expect((await send('POST', '/api/account/privacy/erase', hema, { code, password: hema.password, confirm: 'ERASE' })).statusCode).toBe(400);
    const done = await send('POST', '/api/account/privacy/erase', hema, { code, confirm: 'ERASE' });
    expect(done.statusCode, done.body).toBe(200);
    expect(await t.database.db.select().from(schema.erasureCodes).where(eq(schema.erasureCodes.customerId, hema.id))).toEqual([]);
  }, 60_000);

  it('names in one list each thing it removes and each thing it keeps', () => {
    expect(ERASED_ON_ERASURE.map((e) => e.key)).toContain('profile');
    expect(RETAINED_ON_ERASURE.map((r) => r.key)).toEqual(['invoices', 'invoice-addresses', 'tax-ids', 'orders-and-payments', 'consent-history', 'audit-log']);
  });
});

describe('the customer desk', () => {
  it('finds a customer by name, e-mail, phone or order number, a page at a time', async () => {
    const indu = await createShopper(t.app, { username: 'indu', email: 'indu.sharma@example.in' });
    await profile(indu, { firstName: 'Indu', lastName: 'Sharma', mobile: '9812398123' });
    const order = await placeOrder(t.app, indu, { productId: products[1]!, fields: { phoneNumber: '9900011122', idempotencyKey: 'indu-order-1' } });
    const orderNumber = order.json().orderNumber as string;
    const search = async (q: string) => (await get(`/api/admin/customers?q=${encodeURIComponent(q)}`, ordersDesk)).json();
    for (const q of ['Indu Sharma', 'indu.sharma@', '98123 98123', orderNumber, '9900011122']) {
      const page = await search(q);
      expect(
        page.data.map((r: { id: number }) => r.id),
        q,
      ).toEqual([indu.id]);
    }
    expect((await search('Indu Sharma')).data[0]).toMatchObject({ name: 'Indu Sharma', orderCount: 1, erased: false });
    expect((await search('nobody-at-all')).total).toBe(0);
    const all = (await get('/api/admin/customers?perPage=25&page=1', ordersDesk)).json();
    expect(all.total).toBeGreaterThan(5);
    const beyond = (await get(`/api/admin/customers?page=${all.totalPages + 1}`, ordersDesk)).json();
    expect(beyond.data).toEqual([]);
    expect((await get('/api/admin/customers?perPage=7', ordersDesk)).statusCode).toBe(400);
  }, 60_000);

  it('corrects a field with its before and after in the audit log, keeps notes, exports and erases on the customer’s behalf', async () => {
    const jaya = await createShopper(t.app, { username: 'jaya' });
    const corrected = await send('PATCH', `/api/admin/customers/${jaya.id}`, ordersDesk, {
      firstName: 'Jaya',
      mobile: '9811122233',
      reason: 'Called to give her name',
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json().profile).toMatchObject({ firstName: 'Jaya', mobile: '9811122233' });
    const db = t.database.db;
    const [line] = await db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entity, 'customer'), eq(schema.auditLog.entityId, String(jaya.id)), eq(schema.auditLog.action, 'correct')));
    expect(line).toMatchObject({
      staffEmail: ordersDesk.email,
      before: { firstName: '', mobile: null, reason: 'Called to give her name' },
      after: { firstName: 'Jaya', mobile: '9811122233' },
    });
    expect((await send('PATCH', `/api/admin/customers/${jaya.id}`, ordersDesk, { reason: 'nothing given' })).statusCode).toBe(400);
    const taken = await send('PATCH', `/api/admin/customers/${jaya.id}`, ordersDesk, { email: 'indu.sharma@example.in', reason: 'Typo' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().code).toBe('TAKEN');
    const moved = await send('PATCH', `/api/admin/customers/${jaya.id}`, ordersDesk, { email: 'jaya.new@example.in', reason: 'New address by phone' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await lastMailTo(jaya.email))?.kind).toBe('email-changed');

    const noted = await send('POST', `/api/admin/customers/${jaya.id}/notes`, ordersDesk, { text: 'Prefers calls after 6 pm.' });
    expect(noted.json().notes).toEqual([{ id: expect.any(Number), text: 'Prefers calls after 6 pm.', by: ordersDesk.email, at: expect.any(String) }]);

    const exported = await get(`/api/admin/customers/${jaya.id}/export`, ordersDesk);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toMatch(/^attachment;/);
    expect(exported.json().profile).toMatchObject({ customerId: jaya.id, email: 'jaya.new@example.in' });
    expect(
      await db
        .select()
        .from(schema.auditLog)
        .where(and(eq(schema.auditLog.action, 'export'), eq(schema.auditLog.entityId, String(jaya.id)))),
    ).toHaveLength(1);

    expect((await send('POST', `/api/admin/customers/${jaya.id}/erase`, ordersDesk, { reason: 'short', confirm: 'ERASE' })).statusCode).toBe(400);
    const erased = await send('POST', `/api/admin/customers/${jaya.id}/erase`, ordersDesk, {
      reason: 'Asked by phone; identity checked against her order',
      confirm: 'ERASE',
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json()).toMatchObject({ profile: { erased: true, name: `Erased customer #${jaya.id}` }, notes: [] });
    const [erasure] = await db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, 'erase'), eq(schema.auditLog.entityId, String(jaya.id))));
    expect(erasure!.before).toBeNull();
    expect(JSON.stringify(erasure!.after)).not.toContain('jaya.new');
    expect((await send('PATCH', `/api/admin/customers/${jaya.id}`, ordersDesk, { firstName: 'Back', reason: 'Undo it' })).json().code).toBe('ALREADY_ERASED');
  }, 60_000);

  it('is refused to a member without the customers permission, and to a customer', async () => {
    const kavi = await createShopper(t.app, { username: 'kavi' });
    const calls: [string, string, object | undefined][] = [
      ['GET', '/api/admin/customers?q=kavi', undefined],
      ['GET', `/api/admin/customers/${kavi.id}`, undefined],
      ['PATCH', `/api/admin/customers/${kavi.id}`, { firstName: 'X', reason: 'Not allowed' }],
      ['POST', `/api/admin/customers/${kavi.id}/notes`, { text: 'Not allowed' }],
      ['GET', `/api/admin/customers/${kavi.id}/export`, undefined],
      ['POST', `/api/admin/customers/${kavi.id}/erase`, { reason: 'Not allowed to do this', confirm: 'ERASE' }],
    ];
    for (const [method, url, payload] of calls) {
      const refused = await t.app.inject({ method: method as 'GET', url, headers: as(catalogueDesk), ...(payload ? { payload } : {}) });
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json().code).toBe('PERMISSION_DENIED');
      expect((await t.app.inject({ method: method as 'GET', url, headers: as(kavi), ...(payload ? { payload } : {}) })).statusCode).toBe(401);
    }
    const [row] = await t.database.db.select().from(schema.customers).where(eq(schema.customers.id, kavi.id));
    expect(row).toMatchObject({ firstName: '', erasedAt: null });
    expect((await get(`/api/admin/customers/${kavi.id}`, owner)).statusCode).toBe(200);
  }, 60_000);
});
