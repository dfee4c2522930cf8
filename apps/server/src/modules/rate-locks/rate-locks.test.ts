import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { and, eq, sql } from 'drizzle-orm';
import { schema } from '@milli/db';
import { formatRupees, priceJewellery, rateLockPlan, weightDifference } from '@milli/pricing';
import { createTestApp, postForm, type TestApp } from '../../testing.ts';
import { createProduct, createShopper, createStaff, payThroughDemo, placeOrder, type TestShopper } from '../../testing-factories.ts';
import { createOrder, packAndDispatch, testHuid } from '../orders/testing.ts';
import { DomainError } from '../../domain-error.ts';
import { heldRateLocks, useRateLocks } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(() => t?.close());

const db = () => t.database.db;
const post = (url: string, body: object, cookie?: string) =>
  t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, payload: JSON.stringify(body) });
const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });

interface Lock {
  id: number;
  status: string;
  lockedMg: number;
  usedMg: number;
  leftMg: number;
  ratePaisePerGram: number;
  advancePaise: number;
  advanceUsedPaise: number;
  advanceLeftPaise: number;
  uses: { orderNumber: string; usedMg: number; advancePaise: number; returned: boolean }[];
}

async function gold22Rate(): Promise<number> {
  const terms = (await get('/api/rate-locks/terms')).json() as { rates: { metal: string; purity: number; ratePaisePerGram: number }[] };
  return terms.rates.find((r) => r.metal === 'gold' && r.purity === 22)!.ratePaisePerGram;
}

/** Takes a lock and pays its advance through the demo gateway's checkout and verify: the lock as the shopper then sees it. */
async function liveLock(who: TestShopper, body: object = { metal: 'gold', purity: 22, grams: 10, period: 90 }): Promise<Lock> {
  const made = await post('/api/rate-locks', body, who.cookie);
  expect(made.statusCode, made.body).toBe(200);
  const paid = await payThroughDemo(t.app, who, made.json().payment.gatewayOrderId);
  expect(paid.statusCode, paid.body).toBe(200);
  expect(paid.json().purpose).toBe('rate_lock');
  return mine(who, made.json().lock.id);
}

async function mine(who: TestShopper, id: number): Promise<Lock> {
  const list = await get('/api/rate-locks', who.cookie);
  expect(list.statusCode, list.body).toBe(200);
  return (list.json().data as Lock[]).find((l) => l.id === id)!;
}

/** The day's rate has risen since the lock was taken: the lock holds `below` paise a gram less than today's. */
async function lockedBelowToday(id: number, below: number) {
  const today = await gold22Rate();
  await db()
    .update(schema.rateLocks)
    .set({ ratePaisePerGram: today - below })
    .where(eq(schema.rateLocks.id, id));
  return { today, locked: today - below };
}

describe('the terms', () => {
  it('state the settings and today’s rates of what is sold, to anyone', async () => {
    const res = await get('/api/rate-locks/terms');
    expect(res.statusCode, res.body).toBe(200);
    const terms = res.json();
    expect(terms).toMatchObject({ advancePercent: 10, periodsDays: [30, 90, 180], maxMg: 50_000, unusedAdvance: 'refund' });
    expect(terms.rates.map((r: { metal: string; purity: number }) => `${r.metal} ${r.purity}`)).toEqual(
      expect.arrayContaining(['gold 14', 'gold 18', 'gold 22', 'gold 24', 'platinum 950', 'silver 925']),
    );
  });
});

describe('taking a lock', () => {
  it('refuses a guest, and bad input with a clear message under its field', async () => {
    expect((await post('/api/rate-locks', { metal: 'gold', purity: 22, grams: 10, period: 90 })).statusCode).toBe(401);
    const who = await createShopper(t.app);
    const refused = async (body: object, status: number, message: RegExp) => {
      const res = await post('/api/rate-locks', body, who.cookie);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toMatch(message);
    };
    await refused({ metal: 'gold', purity: 22, grams: -5, period: 90 }, 400, /more than 0 grams/);
    await refused({ metal: 'gold', purity: 22, grams: 'ten', period: 90 }, 400, /weight in grams/);
    await refused({ metal: 'gold', purity: 22, grams: 1.2345, period: 90 }, 400, /3 decimals/);
    await refused({ metal: 'gold', purity: 22, grams: 60, period: 90 }, 400, /at most 50 g/);
    await refused({ metal: 'gold', purity: 20, grams: 10, period: 90 }, 400, /14, 18, 22 and 24 kt, not 20 kt/);
    await refused({ metal: 'silver', purity: 999, grams: 10, period: 90 }, 400, /silver in purity 925 only/);
    await refused({ metal: 'gold', purity: 22, grams: 10, period: 45 }, 400, /30, 90, 180 days/);
    await refused({ metal: 'copper', purity: 22, grams: 10, period: 90 }, 400, /gold, platinum or silver/);
    expect(await db().select().from(schema.rateLocks).where(eq(schema.rateLocks.customerId, who.id))).toHaveLength(0);
  });

  it('holds today’s rate pending the advance, then, paid through the gateway, is live for its period, with a mail', async () => {
    const who = await createShopper(t.app);
    const rate = await gold22Rate();
    const made = await post('/api/rate-locks', { metal: 'gold', purity: '22', grams: '12.5', period: '180' }, who.cookie);
    expect(made.statusCode, made.body).toBe(200);
    const answer = made.json();
    // 12.5 g at today's rate, 10 % of it, to the paisa.
    const advance = Math.round((12_500 * rate * 10) / 100_000);
    expect(answer.lock).toMatchObject({ status: 'Pending payment', lockedMg: 12_500, ratePaisePerGram: rate, advancePaise: advance, periodDays: 180 });
    expect(answer.payment).toMatchObject({ gateway: 'demo', amountPaise: advance, currency: 'INR' });
    expect(answer.message).toContain(formatRupees(advance));
    const paid = await payThroughDemo(t.app, who, answer.payment.gatewayOrderId);
    expect(paid.statusCode, paid.body).toBe(200);
    const lock = await mine(who, answer.lock.id);
    expect(lock).toMatchObject({ status: 'Live', usedMg: 0, leftMg: 12_500, advanceLeftPaise: advance });
    const [row] = await db().select().from(schema.rateLocks).where(eq(schema.rateLocks.id, lock.id));
    expect(row!.endsAt!.getTime() - row!.paidAt!.getTime()).toBe(180 * 86_400_000);
    const mails = await db().select().from(schema.mailOutbox).where(eq(schema.mailOutbox.toAddress, who.email));
    expect(mails.map((m) => m.kind)).toContain('rate-lock-live');
    // Another shopper never sees it.
    const other = await createShopper(t.app);
    expect((await get('/api/rate-locks', other.cookie)).json().data).toEqual([]);
    expect((await post(`/api/rate-locks/${lock.id}/pay`, {}, other.cookie)).statusCode).toBe(404);
  });

  it('counts the grams one shopper’s locks hold against the cap, atomically', async () => {
    const who = await createShopper(t.app);
    await liveLock(who, { metal: 'gold', purity: 22, grams: 30, period: 30 });
    const tries = await Promise.all([15, 15].map((grams) => post('/api/rate-locks', { metal: 'gold', purity: 22, grams, period: 30 }, who.cookie)));
    expect(tries.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const over = tries.find((r) => r.statusCode === 400)!;
    expect(over.json().message).toBe('Rate locks cover at most 50 g at a time. Your locks already hold 45 g, so you can lock 5 g more.');
  });
});

describe('buying under a lock', () => {
  it('prices the metal at the lower rate on the cart, the order and the invoice, and counts the advance toward the payment', async () => {
    const who = await createShopper(t.app);
    const lock = await liveLock(who);
    const { today, locked } = await lockedBelowToday(lock.id, 500_00);
    const piece = await createProduct(db(), { karat: 22, metalWeightMg: 4_000, makingChargePaise: 3_000_00 });
    const expected = priceJewellery({
      metalWeightMg: 4_000,
      ratePaisePerGram: today,
      makingChargePaise: 3_000_00,
      stoneValuePaise: 0,
      diamondWeightCents: 0,
      diamondRatePaisePerCarat: 0,
      fixedPricePaise: null,
      gstPercent: 3,
      lock: { weightMg: 4_000, ratePaisePerGram: locked },
    });
    // 4 g at Rs 500 a gram less than today's, GST on it.
    const withoutLock = priceJewellery({
      ...{ metalWeightMg: 4_000, ratePaisePerGram: today, makingChargePaise: 3_000_00 },
      stoneValuePaise: 0,
      diamondWeightCents: 0,
      diamondRatePaisePerCarat: 0,
      fixedPricePaise: null,
      gstPercent: 3,
    });
    expect(withoutLock.totalPaise - expected.totalPaise).toBe(Math.round(4 * 500_00 * 1.03));
    // 4 of 10 g: 40 % of the advance.
    const advance = Math.floor((lock.advancePaise * 4_000) / 10_000);

    const added = await postForm(
      t.app,
      '/api/cart/add',
      { cart_product_id: piece.id, cart_quantity: 1, cart_user_id: who.userId },
      { cookie: who.cookie, ip: who.ip },
    );
    expect(added.statusCode, added.body).toBe(200);
    const cart = (await get(`/api/cart/find-by-user-id/${who.userId}`, who.cookie)).json();
    expect(cart[0].product_price_paise).toBe(expected.totalPaise);
    expect(cart[0].rate_lock).toEqual({ lockedWeightMg: 4_000, lockedRatePaisePerGram: locked, dayRatePaisePerGram: today, advancePaise: advance });

    const placed = await placeOrder(t.app, who);
    expect(placed.statusCode, placed.body).toBe(200);
    const order = placed.json();
    expect(order.subtotalPaise).toBe(expected.totalPaise);
    expect(order.rateLockAdvancePaise).toBe(advance);
    expect(order.totalPaise).toBe(expected.totalPaise + order.shippingPaise);
    expect(order.payNowPaise).toBe(order.totalPaise - advance);
    const payment = await db().select().from(schema.payments).where(eq(schema.payments.orderId, order.orderId));
    expect(payment[0]!.amountPaise).toBe(order.totalPaise - advance);

    const page = (await get(`/api/orders/${order.orderNumber}`, who.cookie)).json();
    expect(page.lines[0].rateLock).toEqual({ lockedWeightMg: 4_000, lockedRatePaisePerGram: locked, dayRatePaisePerGram: today });
    expect(page.totals.rateLockAdvancePaise).toBe(advance);
    expect(page.payment.paidBefore).toContain('rate_lock');

    const after = await mine(who, lock.id);
    expect(after).toMatchObject({ usedMg: 4_000, leftMg: 6_000, advanceUsedPaise: advance, advanceLeftPaise: lock.advancePaise - advance });
    expect(after.uses).toMatchObject([{ orderNumber: order.orderNumber, usedMg: 4_000, advancePaise: advance, returned: false }]);

    await packAndDispatch(t.app, (await createStaff(t.app, { role: 'orders' })).cookie, order.orderNumber);
    const pdf = await t.app.inject({ url: `/api/orders/${order.orderNumber}/invoice.pdf`, headers: { cookie: who.cookie } });
    expect(pdf.statusCode).toBe(200);
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf.rawPayload }).toString();
    const rupees = (paise: number) => formatRupees(paise).replace(/^Rs\. /, '');
    expect(text).toContain(`Rate lock: 4.000 g at ₹${rupees(locked)}/g`);
    expect(text).toMatch(new RegExp(`Advance received on the rate lock\\s+-${rupees(advance).replace(/[.,]/g, '\\$&')}`));
    expect(text).toMatch(new RegExp(`Amount payable\\s+₹${rupees(order.totalPaise - advance).replace(/[.,]/g, '\\$&')}`));
  });

  it('charges the day’s rate when it is the lower, and leaves other purities alone', async () => {
    const who = await createShopper(t.app);
    const lock = await liveLock(who);
    await db()
      .update(schema.rateLocks)
      .set({ ratePaisePerGram: sql`${schema.rateLocks.ratePaisePerGram} + 100000` })
      .where(eq(schema.rateLocks.id, lock.id));
    const k22 = await createProduct(db(), { karat: 22, metalWeightMg: 3_000 });
    const k18 = await createProduct(db(), { karat: 18, metalWeightMg: 3_000, purities: [18] });
    for (const p of [k22, k18])
      await postForm(t.app, '/api/cart/add', { cart_product_id: p.id, cart_quantity: 1, cart_user_id: who.userId }, { cookie: who.cookie, ip: who.ip });
    const cart = (await get(`/api/cart/find-by-user-id/${who.userId}`, who.cookie)).json() as {
      productId: number;
      product_price_paise: number;
      rate_lock: { lockedRatePaisePerGram: number } | null;
    }[];
    const today = await gold22Rate();
    expect(cart.find((l) => l.productId === k22.id)!.rate_lock!.lockedRatePaisePerGram).toBe(today);
    expect(cart.find((l) => l.productId === k18.id)!.rate_lock).toBeNull();
    const page = (await get(`/api/product/find-by-id/${k22.id}`)).json();
    expect(cart.find((l) => l.productId === k22.id)!.product_price_paise).toBe(page.data.product_price_paise);
  });

  it('gives the grams and advance back to a live lock when the order is cancelled', async () => {
    const who = await createShopper(t.app);
    const lock = await liveLock(who);
    const piece = await createProduct(db(), { karat: 22, metalWeightMg: 5_000 });
    const placed = await placeOrder(t.app, who, { productId: piece.id });
    expect(placed.statusCode, placed.body).toBe(200);
    expect((await mine(who, lock.id)).usedMg).toBe(5_000);
    const cancelled = await post(`/api/orders/${placed.json().orderNumber}/cancel`, {}, who.cookie);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const after = await mine(who, lock.id);
    expect(after).toMatchObject({ usedMg: 0, leftMg: 10_000, advanceUsedPaise: 0 });
    expect(after.uses[0]!.returned).toBe(true);
  });

  it('lets concurrent checkouts of one shopper use the lock once: never more grams or advance than it has', async () => {
    const who = await createShopper(t.app);
    const lock = await liveLock(who);
    const piece = await createProduct(db(), { karat: 22, metalWeightMg: 6_000 });
    await postForm(t.app, '/api/cart/add', { cart_product_id: piece.id, cart_quantity: 1, cart_user_id: who.userId }, { cookie: who.cookie, ip: who.ip });
    const tries = await Promise.all(
      [1, 2, 3, 4].map((i) => placeOrder(t.app, { ...who, ip: `10.42.0.${i}` }, { pay: false, fields: { idempotencyKey: `rate-lock-race-${who.id}-${i}` } })),
    );
    expect(tries.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of tries.filter((x) => x.statusCode !== 200)) expect(r.statusCode, r.body).toBeLessThan(500);
    const after = await mine(who, lock.id);
    expect(after.usedMg).toBe(6_000);
    expect(after.uses).toHaveLength(1);
  });

  it('takes grams in one statement that checks what is left: stale plans racing each other cannot overdraw a lock', async () => {
    const who = await createShopper(t.app);
    const lock = await liveLock(who);
    const customerId = who.id;
    // Three orders planned from the same reading of the lock (4 g each of 10 g), taken at once.
    const held = await db().transaction((tx) => heldRateLocks(tx, customerId, new Date()));
    const plan = rateLockPlan([{ metal: 'gold', purity: 22, weightMg: 4_000, quantity: 1 }], held);
    const orderIds: number[] = [];
    for (let i = 0; i < 3; i++) orderIds.push((await createOrder(db(), { customerId })).id);
    const outcomes = await Promise.all(
      orderIds.map((orderId) =>
        db()
          .transaction((tx) => useRateLocks(tx, customerId, orderId, plan.uses, new Date()))
          .then(
            () => 'taken',
            (error: unknown) => (error instanceof DomainError ? error.code : String(error)),
          ),
      ),
    );
    expect(outcomes.sort()).toEqual(['RATE_LOCK_CHANGED', 'taken', 'taken']);
    const after = await mine(who, lock.id);
    expect(after.usedMg).toBe(8_000);
    expect(after.advanceUsedPaise).toBe(plan.uses[0]!.advancePaise * 2);
  });
});

describe('a weight difference at packing under a lock (issue 42)', () => {
  it('moves the locked grams at the rate they were priced at, and leaves the lock’s grams used as bought', async () => {
    const who = await createShopper(t.app);
    const lock = await liveLock(who);
    const { today, locked } = await lockedBelowToday(lock.id, 500_00);
    const piece = await createProduct(db(), { karat: 22, metalWeightMg: 6_000, makingChargeKind: 'percent', makingChargeRate: 1250 });
    const placed = await placeOrder(t.app, who, { productId: piece.id });
    expect(placed.statusCode, placed.body).toBe(200);
    const orderNumber = placed.json().orderNumber as string;
    const [line] = await db().select().from(schema.orderLines).where(eq(schema.orderLines.orderId, placed.json().orderId));
    expect(line).toMatchObject({ ratePaisePerGram: today, lockedWeightMg: 6_000, lockedRatePaisePerGram: locked });
    const settings = (await db().select().from(schema.storeSettings))[0]!;
    const tolerance = Number(settings.weightTolerancePercent);
    const gst = Number(settings.gstPercent);
    const expected = weightDifference(6_000, 5_600, today, tolerance, gst, { percentHundredths: 1250, lock: { weightMg: 6_000, ratePaisePerGram: locked } });
    // 0.4 g at the locked rate, not the day's (Rs 500 a gram more), with its 12.5 % making and GST.
    expect(expected.metalPaise).toBe((400 * locked) / 1000);
    expect(weightDifference(6_000, 5_600, today, tolerance, gst, { percentHundredths: 1250 }).amountPaise - expected.amountPaise).toBe(
      Math.round(0.4 * 500_00 * 1.125 * 1.03),
    );

    const desk = (await createStaff(t.app, { role: 'orders' })).cookie;
    const accounts = (await createStaff(t.app, { role: 'accounts' })).cookie;
    const url = `/api/admin/orders/${orderNumber}`;
    const packed = await t.app.inject({
      method: 'POST',
      url: `${url}/pieces`,
      headers: { cookie: desk },
      payload: { pieces: [{ lineId: line!.id, huid: testHuid(), netWeightMg: 5_600, grossWeightMg: 5_800 }] },
    });
    expect(packed.statusCode, packed.body).toBe(200);
    const [refund] = packed.json().adjustments;
    expect(refund).toMatchObject({ kind: 'refund', amountPaise: expected.amountPaise });
    expect(refund.reason).toContain(`${formatRupees(locked)}/g (the rate lock's)`);
    const approved = await t.app.inject({ method: 'POST', url: `${url}/adjustments/${refund.id}/approve`, headers: { cookie: accounts }, payload: {} });
    expect(approved.statusCode, approved.body).toBe(200);
    const [queued] = await db()
      .select()
      .from(schema.refunds)
      .where(eq(schema.refunds.idempotencyKey, `adjust-refund-${refund.id}`));
    expect(queued!.amountPaise).toBe(expected.amountPaise);
    // The grams stay used as bought (decision 059): the missing ones were refunded at their locked rate.
    expect(await mine(who, lock.id)).toMatchObject({ usedMg: 6_000, leftMg: 4_000 });
  });
});

describe('the end of a lock', () => {
  it('refunds the unused advance through the gateway once, as the terms said, and mails it', async () => {
    const who = await createShopper(t.app);
    const lock = await liveLock(who);
    const piece = await createProduct(db(), { karat: 22, metalWeightMg: 2_500 });
    expect((await placeOrder(t.app, who, { productId: piece.id })).statusCode).toBe(200);
    const used = (await mine(who, lock.id)).advanceUsedPaise;
    await db()
      .update(schema.rateLocks)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(schema.rateLocks.id, lock.id));
    const [first, second] = [await t.app.rateLockKeeper.run(), await t.app.rateLockKeeper.run()];
    expect(first.ended).toBeGreaterThanOrEqual(1);
    expect(second.ended).toBe(0);
    const after = await mine(who, lock.id);
    expect(after).toMatchObject({ status: 'Ended', leftMg: 0 });
    const [row] = await db().select().from(schema.rateLocks).where(eq(schema.rateLocks.id, lock.id));
    expect(row!.advanceRefundedPaise).toBe(lock.advancePaise - used);
    const [payment] = await db()
      .select()
      .from(schema.payments)
      .where(and(eq(schema.payments.rateLockId, lock.id), eq(schema.payments.purpose, 'rate_lock')));
    const refunds = await db().select().from(schema.refunds).where(eq(schema.refunds.paymentId, payment!.id));
    expect(refunds.map((r) => r.amountPaise)).toEqual([lock.advancePaise - used]);
    expect(refunds[0]!.idempotencyKey).toBe(`rate-lock-end-${lock.id}`);
    expect(refunds[0]!.status).not.toBe('failed');
    const mails = await db().select().from(schema.mailOutbox).where(eq(schema.mailOutbox.toAddress, who.email));
    expect(mails.map((m) => m.kind)).toContain('rate-lock-ended');
    // An ended lock prices nothing more.
    const next = await createProduct(db(), { karat: 22, metalWeightMg: 1_000 });
    await postForm(t.app, '/api/cart/add', { cart_product_id: next.id, cart_quantity: 1, cart_user_id: who.userId }, { cookie: who.cookie, ip: who.ip });
    expect((await get(`/api/cart/find-by-user-id/${who.userId}`, who.cookie)).json()[0].rate_lock).toBeNull();
  });

  it('keeps the unused advance when the terms the lock was taken on said so', async () => {
    const owner = await createStaff(t.app, { role: 'owner' });
    const saved = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/settings',
      headers: { cookie: owner.cookie },
      payload: { rateLockUnusedAdvance: 'keep' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      const who = await createShopper(t.app);
      const lock = await liveLock(who);
      await db()
        .update(schema.rateLocks)
        .set({ endsAt: new Date(Date.now() - 1000) })
        .where(eq(schema.rateLocks.id, lock.id));
      await t.app.rateLockKeeper.run();
      const [row] = await db().select().from(schema.rateLocks).where(eq(schema.rateLocks.id, lock.id));
      expect(row).toMatchObject({ status: 'Ended', advanceKeptPaise: lock.advancePaise, advanceRefundedPaise: 0 });
    } finally {
      await t.app.inject({ method: 'PATCH', url: '/api/admin/settings', headers: { cookie: owner.cookie }, payload: { rateLockUnusedAdvance: 'refund' } });
    }
  });

  it('cancels a lock not paid in time, and its payment with it', async () => {
    const who = await createShopper(t.app);
    const made = await post('/api/rate-locks', { metal: 'gold', purity: 24, grams: 2, period: 30 }, who.cookie);
    expect(made.statusCode, made.body).toBe(200);
    await db()
      .update(schema.rateLocks)
      .set({ createdAt: new Date(Date.now() - 2 * 60 * 60_000) })
      .where(eq(schema.rateLocks.id, made.json().lock.id));
    await t.app.paymentKeeper.run();
    expect((await mine(who, made.json().lock.id)).status).toBe('Cancelled');
    const again = await post(`/api/rate-locks/${made.json().lock.id}/pay`, {}, who.cookie);
    expect(again.statusCode).toBe(409);
  });
});

describe('the settings and the desk', () => {
  it('take the periods as typed, refuse nonsense, and show locks to the accounts desk only', async () => {
    const owner = await createStaff(t.app, { role: 'owner' });
    const patch = (payload: object) => t.app.inject({ method: 'PATCH', url: '/api/admin/settings', headers: { cookie: owner.cookie }, payload });
    const ok = await patch({ rateLockPeriods: '180, 30,90, 30' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().settings.rateLockPeriods).toBe('30, 90, 180');
    expect((await patch({ rateLockPeriods: 'soon' })).statusCode).toBe(400);
    expect((await patch({ rateLockAdvancePercent: 0 })).statusCode).toBe(400);
    expect((await patch({ rateLockUnusedAdvance: 'donate' })).statusCode).toBe(400);

    const who = await createShopper(t.app);
    const lock = await liveLock(who, { metal: 'platinum', purity: 950, grams: 5, period: 30 });
    const accounts = await createStaff(t.app, { role: 'accounts' });
    const list = await t.app.inject({ url: `/api/admin/rate-locks?q=${encodeURIComponent(who.email)}`, headers: { cookie: accounts.cookie } });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toMatchObject([{ id: lock.id, status: 'Live', lockedMg: 5_000, customer: { email: who.email } }]);
    const catalogue = await createStaff(t.app, { role: 'catalogue' });
    expect((await t.app.inject({ url: '/api/admin/rate-locks', headers: { cookie: catalogue.cookie } })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/rate-locks?status=Sold', headers: { cookie: accounts.cookie } })).statusCode).toBe(400);
  });
});

describe('attacks (issue 42 review)', () => {
  it('cancels an order that used a lock after the lock ended: its advance refunded once, never a 500', async () => {
    const who = await createShopper(t.app);
    const lock = await liveLock(who);
    const piece = await createProduct(db(), { karat: 22, metalWeightMg: 4_000 });
    const placed = await placeOrder(t.app, who, { productId: piece.id });
    expect(placed.statusCode, placed.body).toBe(200);
    const used = (await mine(who, lock.id)).advanceUsedPaise;
    expect(used).toBeGreaterThan(0);
    await db()
      .update(schema.rateLocks)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(schema.rateLocks.id, lock.id));
    await t.app.rateLockKeeper.run();
    const cancelled = await post(`/api/orders/${placed.json().orderNumber}/cancel`, {}, who.cookie);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [row] = await db().select().from(schema.rateLocks).where(eq(schema.rateLocks.id, lock.id));
    // The whole advance went back: the unused part at the end, the order's part on the cancel; none of it counts as used.
    expect(row).toMatchObject({ status: 'Ended', advanceUsedPaise: 0, advanceRefundedPaise: lock.advancePaise, advanceKeptPaise: 0 });
    const [payment] = await db()
      .select()
      .from(schema.payments)
      .where(and(eq(schema.payments.rateLockId, lock.id), eq(schema.payments.purpose, 'rate_lock')));
    const refunds = await db().select().from(schema.refunds).where(eq(schema.refunds.paymentId, payment!.id));
    expect(refunds.map((r) => r.amountPaise).sort((a, b) => a - b)).toEqual([used, lock.advancePaise - used].sort((a, b) => a - b));
  });

  it('does not let a cancelled order lift the grams held under locks above the cap', async () => {
    const who = await createShopper(t.app);
    const first = await liveLock(who, { metal: 'gold', purity: 22, grams: 40, period: 30 });
    // An order left unpaid takes 15 g of the lock: those grams come back if it is cancelled, so they are still held.
    const piece = await createProduct(db(), { karat: 22, metalWeightMg: 15_000 });
    const placed = await placeOrder(t.app, who, { productId: piece.id, pay: false });
    expect(placed.statusCode, placed.body).toBe(200);
    expect((await mine(who, first.id)).usedMg).toBe(15_000);
    const over = await post('/api/rate-locks', { metal: 'gold', purity: 22, grams: 25, period: 30 }, who.cookie);
    expect(over.statusCode, over.body).toBe(400);
    expect(over.json()).toMatchObject({
      code: 'RATE_LOCK_OVER_CAP',
      message:
        'Rate locks cover at most 50 g at a time. Your locks already hold 40 g (with 15 g in orders not yet delivered, which a cancel gives back), so you can lock 10 g more.',
    });
    expect((await post('/api/rate-locks', { metal: 'gold', purity: 22, grams: 10, period: 30 }, who.cookie)).statusCode).toBe(200);
    const cancelled = await post(`/api/orders/${placed.json().orderNumber}/cancel`, {}, who.cookie);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const held = (await get('/api/rate-locks', who.cookie)).json().data as Lock[];
    expect(held.filter((l) => l.status === 'Live' || l.status === 'Pending payment').reduce((n, l) => n + l.lockedMg - l.usedMg, 0)).toBe(50_000);
  });

  it('refunds a lock’s advance once in all when its end races the cancel of the order that used it', async () => {
    const who = await createShopper(t.app);
    const lock = await liveLock(who);
    const piece = await createProduct(db(), { karat: 22, metalWeightMg: 3_000 });
    const placed = await placeOrder(t.app, who, { productId: piece.id });
    expect(placed.statusCode, placed.body).toBe(200);
    await db()
      .update(schema.rateLocks)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(schema.rateLocks.id, lock.id));
    const [, cancelled] = await Promise.all([t.app.rateLockKeeper.run(), post(`/api/orders/${placed.json().orderNumber}/cancel`, {}, who.cookie)]);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await t.app.rateLockKeeper.run();
    const [row] = await db().select().from(schema.rateLocks).where(eq(schema.rateLocks.id, lock.id));
    expect(row).toMatchObject({ status: 'Ended', usedMg: expect.any(Number), advanceUsedPaise: 0, advanceRefundedPaise: lock.advancePaise });
    const [payment] = await db()
      .select()
      .from(schema.payments)
      .where(and(eq(schema.payments.rateLockId, lock.id), eq(schema.payments.purpose, 'rate_lock')));
    const refunds = await db().select().from(schema.refunds).where(eq(schema.refunds.paymentId, payment!.id));
    expect(refunds.reduce((n, r) => n + r.amountPaise, 0)).toBe(lock.advancePaise);
  });
});
