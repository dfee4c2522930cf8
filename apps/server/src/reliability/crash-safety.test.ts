/**
 * Crash safety (issues 7 and 18): the real server (main.ts) runs as a child process while shoppers place
 * orders and pay for them over HTTP in a loop (Place Order, the demo gateway's checkout, the verify call);
 * it is killed with SIGKILL twice, as a power cut or the OOM killer would, and started again on the same
 * data each time: first between a shopper's checkout and their verify (the gateway has taken the money, the
 * store has not heard), then just after a verify was answered. Between the kills, shoppers whose Place Order
 * was cut press it again with the same key (exactly one order) and those whose payment was cut pay again.
 * At the end the reconciliation job runs past the payment window on the same data, as the restarted
 * instance would run it, and every order must be whole (lines, totals that add up, both addresses, its
 * status history, its mail), every order a shopper was told is placed must be Placed with one captured
 * payment, no order is Placed without its captured payment and no captured payment is without its order,
 * each order left unpaid has lapsed cleanly (Cancelled, its payment closed, its pieces back), and each
 * piece's stock is its start minus what the live orders hold.
 *
 * The server runs the built-in demo gateway, whose memory (its orders, payments and signing secret) dies
 * with the process: a payment taken by the demo checkout but not yet verified is lost with it, so that
 * order is paid again or lapses. With Razorpay the gateway outlives the store, and the same job records
 * such a payment instead (the Razorpay-speaking tests show that). On the embedded database (a data folder
 * in a temp directory) and, in the PostgreSQL pass, on a fresh PostgreSQL database.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, schema, type Db } from '@milli/db';
import { createTestDatabase, type TestDatabase } from '@milli/db/testing';
import { startStore, type Running } from '../../../../bench/processes.ts';
import { requestFollowsOrder } from '../modules/custom-design/service.ts';
import { LAPSED_NOTE } from '../modules/orders/service.ts';
import { orderPaymentHandler } from '../modules/orders/settle.ts';
import { createPaymentKeeper } from '../modules/payments/keeper.ts';
import { createDemoGateway } from '../modules/payments/demo-gateway.ts';
import { createPaymentService } from '../modules/payments/service.ts';
import { createSettingsService } from '../modules/settings/service.ts';
import { paymentBreaches, watchPaymentInvariants } from './payment-invariants.ts';
import { inBatches, storeClient, type Shopper, type StoreClient } from './shoppers.ts';

const BUYERS = 6;
/** Orders the shoppers are told about before the kill is armed. */
const KILL_AFTER = 12;
const START_STOCK = 40;
/** Two of two pieces can pass Rs. 2 lakh, where checkout asks for the buyer's PAN. */
const PAN = 'ABCPE1234F';

let folder: string;
let database: TestDatabase;
let server: Running | null = null;
const pieces: { id: number; name: string; unitsSold: number; soldBefore: number }[] = [];

/** The API only (the web build is neither needed nor made), on the suite's data folder or database. */
const startServer = () => startStore({ dataDir: folder, databaseUrl: database.url, seedDemo: false, serveWeb: false, timeoutMs: 60_000 });

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'milli-crash-'));
  database = await createTestDatabase({ seed: true, dataDir: folder });
  const chosen = await database.db
    .select()
    .from(schema.products)
    .where(and(eq(schema.products.active, true), eq(schema.products.metal, 'gold'), isNull(schema.products.sizeKind)))
    .orderBy(asc(schema.products.id))
    .limit(3);
  for (const p of chosen) {
    await database.db.update(schema.products).set({ stock: START_STOCK }).where(eq(schema.products.id, p.id));
    pieces.push({ id: p.id, name: p.name, unitsSold: p.unitsSold, soldBefore: await quantitySold(database.db, p.id) });
  }
  // PGlite's files belong to one process at a time: the server's, from here on.
  if (database.kind === 'pglite') await database.close();
}, 120_000);

afterAll(async () => {
  await server?.kill();
  await database?.dispose().catch(() => {});
  if (folder) await rm(folder, { recursive: true, force: true });
}, 60_000);

/** One shopper's go at buying: how far it got before the server answered or died. */
interface Attempt {
  shopper: Shopper;
  key: string;
  /** placing: Place Order sent, no answer; held: the order awaits payment; checked-out: the gateway took it, verify not yet sent or answered; placed: verify answered. */
  stage: 'placing' | 'held' | 'checked-out' | 'placed';
  orderId?: number;
  orderNumber?: string;
  gatewayOrderId?: string;
  phase: 1 | 2;
}

type KillPoint = 'between checkout and verify' | 'after a verify';

describe('a server killed with SIGKILL while shoppers place orders and pay', () => {
  it('comes back with every order whole, every paid order placed once, unpaid ones lapsed, and stock equal to start minus sold', async () => {
    const began = Date.now();
    server = await startServer();
    let store = storeClient(server.url);
    console.log(`[crash] ${database.kind}: server started in ${Date.now() - began} ms (pid ${server.pid})`);
    const buyers = await inBatches(Array.from({ length: BUYERS }), 3, () => store.signUp('crash'));
    const attempts: Attempt[] = [];
    let sequence = 0;

    /** Shoppers buy in a loop until the server is killed at `point`, after `after` orders were placed and paid in this phase. */
    async function buyUntilKilled(phase: 1 | 2, point: KillPoint, after: number) {
      const client = store;
      let placedHere = 0;
      let kill: Promise<void> | null = null;
      let inFlight = 0;
      let inFlightAtKill = 0;
      let openTransactions: number | null = null;
      let armed = false;
      const killNow = () => {
        if (kill) return kill;
        inFlightAtKill = inFlight;
        kill = (async () => {
          if (database.kind === 'postgres') openTransactions = await transactionsOpen(database.db);
          await server!.kill();
        })();
        return kill;
      };
      // Whatever happens, the loop is bounded: the kill comes after 20 s at the latest.
      const deadline = setTimeout(() => void killNow(), 20_000);
      let killedAt = '';
      // On PostgreSQL the invariants are watched from outside while the shoppers buy and the server dies (PGlite's
      // files belong to the server meanwhile): no committed moment has an order placed without its payment.
      const watch = database.kind === 'postgres' ? watchPaymentInvariants(database.db, () => buyers.map((b) => b.userId)) : null;
      await Promise.all(
        buyers.map(async (b, bi) => {
          while (!kill) {
            const n = ++sequence;
            const attempt: Attempt = { shopper: b, key: `crash-${bi}-${String(n).padStart(6, '0')}`, stage: 'placing', phase };
            inFlight++;
            try {
              for (const p of n % 3 === 0 ? pieces.slice(0, 2) : [pieces[n % pieces.length]!]) {
                const added = await client.addToCart(b, p.id, 1 + (n % 2));
                expect(added.status, JSON.stringify(added.body)).toBe(200);
              }
              attempts.push(attempt);
              if (armed && !kill) {
                // Armed by a verify just answered: the server dies a few milliseconds into this Place Order.
                armed = false;
                setTimeout(() => void killNow(), 2 + (n % 7) * 3);
              }
              const placed = await client.placeOrder(b, { idempotencyKey: attempt.key, pan: PAN });
              expect(placed.status, JSON.stringify(placed.body)).toBe(200);
              expect(placed.body).toMatchObject({ status: 'Awaiting payment', paymentMethod: 'online' });
              Object.assign(attempt, {
                stage: 'held',
                orderId: placed.body.orderId,
                orderNumber: placed.body.orderNumber,
                gatewayOrderId: placed.body.payment.gatewayOrderId,
              });
              const checkout = await client.post('/api/payments/demo/checkout', { gatewayOrderId: attempt.gatewayOrderId!, instrument: 'card_success' }, b);
              expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
              attempt.stage = 'checked-out';
              if (point === 'between checkout and verify' && placedHere >= after && !kill) {
                // The money is taken at the gateway; the store dies before this shopper's verify.
                killedAt = `${attempt.orderNumber} checked out, its verify not sent`;
                await killNow();
                break;
              }
              const verified = await client.post('/api/payments/razorpay/verify', checkout.body as Record<string, string>, b);
              expect(verified.status, JSON.stringify(verified.body)).toBe(200);
              attempt.stage = 'placed';
              placedHere++;
              if (point === 'after a verify' && placedHere >= after && !killedAt) {
                killedAt = `${attempt.orderNumber} answered as placed, then a few ms into the next Place Order`;
                armed = true;
              }
            } catch (error) {
              // A request cut by the kill fails in the network (fetch's TypeError); anything else is a real failure.
              if (kill && error instanceof TypeError) break;
              throw error;
            } finally {
              inFlight--;
            }
          }
        }),
      );
      clearTimeout(deadline);
      await kill;
      const watched = await watch?.stop();
      expect(watched?.breaches ?? [], 'breaches seen while buying').toEqual([]);
      const cut = attempts.filter((a) => a.phase === phase && a.stage !== 'placed');
      console.log(
        `[crash] ${database.kind}: phase ${phase}: SIGKILL ${point} (${killedAt || 'at the deadline'}) after ${placedHere} orders placed and paid, ` +
          `${inFlightAtKill} shopper(s) mid-purchase` +
          (openTransactions === null ? '' : ` (${openTransactions} transaction(s) open in PostgreSQL just before it)`) +
          (watched ? `; the payment invariants held in ${watched.checks} checks meanwhile` : '') +
          `; left behind: ${['placing', 'held', 'checked-out'].map((s) => `${cut.filter((a) => a.stage === s).length} ${s}`).join(', ')}`,
      );
      expect(killedAt, 'the kill came at its point, not at the deadline').not.toBe('');
    }

    async function restart() {
      const restarted = Date.now();
      server = await startServer();
      store = storeClient(server.url);
      console.log(`[crash] ${database.kind}: restarted on the same data in ${Date.now() - restarted} ms`);
      // Every order a shopper was told is placed is there and Placed, seen through their own (surviving) session.
      for (const a of attempts.filter((x) => x.stage === 'placed')) {
        const detail = await store.get(`/api/orders/${a.orderNumber}`, a.shopper);
        expect(detail.status, a.orderNumber).toBe(200);
        expect(detail.body.order.status, a.orderNumber).toBe('Placed');
        expect(detail.body.payment, a.orderNumber).toMatchObject({ method: 'online', state: 'paid' });
      }
    }

    /** A shopper whose Place Order was cut presses it again with the same key: exactly one order, awaiting payment. */
    async function placeAgain(client: StoreClient, a: Attempt) {
      const answer = await client.placeOrder(a.shopper, { idempotencyKey: a.key, pan: PAN });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      a.orderId = answer.body.orderId;
      a.orderNumber = answer.body.orderNumber;
      a.stage = 'held';
      return answer.body.replayed as boolean;
    }

    // Phase 1: killed between a checkout and its verify.
    await buyUntilKilled(1, 'between checkout and verify', KILL_AFTER);
    await restart();
    const retried: { a: Attempt; replayed: boolean }[] = [];
    for (const a of attempts.filter((x) => x.phase === 1 && x.stage === 'placing')) retried.push({ a, replayed: await placeAgain(store, a) });
    // Whoever was left unpaid pays again (Pay Now on the order's page): the order gets a new gateway order, since
    // the demo gateway forgot the old one with the money it took, and is placed once paid.
    const paidAgain: Attempt[] = [];
    for (const a of attempts.filter((x) => x.phase === 1 && x.stage !== 'placed')) {
      // The gateway's webhook (the demo sends it to its own instance a moment after the checkout) or a verify
      // that committed before the kill may have placed it already: then there is nothing to pay.
      const shown = await store.get(`/api/orders/${a.orderNumber}`, a.shopper);
      expect(shown.status, JSON.stringify(shown.body)).toBe(200);
      if (shown.body.order.status === 'Placed') {
        expect(shown.body.payment, a.orderNumber).toMatchObject({ state: 'paid' });
        a.stage = 'placed';
        continue;
      }
      expect(shown.body.order.status, a.orderNumber).toBe('Awaiting payment');
      const pay = await store.post(`/api/orders/${a.orderNumber}/pay`, {}, a.shopper);
      expect(pay.status, JSON.stringify(pay.body)).toBe(200);
      const paid = await store.pay(a.shopper, pay.body.payment.gatewayOrderId);
      expect(paid.verify?.status, JSON.stringify(paid.verify?.body ?? paid.checkout.body)).toBe(200);
      a.stage = 'placed';
      paidAgain.push(a);
    }

    // Phase 2: killed right after a verify was answered.
    await buyUntilKilled(2, 'after a verify', 4);
    await restart();
    // A cut Place Order is pressed again; whatever else was cut is left unpaid, to lapse.
    for (const a of attempts.filter((x) => x.phase === 2 && x.stage === 'placing')) retried.push({ a, replayed: await placeAgain(store, a) });
    // And the store takes and settles new orders.
    const fresh = buyers[0]!;
    expect((await store.addToCart(fresh, pieces[0]!.id)).status).toBe(200);
    const after = await store.placeOrder(fresh, { idempotencyKey: 'crash-after-restart', pan: PAN });
    expect(after.status, JSON.stringify(after.body)).toBe(200);
    const afterPaid = await store.pay(fresh, after.body.payment.gatewayOrderId);
    expect(afterPaid.verify?.status, JSON.stringify(afterPaid.verify?.body)).toBe(200);
    attempts.push({ shopper: fresh, key: 'crash-after-restart', stage: 'placed', orderId: after.body.orderId, orderNumber: after.body.orderNumber, phase: 2 });

    await server.stop();
    server = null;

    // Now the data directly: first the reconciliation job's pass once the payment window is over, as the restarted
    // instance runs it (with a demo gateway that never saw the old gateway orders: they are unpaid as far as it knows).
    const reopened = database.kind === 'pglite' ? await openDatabase({ dataDir: folder }) : null;
    try {
      const db = reopened?.db ?? database.db;
      const customerIds = buyers.map((b) => b.userId);
      const unpaidBefore = await db
        .select({ id: schema.orders.id })
        .from(schema.orders)
        .where(and(inArray(schema.orders.customerId, customerIds), eq(schema.orders.status, 'Awaiting payment')));
      const payments = createPaymentService(db, createDemoGateway());
      payments.register('order', orderPaymentHandler({ settings: createSettingsService(db), designRequests: { followOrder: requestFollowsOrder } }));
      const keeper = createPaymentKeeper(db, payments, { now: () => new Date(Date.now() + 24 * 3_600_000) });
      expect(await keeper.run()).toEqual({ lapsed: unpaidBefore.length, paidLate: 0, settled: 0, refundsSent: 0 });
      expect(await keeper.run(), 'a second pass finds nothing').toEqual({ lapsed: 0, paidLate: 0, settled: 0, refundsSent: 0 });

      const report = await checkWhole(db, customerIds);
      const byId = new Map(report.orders.map((o) => [o.id, o]));
      const toldPlaced = attempts.filter((a) => a.stage === 'placed');
      expect(
        toldPlaced.filter((a) => byId.get(a.orderId!)?.status !== 'Placed').map((a) => a.orderNumber),
        'orders told placed that are not',
      ).toEqual([]);
      for (const r of retried) {
        const rows = await db
          .select({ id: schema.orders.id })
          .from(schema.orders)
          .where(and(eq(schema.orders.customerId, r.a.shopper.userId), eq(schema.orders.idempotencyKey, r.a.key)));
        expect(rows, `orders for ${r.a.key}`).toHaveLength(1);
      }
      expect(await paymentBreaches(db, customerIds)).toEqual([]);
      const placed = report.orders.filter((o) => o.status === 'Placed');
      const lapsed = report.orders.filter((o) => o.status === 'Cancelled');
      expect(placed.length + lapsed.length, 'every order is placed or lapsed').toBe(report.orders.length);
      console.log(
        `[crash] ${database.kind}: after the restarts ${report.orders.length} orders, all whole (${report.lines} lines; totals, addresses, status history, ` +
          `mail and payments checked): ${placed.length} Placed with one captured payment each (${toldPlaced.length} told placed, ${paidAgain.length} of them paid again after the first restart), ` +
          `${lapsed.length} unpaid lapsed by the reconciliation job with their pieces back; ` +
          `${retried.length} Place Order retried with the same key (${retried.filter((r) => r.replayed).length} answered with the order made before the crash); ` +
          `no order placed without its payment, no payment without its order; ` +
          `stock ${report.stock.map((s) => `${s.start}→${s.now} (sold ${s.sold})`).join(', ')}; whole run ${Date.now() - began} ms`,
      );
    } finally {
      await reopened?.close();
    }
  }, 180_000);
});

async function transactionsOpen(db: Db): Promise<number> {
  const result = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and xact_start is not null and pid <> pg_backend_pid()`,
  );
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n);
}

/** Units of the piece on orders that still hold it (a lapsed or cancelled order gave its pieces back). */
async function quantitySold(db: Db, productId: number): Promise<number> {
  const [sold] = await db
    .select({ n: sql<number>`coalesce(sum(${schema.orderLines.quantity}), 0)::int` })
    .from(schema.orderLines)
    .innerJoin(schema.orders, eq(schema.orders.id, schema.orderLines.orderId))
    .where(and(eq(schema.orderLines.productId, productId), ne(schema.orders.status, 'Cancelled')));
  return Number(sold!.n);
}

/**
 * Every order of these customers is whole (Placed after paying, or lapsed unpaid), and each piece's stock is
 * its start minus what the live orders hold.
 */
async function checkWhole(db: Db, customerIds: number[]) {
  const orders = await db.select().from(schema.orders).where(inArray(schema.orders.customerId, customerIds));
  const ids = orders.map((o) => o.id);
  const lines = ids.length ? await db.select().from(schema.orderLines).where(inArray(schema.orderLines.orderId, ids)) : [];
  const addresses = ids.length ? await db.select().from(schema.orderAddresses).where(inArray(schema.orderAddresses.orderId, ids)) : [];
  const history = ids.length ? await db.select().from(schema.orderStatusHistory).where(inArray(schema.orderStatusHistory.orderId, ids)) : [];
  const mail = await db
    .select()
    .from(schema.mailOutbox)
    .where(inArray(schema.mailOutbox.kind, ['order-placed', 'order-lapsed']));
  const payments = await db.select().from(schema.payments).where(inArray(schema.payments.customerId, customerIds));

  for (const o of orders) {
    const own = lines.filter((l) => l.orderId === o.id);
    expect(own.length, `${o.orderNumber} has lines`).toBeGreaterThan(0);
    for (const l of own) expect(l.lineTotalPaise, `${o.orderNumber} line ${l.id}`).toBe(l.unitPricePaise * l.quantity);
    expect(
      own.reduce((a, l) => a + l.lineTotalPaise, 0),
      `${o.orderNumber} subtotal`,
    ).toBe(o.subtotalPaise);
    expect(o.totalPaise, `${o.orderNumber} total`).toBe(o.subtotalPaise - o.discountPaise + o.shippingPaise - o.harvestCreditPaise);
    expect(
      addresses
        .filter((a) => a.orderId === o.id)
        .map((a) => a.kind)
        .sort(),
      `${o.orderNumber} addresses`,
    ).toEqual(['billing', 'shipping']);
    const steps = history.filter((h) => h.orderId === o.id).sort((a, b) => a.id - b.id);
    const mailOf = (kind: string) => mail.filter((m) => m.kind === kind && m.subject.includes(o.orderNumber));
    const paid = payments.filter((p) => p.orderId === o.id);
    expect(paid, `${o.orderNumber} has one payment`).toHaveLength(1);
    if (o.status === 'Placed') {
      expect(
        steps.map((h) => h.status),
        `${o.orderNumber} status history`,
      ).toEqual(['Awaiting payment', 'Placed']);
      expect(mailOf('order-placed'), `${o.orderNumber} confirmation mail`).toHaveLength(1);
      expect(paid[0], `${o.orderNumber} payment`).toMatchObject({ status: 'paid', amountPaise: o.totalPaise });
    } else {
      // Lapsed: held, then cancelled by the job, its payment closed, a lapse mail and no placed one.
      expect(o.status, `${o.orderNumber} status`).toBe('Cancelled');
      expect(
        steps.map((h) => [h.status, h.status === 'Cancelled' ? h.note : null]),
        `${o.orderNumber} status history`,
      ).toEqual([
        ['Awaiting payment', null],
        ['Cancelled', LAPSED_NOTE],
      ]);
      expect(mailOf('order-placed'), `${o.orderNumber} confirmation mail`).toHaveLength(0);
      expect(mailOf('order-lapsed'), `${o.orderNumber} lapse mail`).toHaveLength(1);
      expect(paid[0], `${o.orderNumber} payment`).toMatchObject({ status: 'failed', gatewayRef: null });
    }
  }
  expect(
    payments.filter((p) => p.purpose === 'order' && (p.orderId === null || !ids.includes(p.orderId))),
    'payments for orders that do not exist',
  ).toEqual([]);

  const stock = [];
  for (const p of pieces) {
    const [row] = await db.select().from(schema.products).where(eq(schema.products.id, p.id));
    // The demo store's own orders may hold the piece too: count what was sold since the start.
    const n = (await quantitySold(db, p.id)) - p.soldBefore;
    expect(row!.stock, `${p.name} stock`).toBe(START_STOCK - n);
    expect(row!.unitsSold, `${p.name} units sold`).toBe(p.unitsSold + n);
    stock.push({ start: START_STOCK, now: row!.stock, sold: n });
  }
  return { orders, lines: lines.length, stock };
}
