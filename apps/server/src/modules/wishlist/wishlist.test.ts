import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@milli/db';
import { MAX_WISHLIST_ITEMS } from '@milli/contracts';
import { createTestApp, postForm, type TestApp } from '../../testing.ts';
import { createShopper, type TestShopper as Shopper } from '../../testing-factories.ts';

let t: TestApp;
let n = 0;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(() => t?.close());

const multipart = (url: string, fields: Record<string, string | number>, cookie?: string) => postForm(t.app, url, fields, { cookie, ip: `10.8.0.${++n}` });

/** A customer logged in, with the guest wish list the login merges when one is given. */
const shopper = (login: Record<string, string> = {}) => createShopper(t.app, { login });

/** Active products with stock, factory-style: pick by index so tests do not share a piece by accident. */
async function products(count: number, offset = 0) {
  return t.database.db.query.products.findMany({
    where: (p, { and, eq, gt }) => and(eq(p.active, true), gt(p.stock, 0)),
    orderBy: (p, { asc }) => asc(p.id),
    limit: count,
    offset,
  });
}

const list = (s: Shopper) => t.app.inject({ url: `/api/wishlist/find-by-user-id/${s.userId}`, headers: { cookie: s.cookie } });
const add = (s: Shopper, productId: number | string) => multipart('/api/wishlist/add', { product_id: productId, user_id: s.userId }, s.cookie);
const remove = (s: Shopper, productId: number | string) =>
  t.app.inject({ method: 'POST', url: `/api/wishlist/delete/${productId}/${s.userId}`, headers: { cookie: s.cookie } });

describe('wish list', () => {
  it('adds a piece priced today exactly as the product page prices it, with the spec names and the date', async () => {
    const s = await shopper();
    const [p] = await products(1);
    const res = await add(s, p!.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Added to your wish list', wishlistCount: 1 });
    const detail = (await t.app.inject({ url: `/api/product/find-by-id/${p!.id}` })).json().data;
    const rows = (await list(s)).json();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toEqual({
      product_id: p!.id,
      product_name: p!.name,
      product_price: detail.product_price_paise / 100,
      product_price_paise: detail.product_price_paise,
      product_parent_image: p!.image,
      product_stock_status: 'In Stock',
      added_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('takes JSON as well as multipart, and adding twice keeps one row', async () => {
    const s = await shopper();
    const [p] = await products(1, 3);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/wishlist/add',
      headers: { cookie: s.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ product_id: p!.id, user_id: s.userId }),
    });
    expect(json.statusCode).toBe(200);
    const again = await add(s, p!.id);
    expect(again.json()).toEqual({ message: 'Added to your wish list', wishlistCount: 1 });
    expect((await list(s)).json()).toHaveLength(1);
    const ids = await t.app.inject({ url: `/api/wishlist/ids/${s.userId}`, headers: { cookie: s.cookie } });
    expect(ids.json()).toEqual({ productIds: [p!.id], wishlistCount: 1 });
  });

  it('lists newest first, removes a piece, and says when the piece is not there', async () => {
    const s = await shopper();
    const [a, b] = await products(2, 6);
    await add(s, a!.id);
    await add(s, b!.id);
    expect((await list(s)).json().map((r: { product_id: number }) => r.product_id)).toEqual([b!.id, a!.id]);
    const del = await remove(s, a!.id);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ message: 'Removed from your wish list', wishlistCount: 1 });
    expect((await list(s)).json().map((r: { product_id: number }) => r.product_id)).toEqual([b!.id]);
    const gone = await remove(s, a!.id);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('This piece is not in your wish list.');
  });

  it('refuses unknown and withdrawn products with a message, and bad ids with a 400', async () => {
    const s = await shopper();
    const unknown = await add(s, 99_999_999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: 'This product does not exist.', code: 'PRODUCT_NOT_FOUND' });
    const [p] = await products(1, 9);
    await t.database.db.update(schema.products).set({ active: false }).where(eq(schema.products.id, p!.id));
    try {
      expect((await add(s, p!.id)).statusCode).toBe(404);
    } finally {
      await t.database.db.update(schema.products).set({ active: true }).where(eq(schema.products.id, p!.id));
    }
    for (const bad of ['abc', '0', '-4', '1.5', '99999999999']) {
      const res = await add(s, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect((await remove(s, 'abc')).statusCode).toBe(400);
    expect((await list(s)).json()).toEqual([]);
  });

  it('shows a sold-out piece as Out of Stock, and hides a withdrawn one from the list and the count', async () => {
    const s = await shopper();
    const [a, b] = await products(2, 12);
    await add(s, a!.id);
    await add(s, b!.id);
    await t.database.db.update(schema.products).set({ stock: 0 }).where(eq(schema.products.id, a!.id));
    await t.database.db.update(schema.products).set({ active: false }).where(eq(schema.products.id, b!.id));
    try {
      const rows = (await list(s)).json();
      expect(rows).toEqual([expect.objectContaining({ product_id: a!.id, product_stock_status: 'Out of Stock' })]);
      const ids = await t.app.inject({ url: `/api/wishlist/ids/${s.userId}`, headers: { cookie: s.cookie } });
      expect(ids.json()).toEqual({ productIds: [a!.id], wishlistCount: 1 });
    } finally {
      await t.database.db.update(schema.products).set({ stock: 10 }).where(eq(schema.products.id, a!.id));
      await t.database.db.update(schema.products).set({ active: true }).where(eq(schema.products.id, b!.id));
    }
  });

  it(`keeps at most ${MAX_WISHLIST_ITEMS} pieces`, async () => {
    const s = await shopper();
    const many = await products(MAX_WISHLIST_ITEMS + 1);
    await t.database.db.insert(schema.wishlistItems).values(many.slice(0, MAX_WISHLIST_ITEMS).map((p) => ({ customerId: s.userId, productId: p.id })));
    const full = await add(s, many[MAX_WISHLIST_ITEMS]!.id);
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toMatch(/full/);
    // Adding one already there is still fine.
    expect((await add(s, many[0]!.id)).statusCode).toBe(200);
  });

  it('answers 401 without a session and 403 for another customer, on every wish-list call', async () => {
    const a = await shopper();
    const b = await shopper();
    const [p] = await products(1, 15);
    await add(a, p!.id);
    const calls = (cookie?: string) => [
      t.app.inject({ url: `/api/wishlist/find-by-user-id/${a.userId}`, ...(cookie ? { headers: { cookie } } : {}) }),
      t.app.inject({ url: `/api/wishlist/ids/${a.userId}`, ...(cookie ? { headers: { cookie } } : {}) }),
      multipart('/api/wishlist/add', { product_id: p!.id, user_id: a.userId }, cookie),
      t.app.inject({ method: 'POST', url: `/api/wishlist/delete/${p!.id}/${a.userId}`, ...(cookie ? { headers: { cookie } } : {}) }),
    ];
    expect((await Promise.all(calls())).map((r) => r.statusCode)).toEqual([401, 401, 401, 401]);
    expect((await Promise.all(calls(b.cookie))).map((r) => r.statusCode)).toEqual([403, 403, 403, 403]);
    // Nothing of a's list changed or leaked.
    expect((await list(a)).json()).toHaveLength(1);
    expect((await list(b)).json()).toEqual([]);
  });

  it('merges the guest wish list at login, once per piece, skipping unknown, withdrawn and malformed ids', async () => {
    const [a, b, c] = await products(3, 18);
    const first = await shopper();
    await add(first, a!.id);
    await t.database.db.update(schema.products).set({ active: false }).where(eq(schema.products.id, c!.id));
    try {
      const guest = JSON.stringify([b!.id, a!.id, 99_999_999, c!.id, 'x', -3, b!.id]);
      const res = await multipart('/api/auth/login', { username: first.username, password: 'shop12345', wishlistItems: guest });
      expect(res.statusCode).toBe(200);
      // The guest copy goes with the login, like the cart's.
      expect(res.cookies.find((x) => x.name === 'wishlistItems')).toMatchObject({ value: '' });
      const after = { ...first, cookie: `milli_session=${res.cookies.find((x) => x.name === 'milli_session')!.value}` };
      const ids = (await list(after)).json().map((r: { product_id: number }) => r.product_id);
      expect(ids.sort()).toEqual([a!.id, b!.id].sort());
    } finally {
      await t.database.db.update(schema.products).set({ active: true }).where(eq(schema.products.id, c!.id));
    }
  });

  it('logs in normally when the guest wish list is garbage', async () => {
    const s = await shopper({ wishlistItems: '{not json' });
    expect((await list(s)).json()).toEqual([]);
  });
});
