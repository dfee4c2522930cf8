import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../lib/fake-api.ts';
import { harvestAction, loadHarvestMine, loadHarvestPitch, loadHarvestPlan } from './harvest-actions.server.ts';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const me = (path: string) => (path === '/api/auth/me' ? json(200, { userId: 7, userName: 'asha' }) : null);
const post = (fields: Record<string, string>, cookie?: string) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return new Request('http://shop.test/milli-harvest', { method: 'POST', body, headers: cookie ? { cookie } : {} });
};
function outcome(result: unknown) {
  if (result instanceof Response) return { redirect: result.headers.get('location'), cookies: result.headers.getSetCookie() };
  const { data, init } = result as { data: unknown; init?: ResponseInit | null };
  return { data, status: init?.status ?? 200, cookies: new Headers(init?.headers).getSetCookie() };
}

describe('Start Now', () => {
  it('asks a guest to log in and keeps the amount: in a cookie the browser’s summary reads back, and in the login link’s way back', async () => {
    const { api, calls } = fakeApi(() => json(401, { message: 'Please log in to continue.' }));
    const result = outcome(await harvestAction(api, post({ intent: 'enrol', monthlyAmount: '2,500', email: 'a@example.in' })));
    expect(result.status).toBe(401);
    expect(result.data).toMatchObject({ intent: 'enrol', loginNeeded: true });
    expect(result.cookies[0]).toMatch(/^milli_harvest_amount=2500; Path=\/; Max-Age=3600/);
    expect(calls.map((c) => c.path)).toEqual(['/api/auth/me']);

    const mine = await loadHarvestMine(
      fakeApi(() => json(401, {})).api,
      new Request('http://shop.test/milli-harvest/mine', { headers: { cookie: 'milli_harvest_amount=2500' } }),
    );
    expect(mine).toEqual({ signedIn: false, plan: null, email: '', amount: '2500' });
    // A cookie that is not an amount (or cannot be decoded) is no amount, never an error.
    const odd = await loadHarvestMine(
      fakeApi(() => json(401, {})).api,
      new Request('http://shop.test/milli-harvest/mine', { headers: { cookie: 'milli_harvest_amount=%E0%A4' } }),
    );
    expect(odd.amount).toBeNull();

    // The shared page reads only its address: ?amount=, else Rs. 1,000.
    expect(loadHarvestPitch(new Request('http://shop.test/milli-harvest?amount=2500'))).toEqual({ amount: '2500' });
    expect(loadHarvestPitch(new Request('http://shop.test/milli-harvest?amount=2e9'))).toEqual({ amount: '1000' });
    expect(loadHarvestPitch(new Request('http://shop.test/milli-harvest', { headers: { cookie: 'milli_harvest_amount=2500' } }))).toEqual({ amount: '1000' });
  });

  it('gives a signed-in customer’s browser their plan and their account’s e-mail', async () => {
    const plan = { status: 'Active', nextDueId: 12, instalments: [] };
    const { api } = fakeApi(
      (path) => me(path) ?? (path === '/api/harvest/plans' ? json(200, { data: [plan] }) : json(200, { user: { user_email: 'asha@example.in' } })),
    );
    expect(await loadHarvestMine(api, new Request('http://shop.test/milli-harvest/mine'))).toEqual({
      signedIn: true,
      plan,
      email: 'asha@example.in',
      amount: null,
    });
  });

  it('enrols a customer and shows the API’s message next to the field it is about', async () => {
    const ok = fakeApi((path) => me(path) ?? json(200, { message: 'ok', plan: {} }));
    expect(outcome(await harvestAction(ok.api, post({ intent: 'enrol', monthlyAmount: '2000', email: 'a@example.in' }))).redirect).toBe(
      '/milli-harvest/plan?started=1',
    );
    expect(JSON.parse(String(ok.calls[1]!.init.body))).toEqual({ monthlyAmount: '2000', email: 'a@example.in' });

    const refused = fakeApi((path) => me(path) ?? json(400, { message: 'The monthly amount must be a multiple of Rs. 500.' }));
    const result = outcome(await harvestAction(refused.api, post({ intent: 'enrol', monthlyAmount: '1200', email: 'a@example.in' })));
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({ fieldErrors: { monthlyAmount: 'The monthly amount must be a multiple of Rs. 500.' } });
  });

  it('uses the account’s e-mail when the shared page’s field came empty (no JavaScript to fill it in)', async () => {
    const { api, calls } = fakeApi(
      (path) =>
        me(path) ??
        (path.startsWith('/api/users/user-details/') ? json(200, { user: { user_email: 'asha@example.in' } }) : json(200, { message: 'ok', plan: {} })),
    );
    expect(outcome(await harvestAction(api, post({ intent: 'enrol', monthlyAmount: '2000', email: '' }))).redirect).toBe('/milli-harvest/plan?started=1');
    expect(calls.map((c) => c.path)).toEqual(['/api/auth/me', '/api/users/user-details/7', '/api/harvest/enrol']);
    expect(JSON.parse(String(calls[2]!.init.body))).toEqual({ monthlyAmount: '2000', email: 'asha@example.in' });
  });

  it('leads a customer whose plan is running to it', async () => {
    const { api } = fakeApi(
      (path) =>
        me(path) ?? json(409, { code: 'PLAN_EXISTS', message: 'You already have a Milli Harvest plan running. You can start another once it matures.' }),
    );
    const result = outcome(await harvestAction(api, post({ intent: 'enrol', monthlyAmount: '2000', email: 'a@example.in' })));
    expect(result.status).toBe(409);
    expect(result.data).toMatchObject({ planExists: true, loginNeeded: false });
  });
});

describe('the customer’s own plan page', () => {
  const plan = {
    status: 'Active',
    nextDueId: 12,
    instalments: [
      { id: 11, number: 3, status: 'Paid' },
      { id: 12, number: 4, status: 'Due' },
    ],
  };
  const api = () => fakeApi((path) => me(path) ?? (path === '/api/harvest/plans' ? json(200, { data: [plan] }) : json(200, { user: {} }))).api;
  const at = (query: string) => new Request(`http://shop.test/milli-harvest/plan?${query}`);

  it('shows the paid banner only for an instalment the plan has paid, whatever the link says', async () => {
    expect((await loadHarvestPlan(api(), at('paid=3'))).banner).toBe('Payment received: instalment 3 of 10 is paid.');
    expect((await loadHarvestPlan(api(), at('paid=4'))).banner).toBeNull();
  });

  it('opens the payment form only for the instalment due next', async () => {
    expect((await loadHarvestPlan(api(), at('pay=12'))).payingId).toBe(12);
    expect((await loadHarvestPlan(api(), at('pay=11'))).payingId).toBeNull();
  });

  it('sends a guest to log in, coming back to it', async () => {
    const guest = fakeApi(() => json(401, {})).api;
    const thrown = await loadHarvestPlan(guest, at('pay=12')).then(
      () => null,
      (error: unknown) => error,
    );
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get('location')).toBe(`/login?next=${encodeURIComponent('/milli-harvest/plan?pay=12')}`);
  });
});

describe('Pay without JavaScript', () => {
  const form = { intent: 'pay', instalmentId: '11', instrument: 'card_declined' };
  const started = (gateway = 'demo') =>
    json(200, {
      message: 'Pay instalment 3 of 10 in the payment window.',
      paymentId: 5,
      plan: { instalments: [{ id: 11, number: 3 }] },
      payment: { gateway, gatewayOrderId: 'order_A1', amountPaise: 100_000, currency: 'INR', keyId: 'rzp_test_x' },
    });
  const signed = { razorpay_order_id: 'order_A1', razorpay_payment_id: 'pay_B2', razorpay_signature: 'abc' };

  it('starts the payment, pays with the chosen test instrument and verifies, then goes back to the schedule with the paid banner', async () => {
    const { api, calls } = fakeApi((path) =>
      path.endsWith('/pay') ? started() : path.endsWith('/demo/checkout') ? json(200, signed) : json(200, { message: 'ok', purpose: 'harvest_instalment' }),
    );
    expect(outcome(await harvestAction(api, post({ ...form, instrument: 'upi_success' }))).redirect).toBe('/milli-harvest/plan?paid=3#plan');
    expect(calls.map((c) => c.path)).toEqual(['/api/harvest/instalments/11/pay', '/api/payments/demo/checkout', '/api/payments/razorpay/verify']);
    expect(JSON.parse(String(calls[1]!.init.body))).toEqual({ gatewayOrderId: 'order_A1', instrument: 'upi_success' });
    expect(JSON.parse(String(calls[2]!.init.body))).toEqual(signed);
  });

  it('says why a test instrument failed and keeps it chosen; verifies nothing', async () => {
    const { api, calls } = fakeApi((path) =>
      path.endsWith('/pay') ? started() : json(402, { message: 'Your card was declined by the bank.', code: 'PAYMENT_DECLINED' }),
    );
    const result = outcome(await harvestAction(api, post(form)));
    expect(result.status).toBe(402);
    expect(result.data).toEqual({ intent: 'pay', message: 'Your card was declined by the bank.', instrument: 'card_declined' });
    expect(calls).toHaveLength(2);
  });

  it('refuses an unknown instrument before any call, and asks for JavaScript with Razorpay', async () => {
    const none = fakeApi(() => json(500, {}));
    expect(outcome(await harvestAction(none.api, post({ ...form, instrument: '4111111111111111' }))).status).toBe(400);
    expect(none.calls).toEqual([]);
    const live = fakeApi(() => started('razorpay'));
    const result = outcome(await harvestAction(live.api, post(form)));
    expect(result.status).toBe(409);
    expect((result.data as { message: string }).message).toMatch(/needs JavaScript/);
    expect(live.calls).toHaveLength(1);
  });
});
