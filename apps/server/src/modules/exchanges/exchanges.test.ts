/**
 * Lifetime exchange and buy-back (issue 20): the quote's maths through the API and following today's rate, the
 * customer's requests and their rules, the staff's desk (receive, settle as store credit or a recorded payout,
 * refuse) and who may do what. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { schema, type Db } from '@milli/db';
import { testServerUrl } from '@milli/db/testing';
import { AdminExchangeDetailSchema, AdminExchangesToSettleSchema, BuybackQuoteSchema, StoreCreditStatementSchema } from '@milli/contracts/schemas';
import { indianDate } from '@milli/pricing';
import { createTestApp, type TestApp } from '../../testing.ts';
import { createShopper, createStaff, type TestShopper, type TestStaff } from '../../testing-factories.ts';
import { createOrder, testHuid } from '../orders/testing.ts';

let t: TestApp;
let db: Db;
let owner: TestStaff;
let desk: TestStaff;
let accounts: TestStaff;
let catalogue: TestStaff;
const today = indianDate(new Date());

beforeAll(async () => {
  t = await createTestApp({ seed: true, ...(testServerUrl ? { poolSize: 4 } : {}) });
  db = t.database.db;
  owner = await createStaff(t.app, { role: 'owner' });
  desk = await createStaff(t.app, { role: 'orders' });
  accounts = await createStaff(t.app, { role: 'accounts' });
  catalogue = await createStaff(t.app, { role: 'catalogue' });
  // Today's rates as the test states them: 22 kt gold Rs. 7,000 a gram, SI-IJ diamonds Rs. 50,000 a carat.
  await setRates(7_000_00, 50_000_00);
}, 120_000);
afterAll(() => t?.close());

async function setRates(goldPaise: number, diamondPaise: number) {
  await db
    .insert(schema.metalRates)
    .values({ rateDate: today, metal: 'gold', purity: 22, ratePaisePerGram: goldPaise })
    .onConflictDoUpdate({ target: [schema.metalRates.rateDate, schema.metalRates.metal, schema.metalRates.purity], set: { ratePaisePerGram: goldPaise } });
  await db
    .insert(schema.diamondRates)
    .values({ rateDate: today, quality: 'SI-IJ', ratePaisePerCarat: diamondPaise })
    .onConflictDoUpdate({ target: [schema.diamondRates.rateDate, schema.diamondRates.quality], set: { ratePaisePerCarat: diamondPaise } });
}

const send = (method: 'GET' | 'POST', url: string, who: { cookie: string } | null, payload?: object) =>
  t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });
const mailsTo = (address: string, kind: string) =>
  db
    .select()
    .from(schema.mailOutbox)
    .where(and(eq(schema.mailOutbox.toAddress, address), eq(schema.mailOutbox.kind, kind)));

/** A delivered order of one 22 kt gold line sold at 5 g with 20 cents of SI-IJ diamonds; packed at `netMg` unless `packed` is false. */
async function deliveredOrder(
  shopper: TestShopper,
  opts: { netMg?: number; packed?: boolean; status?: 'Delivered' | 'Placed'; quantity?: number; weighed?: boolean } = {},
) {
  const order = await createOrder(db, { customerId: shopper.id, status: opts.status ?? 'Delivered', lines: [{ quantity: opts.quantity ?? 1 }] });
  await db
    .update(schema.orderLines)
    .set(
      opts.weighed === false
        ? { metal: null, purity: null, metalWeightMg: null }
        : { metal: 'gold', purity: 22, metalWeightMg: 5_000, ratePaisePerGram: 6_500_00, diamondQuality: 'SI-IJ', diamondWeightCents: 20 },
    )
    .where(eq(schema.orderLines.orderId, order.id));
  const [line] = await db.select().from(schema.orderLines).where(eq(schema.orderLines.orderId, order.id));
  const pieces =
    opts.packed === false
      ? []
      : await db
          .insert(schema.orderPieces)
          .values({ orderId: order.id, lineId: line!.id, huid: testHuid(), netWeightMg: opts.netMg ?? 4_900, grossWeightMg: (opts.netMg ?? 4_900) + 300 })
          .returning();
  return { order, line: line!, piece: pieces[0] ?? null };
}

const quoteOf = async (shopper: TestShopper, orderNumber: string) => {
  const res = await send('GET', `/api/orders/${orderNumber}/buyback-quote`, shopper);
  expect(res.statusCode, res.body).toBe(200);
  return BuybackQuoteSchema.parse(res.json());
};

describe('the buy-back quote', () => {
  it('values the packed piece’s real weight and its diamonds at today’s rates and the store’s percentages, nothing for making or GST', async () => {
    const shopper = await createShopper(t.app);
    const { order, line, piece } = await deliveredOrder(shopper);
    const q = await quoteOf(shopper, order.orderNumber);
    expect(q).toMatchObject({ rateDate: today, exchangePercent: 100, buybackPercent: 95, diamondExchangePercent: 90, diamondBuybackPercent: 75 });
    expect(q.pieces).toHaveLength(1);
    // Metal: 4.900 g × Rs. 7,000 = Rs. 34,300. Diamonds: 20 cents × Rs. 50,000 a carat = Rs. 10,000.
    // Exchange: 100 % of 34,300 + 90 % of 10,000 = Rs. 43,300. Buy-back: 95 % of 34,300 + 75 % of 10,000 = Rs. 40,085.
    expect(q.pieces[0]).toEqual({
      lineId: line.id,
      pieceId: piece!.id,
      productName: line.productName,
      huid: piece!.huid,
      metal: 'gold',
      purity: 22,
      metalWeightMg: 4_900,
      ratePaisePerGram: 7_000_00,
      diamondWeightCents: 20,
      diamondRatePaisePerCent: 500_00,
      exchangeValuePaise: 43_300_00,
      buybackValuePaise: 40_085_00,
      valued: true,
      openRequestId: null,
    });
  });

  it('uses the line’s weight when the piece was never packed, and says a piece without a weight is valued in store', async () => {
    const shopper = await createShopper(t.app);
    const { order } = await deliveredOrder(shopper, { packed: false, quantity: 2 });
    const q = await quoteOf(shopper, order.orderNumber);
    expect(q.pieces.map((p) => [p.pieceId, p.metalWeightMg, p.exchangeValuePaise])).toEqual([
      [null, 5_000, 35_000_00 + 9_000_00],
      [null, 5_000, 35_000_00 + 9_000_00],
    ]);
    const plain = await deliveredOrder(shopper, { packed: false, weighed: false });
    const p = (await quoteOf(shopper, plain.order.orderNumber)).pieces[0]!;
    expect(p).toMatchObject({ valued: false, ratePaisePerGram: null, metalWeightMg: 0 });
    const asked = await send('POST', `/api/orders/${plain.order.orderNumber}/exchange-requests`, shopper, { lineId: plain.line.id, kind: 'exchange' });
    expect(asked.statusCode).toBe(409);
    expect(asked.json().message).toMatch(/valued in store/);
  });

  it('follows a change of today’s gold rate made on the rates desk, with its date', async () => {
    const shopper = await createShopper(t.app);
    const { order } = await deliveredOrder(shopper);
    const before = (await quoteOf(shopper, order.orderNumber)).pieces[0]!;
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/rates',
      headers: { cookie: owner.cookie },
      // 18 and 14 kt follow, as the rates desk keeps purer gold dearer (issue 39).
      payload: {
        rates: [
          { metal: 'gold', purity: 22, paisePerGram: 7_200_00 },
          { metal: 'gold', purity: 18, paisePerGram: 5_900_00 },
          { metal: 'gold', purity: 14, paisePerGram: 4_600_00 },
        ],
        confirm: true,
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    try {
      const after = await quoteOf(shopper, order.orderNumber);
      expect(after.rateDate).toBe(today);
      expect(after.pieces[0]!.ratePaisePerGram).toBe(7_200_00);
      // 4.900 g × Rs. 200 more = Rs. 980 more for an exchange; 95 % of it (Rs. 931) for a buy-back.
      expect(after.pieces[0]!.exchangeValuePaise - before.exchangeValuePaise).toBe(980_00);
      expect(after.pieces[0]!.buybackValuePaise - before.buybackValuePaise).toBe(931_00);
    } finally {
      await setRates(7_000_00, 50_000_00);
    }
  });

  it('is the buyer’s only, and only once delivered', async () => {
    const shopper = await createShopper(t.app);
    const other = await createShopper(t.app);
    const { order, line } = await deliveredOrder(shopper);
    expect((await send('GET', `/api/orders/${order.orderNumber}/buyback-quote`, null)).statusCode).toBe(401);
    expect((await send('GET', `/api/orders/${order.orderNumber}/buyback-quote`, other)).statusCode).toBe(404);
    expect((await send('POST', `/api/orders/${order.orderNumber}/exchange-requests`, other, { lineId: line.id, kind: 'exchange' })).statusCode).toBe(404);
    const placed = await deliveredOrder(shopper, { status: 'Placed' });
    const early = await send('GET', `/api/orders/${placed.order.orderNumber}/buyback-quote`, shopper);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('EXCHANGE_NOT_ALLOWED');
    const bad = await send('POST', `/api/orders/${order.orderNumber}/exchange-requests`, shopper, { lineId: line.id, kind: 'melt' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('asking for an exchange or a buy-back', () => {
  it('keeps the quote as shown, allows one open request per piece, none while a return is open, and mails the customer', async () => {
    const shopper = await createShopper(t.app);
    const { order, line, piece } = await deliveredOrder(shopper);
    const asked = await send('POST', `/api/orders/${order.orderNumber}/exchange-requests`, shopper, { lineId: line.id, kind: 'buyback' });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json().request).toMatchObject({
      kind: 'buyback',
      status: 'Requested',
      quotedPaise: 40_085_00,
      ratePaisePerGram: 7_000_00,
      rateDate: today,
      metalWeightMg: 4_900,
      diamondWeightCents: 20,
      pieceId: piece!.id,
    });
    const [row] = await db.select().from(schema.exchangeRequests).where(eq(schema.exchangeRequests.orderId, order.id));
    expect(row).toMatchObject({ customerId: shopper.id, quotedPaise: 40_085_00, status: 'Requested' });
    expect(await mailsTo(shopper.email, 'exchange-asked')).toHaveLength(1);
    const again = await send('POST', `/api/orders/${order.orderNumber}/exchange-requests`, shopper, { lineId: line.id, kind: 'exchange' });
    expect(again.statusCode).toBe(409);
    const q = await quoteOf(shopper, order.orderNumber);
    expect(q.pieces[0]!.openRequestId).toBe(row!.id);
    expect(q.requests.map((r) => r.status)).toEqual(['Requested']);

    // A return of the line in progress: no exchange meanwhile.
    const second = await deliveredOrder(shopper);
    const [ret] = await db
      .insert(schema.orderReturns)
      .values({ orderId: second.order.id, customerId: shopper.id, reason: 'Too small', amountPaise: 1_000_00 })
      .returning();
    await db.insert(schema.orderReturnLines).values({ returnId: ret!.id, lineId: second.line.id, quantity: 1, amountPaise: 1_000_00 });
    const blocked = await send('POST', `/api/orders/${second.order.orderNumber}/exchange-requests`, shopper, { lineId: second.line.id, kind: 'exchange' });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toMatch(/return in progress/);
  });

  it('counts the pieces of a line never packed one by one: as many open requests as the quantity', async () => {
    const shopper = await createShopper(t.app);
    const { order, line } = await deliveredOrder(shopper, { packed: false, quantity: 2 });
    const ask = () => send('POST', `/api/orders/${order.orderNumber}/exchange-requests`, shopper, { lineId: line.id, kind: 'exchange' });
    expect((await ask()).statusCode).toBe(201);
    expect((await ask()).statusCode).toBe(201);
    expect((await ask()).statusCode).toBe(409);
  });
});

describe('the exchange desk', () => {
  it('who may: orders receive and refuse, accounts settle; others are refused', async () => {
    const shopper = await createShopper(t.app);
    const { order, line } = await deliveredOrder(shopper);
    const id = (await send('POST', `/api/orders/${order.orderNumber}/exchange-requests`, shopper, { lineId: line.id, kind: 'exchange' })).json().request
      .id as number;
    for (const [method, url, body] of [
      ['GET', '/api/admin/exchanges'],
      ['GET', `/api/admin/exchanges/${id}`],
      ['POST', `/api/admin/exchanges/${id}/receive`, {}],
      ['POST', `/api/admin/exchanges/${id}/refuse`, { reason: 'Not ours' }],
    ] as const) {
      expect((await send(method, url, null, body)).statusCode, `${url} guest`).toBe(401);
      expect((await send(method, url, shopper, body)).statusCode, `${url} customer`).toBe(401);
      expect((await send(method, url, catalogue, body)).statusCode, `${url} catalogue`).toBe(403);
      expect((await send(method, url, accounts, body)).statusCode, `${url} accounts`).toBe(403);
    }
    const settle = `/api/admin/exchanges/${id}/settle`;
    expect((await send('POST', settle, desk, { amountPaise: 100 })).statusCode).toBe(403);
    expect((await send('POST', settle, catalogue, { amountPaise: 100 })).statusCode).toBe(403);
    const goodwill = `/api/admin/orders/${order.orderNumber}/store-credit`;
    expect((await send('POST', goodwill, desk, { amountPaise: 100, note: 'Sorry for the wait' })).statusCode).toBe(403);
    expect((await send('POST', goodwill, null, { amountPaise: 100, note: 'Sorry for the wait' })).statusCode).toBe(401);
    const [row] = await db.select().from(schema.exchangeRequests).where(eq(schema.exchangeRequests.id, id));
    expect(row!.status).toBe('Requested');
  });

  it('an exchange: received, settled at the value of the day received as store credit, the piece released, audited and mailed', async () => {
    const shopper = await createShopper(t.app);
    const { order, line, piece } = await deliveredOrder(shopper);
    const id = (await send('POST', `/api/orders/${order.orderNumber}/exchange-requests`, shopper, { lineId: line.id, kind: 'exchange' })).json().request
      .id as number;
    const list = await send('GET', '/api/admin/exchanges?status=Requested', desk);
    expect(list.json().data.map((r: { id: number }) => r.id)).toContain(id);
    expect((await send('POST', `/api/admin/exchanges/${id}/settle`, accounts, { amountPaise: 100 })).json().message).toMatch(/Receive the piece/);
    const received = await send('POST', `/api/admin/exchanges/${id}/receive`, desk);
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json().request.status).toBe('Received');
    expect(await mailsTo(shopper.email, 'exchange-step')).toHaveLength(1);
    const detail = AdminExchangeDetailSchema.parse((await send('GET', `/api/admin/exchanges/${id}`, desk)).json());
    expect(detail).toMatchObject({ todayPaise: 43_300_00, todayRateDate: today, todayRatePaisePerGram: 7_000_00 });

    const tooMuch = await send('POST', `/api/admin/exchanges/${id}/settle`, accounts, { amountPaise: 43_300_01 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().fields.amountPaise).toMatch(/cannot be more/);
    const lowNoNote = await send('POST', `/api/admin/exchanges/${id}/settle`, accounts, { amountPaise: 43_000_00 });
    expect(lowNoNote.statusCode).toBe(400);
    expect(lowNoNote.json().fields.note).toBeDefined();
    // The accounts desk finds it among what is owed without the orders desk's permission, with the value it may settle at.
    expect((await send('GET', '/api/admin/exchanges-to-settle', desk)).statusCode).toBe(403);
    const owed = await send('GET', '/api/admin/exchanges-to-settle', accounts);
    expect(owed.statusCode, owed.body).toBe(200);
    const waiting = AdminExchangesToSettleSchema.parse(owed.json()).data.find((d) => d.request.id === id);
    expect(waiting).toMatchObject({ todayPaise: 43_300_00, request: { status: 'Received', customerEmail: shopper.email } });
    const settled = await send('POST', `/api/admin/exchanges/${id}/settle`, accounts, { amountPaise: 43_000_00, note: 'A solder repair: 4.88 g on our scale' });
    expect(settled.statusCode, settled.body).toBe(200);
    expect(settled.json().request).toMatchObject({ status: 'Settled', settledPaise: 43_000_00, note: 'A solder repair: 4.88 g on our scale' });
    expect((await send('POST', `/api/admin/exchanges/${id}/settle`, accounts, { amountPaise: 1 })).statusCode).toBe(409);
    expect(
      AdminExchangesToSettleSchema.parse((await send('GET', '/api/admin/exchanges-to-settle', accounts)).json()).data.map((d) => d.request.id),
    ).not.toContain(id);

    const credit = StoreCreditStatementSchema.parse((await send('GET', '/api/account/store-credit', shopper)).json());
    expect(credit.balancePaise).toBe(43_000_00);
    expect(credit.entries[0]).toMatchObject({ kind: 'exchange', amountPaise: 43_000_00, orderNumber: order.orderNumber });
    const [p] = await db.select().from(schema.orderPieces).where(eq(schema.orderPieces.id, piece!.id));
    expect(p!.releasedAt).not.toBeNull();
    const q = await quoteOf(shopper, order.orderNumber);
    expect(q.pieces).toHaveLength(0);
    expect(q.requests[0]).toMatchObject({ status: 'Settled', settledPaise: 43_000_00, huid: piece!.huid });
    const audit = await db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entity, 'exchange'), eq(schema.auditLog.entityId, String(id))));
    expect(audit.map((a) => a.action).sort()).toEqual(['receive', 'settle']);
    expect((await mailsTo(shopper.email, 'exchange-step')).map((m) => m.subject)).toEqual(
      expect.arrayContaining([expect.stringMatching(/exchange is settled/)]),
    );
  });

  it('a buy-back: settled with the bank’s reference and no store credit; a refused one keeps the piece', async () => {
    const shopper = await createShopper(t.app);
    const { order, line, piece } = await deliveredOrder(shopper);
    const id = (await send('POST', `/api/orders/${order.orderNumber}/exchange-requests`, shopper, { lineId: line.id, kind: 'buyback' })).json().request
      .id as number;
    await send('POST', `/api/admin/exchanges/${id}/receive`, owner);
    const noRef = await send('POST', `/api/admin/exchanges/${id}/settle`, accounts, { amountPaise: 40_085_00 });
    expect(noRef.statusCode).toBe(400);
    expect(noRef.json().fields.payoutReference).toBeDefined();
    const paid = await send('POST', `/api/admin/exchanges/${id}/settle`, accounts, { amountPaise: 40_085_00, payoutReference: 'UTR-HDFC-20261124-0042' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().request).toMatchObject({ status: 'Settled', payoutReference: 'UTR-HDFC-20261124-0042', settledBy: accounts.email });
    expect(await db.select().from(schema.storeCreditEntries).where(eq(schema.storeCreditEntries.customerId, shopper.id))).toHaveLength(0);
    const [p] = await db.select().from(schema.orderPieces).where(eq(schema.orderPieces.id, piece!.id));
    expect(p!.releasedAt).not.toBeNull();

    const other = await deliveredOrder(shopper);
    const id2 = (await send('POST', `/api/orders/${other.order.orderNumber}/exchange-requests`, shopper, { lineId: other.line.id, kind: 'exchange' })).json()
      .request.id as number;
    expect((await send('POST', `/api/admin/exchanges/${id2}/refuse`, desk, {})).statusCode).toBe(400);
    const refused = await send('POST', `/api/admin/exchanges/${id2}/refuse`, desk, { reason: 'The piece is not the one sold: its HUID differs.' });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json().request.refusedReason).toMatch(/HUID differs/);
    const q = await quoteOf(shopper, other.order.orderNumber);
    expect(q.pieces[0]!.openRequestId).toBeNull();
    expect((await send('GET', '/api/admin/exchanges/999999', desk)).statusCode).toBe(404);
  });
});

describe.runIf(Boolean(testServerUrl))('two asks at once (PostgreSQL)', () => {
  it('records one request for a piece asked for twice at the same moment', async () => {
    const shopper = await createShopper(t.app);
    const { order, line } = await deliveredOrder(shopper);
    const ask = (kind: string) => send('POST', `/api/orders/${order.orderNumber}/exchange-requests`, shopper, { lineId: line.id, kind });
    const answers = await Promise.all([ask('exchange'), ask('buyback')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(await db.select().from(schema.exchangeRequests).where(eq(schema.exchangeRequests.orderId, order.id))).toHaveLength(1);
  });
});
