import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../lib/fake-api.ts';
import { harvestAction, loadHarvestPage } from './harvest-actions.server.ts';

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
  it('asks a guest to log in and keeps the amount in a cookie that the page reads back', async () => {
    const { api, calls } = fakeApi(() => json(401, { message: 'Please log in to continue.' }));
    const result = outcome(await harvestAction(api, post({ intent: 'enrol', monthlyAmount: '2,500', email: 'a@example.in' })));
    expect(result.status).toBe(401);
    expect(result.data).toMatchObject({ intent: 'enrol', loginNeeded: true });
    expect(result.cookies[0]).toMatch(/^milli_harvest_amount=2500; Path=\/; Max-Age=3600/);
    expect(calls.map((c) => c.path)).toEqual(['/api/auth/me']);

    const page = await loadHarvestPage(fakeApi(() => json(401, {})).api, new Request('http://shop.test/milli-harvest', { headers: { cookie: 'milli_harvest_amount=2500' } }));
    expect(page).toMatchObject({ user: null, amount: '2500', plan: null });
  });

  it('enrols a customer and shows the API’s message next to the field it is about', async () => {
    const ok = fakeApi((path) => me(path) ?? json(200, { message: 'ok', plan: {} }));
    expect(outcome(await harvestAction(ok.api, post({ intent: 'enrol', monthlyAmount: '2000', email: 'a@example.in' }))).redirect).toBe('/milli-harvest?started=1');
    expect(JSON.parse(String(ok.calls[1]!.init.body))).toEqual({ monthlyAmount: '2000', email: 'a@example.in' });

    const refused = fakeApi((path) => me(path) ?? json(400, { message: 'The monthly amount must be a multiple of Rs. 500.' }));
    const result = outcome(await harvestAction(refused.api, post({ intent: 'enrol', monthlyAmount: '1200', email: 'a@example.in' })));
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({ fieldErrors: { monthlyAmount: 'The monthly amount must be a multiple of Rs. 500.' } });
  });
});

describe('Pay', () => {
  const card = { intent: 'pay', instalmentId: '11', nameOnCard: 'Asha Rao', cardNumber: '4000 0000 0000 0002', expiry: '12/30', cvv: '123', idempotencyKey: 'key-00000001' };

  it('says why a card was refused, gives a fresh key, and never sends the card number or CVV back to the page', async () => {
    const { api, calls } = fakeApi(() => json(402, { message: 'Your card was declined.', code: 'PAYMENT_DECLINED' }));
    const result = outcome(await harvestAction(api, post(card)));
    expect(calls[0]!.path).toBe('/api/harvest/instalments/11/pay');
    expect(result.status).toBe(402);
    expect(result.data).toMatchObject({ intent: 'pay', message: 'Your card was declined.', values: { nameOnCard: 'Asha Rao', expiry: '12/30' } });
    const answer = JSON.stringify(result.data);
    expect(answer).not.toContain('0002');
    expect(answer).not.toContain('123"');
    expect((result.data as { nextKey: string }).nextKey).not.toBe(card.idempotencyKey);
  });

  it('goes back to the schedule with the paid banner', async () => {
    const { api } = fakeApi(() => json(200, { message: 'ok', paymentId: 1, method: 'Visa •••• 1111', plan: { instalments: [{ id: 11, number: 3 }] } }));
    expect(outcome(await harvestAction(api, post(card))).redirect).toBe('/milli-harvest?paid=3#plan');
  });
});
