import { describe, expect, it } from 'vitest';
import { ApiError } from './api.ts';
import { HarvestEnrolSchema } from '@milli/contracts/schemas';
import { AnswerContractError, checkAnswer, replyTo, serverApi } from './api.server.ts';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
/** The in-process fetch, answering every call with `answer`. */
const apiAnswering = (answer: () => Response, checkAnswers = true) => serverApi({ fetch: async () => answer(), checkAnswers });

const wishlistIds = { productIds: [4, 9], wishlistCount: 2 };

describe('the server API client in tests', () => {
  it('checks nothing where the server says it runs in production', async () => {
    const malformed = { productIds: ['4'], wishlistCount: 2 };
    await expect(apiAnswering(() => json(malformed), false).get('/api/wishlist/ids/7')).resolves.toEqual(malformed);
  });

  it('passes an answer that matches its contract through unchanged', async () => {
    await expect(apiAnswering(() => json(wishlistIds)).get('/api/wishlist/ids/7')).resolves.toEqual(wishlistIds);
  });

  it('refuses a malformed answer instead of handing a screen the wrong shape', async () => {
    const api = apiAnswering(() => json({ productIds: ['4'], wishlistCount: 2 }));
    const failure = api.get('/api/wishlist/ids/7');
    await expect(failure).rejects.toBeInstanceOf(AnswerContractError);
    await expect(apiAnswering(() => json({ productIds: ['4'], wishlistCount: 2 })).get('/api/wishlist/ids/7')).rejects.toThrow(
      /GET \/api\/wishlist\/ids\/7 .*productIds\.0/,
    );
  });

  it('checks a wrapped answer at its data, with the query string left out of the match', async () => {
    expect(() => checkAnswer('GET', '/api/product/find-by-id/5?fresh=1', { data: { product_id: 'five' } }, 200)).toThrow(/data\./);
    expect(() => checkAnswer('GET', '/api/orders?list=current&page=1', { orders: 'none' }, 200)).toThrow(AnswerContractError);
    expect(() => checkAnswer('POST', '/api/product/get_product_detail?cartList=1,2', [{}], 200)).toThrow(AnswerContractError);
  });

  it('holds every route of the API map to its schema, and leaves what the map does not hold, and refusals, as they were', async () => {
    expect(() => checkAnswer('POST', '/api/sizer-requests', { message: 'Thank you' }, 200)).not.toThrow();
    expect(() => checkAnswer('POST', '/api/sizer-requests', { thanks: true }, 200)).toThrow(/POST \/api\/sizer-requests .*message/);
    expect(() => checkAnswer('GET', '/api/admin/products/price-card', { rates: 'none' }, 200)).toThrow(AnswerContractError);
    expect(() => checkAnswer('POST', '/api/payments/razorpay/webhook', { anything: 1 }, 200)).not.toThrow();
    const refused = apiAnswering(() => json({ message: 'Please log in.', code: 'UNAUTHENTICATED' }, 401)).get('/api/wishlist/ids/7');
    await expect(refused).rejects.toBeInstanceOf(ApiError);
  });

  it('checks what raw callers read too, before they read it', async () => {
    const api = apiAnswering(() => json({ userId: 'seven', userName: 'asha' }));
    await expect(api.raw('/api/auth/me', { headers: { accept: 'application/json' } })).rejects.toThrow(/GET \/api\/auth\/me .*userId/);
    const fine = await apiAnswering(() => json({ userId: 7, userName: 'asha' })).raw('/api/auth/me');
    await expect(fine.json()).resolves.toEqual({ userId: 7, userName: 'asha' });
  });

  it('holds every refusal to the Error contract: a code outside the vocabulary is caught', async () => {
    const api = apiAnswering(() => json({ message: 'Nope.', code: 'FST_ERR_BAD_URL' }, 400));
    await expect(api.get('/api/wishlist/ids/7')).rejects.toBeInstanceOf(AnswerContractError);
    await expect(apiAnswering(() => json({ message: 'Nope.', code: 'SOMETHING_NEW' }, 409)).raw('/api/orders/placeOrders', { method: 'POST' })).rejects.toThrow(
      /code/,
    );
  });

  it('lets the spec’s sign-up answer its refusal per field in message', () => {
    expect(() => checkAnswer('POST', '/api/auth/register', { message: { username: 'Taken.' }, code: 'TAKEN' }, 400)).not.toThrow();
    expect(() =>
      checkAnswer('POST', '/api/orders/placeOrders', { message: 'Check the form.', code: 'INVALID_ORDER', fields: { firstName: 'Needed.' } }, 400),
    ).not.toThrow();
  });
});

describe('replyTo', () => {
  it('reads a success typed by its path, a refusal as it came, and gives null when the call cannot be made', async () => {
    const seen: RequestInit[] = [];
    const api = serverApi({
      fetch: async (path, init) => {
        seen.push(init ?? {});
        return path === '/api/auth/forgot-password'
          ? json({ message: 'Mailed.' })
          : json({ message: 'Check the form.', code: 'INVALID_REQUEST', fields: { email: 'Needed.' } }, 400);
      },
      checkAnswers: true,
    });
    const sent = await replyTo(api, 'POST', '/api/auth/forgot-password', { email: 'a@example.in' });
    expect(sent?.ok && sent.data.message).toBe('Mailed.');
    expect(seen[0]).toMatchObject({ method: 'POST', body: '{"email":"a@example.in"}', headers: { 'content-type': 'application/json' } });
    const refused = await replyTo(api, 'POST', '/api/auth/register', new FormData());
    expect(refused).toMatchObject({ ok: false, status: 400, body: { fields: { email: 'Needed.' } } });
    expect(seen[1]!.headers).toEqual({ accept: 'application/json' });
    const down = serverApi({ fetch: () => Promise.reject(new Error('down')), checkAnswers: true });
    await expect(replyTo(down, 'GET', '/api/harvest/plans')).resolves.toBeNull();
  });

  it('refuses a body its route’s schema refuses as the API would, without the call', async () => {
    let calls = 0;
    const api = serverApi({ fetch: async () => (calls++, json({ message: 'Started.', plan: {} })), checkAnswers: false });
    const refused = await replyTo(api, 'POST', '/api/harvest/enrol', { monthlyAmount: 'lots', email: 'nobody' }, HarvestEnrolSchema);
    expect(calls).toBe(0);
    expect(refused).toMatchObject({
      ok: false,
      status: 400,
      body: { code: 'INVALID_REQUEST', fields: { monthlyAmount: expect.any(String), email: expect.any(String) } },
    });
    await replyTo(api, 'POST', '/api/harvest/enrol', { monthlyAmount: '1000', email: 'asha@example.in' }, HarvestEnrolSchema);
    expect(calls).toBe(1);
  });
});
