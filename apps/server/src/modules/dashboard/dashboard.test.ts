/**
 * GET /api/admin/dashboard (issue 17): what it counts for the Indian day, what waits, low stock and the rates in
 * force. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@milli/db';
import { AdminDashboardSchema } from '@milli/contracts/schemas';
import { STAFF_ROLES } from '@milli/contracts';
import { createTestApp, type TestApp } from '../../testing.ts';
import { createProduct, createShopper, createStaff } from '../../testing-factories.ts';
import { createOrder } from '../orders/testing.ts';
import { createDashboardService } from './service.ts';

let t: TestApp;
// A day of the seed's future, so only this test's orders and rates fall on it.
const TODAY = '2031-03-10';
const noonInIndia = new Date('2031-03-10T06:30:00Z');
let customerId = 0;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  customerId = (await createShopper(t.app, { username: 'dashboard-buyer' })).id;
}, 120_000);
afterAll(() => t?.close());

const read = () => createDashboardService(t.app.deps.database.db, () => noonInIndia).read();

describe('the dashboard', () => {
  it('answers any signed-in member, and nobody else', async () => {
    expect((await t.app.inject({ url: '/api/admin/dashboard' })).statusCode).toBe(401);
    const shopper = await createShopper(t.app, { username: 'dashboard-peeker' });
    expect((await t.app.inject({ url: '/api/admin/dashboard', headers: { cookie: shopper.cookie } })).statusCode).toBe(401);
    for (const role of STAFF_ROLES) {
      const member = await createStaff(t.app, { role });
      const res = await t.app.inject({ url: '/api/admin/dashboard', headers: { cookie: member.cookie } });
      expect(res.statusCode, role).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(AdminDashboardSchema.safeParse(res.json()).success).toBe(true);
    }
  });

  it('counts today’s orders and sales by the Indian day, leaving cancelled ones out', async () => {
    const db = t.app.deps.database.db;
    const before = await read();
    expect(before.today).toBe(TODAY);
    const at = (iso: string) => ({ customerId, placedAt: new Date(iso), lines: [{ unitPricePaise: 10_000_00, quantity: 1 }], shippingPaise: 0 });
    const counted = [
      await createOrder(db, at('2031-03-09T18:30:00Z')), // 00:00 IST on the 10th
      await createOrder(db, at('2031-03-10T18:29:59Z')), // 23:59:59 IST on the 10th
      await createOrder(db, { ...at('2031-03-10T09:00:00Z'), status: 'Picked' }),
    ];
    await createOrder(db, at('2031-03-09T18:29:59Z')); // 23:59:59 IST on the 9th
    await createOrder(db, at('2031-03-10T18:30:00Z')); // 00:00 IST on the 11th
    await createOrder(db, { ...at('2031-03-10T08:00:00Z'), status: 'Cancelled' });
    // Not sales yet: waiting for the online payment, or for staff to confirm pay on delivery.
    await createOrder(db, { ...at('2031-03-10T08:30:00Z'), status: 'Awaiting payment' });
    await createOrder(db, { ...at('2031-03-10T08:40:00Z'), status: 'Awaiting confirmation' });
    const totals = await Promise.all(
      counted.map(async (o) => (await db.select({ total: schema.orders.totalPaise }).from(schema.orders).where(eq(schema.orders.id, o.id)))[0]!.total),
    );

    const after = await read();
    expect(after.ordersToday - before.ordersToday).toBe(3);
    expect(after.salesToday.grossPaise - before.salesToday.grossPaise).toBe(totals.reduce((a, b) => a + b, 0));
    // Waiting: four more Placed (today's and the other days'), one more Picked; cancelled ones never wait.
    const waiting = (d: typeof after, status: string) => d.ordersWaiting.find((w) => w.status === status)?.count ?? -1;
    expect(after.ordersWaiting.map((w) => w.status)).toEqual(['Awaiting payment', 'Awaiting confirmation', 'Placed', 'Picked', 'Out for Delivery']);
    expect(waiting(after, 'Awaiting payment') - waiting(before, 'Awaiting payment')).toBe(1);
    expect(waiting(after, 'Awaiting confirmation') - waiting(before, 'Awaiting confirmation')).toBe(1);
    expect(waiting(after, 'Placed') - waiting(before, 'Placed')).toBe(4);
    expect(waiting(after, 'Picked') - waiting(before, 'Picked')).toBe(1);
    expect(after.designRequestsWaiting.map((w) => w.status)).toEqual(['Requested', 'Rejected']);
    expect(after.tradeApplicationsWaiting.map((w) => w.status)).toEqual(['Received', 'Under Review']);
    expect(after.sizerRequestsWaiting.map((w) => w.status)).toEqual(['New']);
  });

  it('counts the design requests waiting for the design team: new ones and those whose design was rejected (issue 39)', async () => {
    const db = t.app.deps.database.db;
    const before = await read();
    const statuses = ['Requested', 'Rejected', 'Rejected', 'Design Shared', 'Approved', 'Making', 'Delivered', 'Cancelled'] as const;
    await db.insert(schema.customDesignRequests).values(statuses.map((status) => ({ customerId, metalType: 'gold' as const, category: 'Rings', status })));
    const after = await read();
    const waiting = (d: typeof after, status: string) => d.designRequestsWaiting.find((w) => w.status === status)?.count ?? -1;
    expect(waiting(after, 'Requested') - waiting(before, 'Requested')).toBe(1);
    expect(waiting(after, 'Rejected') - waiting(before, 'Rejected')).toBe(2);
    expect(after.designRequestsWaiting.map((w) => w.status)).toEqual(['Requested', 'Rejected']);
  });

  it('splits the day’s sales by how they were paid and takes off the day’s credit notes, once (issue 39)', async () => {
    const db = t.app.deps.database.db;
    const before = await read();
    const order = async (placedAt: string, set: Partial<typeof schema.orders.$inferInsert> = {}, status?: 'Cancelled' | 'Delivered') => {
      const o = await createOrder(db, {
        customerId,
        placedAt: new Date(placedAt),
        lines: [{ unitPricePaise: 50_000_00, quantity: 1 }],
        shippingPaise: 0,
        ...(status ? { status } : {}),
      });
      if (Object.keys(set).length > 0) await db.update(schema.orders).set(set).where(eq(schema.orders.id, o.id));
      return o.id;
    };
    // Today: one paid online in part by Harvest, one on delivery in part by store credit, one with a design's advance.
    await order('2031-03-10T04:00:00Z', { harvestCreditPaise: 12_000_00 });
    await order('2031-03-10T05:00:00Z', { paymentMethod: 'cod', storeCreditPaise: 7_500_00 });
    await order('2031-03-10T05:30:00Z', { advancePaise: 10_000_00 });
    // A credit note today for an order of an earlier day (a return), and one for an order placed and cancelled today,
    // which is no sale of today and is not taken off twice.
    const earlier = await order('2031-03-01T05:00:00Z', {}, 'Delivered');
    const cancelledToday = await order('2031-03-10T03:00:00Z', {}, 'Cancelled');
    const note = (orderId: number, amountPaise: number, number: string) =>
      db.insert(schema.creditNotes).values({ orderId, number, reason: 'returned', amountPaise, taxPaise: 0, createdAt: new Date('2031-03-10T07:00:00Z') });
    await note(earlier, 20_000_00, `CN-DASH-${customerId}-1`);
    await note(cancelledToday, 50_000_00, `CN-DASH-${customerId}-2`);

    const after = await read();
    const delta = (pick: (d: typeof after) => number) => pick(after) - pick(before);
    expect(delta((d) => d.salesToday.grossPaise)).toBe(150_000_00);
    expect(delta((d) => d.salesToday.paidBy.harvestPaise)).toBe(12_000_00);
    expect(delta((d) => d.salesToday.paidBy.storeCreditPaise)).toBe(7_500_00);
    expect(delta((d) => d.salesToday.paidBy.advancePaise)).toBe(10_000_00);
    expect(delta((d) => d.salesToday.paidBy.onDeliveryPaise)).toBe(42_500_00);
    expect(delta((d) => d.salesToday.paidBy.onlinePaise)).toBe(78_000_00);
    const paid = Object.values(after.salesToday.paidBy).reduce((a, b) => a + b, 0);
    expect(paid).toBe(after.salesToday.grossPaise);
    expect(delta((d) => d.salesToday.creditNotes)).toBe(1);
    expect(delta((d) => d.salesToday.creditedPaise)).toBe(20_000_00);
    expect(after.salesToday.netPaise).toBe(after.salesToday.grossPaise - after.salesToday.creditedPaise);
    expect(after.salesTodayPaise).toBe(after.salesToday.netPaise);
  });

  it('lists active products at or below the threshold, the lowest first, ten at most, with the count of all', async () => {
    const db = t.app.deps.database.db;
    const before = await read();
    const threshold = before.lowStock.threshold;
    const soldOut = await createProduct(db, { name: 'AAA Dashboard Sold Out', stock: 0 });
    await createProduct(db, { name: 'AAA Dashboard Archived', stock: 0, active: false });
    await createProduct(db, { name: 'AAA Dashboard At Threshold', stock: threshold });
    await createProduct(db, { name: 'AAA Dashboard Plenty', stock: threshold + 1 });
    const after = await read();
    expect(after.lowStock.count - before.lowStock.count).toBe(2);
    expect(after.lowStock.products.length).toBe(Math.min(10, after.lowStock.count));
    const stocks = after.lowStock.products.map((p) => p.stock);
    expect(stocks).toEqual([...stocks].sort((a, b) => a - b));
    expect(stocks.every((s) => s <= threshold)).toBe(true);
    expect(after.lowStock.products.map((p) => p.id)).toContain(soldOut.id);
    expect(after.lowStock.products.map((p) => p.name)).not.toContain('AAA Dashboard Archived');
  });

  it('shows the newest rates on or before today, and whether today’s are in', async () => {
    const db = t.app.deps.database.db;
    const before = await read();
    expect(before.rates.todayIn).toBe(false);
    expect(before.rates.metals.length).toBeGreaterThan(0);
    expect(before.rates.latestDate! < TODAY).toBe(true);

    // Tomorrow's rate is not in force yet; one of today's alone is not "today's rates are in".
    await db.insert(schema.metalRates).values({ rateDate: '2031-03-11', metal: 'gold', purity: 22, ratePaisePerGram: 9_999_00 });
    await db.insert(schema.metalRates).values({ rateDate: TODAY, metal: 'gold', purity: 22, ratePaisePerGram: 7_000_00 });
    const partly = await read();
    expect(partly.rates.todayIn).toBe(false);
    expect(partly.rates.latestDate).toBe(TODAY);
    expect(partly.rates.metals.find((r) => r.metal === 'gold' && r.purity === 22)).toEqual({
      metal: 'gold',
      purity: 22,
      paisePerGram: 7_000_00,
      rateDate: TODAY,
    });

    await db
      .insert(schema.metalRates)
      .values(
        partly.rates.metals
          .filter((r) => !(r.metal === 'gold' && r.purity === 22))
          .map((r) => ({ rateDate: TODAY, metal: r.metal, purity: r.purity, ratePaisePerGram: r.paisePerGram + 100 })),
      );
    const all = await read();
    expect(all.rates.todayIn).toBe(true);
    expect(all.rates.metals.every((r) => r.rateDate === TODAY)).toBe(true);
    // Diamonds keep their own day, and come in the store's order of grades.
    expect(all.rates.diamonds.every((r) => r.rateDate <= TODAY)).toBe(true);
    expect(all.rates.diamonds.map((r) => r.quality)).toEqual(['SI-IJ', 'SI-GH', 'VVS-GH', 'VVS-EF']);
  });
});
