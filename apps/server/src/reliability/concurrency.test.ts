/**
 * The last pieces (issue 7): 100 logged-in customers, each with the same piece in their cart, press
 * Place Order at the same moment, over real HTTP against the server listening on a port. The piece has
 * 10 in stock: exactly 10 orders, stock 0, and each of the 90 others gets checkout's out-of-stock message
 * with a 409, never a 5xx, and has nothing written for them. The ten winners then pay at once through the
 * demo gateway's checkout, each sending its verify twice at once (a browser's retry): every order is placed
 * once, with one captured payment, and no order is placed without its payment nor any payment without its order. On PGlite (one connection: the race is on
 * the request path) and, in the PostgreSQL pass, on PostgreSQL with the production pool of connections,
 * where the checkouts' transactions really run side by side and meet at the product row's lock.
 */
import type { AddressInfo } from 'node:net';
import { count, eq, inArray, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@milli/db';
import { loadConfig } from '../config.ts';
import { paymentBreaches, watchPaymentInvariants } from './payment-invariants.ts';
import { createTestApp, type TestApp } from '../testing.ts';
import { inBatches, moreShoppersLike, storeClient, type Shopper, type StoreClient } from './shoppers.ts';

const BUYERS = 100;
const STOCK = 10;
/** Buyers who sign up and log in through the API; the others get the same account and session rows directly. */
const SIGNED_UP = 5;

let t: TestApp;
let store: StoreClient;

beforeAll(async () => {
  // The pool production starts with (DATABASE_POOL_SIZE's default); PGlite has one connection whatever this says.
  t = await createTestApp({ seed: true, poolSize: loadConfig({}).databasePoolSize, config: { trustProxy: ['127.0.0.1'] } });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  store = storeClient(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`);
}, 120_000);
afterAll(() => t?.close());

/** Samples, every few milliseconds until stopped, how many sessions of this database wait for a lock. */
function watchLockWaits(url: string) {
  const client = new pg.Client({ connectionString: url });
  let most = 0;
  let running = true;
  const loop = (async () => {
    await client.connect();
    while (running) {
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid where not l.granted and a.datname = current_database()`,
      );
      most = Math.max(most, rows[0]!.n);
      await new Promise((r) => setTimeout(r, 5));
    }
    await client.end();
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return most;
    },
  };
}

/** Rows in the tables an order writes, to show the losers left nothing behind. */
async function rowCounts() {
  const db = t.database.db;
  const n = async (table: PgTable) => Number((await db.select({ n: count() }).from(table))[0]!.n);
  return {
    orders: await n(schema.orders),
    orderLines: await n(schema.orderLines),
    orderAddresses: await n(schema.orderAddresses),
    statusHistory: await n(schema.orderStatusHistory),
    payments: await n(schema.payments),
    refunds: await n(schema.refunds),
    couponRedemptions: await n(schema.couponRedemptions),
    mail: await n(schema.mailOutbox),
  };
}

describe(`${BUYERS} buyers race for a piece with stock ${STOCK}`, () => {
  it(`sells exactly ${STOCK}, and every other buyer hears it is out of stock (409), with nothing written for them`, async () => {
    const db = t.database.db;
    const [piece] = await db
      .select()
      .from(schema.products)
      // A piece without a size: the racers add it to their carts as it is.
      .where(sql`${schema.products.active} and ${schema.products.stock} > 0 and ${schema.products.sizeKind} is null`)
      .orderBy(schema.products.id)
      .limit(1);
    await db.update(schema.products).set({ stock: STOCK }).where(eq(schema.products.id, piece!.id));

    const started = Date.now();
    // A few sign up and log in through the API; the rest are written as those calls would leave them.
    const signedUp = await inBatches(Array.from({ length: SIGNED_UP }), 3, () => store.signUp('racer'));
    const buyers: Shopper[] = [...signedUp, ...(await moreShoppersLike(db, signedUp[0]!, BUYERS - SIGNED_UP, 'racer'))];
    await inBatches(buyers, 10, async (b) => {
      const added = await store.addToCart(b, piece!.id);
      expect(added.status, JSON.stringify(added.body)).toBe(200);
    });
    console.log(
      `[concurrency] ${t.database.kind}: ${BUYERS} logged-in customers (${SIGNED_UP} signed up through the API) put "${piece!.name}" (stock ${STOCK}) in their carts in ${Date.now() - started} ms`,
    );
    const before = await rowCounts();

    // How many Place Order requests the server holds at once, and (PostgreSQL) how many checkouts wait at a lock.
    let inFlight = 0;
    let peak = 0;
    const server = t.app.server;
    const onRequest = (_req: unknown, res: NodeJS.EventEmitter) => {
      peak = Math.max(peak, ++inFlight);
      res.once('close', () => inFlight--);
    };
    server.on('request', onRequest);
    const waits = t.database.url ? watchLockWaits(t.database.url) : null;
    // Watched all along, through the race and the payments, not only at the end: no committed moment has an
    // order placed without its payment, or held without one.
    const racers = buyers.map((b) => b.userId);
    const watch = watchPaymentInvariants(db, () => racers, 5);
    const raceStart = Date.now();
    const answers = await Promise.all(buyers.map((b, i) => store.placeOrder(b, { idempotencyKey: `race-${String(i).padStart(4, '0')}-checkout` })));
    const raceMs = Date.now() - raceStart;
    server.off('request', onRequest);
    const mostWaiting = await waits?.stop();

    const byStatus = new Map<number, number>();
    for (const a of answers) byStatus.set(a.status, (byStatus.get(a.status) ?? 0) + 1);
    console.log(
      `[concurrency] ${t.database.kind}: ${BUYERS} Place Order requests at once (server held up to ${peak} at a time) answered in ${raceMs} ms: ` +
        [...byStatus].map(([s, n]) => `${n} × ${s}`).join(', ') +
        (mostWaiting === undefined ? '' : `; up to ${mostWaiting} checkouts seen waiting for a row lock at once`),
    );

    const failures = answers.filter((a) => a.status >= 500);
    expect(
      failures.map((f) => `${f.status} ${JSON.stringify(f.body)}`),
      'no buyer may get a server error',
    ).toEqual([]);
    if (t.database.kind === 'postgres') {
      expect(peak, 'the requests overlapped on the server').toBeGreaterThan(1);
    } else {
      // PGlite runs inside the server's thread and never waits on I/O, so each checkout runs to its end
      // before the next request is even read: the same race, taken one at a time.
      console.log('[concurrency] pglite: the embedded database serves one checkout at a time; the PostgreSQL pass is the concurrent one');
    }

    const winners = buyers.filter((_, i) => answers[i]!.status === 200);
    const losers = buyers.filter((_, i) => answers[i]!.status !== 200);
    expect(winners).toHaveLength(STOCK);
    expect(losers).toHaveLength(BUYERS - STOCK);
    // The message checkout gives for a piece that ran out (the store speaks English to every shopper).
    const soldOut = `Sorry, ${piece!.name} is out of stock. Please remove it from your cart.`;
    for (const [i, a] of answers.entries()) {
      if (a.status === 200) continue;
      expect(a.status, `buyer ${i}`).toBe(409);
      expect(a.body, `buyer ${i}`).toMatchObject({ code: 'OUT_OF_STOCK', message: soldOut });
    }

    // The database: stock 0, ten whole orders for ten different winners, nothing for the losers.
    const after = (await db.select().from(schema.products).where(eq(schema.products.id, piece!.id)))[0]!;
    expect(after.stock).toBe(0);
    expect(after.unitsSold).toBe(piece!.unitsSold + STOCK);
    const counts = await rowCounts();
    // Each winner's order holds its pieces awaiting payment: one payment row each, no placed mail yet.
    expect({
      orders: counts.orders - before.orders,
      orderLines: counts.orderLines - before.orderLines,
      orderAddresses: counts.orderAddresses - before.orderAddresses,
      statusHistory: counts.statusHistory - before.statusHistory,
      payments: counts.payments - before.payments,
      couponRedemptions: counts.couponRedemptions - before.couponRedemptions,
      mail: counts.mail - before.mail,
    }).toEqual({ orders: STOCK, orderLines: STOCK, orderAddresses: 2 * STOCK, statusHistory: STOCK, payments: STOCK, couponRedemptions: 0, mail: 0 });
    const orders = await db.select().from(schema.orders).where(inArray(schema.orders.customerId, racers));
    expect(orders.map((o) => o.customerId).sort()).toEqual(winners.map((w) => w.userId).sort());
    const held = winners.map(
      (w) =>
        answers[buyers.indexOf(w)]!.body as { orderId: number; orderNumber: string; status: string; payment: { gatewayOrderId: string; amountPaise: number } },
    );
    for (const [i, w] of winners.entries()) {
      expect(orders.find((o) => o.id === held[i]!.orderId)).toMatchObject({
        customerId: w.userId,
        orderNumber: held[i]!.orderNumber,
        status: 'Awaiting payment',
      });
      expect(held[i]).toMatchObject({ status: 'Awaiting payment', payment: { amountPaise: orders.find((o) => o.id === held[i]!.orderId)!.totalPaise } });
    }
    const unpaid = await db.select().from(schema.payments).where(inArray(schema.payments.customerId, racers));
    expect(unpaid.map((p) => p.status)).toEqual(Array(STOCK).fill('created'));
    expect(await paymentBreaches(db, racers)).toEqual([]);

    // The winners pay at once, each sending the verify twice at once: one of the two settles, the other is told it is paid.
    const payStart = Date.now();
    const paid = await Promise.all(
      winners.map(async (w, i) => {
        const checkout = await store.post('/api/payments/demo/checkout', { gatewayOrderId: held[i]!.payment.gatewayOrderId, instrument: 'card_success' }, w);
        expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
        return Promise.all([0, 1].map(() => store.post('/api/payments/razorpay/verify', checkout.body as Record<string, string>, w)));
      }),
    );
    const watched = await watch.stop();
    expect(watched.breaches).toEqual([]);
    expect(watched.checks).toBeGreaterThan(0);
    for (const pair of paid) {
      expect(
        pair.map((v) => v.status),
        JSON.stringify(pair.map((v) => v.body)),
      ).toEqual([200, 200]);
      expect(pair.map((v) => (v.body as { replayed: boolean }).replayed).sort()).toEqual([false, true]);
    }
    const placed = await db.select().from(schema.orders).where(inArray(schema.orders.customerId, racers));
    expect(placed.map((o) => o.status)).toEqual(Array(STOCK).fill('Placed'));
    const paymentsOfRacers = await db.select().from(schema.payments).where(inArray(schema.payments.customerId, racers));
    expect(paymentsOfRacers.map((p) => p.status)).toEqual(Array(STOCK).fill('paid'));
    expect(await paymentBreaches(db, racers)).toEqual([]);
    const settled = await rowCounts();
    expect({
      statusHistory: settled.statusHistory - before.statusHistory,
      payments: settled.payments - before.payments,
      mail: settled.mail - before.mail,
      refunds: settled.refunds - before.refunds,
    }).toEqual({
      statusHistory: 2 * STOCK,
      payments: STOCK,
      mail: STOCK,
      refunds: 0,
    });
    console.log(
      `[concurrency] ${t.database.kind}: the ${STOCK} winners paid at once, each verify sent twice at once, in ${Date.now() - payStart} ms: ${STOCK} orders Placed, ${STOCK} payments captured once, nothing refunded; the invariants checked ${watched.checks} times during the race and the payments`,
    );

    // Winners' carts are empty; each loser still has the piece in theirs, to remove or wait for.
    for (const w of winners) expect(await store.cart(w)).toEqual([]);
    for (const l of losers) expect((await store.cart(l)).map((line) => [line.productId, line.quantity])).toEqual([[piece!.id, 1]]);
    console.log(
      `[concurrency] ${t.database.kind}: stock ${STOCK} → ${after.stock}; ${orders.length} orders in the database; the ${losers.length} losers have no order, payment or mail and keep their carts`,
    );

    // And a late buyer on the sold-out piece is told the same, calmly.
    const late = losers[0]!;
    const again = await store.placeOrder(late);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'OUT_OF_STOCK', message: soldOut });
  }, 120_000);
});
