/**
 * The orders desk's bulk work (issue 39): many orders marked Picked or dispatched at once, each by the single order's
 * own step (its rules, audit and mail), with a result per order; the list's date and payment filters; and the list as
 * CSV with the same filters, safe from formula injection. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { schema, type Db } from '@milli/db';
import { AdminOrderPageSchema, AdminOrdersBulkAnswerSchema } from '@milli/contracts/schemas';
import { createTestApp, type TestApp } from '../../testing.ts';
import { createShopper, createStaff, type TestShopper, type TestStaff } from '../../testing-factories.ts';
import { createOrder } from './testing.ts';

let t: TestApp;
let db: Db;
let owner: TestStaff;
let desk: TestStaff;
let catalogue: TestStaff;
let buyer: TestShopper;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  db = t.database.db;
  [owner, desk, catalogue] = await Promise.all([
    createStaff(t.app, { role: 'owner' }),
    createStaff(t.app, { role: 'orders' }),
    createStaff(t.app, { role: 'catalogue' }),
  ]);
  buyer = await createShopper(t.app, { username: 'bulk-buyer' });
}, 120_000);
afterAll(() => t?.close());

const bulk = (who: { cookie: string } | null, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/admin/orders/bulk-status', headers: who ? { cookie: who.cookie } : {}, payload });
const statusOf = async (orderNumber: string) => (await db.select().from(schema.orders).where(eq(schema.orders.orderNumber, orderNumber)))[0]!;
const stepMails = (orderNumbers: string[]) =>
  db
    .select()
    .from(schema.mailOutbox)
    .where(eq(schema.mailOutbox.toAddress, buyer.email))
    .then((mails) => mails.filter((m) => orderNumbers.some((n) => `${m.subject} ${m.textBody}`.includes(n))));

describe('bulk moves', () => {
  it('marks the Placed orders Picked one by one and says, per order, why the others were refused', async () => {
    const placed = await Promise.all([1, 2, 3].map(() => createOrder(db, { customerId: buyer.id })));
    const unpaid = await createOrder(db, { customerId: buyer.id, status: 'Awaiting payment' });
    const delivered = await createOrder(db, { customerId: buyer.id, status: 'Delivered' });
    const numbers = [...placed.map((o) => o.orderNumber), unpaid.orderNumber, delivered.orderNumber, 'MIL-1999-999999'];
    const mailsBefore = (await stepMails(placed.map((o) => o.orderNumber))).length;

    const res = await bulk(desk, { status: 'Picked', orders: numbers.map((orderNumber) => ({ orderNumber })) });
    expect(res.statusCode, res.body).toBe(200);
    const answer = AdminOrdersBulkAnswerSchema.parse(res.json());
    expect(answer.moved).toBe(3);
    expect(answer.refused).toBe(3);
    expect(answer.message).toMatch(/^3 marked Picked; 3 refused: /);
    expect(answer.message).toContain(`${unpaid.orderNumber}: This order is waiting for its online payment`);
    expect(answer.message).toContain(`${delivered.orderNumber}: This order has been delivered`);
    expect(answer.message).toContain('MIL-1999-999999: there is no such order.');
    expect(answer.results.map((r) => [r.orderNumber, r.ok, r.status])).toEqual([
      ...placed.map((o) => [o.orderNumber, true, 'Picked']),
      [unpaid.orderNumber, false, null],
      [delivered.orderNumber, false, null],
      ['MIL-1999-999999', false, null],
    ]);
    for (const o of placed) expect((await statusOf(o.orderNumber)).status).toBe('Picked');
    expect((await statusOf(unpaid.orderNumber)).status).toBe('Awaiting payment');
    expect((await statusOf(delivered.orderNumber)).status).toBe('Delivered');

    // As the single-order step does it: a history row by the member, an audit entry, a mail to the customer.
    const history = await db
      .select()
      .from(schema.orderStatusHistory)
      .where(
        and(
          inArray(
            schema.orderStatusHistory.orderId,
            placed.map((o) => o.id),
          ),
          eq(schema.orderStatusHistory.status, 'Picked'),
        ),
      );
    expect(history.map((h) => h.changedBy)).toEqual([desk.id, desk.id, desk.id]);
    const audit = await db
      .select()
      .from(schema.auditLog)
      .where(
        and(
          eq(schema.auditLog.action, 'status'),
          inArray(
            schema.auditLog.entityId,
            placed.map((o) => o.orderNumber),
          ),
        ),
      );
    expect(audit).toHaveLength(3);
    expect((await stepMails(placed.map((o) => o.orderNumber))).length).toBe(mailsBefore + 3);

    // Again: nothing is Placed any more, so every order is refused and none moves.
    const again = AdminOrdersBulkAnswerSchema.parse(
      (await bulk(desk, { status: 'Picked', orders: placed.map((o) => ({ orderNumber: o.orderNumber })) })).json(),
    );
    expect(again.moved).toBe(0);
    expect(again.message).toMatch(/^3 refused: .*can only move to Out for Delivery/);
  });

  it('dispatches the Picked orders with the batch’s courier and each order’s own AWB; an order without its AWB stays', async () => {
    const picked = await Promise.all([1, 2, 3].map(() => createOrder(db, { customerId: buyer.id, status: 'Picked' })));
    const [a, b, c] = picked.map((o) => o.orderNumber) as [string, string, string];
    const res = await bulk(desk, {
      status: 'Out for Delivery',
      courierName: 'Blue Dart',
      orders: [
        { orderNumber: a, awbNumber: 'BD-90000001' },
        { orderNumber: b, awbNumber: '' },
        { orderNumber: c, awbNumber: 'BD-90000003' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = AdminOrdersBulkAnswerSchema.parse(res.json());
    expect(answer.message).toBe(`2 marked Out for Delivery; 1 refused: ${b} needs its AWB number to be dispatched.`);
    expect(await statusOf(a)).toMatchObject({ status: 'Out for Delivery', courierName: 'Blue Dart', awbNumber: 'BD-90000001' });
    expect(await statusOf(b)).toMatchObject({ status: 'Picked', awbNumber: null });
    expect(await statusOf(c)).toMatchObject({ status: 'Out for Delivery', awbNumber: 'BD-90000003' });
    expect((await statusOf(a)).invoicedAt).not.toBeNull();
  });

  it('refuses a batch without a courier for dispatch, a bad AWB, an order twice, more than 200 orders, and an empty one', async () => {
    const [one] = [await createOrder(db, { customerId: buyer.id, status: 'Picked' })];
    const cases: [object, RegExp][] = [
      [{ status: 'Out for Delivery', orders: [{ orderNumber: one!.orderNumber, awbNumber: 'BD-90000009' }] }, /courier’s name/],
      [{ status: 'Out for Delivery', courierName: 'Blue Dart', orders: [{ orderNumber: one!.orderNumber, awbNumber: 'no good!' }] }, /AWB number is 6 to 30/],
      [{ status: 'Picked', orders: [{ orderNumber: one!.orderNumber }, { orderNumber: one!.orderNumber }] }, /listed twice/],
      [{ status: 'Picked', orders: Array.from({ length: 201 }, (_, i) => ({ orderNumber: `MIL-2026-${String(i).padStart(6, '0')}` })) }, /At most 200/],
      [{ status: 'Picked', orders: [] }, /at least one/],
      [{ status: 'Delivered', orders: [{ orderNumber: one!.orderNumber }] }, /Picked or Out for Delivery/],
    ];
    for (const [payload, message] of cases) {
      const res = await bulk(desk, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect((await statusOf(one!.orderNumber)).status).toBe('Picked');
  });

  it('is the orders desk’s: 401 without a member, 403 for a member without the orders permission, and nothing moves', async () => {
    const order = await createOrder(db, { customerId: buyer.id });
    const payload = { status: 'Picked', orders: [{ orderNumber: order.orderNumber }] };
    expect((await bulk(null, payload)).statusCode).toBe(401);
    expect((await bulk({ cookie: buyer.cookie }, payload)).statusCode).toBe(401);
    const refused = await bulk(catalogue, payload);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('PERMISSION_DENIED');
    expect((await statusOf(order.orderNumber)).status).toBe('Placed');
    expect((await bulk(owner, payload)).statusCode).toBe(200);
  });
});

describe('the list’s filters and its CSV', () => {
  // Three orders around midnight in India on 10 February 2024: the last is the 11th there, though the 10th in UTC.
  const ist = (at: string) => new Date(`${at}+05:30`);
  let early: string, late: string, nextDay: string;
  beforeAll(async () => {
    const formula = await createShopper(t.app, { username: 'csv-formula' });
    await db.update(schema.customers).set({ firstName: '=HYPERLINK("http://x")', lastName: '' }).where(eq(schema.customers.id, formula.id));
    early = (await createOrder(db, { customerId: formula.id, placedAt: ist('2024-02-10T09:00:00'), shipping: { city: '+Chennai', pincode: '600017' } }))
      .orderNumber;
    late = (await createOrder(db, { customerId: buyer.id, status: 'Awaiting confirmation', placedAt: ist('2024-02-10T23:30:00') })).orderNumber;
    nextDay = (await createOrder(db, { customerId: buyer.id, placedAt: ist('2024-02-11T00:30:00') })).orderNumber;
  });

  const list = async (query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/orders?${query}`, headers: { cookie: desk.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return AdminOrderPageSchema.parse(res.json());
  };
  const csv = (query: string, who: { cookie: string } = desk) =>
    t.app.inject({ method: 'GET', url: `/api/admin/orders.csv?${query}`, headers: { cookie: who.cookie } });

  it('filters by the Indian days placed, both ends included, and by payment method', async () => {
    expect((await list('from=2024-02-10&to=2024-02-10&sort=placed&dir=asc')).data.map((r) => r.orderNumber)).toEqual([early, late]);
    expect((await list('from=2024-02-11&to=2024-02-11')).data.map((r) => r.orderNumber)).toEqual([nextDay]);
    expect((await list('from=2024-02-10&to=2024-02-11&method=cod')).data.map((r) => r.orderNumber)).toEqual([late]);
    const online = await list('from=2024-02-10&to=2024-02-11&method=online&sort=placed&dir=asc');
    expect(online.data.map((r) => r.orderNumber)).toEqual([early, nextDay]);
    expect(online.counts.Placed).toBe(2);
    // Blank filters are no filters (a GET form sends every field).
    expect((await list('from=&to=&method=&q=&perPage=25')).total).toBeGreaterThanOrEqual(3);
    for (const [query, message] of [
      ['from=2024-02-11&to=2024-02-10', /from date is after the to date/],
      ['from=10-02-2024', /YYYY-MM-DD/],
      ['to=2024-02-30', /not a day of the calendar/],
      ['method=card', /online or cod/],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: `/api/admin/orders?${query}`, headers: { cookie: desk.cookie } });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toMatch(message);
    }
  });

  it('exports the filtered list as CSV, cells that a spreadsheet would run written with a leading apostrophe', async () => {
    const res = await csv('from=2024-02-10&to=2024-02-10&sort=placed&dir=asc');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers['x-truncated']).toBe('false');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Order,Placed (IST),Status,Customer,E-mail,Phone,City,PIN,Pieces,Total (Rs.),Payment,AWB,Made to order');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`${early},2024-02-10 09:00,Placed,"'=HYPERLINK(""http://x"")",`);
    expect(lines[1]).toContain(",'+Chennai,600017,");
    expect(lines[2]).toMatch(new RegExp(`^${late},2024-02-10 23:30,Awaiting confirmation,.*,Pay on delivery,,No$`));
    // The same filters as the list: the payment method and the queue.
    const cod = await csv('from=2024-02-10&to=2024-02-11&method=cod');
    expect(cod.body.trimEnd().split('\r\n')).toHaveLength(2);
    const placed = await csv('from=2024-02-10&to=2024-02-11&status=Placed');
    expect(placed.body.includes(early) && placed.body.includes(nextDay) && !placed.body.includes(late)).toBe(true);
  });

  it('is the orders desk’s, and refuses bad filters with a message', async () => {
    expect((await csv('', catalogue)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/orders.csv' })).statusCode).toBe(401);
    const bad = await csv('from=2024-02-11&to=2024-02-10');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/from date is after the to date/);
  });
});
