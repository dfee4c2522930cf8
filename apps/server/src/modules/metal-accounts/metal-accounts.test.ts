import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { schema } from '@milli/db';
import { assayFineMg, fineGoldBuyBack, formatRupees, metalAccountPlan, pieceFineMg } from '@milli/pricing';
import { createTestApp, postForm, type TestApp } from '../../testing.ts';
import { createProduct, createShopper, createStaff, placeOrder, type TestShopper, type TestStaff } from '../../testing-factories.ts';
import { createOrder, packAndDispatch } from '../orders/testing.ts';
import { DomainError } from '../../domain-error.ts';
import { heldMetalCredits, useMetalCredits } from './service.ts';

let t: TestApp;
let desk: TestStaff;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  desk = await createStaff(t.app, { role: 'orders' });
});
afterAll(() => t?.close());

const db = () => t.database.db;
const post = (url: string, body: object, cookie?: string) =>
  t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, payload: JSON.stringify(body) });
const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });

interface Account {
  balanceMg: number;
  credits: { id: number; fineMg: number; leftMg: number; expired: boolean; lastDay: string }[];
  entries: { kind: string; mg: number; paise: number; orderNumber: string | null; text: string }[];
  nextExpiry: { mg: number; lastDay: string } | null;
  buyBack: { rate24PaisePerGram: number | null; percent: number; paisePerGram: number | null };
}

async function account(who: TestShopper): Promise<Account> {
  const res = await get('/api/metal-account', who.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The desk assays old gold for the shopper: the answer. */
async function assay(who: TestShopper, body: object = { grossGrams: 10, purity: '916' }) {
  const res = await post(`/api/admin/metal-accounts/${who.id}/credits`, body, desk.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Makes every credit of the shopper's expire a second ago (as if 365 days had passed). */
async function ageCredits(who: TestShopper) {
  const past = new Date(Date.now() - 1000);
  await db()
    .update(schema.metalCredits)
    .set({ madeAt: new Date(past.getTime() - 365 * 86_400_000), expiresAt: past })
    .where(eq(schema.metalCredits.customerId, who.id));
}

describe('the assay desk', () => {
  it('finds the shopper by e-mail or phone and credits gross × purity less the melting loss, for 365 days, audited', async () => {
    const who = await createShopper(t.app);
    const found = await get(`/api/admin/metal-accounts?q=${encodeURIComponent(who.email)}`, desk.cookie);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data).toEqual([expect.objectContaining({ id: who.id, email: who.email, balanceMg: 0 })]);

    const answer = await assay(who, { grossGrams: '12.5', purity: '22K', note: 'Two bangles' });
    const fine = assayFineMg({ grossMg: 12_500, purityPerMille: 916, meltingLossPerMille: 20 });
    expect(answer.credit).toMatchObject({
      grossMg: 12_500,
      purityPerMille: 916,
      meltingLossPerMille: 20,
      fineMg: fine,
      leftMg: fine,
      expired: false,
      note: 'Two bangles',
    });
    expect(answer.message).toContain('fine gold');
    const [row] = await db().select().from(schema.metalCredits).where(eq(schema.metalCredits.id, answer.credit.id));
    expect(row!.expiresAt.getTime() - row!.madeAt.getTime()).toBe(365 * 86_400_000);
    expect(row!.staffId).toBe(desk.id);
    const audit = await db().select().from(schema.auditLog).where(eq(schema.auditLog.entity, 'metal_credit'));
    expect(audit.map((a) => a.entityId)).toContain(String(answer.credit.id));

    const mine = await account(who);
    expect(mine.balanceMg).toBe(fine);
    expect(mine.entries[0]).toMatchObject({ kind: 'credit', mg: fine });
    expect(mine.nextExpiry).toEqual({ mg: fine, lastDay: answer.credit.lastDay });
    // Another shopper sees none of it.
    expect((await account(await createShopper(t.app))).balanceMg).toBe(0);
  });

  it('refuses bad input with a clear message, and is the orders desk’s, not the catalogue’s or a shopper’s', async () => {
    const who = await createShopper(t.app);
    const refused = async (body: object, status: number, message: RegExp) => {
      const res = await post(`/api/admin/metal-accounts/${who.id}/credits`, body, desk.cookie);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toMatch(message);
    };
    await refused({ grossGrams: -5, purity: '916' }, 400, /more than 0 grams/);
    await refused({ grossGrams: 'heavy', purity: '916' }, 400, /gross weight in grams/);
    await refused({ grossGrams: 10, purity: '1200' }, 400, /per mille, 1 to 999/);
    await refused({ grossGrams: 10, purity: '30K' }, 400, /per mille, 1 to 999/);
    await refused({ grossGrams: 1_500, purity: '916' }, 400, /at most 1000 g/);
    expect((await post('/api/admin/metal-accounts/999999/credits', { grossGrams: 1, purity: '916' }, desk.cookie)).statusCode).toBe(404);
    const catalogue = await createStaff(t.app, { role: 'catalogue' });
    expect((await post(`/api/admin/metal-accounts/${who.id}/credits`, { grossGrams: 1, purity: '916' }, catalogue.cookie)).statusCode).toBe(403);
    expect((await post(`/api/admin/metal-accounts/${who.id}/credits`, { grossGrams: 1, purity: '916' }, who.cookie)).statusCode).toBe(401);
    expect((await get('/api/metal-account')).statusCode).toBe(401);
    expect(await db().select().from(schema.metalCredits).where(eq(schema.metalCredits.customerId, who.id))).toHaveLength(0);
  });
});

describe('paying with fine gold at checkout', () => {
  it('pays each gold piece’s metal up to its fine gold, the same to the paisa on cart, order, page and invoice; GST stays on the full value', async () => {
    const who = await createShopper(t.app);
    await assay(who, { grossGrams: 5, purity: '999' });
    const balance = (await account(who)).balanceMg;
    const piece = await createProduct(db(), { karat: 22, metalWeightMg: 4_000, makingChargePaise: 3_000_00 });
    await postForm(t.app, '/api/cart/add', { cart_product_id: piece.id, cart_quantity: 1, cart_user_id: who.userId }, { cookie: who.cookie, ip: who.ip });
    const cart = (await get(`/api/cart/find-by-user-id/${who.userId}`, who.cookie)).json();
    const fine = pieceFineMg('gold', 22, 4_000)!;
    expect(cart[0].fine_gold_mg).toBe(fine);
    const plan = metalAccountPlan([{ fineMgPerPiece: cart[0].fine_gold_mg, metalPaisePerPiece: cart[0].metal_paise, quantity: 1 }], balance);
    // 4.95 g fine covers the piece's 3.664 g fine: its whole metal.
    expect(plan.usedMg).toBe(fine);
    expect(plan.paise).toBe(cart[0].metal_paise);

    const placed = await placeOrder(t.app, who, { fields: { useMetalAccount: 'on' } });
    expect(placed.statusCode, placed.body).toBe(200);
    const order = placed.json();
    expect(order.metalAccountMg).toBe(fine);
    expect(order.metalAccountPaise).toBe(plan.paise);
    expect(order.subtotalPaise).toBe(cart[0].product_price_paise);
    expect(order.payNowPaise).toBe(order.totalPaise - plan.paise);
    const [payment] = await db().select().from(schema.payments).where(eq(schema.payments.orderId, order.orderId));
    expect(payment!.amountPaise).toBe(order.totalPaise - plan.paise);

    const page = (await get(`/api/orders/${order.orderNumber}`, who.cookie)).json();
    expect(page.totals).toMatchObject({ metalAccountMg: fine, metalAccountPaise: plan.paise, totalPaise: order.totalPaise });
    expect(page.payment.paidBefore).toContain('metal_account');

    const after = await account(who);
    expect(after.balanceMg).toBe(balance - fine);
    expect(after.entries[0]).toMatchObject({ kind: 'use', mg: -fine, paise: plan.paise, orderNumber: order.orderNumber });

    await packAndDispatch(t.app, (await createStaff(t.app, { role: 'orders' })).cookie, order.orderNumber);
    const pdf = await t.app.inject({ url: `/api/orders/${order.orderNumber}/invoice.pdf`, headers: { cookie: who.cookie } });
    expect(pdf.statusCode).toBe(200);
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf.rawPayload }).toString();
    const rupees = (paise: number) =>
      formatRupees(paise)
        .replace(/^Rs\. /, '')
        .replace(/[.,]/g, '\\$&');
    expect(text).toMatch(new RegExp(`Invoice total\\s+₹${rupees(order.totalPaise)}`));
    expect(text).toMatch(new RegExp(`Old gold in exchange \\(3\\.664 g fine\\)\\s+-${rupees(plan.paise)}`));
    expect(text).toMatch(new RegExp(`Amount payable\\s+₹${rupees(order.totalPaise - plan.paise)}`));
    expect(text.replace(/\s+/g, ' ')).toContain('GST is charged on their full value and is not reduced by it');
  });

  it('gives the grams back when the order is cancelled', async () => {
    const who = await createShopper(t.app);
    await assay(who, { grossGrams: 2, purity: '999' });
    const balance = (await account(who)).balanceMg;
    const piece = await createProduct(db(), { karat: 22, metalWeightMg: 5_000 });
    const placed = await placeOrder(t.app, who, { productId: piece.id, pay: false, fields: { useMetalAccount: 'true' } });
    expect(placed.statusCode, placed.body).toBe(200);
    // 1.958 g fine pays part of the 4.58 g the piece holds: all of it is used.
    expect(placed.json().metalAccountMg).toBe(balance);
    expect((await account(who)).balanceMg).toBe(0);
    const cancelled = await post(`/api/orders/${placed.json().orderNumber}/cancel`, {}, who.cookie);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const after = await account(who);
    expect(after.balanceMg).toBe(balance);
    expect(after.entries.map((e) => e.kind)).toEqual(['returned', 'use', 'credit']);
  });

  it('refuses an expired credit with a clear message, and the job expires it into the statement once', async () => {
    const who = await createShopper(t.app);
    await assay(who, { grossGrams: 3, purity: '916' });
    const fine = (await account(who)).balanceMg;
    await ageCredits(who);
    expect((await account(who)).balanceMg).toBe(0);
    const piece = await createProduct(db(), { karat: 22, metalWeightMg: 3_000 });
    const placed = await placeOrder(t.app, who, { productId: piece.id, pay: false, fields: { useMetalAccount: 'on' } });
    expect(placed.statusCode, placed.body).toBe(409);
    expect(placed.json()).toMatchObject({ code: 'METAL_CREDIT_EXPIRED' });
    expect(placed.json().message).toMatch(/expired on .*365 days after the assay/);
    const sold = await post('/api/metal-account/buy-back', { grams: 1 }, who.cookie);
    expect(sold.statusCode, sold.body).toBe(409);
    expect(sold.json().code).toBe('METAL_CREDIT_EXPIRED');

    const first = await t.app.metalKeeper.run();
    const second = await t.app.metalKeeper.run();
    expect(first.mg).toBeGreaterThanOrEqual(fine);
    expect(second.expired).toBe(0);
    const after = await account(who);
    expect(after.entries[0]).toMatchObject({ kind: 'expiry', mg: -fine });
    expect(after.credits[0]).toMatchObject({ expired: true, leftMg: 0 });
  });

  it('lets concurrent checkouts of one shopper use the grams once: never more than the account holds', async () => {
    const who = await createShopper(t.app);
    await assay(who, { grossGrams: 5, purity: '999' });
    const balance = (await account(who)).balanceMg;
    const piece = await createProduct(db(), { karat: 22, metalWeightMg: 4_000 });
    await postForm(t.app, '/api/cart/add', { cart_product_id: piece.id, cart_quantity: 1, cart_user_id: who.userId }, { cookie: who.cookie, ip: who.ip });
    const tries = await Promise.all(
      [1, 2, 3, 4].map((i) =>
        placeOrder(t.app, { ...who, ip: `10.43.0.${i}` }, { pay: false, fields: { useMetalAccount: 'on', idempotencyKey: `metal-race-${who.id}-${i}` } }),
      ),
    );
    expect(tries.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of tries.filter((x) => x.statusCode !== 200)) expect(r.statusCode, r.body).toBeLessThan(500);
    expect((await account(who)).balanceMg).toBe(balance - pieceFineMg('gold', 22, 4_000)!);
  });

  it('takes grams in statements that check what is left: stale plans racing each other cannot overdraw a credit', async () => {
    const who = await createShopper(t.app);
    await assay(who, { grossGrams: 10, purity: '999' });
    const customerId = who.id;
    const held = await db().transaction((tx) => heldMetalCredits(tx, customerId, new Date()));
    // Three orders planned from one reading (4 g each of 9.79 g), taken at once.
    const orderIds: number[] = [];
    for (let i = 0; i < 3; i++) orderIds.push((await createOrder(db(), { customerId })).id);
    const outcomes = await Promise.all(
      orderIds.map((orderId) =>
        db()
          .transaction((tx) => useMetalCredits(tx, customerId, orderId, held.credits, 4_000, 100_000, new Date()))
          .then(
            () => 'taken',
            (error: unknown) => (error instanceof DomainError ? error.code : String(error)),
          ),
      ),
    );
    expect(outcomes.sort()).toEqual(['METAL_ACCOUNT_CHANGED', 'taken', 'taken']);
    expect((await account(who)).balanceMg).toBe(held.balanceMg - 8_000);
  });
});

describe('selling fine gold back', () => {
  it('pays today’s 24 kt rate × the buy-back percent as store credit, and refuses more than the balance', async () => {
    const who = await createShopper(t.app);
    await assay(who, { grossGrams: 2, purity: '999' });
    const before = await account(who);
    expect(before.buyBack.rate24PaisePerGram).not.toBeNull();
    const short = await post('/api/metal-account/buy-back', { grams: 5 }, who.cookie);
    expect(short.statusCode, short.body).toBe(409);
    expect(short.json()).toMatchObject({ code: 'METAL_GRAMS_SHORT' });
    expect(short.json().message).toContain('1.958 g');
    expect((await post('/api/metal-account/buy-back', { grams: -1 }, who.cookie)).statusCode).toBe(400);

    const sold = await post('/api/metal-account/buy-back', { grams: '1.5' }, who.cookie);
    expect(sold.statusCode, sold.body).toBe(200);
    const paise = fineGoldBuyBack(1_500, before.buyBack.rate24PaisePerGram!, before.buyBack.percent);
    expect(sold.json()).toMatchObject({ mg: 1_500, paise });
    expect(sold.json().account.balanceMg).toBe(before.balanceMg - 1_500);
    expect(sold.json().account.entries[0]).toMatchObject({ kind: 'buy_back', mg: -1_500, paise });
    const credit = (await get('/api/account/store-credit', who.cookie)).json();
    expect(credit.balancePaise).toBe(paise);
  });
});

describe('attacks (issue 42 review)', () => {
  it('refuses a weight that rounds to no milligram with a 400, never a 500', async () => {
    const who = await createShopper(t.app);
    await assay(who, { grossGrams: 2, purity: '999' });
    for (const grams of [1e-10, '0.0000001', 4e-7]) {
      const sold = await post('/api/metal-account/buy-back', { grams }, who.cookie);
      expect(sold.statusCode, sold.body).toBe(400);
      const credited = await post(`/api/admin/metal-accounts/${who.id}/credits`, { grossGrams: grams, purity: '916' }, desk.cookie);
      expect(credited.statusCode, credited.body).toBe(400);
      const locked = await post('/api/rate-locks', { metal: 'gold', purity: 22, grams, period: 30 }, who.cookie);
      expect(locked.statusCode, locked.body).toBe(400);
    }
  });

  it('sells the same grams once when buy-backs race each other and a checkout that uses them', async () => {
    const who = await createShopper(t.app);
    await assay(who, { grossGrams: 2, purity: '999' });
    const balance = (await account(who)).balanceMg;
    const piece = await createProduct(db(), { karat: 22, metalWeightMg: 2_000 });
    await postForm(t.app, '/api/cart/add', { cart_product_id: piece.id, cart_quantity: 1, cart_user_id: who.userId }, { cookie: who.cookie, ip: who.ip });
    const [sold1, sold2, placed] = await Promise.all([
      post('/api/metal-account/buy-back', { grams: 1.5 }, who.cookie),
      post('/api/metal-account/buy-back', { grams: 1.5 }, who.cookie),
      placeOrder(t.app, who, { pay: false, fields: { useMetalAccount: 'on', idempotencyKey: `metal-sell-race-${who.id}` } }),
    ]);
    for (const r of [sold1, sold2, placed]) expect(r.statusCode, r.body).toBeLessThan(500);
    const soldMg = [sold1, sold2].filter((r) => r.statusCode === 200).length * 1_500;
    const usedMg = placed.statusCode === 200 ? (placed.json().metalAccountMg as number) : 0;
    expect(soldMg + usedMg).toBeLessThanOrEqual(balance);
    expect((await account(who)).balanceMg).toBe(balance - soldMg - usedMg);
    const credit = (await get('/api/account/store-credit', who.cookie)).json();
    expect(credit.balancePaise).toBe([sold1, sold2].filter((r) => r.statusCode === 200).reduce((n, r) => n + (r.json().paise as number), 0));
  });

  it('credits an assay once when the desk’s form is sent twice (a double click, a reload of the answer)', async () => {
    const who = await createShopper(t.app);
    const body = { grossGrams: 8, purity: '916', requestKey: `assay-${who.id}-1` };
    const url = `/api/admin/metal-accounts/${who.id}/credits`;
    const [a, b] = await Promise.all([post(url, body, desk.cookie), post(url, body, desk.cookie)]);
    const again = await post(url, body, desk.cookie);
    for (const r of [a, b, again]) expect(r.statusCode, r.body).toBe(200);
    const credits = await db().select().from(schema.metalCredits).where(eq(schema.metalCredits.customerId, who.id));
    expect(credits).toHaveLength(1);
    expect(again.json().credit.id).toBe(credits[0]!.id);
    expect(again.json().message).toMatch(/already recorded/);
    expect((await account(who)).balanceMg).toBe(credits[0]!.fineMg);
    // A second lot is a second form: a new key credits it.
    expect((await post(url, { ...body, requestKey: `assay-${who.id}-2` }, desk.cookie)).statusCode).toBe(200);
    expect(await db().select().from(schema.metalCredits).where(eq(schema.metalCredits.customerId, who.id))).toHaveLength(2);
  });
});
