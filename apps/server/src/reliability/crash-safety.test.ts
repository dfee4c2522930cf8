/**
 * Crash safety (issue 7): the real server (main.ts) runs as a child process while shoppers place orders
 * over HTTP in a loop; it is killed with SIGKILL in the middle of it, as a power cut or the OOM killer
 * would, and started again on the same data. Then every order must be whole (lines, totals that add up,
 * both addresses, its status history, its confirmation mail, no stray payment), every order a shopper was
 * told about must still be there, each piece's stock must be its start minus what the orders hold, and a
 * shopper who presses Place Order again after the crash gets exactly one order. On the embedded database
 * (a data folder in a temp directory) and, in the PostgreSQL pass, on a fresh PostgreSQL database.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, schema, type Db } from '@milli/db';
import { createTestDatabase, type TestDatabase } from '@milli/db/testing';
import { startStore, type Running } from '../../../../bench/processes.ts';
import { inBatches, storeClient, type Shopper } from './shoppers.ts';

const BUYERS = 6;
/** Orders the shoppers are told about before the kill is armed. */
const KILL_AFTER = 12;
const START_STOCK = 40;

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

interface Told {
  shopper: Shopper;
  orderId: number;
  orderNumber: string;
}

describe('a server killed with SIGKILL while shoppers place orders', () => {
  it('comes back with every order whole, every confirmed order kept, and stock equal to start minus sold', async () => {
    const began = Date.now();
    server = await startServer();
    const store = storeClient(server.url);
    console.log(`[crash] ${database.kind}: server started in ${Date.now() - began} ms (pid ${server.pid})`);
    const buyers = await inBatches(Array.from({ length: BUYERS }), 3, () => store.signUp('crash'));

    const told: Told[] = [];
    /** Each shopper's Place Order that was on its way when the server died: its key, to press again. */
    const unanswered = new Map<Shopper, string>();
    let killed = false;
    let killArmed = false;
    let inFlightAtKill = 0;
    let placing = 0;
    let kill: Promise<void> | null = null;
    let openTransactions: number | null = null;
    const killNow = () => {
      if (kill) return;
      inFlightAtKill = placing;
      kill = (async () => {
        // PostgreSQL shows the server's transactions that the kill is about to cut (PGlite cannot be watched from outside).
        if (database.kind === 'postgres') openTransactions = await transactionsOpen(database.db);
        await server!.kill();
        killed = true;
      })();
    };
    // Whatever happens, the loop is bounded: the kill comes after 20 s at the latest.
    const deadline = setTimeout(killNow, 20_000);

    let sequence = 0;
    await Promise.all(
      buyers.map(async (b, bi) => {
        while (!kill) {
          const n = ++sequence;
          const key = `crash-${bi}-${String(n).padStart(6, '0')}`;
          try {
            // One or two pieces, one or two of each.
            for (const p of n % 3 === 0 ? pieces.slice(0, 2) : [pieces[n % pieces.length]!]) {
              const added = await store.addToCart(b, p.id, 1 + (n % 2));
              expect(added.status, JSON.stringify(added.body)).toBe(200);
            }
            if (told.length >= KILL_AFTER && !killArmed) {
              // Armed: the server dies a few milliseconds into this shopper's Place Order.
              killArmed = true;
              setTimeout(killNow, 2 + (n % 7) * 3);
            }
            placing++;
            unanswered.set(b, key);
            const answer = await store.placeOrder(b, { idempotencyKey: key }).finally(() => placing--);
            unanswered.delete(b);
            expect(answer.status, JSON.stringify(answer.body)).toBe(200);
            told.push({ shopper: b, orderId: answer.body.orderId, orderNumber: answer.body.orderNumber });
          } catch (error) {
            // A request cut by the kill fails in the network (fetch's TypeError); anything else is a real failure.
            if (kill && error instanceof TypeError) break;
            throw error;
          }
        }
      }),
    );
    clearTimeout(deadline);
    await kill;
    expect(killed).toBe(true);
    console.log(
      `[crash] ${database.kind}: ${BUYERS} shoppers placed orders in a loop; SIGKILL after ${told.length} confirmed orders, ` +
        `${inFlightAtKill} Place Order request(s) on the way` +
        (openTransactions === null ? '' : ` (${openTransactions} transaction(s) open in PostgreSQL just before it)`) +
        ` and ${unanswered.size} left without an answer`,
    );

    // Restart on the same data.
    const restarted = Date.now();
    server = await startServer();
    const again = storeClient(server.url);
    console.log(`[crash] ${database.kind}: restarted on the same data in ${Date.now() - restarted} ms`);

    // Every order a shopper was told about is there, seen through their own (surviving) session.
    for (const o of told) {
      const detail = await again.get(`/api/orders/${o.orderNumber}`, o.shopper);
      expect(detail.status, o.orderNumber).toBe(200);
    }
    // A shopper whose answer was lost presses Place Order again with the same key: exactly one order.
    const retried: { shopper: Shopper; key: string; replayed: boolean }[] = [];
    for (const [b, key] of unanswered) {
      const answer = await again.placeOrder(b, { idempotencyKey: key });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      retried.push({ shopper: b, key, replayed: answer.body.replayed });
    }
    // And the store takes new orders.
    const fresh = buyers[0]!;
    expect((await again.addToCart(fresh, pieces[0]!.id)).status).toBe(200);
    const after = await again.placeOrder(fresh, { idempotencyKey: 'crash-after-restart' });
    expect(after.status, JSON.stringify(after.body)).toBe(200);

    await server.stop();
    server = null;

    // Now read the data directly.
    const reopened = database.kind === 'pglite' ? await openDatabase({ dataDir: folder }) : null;
    try {
      const db = reopened?.db ?? database.db;
      const report = await checkWhole(db, buyers.map((b) => b.userId));
      const kept = new Set(report.orderIds);
      expect(told.filter((o) => !kept.has(o.orderId)).map((o) => o.orderNumber), 'confirmed orders lost').toEqual([]);
      for (const r of retried) {
        const rows = await db.select({ id: schema.orders.id }).from(schema.orders).where(and(eq(schema.orders.customerId, r.shopper.userId), eq(schema.orders.idempotencyKey, r.key)));
        expect(rows, `orders for ${r.key}`).toHaveLength(1);
      }
      const committedUntold = report.orderIds.length - told.length - 1 - retried.filter((r) => !r.replayed).length;
      console.log(
        `[crash] ${database.kind}: after the restart ${report.orderIds.length} orders, all whole (${report.lines} lines; totals, addresses, status history, ` +
          `mail and payments checked); ${told.length}/${told.length} confirmed orders kept; ${committedUntold} committed without an answer; ` +
          `${retried.length} retried with the same key (${retried.filter((r) => r.replayed).length} answered with the order made before the crash); ` +
          `stock ${report.stock.map((s) => `${s.start}→${s.now} (sold ${s.sold})`).join(', ')}; whole run ${Date.now() - began} ms`,
      );
    } finally {
      await reopened?.close();
    }
  }, 120_000);
});

async function transactionsOpen(db: Db): Promise<number> {
  const result = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and xact_start is not null and pid <> pg_backend_pid()`,
  );
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n);
}

async function quantitySold(db: Db, productId: number): Promise<number> {
  const [sold] = await db
    .select({ n: sql<number>`coalesce(sum(${schema.orderLines.quantity}), 0)::int` })
    .from(schema.orderLines)
    .where(eq(schema.orderLines.productId, productId));
  return Number(sold!.n);
}

/** Every order of these customers is whole, and each piece's stock is its start minus what the orders hold. */
async function checkWhole(db: Db, customerIds: number[]) {
  const orders = await db.select().from(schema.orders).where(inArray(schema.orders.customerId, customerIds));
  const ids = orders.map((o) => o.id);
  const lines = ids.length ? await db.select().from(schema.orderLines).where(inArray(schema.orderLines.orderId, ids)) : [];
  const addresses = ids.length ? await db.select().from(schema.orderAddresses).where(inArray(schema.orderAddresses.orderId, ids)) : [];
  const history = ids.length ? await db.select().from(schema.orderStatusHistory).where(inArray(schema.orderStatusHistory.orderId, ids)) : [];
  const mail = await db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.kind, 'order-placed'));
  const payments = await db.select().from(schema.payments).where(inArray(schema.payments.customerId, customerIds));

  for (const o of orders) {
    const own = lines.filter((l) => l.orderId === o.id);
    expect(own.length, `${o.orderNumber} has lines`).toBeGreaterThan(0);
    for (const l of own) expect(l.lineTotalPaise, `${o.orderNumber} line ${l.id}`).toBe(l.unitPricePaise * l.quantity);
    expect(own.reduce((a, l) => a + l.lineTotalPaise, 0), `${o.orderNumber} subtotal`).toBe(o.subtotalPaise);
    expect(o.totalPaise, `${o.orderNumber} total`).toBe(o.subtotalPaise - o.discountPaise + o.shippingPaise - o.harvestCreditPaise);
    expect(addresses.filter((a) => a.orderId === o.id).map((a) => a.kind).sort(), `${o.orderNumber} addresses`).toEqual(['billing', 'shipping']);
    expect(history.filter((h) => h.orderId === o.id).map((h) => h.status), `${o.orderNumber} status history`).toEqual(['Placed']);
    expect(mail.filter((m) => m.subject.includes(o.orderNumber)), `${o.orderNumber} confirmation mail`).toHaveLength(1);
    // Checkout takes no payment of its own; any payment naming the order must be for it and within its total.
    const paid = payments.filter((p) => p.orderId === o.id);
    expect(paid.reduce((a, p) => a + p.amountPaise, 0), `${o.orderNumber} payments`).toBeLessThanOrEqual(o.totalPaise);
  }
  expect(payments.filter((p) => p.purpose === 'order' && (p.orderId === null || !ids.includes(p.orderId))), 'payments for orders that do not exist').toEqual([]);

  const stock = [];
  for (const p of pieces) {
    const [row] = await db.select().from(schema.products).where(eq(schema.products.id, p.id));
    // The demo store's own orders may hold the piece too: count what was sold since the start.
    const n = (await quantitySold(db, p.id)) - p.soldBefore;
    expect(row!.stock, `${p.name} stock`).toBe(START_STOCK - n);
    expect(row!.unitsSold, `${p.name} units sold`).toBe(p.unitsSold + n);
    stock.push({ start: START_STOCK, now: row!.stock, sold: n });
  }
  return { orderIds: ids, lines: lines.length, stock };
}
