import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@milli/db';
import { createTestApp, postForm, type TestApp } from '../../testing.ts';
import { createShopper } from '../../testing-factories.ts';
import { createDemoGateway } from '../payments/gateway.ts';
import { createPaymentService } from '../payments/service.ts';
import { createOrder } from '../orders/testing.ts';
import { createHarvestService, redeemableBalance, spendBalance } from './service.ts';
import { createSettingsService } from '../settings/service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t?.close());

const GOOD = { nameOnCard: 'Asha Rao', cardNumber: '4111 1111 1111 1111', expiry: '12/40', cvv: '123' };
const DECLINED = { ...GOOD, cardNumber: '4000 0000 0000 0002' };
const key = () => `k_${randomUUID()}`;

const customer = () => createShopper(t.app);

const post = (url: string, body: object, cookie?: string) =>
  t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, payload: JSON.stringify(body) });
const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });

async function enrolled(monthlyAmount = 2000) {
  const who = await customer();
  const res = await post('/api/harvest/enrol', { monthlyAmount, email: who.email }, who.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return { ...who, plan: res.json().plan };
}

describe('enrolling', () => {
  it('starts a plan of ten instalments, the first at half price, the 11th free, and mails it', async () => {
    const who = await customer();
    const res = await post('/api/harvest/enrol', { monthlyAmount: '2,000', email: ` ${who.email.toUpperCase()} ` }, who.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const plan = res.json().plan;
    expect(plan).toMatchObject({ status: 'Active', monthlyAmountPaise: 200_000, email: who.email, youPayPaise: 1_900_000, storeAddsPaise: 300_000, redeemablePaise: 2_200_000, balancePaise: 0 });
    expect(plan.instalments).toHaveLength(11);
    expect(plan.instalments[0]).toMatchObject({ number: 1, payablePaise: 100_000, discountPaise: 100_000, status: 'Due' });
    expect(plan.instalments[10]).toMatchObject({ number: 11, payablePaise: 0, status: 'Free', dueDate: plan.maturityDate });
    expect(plan.nextDueId).toBe(plan.instalments[0].id);
    const days = (Date.parse(plan.maturityDate) - Date.parse(plan.instalments[0].dueDate)) / 86_400_000;
    expect(days).toBeLessThanOrEqual(365);
    const mails = await t.database.db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.toAddress, who.email));
    expect(mails.map((m) => m.kind)).toContain('harvest-enrolled');
    expect((await get('/api/harvest/plans', who.cookie)).json().data).toHaveLength(1);
  });

  it('refuses a guest, amounts below Rs. 1,000 or off the Rs. 500 steps, a bad e-mail, and a second running plan', async () => {
    expect((await post('/api/harvest/enrol', { monthlyAmount: 2000, email: 'a@example.in' })).statusCode).toBe(401);
    expect((await get('/api/harvest/plans')).statusCode).toBe(401);
    const who = await customer();
    const below = await post('/api/harvest/enrol', { monthlyAmount: 500, email: who.email }, who.cookie);
    expect(below.statusCode).toBe(400);
    expect(below.json().message).toBe('The monthly amount must be at least Rs. 1,000.');
    const step = await post('/api/harvest/enrol', { monthlyAmount: 1200, email: who.email }, who.cookie);
    expect(step.statusCode).toBe(400);
    expect(step.json().message).toBe('The monthly amount must be a multiple of Rs. 500.');
    const words = await post('/api/harvest/enrol', { monthlyAmount: 'lots', email: who.email }, who.cookie);
    expect(words.statusCode).toBe(400);
    const email = await post('/api/harvest/enrol', { monthlyAmount: 1000, email: 'not-an-email' }, who.cookie);
    expect(email.statusCode).toBe(400);
    expect(email.json().message).toBe('Please enter a valid e-mail address.');
    expect((await post('/api/harvest/enrol', { monthlyAmount: 1000, email: who.email }, who.cookie)).statusCode).toBe(200);
    const again = await post('/api/harvest/enrol', { monthlyAmount: 1000, email: who.email }, who.cookie);
    expect(again.statusCode).toBe(409);
    expect((await t.database.db.select().from(schema.harvestPlans).where(eq(schema.harvestPlans.customerId, who.id))).length).toBe(1);
  });

  it('takes the spec’s multipart form as well', async () => {
    const who = await customer();
    const res = await postForm(t.app, '/api/harvest/enrol', { monthlyAmount: 1500, email: who.email }, { cookie: who.cookie });
    expect(res.statusCode).toBe(200);
  });
});

describe('paying instalments', () => {
  it('says why a declined card failed, leaves the instalment due, then takes a good card once', async () => {
    const { cookie, plan, email } = await enrolled();
    const first = plan.instalments[0].id;
    const declined = await post(`/api/harvest/instalments/${first}/pay`, { ...DECLINED, idempotencyKey: key() }, cookie);
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({ message: 'Your card was declined.', code: 'PAYMENT_DECLINED' });
    expect((await get('/api/harvest/plans', cookie)).json().data[0].instalments[0].status).toBe('Due');

    const funds = await post(`/api/harvest/instalments/${first}/pay`, { ...GOOD, cardNumber: '4000000000009995', idempotencyKey: key() }, cookie);
    expect(funds.json().message).toBe('Your card has insufficient funds.');

    const k = key();
    const paid = await post(`/api/harvest/instalments/${first}/pay`, { ...GOOD, idempotencyKey: k }, cookie);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ message: 'Payment received: instalment 1 of 10 is paid.', method: 'Visa •••• 1111' });
    expect(paid.json().plan.instalments[0].status).toBe('Paid');
    expect(paid.json().plan.paidPaise).toBe(100_000);
    expect(paid.json().plan.nextDueId).toBe(plan.instalments[1].id);

    // The same click again (a retry after a lost answer) charges nothing more.
    const retry = await post(`/api/harvest/instalments/${first}/pay`, { ...GOOD, idempotencyKey: k }, cookie);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().paymentId).toBe(paid.json().paymentId);
    const rows = await t.database.db.select().from(schema.payments).where(eq(schema.payments.harvestPlanId, plan.id));
    expect(rows.map((r) => [r.status, r.amountPaise])).toEqual(
      expect.arrayContaining([
        ['failed', 100_000],
        ['failed', 100_000],
        ['paid', 100_000],
      ]),
    );
    expect(rows).toHaveLength(3);
    expect(rows.find((r) => r.status === 'failed')!.failureReason).toBe('Your card was declined.');
    // Only the brand and last four digits are kept.
    expect(JSON.stringify(rows)).not.toMatch(/4111 ?1111 ?1111|\b123\b"/);

    // Paying the same instalment with a new key is refused: it is paid.
    const twice = await post(`/api/harvest/instalments/${first}/pay`, { ...GOOD, idempotencyKey: key() }, cookie);
    expect(twice.statusCode).toBe(409);

    const mails = await t.database.db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.toAddress, email));
    expect(mails.filter((m) => m.kind === 'harvest-instalment-paid')).toHaveLength(1);
  });

  it('keeps each customer’s payment key their own: another customer’s key neither fails nor refunds their charge', async () => {
    const a = await enrolled();
    const b = await enrolled();
    const shared = key();
    const paidA = await post(`/api/harvest/instalments/${a.plan.instalments[0].id}/pay`, { ...GOOD, idempotencyKey: shared }, a.cookie);
    expect(paidA.statusCode, paidA.body).toBe(200);
    const paidB = await post(`/api/harvest/instalments/${b.plan.instalments[0].id}/pay`, { ...GOOD, idempotencyKey: shared }, b.cookie);
    expect(paidB.statusCode, paidB.body).toBe(200);
    expect(paidB.json().paymentId).not.toBe(paidA.json().paymentId);
    const rows = await t.database.db.select().from(schema.payments).where(eq(schema.payments.idempotencyKey, shared));
    expect(rows.map((r) => [r.customerId, r.status]).sort()).toEqual([[a.id, 'paid'], [b.id, 'paid']].sort());
    expect(new Set(rows.map((r) => r.gatewayRef)).size).toBe(2);
  });

  it('takes a good card under a key a declined card was tried with, and a declined card elsewhere does not touch it', async () => {
    const a = await enrolled();
    const b = await enrolled();
    const k = key();
    // B's declined card under the same key comes first; then A's own declined attempt.
    expect((await post(`/api/harvest/instalments/${b.plan.instalments[0].id}/pay`, { ...DECLINED, idempotencyKey: k }, b.cookie)).statusCode).toBe(402);
    expect((await post(`/api/harvest/instalments/${a.plan.instalments[0].id}/pay`, { ...DECLINED, idempotencyKey: k }, a.cookie)).statusCode).toBe(402);
    const good = await post(`/api/harvest/instalments/${a.plan.instalments[0].id}/pay`, { ...GOOD, idempotencyKey: k }, a.cookie);
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().plan.instalments[0].status).toBe('Paid');
    const mine = await t.database.db.select().from(schema.payments).where(eq(schema.payments.customerId, a.id));
    expect(mine.map((r) => r.status).sort()).toEqual(['failed', 'paid']);
    // The same key again answers the paid attempt and charges nothing more.
    const again = await post(`/api/harvest/instalments/${a.plan.instalments[0].id}/pay`, { ...GOOD, idempotencyKey: k }, a.cookie);
    expect(again.json().paymentId).toBe(good.json().paymentId);
  });

  it('refuses bad card fields per field, before any payment row', async () => {
    const { cookie, plan } = await enrolled();
    const res = await post(`/api/harvest/instalments/${plan.instalments[0].id}/pay`, { ...GOOD, cardNumber: '4111 1111 1111 1112', expiry: '01/20', cvv: 'abc', idempotencyKey: key() }, cookie);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(['cardNumber', 'cvv', 'expiry']);
    expect(await t.database.db.select().from(schema.payments).where(eq(schema.payments.harvestPlanId, plan.id))).toHaveLength(0);
    const noKey = await post(`/api/harvest/instalments/${plan.instalments[0].id}/pay`, GOOD, cookie);
    expect(noKey.statusCode).toBe(400);
  });

  it('pays only the next due instalment, never the free 11th', async () => {
    const { cookie, plan } = await enrolled();
    const third = await post(`/api/harvest/instalments/${plan.instalments[2].id}/pay`, { ...GOOD, idempotencyKey: key() }, cookie);
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe('Please pay instalment 1 first.');
    const free = await post(`/api/harvest/instalments/${plan.instalments[10].id}/pay`, { ...GOOD, idempotencyKey: key() }, cookie);
    expect(free.statusCode).toBe(409);
  });

  it('lets nobody pay another customer’s instalment, and a guest nothing at all', async () => {
    const { plan } = await enrolled();
    const other = await customer();
    const res = await post(`/api/harvest/instalments/${plan.instalments[0].id}/pay`, { ...GOOD, idempotencyKey: key() }, other.cookie);
    expect(res.statusCode).toBe(404);
    expect((await post(`/api/harvest/instalments/${plan.instalments[0].id}/pay`, { ...GOOD, idempotencyKey: key() })).statusCode).toBe(401);
    expect((await post('/api/harvest/instalments/abc/pay', { ...GOOD, idempotencyKey: key() }, other.cookie)).statusCode).toBe(400);
    expect((await post('/api/harvest/instalments/99999999/pay', { ...GOOD, idempotencyKey: key() }, other.cookie)).statusCode).toBe(404);
    expect(await t.database.db.select().from(schema.payments).where(eq(schema.payments.harvestPlanId, plan.id))).toHaveLength(0);
  });
});

describe('limits', () => {
  it('takes no payment once the plan reaches its maturity date, so no money is held past it', async () => {
    const { plan, id } = await enrolled();
    const db = t.database.db;
    const later = () => new Date(Date.parse(`${plan.maturityDate}T00:00:00+05:30`));
    const harvest = createHarvestService(db, createPaymentService(db, createDemoGateway(later), later), createSettingsService(db), later);
    await expect(harvest.pay(id, plan.instalments[0].id, { ...GOOD, idempotencyKey: key() })).rejects.toMatchObject({ code: 'PLAN_AT_MATURITY' });
    expect(await t.database.db.select().from(schema.payments).where(eq(schema.payments.harvestPlanId, plan.id))).toHaveLength(0);
  });

  it('stops card testing: at most 20 payment attempts an hour per customer', async () => {
    const { cookie, plan } = await enrolled();
    const url = `/api/harvest/instalments/${plan.instalments[0].id}/pay`;
    for (let n = 0; n < 20; n++) {
      expect((await post(url, { ...GOOD, cvv: 'x', idempotencyKey: key() }, cookie)).statusCode).toBe(400);
    }
    const blocked = await post(url, { ...GOOD, idempotencyKey: key() }, cookie);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many payment attempts. Please try again in an hour.');
  });
});

describe('maturity and redeeming', () => {
  it('matures once all ten are paid and the date has come; the balance is eleven instalments and can be spent', async () => {
    const { cookie, plan, id } = await enrolled(1000);
    const db = t.database.db;
    const atMaturity = new Date(Date.parse(`${plan.maturityDate}T00:00:00+05:30`) + 1000);
    // At the date but with instalments unpaid: not matured.
    expect(await redeemableBalance(db, id, atMaturity)).toBe(0);
    for (const i of plan.instalments.slice(0, 10)) {
      const res = await post(`/api/harvest/instalments/${i.id}/pay`, { ...GOOD, idempotencyKey: key() }, cookie);
      expect(res.statusCode, res.body).toBe(200);
    }
    // Paid up but not yet at the maturity date: nothing to spend.
    expect((await get('/api/harvest/plans', cookie)).json().data[0].status).toBe('Active');
    expect(await redeemableBalance(db, id)).toBe(0);

    expect(await redeemableBalance(db, id, atMaturity)).toBe(1_100_000);
    const listed = (await get('/api/harvest/plans', cookie)).json().data[0];
    expect(listed).toMatchObject({ status: 'Matured', balancePaise: 1_100_000, paidPaise: 950_000 });

    const [first, second] = [await createOrder(db, { customerId: id }), await createOrder(db, { customerId: id })];
    await expect(db.transaction((tx) => spendBalance(tx, id, 2_000_000, first.id, atMaturity))).rejects.toThrow(/not enough/);
    await db.transaction((tx) => spendBalance(tx, id, 600_000, first.id, atMaturity));
    expect(await redeemableBalance(db, id, atMaturity)).toBe(500_000);
    await db.transaction((tx) => spendBalance(tx, id, 500_000, second.id, atMaturity));
    expect(await redeemableBalance(db, id, atMaturity)).toBe(0);
    expect((await get('/api/harvest/plans', cookie)).json().data[0].status).toBe('Redeemed');
  });
});

describe('GET /api/payments', () => {
  it('lists the session customer’s own payments, newest first, and nobody else’s', async () => {
    const { cookie, plan } = await enrolled();
    await post(`/api/harvest/instalments/${plan.instalments[0].id}/pay`, { ...DECLINED, idempotencyKey: key() }, cookie);
    await post(`/api/harvest/instalments/${plan.instalments[0].id}/pay`, { ...GOOD, idempotencyKey: key() }, cookie);
    const res = await get('/api/payments', cookie);
    expect(res.statusCode).toBe(200);
    const rows = res.json().data;
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ purpose: 'harvest_instalment', description: 'Milli Harvest instalment 1 of 10', amountPaise: 100_000, status: 'paid', method: 'Visa •••• 1111' });
    expect(rows[1]).toMatchObject({ status: 'failed', failureReason: 'Your card was declined.', method: null });
    expect(Object.keys(rows[0]).sort()).toEqual(['amountPaise', 'createdAt', 'description', 'failureReason', 'id', 'method', 'paidAt', 'purpose', 'status']);
    const other = await customer();
    expect((await get('/api/payments', other.cookie)).json().data).toEqual([]);
    expect((await get('/api/payments')).statusCode).toBe(401);
  });
});
