import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrayContains, eq } from 'drizzle-orm';
import { schema } from '@milli/db';
import { createTestApp, postForm, type TestApp } from '../../testing.ts';
import { createProduct, createShopper } from '../../testing-factories.ts';

let t: TestApp;
let n = 0;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(() => t?.close());

const multipart = (url: string, fields: Record<string, string | number>, cookie?: string) => postForm(t.app, url, fields, { cookie, ip: `10.9.0.${++n}` });

/** A customer logged in, with the guest cart the login merges when one is given. */
const customer = (cartItems?: string) => createShopper(t.app, cartItems ? { login: { cartItems } } : {});

/** A plain yellow gold piece without a size, made in 14 to 24 kt. */
const goldProduct = () => createProduct(t.database.db, { purities: [14, 18, 22, 24] });

/** A gold piece set with diamonds, offered in every gold colour, in stock, without a size. */
async function diamondProduct() {
  const rows = await t.database.db.query.products.findMany({
    where: (p, { and, eq, gt, isNull }) =>
      and(
        eq(p.metal, 'gold'),
        gt(p.stock, 5),
        gt(p.diamondWeightCents, 0),
        isNull(p.sizeKind),
        eq(p.purity, 18),
        arrayContains(p.purities, [14, 18]),
        arrayContains(p.diamondQualities, ['SI-IJ', 'VVS-GH']),
      ),
    orderBy: (p, { asc }) => asc(p.id),
    limit: 1,
  });
  return rows[0]!;
}

async function productWithSize(kind: 'ring' | 'bangle' | 'length') {
  const rows = await t.database.db.query.products.findMany({
    where: (p, { and, eq, gt }) => and(eq(p.sizeKind, kind), gt(p.stock, 5)),
    orderBy: (p, { asc }) => asc(p.id),
    limit: 1,
  });
  return rows[0]!;
}

const lines = (c: { cookie: string; userId: number }) => t.app.inject({ url: `/api/cart/find-by-user-id/${c.userId}`, headers: { cookie: c.cookie } });

describe('cart', () => {
  it('adds a line priced on the server exactly as the product page prices it', async () => {
    const c = await customer();
    const p = await goldProduct();
    const detail = (await t.app.inject({ url: `/api/product/find-by-id/${p.id}` })).json().data;
    const add = await multipart('/api/cart/add', { cart_product_id: p.id, cart_quantity: 2, cart_user_id: c.userId }, c.cookie);
    expect(add.statusCode).toBe(200);
    expect(add.json()).toMatchObject({ message: 'Added to cart', cartCount: 2 });
    const [line] = (await lines(c)).json();
    expect(line).toMatchObject({ product_id: p.id, productId: p.id, quantity: 2, product_name: p.name });
    expect(line.product_price_paise).toBe(detail.product_price_paise);
    expect(line.product_price).toBe(detail.product_price_paise / 100);
  });

  it('prices a higher purity higher, and keeps different choices on separate lines', async () => {
    const c = await customer();
    const p = await goldProduct();
    await multipart('/api/cart/add', { cart_product_id: p.id, cart_quantity: 1, cart_user_id: c.userId, purity: 14 }, c.cookie);
    await multipart('/api/cart/add', { cart_product_id: p.id, cart_quantity: 1, cart_user_id: c.userId, purity: 24 }, c.cookie);
    await multipart('/api/cart/add', { cart_product_id: p.id, cart_quantity: 1, cart_user_id: c.userId, purity: 24 }, c.cookie);
    const got = (await lines(c)).json() as { options: { purity: number }; product_price_paise: number; quantity: number }[];
    expect(got).toHaveLength(2);
    // Oldest line first, as the cart screen and the header's mini cart list them.
    expect(got.map((l) => l.options.purity)).toEqual([14, 24]);
    const k14 = got.find((l) => l.options.purity === 14)!;
    const k24 = got.find((l) => l.options.purity === 24)!;
    expect(k24.quantity).toBe(2);
    expect(k24.product_price_paise).toBeGreaterThan(k14.product_price_paise);
  });

  it('updates quantities, removes a line at 0, and deletes by cart id or product id', async () => {
    const c = await customer();
    const p = await productWithSize('ring');
    await multipart('/api/cart/add', { cart_product_id: p.id, cart_quantity: 1, cart_user_id: c.userId, size: 12 }, c.cookie);
    await multipart('/api/cart/add', { cart_product_id: p.id, cart_quantity: 1, cart_user_id: c.userId, size: 14 }, c.cookie);
    const [a, b] = (await lines(c)).json();
    const upd = await t.app.inject({
      method: 'POST',
      url: '/api/cart/updateCart',
      headers: { cookie: c.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify([
        { product_id: p.id, quantity: 3, user_id: c.userId, cartId: a.cartId },
        { product_id: p.id, quantity: 0, user_id: c.userId, cartId: b.cartId },
      ]),
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().cartCount).toBe(3);
    expect((await lines(c)).json()).toHaveLength(1);
    const del = await t.app.inject({ method: 'POST', url: `/api/cart/delete/${a.cartId}/${c.userId}`, headers: { cookie: c.cookie } });
    expect(del.json()).toMatchObject({ cartCount: 0 });
    await multipart('/api/cart/add', { cart_product_id: p.id, cart_quantity: 1, cart_user_id: c.userId, size: 9 }, c.cookie);
    const byProduct = await t.app.inject({ method: 'POST', url: `/api/cart/delete/${p.id}/${c.userId}`, headers: { cookie: c.cookie } });
    expect(byProduct.statusCode).toBe(200);
    expect((await lines(c)).json()).toHaveLength(0);
    const gone = await t.app.inject({ method: 'POST', url: `/api/cart/delete/${a.cartId}/${c.userId}`, headers: { cookie: c.cookie } });
    expect(gone.statusCode).toBe(404);
  });

  it('refuses out-of-stock pieces, unknown products, and bad quantities or options with a message', async () => {
    const c = await customer();
    const p = await goldProduct();
    await t.database.db.update(schema.products).set({ stock: 0 }).where(eq(schema.products.id, p.id));
    const sold = await multipart('/api/cart/add', { cart_product_id: p.id, cart_quantity: 1, cart_user_id: c.userId }, c.cookie);
    expect(sold.statusCode).toBe(409);
    expect(sold.json().message).toMatch(/out of stock/);
    await t.database.db.update(schema.products).set({ stock: 10 }).where(eq(schema.products.id, p.id));
    expect((await multipart('/api/cart/add', { cart_product_id: 99999999, cart_quantity: 1, cart_user_id: c.userId }, c.cookie)).statusCode).toBe(404);
    const bads: Record<string, string | number>[] = [{ cart_quantity: 0 }, { cart_quantity: 'lots' }, { purity: 9 }, { size: 31 }, { colour: 'Purple' }];
    for (const bad of bads) {
      const res = await multipart('/api/cart/add', { cart_product_id: p.id, cart_quantity: 1, cart_user_id: c.userId, ...bad }, c.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    const tooMany = await multipart('/api/cart/add', { cart_product_id: p.id, cart_quantity: 11, cart_user_id: c.userId }, c.cookie);
    expect(tooMany.statusCode).toBe(409);
  });

  it('answers 401 without a session and 403 for another customer, on every cart call', async () => {
    const a = await customer();
    const b = await customer();
    const p = await goldProduct();
    const calls = (cookie?: string) => [
      t.app.inject({ url: `/api/cart/find-by-user-id/${a.userId}`, ...(cookie ? { headers: { cookie } } : {}) }),
      multipart('/api/cart/add', { cart_product_id: p.id, cart_quantity: 1, cart_user_id: a.userId }, cookie),
      t.app.inject({
        method: 'POST',
        url: '/api/cart/updateCart',
        headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        payload: JSON.stringify([{ quantity: 1, user_id: a.userId, cartId: 1 }]),
      }),
      t.app.inject({ method: 'POST', url: `/api/cart/delete/1/${a.userId}`, ...(cookie ? { headers: { cookie } } : {}) }),
    ];
    expect((await Promise.all(calls())).map((r) => r.statusCode)).toEqual([401, 401, 401, 401]);
    expect((await Promise.all(calls(b.cookie))).map((r) => r.statusCode)).toEqual([403, 403, 403, 403]);
  });

  it('merges the guest cart at login, adding quantities, and skips what cannot be bought', async () => {
    const p = await goldProduct();
    const guest = JSON.stringify([
      { productId: p.id, quantity: 2 },
      { productId: 99999999, quantity: 1 },
      { productId: 'x', quantity: 1 },
    ]);
    const c = await customer(guest);
    const got = (await lines(c)).json();
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ productId: p.id, quantity: 2 });
  });
  it('refuses an update beyond the stock, naming the piece, and lets quantities go down or to 0', async () => {
    const c = await customer();
    const p = await goldProduct();
    await t.database.db.update(schema.products).set({ stock: 3 }).where(eq(schema.products.id, p.id));
    await multipart('/api/cart/add', { cart_product_id: p.id, cart_quantity: 2, cart_user_id: c.userId }, c.cookie);
    const [line] = (await lines(c)).json();
    const update = (quantity: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/cart/updateCart',
        headers: { cookie: c.cookie, 'content-type': 'application/json' },
        payload: JSON.stringify([{ product_id: p.id, quantity, user_id: c.userId, cartId: line.cartId }]),
      });
    const tooMany = await update(4);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe(`Only 3 of ${p.name} in stock.`);
    expect((await update(3)).json().cartCount).toBe(3);
    expect((await update(-1)).statusCode).toBe(400);
    expect((await update(0)).json().cartCount).toBe(0);
    await t.database.db.update(schema.products).set({ stock: 10 }).where(eq(schema.products.id, p.id));
  });

  it('adds within the stock when one shopper’s adds arrive all at once', async () => {
    const c = await customer();
    const p = await goldProduct();
    await t.database.db.update(schema.products).set({ stock: 6 }).where(eq(schema.products.id, p.id));
    const adds = await Promise.all(
      Array.from({ length: 30 }, () => multipart('/api/cart/add', { cart_product_id: p.id, cart_quantity: 1, cart_user_id: c.userId }, c.cookie)),
    );
    expect(adds.filter((a) => a.statusCode === 200)).toHaveLength(6);
    expect(adds.filter((a) => a.statusCode !== 200).every((a) => a.statusCode === 409)).toBe(true);
    expect((await lines(c)).json().map((l: { quantity: number }) => l.quantity)).toEqual([6]);
    await t.database.db.update(schema.products).set({ stock: 10 }).where(eq(schema.products.id, p.id));
  });

  it('shows today’s price beside the price frozen when the line was added (the gold rate moved)', async () => {
    const c = await customer();
    const p = await goldProduct();
    await multipart('/api/cart/add', { cart_product_id: p.id, cart_quantity: 1, cart_user_id: c.userId }, c.cookie);
    await t.database.db.update(schema.cartLines).set({ unitPricePaise: 100 }).where(eq(schema.cartLines.productId, p.id));
    const [line] = (await lines(c)).json();
    const today = (await t.app.inject({ url: `/api/product/find-by-id/${p.id}` })).json().data.product_price_paise;
    expect(line).toMatchObject({ added_price_paise: 100, product_price_paise: today });
    expect(line.product_stock).toBeGreaterThan(0);
  });
  it('keeps every choice a guest made through login: purity, colour, diamond grade and size, priced as chosen', async () => {
    const d = await diamondProduct();
    const ring = await productWithSize('ring');
    const guest = JSON.stringify([
      { productId: d.id, quantity: 1, purity: 14, colour: 'Rose Gold', diamondQuality: 'VVS-GH' },
      { productId: ring.id, quantity: 2, size: '16' },
    ]);
    const c = await customer(guest);
    const got = (await lines(c)).json() as { productId: number; quantity: number; options: Record<string, unknown>; product_price_paise: number }[];
    expect(got).toHaveLength(2);
    const diamond = got.find((l) => l.productId === d.id)!;
    expect(diamond.options).toEqual({ purity: 14, colour: 'Rose Gold', diamondQuality: 'VVS-GH' });
    const detail = (await t.app.inject({ url: `/api/product/find-by-id/${d.id}` })).json().data;
    // Not the default (18 kt, SI-IJ): the price of the choice.
    expect(diamond.product_price_paise).not.toBe(detail.product_price_paise);
    const chosen = await multipart(
      '/api/cart/add',
      { cart_product_id: d.id, cart_quantity: 1, cart_user_id: c.userId, purity: 14, colour: 'Rose Gold', diamond_quality: 'VVS-GH' },
      c.cookie,
    );
    expect(chosen.statusCode).toBe(200);
    const again = (await lines(c)).json().find((l: { productId: number }) => l.productId === d.id);
    expect(again).toMatchObject({ quantity: 2, product_price_paise: diamond.product_price_paise });
    expect(got.find((l) => l.productId === ring.id)).toMatchObject({ quantity: 2, options: { size: '16', sizeKind: 'ring' } });
  });

  it('completes a logged-in shopper’s line with the piece’s defaults, so the cart says what is sold', async () => {
    const c = await customer();
    const d = await diamondProduct();
    await multipart('/api/cart/add', { cart_product_id: d.id, cart_quantity: 1, cart_user_id: c.userId, purity: 14, diamond_quality: 'VVS-GH' }, c.cookie);
    const [line] = (await lines(c)).json();
    expect(line.options).toEqual({ purity: 14, colour: d.metalColour, diamondQuality: 'VVS-GH' });
  });

  it('asks for a size where a piece has one (ring, bangle, chain length) and refuses one where it has none', async () => {
    const c = await customer();
    for (const kind of ['ring', 'bangle', 'length'] as const) {
      const p = await productWithSize(kind);
      const missing = await multipart('/api/cart/add', { cart_product_id: p.id, cart_quantity: 1, cart_user_id: c.userId }, c.cookie);
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({
        code: 'SIZE_REQUIRED',
        message: expect.stringMatching(/^Please choose a (ring size|bangle size|chain length) for this piece\.$/),
      });
      const wrong = await multipart('/api/cart/add', { cart_product_id: p.id, cart_quantity: 1, cart_user_id: c.userId, size: '99' }, c.cookie);
      expect(wrong.statusCode).toBe(400);
      const ok = await multipart('/api/cart/add', { cart_product_id: p.id, cart_quantity: 1, cart_user_id: c.userId, size: p.sizes[1]! }, c.cookie);
      expect(ok.statusCode).toBe(200);
    }
    const unsized = await goldProduct();
    const sized = await multipart('/api/cart/add', { cart_product_id: unsized.id, cart_quantity: 1, cart_user_id: c.userId, size: 12 }, c.cookie);
    expect(sized.statusCode).toBe(400);
    expect(sized.json().message).toBe('This piece does not come in sizes.');
    const got = (await lines(c)).json() as { options: { sizeKind?: string; size?: string } }[];
    expect(got.map((l) => l.options.sizeKind)).toEqual(['ring', 'bangle', 'length']);
  });

  it('refuses a purity, colour or diamond grade the piece is not made in, with a message', async () => {
    const c = await customer();
    const d = await diamondProduct();
    const yellow = await goldProduct();
    const silver = (
      await t.database.db.query.products.findMany({
        where: (p, { and, eq, gt, isNull }) => and(eq(p.metal, 'silver'), gt(p.stock, 5), isNull(p.sizeKind)),
        limit: 1,
      })
    )[0]!;
    const refused: [number, Record<string, string | number>, RegExp][] = [
      [d.id, { purity: 22 }, /^This piece is made in 14 kt or 18 kt gold, not 22 kt\.$/],
      [d.id, { diamond_quality: 'VVS-EF' }, /diamonds come in SI-IJ, SI-GH or VVS-GH, not VVS-EF/],
      [yellow.id, { colour: 'Rose Gold' }, /made in Yellow Gold, not Rose Gold/],
      [yellow.id, { diamond_quality: 'SI-IJ' }, /no diamonds/],
      [silver.id, { purity: 18 }, /only be chosen for gold/],
      [silver.id, { colour: 'White Gold' }, /one colour only/],
    ];
    for (const [id, choice, message] of refused) {
      const res = await multipart('/api/cart/add', { cart_product_id: id, cart_quantity: 1, cart_user_id: c.userId, ...choice }, c.cookie);
      expect(res.statusCode, JSON.stringify(choice)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect((await lines(c)).json()).toEqual([]);
    const detail = (await t.app.inject({ url: `/api/product/find-by-id/${d.id}` })).json().data;
    expect(detail.pricing).toMatchObject({
      purities: [14, 18],
      colours: ['Yellow Gold', 'Rose Gold', 'White Gold'],
      diamondQualities: ['SI-IJ', 'SI-GH', 'VVS-GH'],
      sizeKind: null,
      sizes: [],
    });
  });
});
