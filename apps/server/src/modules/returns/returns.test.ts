/**
 * Returns within the window (issue 20): the customer's request and its rules (delivered, the window, quantities
 * across returns, made-to-order pieces, photos, ownership), every desk step and who may take it, the refund through
 * the demo gateway or as store credit, the credit note, restock against write-off, and the mails. Runs on PGlite, and
 * on PostgreSQL with TEST_DATABASE_URL (two returns of the same line at once only there).
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { schema, type Db } from '@milli/db';
import { testServerUrl } from '@milli/db/testing';
import { AdminReturnDetailSchema, AdminReturnPageSchema, OrderDetailSchema } from '@milli/contracts/schemas';
import { createTestApp, type TestApp } from '../../testing.ts';
import { createProduct, createShopper, createStaff, placeOrder, type TestShopper, type TestStaff } from '../../testing-factories.ts';
import { createOrder, packAndDispatch } from '../orders/testing.ts';

let t: TestApp;
let db: Db;
let desk: TestStaff;
let accounts: TestStaff;
let catalogue: TestStaff;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  db = t.database.db;
  desk = await createStaff(t.app, { role: 'orders', name: 'Rekha Desk' });
  accounts = await createStaff(t.app, { role: 'accounts', name: 'Arun Accounts' });
  catalogue = await createStaff(t.app, { role: 'catalogue' });
}, 120_000);
afterAll(() => t?.close());

type Who = { cookie: string } | null;
const send = (method: 'GET' | 'POST', url: string, who: Who, payload?: object) =>
  t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });
const mailsTo = (address: string, kind: string) =>
  db
    .select()
    .from(schema.mailOutbox)
    .where(and(eq(schema.mailOutbox.toAddress, address), eq(schema.mailOutbox.kind, kind)));
const mine = async (who: TestShopper, orderNumber: string) => {
  const res = await send('GET', `/api/orders/${orderNumber}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return OrderDetailSchema.parse(res.json());
};
const stockOf = async (productId: number) =>
  (await db.select({ stock: schema.products.stock }).from(schema.products).where(eq(schema.products.id, productId)))[0]!.stock;

/** An order placed and paid online through the demo gateway, packed, dispatched (so invoiced) and delivered. */
async function deliveredOnline(shopper: TestShopper, quantity = 2) {
  const product = await createProduct(db, { name: `Return Stud ${randomUUID().slice(0, 5)}`, stock: 6 });
  const placed = await placeOrder(t.app, shopper, { productId: product.id, quantity });
  expect(placed.statusCode, placed.body).toBe(200);
  const orderNumber = placed.json().orderNumber as string;
  await packAndDispatch(t.app, desk.cookie, orderNumber);
  expect((await send('POST', `/api/admin/orders/${orderNumber}/status`, desk, { status: 'Delivered' })).statusCode).toBe(200);
  const [order] = await db.select().from(schema.orders).where(eq(schema.orders.orderNumber, orderNumber));
  const lines = await db.select().from(schema.orderLines).where(eq(schema.orderLines.orderId, order!.id));
  return { product, order: order!, line: lines[0]! };
}

/** An order written straight into the database as delivered `daysAgo` days ago (pay on delivery with `cod`). */
async function deliveredDirect(shopper: TestShopper, opts: { daysAgo?: number; quantity?: number; cod?: boolean; discountPaise?: number } = {}) {
  const order = await createOrder(db, {
    customerId: shopper.id,
    status: 'Delivered',
    lines: [{ quantity: opts.quantity ?? 1 }],
    discountPaise: opts.discountPaise ?? 0,
  });
  const deliveredAt = new Date(Date.now() - (opts.daysAgo ?? 2) * 86_400_000);
  await db
    .update(schema.orders)
    .set({ deliveredAt, ...(opts.cod ? { paymentMethod: 'cod' as const } : {}) })
    .where(eq(schema.orders.id, order.id));
  const lines = await db.select().from(schema.orderLines).where(eq(schema.orderLines.orderId, order.id));
  return { order: { ...order, deliveredAt }, line: lines[0]! };
}

const ask = (who: Who, orderNumber: string, body: object) => send('POST', `/api/orders/${orderNumber}/returns`, who, body);
const stepOf = (id: number, name: string, who: Who, body: object = {}) => send('POST', `/api/admin/returns/${id}/${name}`, who, body);
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

describe('a return within the window, refunded through the gateway', () => {
  it('takes the customer’s request, every desk step, refunds the payment, issues a credit note, restocks and mails', async () => {
    const shopper = await createShopper(t.app);
    const { product, order, line } = await deliveredOnline(shopper, 2);
    const before = await mine(shopper, order.orderNumber);
    expect(before.returnWindow).toMatchObject({ open: true, windowDays: 15, message: null });
    expect(before.returnWindow.lines).toEqual([{ lineId: line.id, returnable: 2, reason: null }]);
    expect(before.returns).toEqual([]);

    const res = await ask(shopper, order.orderNumber, { lines: [{ lineId: line.id, quantity: 1 }], reason: 'The clasp is stiff.' });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().return;
    // Half of a two-piece line with no discount: half the line total, GST included.
    expect(created).toMatchObject({ status: 'Requested', refundMethod: 'original', amountPaise: line.lineTotalPaise / 2 });
    expect((await mailsTo(shopper.email, 'return-requested'))[0]!.textBody).toContain('The clasp');
    const id = created.id as number;

    // The catalogue desk may not touch it; the orders desk may not refund.
    expect((await stepOf(id, 'approve', catalogue)).statusCode).toBe(403);
    expect((await stepOf(id, 'receive', desk)).statusCode).toBe(409);
    expect((await stepOf(id, 'approve', desk)).statusCode).toBe(200);
    expect((await mailsTo(shopper.email, 'return-approved'))[0]!.subject).toMatch(/approved$/);
    expect((await stepOf(id, 'approve', desk)).json().code).toBe('RETURN_STEP_NOT_ALLOWED');
    expect((await stepOf(id, 'schedule-pickup', desk, { pickupDate: '2020-01-01' })).statusCode).toBe(400);
    const farOff = await stepOf(id, 'schedule-pickup', desk, { pickupDate: '9999-12-31' });
    expect(farOff.statusCode).toBe(400);
    expect(farOff.json().fields.pickupDate).toMatch(/30 days ahead/);
    expect((await stepOf(id, 'schedule-pickup', desk, { pickupDate: '2026-02-30' })).statusCode).toBe(400);
    const pickup = await stepOf(id, 'schedule-pickup', desk, { pickupDate: tomorrow(), note: 'Between 10 and 1.' });
    expect(pickup.statusCode, pickup.body).toBe(200);
    expect((await mailsTo(shopper.email, 'return-pickup'))[0]!.textBody).toContain('Between 10 and 1.');
    expect((await stepOf(id, 'receive', desk)).statusCode).toBe(200);
    expect(await mailsTo(shopper.email, 'return-received')).toHaveLength(1);
    expect((await stepOf(id, 'refund', accounts)).json().code).toBe('RETURN_STEP_NOT_ALLOWED');
    expect((await stepOf(id, 'check', desk, { note: 'Fine', disposition: 'restock', refundPaise: created.amountPaise + 1 })).statusCode).toBe(400);
    const stock = await stockOf(product.id);
    const checked = await stepOf(id, 'check', desk, { note: 'As sold, no wear.', disposition: 'restock' });
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json().return).toMatchObject({ status: 'Checked', refundDuePaise: created.amountPaise, refundedPaise: 0, nextSteps: ['refund'] });
    expect(await stockOf(product.id)).toBe(stock + 1);
    const pieces = await db.select().from(schema.orderPieces).where(eq(schema.orderPieces.lineId, line.id));
    expect(pieces.filter((p) => p.releasedAt !== null)).toHaveLength(1);
    expect((await stepOf(id, 'refuse', desk, { reason: 'Too late to refuse' })).statusCode).toBe(409);

    expect((await stepOf(id, 'refund', desk)).statusCode).toBe(403);
    // Accounts find it among the refunds due without the orders desk.
    expect((await send('GET', '/api/admin/refunds-due', desk)).statusCode).toBe(403);
    const due = await send('GET', '/api/admin/refunds-due', accounts);
    expect(due.statusCode, due.body).toBe(200);
    expect(due.json().data.find((r: { id: number }) => r.id === id)).toMatchObject({ refundDuePaise: created.amountPaise, nextSteps: ['refund'] });
    // Issue 39: an amount confirmed that is not the refund due moves nothing.
    const stale = await stepOf(id, 'refund', accounts, { amountPaise: created.amountPaise + 100 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/^The refund due is Rs\. [\d,.]+, not the Rs\. [\d,.]+ confirmed: nothing was refunded/);
    expect((await stepOf(id, 'refund', accounts, { amountPaise: -1 })).statusCode).toBe(400);
    expect(
      await db
        .select()
        .from(schema.refunds)
        .where(eq(schema.refunds.idempotencyKey, `return-refund-${id}`)),
    ).toEqual([]);
    const refunded = await stepOf(id, 'refund', accounts, { amountPaise: created.amountPaise });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const view = AdminReturnDetailSchema.parse(refunded.json().return);
    expect(view).toMatchObject({
      status: 'Refunded',
      refundedPaise: created.amountPaise,
      refundedToPaymentPaise: created.amountPaise,
      refundedAsStoreCreditPaise: 0,
      nextSteps: [],
    });
    expect(view.steps.map((s) => s.status)).toEqual(['Requested', 'Approved', 'Pickup scheduled', 'Received', 'Checked', 'Refunded']);
    expect(view.steps.find((s) => s.status === 'Refunded')!.by).toBe('Arun Accounts');
    expect(view.steps.find((s) => s.status === 'Approved')!.by).toBe('Rekha Desk');

    const [refund] = await db
      .select()
      .from(schema.refunds)
      .where(eq(schema.refunds.idempotencyKey, `return-refund-${id}`));
    // Queued in the step's transaction and sent to the demo gateway after it (which may answer pending, then its webhook).
    expect(refund).toMatchObject({ amountPaise: created.amountPaise, paymentId: expect.any(Number) });
    expect(refund!.status).not.toBe('failed');
    expect(refund!.attempts + (refund!.status === 'processed' ? 1 : 0)).toBeGreaterThan(0);
    // The gateway took it: a key it refuses (shorter than 10 characters) would leave an error on every attempt.
    expect(refund!.lastError).toBeNull();
    const [note] = await db.select().from(schema.creditNotes).where(eq(schema.creditNotes.id, view.creditNoteId!));
    expect(note).toMatchObject({ reason: 'returned', amountPaise: created.amountPaise });
    expect(note!.taxPaise).toBeGreaterThan(0);
    expect(view.creditNoteNumber).toBe(note!.number);
    const pdf = await send('GET', `/api/orders/${order.orderNumber}/credit-notes/${note!.id}.pdf`, shopper);
    expect(pdf.statusCode).toBe(200);
    expect(execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf.rawPayload }).toString('utf8')).toContain(note!.number);
    expect((await send('GET', `/api/admin/orders/${order.orderNumber}/credit-notes/${note!.id}.pdf`, desk)).statusCode).toBe(200);
    const mail = (await mailsTo(shopper.email, 'return-refunded'))[0]!;
    expect(mail.textBody).toContain('back to the way you paid');
    expect(mail.textBody).toContain(note!.number);
    const audit = await db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entity, 'order-return'), eq(schema.auditLog.entityId, String(id))));
    expect(audit.map((a) => a.action).sort()).toEqual(['return-approve', 'return-check', 'return-receive', 'return-refund', 'return-schedule-pickup']);

    const after = await mine(shopper, order.orderNumber);
    expect(after.returns[0]).toMatchObject({ id, status: 'Refunded', refundedPaise: created.amountPaise });
    expect(after.returns[0]!.steps.every((s) => s.by === null)).toBe(true);
    expect(after.returnWindow.lines[0]!.returnable).toBe(1);

    const queue = AdminReturnPageSchema.parse((await send('GET', '/api/admin/returns?status=Refunded', desk)).json());
    expect(queue.data.some((r) => r.id === id)).toBe(true);
    expect(queue.counts.Refunded).toBeGreaterThanOrEqual(1);
  }, 60_000);
});

describe('the rules of asking', () => {
  it('a delivered order only, within the window, never more than bought across returns not refused, with a reason', async () => {
    const shopper = await createShopper(t.app);
    const placed = await createOrder(db, { customerId: shopper.id, status: 'Out for Delivery' });
    const [pl] = await db.select().from(schema.orderLines).where(eq(schema.orderLines.orderId, placed.id));
    const notYet = await ask(shopper, placed.orderNumber, { lines: [{ lineId: pl!.id, quantity: 1 }], reason: 'Changed my mind' });
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().code).toBe('RETURN_NOT_DELIVERED');

    const old = await deliveredDirect(shopper, { daysAgo: 20 });
    const late = await ask(shopper, old.order.orderNumber, { lines: [{ lineId: old.line.id, quantity: 1 }], reason: 'Changed my mind' });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('RETURN_WINDOW_CLOSED');
    const closed = new Date(old.order.deliveredAt.getTime() + 15 * 86_400_000).toLocaleDateString('en-IN', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Asia/Kolkata',
    });
    expect(late.json().message).toContain('15 days');
    expect(late.json().message).toContain(closed);
    expect((await mine(shopper, old.order.orderNumber)).returnWindow).toMatchObject({
      open: false,
      message: `The return window of 15 days closed on ${closed}.`,
    });

    const { order, line } = await deliveredDirect(shopper, { quantity: 2 });
    expect((await ask(shopper, order.orderNumber, { lines: [{ lineId: line.id, quantity: 1 }], reason: '' })).statusCode).toBe(400);
    expect((await ask(shopper, order.orderNumber, { lines: [{ lineId: line.id, quantity: 1 }], reason: 'x'.repeat(1001) })).statusCode).toBe(400);
    expect((await ask(shopper, order.orderNumber, { lines: [], reason: 'Too big' })).statusCode).toBe(400);
    expect((await ask(shopper, order.orderNumber, { lines: [{ lineId: 999_999, quantity: 1 }], reason: 'Not a line' })).statusCode).toBe(400);
    const first = await ask(shopper, order.orderNumber, { lines: [{ lineId: line.id, quantity: 1 }], reason: 'Too big' });
    expect(first.statusCode, first.body).toBe(201);
    const tooMany = await ask(shopper, order.orderNumber, { lines: [{ lineId: line.id, quantity: 2 }], reason: 'Both, after all' });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().code).toBe('RETURN_TOO_MANY');
    expect(tooMany.json().message).toContain('at most 1');
    // A refused return frees its pieces to be asked for again; the two amounts add up to the line.
    const second = await ask(shopper, order.orderNumber, { lines: [{ lineId: line.id, quantity: 1 }], reason: 'The other one too' });
    expect(second.statusCode).toBe(201);
    expect(first.json().return.amountPaise + second.json().return.amountPaise).toBe(line.lineTotalPaise);
    expect((await ask(shopper, order.orderNumber, { lines: [{ lineId: line.id, quantity: 1 }], reason: 'Third' })).statusCode).toBe(409);
    const refused = await stepOf(second.json().return.id, 'refuse', desk, { reason: 'The piece shows wear beyond a try-on.' });
    expect(refused.statusCode).toBe(200);
    expect((await mailsTo(shopper.email, 'return-refused'))[0]!.textBody).toContain('The piece shows wear beyond a try-on.');
    expect((await stepOf(second.json().return.id, 'approve', desk)).statusCode).toBe(409);
    const third = await ask(shopper, order.orderNumber, { lines: [{ lineId: line.id, quantity: 1 }], reason: 'Third time' });
    expect(third.statusCode).toBe(201);
    const detail = await mine(shopper, order.orderNumber);
    expect(detail.returns.find((r) => r.status === 'Refused')!.refusedReason).toBe('The piece shows wear beyond a try-on.');
  });

  it('shares the order’s discount over the lines', async () => {
    const shopper = await createShopper(t.app);
    const { order, line } = await deliveredDirect(shopper, { discountPaise: 1_000_00 });
    const res = await ask(shopper, order.orderNumber, { lines: [{ lineId: line.id, quantity: 1 }], reason: 'Too small' });
    expect(res.json().return.amountPaise).toBe(line.lineTotalPaise - 1_000_00);
  });

  it('a made-to-order piece is not returnable, and says so', async () => {
    const shopper = await createShopper(t.app);
    const { order, line } = await deliveredDirect(shopper);
    const [request] = await db
      .insert(schema.customDesignRequests)
      .values({ customerId: shopper.id, metalType: 'gold', goldQuality: 18, category: 'Rings' })
      .returning();
    await db.update(schema.orders).set({ customDesignRequestId: request!.id }).where(eq(schema.orders.id, order.id));
    const res = await ask(shopper, order.orderNumber, { lines: [{ lineId: line.id, quantity: 1 }], reason: 'Not as drawn' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('RETURN_NOT_RETURNABLE');
    expect(res.json().message).toMatch(/personalised/);
    expect((await mine(shopper, order.orderNumber)).returnWindow.lines[0]).toMatchObject({ returnable: 0, reason: expect.stringMatching(/personalised/) });
  });

  it('is the owner’s only: another customer hears 404, nobody 401', async () => {
    const shopper = await createShopper(t.app);
    const other = await createShopper(t.app);
    const { order, line } = await deliveredDirect(shopper);
    const body = { lines: [{ lineId: line.id, quantity: 1 }], reason: 'Not mine' };
    expect((await ask(null, order.orderNumber, body)).statusCode).toBe(401);
    expect((await ask(other, order.orderNumber, body)).statusCode).toBe(404);
    expect(await db.select().from(schema.orderReturns).where(eq(schema.orderReturns.orderId, order.id))).toHaveLength(0);
  });

  it('takes photos as multipart, re-encoded, shown to the owner and the desk only', async () => {
    const shopper = await createShopper(t.app);
    const other = await createShopper(t.app);
    const { order, line } = await deliveredDirect(shopper);
    const png = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#c9a24a' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('lines', JSON.stringify([{ lineId: line.id, quantity: 1 }]));
    form.append('reason', 'A stone is loose, see the photos.');
    form.append('refundMethod', 'store_credit');
    form.append('photo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a.png');
    form.append('photo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'b.png');
    const encoded = new Response(form);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.orderNumber}/returns`,
      payload: Buffer.from(await encoded.arrayBuffer()),
      headers: { 'content-type': encoded.headers.get('content-type')!, cookie: shopper.cookie },
    });
    expect(res.statusCode, res.body).toBe(201);
    const r = res.json().return;
    expect(r).toMatchObject({ refundMethod: 'store_credit' });
    expect(r.photos).toHaveLength(2);
    const rows = await db.select().from(schema.orderReturnPhotos).where(eq(schema.orderReturnPhotos.returnId, r.id));
    expect(rows.map((p) => p.path)).toEqual([expect.stringMatching(/\.webp$/), expect.stringMatching(/\.webp$/)]);
    const got = await send('GET', r.photos[0].url, shopper);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/webp');
    expect((await send('GET', r.photos[0].url, other)).statusCode).toBe(404);
    expect((await send('GET', `/api/admin/returns/${r.id}/photos/${r.photos[0].id}.webp`, desk)).statusCode).toBe(200);

    const bad = new FormData();
    bad.append('lines', JSON.stringify([{ lineId: line.id, quantity: 1 }]));
    bad.append('reason', 'Not a picture');
    bad.append('photo', new Blob([new TextEncoder().encode('not an image')], { type: 'image/png' }), 'x.png');
    const badBody = new Response(bad);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.orderNumber}/returns`,
      payload: Buffer.from(await badBody.arrayBuffer()),
      headers: { 'content-type': badBody.headers.get('content-type')!, cookie: shopper.cookie },
    });
    expect(refused.statusCode).toBe(400);
  });
});

describe('refunds as store credit', () => {
  it('store credit by choice: a write-off refunds less when damaged, credits the ledger and puts nothing back on the shelf', async () => {
    const shopper = await createShopper(t.app);
    const { order, line } = await deliveredDirect(shopper);
    const r = (await ask(shopper, order.orderNumber, { lines: [{ lineId: line.id, quantity: 1 }], reason: 'Scratched', refundMethod: 'store_credit' })).json()
      .return;
    for (const [name, body] of [
      ['approve', {}],
      ['receive', {}],
    ] as const)
      expect((await stepOf(r.id, name, desk, body)).statusCode).toBe(200);
    const less = r.amountPaise - 500_00;
    expect(
      (await stepOf(r.id, 'check', desk, { note: 'A deep scratch on the band: Rs. 500 for the polish.', disposition: 'write_off', refundPaise: less }))
        .statusCode,
    ).toBe(200);
    const done = await stepOf(r.id, 'refund', accounts);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().return).toMatchObject({
      refundedPaise: less,
      refundedAsStoreCreditPaise: less,
      refundedToPaymentPaise: 0,
      disposition: 'write_off',
      creditNoteId: null,
    });
    const [entry] = await db.select().from(schema.storeCreditEntries).where(eq(schema.storeCreditEntries.returnId, r.id));
    expect(entry).toMatchObject({ kind: 'return', amountPaise: less, customerId: shopper.id, orderId: order.id });
    const mail = (await mailsTo(shopper.email, 'return-refunded'))[0]!;
    expect(mail.textBody).toContain('store credit');
    expect(mail.textBody).toContain('A deep scratch');
  });

  it('a pay-on-delivery order’s refund the original way goes back as store credit, and the desk says so', async () => {
    const shopper = await createShopper(t.app);
    const { order, line } = await deliveredDirect(shopper, { cod: true });
    const r = (await ask(shopper, order.orderNumber, { lines: [{ lineId: line.id, quantity: 1 }], reason: 'Wrong size' })).json().return;
    const d = AdminReturnDetailSchema.parse((await send('GET', `/api/admin/returns/${r.id}`, desk)).json());
    expect(d.refundPlan).toMatchObject({ gatewayPaise: 0, storeCreditPaise: r.amountPaise });
    expect(d.refundPlan.explanation).toMatch(/pay-on-delivery/);
    for (const name of ['approve', 'receive'] as const) expect((await stepOf(r.id, name, desk)).statusCode).toBe(200);
    expect((await stepOf(r.id, 'check', desk, { note: 'Fine', disposition: 'restock' })).statusCode).toBe(200);
    expect((await stepOf(r.id, 'refund', accounts)).json().return).toMatchObject({ refundedAsStoreCreditPaise: r.amountPaise });
    expect(
      await db
        .select()
        .from(schema.refunds)
        .where(eq(schema.refunds.idempotencyKey, `return-refund-${r.id}`)),
    ).toHaveLength(0);
  });
});

describe.runIf(Boolean(testServerUrl))('two returns of the same line at once (PostgreSQL)', () => {
  it('one is taken, the other hears RETURN_TOO_MANY, never both', async () => {
    const shopper = await createShopper(t.app);
    for (let round = 0; round < 3; round++) {
      const { order, line } = await deliveredDirect(shopper);
      const answers = await Promise.all([
        ask(shopper, order.orderNumber, { lines: [{ lineId: line.id, quantity: 1 }], reason: 'First tab' }),
        ask(shopper, order.orderNumber, { lines: [{ lineId: line.id, quantity: 1 }], reason: 'Second tab' }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
      expect(await db.select().from(schema.orderReturns).where(eq(schema.orderReturns.orderId, order.id))).toHaveLength(1);
    }
  });
});
