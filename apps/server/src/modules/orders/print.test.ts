/**
 * Printing from the orders desk (issue 39, decision 051): the packing slip (A4), the shipping label (4 x 6 in), a
 * jewellery tag a piece (barbell stock, 2.2 x 0.5 in) whose QR code is decoded back to the HUID, and a batch of
 * invoices with the orders skipped and why. The text is read as a viewer reads it (Poppler's pdftotext), the pages'
 * sizes with pdf-lib, and the QR code from a 600 dpi rendering (pdftoppm) by jsQR.
 */
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { schema, type Db } from '@milli/db';
import { createTestApp, type TestApp } from '../../testing.ts';
import { createShopper, createStaff, type TestShopper, type TestStaff } from '../../testing-factories.ts';
import { createOrder, testHuid } from './testing.ts';
import { qrModules } from './print.ts';

let t: TestApp;
let db: Db;
let desk: TestStaff;
let catalogue: TestStaff;
let shopper: TestShopper;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  db = t.database.db;
  desk = await createStaff(t.app, { role: 'orders' });
  catalogue = await createStaff(t.app, { role: 'catalogue' });
  shopper = await createShopper(t.app);
}, 120_000);
afterAll(() => t?.close());

const get = (url: string, who: { cookie: string } | null = desk) => t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { cookie: desk.cookie }, payload });
const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');
const pageSizes = async (pdf: Buffer) => (await PDFDocument.load(pdf)).getPages().map((p) => p.getSize());

/** The QR code on one page of a PDF, rendered at 600 dpi and read back; null when none is found. */
async function decodeQr(pdf: Buffer, page: number): Promise<string | null> {
  const png = execFileSync('pdftoppm', ['-r', '600', '-f', String(page), '-l', String(page), '-png', '-'], { input: pdf });
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ?? null;
}

/**
 * A placed order of a 22 kt gold ring (two pieces, hallmarked, 5 g each) and a platinum band (not hallmarked),
 * packed through the desk's route with these HUIDs and weights.
 */
async function packedOrder(opts: { pack?: boolean } = {}) {
  const order = await createOrder(db, {
    customerId: shopper.id,
    status: 'Placed',
    lines: [
      { quantity: 2, productName: 'Lakshmi Kasu Ring', options: { purity: 22, colour: 'Yellow Gold', size: '12' } },
      { quantity: 1, productName: 'Platinum Love Band' },
    ],
  });
  const [gold, platinum] = await db.select().from(schema.orderLines).where(eq(schema.orderLines.orderId, order.id)).orderBy(schema.orderLines.id);
  await db
    .update(schema.orderLines)
    .set({ metal: 'gold', purity: 22, metalWeightMg: 5_000, ratePaisePerGram: 7_000_00, hallmarked: true })
    .where(eq(schema.orderLines.id, gold!.id));
  await db
    .update(schema.orderLines)
    .set({ metal: 'platinum', purity: 950, metalWeightMg: 4_000, ratePaisePerGram: 3_000_00, hallmarked: false })
    .where(eq(schema.orderLines.id, platinum!.id));
  const huids = [testHuid(), testHuid()];
  if (opts.pack !== false) {
    const res = await post(`/api/admin/orders/${order.orderNumber}/pieces`, {
      pieces: [
        { lineId: gold!.id, huid: huids[0], netWeightMg: 5_010, grossWeightMg: 5_230 },
        { lineId: gold!.id, huid: huids[1], netWeightMg: 4_990, grossWeightMg: 5_180 },
        { lineId: platinum!.id, huid: null, netWeightMg: 4_000, grossWeightMg: 4_000 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  return { ...order, huids };
}

async function dispatch(orderNumber: string) {
  for (const step of [{ status: 'Picked' }, { status: 'Out for Delivery', courierName: 'Blue Dart', awbNumber: 'BD55501234', trackingUrl: '' }]) {
    const res = await post(`/api/admin/orders/${orderNumber}/status`, step);
    expect(res.statusCode, res.body).toBe(200);
  }
}

describe('the packing slip', () => {
  it('is one A4 page with the order, where it goes, and each piece with its HUID and weights, and no prices', async () => {
    const order = await packedOrder();
    const res = await get(`/api/admin/orders/${order.orderNumber}/packing-slip.pdf`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`packing-slip-${order.orderNumber}.pdf`);
    expect(await pageSizes(res.rawPayload)).toEqual([{ width: 595.28, height: 841.89 }]);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('PACKING SLIP');
    expect(text).toContain(order.orderNumber);
    expect(text).toContain('12 Lake View Road, T. Nagar');
    expect(text).toContain(`Piece 1: HUID ${order.huids[0]} · net 5.010 g · gross 5.230 g`);
    expect(text).toContain(`Piece 2: HUID ${order.huids[1]} · net 4.990 g · gross 5.180 g`);
    expect(text).toContain('Piece 1: Not hallmarked · net 4.000 g · gross 4.000 g');
    expect(text).toContain('22K916 · Yellow Gold · Size 12');
    // Not a tax document: no rupee amount anywhere.
    expect(text).not.toMatch(/₹|Rs\.|25,000/);
  });

  it('before packing, says which pieces are still to be weighed', async () => {
    const order = await packedOrder({ pack: false });
    const text = pdfText((await get(`/api/admin/orders/${order.orderNumber}/packing-slip.pdf`)).rawPayload);
    expect(text).toContain('Piece 2: not yet weighed (sold at 5.000 g net); record its HUID');
    expect(text).toContain('AWB');
    expect(text).toContain('Not yet assigned');
  });
});

describe('the shipping label', () => {
  it('is 4 x 6 in with the return address, the address, the order, courier and AWB, the weight, and nothing of what is inside', async () => {
    const order = await packedOrder();
    await dispatch(order.orderNumber);
    const res = await get(`/api/admin/orders/${order.orderNumber}/label.pdf`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(await pageSizes(res.rawPayload)).toEqual([{ width: 288, height: 432 }]);
    const text = pdfText(res.rawPayload).replace(/\s+/g, ' ');
    const [settings] = await db.select().from(schema.storeSettings);
    expect(text).toContain(settings!.officeAddress.replace(/\s+/g, ' ').split(',')[0]!);
    expect(text).toContain(order.orderNumber);
    expect(text).toContain('Blue Dart');
    expect(text).toContain('BD55501234');
    expect(text).toContain('PIN 600017');
    expect(text).toContain('Meera Iyer');
    // 5.230 + 5.180 + 4.000 g of pieces, gross.
    expect(text).toContain('14.410 g');
    expect(text).toContain('PREPAID');
    expect(text).not.toContain('Lakshmi');
    expect(text).not.toContain(order.huids[0]);
    expect(text).not.toMatch(/@/);
  });

  it('for pay on delivery, says the cash to collect', async () => {
    const order = await createOrder(db, { customerId: shopper.id, status: 'Placed', lines: [{ unitPricePaise: 12_345_00 }], shippingPaise: 0 });
    await db.update(schema.orders).set({ paymentMethod: 'cod' }).where(eq(schema.orders.id, order.id));
    const text = pdfText((await get(`/api/admin/orders/${order.orderNumber}/label.pdf`)).rawPayload);
    expect(text).toContain('CASH ON DELIVERY: collect Rs. 12,345');
    expect(text).toContain('Not yet weighed');
  });
});

describe('the jewellery tags', () => {
  it('are one barbell tag a piece; a hallmarked piece’s QR code reads back as its HUID, a piece without one has no code and says so', async () => {
    const order = await packedOrder();
    const res = await get(`/api/admin/orders/${order.orderNumber}/tags.pdf`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(await pageSizes(res.rawPayload)).toEqual(Array.from({ length: 3 }, () => ({ width: 158.4, height: 36 })));
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Lakshmi Kasu Ring');
    expect(text).toContain('Gold 22K916');
    expect(text).toContain('Net 5.010 g');
    expect(text).toContain('Gross 5.180 g');
    expect(text).toContain(order.huids[0]);
    expect(text).toContain('Platinum Pt950');
    expect(text).toContain('Not hallmarked');
    expect(await decodeQr(res.rawPayload, 1)).toBe(order.huids[0]);
    expect(await decodeQr(res.rawPayload, 2)).toBe(order.huids[1]);
    expect(await decodeQr(res.rawPayload, 3)).toBeNull();
  });

  it('the QR encoder’s matrix is a real QR code for any HUID (version 1, 21 x 21 with its finder patterns)', () => {
    const m = qrModules('AB12CD');
    expect(m).toHaveLength(21);
    // The top-left finder: a dark 7 x 7 ring around a light ring around a dark 3 x 3 centre.
    expect(m[0]!.slice(0, 7).every(Boolean)).toBe(true);
    expect(m[1]![1]).toBe(false);
    expect(m[3]![3]).toBe(true);
  });

  it('are refused before the pieces are packed, with what to do', async () => {
    const order = await packedOrder({ pack: false });
    const res = await get(`/api/admin/orders/${order.orderNumber}/tags.pdf`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('record each piece');
  });
});

describe('a batch of invoices', () => {
  it('joins the named orders’ invoices after a cover page that lists each, and the orders skipped and why', async () => {
    const a = await packedOrder();
    const b = await packedOrder();
    const waiting = await packedOrder();
    await dispatch(a.orderNumber);
    await dispatch(b.orderNumber);
    const res = await get(`/api/admin/invoices/batch.pdf?ids=${a.orderNumber},${b.orderNumber}%20${waiting.orderNumber},MIL-0000-NOPE`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const sizes = await pageSizes(res.rawPayload);
    expect(sizes.length).toBeGreaterThanOrEqual(3);
    expect(sizes.every((s) => s.width === 595.28 && s.height === 841.89)).toBe(true);
    const text = pdfText(res.rawPayload);
    const cover = text.split('\f')[0]!;
    expect(cover).toContain('Included: 2 invoices');
    expect(cover).toMatch(new RegExp(`MIL\\/\\d{4}\\/\\d{6} · order ${a.orderNumber} · `));
    expect(cover).toContain('page 2');
    expect(cover).toContain('Skipped: 2 orders without a tax invoice');
    expect(cover).toContain(`${waiting.orderNumber}: not yet dispatched`);
    expect(cover).toContain('MIL-0000-NOPE: no such order');
    expect(text.match(/TAX INVOICE\b/g)).toHaveLength(2);
    expect(text).toContain(a.huids[0]);
    expect(text).toContain(b.huids[1]);
  });

  it('prints the orders dispatched between two dates, and refuses what it cannot print with a clear message', async () => {
    const a = await packedOrder();
    await dispatch(a.orderNumber);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    const res = await get(`/api/admin/invoices/batch.pdf?from=${today}&to=${today}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain(`invoices-${today}-to-${today}.pdf`);
    expect(pdfText(res.rawPayload)).toContain(a.orderNumber);

    const empty = await get('/api/admin/invoices/batch.pdf?from=2001-01-01&to=2001-01-31');
    expect(empty.statusCode).toBe(404);
    expect(empty.json().message).toBe('No order was dispatched (invoiced) from 2001-01-01 to 2001-01-31.');
    const none = await get('/api/admin/invoices/batch.pdf?ids=MIL-0000-NOPE');
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('None of these orders has a tax invoice: MIL-0000-NOPE (no such order).');
    for (const [query, message] of [
      ['', 'Please name the orders, or choose the dates of dispatch from and to.'],
      ['?from=2026-05-02&to=2026-05-01', 'The first date comes before the last.'],
      ['?from=2026-02-30&to=2026-03-01', 'That is not a date.'],
      [`?ids=${Array.from({ length: 101 }, (_, i) => `MIL-${i}`).join(',')}`, 'Please name at most 100 orders.'],
    ] as const) {
      const refused = await get(`/api/admin/invoices/batch.pdf${query}`);
      expect(refused.statusCode, query).toBe(400);
      expect(refused.body, query).toContain(message);
    }
  });
});

describe('who may print', () => {
  it('needs a staff session with the orders permission; an unknown order is 404, a cancelled one 409, a bad number 400', async () => {
    const order = await packedOrder();
    const urls = ['packing-slip.pdf', 'label.pdf', 'tags.pdf'].map((f) => `/api/admin/orders/${order.orderNumber}/${f}`);
    for (const url of [...urls, `/api/admin/invoices/batch.pdf?ids=${order.orderNumber}`]) {
      expect((await get(url, null)).statusCode, url).toBe(401);
      expect((await get(url, shopper)).statusCode, url).toBe(401);
      const refused = await get(url, catalogue);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().code).toBe('PERMISSION_DENIED');
    }
    const cancelled = await createOrder(db, { customerId: shopper.id, status: 'Cancelled' });
    for (const f of ['packing-slip.pdf', 'label.pdf', 'tags.pdf']) {
      const missing = await get(`/api/admin/orders/MIL-0000-NOPE/${f}`);
      expect(missing.statusCode, f).toBe(404);
      expect(missing.json().message).toBe('There is no order with that number.');
      expect((await get(`/api/admin/orders/${'X'.repeat(61)}/${f}`)).statusCode, f).toBe(400);
      const refused = await get(`/api/admin/orders/${cancelled.orderNumber}/${f}`);
      expect(refused.statusCode, f).toBe(409);
      expect(refused.json().message).toContain('was cancelled');
    }
  });
});
