/**
 * Store credit (issue 20): the ledger never below zero, goodwill from the accounts team, spent at checkout as the
 * Harvest balance is (in part, in whole, leaving the gateway's rupee), counted on the order, its page and its
 * invoice, and given back exactly once on every reversal (customer cancel, staff cancel, lapse). Two spends at
 * once on PostgreSQL never take the same paise twice.
 */
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { schema, type Db } from '@milli/db';
import { testServerUrl } from '@milli/db/testing';
import { OrderDetailSchema, StoreCreditStatementSchema } from '@milli/contracts/schemas';
import { formatRupees } from '@milli/pricing';
import { createTestApp, type TestApp } from '../../testing.ts';
import { createProduct, createShopper, createStaff, placeOrder, type TestShopper, type TestStaff } from '../../testing-factories.ts';
import { createOrder, packAndDispatch } from '../orders/testing.ts';
import { moveStoreCredit, storeCreditBalance } from './service.ts';

let t: TestApp;
let db: Db;
let owner: TestStaff;
let accounts: TestStaff;

beforeAll(async () => {
  t = await createTestApp({ seed: true, ...(testServerUrl ? { poolSize: 4 } : {}) });
  db = t.database.db;
  owner = await createStaff(t.app, { role: 'owner' });
  accounts = await createStaff(t.app, { role: 'accounts' });
}, 120_000);
afterAll(() => t?.close());

const send = (method: 'GET' | 'POST', url: string, who: { cookie: string } | null, payload?: object) =>
  t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });
const statement = async (who: TestShopper) => StoreCreditStatementSchema.parse((await send('GET', '/api/account/store-credit', who)).json());
const entries = (customerId: number, kind?: string) =>
  db
    .select()
    .from(schema.storeCreditEntries)
    .where(and(eq(schema.storeCreditEntries.customerId, customerId), kind ? eq(schema.storeCreditEntries.kind, kind as 'spent') : undefined));
const orderRow = async (orderNumber: string) => (await db.select().from(schema.orders).where(eq(schema.orders.orderNumber, orderNumber)))[0]!;

/** Goodwill through the accounts team's route, on an order of the shopper's. */
async function giveCredit(shopper: TestShopper, amountPaise: number) {
  const order = await createOrder(db, { customerId: shopper.id, status: 'Delivered' });
  const res = await send('POST', `/api/admin/orders/${order.orderNumber}/store-credit`, accounts, { amountPaise, note: 'Sorry for the late delivery' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { balancePaise: number };
}

describe('the ledger', () => {
  it('never goes below zero: a spend beyond the balance is refused and writes nothing', async () => {
    const shopper = await createShopper(t.app);
    await giveCredit(shopper, 1_000_00);
    await expect(
      db.transaction((tx) => moveStoreCredit(tx, { customerId: shopper.id, amountPaise: -1_000_01, kind: 'spent', note: 'too much' })),
    ).rejects.toMatchObject({ code: 'STORE_CREDIT_SHORT' });
    expect(await storeCreditBalance(db, shopper.id)).toBe(1_000_00);
    expect(await entries(shopper.id)).toHaveLength(1);
  });

  it('goodwill: the customer reads it in their statement and by mail; only their own statement; a bad amount is a 400', async () => {
    const shopper = await createShopper(t.app);
    const other = await createShopper(t.app);
    expect((await giveCredit(shopper, 500_00)).balancePaise).toBe(500_00);
    const s = await statement(shopper);
    expect(s.balancePaise).toBe(500_00);
    expect(s.entries[0]).toMatchObject({ kind: 'goodwill', amountPaise: 500_00, note: 'Sorry for the late delivery' });
    expect((await statement(other)).balancePaise).toBe(0);
    expect((await send('GET', '/api/account/store-credit', null)).statusCode).toBe(401);
    const mails = await db
      .select()
      .from(schema.mailOutbox)
      .where(and(eq(schema.mailOutbox.toAddress, shopper.email), eq(schema.mailOutbox.kind, 'store-credit')));
    expect(mails).toHaveLength(1);
    const order = await createOrder(db, { customerId: shopper.id });
    for (const body of [{ amountPaise: -5, note: 'Sorry' }, { amountPaise: 100 }, { amountPaise: 1.5, note: 'Sorry' }]) {
      expect((await send('POST', `/api/admin/orders/${order.orderNumber}/store-credit`, accounts, body)).statusCode).toBe(400);
    }
    expect((await send('POST', '/api/admin/orders/MIL-0000-000000/store-credit', accounts, { amountPaise: 100, note: 'Sorry' })).statusCode).toBe(404);
    const audit = await db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, 'goodwill'), eq(schema.auditLog.staffId, accounts.id)));
    expect(audit.length).toBeGreaterThan(0);
  });
});

describe('store credit at checkout', () => {
  it('pays part of the order when asked, on the order, its page and the ledger; the customer’s cancel gives it back once', async () => {
    const shopper = await createShopper(t.app);
    const product = await createProduct(db, { stock: 5 });
    await giveCredit(shopper, 2_000_00);
    // Not asked: not spent.
    const plain = await placeOrder(t.app, shopper, { productId: product.id, pay: false });
    expect(plain.json()).toMatchObject({ storeCreditPaise: 0 });
    await send('POST', `/api/orders/${plain.json().orderNumber}/cancel`, shopper);

    const placed = await placeOrder(t.app, shopper, { productId: product.id, fields: { useStoreCredit: 'on' } });
    expect(placed.statusCode, placed.body).toBe(200);
    const a = placed.json();
    expect(a).toMatchObject({ storeCreditPaise: 2_000_00, payNowPaise: a.totalPaise - 2_000_00 });
    expect(await orderRow(a.orderNumber)).toMatchObject({ storeCreditPaise: 2_000_00, totalPaise: a.totalPaise, status: 'Placed' });
    const page = OrderDetailSchema.parse((await send('GET', `/api/orders/${a.orderNumber}`, shopper)).json());
    expect(page.totals).toMatchObject({ storeCreditPaise: 2_000_00, totalPaise: a.totalPaise });
    const s = await statement(shopper);
    expect(s.balancePaise).toBe(0);
    expect(s.entries[0]).toMatchObject({ kind: 'spent', amountPaise: -2_000_00, orderNumber: a.orderNumber });

    const cancelled = await send('POST', `/api/orders/${a.orderNumber}/cancel`, shopper);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await send('POST', `/api/orders/${a.orderNumber}/cancel`, shopper)).statusCode).toBe(409);
    expect(await storeCreditBalance(db, shopper.id)).toBe(2_000_00);
    expect(await entries(shopper.id, 'given_back')).toHaveLength(1);
  });

  it('shows on the tax invoice as paid from store credit, the amount payable net of it', async () => {
    const shopper = await createShopper(t.app);
    const product = await createProduct(db, { stock: 5 });
    await giveCredit(shopper, 1_234_56);
    const a = (await placeOrder(t.app, shopper, { productId: product.id, fields: { useStoreCredit: 'on' } })).json();
    expect(a.storeCreditPaise).toBe(1_234_56);
    await packAndDispatch(t.app, owner.cookie, a.orderNumber);
    const pdf = await send('GET', `/api/orders/${a.orderNumber}/invoice.pdf`, shopper);
    expect(pdf.statusCode).toBe(200);
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf.rawPayload }).toString('utf8');
    expect(text).toMatch(/Paid from store credit\s+-1,234\.56/);
    const payable = formatRupees(a.totalPaise - 1_234_56).replace('Rs. ', '');
    expect(text).toContain(payable);
  });

  it('pays the whole order: placed at once with nothing to pay online; a staff cancel gives it back once', async () => {
    const shopper = await createShopper(t.app);
    const product = await createProduct(db, { stock: 5 });
    await giveCredit(shopper, 10_00_000_00);
    const placed = await placeOrder(t.app, shopper, { productId: product.id, fields: { useStoreCredit: 'on', pan: 'ABCPE1234F' } });
    expect(placed.statusCode, placed.body).toBe(200);
    const a = placed.json();
    expect(a).toMatchObject({ status: 'Placed', payNowPaise: 0, payment: null, storeCreditPaise: a.totalPaise });
    expect(await storeCreditBalance(db, shopper.id)).toBe(10_00_000_00 - a.totalPaise);
    // Both the shopper's page and the orders desk say store credit paid it (issue 39), not a Harvest plan.
    const mine = OrderDetailSchema.parse((await send('GET', `/api/orders/${a.orderNumber}`, shopper)).json());
    expect(mine.payment).toMatchObject({ state: 'covered', paidBefore: ['store_credit'] });
    const desk = (await send('GET', `/api/admin/orders/${a.orderNumber}`, owner)).json();
    expect(desk.payment).toMatchObject({ state: 'covered', paidBefore: ['store_credit'] });
    const cancel = await send('POST', `/api/admin/orders/${a.orderNumber}/cancel`, owner, { reason: 'The piece failed our quality check' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await storeCreditBalance(db, shopper.id)).toBe(10_00_000_00);
    expect(await entries(shopper.id, 'given_back')).toHaveLength(1);
  });

  it('leaves the gateway’s rupee to pay online when the credit falls just short; a lapse gives the credit back', async () => {
    const shopper = await createShopper(t.app);
    const product = await createProduct(db, { stock: 5 });
    // Learn the order's total without spending anything.
    const probe = (await placeOrder(t.app, shopper, { productId: product.id, pay: false })).json();
    await send('POST', `/api/orders/${probe.orderNumber}/cancel`, shopper);
    await giveCredit(shopper, probe.totalPaise - 50);
    const placed = (await placeOrder(t.app, shopper, { productId: product.id, pay: false, fields: { useStoreCredit: 'on' } })).json();
    expect(placed).toMatchObject({ status: 'Awaiting payment', storeCreditPaise: probe.totalPaise - 100, payNowPaise: 100 });
    expect(await storeCreditBalance(db, shopper.id)).toBe(50);
    await db
      .update(schema.orders)
      .set({ payBy: new Date(Date.now() - 60_000) })
      .where(eq(schema.orders.orderNumber, placed.orderNumber));
    await t.app.paymentKeeper.run();
    expect((await orderRow(placed.orderNumber)).status).toBe('Cancelled');
    expect(await storeCreditBalance(db, shopper.id)).toBe(probe.totalPaise - 50);
    await t.app.paymentKeeper.run();
    expect(await entries(shopper.id, 'given_back')).toHaveLength(1);
  });
});

describe.runIf(Boolean(testServerUrl))('two spends at once (PostgreSQL)', () => {
  it('never spends the same credit twice: one of two spends of most of the balance is refused', async () => {
    const shopper = await createShopper(t.app);
    await giveCredit(shopper, 1_000_00);
    const spend = () => db.transaction((tx) => moveStoreCredit(tx, { customerId: shopper.id, amountPaise: -700_00, kind: 'spent', note: 'at once' }));
    const results = await Promise.allSettled([spend(), spend()]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { code: 'STORE_CREDIT_SHORT' } });
    expect(await storeCreditBalance(db, shopper.id)).toBe(300_00);
  });

  it('a checkout spending the credit and a staff cancel giving it back at once leave the ledger right', async () => {
    const shopper = await createShopper(t.app);
    const product = await createProduct(db, { stock: 5 });
    await giveCredit(shopper, 1_000_00);
    const first = (await placeOrder(t.app, shopper, { productId: product.id, pay: false, fields: { useStoreCredit: 'on' } })).json();
    expect(first.storeCreditPaise).toBe(1_000_00);
    await giveCredit(shopper, 400_00);
    const [placed, cancelled] = await Promise.all([
      placeOrder(t.app, shopper, { productId: product.id, pay: false, fields: { useStoreCredit: 'on' } }),
      send('POST', `/api/orders/${first.orderNumber}/cancel`, shopper),
    ]);
    expect(placed.statusCode, placed.body).toBe(200);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const spentSecond = placed.json().storeCreditPaise as number;
    // The second order spent either the 400 there was, or all 1,400 once the first's 1,000 came back.
    expect([400_00, 1_400_00]).toContain(spentSecond);
    expect(await storeCreditBalance(db, shopper.id)).toBe(1_400_00 - spentSecond);
  });

  it('a cancel waits for a checkout holding the customer’s lock before it takes any piece’s, as placing an order does: no deadlock', async () => {
    const shopper = await createShopper(t.app);
    const product = await createProduct(db, { stock: 5 });
    await giveCredit(shopper, 1_000_00);
    const first = (await placeOrder(t.app, shopper, { productId: product.id, pay: false, fields: { useStoreCredit: 'on' } })).json();
    let cancelled: Awaited<ReturnType<typeof send>> | undefined;
    let cancelling: Promise<unknown> = Promise.resolve();
    // A checkout at the moment between its two locks: the customer's (with the cart's) taken, the pieces' next.
    await db.transaction(async (tx) => {
      await storeCreditBalance(tx, shopper.id, { lock: true });
      cancelling = send('POST', `/api/orders/${first.orderNumber}/cancel`, shopper).then((r) => (cancelled = r));
      // Until the cancel waits on a lock (on the customer's row, or, taken in the wrong order, after the pieces').
      for (let i = 0; ; i++) {
        const waiting = (await db.execute(sql`select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`)) as unknown as {
          rows: unknown[];
        };
        if (waiting.rows.length > 0) break;
        if (i > 500 || cancelled) throw new Error(`the cancel never waited: ${cancelled?.body}`);
        await new Promise((r) => setTimeout(r, 10));
      }
      // The checkout takes its piece: were the cancel holding it while waiting for the customer, PostgreSQL would end one of them.
      await tx.select({ id: schema.products.id }).from(schema.products).where(eq(schema.products.id, product.id)).for('update');
    });
    await cancelling;
    expect(cancelled!.statusCode, cancelled!.body).toBe(200);
    expect(await storeCreditBalance(db, shopper.id)).toBe(1_000_00);
  });
});
