/**
 * Issue 39: tax invoices and credit notes each have their own consecutive series per financial year, at most 16
 * characters (rules 46(b) and 53). A number is taken in the transaction that issues its document: two at once are
 * numbered one after the other, a rolled-back one gives its number back, and an order never dispatched leaves no gap.
 * On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set (there the 50 concurrent takes really overlap).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema, type Db } from '@milli/db';
import { createTestApp, type TestApp } from '../../testing.ts';
import { createShopper, createStaff } from '../../testing-factories.ts';
import { createOrder, packAndDispatch } from './testing.ts';
import { financialYearOf, takeDocumentNumber } from './series.ts';

let t: TestApp;
let db: Db;
let desk = '';

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  desk = (await createStaff(t.app, { role: 'owner' })).cookie;
}, 120_000);
afterAll(() => t?.close());

const serial = (n: string) => Number(n.split('/')[2]!.replace(/^C/, ''));

describe('the document series', () => {
  it('numbers concurrent documents one after the other, none twice, and a rollback gives its number back', async () => {
    const at = new Date('2031-06-01T06:00:00Z');
    const numbers = await Promise.all(Array.from({ length: 50 }, () => db.transaction((tx) => takeDocumentNumber(tx, 'invoice', 'MIL', at))));
    expect(numbers.map(serial).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(new Set(numbers).size).toBe(50);
    for (const n of numbers) expect(n).toMatch(/^MIL\/3132\/0000\d\d$/);

    await expect(
      db.transaction(async (tx) => {
        await takeDocumentNumber(tx, 'invoice', 'MIL', at);
        throw new Error('the dispatch failed after its number was taken');
      }),
    ).rejects.toThrow(/dispatch failed/);
    expect(await db.transaction((tx) => takeDocumentNumber(tx, 'invoice', 'MIL', at))).toBe('MIL/3132/000051');
    // Credit notes have their own series; a new financial year starts again at 1.
    expect(await db.transaction((tx) => takeDocumentNumber(tx, 'credit_note', 'MIL', at))).toBe('MIL/3132/C00001');
    expect(await db.transaction((tx) => takeDocumentNumber(tx, 'invoice', 'MIL', new Date('2032-04-01T00:00:00Z')))).toBe('MIL/3233/000001');
  });

  it('refuses a number longer than 16 characters with a message, and takes none', async () => {
    const at = new Date('2035-05-01T06:00:00Z');
    await db.insert(schema.documentSeries).values({ kind: 'credit_note', financialYear: financialYearOf(at), lastNumber: 99_999 });
    await expect(db.transaction((tx) => takeDocumentNumber(tx, 'credit_note', 'MILL', at))).rejects.toThrow(/series of 3536 is full.*shorter invoice prefix/);
    const [row] = await db.select().from(schema.documentSeries).where(eq(schema.documentSeries.financialYear, '3536'));
    expect(row!.lastNumber).toBe(99_999);
  });

  it('the database refuses a new credit note number over 16 characters', async () => {
    const shopper = await createShopper(t.app);
    const order = await createOrder(db, { customerId: shopper.id, status: 'Delivered' });
    await expect(
      db.insert(schema.creditNotes).values({ orderId: order.id, number: 'CN-MIL-2026-000001-9', reason: 'returned', amountPaise: 100, taxPaise: 3 }),
    ).rejects.toThrow();
  });

  it('gives invoices at dispatch in the order of dispatch: an order cancelled before it leaves no gap', async () => {
    const shopper = await createShopper(t.app);
    const orders = await Promise.all(Array.from({ length: 4 }, () => createOrder(db, { customerId: shopper.id, status: 'Placed' })));
    // The second is cancelled before dispatch: it never has an invoice.
    await db.update(schema.orders).set({ status: 'Cancelled' }).where(eq(schema.orders.id, orders[1]!.id));
    const fy = financialYearOf(new Date());
    const before =
      (
        await db
          .select()
          .from(schema.documentSeries)
          .where(sql`kind = 'invoice' and financial_year = ${fy}`)
      )[0]?.lastNumber ?? 0;
    for (const o of [orders[3]!, orders[0]!, orders[2]!]) await packAndDispatch(t.app, desk, o.orderNumber);
    const rows = await db.select({ id: schema.orders.id, invoiceNumber: schema.orders.invoiceNumber }).from(schema.orders);
    const numberOf = (id: number) => rows.find((r) => r.id === id)!.invoiceNumber;
    expect([orders[3]!, orders[0]!, orders[2]!].map((o) => numberOf(o.id))).toEqual([1, 2, 3].map((i) => `MIL/${fy}/${String(before + i).padStart(6, '0')}`));
    expect(numberOf(orders[1]!.id)).toBeNull();
    for (const r of rows) if (r.invoiceNumber) expect(r.invoiceNumber.length).toBeLessThanOrEqual(16);
  });
});
