/**
 * The read cache (decision 017): catalogue answers are kept until the database announces a change, whoever
 * made it: this instance's own orders (at once), a staff tool or another instance writing SQL (by the
 * notification). Runs on PGlite and, in the PostgreSQL pass, on PostgreSQL, where notifications arrive on
 * a connection of their own.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { schema } from '@milli/db';
import { createTestApp, postForm, type TestApp } from '../testing.ts';
import { createProduct, createShopper, placeOrder } from '../testing-factories.ts';
import { createReadCache, keptByAddress } from './read-cache.ts';
import { indianDate } from '@milli/pricing';

let t: TestApp;
let n = 0;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(() => t?.close());

const get = async (url: string) => {
  const res = await t.app.inject({ url });
  expect(res.statusCode, res.body).toBe(200);
  return res;
};
const ip = () => `10.9.${Math.floor(++n / 200)}.${n % 200}`;
const form = (url: string, fields: Record<string, string | number>, cookie?: string) => postForm(t.app, url, fields, { cookie, ip: ip() });

/** A new gold piece priced by weight, at the given stock, once the read cache has heard of it. */
async function goldPiece(stock: number) {
  const piece = await createProduct(t.database.db, { metal: 'gold', karat: 22, stock });
  await t.app.readCache.caughtUp();
  return piece;
}

describe('read cache', () => {
  it('answers a repeated listing from memory, byte for byte', async () => {
    const url = '/api/product/productList?material=Gold&sort=8';
    const first = await get(url);
    const before = t.app.readCache.stats();
    const second = await get(url);
    const after = t.app.readCache.stats();
    console.log(`read cache: ${JSON.stringify(after)}`);
    expect(after.listening).toBe(true);
    expect(after.hits).toBe(before.hits + 1);
    expect(after.misses).toBe(before.misses);
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toMatch(/^application\/json/);
  });

  it('sends an answer found by its address before the route checks the query again, one answer per checked query (keptByAddress)', async () => {
    const cache = t.app.readCache;
    const probe = Fastify();
    const checked: string[] = [];
    let loads = 0;
    const byAddress = keptByAddress(cache, () => 'today');
    probe.addHook('preValidation', async (request) => {
      checked.push(request.url);
    });
    probe.get('/probe', { onRequest: byAddress.onRequest }, async (request, reply) => {
      const { n } = request.query as { n?: string };
      if (n !== undefined && !/^\d+$/.test(n)) return reply.status(400).send({ message: 'n must be a number.', code: 'INVALID_REQUEST' });
      // The route's own key: the checked query, as a number.
      return byAddress.send(request, reply, `probe:${Number(n ?? 0)}`, async () => ({ status: 200, value: { n: Number(n ?? 0), loads: ++loads } }));
    });
    try {
      const ask = (url: string) => probe.inject({ url });
      const first = await ask('/probe?n=1');
      expect(first.json()).toEqual({ n: 1, loads: 1 });
      const again = await ask('/probe?n=1');
      expect(again.body).toBe(first.body);
      expect(
        checked.filter((u) => u === '/probe?n=1'),
        'checked once, then answered from onRequest',
      ).toHaveLength(1);
      // Other spellings of the same query are checked once each and share the one kept answer.
      for (const spelled of ['/probe?n=01', '/probe?n=1&junk=2', '/probe?n=1&junk=3']) {
        expect((await ask(spelled)).json(), spelled).toEqual({ n: 1, loads: 1 });
        expect((await ask(spelled)).json(), spelled).toEqual({ n: 1, loads: 1 });
        expect(
          checked.filter((u) => u === spelled),
          spelled,
        ).toHaveLength(1);
      }
      // A refused query is refused every time, never remembered.
      for (let i = 0; i < 2; i++) expect((await ask('/probe?n=x')).statusCode).toBe(400);
      expect(checked.filter((u) => u === '/probe?n=x')).toHaveLength(2);
      // Once the cache forgets, the address leads through the route again.
      cache.invalidate();
      expect((await ask('/probe?n=1')).json()).toEqual({ n: 1, loads: 2 });
      expect(checked.filter((u) => u === '/probe?n=1')).toHaveLength(2);
    } finally {
      await probe.close();
    }
  });

  it('finds a kept listing, its facets and a suggestion by address, whatever else the address carries', async () => {
    for (const url of ['/api/product/productList?material=Gold&sort=4', '/api/product/facets?material=Gold', '/api/product/suggest?q=ring']) {
      const first = await get(url);
      const before = t.app.readCache.stats();
      expect((await get(url)).body, url).toBe(first.body);
      expect(t.app.readCache.stats().hits, url).toBe(before.hits + 1);
      // Another spelling finds the same kept answer (a hit, no new entry).
      const entries = t.app.readCache.stats().entries;
      expect((await get(`${url}&`)).body, url).toBe(first.body);
      expect(t.app.readCache.stats().entries, url).toBe(entries);
    }
    expect((await t.app.inject({ url: '/api/product/productList?sort=banana' })).statusCode).toBe(400);
  });

  it('gives a browser the kept answer compressed, made once, the same text; and as it is to a client that asks for none', async () => {
    const url = '/api/product/productList?material=Gold&sort=2';
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
      ['br;q=0, gzip;q=0.5', 'gzip', gunzipSync],
    ] as const) {
      for (let i = 0; i < 2; i++) {
        const res = await t.app.inject({ url, headers: { 'accept-encoding': accept } });
        expect(res.headers['content-encoding'], accept).toBe(encoding);
        expect(res.headers.vary, accept).toMatch(/accept-encoding/i);
        expect(decode(res.rawPayload).toString('utf8'), accept).toBe(plain.body);
      }
    }
    expect((await t.app.inject({ url, headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } })).headers['content-encoding']).toBeUndefined();
  });

  it('shows a change made outside the API (staff tool, another instance) once the database announces it', async () => {
    const listing = async () => (await get('/api/product/get_product_detail')).json().data as { product_id: number; product_name: string }[];
    const shown = (await listing())[0]!;
    await t.database.db
      .update(schema.products)
      .set({ name: `${shown.product_name} (renamed by staff)` })
      .where(eq(schema.products.id, shown.product_id));
    await t.app.readCache.caughtUp();
    expect((await listing())[0]!.product_name).toBe(`${shown.product_name} (renamed by staff)`);
    const detail = await get(`/api/product/find-by-id/${shown.product_id}`);
    expect(detail.json().data.product_name).toBe(`${shown.product_name} (renamed by staff)`);
  });

  it('shows a new review, a hidden one, a renamed reviewer and a piece put on sale once the database announces them', async () => {
    const piece = await goldPiece(1);
    const reviews = async () => (await get(`/api/product/${piece.id}/reviews`)).json() as { totalResults: number; data: { author: string }[] };
    const onSale = async () => (await get(`/api/product/find-by-id/${piece.id}`)).json().data.product_on_sale as boolean;
    expect((await reviews()).totalResults).toBe(0);
    expect(await onSale()).toBe(false);

    const [reviewer] = await t.database.db
      .insert(schema.customers)
      .values({ username: `cachereviewer${++n}`, email: `cachereviewer${n}@example.in`, passwordHash: '!', firstName: 'Asha', lastName: 'Verma' })
      .returning({ id: schema.customers.id });
    const [review] = await t.database.db
      .insert(schema.reviews)
      .values({ productId: piece.id, customerId: reviewer!.id, rating: 4, title: 'Lovely', text: 'Lovely piece.' })
      .returning({ id: schema.reviews.id });
    await t.app.readCache.caughtUp();
    expect((await reviews()).data.map((r) => r.author)).toEqual(['Asha V.']);

    await t.database.db.update(schema.customers).set({ lastName: 'Iyer' }).where(eq(schema.customers.id, reviewer!.id));
    await t.app.readCache.caughtUp();
    expect((await reviews()).data.map((r) => r.author)).toEqual(['Asha I.']);

    await t.database.db.update(schema.reviews).set({ hidden: true }).where(eq(schema.reviews.id, review!.id));
    await t.app.readCache.caughtUp();
    expect((await reviews()).totalResults).toBe(0);

    const sale = await t.database.db.select({ id: schema.sales.id }).from(schema.sales).where(eq(schema.sales.name, 'Jewel On Sale'));
    await t.database.db.insert(schema.saleProducts).values({ saleId: sale[0]!.id, productId: piece.id }).onConflictDoNothing();
    await t.app.readCache.caughtUp();
    expect(await onSale()).toBe(true);
  });

  it('shows a piece sold out by an order on this instance at once, in the listing and on its page', async () => {
    const piece = await goldPiece(1);
    const stockStatus = async () => {
      const page = (await get(`/api/product/productList?q=${encodeURIComponent(piece.sku)}`)).json().data as {
        product_id: number;
        product_stock_status: string;
      }[];
      const detail = (await get(`/api/product/find-by-id/${piece.id}`)).json().data as { product_stock: number };
      return { listed: page.find((p) => p.product_id === piece.id)?.product_stock_status, stock: detail.product_stock };
    };
    expect(await stockStatus()).toEqual({ listed: 'In Stock', stock: 1 });
    const buyer = await createShopper(t.app);
    const placed = await placeOrder(t.app, buyer, { productId: piece.id });
    expect(placed.statusCode, placed.body).toBe(200);
    // No caughtUp here: the instance that sold the piece forgets its answers before its own answer leaves.
    expect(await stockStatus()).toEqual({ listed: 'Out of Stock', stock: 0 });
    const again = await form('/api/cart/add', { cart_product_id: piece.id, cart_quantity: 1, cart_user_id: buyer.userId }, buyer.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/out of stock/i);
  });

  it("keeps its answers through a payment: the demo checkout, the verify and the gateway's webhooks change nothing it keeps", async () => {
    const piece = await goldPiece(3);
    const buyer = await createShopper(t.app);
    const placed = await placeOrder(t.app, buyer, { productId: piece.id, pay: false });
    expect(placed.statusCode, placed.body).toBe(200);
    const { payment } = placed.json() as { payment: { gatewayOrderId: string } };
    // The order's own stock change, announced by the database (a moment later on PostgreSQL), heard first.
    await t.app.readCache.caughtUp();
    await get(`/api/product/find-by-id/${piece.id}`);
    const flushes = t.app.readCache.stats().flushes;
    const session = { cookie: buyer.cookie, ip: buyer.ip };
    const paid = await postForm(t.app, '/api/payments/demo/checkout', { gatewayOrderId: payment.gatewayOrderId, instrument: 'card_success' }, session);
    expect(paid.statusCode, paid.body).toBe(200);
    const verified = await postForm(t.app, '/api/payments/razorpay/verify', paid.json(), session);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().message).toMatch(/is placed/);
    // The demo gateway's webhooks about this payment, delivered as Razorpay would POST them.
    const { simulator } = t.gateway as unknown as { simulator: { deliveries(): { body: string; signature: string; eventId: string }[] } };
    const webhooks = simulator.deliveries().filter((d) => d.body.includes(payment.gatewayOrderId));
    expect(webhooks.length).toBeGreaterThan(0);
    for (const d of webhooks) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payments/razorpay/webhook',
        payload: d.body,
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': d.signature, 'x-razorpay-event-id': d.eventId },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(t.app.readCache.stats().flushes).toBe(flushes);
    expect(t.app.readCache.peek(`product:${piece.id}:${indianDate(new Date())}`)).toBeDefined();
  });

  it('keeps its answers through an order that leaves the piece in stock, and forgets them once the counts may have moved', async () => {
    const piece = await goldPiece(5);
    const buyer = await createShopper(t.app);
    const url = `/api/product/productList?q=${encodeURIComponent(piece.sku)}`;
    await get(url);
    const before = t.app.readCache.stats();
    const placed = await placeOrder(t.app, buyer, { productId: piece.id });
    expect(placed.statusCode, placed.body).toBe(200);
    // The order's update of products, announced as a change of counts only (migration 0016), heard.
    await t.app.readCache.caughtUp();
    expect(t.app.readCache.stats().flushes).toBe(before.flushes);
    await get(url);
    expect(t.app.readCache.stats().hits).toBeGreaterThan(before.hits);

    // A cache of its own, told to let counts lag 200 ms, beside the app's.
    const lagging = await createReadCache(t.database, { maxBytes: 1_000_000, countsLagMs: 200 });
    const products = schema.products;
    const setStock = async (stock: number) => {
      await t.database.db.update(products).set({ stock, updatedAt: new Date() }).where(eq(products.id, piece.id));
      await lagging.caughtUp();
    };
    const keep = async () => {
      await lagging.get(
        'k',
        async () => 'kept',
        () => 10,
      );
      expect(lagging.peek('k')).toBe('kept');
    };
    try {
      await keep();
      await setStock(7);
      expect(lagging.peek('k'), 'counts moved: still kept').toBe('kept');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(lagging.peek('k'), 'counts moved: forgotten once the lag is over').toBeUndefined();

      await keep();
      await setStock(0);
      expect(lagging.peek('k'), 'sold out: forgotten at once').toBeUndefined();
      await keep();
      await setStock(2);
      expect(lagging.peek('k'), 'back in stock: forgotten at once').toBeUndefined();
      await keep();
      await t.database.db
        .update(products)
        .set({ stock: 3, metalWeightMg: sql`${products.metalWeightMg} + 1` })
        .where(eq(products.id, piece.id));
      await lagging.caughtUp();
      expect(lagging.peek('k'), 'the weight changed with the stock: forgotten at once').toBeUndefined();
      await keep();
      // An update that matched nothing changed nothing.
      await t.database.db.update(products).set({ stock: 1 }).where(eq(products.id, -1));
      await lagging.caughtUp();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(lagging.peek('k'), 'nothing updated: still kept').toBe('kept');
    } finally {
      await lagging.close();
    }
  });

  it('does not keep an answer that was loading when a change arrived', async () => {
    const cache = t.app.readCache;
    let release!: () => void;
    const slow = cache.get(
      'test:slow',
      () => new Promise<string>((resolve) => (release = () => resolve('old'))),
      () => 10,
    );
    cache.invalidate();
    release();
    expect(await slow).toBe('old');
    expect(cache.peek('test:slow')).toBeUndefined();
    expect(
      await cache.get(
        'test:slow',
        async () => 'new',
        () => 10,
      ),
    ).toBe('new');
    expect(cache.peek('test:slow')).toBe('new');
  });

  it('loads a key once for many callers at the same time', async () => {
    let loads = 0;
    const load = async () => {
      loads++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return 'value';
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => t.app.readCache.get('test:herd', load, () => 10)));
    expect(answers.every((a) => a === 'value')).toBe(true);
    expect(loads).toBe(1);
  });

  it('keeps no more than its budget, dropping the least recently used first', async () => {
    const small = await createReadCache(t.database, { maxBytes: 1000 });
    try {
      for (let i = 0; i < 10; i++)
        await small.get(
          `k${i}`,
          async () => i,
          () => 200,
        );
      const { bytes, entries } = small.stats();
      expect(bytes).toBeLessThanOrEqual(1000);
      expect(entries).toBe(5);
      expect(small.peek('k0')).toBeUndefined();
      expect(small.peek('k9')).toBe(9);
    } finally {
      await small.close();
    }
  });

  it('keeps nothing while it cannot hear changes', async () => {
    let handlers!: Parameters<typeof t.database.listen>[1];
    const deaf = await createReadCache(
      {
        ...t.database,
        listen: async (_channel, h) => {
          handlers = h;
          h.onListening(false);
          return async () => {};
        },
      },
      { maxBytes: 1_000_000 },
    );
    let loads = 0;
    const load = async () => ++loads;
    await deaf.get('k', load, () => 10);
    await deaf.get('k', load, () => 10);
    expect(loads).toBe(2);
    handlers.onListening(true);
    await deaf.get('k', load, () => 10);
    await deaf.get('k', load, () => 10);
    expect(loads).toBe(3);
    // A lost connection drops what was kept: changes may be missed until it is back.
    handlers.onListening(false);
    expect(deaf.peek('k')).toBeUndefined();
    await deaf.close();
  });
});
