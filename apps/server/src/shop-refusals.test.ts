/**
 * The shop's own calls (accounts, cart, wish list, coupons, checkout, payments, settings) refuse what they
 * cannot read with a 400 INVALID_REQUEST from their route schemas, never a 500; and every code their services
 * can fail with answers the status plugins/errors.ts gives it (decision 027).
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorCode } from '@milli/contracts';
import { DomainError } from './domain-error.ts';
import { STATUS_OF, errorsPlugin } from './plugins/errors.ts';
import { createTestApp, postForm, type TestApp } from './testing.ts';
import { createShopper } from './testing-factories.ts';

let t: TestApp;
let n = 0;
let owner: { cookie: string; userId: number };
const ip = () => `10.77.${Math.floor(++n / 250)}.${n % 250}`;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  owner = await createShopper(t.app, { username: 'refusals' });
});
afterAll(() => t?.close());

type Body = { json: string } | { form: string } | { multipart: Record<string, string> } | null;

interface Case {
  name: string;
  method: 'GET' | 'POST' | 'PUT';
  url: (userId: number) => string;
  body: Body;
  /** A field the refusal must name. */
  field?: string;
}

const long = 'x'.repeat(30);
const json = (value: unknown): Body => ({ json: JSON.stringify(value) });

const CASES: Record<string, Case[]> = {
  accounts: [
    { name: 'register without a body', method: 'POST', url: () => '/api/auth/register', body: null, field: 'username' },
    {
      name: 'register with a number for a name',
      method: 'POST',
      url: () => '/api/auth/register',
      body: json({ username: 5, email: 'a@b.in', password: 'abcd1234' }),
      field: 'username',
    },
    { name: 'register with a list for a body', method: 'POST', url: () => '/api/auth/register', body: json([1, 2]) },
    { name: 'login without a body', method: 'POST', url: () => '/api/auth/login', body: null, field: 'username' },
    {
      name: 'login with a list for a password',
      method: 'POST',
      url: () => '/api/auth/login',
      body: json({ username: 'a', password: ['x'] }),
      field: 'password',
    },
    {
      name: 'login as a url-encoded form without password',
      method: 'POST',
      url: () => '/api/auth/login',
      body: { form: 'username=someone' },
      field: 'password',
    },
    {
      name: 'forgot-password with a bad e-mail',
      method: 'POST',
      url: () => '/api/auth/forgot-password',
      body: { multipart: { email: 'not-mail' } },
      field: 'email',
    },
    { name: 'verify-otp with a short code', method: 'POST', url: () => '/api/auth/verify-otp', body: json({ email: 'a@b.in', otp: '12' }), field: 'otp' },
    { name: 'reset-password with JSON null', method: 'POST', url: () => '/api/auth/reset-password', body: { json: 'null' }, field: 'resetToken' },
    { name: 'undo-email-change with a short token', method: 'POST', url: () => '/api/auth/undo-email-change', body: json({ token: 'abc' }), field: 'token' },
    { name: 'user details with an overlong id', method: 'GET', url: () => `/api/users/user-details/${long}`, body: null, field: 'userId' },
    { name: 'edit profile with a bad e-mail', method: 'PUT', url: (id) => `/api/users/user-details/${id}`, body: json({ email: 'nope' }), field: 'email' },
    { name: 'edit profile without a body', method: 'PUT', url: (id) => `/api/users/user-details/${id}`, body: null, field: 'email' },
  ],
  cart: [
    { name: 'add without a body', method: 'POST', url: () => '/api/cart/add', body: null, field: 'cart_product_id' },
    {
      name: 'add a product id that is a word',
      method: 'POST',
      url: () => '/api/cart/add',
      body: { multipart: { cart_product_id: 'ring', cart_user_id: '1' } },
      field: 'cart_product_id',
    },
    {
      name: 'add none of a piece',
      method: 'POST',
      url: () => '/api/cart/add',
      body: json({ cart_product_id: 1, cart_quantity: 0, cart_user_id: 1 }),
      field: 'cart_quantity',
    },
    { name: 'lines of an overlong id', method: 'GET', url: () => `/api/cart/find-by-user-id/${long}`, body: null, field: 'userId' },
    { name: 'update with an object for the list', method: 'POST', url: () => '/api/cart/updateCart', body: json({ cartId: 1 }) },
    { name: 'update with a word for a quantity', method: 'POST', url: () => '/api/cart/updateCart', body: json([{ cartId: 1, quantity: 'many', user_id: 1 }]) },
    { name: 'delete a line id that is a word', method: 'POST', url: (id) => `/api/cart/delete/abc/${id}`, body: null, field: 'cartId' },
  ],
  wishlist: [
    { name: 'rows of an overlong id', method: 'GET', url: () => `/api/wishlist/find-by-user-id/${long}`, body: null, field: 'userId' },
    { name: 'ids of an overlong id', method: 'GET', url: () => `/api/wishlist/ids/${long}`, body: null, field: 'userId' },
    { name: 'add without a body', method: 'POST', url: () => '/api/wishlist/add', body: null, field: 'product_id' },
    { name: 'add a negative product id', method: 'POST', url: () => '/api/wishlist/add', body: json({ product_id: -1, user_id: 1 }), field: 'product_id' },
    { name: 'delete a product id that is a word', method: 'POST', url: (id) => `/api/wishlist/delete/abc/${id}`, body: null, field: 'productId' },
  ],
  coupons: [
    { name: 'apply without a body', method: 'POST', url: () => '/api/coupons/apply', body: null, field: 'code' },
    { name: 'apply an overlong code', method: 'POST', url: () => '/api/coupons/apply', body: { form: `code=${'A'.repeat(41)}` }, field: 'code' },
    { name: 'apply a list for a cart', method: 'POST', url: () => '/api/coupons/apply', body: json({ code: 'X', cartItems: [1] }), field: 'cartItems' },
  ],
  checkout: [
    {
      name: 'place an order with a list for a name',
      method: 'POST',
      url: () => '/api/orders/placeOrders',
      body: json({ firstName: ['a', 'b'] }),
      field: 'firstName',
    },
    {
      name: 'place an order with an overlong city',
      method: 'POST',
      url: () => '/api/orders/placeOrders',
      body: { multipart: { city: 'C'.repeat(81) } },
      field: 'city',
    },
    { name: 'place an order for an object user', method: 'POST', url: () => '/api/orders/placeOrders', body: json({ userId: { id: 1 } }), field: 'userId' },
  ],
};

async function send(c: Case) {
  // Sent as the owner: a guest hears 401 before anything sent is looked at (access.test.ts).
  const headers: Record<string, string> = { cookie: owner.cookie };
  const url = c.url(owner.userId);
  if (c.body && 'multipart' in c.body) return postForm(t.app, url, c.body.multipart, { cookie: headers.cookie, ip: ip() });
  if (c.body && 'json' in c.body) headers['content-type'] = 'application/json';
  if (c.body && 'form' in c.body) headers['content-type'] = 'application/x-www-form-urlencoded';
  const payload = c.body ? ('json' in c.body ? c.body.json : 'form' in c.body ? c.body.form : undefined) : undefined;
  return t.app.inject({ method: c.method, url, headers, remoteAddress: ip(), ...(payload !== undefined ? { payload } : {}) });
}

describe.each(Object.entries(CASES))('%s routes refuse what they cannot read', (_module, cases) => {
  it.each(cases.map((c) => [c.name, c] as const))('%s: 400 INVALID_REQUEST', async (_name, c) => {
    const res = await send(c);
    expect(res.statusCode, res.body).toBe(400);
    const answer = res.json();
    expect(answer.code).toBe('INVALID_REQUEST');
    if (c.url(0) === '/api/auth/register') {
      // The spec's sign-up answers per field in `message`.
      expect(typeof answer.message).toBe('object');
      if (c.field) expect(answer.message[c.field]).toEqual(expect.any(String));
      return;
    }
    expect(answer.message).toEqual(expect.any(String));
    expect(answer.message.length).toBeGreaterThan(0);
    if (c.field) expect(answer.fields?.[c.field], JSON.stringify(answer)).toEqual(expect.any(String));
  });
});

describe('a stranger editing a profile', () => {
  it('hears 401 before any word about the body, and another customer 403', async () => {
    const url = `/api/users/user-details/${owner.userId}`;
    const bad = { 'content-type': 'application/json' };
    expect((await t.app.inject({ method: 'PUT', url, headers: bad, payload: '{"email":1}' })).statusCode).toBe(401);
    const { cookie } = await createShopper(t.app, { username: 'refusals2' });
    expect((await t.app.inject({ method: 'PUT', url, headers: { ...bad, cookie }, payload: '{"email":1}' })).statusCode).toBe(403);
  });
});

/** Every code the shop's services (and their guards) fail with, and the status it must answer with. */
const SHOP_CODES: Record<string, Partial<Record<ErrorCode, number>>> = {
  accounts: {
    INVALID_REQUEST: 400,
    BAD_CREDENTIALS: 401,
    TAKEN: 400,
    EMAIL_TAKEN: 409,
    COMMON_PASSWORD: 400,
    OTP_INVALID: 400,
    RESET_EXPIRED: 400,
    UNDO_INVALID: 400,
    UNAUTHENTICATED: 401,
    FORBIDDEN: 403,
    RATE_LIMITED: 429,
  },
  cart: {
    PRODUCT_NOT_FOUND: 404,
    OUT_OF_STOCK: 409,
    NOT_ENOUGH_STOCK: 409,
    CART_LINE_NOT_FOUND: 404,
    NO_RATE: 409,
    OPTION_NOT_OFFERED: 400,
    SIZE_REQUIRED: 400,
  },
  wishlist: { PRODUCT_NOT_FOUND: 404, WISHLIST_FULL: 409, WISHLIST_ITEM_NOT_FOUND: 404 },
  coupons: {
    CART_EMPTY: 409,
    COUPON_UNKNOWN: 404,
    COUPON_INACTIVE: 422,
    COUPON_NOT_YET_VALID: 422,
    COUPON_EXPIRED: 422,
    COUPON_MIN_ORDER: 422,
    COUPON_USED_UP: 422,
    COUPON_ALREADY_USED: 422,
  },
  checkout: {
    INVALID_ORDER: 400,
    INVALID_REQUEST: 400,
    CART_EMPTY: 409,
    CART_CHANGED: 409,
    PRODUCT_UNAVAILABLE: 409,
    OUT_OF_STOCK: 409,
    NO_SETTINGS: 503,
  },
  payments: {
    INVALID_CARD: 400,
    PAYMENT_IN_PROGRESS: 409,
    PAYMENT_SETTLED: 409,
    PAYMENT_FAILED: 402,
    PAYMENT_DECLINED: 402,
    INSUFFICIENT_FUNDS: 402,
    IDEMPOTENCY_CONFLICT: 409,
  },
  settings: { NO_SETTINGS: 503 },
};

describe.each(Object.entries(SHOP_CODES))('%s failure codes', (_module, codes) => {
  it.each(Object.entries(codes) as [ErrorCode, number][])('%s answers %i through the error handler', async (code, status) => {
    expect(STATUS_OF[code]).toBe(status);
    const app = Fastify();
    errorsPlugin(app);
    app.get('/fail', async () => {
      throw new DomainError(code, `failed with ${code}`, { field: 'why' });
    });
    const res = await app.inject({ url: '/fail' });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ message: `failed with ${code}`, code, fields: { field: 'why' } });
    await app.close();
  });
});

describe('the settings of a store not set up yet', () => {
  it('answer 503 NO_SETTINGS through the error handler', async () => {
    const empty = await createTestApp({ seed: false });
    try {
      const first = await empty.app.inject({ url: '/api/settings' });
      expect(first.statusCode).toBe(503);
      expect(first.json()).toEqual({ message: 'The store is not set up yet.', code: 'NO_SETTINGS' });
    } finally {
      await empty.close();
    }
  });
});
