/**
 * Attacks on the after-sale flows (issue 20) that cross modules: a piece exchanged and then returned for money, a
 * piece returned (written off) and then offered for buy-back. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema, type Db } from '@milli/db';
import { testServerUrl } from '@milli/db/testing';
import { indianDate } from '@milli/pricing';
import { createTestApp, type TestApp } from './testing.ts';
import { createShopper, createStaff, type TestShopper, type TestStaff } from './testing-factories.ts';
import { createOrder, testHuid } from './modules/orders/testing.ts';

let t: TestApp;
let db: Db;
let owner: TestStaff;
const today = indianDate(new Date());

beforeAll(async () => {
  t = await createTestApp({ seed: true, ...(testServerUrl ? { poolSize: 4 } : {}) });
  db = t.database.db;
  owner = await createStaff(t.app, { role: 'owner' });
  await db
    .insert(schema.metalRates)
    .values({ rateDate: today, metal: 'gold', purity: 22, ratePaisePerGram: 7_000_00 })
    .onConflictDoUpdate({ target: [schema.metalRates.rateDate, schema.metalRates.metal, schema.metalRates.purity], set: { ratePaisePerGram: 7_000_00 } });
}, 120_000);
afterAll(() => t?.close());

type Who = { cookie: string } | null;
const send = (method: 'GET' | 'POST', url: string, who: Who, payload?: object) =>
  t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });

/** A delivered order (2 days ago, so within the return window) of one 22 kt gold line of `quantity`, packed piece by piece. */
async function delivered(shopper: TestShopper, quantity = 1) {
  const order = await createOrder(db, { customerId: shopper.id, status: 'Delivered', lines: [{ quantity }] });
  await db
    .update(schema.orders)
    .set({ deliveredAt: new Date(Date.now() - 2 * 86_400_000) })
    .where(eq(schema.orders.id, order.id));
  await db
    .update(schema.orderLines)
    .set({ metal: 'gold', purity: 22, metalWeightMg: 5_000, ratePaisePerGram: 6_500_00 })
    .where(eq(schema.orderLines.orderId, order.id));
  const [line] = await db.select().from(schema.orderLines).where(eq(schema.orderLines.orderId, order.id));
  const pieces = await db
    .insert(schema.orderPieces)
    .values(Array.from({ length: quantity }, () => ({ orderId: order.id, lineId: line!.id, huid: testHuid(), netWeightMg: 5_000, grossWeightMg: 5_300 })))
    .returning();
  return { order, line: line!, pieces };
}

async function exchangeSettled(shopper: TestShopper, orderNumber: string, lineId: number) {
  const asked = await send('POST', `/api/orders/${orderNumber}/exchange-requests`, shopper, { lineId, kind: 'exchange' });
  expect(asked.statusCode, asked.body).toBe(201);
  const id = asked.json().request.id as number;
  expect((await send('POST', `/api/admin/exchanges/${id}/receive`, owner)).statusCode).toBe(200);
  const settled = await send('POST', `/api/admin/exchanges/${id}/settle`, owner, { amountPaise: asked.json().request.quotedPaise });
  expect(settled.statusCode, settled.body).toBe(200);
}

const returnOf = (who: Who, orderNumber: string, lineId: number, quantity = 1) =>
  send('POST', `/api/orders/${orderNumber}/returns`, who, { lines: [{ lineId, quantity }], reason: 'Changed my mind about it.' });

async function walkReturn(id: number, disposition: 'restock' | 'write_off') {
  for (const [step, body] of [
    ['approve', {}],
    ['receive', {}],
    ['check', { note: 'Checked in store.', disposition }],
    ['refund', {}],
  ] as const) {
    const res = await send('POST', `/api/admin/returns/${id}/${step}`, owner, body);
    expect(res.statusCode, `${step}: ${res.body}`).toBe(200);
  }
}

describe('a piece is paid back once: exchange or return, never both', () => {
  it('refuses to return a piece already exchanged for store credit', async () => {
    const shopper = await createShopper(t.app);
    const { order, line } = await delivered(shopper);
    await exchangeSettled(shopper, order.orderNumber, line.id);
    const res = await returnOf(shopper, order.orderNumber, line.id);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ code: 'RETURN_TOO_MANY', message: expect.stringMatching(/1 is in an exchange or buy-back, so none is left/) });
    expect(await db.select().from(schema.orderReturns).where(eq(schema.orderReturns.orderId, order.id))).toHaveLength(0);
    // The order page says so and offers nothing to return.
    const page = (await send('GET', `/api/orders/${order.orderNumber}`, shopper)).json();
    expect(page.returnWindow).toMatchObject({
      open: false,
      message: 'Every piece of this order is already in a return, an exchange or a buy-back.',
      lines: [{ lineId: line.id, returnable: 0 }],
    });
  });

  it('refuses to return a piece with an exchange request still open, and keeps the other piece returnable', async () => {
    const shopper = await createShopper(t.app);
    const { order, line } = await delivered(shopper, 2);
    const asked = await send('POST', `/api/orders/${order.orderNumber}/exchange-requests`, shopper, { lineId: line.id, kind: 'buyback' });
    expect(asked.statusCode, asked.body).toBe(201);
    expect((await returnOf(shopper, order.orderNumber, line.id, 2)).statusCode).toBe(409);
    expect((await returnOf(shopper, order.orderNumber, line.id, 1)).statusCode).toBe(201);
  });

  it('a return releases the piece given back, not the one being exchanged: nothing of the order is offered twice', async () => {
    const shopper = await createShopper(t.app);
    const { order, line, pieces } = await delivered(shopper, 2);
    const asked = await send('POST', `/api/orders/${order.orderNumber}/exchange-requests`, shopper, {
      lineId: line.id,
      kind: 'exchange',
      pieceId: pieces[0]!.id,
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const made = await returnOf(shopper, order.orderNumber, line.id);
    expect(made.statusCode, made.body).toBe(201);
    await walkReturn(made.json().return.id as number, 'restock');
    const xid = asked.json().request.id as number;
    expect((await send('POST', `/api/admin/exchanges/${xid}/receive`, owner)).statusCode).toBe(200);
    expect((await send('POST', `/api/admin/exchanges/${xid}/settle`, owner, { amountPaise: asked.json().request.quotedPaise })).statusCode).toBe(200);
    const quote = await send('GET', `/api/orders/${order.orderNumber}/buyback-quote`, shopper);
    expect(quote.json().pieces).toEqual([]);
    const held = await db.select().from(schema.orderPieces).where(eq(schema.orderPieces.orderId, order.id));
    expect(held.every((p) => p.releasedAt !== null)).toBe(true);
  });

  it('does not offer a returned piece (written off and refunded) for exchange or buy-back', async () => {
    const shopper = await createShopper(t.app);
    const { order, line } = await delivered(shopper);
    const made = await returnOf(shopper, order.orderNumber, line.id);
    expect(made.statusCode, made.body).toBe(201);
    await walkReturn(made.json().return.id as number, 'write_off');
    const quote = await send('GET', `/api/orders/${order.orderNumber}/buyback-quote`, shopper);
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().pieces).toEqual([]);
    const asked = await send('POST', `/api/orders/${order.orderNumber}/exchange-requests`, shopper, { lineId: line.id, kind: 'buyback' });
    expect(asked.statusCode, asked.body).toBe(409);
  });
});

describe('hostile input on the exchange request', () => {
  it('answers 400, not 500, to a line or piece number beyond the database’s integers', async () => {
    const shopper = await createShopper(t.app);
    const { order, line } = await delivered(shopper);
    for (const body of [
      { lineId: 2_147_483_648, kind: 'exchange' },
      { lineId: 99_999_999_999, kind: 'buyback' },
      { lineId: line.id, kind: 'exchange', pieceId: 2_147_483_648 },
    ]) {
      const res = await send('POST', `/api/orders/${order.orderNumber}/exchange-requests`, shopper, body);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(400);
    }
    expect(await db.select().from(schema.exchangeRequests).where(eq(schema.exchangeRequests.orderId, order.id))).toHaveLength(0);
  });
});

describe.skipIf(!testServerUrl)('the last piece asked for twice at once (PostgreSQL)', () => {
  it('two refunds of one return and two settles of one exchange at once pay once', async () => {
    const shopper = await createShopper(t.app);
    const { order, line } = await delivered(shopper, 2);
    const made = await returnOf(shopper, order.orderNumber, line.id);
    const id = made.json().return.id as number;
    for (const [step, body] of [
      ['approve', {}],
      ['receive', {}],
      ['check', { note: 'Fine.', disposition: 'restock' }],
    ] as const) {
      expect((await send('POST', `/api/admin/returns/${id}/${step}`, owner, body)).statusCode).toBe(200);
    }
    const refunds = await Promise.all([1, 2, 3].map(() => send('POST', `/api/admin/returns/${id}/refund`, owner, {})));
    expect(refunds.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const asked = await send('POST', `/api/orders/${order.orderNumber}/exchange-requests`, shopper, { lineId: line.id, kind: 'exchange' });
    expect(asked.statusCode, asked.body).toBe(201);
    const xid = asked.json().request.id as number;
    expect((await send('POST', `/api/admin/exchanges/${xid}/receive`, owner)).statusCode).toBe(200);
    const settles = await Promise.all(
      [1, 2, 3].map(() => send('POST', `/api/admin/exchanges/${xid}/settle`, owner, { amountPaise: asked.json().request.quotedPaise })),
    );
    expect(settles.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const credit = await db.select().from(schema.storeCreditEntries).where(eq(schema.storeCreditEntries.customerId, shopper.id));
    expect(credit.map((c) => c.kind).sort()).toEqual(['exchange', 'return']);
  });

  it('fifty returns of one piece, fifty refunds and fifty settles fired at once: each happens once', async () => {
    const shopper = await createShopper(t.app);
    const { order, line } = await delivered(shopper, 1);
    const asks = await Promise.all(Array.from({ length: 50 }, () => returnOf(shopper, order.orderNumber, line.id)));
    expect(asks.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(
      asks.filter((r) => r.statusCode !== 201).every((r) => r.statusCode === 409),
      asks.map((r) => r.statusCode).join(' '),
    ).toBe(true);
    const id = asks.find((r) => r.statusCode === 201)!.json().return.id as number;
    for (const [step, body] of [
      ['approve', {}],
      ['receive', {}],
      ['check', { note: 'Fine.', disposition: 'restock' }],
    ] as const) {
      expect((await send('POST', `/api/admin/returns/${id}/${step}`, owner, body)).statusCode).toBe(200);
    }
    const refunds = await Promise.all(Array.from({ length: 50 }, () => send('POST', `/api/admin/returns/${id}/refund`, owner, {})));
    expect(refunds.filter((r) => r.statusCode === 200)).toHaveLength(1);
    // The money moved once: at most one gateway refund and one store credit entry for the return, and not none.
    const toPayment = await db
      .select()
      .from(schema.refunds)
      .where(eq(schema.refunds.idempotencyKey, `return-refund-${id}`));
    const toCredit = await db.select().from(schema.storeCreditEntries).where(eq(schema.storeCreditEntries.returnId, id));
    expect(toPayment.length).toBeLessThanOrEqual(1);
    expect(toCredit.length).toBeLessThanOrEqual(1);
    expect(toPayment.length + toCredit.length).toBeGreaterThan(0);

    const other = await delivered(shopper, 1);
    const asked = await send('POST', `/api/orders/${other.order.orderNumber}/exchange-requests`, shopper, { lineId: other.line.id, kind: 'exchange' });
    const xid = asked.json().request.id as number;
    expect((await send('POST', `/api/admin/exchanges/${xid}/receive`, owner)).statusCode).toBe(200);
    const settles = await Promise.all(
      Array.from({ length: 50 }, () => send('POST', `/api/admin/exchanges/${xid}/settle`, owner, { amountPaise: asked.json().request.quotedPaise })),
    );
    expect(settles.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await db.select().from(schema.storeCreditEntries).where(eq(schema.storeCreditEntries.exchangeId, xid))).toHaveLength(1);
  });

  it('a return and an exchange of the same last piece at once: one is taken, the other refused', async () => {
    for (let round = 0; round < 3; round++) {
      const shopper = await createShopper(t.app);
      const { order, line } = await delivered(shopper);
      const [ret, ex] = await Promise.all([
        returnOf(shopper, order.orderNumber, line.id),
        send('POST', `/api/orders/${order.orderNumber}/exchange-requests`, shopper, { lineId: line.id, kind: 'buyback' }),
      ]);
      expect([ret.statusCode, ex.statusCode].sort(), `${ret.body} ${ex.body}`).toEqual([201, 409]);
      const returns = await db.select().from(schema.orderReturns).where(eq(schema.orderReturns.orderId, order.id));
      const asks = await db.select().from(schema.exchangeRequests).where(eq(schema.exchangeRequests.orderId, order.id));
      expect(returns.length + asks.length).toBe(1);
    }
  });
});

describe('hostile paths and dates on the new desks', () => {
  it('a return photo number beyond the database’s integers is not found (404), not a 500', async () => {
    const shopper = await createShopper(t.app);
    const { order, line } = await delivered(shopper);
    const made = await returnOf(shopper, order.orderNumber, line.id);
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().return.id as number;
    for (const photo of ['9999999999.webp', '2147483648-thumb.webp']) {
      expect((await send('GET', `/api/admin/returns/${id}/photos/${photo}`, owner)).statusCode).toBe(404);
      expect((await send('GET', `/api/orders/${order.orderNumber}/returns/${id}/photos/${photo}`, shopper)).statusCode).toBe(404);
    }
  });

  it('the appointment calendar and slots answer 400 to a year the database cannot hold', async () => {
    for (const day of ['0000-01-01', '9999-12-31']) {
      const desk = await send('GET', `/api/admin/appointments?kind=video&from=${day}`, owner);
      expect(desk.statusCode, `${day}: ${desk.body}`).toBe(400);
      const slots = await send('GET', `/api/appointments/slots?kind=video&date=${day}`, null);
      expect(slots.statusCode, `${day}: ${slots.body}`).toBe(400);
    }
  });
});

describe('the read cache', () => {
  it('a refused return (a guest, another’s order, too many) does not empty the storefront’s read cache', async () => {
    const shopper = await createShopper(t.app);
    const stranger = await createShopper(t.app);
    const { order, line } = await delivered(shopper);
    const flushes = t.app.readCache.stats().flushes;
    expect((await returnOf(null, order.orderNumber, line.id)).statusCode).toBe(401);
    expect((await returnOf(stranger, order.orderNumber, line.id)).statusCode).toBe(404);
    expect((await returnOf(shopper, order.orderNumber, line.id, 5)).statusCode).toBe(409);
    expect((await send('POST', '/api/admin/returns/2147483647/approve', owner, {})).statusCode).toBe(404);
    expect(t.app.readCache.stats().flushes).toBe(flushes);
    // A step taken (here the request; the check that restocks likewise) still empties it.
    expect((await returnOf(shopper, order.orderNumber, line.id)).statusCode).toBe(201);
    expect(t.app.readCache.stats().flushes).toBeGreaterThan(flushes);
  });

  it('a refused write of the older modules (a guest’s cancel, checkout or staff step) does not empty it either', async () => {
    const shopper = await createShopper(t.app);
    const { order } = await delivered(shopper);
    const flushes = t.app.readCache.stats().flushes;
    expect((await send('POST', `/api/orders/${order.orderNumber}/cancel`, null, {})).statusCode).toBe(401);
    expect((await send('POST', `/api/orders/${order.orderNumber}/cancel`, shopper, {})).statusCode).toBe(409);
    expect((await send('POST', '/api/orders/placeOrders', null, {})).statusCode).toBe(401);
    expect((await send('POST', `/api/admin/orders/${order.orderNumber}/status`, null, { status: 'Picked' })).statusCode).toBe(401);
    expect(t.app.readCache.stats().flushes).toBe(flushes);
  });
});

describe('the weight difference settled at packing', () => {
  it('a return gives back what the line really cost: less the weight difference refunded, plus the one charged', async () => {
    const shopper = await createShopper(t.app);
    const { order, line } = await delivered(shopper, 1);
    // Sold at Rs. 25,000; the piece weighed less and Rs. 2,000 was refunded when it was packed.
    await db
      .insert(schema.orderAdjustments)
      .values({ orderId: order.id, lineId: line.id, kind: 'refund', amountPaise: 2_000_00, reason: 'Lighter.', status: 'settled', settledAt: new Date() });
    const lighter = await returnOf(shopper, order.orderNumber, line.id);
    expect(lighter.statusCode, lighter.body).toBe(201);
    expect(lighter.json().return.amountPaise).toBe(line.lineTotalPaise - 2_000_00);

    const other = await delivered(shopper, 1);
    // Heavier: Rs. 1,500 charged and paid before dispatch; an open (unpaid) or waived one counts for nothing.
    await db.insert(schema.orderAdjustments).values([
      { orderId: other.order.id, lineId: other.line.id, kind: 'charge', amountPaise: 1_500_00, reason: 'Heavier.', status: 'settled', settledAt: new Date() },
      { orderId: other.order.id, lineId: other.line.id, kind: 'charge', amountPaise: 700_00, reason: 'Waived.', status: 'waived' },
    ]);
    const heavier = await returnOf(shopper, other.order.orderNumber, other.line.id);
    expect(heavier.statusCode, heavier.body).toBe(201);
    expect(heavier.json().return.amountPaise).toBe(other.line.lineTotalPaise + 1_500_00);
  });
});
