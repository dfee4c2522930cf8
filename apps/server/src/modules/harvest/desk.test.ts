/**
 * The Harvest desk (issue 19, permission 'accounts'): the list and the plan page, reminders (the daily job claims
 * each atomically; staff send one now), maturity with instalments unpaid, closing with refunds exactly once, and
 * the 365-day limit at checkout. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { schema } from '@milli/db';
import { AdminHarvestPageSchema, AdminHarvestPlanSchema } from '@milli/contracts/schemas';
import { indianDate } from '@milli/pricing';
import { createTestApp, type TestApp } from '../../testing.ts';
import { createShopper, createStaff, payThroughDemo, type TestStaff } from '../../testing-factories.ts';
import { createDemoGateway } from '../payments/demo-gateway.ts';
import { redeemableBalance } from './service.ts';
import { DomainError } from '../../domain-error.ts';
import { createSettingsService } from '../settings/service.ts';
import { harvestDailyPass } from './desk.ts';

const gateway = createDemoGateway();
let t: TestApp;
let owner: TestStaff;
let accounts: TestStaff;
let catalogue: TestStaff;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({ seed: false, gateway });
  owner = await createStaff(t.app, { role: 'owner' });
  accounts = await createStaff(t.app, { role: 'accounts' });
  catalogue = await createStaff(t.app, { role: 'catalogue' });
}, 120_000);
afterAll(() => t?.close());

const send = (method: 'GET' | 'POST', url: string, who: { cookie: string } | null, payload?: object) =>
  t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });
const db = () => t.database.db;
const mailsTo = (address: string, kind: string) =>
  db()
    .select()
    .from(schema.mailOutbox)
    .where(and(eq(schema.mailOutbox.toAddress, address), eq(schema.mailOutbox.kind, kind)));
const planRow = async (id: number) => (await db().select().from(schema.harvestPlans).where(eq(schema.harvestPlans.id, id)))[0]!;
const refundsOf = (customerId: number) => db().select().from(schema.refunds).where(eq(schema.refunds.customerId, customerId));

/** A customer enrolled for Rs. 2,000 a month who paid the first instalment (Rs. 1,000) through the demo gateway. */
async function payingCustomer(opts: { pay?: boolean } = {}) {
  const who = await createShopper(t.app);
  const enrol = await t.app.inject({
    method: 'POST',
    url: '/api/harvest/enrol',
    headers: { cookie: who.cookie },
    payload: { monthlyAmount: 2000, email: who.email },
  });
  expect(enrol.statusCode, enrol.body).toBe(200);
  const plan = enrol.json().plan as { id: number; instalments: { id: number }[] };
  if (opts.pay !== false) {
    const started = await t.app.inject({ method: 'POST', url: `/api/harvest/instalments/${plan.instalments[0]!.id}/pay`, headers: { cookie: who.cookie } });
    expect(started.statusCode, started.body).toBe(200);
    const paid = await payThroughDemo(t.app, who, started.json().payment.gatewayOrderId);
    expect(paid.statusCode, paid.body).toBe(200);
  }
  return { who, plan };
}

/** Moves the next due instalment's date (days from today, negative: late). */
async function dueIn(planId: number, number: number, days: number) {
  await db()
    .update(schema.harvestInstalments)
    .set({ dueDate: indianDate(new Date(Date.now() + days * DAY)) })
    .where(and(eq(schema.harvestInstalments.planId, planId), eq(schema.harvestInstalments.number, number)));
}

describe('who may work the Harvest desk', () => {
  it('refuses a guest and a customer (401) and a member without the accounts permission (403)', async () => {
    const { who, plan } = await payingCustomer({ pay: false });
    for (const [method, url, body] of [
      ['GET', '/api/admin/harvest/plans'],
      ['GET', `/api/admin/harvest/plans/${plan.id}`],
      ['POST', `/api/admin/harvest/plans/${plan.id}/remind`],
      ['POST', `/api/admin/harvest/plans/${plan.id}/close`, { reason: 'Asked to close', refund: true }],
    ] as const) {
      expect((await send(method, url, null, body)).statusCode, `${method} ${url} guest`).toBe(401);
      expect((await send(method, url, who, body)).statusCode, `${method} ${url} customer`).toBe(401);
      const refused = await send(method, url, catalogue, body);
      expect(refused.statusCode, `${method} ${url} catalogue`).toBe(403);
      expect(refused.json().code).toBe('PERMISSION_DENIED');
    }
    expect((await planRow(plan.id)).status).toBe('Active');
    expect((await send('GET', '/api/admin/harvest/plans', owner)).statusCode).toBe(200);
  });

  it('answers 400 for bad input and 404 for no such plan', async () => {
    expect((await send('GET', '/api/admin/harvest/plans?due=later', accounts)).statusCode).toBe(400);
    expect((await send('GET', '/api/admin/harvest/plans?status=Open', accounts)).statusCode).toBe(400);
    expect((await send('GET', '/api/admin/harvest/plans/abc', accounts)).statusCode).toBe(400);
    expect((await send('GET', '/api/admin/harvest/plans/99999999', accounts)).statusCode).toBe(404);
    const { plan } = await payingCustomer({ pay: false });
    const noReason = await send('POST', `/api/admin/harvest/plans/${plan.id}/close`, accounts, { reason: '', refund: true });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toMatch(/reason/);
  });
});

describe('the list and the plan page', () => {
  it('lists plans with the customer, paid count, next due, overdue days, maturity and the 365-day limit; searched and filtered', async () => {
    const { who, plan } = await payingCustomer();
    await dueIn(plan.id, 2, -4);
    const page = (await send('GET', `/api/admin/harvest/plans?q=${encodeURIComponent(who.email)}`, accounts)).json();
    expect(AdminHarvestPageSchema.safeParse(page).success).toBe(true);
    expect(page.total).toBe(1);
    const row = page.data[0];
    expect(row).toMatchObject({
      id: plan.id,
      status: 'Active',
      monthlyAmountPaise: 200_000,
      paidCount: 1,
      paidPaise: 100_000,
      overdueDays: 4,
      mustClose: false,
      balancePaise: 0,
    });
    expect(row.customer.email).toBe(who.email);
    expect(row.daysToLimit).toBeGreaterThanOrEqual(364);
    expect((await send('GET', `/api/admin/harvest/plans?q=${plan.id}`, accounts)).json().data.map((r: { id: number }) => r.id)).toContain(plan.id);
    const overdue = (await send('GET', '/api/admin/harvest/plans?due=overdue&perPage=100', accounts)).json().data.map((r: { id: number }) => r.id);
    expect(overdue).toContain(plan.id);
    const soon = (await send('GET', '/api/admin/harvest/plans?due=due-soon&perPage=100', accounts)).json().data.map((r: { id: number }) => r.id);
    expect(soon).not.toContain(plan.id);
    expect((await send('GET', `/api/admin/harvest/plans?status=Matured&q=${encodeURIComponent(who.email)}`, accounts)).json().total).toBe(0);

    const detail = await send('GET', `/api/admin/harvest/plans/${plan.id}`, accounts);
    expect(detail.statusCode, detail.body).toBe(200);
    const body = detail.json();
    expect(AdminHarvestPlanSchema.safeParse(body).success).toBe(true);
    expect(body.instalments).toHaveLength(11);
    expect(body.instalments[0]).toMatchObject({ status: 'Paid', payment: { amountPaise: 100_000, status: 'paid' } });
    expect(body.refundablePaise).toBe(100_000);
  });
});

describe('reminders', () => {
  it('lets staff send one for the next unpaid instalment, never twice in a day, and refuses when nothing is due', async () => {
    const { who, plan } = await payingCustomer();
    // A plan that takes nothing more (closed here) has nothing to remind of.
    const closedOne = await payingCustomer();
    await db().update(schema.harvestPlans).set({ status: 'Cancelled' }).where(eq(schema.harvestPlans.id, closedOne.plan.id));
    const nothing = await send('POST', `/api/admin/harvest/plans/${closedOne.plan.id}/remind`, accounts);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toMatch(/takes no more instalments/);
    await db()
      .update(schema.harvestPlans)
      .set({ status: 'Active', maturesAt: new Date(Date.now() - DAY) })
      .where(eq(schema.harvestPlans.id, closedOne.plan.id));
    expect((await send('POST', `/api/admin/harvest/plans/${closedOne.plan.id}/remind`, accounts)).json().message).toMatch(/Nothing is due/);
    await dueIn(plan.id, 2, 2);
    const sent = await send('POST', `/api/admin/harvest/plans/${plan.id}/remind`, accounts);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().reminders).toHaveLength(1);
    expect(sent.json().history.map((h: { action: string }) => h.action)).toEqual(['remind']);
    const again = await send('POST', `/api/admin/harvest/plans/${plan.id}/remind`, accounts);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/24 hours/);
    const mails = await mailsTo(who.email, 'harvest-reminder');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(`plan ${plan.id}: instalment 2 due `);
  });

  it('the daily job mails a due-soon and a late instalment once, even when two passes run at once, then again a week later', async () => {
    const soon = await payingCustomer();
    const late = await payingCustomer();
    const later = await payingCustomer();
    await dueIn(soon.plan.id, 2, 3);
    await dueIn(late.plan.id, 2, -10);
    await dueIn(later.plan.id, 2, 5);
    const at = new Date();
    const [a, b] = await Promise.all([harvestDailyPass(db(), createSettingsService(db()), at), harvestDailyPass(db(), createSettingsService(db()), at)]);
    expect(a.reminded + b.reminded).toBeGreaterThanOrEqual(2);
    expect(await mailsTo(soon.who.email, 'harvest-reminder')).toHaveLength(1);
    expect(await mailsTo(late.who.email, 'harvest-reminder')).toHaveLength(1);
    expect((await mailsTo(late.who.email, 'harvest-reminder'))[0]!.subject).toContain('overdue');
    expect(await mailsTo(later.who.email, 'harvest-reminder')).toHaveLength(0);
    await harvestDailyPass(db(), createSettingsService(db()), new Date(at.getTime() + 6 * DAY));
    expect(await mailsTo(late.who.email, 'harvest-reminder')).toHaveLength(1);
    // The keeper of the app runs the same pass; a week on, the late one is reminded again.
    await harvestDailyPass(db(), createSettingsService(db()), new Date(at.getTime() + 8 * DAY));
    expect(await mailsTo(late.who.email, 'harvest-reminder')).toHaveLength(2);
  });
});

describe('maturity with instalments unpaid', () => {
  it('matures a plan at its date with what was paid (no 11th), and closes one with nothing paid', async () => {
    const paid = await payingCustomer();
    const unpaid = await payingCustomer({ pay: false });
    const past = new Date(Date.now() - DAY);
    for (const id of [paid.plan.id, unpaid.plan.id]) await db().update(schema.harvestPlans).set({ maturesAt: past }).where(eq(schema.harvestPlans.id, id));
    await t.app.harvestKeeper.run();
    expect(await planRow(paid.plan.id)).toMatchObject({ status: 'Matured', redeemableBalancePaise: 100_000 });
    expect(await planRow(unpaid.plan.id)).toMatchObject({ status: 'Cancelled', closeReason: 'Nothing was paid by the maturity date.' });
  });
});

describe('closing', () => {
  it('closes a running plan with every paid instalment refunded through the gateway, once, mailed and audited', async () => {
    const { who, plan } = await payingCustomer();
    const closed = await send('POST', `/api/admin/harvest/plans/${plan.id}/close`, accounts, { reason: 'Customer asked to stop', refund: true });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({
      status: 'Cancelled',
      refundedPaise: 100_000,
      closeReason: 'Customer asked to stop',
      closedBy: accounts.email,
      refundablePaise: 0,
    });
    const refunds = await refundsOf(who.id);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amountPaise: 100_000, status: 'processed' });
    expect(refunds[0]!.idempotencyKey).toMatch(new RegExp(`^harvest-close-${plan.id}-\\d+$`));
    expect(await mailsTo(who.email, 'harvest-closed')).toHaveLength(1);
    const again = await send('POST', `/api/admin/harvest/plans/${plan.id}/close`, accounts, { reason: 'Again', refund: true });
    expect(again.statusCode).toBe(409);
    expect(await refundsOf(who.id)).toHaveLength(1);
    // The customer sees it: the plan closed with its refund, the payment refunded.
    const mine = (await t.app.inject({ url: '/api/harvest/plans', headers: { cookie: who.cookie } })).json().data[0];
    expect(mine).toMatchObject({ status: 'Cancelled', refundedPaise: 100_000, closeReason: 'Customer asked to stop' });
    const paymentsTab = (await t.app.inject({ url: '/api/payments', headers: { cookie: who.cookie } })).json().data;
    expect(paymentsTab[0]).toMatchObject({ refundedPaise: 100_000, status: 'refunded' });
    const audit = await db()
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entity, 'harvest-plan'), eq(schema.auditLog.entityId, String(plan.id))));
    expect(audit.map((a) => a.action)).toEqual(['close']);
  });

  it('refunds exactly once when two closes arrive at once', async () => {
    const { who, plan } = await payingCustomer();
    const answers = await Promise.all(
      [1, 2].map(() => send('POST', `/api/admin/harvest/plans/${plan.id}/close`, accounts, { reason: 'Twice at once', refund: true })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await refundsOf(who.id)).toHaveLength(1);
    expect((await planRow(plan.id)).refundedPaise).toBe(100_000);
    expect(await mailsTo(who.email, 'harvest-closed')).toHaveLength(1);
  });

  it('closes without a refund when told so', async () => {
    const { who, plan } = await payingCustomer();
    const closed = await send('POST', `/api/admin/harvest/plans/${plan.id}/close`, accounts, { reason: 'Refunded by bank transfer', refund: false });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ status: 'Cancelled', refundedPaise: 0 });
    expect(await refundsOf(who.id)).toHaveLength(0);
  });

  it('refunds a matured plan only its unspent balance, never more than the customer paid', async () => {
    // Paid Rs. 1,000; matured (by hand) with Rs. 600 left of what it could spend: Rs. 600 goes back.
    const partly = await payingCustomer();
    await db().update(schema.harvestPlans).set({ status: 'Matured', redeemableBalancePaise: 60_000 }).where(eq(schema.harvestPlans.id, partly.plan.id));
    const one = await send('POST', `/api/admin/harvest/plans/${partly.plan.id}/close`, accounts, { reason: 'Closing the rest', refund: true });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().refundedPaise).toBe(60_000);
    expect((await refundsOf(partly.who.id)).map((r) => r.amountPaise)).toEqual([60_000]);
    // A balance larger than what was paid (the store's additions) gives back only what was paid.
    const whole = await payingCustomer();
    await db().update(schema.harvestPlans).set({ status: 'Matured', redeemableBalancePaise: 150_000 }).where(eq(schema.harvestPlans.id, whole.plan.id));
    const two = await send('POST', `/api/admin/harvest/plans/${whole.plan.id}/close`, accounts, { reason: 'Closing', refund: true });
    expect(two.json().refundedPaise).toBe(100_000);
  });
});

describe('the 365-day limit', () => {
  it('refuses to spend a balance past 365 days from the first payment, shows the plan as must-close, and tells the customer', async () => {
    const { who, plan } = await payingCustomer();
    const longAgo = new Date(Date.now() - 370 * DAY);
    await db()
      .update(schema.harvestInstalments)
      .set({ paidAt: longAgo })
      .where(and(eq(schema.harvestInstalments.planId, plan.id), eq(schema.harvestInstalments.number, 1)));
    await db()
      .update(schema.harvestPlans)
      .set({ status: 'Matured', redeemableBalancePaise: 100_000, startedAt: longAgo, maturesAt: new Date(Date.now() - 20 * DAY) })
      .where(eq(schema.harvestPlans.id, plan.id));
    const refused = await redeemableBalance(db(), who.id).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).code).toBe('HARVEST_EXPIRED');
    expect((refused as DomainError).message).toMatch(/365 days/);
    const row = (await send('GET', `/api/admin/harvest/plans?q=${encodeURIComponent(who.email)}`, accounts)).json().data[0];
    expect(row).toMatchObject({ mustClose: true });
    expect(row.daysToLimit).toBeLessThan(0);
    const mine = (await t.app.inject({ url: '/api/harvest/plans', headers: { cookie: who.cookie } })).json().data[0];
    expect(mine).toMatchObject({ pastLimit: true, balancePaise: 100_000 });
  });

  it('still spends a plan within the limit', async () => {
    const { who, plan } = await payingCustomer();
    await db().update(schema.harvestPlans).set({ status: 'Matured', redeemableBalancePaise: 100_000 }).where(eq(schema.harvestPlans.id, plan.id));
    expect(await redeemableBalance(db(), who.id)).toBe(100_000);
  });
});
