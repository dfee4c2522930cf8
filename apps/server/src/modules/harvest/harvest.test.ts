import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { schema } from '@milli/db';
import { createTestApp, postForm, type TestApp } from '../../testing.ts';
import { createShopper, payThroughDemo, type TestShopper } from '../../testing-factories.ts';
import { createDemoGateway } from '../payments/demo-gateway.ts';
import { createPaymentService } from '../payments/service.ts';
import { createOrder } from '../orders/testing.ts';
import { createHarvestService, instalmentPaymentHandler, redeemableBalance, spendBalance } from './service.ts';
import { createSettingsService } from '../settings/service.ts';

// The test's own demo gateway: refunds are processed at once, and its webhooks are delivered by `deliverWebhooks`.
const gateway = createDemoGateway();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false, gateway });
});
afterAll(() => t?.close());

const customer = () => createShopper(t.app);

const post = (url: string, body: object, cookie?: string) =>
  t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, payload: JSON.stringify(body) });
const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });
const payments = (planId: number) => t.database.db.select().from(schema.payments).where(eq(schema.payments.harvestPlanId, planId));

let delivered = 0;
/** Posts the simulator's webhooks not yet delivered, as Razorpay would send them. */
async function deliverWebhooks() {
  const all = gateway.simulator.deliveries();
  for (const d of all.slice(delivered)) {
    const res = await t.rawInject({
      method: 'POST',
      url: '/api/payments/razorpay/webhook',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': d.signature, 'x-razorpay-event-id': d.eventId },
      payload: d.body,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  delivered = all.length;
}

async function enrolled(monthlyAmount = 2000) {
  const who = await customer();
  const res = await post('/api/harvest/enrol', { monthlyAmount, email: who.email }, who.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return { ...who, plan: res.json().plan };
}

/** Starts paying an instalment: the gateway order to pay in the checkout. */
async function startPay(who: Pick<TestShopper, 'cookie'>, instalmentId: number) {
  return t.app.inject({ method: 'POST', url: `/api/harvest/instalments/${instalmentId}/pay`, headers: { cookie: who.cookie } });
}

/** Pay, the demo checkout with `instrument`, verify: the verify (or the refused checkout's) answer. */
async function payInstalment(who: TestShopper, instalmentId: number, instrument = 'card_success') {
  const started = await startPay(who, instalmentId);
  expect(started.statusCode, started.body).toBe(200);
  return { started: started.json(), paid: await payThroughDemo(t.app, who, started.json().payment.gatewayOrderId, instrument) };
}

describe('enrolling', () => {
  it('starts a plan of ten instalments, the first at half price, the 11th free, and mails it', async () => {
    const who = await customer();
    const res = await post('/api/harvest/enrol', { monthlyAmount: '2,000', email: ` ${who.email.toUpperCase()} ` }, who.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const plan = res.json().plan;
    expect(plan).toMatchObject({
      status: 'Active',
      monthlyAmountPaise: 200_000,
      email: who.email,
      youPayPaise: 1_900_000,
      storeAddsPaise: 300_000,
      redeemablePaise: 2_200_000,
      balancePaise: 0,
    });
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

describe('paying instalments through the gateway', () => {
  it('answers the gateway order for the next due instalment; the checkout and verify mark it Paid, with one mail', async () => {
    const who = await enrolled();
    const first = who.plan.instalments[0].id;
    const started = await startPay(who, first);
    expect(started.statusCode, started.body).toBe(200);
    const answer = started.json();
    expect(answer).toMatchObject({
      message: 'Pay instalment 1 of 10 in the payment window.',
      payment: { gateway: 'demo', amountPaise: 100_000, currency: 'INR', keyId: 'rzp_test_MilliDemo' },
    });
    expect(answer.plan.instalments[0].status).toBe('Due');
    expect(answer.payment.gatewayOrderId).toMatch(/^order_/);
    // No card ever reaches the store: the payment row holds the gateway's order, nothing of a card.
    const [row] = await payments(who.plan.id);
    expect(row).toMatchObject({
      status: 'created',
      amountPaise: 100_000,
      purpose: 'harvest_instalment',
      harvestInstalmentId: first,
      gatewayOrderId: answer.payment.gatewayOrderId,
    });

    // Pay again before paying: the same payment and the same gateway order.
    const again = await startPay(who, first);
    expect(again.json()).toMatchObject({ paymentId: answer.paymentId, payment: { gatewayOrderId: answer.payment.gatewayOrderId } });

    const verified = await payThroughDemo(t.app, who, answer.payment.gatewayOrderId);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({
      purpose: 'harvest_instalment',
      harvestPlanId: who.plan.id,
      replayed: false,
      message: 'Payment received: your Milli Harvest instalment is paid.',
    });

    const plan = (await get('/api/harvest/plans', who.cookie)).json().data[0];
    expect(plan.instalments[0]).toMatchObject({ status: 'Paid' });
    expect(plan.paidPaise).toBe(100_000);
    expect(plan.nextDueId).toBe(who.plan.instalments[1].id);
    const rows = await payments(who.plan.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'paid', method: 'Visa •••• 1111' });
    const mails = await t.database.db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.toAddress, who.email));
    expect(mails.filter((m) => m.kind === 'harvest-instalment-paid')).toHaveLength(1);

    // The instalment is paid: paying it again is refused.
    expect((await startPay(who, first)).statusCode).toBe(409);
  });

  it('changes nothing when the same payment is verified twice, or when its webhooks arrive after the verify', async () => {
    const who = await enrolled();
    const started = (await startPay(who, who.plan.instalments[0].id)).json();
    const checkout = await postForm(
      t.app,
      '/api/payments/demo/checkout',
      { gatewayOrderId: started.payment.gatewayOrderId, instrument: 'upi_success' },
      { cookie: who.cookie },
    );
    expect(checkout.statusCode, checkout.body).toBe(200);
    const first = await postForm(t.app, '/api/payments/razorpay/verify', checkout.json(), { cookie: who.cookie });
    expect(first.statusCode, first.body).toBe(200);
    const second = await postForm(t.app, '/api/payments/razorpay/verify', checkout.json(), { cookie: who.cookie });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ replayed: true });
    await deliverWebhooks();

    const rows = await payments(who.plan.id);
    expect(rows.map((r) => [r.status, r.method])).toEqual([['paid', 'UPI']]);
    const plan = (await get('/api/harvest/plans', who.cookie)).json().data[0];
    expect(plan.instalments.filter((i: { status: string }) => i.status === 'Paid')).toHaveLength(1);
    const mails = await t.database.db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.toAddress, who.email));
    expect(mails.filter((m) => m.kind === 'harvest-instalment-paid')).toHaveLength(1);
    expect(await t.database.db.select().from(schema.refunds).where(eq(schema.refunds.customerId, who.id))).toEqual([]);
  });

  it('leaves the instalment Due after a declined instrument, says why in My Account → Payments, then takes another try', async () => {
    const who = await enrolled();
    const first = who.plan.instalments[0].id;
    const { started, paid: declined } = await payInstalment(who, first, 'card_declined');
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({ code: 'PAYMENT_DECLINED' });
    const reason = declined.json().message as string;
    expect(reason).toBeTruthy();
    await deliverWebhooks();
    expect((await get('/api/harvest/plans', who.cookie)).json().data[0].instalments[0].status).toBe('Due');

    const listed = (await get('/api/payments', who.cookie)).json().data;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      purpose: 'harvest_instalment',
      description: 'Milli Harvest instalment 1 of 10',
      status: 'created',
      failureReason: reason,
      amountPaise: 100_000,
    });

    // The same payment (and gateway order) takes the next attempt.
    const retry = await payInstalment(who, first, 'netbanking_success');
    expect(retry.started.payment.gatewayOrderId).toBe(started.payment.gatewayOrderId);
    expect(retry.paid.statusCode, retry.paid.body).toBe(200);
    const after = (await get('/api/payments', who.cookie)).json().data;
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ status: 'paid', failureReason: null, refunds: [], refundedPaise: 0 });
    expect((await get('/api/harvest/plans', who.cookie)).json().data[0].instalments[0].status).toBe('Paid');
  });

  it('pays only the next due instalment, never the free 11th', async () => {
    const who = await enrolled();
    const third = await startPay(who, who.plan.instalments[2].id);
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe('Please pay instalment 1 first.');
    expect((await startPay(who, who.plan.instalments[10].id)).statusCode).toBe(409);
    expect(await payments(who.plan.id)).toHaveLength(0);
  });

  it('lets nobody start, check out or verify another customer’s instalment, and a guest nothing at all', async () => {
    const owner = await enrolled();
    const other = await customer();
    const first = owner.plan.instalments[0].id;
    const theirs = await startPay(other, first);
    expect(theirs.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/harvest/instalments/${first}/pay` })).statusCode).toBe(401);
    expect((await startPay(other, 99_999_999)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/harvest/instalments/abc/pay', headers: { cookie: other.cookie } })).statusCode).toBe(400);
    expect(await payments(owner.plan.id)).toHaveLength(0);

    // The owner's gateway order cannot be paid or verified in another customer's session.
    const started = (await startPay(owner, first)).json();
    expect((await payThroughDemo(t.app, other, started.payment.gatewayOrderId)).statusCode).toBe(404);
    const checkout = await postForm(
      t.app,
      '/api/payments/demo/checkout',
      { gatewayOrderId: started.payment.gatewayOrderId, instrument: 'card_success' },
      { cookie: owner.cookie },
    );
    expect(checkout.statusCode).toBe(200);
    expect((await postForm(t.app, '/api/payments/razorpay/verify', checkout.json(), { cookie: other.cookie })).statusCode).toBe(404);
    expect((await get('/api/harvest/plans', owner.cookie)).json().data[0].instalments[0].status).toBe('Due');
  });

  it('refunds a payment that settles after its instalment was paid by another payment', async () => {
    const who = await enrolled();
    const first = who.plan.instalments[0].id;
    const started = (await startPay(who, first)).json();
    // Meanwhile the instalment is paid another way (at the store's counter, recorded as its own payment).
    const db = t.database.db;
    const [counter] = await db
      .insert(schema.payments)
      .values({
        customerId: who.id,
        purpose: 'harvest_instalment',
        amountPaise: 100_000,
        gateway: 'demo',
        idempotencyKey: `counter:${first}`,
        status: 'paid',
        method: 'Cash',
        harvestPlanId: who.plan.id,
        harvestInstalmentId: first,
        paidAt: new Date(),
      })
      .returning();
    await db
      .update(schema.harvestInstalments)
      .set({ status: 'Paid', paymentId: counter!.id, paidAt: new Date() })
      .where(eq(schema.harvestInstalments.id, first));

    // The webhook comes first and settles it (refunded); the browser's verify, and a second one, say so too.
    const checkout = await postForm(
      t.app,
      '/api/payments/demo/checkout',
      { gatewayOrderId: started.payment.gatewayOrderId, instrument: 'card_success' },
      { cookie: who.cookie },
    );
    expect(checkout.statusCode).toBe(200);
    await deliverWebhooks();
    for (let n = 0; n < 2; n++) {
      const late = await postForm(t.app, '/api/payments/razorpay/verify', checkout.json(), { cookie: who.cookie });
      expect(late.statusCode).toBe(409);
      expect(late.json()).toMatchObject({ code: 'PAYMENT_LAPSED' });
      expect(late.json().message).toBe('Instalment 1 is already paid. The payment was refunded in full.');
    }

    const listed = (await get('/api/payments', who.cookie)).json().data as { id: number; status: string; refundedPaise: number; refunds: unknown[] }[];
    const refunded = listed.find((p) => p.id === started.paymentId)!;
    expect(refunded).toMatchObject({ status: 'refunded', refundedPaise: 100_000, refunds: [{ amountPaise: 100_000, status: 'processed' }] });
    // The counter payment stays; the instalment is paid once.
    expect(listed.find((p) => p.id === counter!.id)).toMatchObject({ status: 'paid' });
    const [instalment] = await db
      .select()
      .from(schema.harvestInstalments)
      .where(and(eq(schema.harvestInstalments.id, first)));
    expect(instalment).toMatchObject({ status: 'Paid', paymentId: counter!.id });
  });
});

describe('limits', () => {
  it('takes no payment once the plan reaches its maturity date, so no money is held past it', async () => {
    const { plan, id } = await enrolled();
    const db = t.database.db;
    const later = () => new Date(Date.parse(`${plan.maturityDate}T00:00:00+05:30`));
    const settings = createSettingsService(db);
    const service = createPaymentService(db, createDemoGateway(), { now: later });
    service.register('harvest_instalment', instalmentPaymentHandler(settings));
    const harvest = createHarvestService(db, service, settings, later);
    await expect(harvest.pay(id, plan.instalments[0].id)).rejects.toMatchObject({ code: 'PLAN_AT_MATURITY' });
    expect(await payments(plan.id)).toHaveLength(0);
  });

  it('stops probing: at most 30 payment attempts an hour per customer', async () => {
    const who = await enrolled();
    for (let n = 0; n < 30; n++) {
      expect((await startPay(who, who.plan.instalments[0].id)).statusCode).toBe(200);
    }
    const blocked = await startPay(who, who.plan.instalments[0].id);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many payment attempts. Please try again in an hour.');
  });
});

describe('maturity and redeeming', () => {
  it('matures once all ten are paid and the date has come; the balance is eleven instalments and can be spent', async () => {
    const who = await enrolled(1000);
    const { plan, id } = who;
    const db = t.database.db;
    const atMaturity = new Date(Date.parse(`${plan.maturityDate}T00:00:00+05:30`) + 1000);
    // At the date but with instalments unpaid: not matured.
    expect(await redeemableBalance(db, id, atMaturity)).toBe(0);
    // Ten pays, ten checkouts, ten verifies: just within the hour's 30 payment attempts.
    for (const i of plan.instalments.slice(0, 10)) {
      const { paid } = await payInstalment(who, i.id);
      expect(paid.statusCode, paid.body).toBe(200);
    }
    // Paid up but not yet at the maturity date: nothing to spend.
    expect((await get('/api/harvest/plans', who.cookie)).json().data[0].status).toBe('Active');
    expect(await redeemableBalance(db, id)).toBe(0);

    expect(await redeemableBalance(db, id, atMaturity)).toBe(1_100_000);
    const listed = (await get('/api/harvest/plans', who.cookie)).json().data[0];
    expect(listed).toMatchObject({ status: 'Matured', balancePaise: 1_100_000, paidPaise: 950_000 });

    const [first, second] = [await createOrder(db, { customerId: id }), await createOrder(db, { customerId: id })];
    await expect(db.transaction((tx) => spendBalance(tx, id, 2_000_000, first.id, atMaturity))).rejects.toThrow(/not enough/);
    await db.transaction((tx) => spendBalance(tx, id, 600_000, first.id, atMaturity));
    expect(await redeemableBalance(db, id, atMaturity)).toBe(500_000);
    await db.transaction((tx) => spendBalance(tx, id, 500_000, second.id, atMaturity));
    expect(await redeemableBalance(db, id, atMaturity)).toBe(0);
    expect((await get('/api/harvest/plans', who.cookie)).json().data[0].status).toBe('Redeemed');
  });
});

describe('GET /api/payments', () => {
  it('lists the session customer’s own payments, newest first, and nobody else’s', async () => {
    const who = await enrolled();
    const paid = await payInstalment(who, who.plan.instalments[0].id);
    expect(paid.paid.statusCode).toBe(200);
    await payInstalment(who, who.plan.instalments[1].id, 'card_declined');
    await deliverWebhooks();
    const res = await get('/api/payments', who.cookie);
    expect(res.statusCode).toBe(200);
    const rows = res.json().data;
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ description: 'Milli Harvest instalment 2 of 10', status: 'created', method: null });
    expect(rows[0].failureReason).toBeTruthy();
    expect(rows[1]).toMatchObject({
      purpose: 'harvest_instalment',
      description: 'Milli Harvest instalment 1 of 10',
      amountPaise: 100_000,
      status: 'paid',
      method: 'Visa •••• 1111',
      orderNumber: null,
    });
    const other = await customer();
    expect((await get('/api/payments', other.cookie)).json().data).toEqual([]);
    expect((await get('/api/payments')).statusCode).toBe(401);
  });
});
