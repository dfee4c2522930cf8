/**
 * The design desk (issue 19): the queue and a request's page, CAD sheets with renders and a breakup from today's
 * rates, the customer's reject / approve (30 % advance on the demo gateway), Making, the made piece (HUID clashes,
 * the final total at the real weight) and the balance order (one, idempotent, paid through the shared checkout).
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL (the concurrent approvals).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { schema } from '@milli/db';
import { AdminCustomRequestDetailSchema, AdminCustomRequestPageSchema, CadQuoteSchema, CustomRequestViewSchema } from '@milli/contracts/schemas';
import { indianDate } from '@milli/pricing';
import { createTestApp, type TestApp } from '../../testing.ts';
import { createShopper, createStaff, payThroughDemo, placeOrder, createProduct, type TestShopper, type TestStaff } from '../../testing-factories.ts';
import { createDemoGateway } from '../payments/demo-gateway.ts';

let t: TestApp;
let dataDir: string;
let designer: TestStaff;
let owner: TestStaff;
let catalogue: TestStaff;
const gateway = createDemoGateway();
const today = indianDate(new Date());
/** Today's rates, set by the test so every amount can be checked to the paisa. */
const GOLD_18 = 612_345; // paise per gram
const SI_GH = 5_500_000; // paise per carat

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'milli-design-desk-'));
  t = await createTestApp({ seed: true, config: { dataDir }, gateway });
  designer = await createStaff(t.app, { role: 'design' });
  owner = await createStaff(t.app, { role: 'owner' });
  catalogue = await createStaff(t.app, { role: 'catalogue' });
  const db = t.database.db;
  await db
    .insert(schema.metalRates)
    .values({ rateDate: today, metal: 'gold', purity: 18, ratePaisePerGram: GOLD_18 })
    .onConflictDoUpdate({ target: [schema.metalRates.rateDate, schema.metalRates.metal, schema.metalRates.purity], set: { ratePaisePerGram: GOLD_18 } });
  await db
    .insert(schema.diamondRates)
    .values({ rateDate: today, quality: 'SI-GH', ratePaisePerCarat: SI_GH })
    .onConflictDoUpdate({ target: [schema.diamondRates.rateDate, schema.diamondRates.quality], set: { ratePaisePerCarat: SI_GH } });
}, 120_000);
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const png = (r = 200) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r, g: 160, b: 60 } } })
    .png()
    .toBuffer();

async function multipart(url: string, who: { cookie: string } | null, fields: Record<string, string>, files: { name: string; bytes: Buffer }[]) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append(f.name, new Blob([new Uint8Array(f.bytes)], { type: 'image/png' }), `${f.name}.png`);
  const encoded = new Response(form);
  return t.app.inject({
    method: 'POST',
    url,
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')!, ...(who ? { cookie: who.cookie } : {}) },
  });
}
const send = (method: 'GET' | 'POST', url: string, who: { cookie: string } | null, payload?: object) =>
  t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });

/** A customer's request as the storefront form sends it. */
async function ask(c: TestShopper, remarks = 'A slim band with a leaf pattern.') {
  const res = await multipart(
    '/api/admin/cutom-jewelry/new-request',
    c,
    {
      custMetalType: 'gold',
      custGoldQuality: '18',
      custMetalWeight: '4.5',
      custGoldColor: 'Yellow Gold',
      custCategory: 'Rings',
      custDiamond: 'No',
      custStone: 'No',
      addRemarks: remarks,
      userId: String(c.userId),
    },
    [{ name: 'custImgOne', bytes: await png() }],
  );
  expect(res.statusCode, res.body).toBe(200);
  const [row] = await t.database.db
    .select()
    .from(schema.customDesignRequests)
    .where(eq(schema.customDesignRequests.customerId, c.id))
    .orderBy(desc(schema.customDesignRequests.id))
    .limit(1);
  return row!;
}

/** 5.000 g of 18 kt gold, 0.25 ct SI-GH diamonds, stones worth Rs. 1,500: the breakup at the test's rates. */
const SHEET = {
  metal: 'gold',
  category: 'Rings',
  metalWeightGrams: '5',
  metalQuality: '18 kt',
  colour: 'Yellow Gold',
  diamondQuality: 'SI-GH',
  diamondWeightCarats: '0.25',
  stone: 'Ruby',
  stoneWeightCarats: '0.5',
  stoneValuePaise: '150000',
};
const METAL = Math.round((5000 * GOLD_18) / 1000); // 3,061,725
const MAKING = Math.round((METAL * 12) / 100); // the default 12 %
const DIAMONDS = Math.round((SI_GH * 25) / 100);
const PRETAX = METAL + MAKING + DIAMONDS + 150_000;
const TOTAL = Math.round((PRETAX * 103) / 100);
const ADVANCE = Math.round((TOTAL * 30) / 100);

/** Where the tests' balance orders ship. */
const BALANCE_ADDRESS = {
  firstName: 'Meera',
  lastName: 'Iyer',
  address: '12 Temple Street',
  city: 'Chennai',
  state: 'Tamil Nadu',
  pincode: '600004',
  phone: '9876543210',
};

async function share(id: number, fields: Record<string, string> = {}, renders = 2, who: { cookie: string } = designer) {
  const files = await Promise.all(Array.from({ length: renders }, async (_, i) => ({ name: 'render', bytes: await png(100 + i * 20) })));
  return multipart(`/api/admin/custom-requests/${id}/designs`, who, { ...SHEET, totalPaise: String(TOTAL), ...fields }, files);
}
const mailsTo = (address: string, kind?: string) =>
  t.database.db
    .select()
    .from(schema.mailOutbox)
    .where(kind ? and(eq(schema.mailOutbox.toAddress, address), eq(schema.mailOutbox.kind, kind)) : eq(schema.mailOutbox.toAddress, address));
const requestRow = async (id: number) => (await t.database.db.select().from(schema.customDesignRequests).where(eq(schema.customDesignRequests.id, id)))[0]!;

describe('who may work the design desk', () => {
  it('refuses a guest and a customer (401) and a member without the design permission (403)', async () => {
    const shopper = await createShopper(t.app);
    const r = await ask(shopper);
    const routes = [
      ['GET', '/api/admin/custom-requests'],
      ['GET', `/api/admin/custom-requests/${r.id}`],
      ['GET', `/api/admin/custom-requests/${r.id}/quote?metal=gold&metalQuality=18&metalWeightGrams=5&category=Rings`],
      ['POST', `/api/admin/custom-requests/${r.id}/status`, { status: 'Making' }],
      ['POST', `/api/admin/custom-requests/${r.id}/piece`, { huid: 'AB12CD', netWeightMg: 5000, grossWeightMg: 5100 }],
    ] as const;
    for (const [method, url, body] of routes) {
      expect((await send(method, url, null, body)).statusCode, `${method} ${url} guest`).toBe(401);
      expect((await send(method, url, shopper, body)).statusCode, `${method} ${url} customer`).toBe(401);
      const refused = await send(method, url, catalogue, body);
      expect(refused.statusCode, `${method} ${url} catalogue`).toBe(403);
      expect(refused.json().code).toBe('PERMISSION_DENIED');
    }
    expect((await share(r.id, {}, 1, { cookie: '' })).statusCode).toBe(401);
    expect((await share(r.id, {}, 1, shopper)).statusCode).toBe(401);
    expect((await share(r.id, {}, 1, catalogue)).statusCode).toBe(403);
    expect((await requestRow(r.id)).status).toBe('Requested');
    expect((await send('GET', '/api/admin/custom-requests', owner)).statusCode).toBe(200);
  });
});

describe('the queue and a request', () => {
  it('lists requests with the customer and first thumbnail, Requested first, filtered by status; the page shows everything asked', async () => {
    const c = await createShopper(t.app, { username: 'queue-customer' });
    const r = await ask(c, 'Queue remarks: a twisted band.');
    const res = await send('GET', '/api/admin/custom-requests?status=Requested&perPage=100', designer);
    expect(res.statusCode, res.body).toBe(200);
    const page = AdminCustomRequestPageSchema.parse(res.json());
    const row = page.data.find((x) => x.id === r.id)!;
    expect(row).toMatchObject({
      number: `CUS-${String(r.id).padStart(6, '0')}`,
      status: 'Requested',
      customerEmail: c.email,
      title: '18 kt Yellow Gold Rings',
      latestDesign: null,
    });
    expect(row.thumbUrl).toMatch(/^\/media\/uploads\/custom\//);
    expect(page.data.every((x) => x.status === 'Requested')).toBe(true);
    expect((await send('GET', '/api/admin/custom-requests?status=Nope', designer)).statusCode).toBe(400);

    const detail = await send('GET', `/api/admin/custom-requests/${r.id}`, designer);
    expect(detail.statusCode, detail.body).toBe(200);
    const d = AdminCustomRequestDetailSchema.parse(detail.json());
    expect(d.request).toMatchObject({
      remarks: 'Queue remarks: a twisted band.',
      metalType: 'gold',
      goldQuality: 18,
      metalWeightMg: 4500,
      customerEmail: c.email,
    });
    expect(d.request.images).toHaveLength(1);
    expect(d.versions).toEqual([]);
    // The customer's picture, for the desk (staff only: another customer gets the same 404 as a stranger).
    const picture = await send('GET', d.request.images[0]!.url, designer);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
    expect((await send('GET', d.request.images[0]!.url, catalogue)).statusCode).toBe(404);
    expect((await send('GET', d.request.images[0]!.url, await createShopper(t.app))).statusCode).toBe(404);
    expect((await send('GET', '/api/admin/custom-requests/999999', designer)).statusCode).toBe(404);
  });
});

describe('the sheet', () => {
  it('quotes the breakup at today’s rates to the paisa, with the advance', async () => {
    const r = await ask(await createShopper(t.app));
    const q = new URLSearchParams({ ...SHEET });
    const res = await send('GET', `/api/admin/custom-requests/${r.id}/quote?${q}`, designer);
    expect(res.statusCode, res.body).toBe(200);
    const quote = CadQuoteSchema.parse(res.json());
    expect(quote).toMatchObject({
      metalPaise: METAL,
      makingPaise: MAKING,
      diamondPaise: DIAMONDS,
      stonesPaise: 150_000,
      totalPaise: TOTAL,
      ratePaisePerGram: GOLD_18,
      rateDate: today,
      purity: 18,
      advancePercent: 30,
      advancePaise: ADVANCE,
    });
    expect(quote.metalPaise + quote.makingPaise + quote.diamondPaise + quote.stonesPaise + quote.gstPaise).toBe(quote.totalPaise);
    // Staff's own making: the total follows.
    const own = (await send('GET', `/api/admin/custom-requests/${r.id}/quote?${q}&makingPaise=500000`, designer)).json();
    expect(own.makingPaise).toBe(500_000);
    expect(own.totalPaise).toBe(Math.round(((METAL + 500_000 + DIAMONDS + 150_000) * 103) / 100));
    expect(
      (await send('GET', `/api/admin/custom-requests/${r.id}/quote?metal=gold&metalQuality=19&metalWeightGrams=5&category=Rings`, designer)).statusCode,
    ).toBe(400);
    expect((await send('GET', `/api/admin/custom-requests/${r.id}/quote?metal=gold&metalQuality=18&category=Rings`, designer)).statusCode).toBe(400);
    expect(
      (await send('GET', `/api/admin/custom-requests/${r.id}/quote?metal=gold&metalQuality=18&metalWeightGrams=abc&category=Rings`, designer)).statusCode,
    ).toBe(400);
  });

  it('refuses a sheet without renders, with a damaged render (named), too many, or a total the breakup does not make', async () => {
    const r = await ask(await createShopper(t.app));
    const none = await share(r.id, {}, 0);
    expect(none.statusCode, none.body).toBe(400);
    const damaged = await multipart(`/api/admin/custom-requests/${r.id}/designs`, designer, { ...SHEET, totalPaise: String(TOTAL) }, [
      { name: 'render', bytes: await png() },
      { name: 'render', bytes: Buffer.from('this is not a picture') },
    ]);
    expect(damaged.statusCode).toBe(400);
    expect(damaged.json().message).toMatch(/Render 2/);
    expect((await share(r.id, {}, 7)).statusCode).toBe(413);
    const wrong = await share(r.id, { totalPaise: String(TOTAL + 1) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.totalPaise).toMatch(/does not match/);
    const missing = await share(r.id, { metalWeightGrams: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.metalWeightGrams).toBeDefined();
    expect((await requestRow(r.id)).status).toBe('Requested');
    expect(await t.database.db.select().from(schema.cadDesigns).where(eq(schema.cadDesigns.requestId, r.id))).toHaveLength(0);
    expect((await share(999_999)).statusCode).toBe(404);
  });
});

describe('a custom piece end to end', () => {
  it('shares v1, the customer rejects, v2 is approved and paid, Making, the piece, the balance order paid', async () => {
    const c = await createShopper(t.app, { username: 'journey-customer' });
    const stranger = await createShopper(t.app);
    const r = await ask(c);

    // v1 shared: Design Shared, the customer mailed, audited; the customer sees it with its renders, a stranger nothing.
    const v1 = await share(r.id);
    expect(v1.statusCode, v1.body).toBe(201);
    expect(v1.json()).toMatchObject({ version: 1 });
    expect((await requestRow(r.id)).status).toBe('Design Shared');
    expect(await mailsTo(c.email, 'custom-design-shared')).toHaveLength(1);
    const audit = await t.database.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entity, 'custom-request'), eq(schema.auditLog.entityId, String(r.id))));
    expect(audit.map((a) => a.action)).toEqual(['share-design']);
    expect((await share(r.id)).statusCode, 'no second sheet while one waits').toBe(409);
    const seen = CustomRequestViewSchema.parse((await send('GET', `/api/custom-design/requests/${r.id}`, c)).json());
    expect(seen.versions).toHaveLength(1);
    expect(seen.versions[0]).toMatchObject({
      version: 1,
      status: 'Shared',
      totalAmountPaise: TOTAL,
      advancePaise: ADVANCE,
      breakup: { metalPaise: METAL, totalPaise: TOTAL },
    });
    expect(seen.versions[0]!.renders).toHaveLength(2);
    const render = seen.versions[0]!.renders[0]!.url;
    expect((await send('GET', render, c)).statusCode).toBe(200);
    expect((await send('GET', render, stranger)).statusCode).toBe(404);
    expect((await send('GET', render, null)).statusCode).toBe(404);
    expect((await send('GET', render, designer)).statusCode).toBe(200);
    expect((await send('GET', `/api/custom-design/requests/${r.id}`, stranger)).statusCode).toBe(404);

    // The customer rejects with a reason: Rejected, visible to the desk; v2 follows.
    const rejected = await send('POST', `/api/custom-design/requests/${r.id}/reject`, c, { reason: 'Please make the band thinner.' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const afterReject = AdminCustomRequestDetailSchema.parse((await send('GET', `/api/admin/custom-requests/${r.id}`, designer)).json());
    expect(afterReject.request.status).toBe('Rejected');
    expect(afterReject.request.rejectReason).toBe('Please make the band thinner.');
    expect(afterReject.versions[0]).toMatchObject({ status: 'Rejected', rejectReason: 'Please make the band thinner.' });
    const queue = AdminCustomRequestPageSchema.parse((await send('GET', '/api/admin/custom-requests?status=Rejected', designer)).json());
    expect(queue.data.map((x) => x.id)).toContain(r.id);
    expect((await send('POST', `/api/admin/custom-requests/${r.id}/status`, designer, { status: 'Making' })).statusCode, 'not approved yet').toBe(409);

    const v2 = await share(r.id, { metalWeightGrams: '4.8', note: 'Thinner band, as you asked.' }, 1);
    // 4.8 g: the total of v1 no longer matches.
    expect(v2.statusCode).toBe(400);
    const q2 = (await send('GET', `/api/admin/custom-requests/${r.id}/quote?${new URLSearchParams({ ...SHEET, metalWeightGrams: '4.8' })}`, designer)).json();
    const v2ok = await share(r.id, { metalWeightGrams: '4.8', totalPaise: String(q2.totalPaise), note: 'Thinner band, as you asked.' }, 1);
    expect(v2ok.statusCode, v2ok.body).toBe(201);
    expect(v2ok.json().version).toBe(2);
    expect(await mailsTo(c.email, 'custom-design-shared')).toHaveLength(2);
    const total2 = q2.totalPaise as number;
    const advance2 = Math.round((total2 * 30) / 100);

    // Approve: the advance's payment, to the paisa; a stranger 404; paying it approves.
    expect((await send('POST', `/api/custom-design/requests/${r.id}/approve`, stranger)).statusCode).toBe(404);
    const approved = await send('POST', `/api/custom-design/requests/${r.id}/approve`, c);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().payment.amountPaise).toBe(advance2);
    expect((await payThroughDemo(t.app, c, approved.json().payment.gatewayOrderId)).statusCode).toBe(200);
    expect((await requestRow(r.id)).status).toBe('Approved');

    // Balance before the piece is made: refused.
    expect((await send('POST', `/api/custom-design/requests/${r.id}/balance`, c, { firstName: 'Meera' })).statusCode).toBe(409);
    expect(
      (await send('POST', `/api/admin/custom-requests/${r.id}/piece`, designer, { huid: 'ZX12CV', netWeightMg: 4700, grossWeightMg: 4800 })).statusCode,
      'not Making yet',
    ).toBe(409);

    // Making, once.
    const making = await send('POST', `/api/admin/custom-requests/${r.id}/status`, designer, { status: 'Making' });
    expect(making.statusCode, making.body).toBe(200);
    expect((await send('POST', `/api/admin/custom-requests/${r.id}/status`, designer, { status: 'Making' })).statusCode).toBe(409);
    expect((await send('POST', `/api/admin/custom-requests/${r.id}/status`, designer, { status: 'Delivered' })).statusCode).toBe(400);
    expect(await mailsTo(c.email, 'custom-design-making')).toHaveLength(1);

    // The piece: a HUID packed on an order, or on another request, clashes (409); bad input 400.
    const product = await createProduct(t.database.db, { name: 'Desk HUID Clash Ring', stock: 5 });
    const buyer = await createShopper(t.app);
    const placed = await placeOrder(t.app, buyer, { productId: product.id });
    const order = (await t.database.db.select().from(schema.orders).where(eq(schema.orders.orderNumber, placed.json().orderNumber)))[0]!;
    const [line] = await t.database.db.select().from(schema.orderLines).where(eq(schema.orderLines.orderId, order.id));
    await t.database.db.insert(schema.orderPieces).values({ orderId: order.id, lineId: line!.id, huid: 'PACK01', netWeightMg: 3000, grossWeightMg: 3100 });
    const clash = await send('POST', `/api/admin/custom-requests/${r.id}/piece`, designer, { huid: 'pack01', netWeightMg: 4700, grossWeightMg: 4800 });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toMatch(/PACK01/);
    const otherRequest = await ask(await createShopper(t.app));
    await t.database.db
      .update(schema.customDesignRequests)
      .set({ huid: 'OTHER1', netWeightMg: 1000, grossWeightMg: 1000 })
      .where(eq(schema.customDesignRequests.id, otherRequest.id));
    expect(
      (await send('POST', `/api/admin/custom-requests/${r.id}/piece`, designer, { huid: 'OTHER1', netWeightMg: 4700, grossWeightMg: 4800 })).statusCode,
    ).toBe(409);
    expect((await send('POST', `/api/admin/custom-requests/${r.id}/piece`, designer, { huid: 'ABC', netWeightMg: 4700, grossWeightMg: 4800 })).statusCode).toBe(
      400,
    );
    expect(
      (await send('POST', `/api/admin/custom-requests/${r.id}/piece`, designer, { huid: 'ZX12CV', netWeightMg: 4700, grossWeightMg: 4600 })).statusCode,
    ).toBe(400);

    // Made at 4.7 g (the sheet follows the weight): the metal at the real weight, the rest as on v2, GST again.
    const sheet2 = q2 as { makingPaise: number; diamondPaise: number; stonesPaise: number };
    const metalReal = Math.round((4700 * GOLD_18) / 1000);
    const finalTotal = Math.round(((metalReal + sheet2.makingPaise + sheet2.diamondPaise + sheet2.stonesPaise) * 103) / 100);
    const made = await send('POST', `/api/admin/custom-requests/${r.id}/piece`, designer, { huid: 'zx12cv', netWeightMg: 4700, grossWeightMg: 4800 });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ huid: 'ZX12CV', finalTotalPaise: finalTotal, advancePaise: advance2, balancePaise: finalTotal - advance2 });
    const madeMail = await mailsTo(c.email, 'custom-design-made');
    expect(madeMail).toHaveLength(1);

    // The balance: a stranger 404, a bad address 400; then one order, the same on asking again.
    expect((await send('POST', `/api/custom-design/requests/${r.id}/balance`, stranger, { addressId: 1 })).statusCode).toBe(404);
    expect((await send('POST', `/api/custom-design/requests/${r.id}/balance`, c, { firstName: 'Meera', pincode: '12' })).statusCode).toBe(400);
    const address = {
      firstName: 'Meera',
      lastName: 'Iyer',
      address: '12 Temple Street, Mylapore',
      city: 'Chennai',
      state: 'Tamil Nadu',
      pincode: '600004',
      phone: '9876543210',
    };
    const first = await send('POST', `/api/custom-design/requests/${r.id}/balance`, c, address);
    expect(first.statusCode, first.body).toBe(200);
    const again = await send('POST', `/api/custom-design/requests/${r.id}/balance`, c, address);
    expect(again.json().orderNumber).toBe(first.json().orderNumber);
    expect(again.json().payment.gatewayOrderId).toBe(first.json().payment.gatewayOrderId);
    expect(first.json().payment.amountPaise).toBe(finalTotal - advance2);
    const orders = await t.database.db.select().from(schema.orders).where(eq(schema.orders.customDesignRequestId, r.id));
    expect(orders).toHaveLength(1);
    const o = orders[0]!;
    expect(o).toMatchObject({
      status: 'Awaiting payment',
      payBy: null,
      advancePaise: advance2,
      totalPaise: finalTotal,
      subtotalPaise: finalTotal,
      customerId: c.id,
    });
    const [pieceLine] = await t.database.db.select().from(schema.orderLines).where(eq(schema.orderLines.orderId, o.id));
    expect(pieceLine).toMatchObject({
      huid: 'ZX12CV',
      hallmarked: true,
      hsnCode: '7113',
      metalWeightMg: 4700,
      purity: 18,
      metal: 'gold',
      lineTotalPaise: finalTotal,
      quantity: 1,
    });
    const lineBreakup = pieceLine!.priceBreakup as Record<string, number>;
    expect(lineBreakup.totalPaise).toBe(finalTotal);
    expect(lineBreakup.metalPaise).toBe(metalReal);
    expect(o.taxPaise).toBe(lineBreakup.gstPaise);
    const pieces = await t.database.db.select().from(schema.orderPieces).where(eq(schema.orderPieces.orderId, o.id));
    expect(pieces).toMatchObject([{ huid: 'ZX12CV', netWeightMg: 4700, grossWeightMg: 4800, releasedAt: null }]);
    const addresses = await t.database.db.select().from(schema.orderAddresses).where(eq(schema.orderAddresses.orderId, o.id));
    expect(addresses.map((a) => a.kind).sort()).toEqual(['billing', 'shipping']);
    expect(addresses[0]).toMatchObject({ state: 'Tamil Nadu', stateCode: '33', pincode: '600004' });
    // The piece cannot be re-recorded once its order exists.
    expect(
      (await send('POST', `/api/admin/custom-requests/${r.id}/piece`, designer, { huid: 'ZX12CV', netWeightMg: 4800, grossWeightMg: 4900 })).statusCode,
    ).toBe(409);

    // Paid: the order is Placed, with its mail; the request shows its order.
    expect((await payThroughDemo(t.app, c, first.json().payment.gatewayOrderId)).statusCode).toBe(200);
    const [paid] = await t.database.db.select().from(schema.orders).where(eq(schema.orders.id, o.id));
    expect(paid!.status).toBe('Placed');
    expect(await mailsTo(c.email, 'order-placed')).toHaveLength(1);
    const view = CustomRequestViewSchema.parse((await send('GET', `/api/custom-design/requests/${r.id}`, c)).json());
    expect(view.order).toMatchObject({ orderNumber: o.orderNumber, status: 'Placed' });
    expect(view.piece).toMatchObject({ huid: 'ZX12CV', balancePaise: finalTotal - advance2 });
    const desk = AdminCustomRequestDetailSchema.parse((await send('GET', `/api/admin/custom-requests/${r.id}`, designer)).json());
    expect(desk.order).toMatchObject({ orderNumber: o.orderNumber, status: 'Placed' });
    expect(desk.payments.map((p) => [p.purpose, p.status])).toEqual([
      ['cad_advance', 'paid'],
      ['order', 'paid'],
    ]);
    expect(desk.versions.map((v) => [v.version, v.status])).toEqual([
      [2, 'Approved'],
      [1, 'Rejected'],
    ]);
    // After the order is placed a balance call answers the order, with nothing left to pay.
    const late = await send('POST', `/api/custom-design/requests/${r.id}/balance`, c, address);
    expect(late.json()).toMatchObject({ orderNumber: o.orderNumber, status: 'Placed', payment: null });
  }, 60_000);

  it('pays the balance to a saved address, at the sheet’s total when it does not follow the weight; another customer’s address is not found', async () => {
    const c = await createShopper(t.app);
    const r = await ask(c);
    expect((await share(r.id, { adjustToWeight: 'false' }, 1)).statusCode).toBe(201);
    const { payment } = (await send('POST', `/api/custom-design/requests/${r.id}/approve`, c)).json();
    expect(payment.amountPaise).toBe(ADVANCE);
    expect((await payThroughDemo(t.app, c, payment.gatewayOrderId)).statusCode).toBe(200);
    expect((await send('POST', `/api/admin/custom-requests/${r.id}/status`, designer, { status: 'Making' })).statusCode).toBe(200);
    const made = await send('POST', `/api/admin/custom-requests/${r.id}/piece`, designer, { huid: 'FIX001', netWeightMg: 5400, grossWeightMg: 5500 });
    expect(made.json()).toMatchObject({ finalTotalPaise: TOTAL, balancePaise: TOTAL - ADVANCE });
    const saved = await send('POST', '/api/account/addresses', c, {
      firstName: 'Ravi',
      lastName: 'Kumar',
      address: '7 MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560001',
      phone: '9876501234',
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const other = await createShopper(t.app);
    const theirs = await send('POST', '/api/account/addresses', other, {
      firstName: 'Other',
      lastName: 'Person',
      address: '1 Park Street',
      city: 'Kolkata',
      state: 'West Bengal',
      pincode: '700016',
      phone: '9876505678',
    });
    expect((await send('POST', `/api/custom-design/requests/${r.id}/balance`, c, { addressId: theirs.json().address.id })).statusCode).toBe(404);
    // Two at once (a double click): one order, the same answer.
    const [res, twin] = await Promise.all([
      send('POST', `/api/custom-design/requests/${r.id}/balance`, c, { addressId: saved.json().address.id }),
      send('POST', `/api/custom-design/requests/${r.id}/balance`, c, { addressId: saved.json().address.id }),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(twin.statusCode, twin.body).toBe(200);
    expect(twin.json().orderNumber).toBe(res.json().orderNumber);
    expect(await t.database.db.select().from(schema.orders).where(eq(schema.orders.customDesignRequestId, r.id))).toHaveLength(1);
    expect(res.json().payment.amountPaise).toBe(TOTAL - ADVANCE);
    const [o] = await t.database.db.select().from(schema.orders).where(eq(schema.orders.orderNumber, res.json().orderNumber));
    expect(o).toMatchObject({ totalPaise: TOTAL, advancePaise: ADVANCE, payBy: null });
  }, 60_000);

  it('keeps the balance line adding up to the mailed total when the day’s rate is corrected after the piece was made', async () => {
    const c = await createShopper(t.app);
    const r = await ask(c);
    expect((await share(r.id, {}, 1)).statusCode).toBe(201);
    const { payment } = (await send('POST', `/api/custom-design/requests/${r.id}/approve`, c)).json();
    expect((await payThroughDemo(t.app, c, payment.gatewayOrderId)).statusCode).toBe(200);
    expect((await send('POST', `/api/admin/custom-requests/${r.id}/status`, designer, { status: 'Making' })).statusCode).toBe(200);
    const made = await send('POST', `/api/admin/custom-requests/${r.id}/piece`, designer, { huid: 'RATE01', netWeightMg: 5100, grossWeightMg: 5200 });
    expect(made.statusCode, made.body).toBe(200);
    const final = made.json().finalTotalPaise as number;
    const corrected = GOLD_18 + 1000;
    await t.database.db
      .update(schema.metalRates)
      .set({ ratePaisePerGram: corrected })
      .where(and(eq(schema.metalRates.rateDate, today), eq(schema.metalRates.metal, 'gold'), eq(schema.metalRates.purity, 18)));
    try {
      const res = await send('POST', `/api/custom-design/requests/${r.id}/balance`, c, BALANCE_ADDRESS);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().payment.amountPaise).toBe(final - ADVANCE);
      const [o] = await t.database.db.select().from(schema.orders).where(eq(schema.orders.orderNumber, res.json().orderNumber));
      const [line] = await t.database.db.select().from(schema.orderLines).where(eq(schema.orderLines.orderId, o!.id));
      const b = line!.priceBreakup as Record<string, number>;
      expect(b.totalPaise).toBe(final);
      expect(b.metalPaise! + b.makingPaise! + b.diamondPaise! + b.stonesPaise! + b.gstPaise!).toBe(final);
      expect(o!.taxPaise).toBe(b.gstPaise);
    } finally {
      await t.database.db
        .update(schema.metalRates)
        .set({ ratePaisePerGram: GOLD_18 })
        .where(and(eq(schema.metalRates.rateDate, today), eq(schema.metalRates.metal, 'gold'), eq(schema.metalRates.purity, 18)));
    }
  });

  it('records a platinum piece with no HUID (one offered is refused) and ships it without one; gold needs its HUID (issue 38)', async () => {
    const c = await createShopper(t.app);
    const r = await ask(c);
    const platinum = { ...SHEET, metal: 'platinum', metalQuality: 'Pt 950', colour: '' };
    const quote = (await send('GET', `/api/admin/custom-requests/${r.id}/quote?${new URLSearchParams(platinum)}`, designer)).json();
    expect(quote.purity).toBe(950);
    const shared = await multipart(`/api/admin/custom-requests/${r.id}/designs`, designer, { ...platinum, totalPaise: String(quote.totalPaise) }, [
      { name: 'render', bytes: await png(140) },
    ]);
    expect(shared.statusCode, shared.body).toBe(201);
    const { payment } = (await send('POST', `/api/custom-design/requests/${r.id}/approve`, c)).json();
    expect((await payThroughDemo(t.app, c, payment.gatewayOrderId)).statusCode).toBe(200);
    expect((await send('POST', `/api/admin/custom-requests/${r.id}/status`, designer, { status: 'Making' })).statusCode).toBe(200);
    const url = `/api/admin/custom-requests/${r.id}/piece`;
    const offered = await send('POST', url, designer, { huid: 'PLT001', netWeightMg: 5000, grossWeightMg: 5100 });
    expect(offered.statusCode).toBe(400);
    expect(offered.json().fields.huid).toBe('A platinum piece is not hallmarked under the BIS HUID scheme: leave the HUID empty.');
    const made = await send('POST', url, designer, { huid: '', netWeightMg: 5000, grossWeightMg: 5100 });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ huid: null, netWeightMg: 5000 });
    const [mail] = await mailsTo(c.email, 'custom-design-made');
    expect(mail!.textBody).toContain('is made (net metal weight 5 g).');
    expect(mail!.textBody).not.toContain('HUID');
    const view = (await send('GET', `/api/custom-design/requests/${r.id}`, c)).json();
    expect(view.piece).toMatchObject({ huid: null, netWeightMg: 5000 });

    const balance = await send('POST', `/api/custom-design/requests/${r.id}/balance`, c, BALANCE_ADDRESS);
    expect(balance.statusCode, balance.body).toBe(200);
    const [o] = await t.database.db.select().from(schema.orders).where(eq(schema.orders.orderNumber, balance.json().orderNumber));
    const [line] = await t.database.db.select().from(schema.orderLines).where(eq(schema.orderLines.orderId, o!.id));
    expect(line).toMatchObject({ metal: 'platinum', hallmarked: false, huid: null });
    expect(await t.database.db.select().from(schema.orderPieces).where(eq(schema.orderPieces.orderId, o!.id))).toMatchObject([
      { huid: null, netWeightMg: 5000, grossWeightMg: 5100 },
    ]);

    // Gold is sold hallmarked: its made piece needs the HUID.
    const g = await ask(c);
    expect((await share(g.id, {}, 1)).statusCode).toBe(201);
    const paid = (await send('POST', `/api/custom-design/requests/${g.id}/approve`, c)).json();
    expect((await payThroughDemo(t.app, c, paid.payment.gatewayOrderId)).statusCode).toBe(200);
    expect((await send('POST', `/api/admin/custom-requests/${g.id}/status`, designer, { status: 'Making' })).statusCode).toBe(200);
    const missing = await send('POST', `/api/admin/custom-requests/${g.id}/piece`, designer, { netWeightMg: 5000, grossWeightMg: 5100 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.huid).toBe('A gold piece is sold hallmarked: give its HUID.');
  }, 60_000);

  it('gives a HUID to one of two requests recording it at the same moment', async () => {
    const a = await ask(await createShopper(t.app));
    const b = await ask(await createShopper(t.app));
    for (const r of [a, b]) {
      await t.database.db.insert(schema.cadDesigns).values({
        requestId: r.id,
        version: 1,
        metal: 'gold',
        category: 'Rings',
        metalWeightMg: 5000,
        metalQuality: '18 kt',
        totalAmountPaise: TOTAL,
        advancePaise: ADVANCE,
        status: 'Approved',
        adjustToWeight: false,
      });
      await t.database.db.update(schema.customDesignRequests).set({ status: 'Making' }).where(eq(schema.customDesignRequests.id, r.id));
    }
    const [x, y] = await Promise.all(
      [a, b].map((r) => send('POST', `/api/admin/custom-requests/${r.id}/piece`, designer, { huid: 'TWIN01', netWeightMg: 5000, grossWeightMg: 5000 })),
    );
    expect([x!.statusCode, y!.statusCode].sort()).toEqual([200, 409]);
  });

  it('answers one advance payment to two approvals at the same moment', async () => {
    const c = await createShopper(t.app);
    const r = await ask(c);
    expect((await share(r.id, {}, 1)).statusCode).toBe(201);
    const [a, b] = await Promise.all([
      send('POST', `/api/custom-design/requests/${r.id}/approve`, c),
      send('POST', `/api/custom-design/requests/${r.id}/approve`, c),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().payment.gatewayOrderId).toBe(b.json().payment.gatewayOrderId);
    const sheets = await t.database.db.select().from(schema.cadDesigns).where(eq(schema.cadDesigns.requestId, r.id));
    const payments = await t.database.db.select().from(schema.payments).where(eq(schema.payments.cadDesignId, sheets[0]!.id));
    expect(payments).toHaveLength(1);
    expect(payments[0]!.amountPaise).toBe(ADVANCE);
  });
});
