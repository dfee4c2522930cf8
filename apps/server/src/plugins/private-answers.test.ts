/**
 * Every answer that depends on a session says `Cache-Control: private, no-store` (decision 021), from one
 * hook (session.ts), so a shared cache or a browser's back button never shows one shopper's answer to another.
 * Swept over every GET route of the API: an answer that differs with the session from without it must say so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, postForm, type TestApp } from '../testing.ts';
import { createShopper } from '../testing-factories.ts';

let t: TestApp;
let cookie = '';
let userId = 0;
let sizeless = 0;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  ({ cookie, userId } = await createShopper(t.app, { username: 'privy' }));
  // Something of their own to show: a piece in the cart and one in the wish list.
  // Earrings come in no size, so the cart takes one without asking for it (decision 023).
  const [earrings] = (await t.app.inject({ url: '/api/product/productList?material=Gold&category=Earrings' })).json().data as { product_id: number }[];
  sizeless = earrings!.product_id;
  expect((await postForm(t.app, '/api/cart/add', { cart_product_id: sizeless, cart_quantity: 1, cart_user_id: userId }, { cookie })).statusCode).toBe(200);
  expect((await postForm(t.app, '/api/wishlist/add', { product_id: 2, user_id: userId }, { cookie })).statusCode).toBeLessThan(300);
}, 120_000);
afterAll(() => t?.close());

describe('answers that depend on the session', () => {
  it('say private, no-store on every GET route of the API whose answer changes with the session', async () => {
    const routes = t.app.routeList.filter((r) => r.method === 'GET' && r.url.startsWith('/api/') && r.url !== '/api/*');
    const personal: string[] = [];
    const failures: string[] = [];
    for (const route of routes) {
      const url = route.url.replace(/:userId/g, String(userId)).replace(/:[A-Za-z_]+/g, '1');
      const mine = await t.app.inject({ url, headers: { cookie } });
      const nobodys = await t.app.inject({ url });
      if (mine.statusCode === nobodys.statusCode && mine.body === nobodys.body) continue;
      personal.push(`${url} ${mine.statusCode}/${nobodys.statusCode}`);
      for (const [who, res] of [
        ['with the session', mine],
        ['without it', nobodys],
      ] as const) {
        if (res.headers['cache-control'] !== 'private, no-store')
          failures.push(`${url} ${who}: ${res.statusCode} cache-control ${String(res.headers['cache-control'])}`);
      }
    }
    console.log(`personal answers: ${personal.length} of ${routes.length} GET routes\n  ${personal.join('\n  ')}`);
    expect(personal.length).toBeGreaterThanOrEqual(5);
    expect(failures).toEqual([]);
  });

  it('leave shared answers shared', async () => {
    const res = await t.app.inject({ url: '/api/category', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['cache-control'] ?? '')).not.toMatch(/private|no-store/);
  });

  it('include what a call that changes the session answers', async () => {
    const res = await postForm(t.app, '/api/cart/add', { cart_product_id: sizeless, cart_quantity: 1, cart_user_id: userId }, { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });
});
