/**
 * The orders desk (issue 19): queues and search, packing with HUIDs and real weights, weight differences both
 * ways, dispatch and its rules, waiving, staff cancel with refund and credit note, the made-to-order request
 * following its order, and who may do what. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL (the
 * concurrent HUID clash only there).
 */
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { schema, type Db } from '@milli/db';
import { testServerUrl } from '@milli/db/testing';
import { AdminOrderDetailSchema, AdminOrderPageSchema, CustomRequestViewSchema, OrderDetailSchema } from '@milli/contracts/schemas';
import { weightDifference } from '@milli/pricing';
import { createTestApp, postForm, type TestApp } from '../../testing.ts';
import { createProduct, createShopper, createStaff, payThroughDemo, placeOrder, type TestShopper, type TestStaff } from '../../testing-factories.ts';
import { createOrder, packAndDispatch, testHuid } from './testing.ts';

let t: TestApp;
let db: Db;
let owner: TestStaff;
let desk: TestStaff;
let catalogue: TestStaff;
/** The accounts desk: approves the weight differences packing proposes (issue 35). */
let accounts: TestStaff;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  db = t.database.db;
  owner = await createStaff(t.app, { role: 'owner' });
  desk = await createStaff(t.app, { role: 'orders' });
  catalogue = await createStaff(t.app, { role: 'catalogue' });
  accounts = await createStaff(t.app, { role: 'accounts' });
}, 120_000);
afterAll(() => t?.close());

const send = (method: 'GET' | 'POST', url: string, who: { cookie: string } | null, payload?: object) =>
  t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });
const detail = async (orderNumber: string) => {
  const res = await send('GET', `/api/admin/orders/${orderNumber}`, desk);
  expect(res.statusCode, res.body).toBe(200);
  expect(AdminOrderDetailSchema.safeParse(res.json()).success).toBe(true);
  return AdminOrderDetailSchema.parse(res.json());
};
const mailsTo = (address: string, kind?: string) =>
  db
    .select()
    .from(schema.mailOutbox)
    .where(and(eq(schema.mailOutbox.toAddress, address), kind ? eq(schema.mailOutbox.kind, kind) : undefined));
const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');

/** A placed order whose lines are weighed gold (5 g at Rs. 7,000/g each): hallmarked, needing their pieces. */
async function goldOrder(customerId: number, opts: { quantity?: number; status?: 'Placed' | 'Picked' | 'Awaiting confirmation'; lines?: number } = {}) {
  const order = await createOrder(db, {
    customerId,
    status: opts.status ?? 'Placed',
    lines: Array.from({ length: opts.lines ?? 1 }, () => ({ quantity: opts.quantity ?? 1 })),
  });
  await db
    .update(schema.orderLines)
    .set({ metal: 'gold', purity: 22, metalWeightMg: 5_000, ratePaisePerGram: 7_000_00, hallmarked: true })
    .where(eq(schema.orderLines.orderId, order.id));
  const lines = await db.select().from(schema.orderLines).where(eq(schema.orderLines.orderId, order.id)).orderBy(schema.orderLines.id);
  return { ...order, lines };
}
const piece = (lineId: number, netWeightMg = 5_000, huid = testHuid()) => ({ lineId, huid, netWeightMg, grossWeightMg: netWeightMg + 200 });
const dispatch = { status: 'Out for Delivery', courierName: 'Blue Dart', awbNumber: 'BD-55501234', trackingUrl: 'https://track.example/BD-55501234' };

describe('who may work the orders desk', () => {
  it('every staff route answers 401 without a staff session and 403 without the orders permission', async () => {
    const shopper = await createShopper(t.app);
    const order = await goldOrder(shopper.id);
    const n = order.orderNumber;
    const routes = [
      ['GET', '/api/admin/orders'],
      ['GET', `/api/admin/orders/${n}`],
      ['GET', `/api/admin/orders/${n}/invoice.pdf`],
      ['GET', `/api/admin/orders/${n}/credit-notes/1.pdf`],
      ['POST', `/api/admin/orders/${n}/status`, { status: 'Picked' }],
      ['POST', `/api/admin/orders/${n}/pieces`, { pieces: [piece(order.lines[0]!.id)] }],
      ['POST', `/api/admin/orders/${n}/adjustments/1/waive`, {}],
      ['POST', `/api/admin/orders/${n}/adjustments/1/approve`, {}],
      ['POST', `/api/admin/orders/${n}/adjustments/1/reject`, {}],
      ['POST', `/api/admin/orders/${n}/cancel`, { reason: 'Testing who may cancel' }],
    ] as const;
    for (const [method, url, body] of routes) {
      expect((await send(method, url, null, body)).statusCode, `${method} ${url} guest`).toBe(401);
      expect((await send(method, url, shopper, body)).statusCode, `${method} ${url} customer`).toBe(401);
      const refused = await send(method, url, catalogue, body);
      expect(refused.statusCode, `${method} ${url} catalogue`).toBe(403);
      expect(refused.json().code).toBe('PERMISSION_DENIED');
    }
    const [still] = await db.select().from(schema.orders).where(eq(schema.orders.id, order.id));
    expect(still!.status).toBe('Placed');
    expect(await db.select().from(schema.orderPieces).where(eq(schema.orderPieces.orderId, order.id))).toHaveLength(0);
    expect((await send('GET', `/api/admin/orders/${n}`, owner)).statusCode).toBe(200);
  });
});

describe('the queues', () => {
  it('filters by status with the counts of every queue, and searches number, name, e-mail, phone and PIN', async () => {
    const shopper = await createShopper(t.app, { username: 'queue-kavya' });
    await db.update(schema.customers).set({ firstName: 'Kavya', lastName: 'Raghavan' }).where(eq(schema.customers.id, shopper.id));
    const a = await createOrder(db, { customerId: shopper.id, shipping: { phone: '9812345670', pincode: '641001', city: 'Coimbatore' } });
    const b = await createOrder(db, { customerId: shopper.id, status: 'Awaiting confirmation', shipping: { phone: '9812345670', pincode: '641001' } });
    await createOrder(db, { customerId: shopper.id, status: 'Delivered', shipping: { phone: '9812345670', pincode: '641001' } });

    const list = async (query: string) => {
      const res = await send('GET', `/api/admin/orders?${query}`, desk);
      expect(res.statusCode, res.body).toBe(200);
      expect(AdminOrderPageSchema.safeParse(res.json()).success).toBe(true);
      return AdminOrderPageSchema.parse(res.json());
    };
    const byName = await list('q=Kavya%20Ragh');
    expect(byName.total).toBe(3);
    expect(byName.counts).toMatchObject({ Placed: 1, 'Awaiting confirmation': 1, Delivered: 1, Cancelled: 0 });
    const placed = await list('q=Kavya&status=Placed');
    expect(placed.data.map((r) => r.orderNumber)).toEqual([a.orderNumber]);
    expect(placed.data[0]).toMatchObject({
      customerName: 'Kavya Raghavan',
      customerEmail: shopper.email,
      phone: '9812345670',
      pincode: '641001',
      city: 'Coimbatore',
      paymentMethod: 'online',
      custom: false,
      itemCount: 1,
    });
    expect(placed.counts.Delivered).toBe(1);
    expect((await list(`q=${b.orderNumber}`)).data.map((r) => r.orderNumber)).toEqual([b.orderNumber]);
    expect((await list('q=queue-kavya@example')).total).toBe(3);
    expect((await list('q=98123%2045670')).total).toBe(3);
    expect((await list('q=641001&status=Awaiting%20confirmation')).data[0]!.paymentMethod).toBe('cod');
    expect((await list('q=no-such-order-anywhere')).total).toBe(0);
    expect((await send('GET', '/api/admin/orders?status=Shipped', desk)).statusCode).toBe(400);
    const sorted = await list('q=Kavya&sort=total&dir=desc');
    expect(sorted.data.map((r) => r.totalPaise)).toEqual([...sorted.data.map((r) => r.totalPaise)].sort((x, y) => y - x));
  });
});

describe('packing', () => {
  it('needs exactly one HUID per hallmarked piece, of this order’s lines, unique, while Placed or Picked', async () => {
    const shopper = await createShopper(t.app);
    const order = await goldOrder(shopper.id, { quantity: 2 });
    const other = await goldOrder(shopper.id);
    const line = order.lines[0]!.id;
    const url = `/api/admin/orders/${order.orderNumber}/pieces`;

    const before = await detail(order.orderNumber);
    expect(before.lines[0]).toMatchObject({ hallmarked: true, soldWeightMg: 5_000, quantity: 2 });
    expect(before).toMatchObject({ nextStatus: 'Picked', blockedBy: null, canCancel: true });

    const foreign = await send('POST', url, desk, { pieces: [piece(line), piece(other.lines[0]!.id)] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toContain(`Line ${other.lines[0]!.id} is not a line of order ${order.orderNumber}`);
    const short = await send('POST', url, desk, { pieces: [piece(line)] });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/needs exactly 2 pieces/);
    const twice = await send('POST', url, desk, { pieces: [piece(line, 5_000, 'AA11BB'), piece(line, 5_000, 'aa11bb')] });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toContain('AA11BB');
    expect((await send('POST', url, desk, { pieces: [piece(line, 5_000, 'ZZ'), piece(line)] })).statusCode).toBe(400);
    expect((await send('POST', url, desk, { pieces: [{ ...piece(line), grossWeightMg: 10 }, piece(line)] })).statusCode).toBe(400);

    const taken = testHuid();
    expect((await send('POST', `/api/admin/orders/${other.orderNumber}/pieces`, desk, { pieces: [piece(other.lines[0]!.id, 5_000, taken)] })).statusCode).toBe(
      200,
    );
    const clash = await send('POST', url, desk, { pieces: [piece(line, 5_000, taken), piece(line)] });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(`HUID ${taken} is already recorded on order ${other.orderNumber}.`);

    const ok = await send('POST', url, desk, { pieces: [piece(line, 5_050), piece(line, 4_950)] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().pieces).toHaveLength(2);
    // Within the 2 % tolerance: nothing to adjust. Sent again, the pieces are replaced.
    expect(ok.json().adjustments).toHaveLength(0);
    const again = await send('POST', url, desk, { pieces: [piece(line, 5_000, 'CC22DD'), piece(line, 5_000, 'EE33FF')] });
    expect(again.json().pieces.map((p: { huid: string }) => p.huid)).toEqual(['CC22DD', 'EE33FF']);
    const [audit] = await db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entity, 'order'), eq(schema.auditLog.entityId, order.orderNumber), eq(schema.auditLog.action, 'pack')));
    expect(audit!.staffEmail).toBe(desk.email);
    expect((await detail(order.orderNumber)).timeline.some((e) => e.kind === 'packing' && e.text.includes('CC22DD') && e.by === desk.name)).toBe(true);

    // Not once dispatched.
    const shipped = await createOrder(db, { customerId: shopper.id, status: 'Out for Delivery' });
    const late = await send('POST', `/api/admin/orders/${shipped.orderNumber}/pieces`, desk, { pieces: [piece(line)] });
    expect(late.statusCode).toBe(409);
  });

  it('dispatch is refused until every hallmarked piece is recorded, needs the courier and AWB, and mails them', async () => {
    const shopper = await createShopper(t.app);
    const order = await goldOrder(shopper.id, { status: 'Picked' });
    const url = `/api/admin/orders/${order.orderNumber}/status`;
    expect((await detail(order.orderNumber)).blockedBy).toMatch(/Record the weights of every piece \(and the HUID of each hallmarked one\)/);
    const refused = await send('POST', url, desk, dispatch);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/Record the weights of every piece \(and the HUID of each hallmarked one\) before dispatch/);
    expect((await send('POST', `/api/admin/orders/${order.orderNumber}/pieces`, desk, { pieces: [piece(order.lines[0]!.id)] })).statusCode).toBe(200);
    const noAwb = await send('POST', url, desk, { status: 'Out for Delivery', courierName: 'Blue Dart' });
    expect(noAwb.statusCode).toBe(400);
    expect(noAwb.json().fields.awbNumber).toBeDefined();
    expect((await send('POST', url, desk, dispatch)).statusCode).toBe(200);

    const d = await detail(order.orderNumber);
    expect(d.shipment).toMatchObject({
      courierName: 'Blue Dart',
      awbNumber: 'BD-55501234',
      trackingUrl: 'https://track.example/BD-55501234',
      deliveredAt: null,
    });
    expect(d.invoiceAvailable).toBe(true);
    const [mail] = await mailsTo(shopper.email, 'order-status');
    expect(mail!.textBody).toContain('BD-55501234');
    expect(mail!.textBody).toContain('Blue Dart');
    expect(mail!.textBody).toContain('https://track.example/BD-55501234');
    expect((await send('POST', url, desk, { status: 'Delivered' })).statusCode).toBe(200);
    expect((await detail(order.orderNumber)).shipment!.deliveredAt).not.toBeNull();
    const audit = await db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entity, 'order'), eq(schema.auditLog.entityId, order.orderNumber), eq(schema.auditLog.action, 'status')))
      .orderBy(schema.auditLog.id);
    expect(audit.map((a) => (a.after as { status: string }).status)).toEqual(['Out for Delivery', 'Delivered']);

    // The staff's invoice shows each piece.
    const pdf = await send('GET', `/api/admin/orders/${order.orderNumber}/invoice.pdf`, desk);
    expect(pdf.statusCode).toBe(200);
    expect(pdfText(pdf.rawPayload)).toMatch(/Piece 1: HUID [A-Z0-9]{6} · net weight 5\.000 g · gross weight 5\.200 g/);
  });
});

describe('a HUID only where the piece is hallmarked (issue 38)', () => {
  /** An order placed and paid through checkout, one line per product, each line's packing form as the desk reads it. */
  async function placed(shopper: TestShopper, ...productIds: number[]) {
    for (const productId of productIds.slice(1)) {
      const session = { cookie: shopper.cookie, ip: shopper.ip };
      const added = await postForm(t.app, '/api/cart/add', { cart_product_id: productId, cart_quantity: 1, cart_user_id: shopper.userId }, session);
      expect(added.statusCode, added.body).toBe(200);
    }
    const res = await placeOrder(t.app, shopper, { productId: productIds[0]! });
    expect(res.statusCode, res.body).toBe(200);
    const orderNumber = res.json().orderNumber as string;
    return { orderNumber, lines: (await detail(orderNumber)).lines };
  }
  const weighed = (lineId: number, netWeightMg: number, huid: string | null = null) => ({ lineId, huid, netWeightMg, grossWeightMg: netWeightMg + 100 });

  it('packs platinum and unhallmarked silver with their weights alone, refuses a HUID for them, and ships them', async () => {
    const shopper = await createShopper(t.app);
    const platinum = await createProduct(db, { name: 'Plain Platinum Band', metal: 'platinum' });
    const silver = await createProduct(db, { name: 'Plain Silver Anklet', metal: 'silver', hallmarked: false });
    for (const product of [platinum, silver]) {
      const { orderNumber, lines } = await placed(shopper, product.id);
      const line = lines[0]!;
      expect(line).toMatchObject({ hallmarked: false, recordedAtPacking: true, soldWeightMg: 5_000 });
      expect((await detail(orderNumber)).blockedBy).toBeNull();
      const url = `/api/admin/orders/${orderNumber}/pieces`;

      // A HUID would be printed on the tax invoice of a piece that carries none: refused, by the piece's field.
      const offered = await send('POST', url, desk, { pieces: [weighed(line.lineId, 5_000, testHuid())] });
      expect(offered.statusCode).toBe(400);
      expect(offered.json().message).toBe(`${product.name} is not hallmarked, so its pieces have no HUID: leave the HUID empty.`);
      expect(offered.json().fields['pieces.0.huid']).toBe('This piece is not hallmarked: leave the HUID empty.');
      expect(await db.select().from(schema.orderPieces).where(eq(schema.orderPieces.lineId, line.lineId))).toHaveLength(0);

      // Weighed all the same: dispatch waits for the piece's weights.
      expect((await send('POST', `/api/admin/orders/${orderNumber}/status`, desk, { status: 'Picked' })).statusCode).toBe(200);
      const early = await send('POST', `/api/admin/orders/${orderNumber}/status`, desk, dispatch);
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toContain(`${product.name} (1)`);

      // An empty HUID box (the form) is no HUID.
      const packed = await send('POST', url, desk, { pieces: [{ ...weighed(line.lineId, 5_010), huid: '' }] });
      expect(packed.statusCode, packed.body).toBe(200);
      expect(packed.json().pieces).toMatchObject([{ lineId: line.lineId, huid: null, netWeightMg: 5_010 }]);
      expect((await send('POST', `/api/admin/orders/${orderNumber}/status`, desk, dispatch)).statusCode).toBe(200);
      expect((await detail(orderNumber)).timeline.some((e) => e.kind === 'packing' && e.text.includes('1 piece (5.010 g)'))).toBe(true);

      const invoice = pdfText((await send('GET', `/api/orders/${orderNumber}/invoice.pdf`, shopper)).rawPayload);
      expect(invoice).toMatch(/Piece 1: net weight 5\.010 g · gross weight 5\.110 g/);
      expect(invoice).not.toContain('HUID');
      expect(invoice).not.toMatch(/Hallmarking charge ₹/);
    }
  });

  it('still needs a HUID for each gold piece and for hallmarked silver, and prints it on the invoice only for those lines', async () => {
    const shopper = await createShopper(t.app);
    const gold = await createProduct(db, { name: 'Hallmarked Gold Stud' });
    const silver = await createProduct(db, { name: 'Hallmarked Silver Toe Ring', metal: 'silver', hallmarked: true });
    const platinum = await createProduct(db, { name: 'Platinum Ear Cuff', metal: 'platinum' });
    const { orderNumber, lines } = await placed(shopper, gold.id, silver.id, platinum.id);
    const lineOf = (name: string) => lines.find((l) => l.name === name)!;
    expect(lineOf(gold.name)).toMatchObject({ hallmarked: true, recordedAtPacking: true });
    expect(lineOf(silver.name)).toMatchObject({ hallmarked: true, recordedAtPacking: true });
    expect(lineOf(platinum.name)).toMatchObject({ hallmarked: false, recordedAtPacking: true });
    const url = `/api/admin/orders/${orderNumber}/pieces`;
    const goldHuid = testHuid();
    const silverHuid = testHuid();

    for (const [missing, name] of [
      [0, gold.name],
      [1, silver.name],
    ] as const) {
      const pieces = [
        weighed(lineOf(gold.name).lineId, 5_000, missing === 0 ? null : goldHuid),
        weighed(lineOf(silver.name).lineId, 5_000, missing === 1 ? null : silverHuid),
        weighed(lineOf(platinum.name).lineId, 5_000),
      ];
      const refused = await send('POST', url, desk, { pieces });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(`${name} is hallmarked: each piece needs its HUID.`);
      expect(refused.json().fields[`pieces.${missing}.huid`]).toBe('Each hallmarked piece needs its HUID.');
    }
    const ok = await send('POST', url, desk, {
      pieces: [
        weighed(lineOf(gold.name).lineId, 5_000, goldHuid.toLowerCase()),
        weighed(lineOf(silver.name).lineId, 5_000, silverHuid),
        weighed(lineOf(platinum.name).lineId, 5_000),
      ],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const huidOf = (name: string) => ok.json().pieces.find((p: { lineId: number }) => p.lineId === lineOf(name).lineId).huid;
    expect([huidOf(gold.name), huidOf(silver.name), huidOf(platinum.name)]).toEqual([goldHuid, silverHuid, null]);
    await packAndDispatch(t.app, desk.cookie, orderNumber);

    const invoice = pdfText((await send('GET', `/api/orders/${orderNumber}/invoice.pdf`, shopper)).rawPayload);
    expect(invoice).toContain(`Piece 1: HUID ${goldHuid} · net weight 5.000 g`);
    expect(invoice).toContain(`Piece 1: HUID ${silverHuid} · net weight 5.000 g`);
    expect(invoice).toContain('Piece 1: net weight 5.000 g · gross weight 5.100 g');
    expect(invoice.match(/HUID [A-Z0-9]{6}/g)).toHaveLength(2);
    // The BIS hallmarking charge is stated for the two hallmarked lines only.
    expect(invoice.match(/Hallmarking charge ₹/g)).toHaveLength(2);
  });
});

describe('weight differences', () => {
  it('a heavier piece is a charge: dispatch waits until the customer pays it, then the invoice shows it', async () => {
    const shopper = await createShopper(t.app);
    const product = await createProduct(db, { name: 'Adjust Charge Ring', stock: 5 });
    const placed = await placeOrder(t.app, shopper, { productId: product.id });
    expect(placed.statusCode, placed.body).toBe(200);
    const orderNumber = placed.json().orderNumber as string;
    const before = await detail(orderNumber);
    const line = before.lines[0]!;
    expect(line.hallmarked).toBe(true);
    const settings = (await db.select().from(schema.storeSettings))[0]!;
    const [row] = await db.select().from(schema.orderLines).where(eq(schema.orderLines.id, line.lineId));
    const heavy = line.soldWeightMg! + 400;
    const expected = weightDifference(line.soldWeightMg!, heavy, row!.ratePaisePerGram!, Number(settings.weightTolerancePercent), Number(settings.gstPercent));
    expect(expected.kind).toBe('charge');

    const packed = await send('POST', `/api/admin/orders/${orderNumber}/pieces`, desk, { pieces: [piece(line.lineId, heavy)] });
    expect(packed.statusCode, packed.body).toBe(200);
    const [charge] = packed.json().adjustments;
    // The orders desk proposes; nothing reaches the customer until the accounts desk approves (issue 35).
    expect(charge).toMatchObject({ kind: 'charge', status: 'proposed', amountPaise: expected.amountPaise, lineId: line.lineId });
    expect(charge.reason).toContain(`weighs ${(heavy / 1000).toFixed(3)} g`);
    expect(await mailsTo(shopper.email, 'order-adjustment')).toEqual([]);
    expect((await send('POST', `/api/orders/${orderNumber}/adjustments/${charge.id}/pay`, shopper)).statusCode).toBe(404);
    expect(OrderDetailSchema.parse((await send('GET', `/api/orders/${orderNumber}`, shopper)).json()).adjustments).toEqual([]);
    expect((await send('POST', `/api/admin/orders/${orderNumber}/status`, desk, { status: 'Picked' })).statusCode).toBe(200);
    const waiting = await send('POST', `/api/admin/orders/${orderNumber}/status`, desk, dispatch);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().message).toMatch(/waits for the accounts desk/);
    expect((await send('POST', `/api/admin/orders/${orderNumber}/adjustments/${charge.id}/approve`, desk, {})).statusCode).toBe(403);
    const approved = await send('POST', `/api/admin/orders/${orderNumber}/adjustments/${charge.id}/approve`, accounts, { note: 'Scale checked' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().adjustments[0]).toMatchObject({ status: 'open', decisionNote: 'Scale checked', decidedBy: accounts.name });
    expect((await send('POST', `/api/admin/orders/${orderNumber}/adjustments/${charge.id}/approve`, accounts, {})).statusCode).toBe(409);
    const mail = (await mailsTo(shopper.email, 'order-adjustment'))[0]!.textBody;
    expect(mail).toContain(charge.reason);
    expect(mail).toContain('cancel the order');

    const refused = await send('POST', `/api/admin/orders/${orderNumber}/status`, desk, dispatch);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/weight difference .* is still to be paid/);

    // Someone else cannot pay it; the customer can.
    const stranger = await createShopper(t.app);
    expect((await send('POST', `/api/orders/${orderNumber}/adjustments/${charge.id}/pay`, stranger)).statusCode).toBe(404);
    const pay = await send('POST', `/api/orders/${orderNumber}/adjustments/${charge.id}/pay`, shopper);
    expect(pay.statusCode, pay.body).toBe(200);
    expect(pay.json().payment.amountPaise).toBe(expected.amountPaise);
    const verified = await payThroughDemo(t.app, shopper, pay.json().payment.gatewayOrderId);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().message).toMatch(/weight difference/);
    const mine = OrderDetailSchema.parse((await send('GET', `/api/orders/${orderNumber}`, shopper)).json());
    expect(mine.adjustments[0]).toMatchObject({ id: charge.id, status: 'settled' });
    expect(mine.pieces).toHaveLength(1);
    expect((await send('POST', `/api/orders/${orderNumber}/adjustments/${charge.id}/pay`, shopper)).statusCode).toBe(409);
    // Paid: repacking would undo a settled difference, and is refused.
    expect((await send('POST', `/api/admin/orders/${orderNumber}/pieces`, desk, { pieces: [piece(line.lineId)] })).statusCode).toBe(409);

    expect((await send('POST', `/api/admin/orders/${orderNumber}/status`, desk, dispatch)).statusCode).toBe(200);
    const invoice = pdfText((await send('GET', `/api/orders/${orderNumber}/invoice.pdf`, shopper)).rawPayload);
    // Issue 39: the difference is part of the line: the weight packed and its value, and a total that includes it.
    expect(invoice).toContain(`Net metal weight ${(heavy / 1000).toFixed(3)} g (sold as ${(line.soldWeightMg! / 1000).toFixed(3)} g)`);
    expect(invoice).not.toContain('Weight difference charged');
    const total = before.totals.totalPaise + expected.amountPaise;
    expect(invoice).toContain(`₹${(total / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`);
  });

  it('a lighter piece refunds the making on the missing metal too, and the invoice states the weight packed and its value (issue 39)', async () => {
    const shopper = await createShopper(t.app);
    const product = await createProduct(db, {
      name: 'Percent Making Bangle',
      stock: 5,
      metalWeightMg: 6_200,
      makingChargeKind: 'percent',
      makingChargeRate: 1250,
    });
    const placed = await placeOrder(t.app, shopper, { productId: product.id });
    expect(placed.statusCode, placed.body).toBe(200);
    const orderNumber = placed.json().orderNumber as string;
    const before = await detail(orderNumber);
    const line = before.lines[0]!;
    const [row] = await db.select().from(schema.orderLines).where(eq(schema.orderLines.id, line.lineId));
    expect(row).toMatchObject({ makingPercentHundredths: 1250, makingPaisePerGram: null, metalWeightMg: 6_200 });
    const settings = (await db.select().from(schema.storeSettings))[0]!;
    const rate = row!.ratePaisePerGram!;
    const expected = weightDifference(6_200, 5_800, rate, Number(settings.weightTolerancePercent), Number(settings.gstPercent), { percentHundredths: 1250 });
    // 0.4 g of metal and its 12.5 % making, plus GST.
    expect(expected.makingPaise).toBe(Math.round((400 * rate * 0.125) / 1000));
    expect(expected.amountPaise).toBe(Math.round(((400 * rate * 1.125) / 1000) * 1.03));

    const packed = await send('POST', `/api/admin/orders/${orderNumber}/pieces`, desk, { pieces: [piece(line.lineId, 5_800)] });
    expect(packed.statusCode, packed.body).toBe(200);
    const [proposed] = packed.json().adjustments;
    expect(proposed).toMatchObject({ kind: 'refund', amountPaise: expected.amountPaise });
    expect(proposed.reason).toContain('with its making');
    expect((await send('POST', `/api/admin/orders/${orderNumber}/adjustments/${proposed.id}/approve`, accounts, {})).statusCode).toBe(200);
    const [queued] = await db
      .select()
      .from(schema.refunds)
      .where(eq(schema.refunds.idempotencyKey, `adjust-refund-${proposed.id}`));
    expect(queued!.amountPaise).toBe(expected.amountPaise);
    expect((await send('POST', `/api/admin/orders/${orderNumber}/status`, desk, { status: 'Picked' })).statusCode).toBe(200);
    expect((await send('POST', `/api/admin/orders/${orderNumber}/status`, desk, dispatch)).statusCode).toBe(200);

    const invoice = pdfText((await send('GET', `/api/orders/${orderNumber}/invoice.pdf`, shopper)).rawPayload);
    const rupees = (p: number) => `₹${(p / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    const breakup = row!.priceBreakup!;
    expect(invoice).toContain(`Net metal weight 5.800 g (sold as 6.200 g) @ ${rupees(rate)}/g, value ${rupees(breakup.metalPaise! - expected.metalPaise)}`);
    // The invoice total is what was paid less what was refunded: the line's value at the weight packed.
    const total = before.totals.totalPaise - expected.amountPaise;
    expect(invoice).toContain(rupees(total));
    expect(invoice).not.toContain('Weight difference refunded');
  });

  it('a waived charge lets the order go; only a charge that is open can be waived', async () => {
    const shopper = await createShopper(t.app);
    const order = await goldOrder(shopper.id);
    const packed = await send('POST', `/api/admin/orders/${order.orderNumber}/pieces`, desk, { pieces: [piece(order.lines[0]!.id, 5_500)] });
    const [charge] = packed.json().adjustments;
    // 0.5 g × Rs. 7,000 + 3 % GST = Rs. 3,605.
    expect(charge).toMatchObject({ kind: 'charge', amountPaise: 3_605_00 });
    // Only an approved (open) charge can be waived, and only by the accounts desk: the store's money is theirs to forgo.
    expect((await send('POST', `/api/admin/orders/${order.orderNumber}/adjustments/${charge.id}/waive`, accounts, {})).statusCode).toBe(409);
    expect((await send('POST', `/api/admin/orders/${order.orderNumber}/adjustments/${charge.id}/approve`, accounts, {})).statusCode).toBe(200);
    expect((await send('POST', `/api/admin/orders/${order.orderNumber}/adjustments/${charge.id}/waive`, desk, {})).statusCode).toBe(403);
    const waived = await send('POST', `/api/admin/orders/${order.orderNumber}/adjustments/${charge.id}/waive`, accounts, { note: 'Goodwill' });
    expect(waived.statusCode, waived.body).toBe(200);
    expect(waived.json().adjustments[0].status).toBe('waived');
    expect(waived.json().timeline.some((e: { text: string }) => e.text.includes('waived') && e.text.includes('Goodwill'))).toBe(true);
    expect((await send('POST', `/api/admin/orders/${order.orderNumber}/adjustments/${charge.id}/waive`, accounts, {})).statusCode).toBe(409);
    expect((await send('POST', `/api/admin/orders/${order.orderNumber}/adjustments/999999/waive`, accounts, {})).statusCode).toBe(404);
    expect((await send('POST', `/api/orders/${order.orderNumber}/adjustments/${charge.id}/pay`, shopper)).statusCode).toBe(409);
    await packAndDispatch(t.app, desk.cookie, order.orderNumber);
    expect((await detail(order.orderNumber)).status).toBe('Out for Delivery');
  });

  it('a lighter piece is refunded: through the gateway for a paid order, off the cash due for pay on delivery', async () => {
    const shopper = await createShopper(t.app);
    const product = await createProduct(db, { name: 'Adjust Refund Ring', stock: 5 });
    const placed = await placeOrder(t.app, shopper, { productId: product.id });
    const orderNumber = placed.json().orderNumber as string;
    const line = (await detail(orderNumber)).lines[0]!;
    const packed = await send('POST', `/api/admin/orders/${orderNumber}/pieces`, desk, { pieces: [piece(line.lineId, line.soldWeightMg! - 500)] });
    expect(packed.statusCode, packed.body).toBe(200);
    const [proposed] = packed.json().adjustments;
    expect(proposed).toMatchObject({ kind: 'refund', status: 'proposed' });
    expect(
      await db
        .select()
        .from(schema.refunds)
        .where(eq(schema.refunds.idempotencyKey, `adjust-refund-${proposed.id}`)),
    ).toEqual([]);
    const approved = await send('POST', `/api/admin/orders/${orderNumber}/adjustments/${proposed.id}/approve`, accounts, {});
    expect(approved.statusCode, approved.body).toBe(200);
    const refund = approved.json().adjustments[0];
    expect(refund).toMatchObject({ kind: 'refund', status: 'settled' });
    const [queued] = await db
      .select()
      .from(schema.refunds)
      .where(eq(schema.refunds.idempotencyKey, `adjust-refund-${refund.id}`));
    expect(queued!.amountPaise).toBe(refund.amountPaise);
    // The gateway took it (a key it refuses would leave an error on every attempt).
    expect(queued!.lastError).toBeNull();
    expect(approved.json().timeline.some((e: { kind: string }) => e.kind === 'refund')).toBe(true);

    const cod = await goldOrder(shopper.id, { status: 'Awaiting confirmation' });
    expect((await send('POST', `/api/admin/orders/${cod.orderNumber}/status`, desk, { status: 'Placed' })).statusCode).toBe(200);
    const before = (await detail(cod.orderNumber)).payment.payOnDeliveryPaise;
    const codPacked = await send('POST', `/api/admin/orders/${cod.orderNumber}/pieces`, desk, { pieces: [piece(cod.lines[0]!.id, 4_500)] });
    expect(codPacked.json().payment.payOnDeliveryPaise).toBe(before);
    const codApproved = await send('POST', `/api/admin/orders/${cod.orderNumber}/adjustments/${codPacked.json().adjustments[0].id}/approve`, accounts, {});
    const [codRefund] = codApproved.json().adjustments;
    expect(codRefund).toMatchObject({ kind: 'refund', status: 'settled', amountPaise: 3_605_00 });
    expect(codApproved.json().payment.payOnDeliveryPaise).toBe(before - 3_605_00);
  });

  it('the orders desk alone moves no money: a piece packed at 0.001 g or at 100 × its weight is flagged, waits for the accounts desk, and a rejection means weighing again', async () => {
    const shopper = await createShopper(t.app);
    const product = await createProduct(db, { name: 'Attack Scale Ring', stock: 5 });
    const placed = await placeOrder(t.app, shopper, { productId: product.id });
    const orderNumber = placed.json().orderNumber as string;
    const line = (await detail(orderNumber)).lines[0]!;
    const refundsOf = async () => db.select().from(schema.refunds);
    const refundsBefore = (await refundsOf()).length;
    expect((await send('POST', `/api/admin/orders/${orderNumber}/status`, desk, { status: 'Picked' })).statusCode).toBe(200);
    for (const weight of [1, line.soldWeightMg! * 100]) {
      const packed = await send('POST', `/api/admin/orders/${orderNumber}/pieces`, desk, { pieces: [piece(line.lineId, weight)] });
      expect(packed.statusCode, packed.body).toBe(200);
      expect(packed.json().adjustments).toHaveLength(1);
      expect(packed.json().adjustments[0]).toMatchObject({ status: 'proposed', beyondTolerance: true });
      expect(packed.json().blockedBy).toMatch(/accounts desk/);
    }
    // Nothing left through the gateway, nothing put to the customer.
    expect((await refundsOf()).length).toBe(refundsBefore);
    expect(await mailsTo(shopper.email, 'order-adjustment')).toEqual([]);
    const [proposed] = (await detail(orderNumber)).adjustments;
    const rejected = await send('POST', `/api/admin/orders/${orderNumber}/adjustments/${proposed!.id}/reject`, accounts, { note: 'Scale misread' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().adjustments[0]).toMatchObject({ status: 'rejected', decisionNote: 'Scale misread' });
    expect(rejected.json().blockedBy).toMatch(/weigh the pieces again/);
    expect((await send('POST', `/api/admin/orders/${orderNumber}/status`, desk, dispatch)).statusCode).toBe(409);
    // Weighed again within the tolerance: no difference, and the order may leave.
    const again = await send('POST', `/api/admin/orders/${orderNumber}/pieces`, desk, { pieces: [piece(line.lineId, line.soldWeightMg!)] });
    expect(again.json()).toMatchObject({ adjustments: [], blockedBy: null });
    expect((await send('POST', `/api/admin/orders/${orderNumber}/status`, desk, dispatch)).statusCode).toBe(200);
    const audit = await db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, orderNumber));
    expect(audit.map((e) => e.action)).toContain('reject-adjustment');
  });

  it('a made-to-order piece weighed far from the weight it was made at is refused: weigh it again', async () => {
    const shopper = await createShopper(t.app);
    const [request] = await db
      .insert(schema.customDesignRequests)
      .values({ customerId: shopper.id, metalType: 'gold', category: 'Rings', status: 'Making' })
      .returning();
    const order = await goldOrder(shopper.id);
    await db.update(schema.orders).set({ customDesignRequestId: request!.id }).where(eq(schema.orders.id, order.id));
    const refused = await send('POST', `/api/admin/orders/${order.orderNumber}/pieces`, desk, { pieces: [piece(order.lines[0]!.id, 1)] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/weigh it again/);
    expect((await detail(order.orderNumber)).pieces).toEqual([]);
  });

  it('a made-to-order piece arrives packed and priced from its real weight: no difference, and its request follows the order', async () => {
    const shopper = await createShopper(t.app);
    const [request] = await db
      .insert(schema.customDesignRequests)
      .values({ customerId: shopper.id, metalType: 'gold', category: 'Rings', status: 'Making' })
      .returning();
    const order = await goldOrder(shopper.id);
    await db.update(schema.orders).set({ customDesignRequestId: request!.id, advancePaise: 10_000_00 }).where(eq(schema.orders.id, order.id));
    await db.insert(schema.orderPieces).values({ orderId: order.id, lineId: order.lines[0]!.id, huid: testHuid(), netWeightMg: 6_000, grossWeightMg: 6_100 });
    const d = await detail(order.orderNumber);
    expect(d).toMatchObject({ customRequestId: request!.id, adjustments: [], blockedBy: null });
    expect(d.totals.advancePaise).toBe(10_000_00);
    const status = async () => (await db.select().from(schema.customDesignRequests).where(eq(schema.customDesignRequests.id, request!.id)))[0]!.status;
    expect((await send('POST', `/api/admin/orders/${order.orderNumber}/status`, desk, { status: 'Picked' })).statusCode).toBe(200);
    expect(await status()).toBe('Picked');
    expect((await send('POST', `/api/admin/orders/${order.orderNumber}/status`, desk, dispatch)).statusCode).toBe(200);
    expect(await status()).toBe('Out for Delivery');
    // The customer's design page carries the order's courier and AWB.
    const view = CustomRequestViewSchema.parse((await send('GET', `/api/custom-design/requests/${request!.id}`, shopper)).json());
    expect(view.order).toMatchObject({
      orderNumber: order.orderNumber,
      status: 'Out for Delivery',
      shipment: { courierName: dispatch.courierName, awbNumber: dispatch.awbNumber, trackingUrl: dispatch.trackingUrl, deliveredAt: null },
    });
    const invoice = pdfText((await send('GET', `/api/admin/orders/${order.orderNumber}/invoice.pdf`, desk)).rawPayload);
    expect(invoice).toContain('Advance received on the design');
    expect(invoice).toContain('net weight 6.000 g');
    expect((await send('POST', `/api/admin/orders/${order.orderNumber}/cancel`, desk, { reason: 'Returned by the courier' })).statusCode).toBe(200);
    expect(await status()).toBe('Cancelled');
  });
});

describe('staff cancel', () => {
  it('refunds a paid, dispatched order, releases its pieces, issues a credit note and mails the customer', async () => {
    const shopper = await createShopper(t.app);
    const product = await createProduct(db, { name: 'Cancel Desk Pendant', stock: 5 });
    const placed = await placeOrder(t.app, shopper, { productId: product.id });
    const orderNumber = placed.json().orderNumber as string;
    const dispatched = await packAndDispatch(t.app, desk.cookie, orderNumber);
    expect(dispatched.status).toBe('Out for Delivery');
    const [stockBefore] = await db.select({ stock: schema.products.stock }).from(schema.products).where(eq(schema.products.id, product.id));
    const huid = (await detail(orderNumber)).pieces[0]!.huid!;

    expect((await send('POST', `/api/admin/orders/${orderNumber}/cancel`, desk, { reason: '' })).statusCode).toBe(400);
    // With the courier and paid online: the orders desk alone cannot refund it (issue 35); nothing changes.
    const refused = await send('POST', `/api/admin/orders/${orderNumber}/cancel`, desk, { reason: 'The courier brought it back: address not found.' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/needs the accounts permission/);
    expect((await detail(orderNumber)).status).toBe('Out for Delivery');
    expect(await db.select().from(schema.refunds)).toSatisfy(
      (rows: { idempotencyKey: string }[]) => !rows.some((r) => r.idempotencyKey.startsWith('cancel-order-')),
    );
    const res = await send('POST', `/api/admin/orders/${orderNumber}/cancel`, owner, { reason: 'The courier brought it back: address not found.' });
    expect(res.statusCode, res.body).toBe(200);
    const d = await detail(orderNumber);
    expect(d).toMatchObject({ status: 'Cancelled', canCancel: false, nextStatus: null });
    expect(d.creditNotes).toHaveLength(1);
    const note = d.creditNotes[0]!;
    // Issue 39: the credit notes' own series of the financial year, within 16 characters.
    expect(note.number).toMatch(/^[A-Z0-9]{2,4}\/\d{4}\/C\d{5}$/);
    expect(d.invoiceNumber).toMatch(/^[A-Z0-9]{2,4}\/\d{4}\/\d{6}$/);
    expect(note.amountPaise).toBe(d.totals.totalPaise);
    const [refund] = await db
      .select()
      .from(schema.refunds)
      .where(
        eq(schema.refunds.idempotencyKey, `cancel-order-${(await db.select().from(schema.orders).where(eq(schema.orders.orderNumber, orderNumber)))[0]!.id}`),
      );
    expect(refund).toBeDefined();
    const [stockAfter] = await db.select({ stock: schema.products.stock }).from(schema.products).where(eq(schema.products.id, product.id));
    expect(stockAfter!.stock).toBe(stockBefore!.stock + 1);
    const [released] = await db.select().from(schema.orderPieces).where(eq(schema.orderPieces.huid, huid));
    expect(released!.releasedAt).not.toBeNull();
    const [mail] = await mailsTo(shopper.email, 'order-cancelled');
    expect(mail!.textBody).toContain('The courier brought it back');
    expect(mail!.textBody).toContain(note.number);

    // Both may download the credit note; the HUID may be sold again, on the same article only (issue 39).
    const staffPdf = await send('GET', `/api/admin/orders/${orderNumber}/credit-notes/${note.id}.pdf`, desk);
    expect(staffPdf.statusCode).toBe(200);
    const text = pdfText(staffPdf.rawPayload);
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain(note.number);
    expect(text).toContain(d.invoiceNumber);
    expect((await send('GET', `/api/orders/${orderNumber}/credit-notes/${note.id}.pdf`, shopper)).statusCode).toBe(200);
    // The invoice issued at dispatch stays downloadable beside its credit note, for staff and customer (issue 39).
    expect(d.invoiceAvailable).toBe(true);
    expect((await send('GET', `/api/orders/${orderNumber}`, shopper)).json().invoiceAvailable).toBe(true);
    const staffInvoice = await send('GET', `/api/admin/orders/${orderNumber}/invoice.pdf`, desk);
    expect(staffInvoice.statusCode).toBe(200);
    expect(pdfText(staffInvoice.rawPayload)).toContain(d.invoiceNumber);
    expect((await send('GET', `/api/orders/${orderNumber}/invoice.pdf`, shopper)).statusCode).toBe(200);
    const elsewhere = await goldOrder(shopper.id);
    const moved = await send('POST', `/api/admin/orders/${elsewhere.orderNumber}/pieces`, desk, { pieces: [piece(elsewhere.lines[0]!.id, 5_000, huid)] });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toMatch(new RegExp(`HUID ${huid} names another article \\(Cancel Desk Pendant\\) for ever`));
    const other = await goldOrder(shopper.id);
    const [sold] = await db.select().from(schema.orderLines).where(eq(schema.orderLines.productId, product.id));
    await db.update(schema.orderLines).set({ sku: sold!.sku, productName: sold!.productName }).where(eq(schema.orderLines.id, other.lines[0]!.id));
    expect((await send('POST', `/api/admin/orders/${other.orderNumber}/pieces`, desk, { pieces: [piece(other.lines[0]!.id, 5_000, huid)] })).statusCode).toBe(
      200,
    );

    expect((await send('POST', `/api/admin/orders/${orderNumber}/cancel`, desk, { reason: 'Again' })).statusCode).toBe(409);
    const delivered = await createOrder(db, { customerId: shopper.id, status: 'Delivered' });
    expect((await send('POST', `/api/admin/orders/${delivered.orderNumber}/cancel`, desk, { reason: 'Too late now' })).statusCode).toBe(409);
  });

  it('the customer’s own cancel releases the pieces too', async () => {
    const shopper = await createShopper(t.app);
    const order = await goldOrder(shopper.id);
    const huid = testHuid();
    expect((await send('POST', `/api/admin/orders/${order.orderNumber}/pieces`, desk, { pieces: [piece(order.lines[0]!.id, 5_000, huid)] })).statusCode).toBe(
      200,
    );
    expect((await send('POST', `/api/orders/${order.orderNumber}/cancel`, shopper)).statusCode).toBe(200);
    const [row] = await db.select().from(schema.orderPieces).where(eq(schema.orderPieces.huid, huid));
    expect(row!.releasedAt).not.toBeNull();
  });
});

describe('cancelling with a weight difference paid', () => {
  it('the customer’s cancel refunds the order and the difference paid, each under its own key', async () => {
    const shopper = await createShopper(t.app);
    const product = await createProduct(db, { name: 'Cancel Charge Ring', stock: 5 });
    const orderNumber = (await placeOrder(t.app, shopper, { productId: product.id })).json().orderNumber as string;
    const line = (await detail(orderNumber)).lines[0]!;
    const [charge] = (await send('POST', `/api/admin/orders/${orderNumber}/pieces`, desk, { pieces: [piece(line.lineId, line.soldWeightMg! + 500)] })).json()
      .adjustments;
    expect((await send('POST', `/api/admin/orders/${orderNumber}/adjustments/${charge.id}/approve`, accounts, {})).statusCode).toBe(200);
    const pay = await send('POST', `/api/orders/${orderNumber}/adjustments/${charge.id}/pay`, shopper);
    expect((await payThroughDemo(t.app, shopper, pay.json().payment.gatewayOrderId)).statusCode).toBe(200);
    expect((await send('POST', `/api/orders/${orderNumber}/cancel`, shopper)).statusCode).toBe(200);
    const [refund] = await db
      .select()
      .from(schema.refunds)
      .where(eq(schema.refunds.idempotencyKey, `cancel-adjust-${charge.id}`));
    expect(refund!.amountPaise).toBe(charge.amountPaise);
    const orderId = (await db.select().from(schema.orders).where(eq(schema.orders.orderNumber, orderNumber)))[0]!.id;
    expect(
      await db
        .select()
        .from(schema.refunds)
        .where(eq(schema.refunds.idempotencyKey, `cancel-order-${orderId}`)),
    ).toHaveLength(1);
  });
});

describe('the customer’s side', () => {
  it('answers 404 for another customer’s order on every new route', async () => {
    const me = await createShopper(t.app);
    const other = await createShopper(t.app);
    const order = await goldOrder(other.id);
    const packed = await send('POST', `/api/admin/orders/${order.orderNumber}/pieces`, desk, { pieces: [piece(order.lines[0]!.id, 5_600)] });
    const [charge] = packed.json().adjustments;
    expect((await send('POST', `/api/admin/orders/${order.orderNumber}/adjustments/${charge.id}/approve`, accounts, {})).statusCode).toBe(200);
    expect((await send('POST', `/api/orders/${order.orderNumber}/adjustments/${charge.id}/pay`, me)).statusCode).toBe(404);
    expect((await send('GET', `/api/orders/${order.orderNumber}/credit-notes/1.pdf`, me)).statusCode).toBe(404);
    expect((await send('GET', `/api/orders/${order.orderNumber}/invoice.pdf`, me)).statusCode).toBe(404);
    expect((await send('POST', `/api/orders/${order.orderNumber}/adjustments/${charge.id}/pay`, null)).statusCode).toBe(401);
    // Their own order: the invoice waits for the dispatch.
    const early = await send('GET', `/api/orders/${order.orderNumber}/invoice.pdf`, other);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('The tax invoice is issued when your order is dispatched.');
  });

  it('a made-to-order balance (no pay-by time) never lapses and stays payable', async () => {
    const shopper = await createShopper(t.app);
    const order = await createOrder(db, { customerId: shopper.id, status: 'Awaiting payment' });
    await db.update(schema.orders).set({ payBy: null }).where(eq(schema.orders.id, order.id));
    await db.insert(schema.payments).values({
      customerId: shopper.id,
      purpose: 'order',
      idempotencyKey: `order:${order.id}`,
      amountPaise: order.totalPaise,
      orderId: order.id,
      gateway: t.gateway.name,
      status: 'created',
    });
    await t.app.paymentKeeper.run();
    const [row] = await db.select().from(schema.orders).where(eq(schema.orders.id, order.id));
    expect(row!.status).toBe('Awaiting payment');
    const pay = await send('POST', `/api/orders/${order.orderNumber}/pay`, shopper);
    expect(pay.statusCode, pay.body).toBe(200);
    expect(pay.json().payBy).toBeNull();
  });
});

describe.runIf(Boolean(testServerUrl))('two desks recording the same HUID at once (PostgreSQL)', () => {
  it('one wins, the other hears 409, never 500', async () => {
    const shopper: TestShopper = await createShopper(t.app);
    const a = await goldOrder(shopper.id);
    const b = await goldOrder(shopper.id);
    const huid = testHuid();
    for (let round = 0; round < 3; round++) {
      const h = round === 0 ? huid : testHuid();
      const answers = await Promise.all([
        send('POST', `/api/admin/orders/${a.orderNumber}/pieces`, desk, { pieces: [piece(a.lines[0]!.id, 5_000, h)] }),
        send('POST', `/api/admin/orders/${b.orderNumber}/pieces`, owner, { pieces: [piece(b.lines[0]!.id, 5_000, h)] }),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const rows = await db.select().from(schema.orderPieces).where(eq(schema.orderPieces.huid, h));
      expect(rows.filter((r) => r.releasedAt === null)).toHaveLength(1);
    }
  });
});
