import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceChoice } from '@milli/pricing';
import type { PersonalSummary, ProductDetail } from '@milli/contracts';
import { createTestApp, postForm, type TestApp } from '../../testing.ts';
import { createShopper } from '../../testing-factories.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(() => t?.close());

const summary = (cookie?: string) => t.app.inject({ url: '/api/me/summary', headers: cookie ? { cookie } : {} });
const cookieOf = (name: string, value: unknown) => `${name}=${encodeURIComponent(JSON.stringify(value))}`;

/** Gold pieces in stock made in 14 and 22 kt, as their pages describe them (only those without a size, when `sizeless`). */
async function goldPieces(count: number, sizeless = false): Promise<ProductDetail[]> {
  const rows = await t.database.db.query.products.findMany({
    where: (p, { and, eq, gt }) => and(eq(p.active, true), gt(p.stock, 0)),
    orderBy: (p, { asc }) => asc(p.id),
    limit: 80,
  });
  const found: ProductDetail[] = [];
  for (const row of rows) {
    const detail = (await t.app.inject({ url: `/api/product/find-by-id/${row.id}` })).json().data as ProductDetail;
    if (
      detail.pricing.metal === 'gold' &&
      detail.pricing.purities.includes(14) &&
      detail.pricing.purities.includes(22) &&
      (!sizeless || detail.pricing.sizeKind === null)
    )
      found.push(detail);
    if (found.length === count) break;
  }
  expect(found).toHaveLength(count);
  return found;
}

describe('GET /api/me/summary', () => {
  it('a guest without cookies: nobody, an empty cart, no hearts; never kept', async () => {
    const res = await summary();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json()).toEqual({ user: null, cart: { count: 0, lines: [], subtotalPaise: 0 }, wishlistIds: [] });
  });

  it('a guest’s cookie cart priced for each choice with the product page’s function; unknown pieces drop out; the hearts from the cookie', async () => {
    const [a, b] = await goldPieces(2);
    const cart = [
      { productId: a!.product_id, quantity: 2, purity: 14, colour: 'Rose Gold', size: '12', sizeKind: 'ring' },
      { productId: b!.product_id, quantity: 1, purity: 22 },
      { productId: 2_000_000_000, quantity: 1 },
    ];
    const res = await summary(`${cookieOf('cartItems', cart)}; ${cookieOf('wishlistItems', [b!.product_id, a!.product_id])}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as PersonalSummary;
    const at = (p: ProductDetail, purity: number) => priceChoice(p.pricing, { purity })!.totalPaise;
    expect(body.user).toBeNull();
    expect(body.cart.lines.map((l) => [l.productId, l.quantity, l.unitPricePaise, l.lineTotalPaise])).toEqual([
      [a!.product_id, 2, at(a!, 14), at(a!, 14) * 2],
      [b!.product_id, 1, at(b!, 22), at(b!, 22)],
    ]);
    expect(body.cart.lines[0]!.choices).toContain('14 kt');
    expect(body.cart.lines[0]!.choices).toContain('Size 12');
    expect(body.cart.count).toBe(3);
    expect(body.cart.subtotalPaise).toBe(at(a!, 14) * 2 + at(b!, 22));
    expect(body.wishlistIds).toEqual([b!.product_id, a!.product_id]);
  });

  it('a tampered or oversized cookie is an empty cart and no hearts, never an error', async () => {
    for (const cookie of [
      'cartItems=%7Bnot json; wishlistItems=%5B',
      `cartItems=${'x'.repeat(3000)}`,
      cookieOf('cartItems', [{ productId: -4, quantity: 1e9 }]),
    ]) {
      const res = await summary(cookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ user: null, cart: { count: 0, lines: [], subtotalPaise: 0 }, wishlistIds: [] });
    }
  });

  it('a customer: their name, their server cart as the cart screen prices it, their wish list; their guest cookies are not read', async () => {
    const [a] = await goldPieces(1, true);
    // The guest's 14 kt line goes into the customer's cart at login: the header's price is the one the server charges.
    const guestLine = { productId: a!.product_id, quantity: 1, purity: 14 };
    const guestSummary = (await summary(cookieOf('cartItems', [guestLine]))).json() as PersonalSummary;
    const shopper = await createShopper(t.app, { login: { cartItems: JSON.stringify([guestLine]), wishlistItems: JSON.stringify([a!.product_id]) } });
    const res = await summary(
      `${shopper.cookie}; ${cookieOf('cartItems', [{ productId: a!.product_id, quantity: 7 }])}; ${cookieOf('wishlistItems', [1, 2, 3])}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.json() as PersonalSummary;
    expect(body.user).toEqual({ userId: shopper.userId, userName: shopper.username });
    const screen = (await t.app.inject({ url: `/api/cart/find-by-user-id/${shopper.userId}`, headers: { cookie: shopper.cookie } })).json() as {
      product_id: number;
      quantity: number;
      product_price_paise: number;
    }[];
    expect(body.cart.lines.map((l) => [l.productId, l.quantity, l.unitPricePaise])).toEqual(
      screen.map((l) => [l.product_id, l.quantity, l.product_price_paise]),
    );
    expect(body.cart.lines[0]!.unitPricePaise).toBe(guestSummary.cart.lines[0]!.unitPricePaise);
    expect(body.wishlistIds).toEqual([a!.product_id]);

    // Add to Cart shows at once: the summary is never kept.
    const added = await postForm(
      t.app,
      '/api/cart/add',
      { cart_product_id: a!.product_id, cart_quantity: 1, cart_user_id: shopper.userId, purity: 14 },
      { cookie: shopper.cookie, ip: shopper.ip },
    );
    expect(added.statusCode, added.body).toBe(200);
    expect(((await summary(shopper.cookie)).json() as PersonalSummary).cart.count).toBe(2);
  });

  it('a session that has ended is a guest again', async () => {
    const shopper = await createShopper(t.app);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: shopper.cookie } });
    expect(out.statusCode, out.body).toBe(200);
    expect(((await summary(shopper.cookie)).json() as PersonalSummary).user).toBeNull();
  });
});
