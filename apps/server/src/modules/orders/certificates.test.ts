/**
 * Diamond certificates (issue 20): the orders desk stores a lab's certificate on a piece (PDF, JPEG or PNG by its
 * bytes, size-limited, audited); the order's owner downloads it as an attachment; anyone else is told there is none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { schema } from '@milli/db';
import { CERTIFICATE_MAX_BYTES } from '@milli/contracts/schemas';
import { createTestApp, type TestApp } from '../../testing.ts';
import { createProduct, createShopper, createStaff, type TestShopper, type TestStaff } from '../../testing-factories.ts';
import { createOrder, lineFor, testHuid } from './testing.ts';

let t: TestApp;
let owner: TestShopper;
let other: TestShopper;
let desk: TestStaff;
let catalogue: TestStaff;
let orderNumber: string;
let pieceId: number;
let plainPieceId: number;
let bareOrderNumber: string;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');

async function upload(
  who: { cookie: string } | null,
  number: string,
  piece: number,
  fields: Record<string, string>,
  file: { bytes: Buffer; type?: string; name?: string } | null,
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/pdf' }), file.name ?? 'cert.pdf');
  const encoded = new Response(form);
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${number}/pieces/${piece}/certificate`,
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')!, ...(who ? { cookie: who.cookie } : {}) },
  });
}
const download = (who: { cookie: string } | null, number = orderNumber, piece = pieceId) =>
  t.app.inject({ url: `/api/orders/${number}/pieces/${piece}/certificate`, headers: who ? { cookie: who.cookie } : {} });

beforeAll(async () => {
  // Seeded: the order page needs the store's settings.
  t = await createTestApp();
  const db = t.database.db;
  [owner, other] = await Promise.all([createShopper(t.app, { username: 'certowner' }), createShopper(t.app, { username: 'certother' })]);
  [desk, catalogue] = await Promise.all([createStaff(t.app, { role: 'orders' }), createStaff(t.app, { role: 'catalogue' })]);
  const productId = (await createProduct(db, { name: 'Solitaire Certificate Ring', diamondWeightCents: 50 })).id;
  const plainId = (await createProduct(db, { name: 'Plain Gold Band' })).id;
  const order = await createOrder(db, {
    customerId: owner.id,
    status: 'Delivered',
    lines: [await lineFor(db, productId, { diamondWeightCents: 50 }), await lineFor(db, plainId, { diamondWeightCents: 0 })],
  });
  orderNumber = order.orderNumber;
  const [line, plainLine] = await db.select().from(schema.orderLines).where(eq(schema.orderLines.orderId, order.id)).orderBy(schema.orderLines.id);
  const [piece, plain] = await db
    .insert(schema.orderPieces)
    .values([
      { orderId: order.id, lineId: line!.id, huid: testHuid(), netWeightMg: 3000, grossWeightMg: 3200 },
      { orderId: order.id, lineId: plainLine!.id, huid: testHuid(), netWeightMg: 4000, grossWeightMg: 4000 },
    ])
    .returning();
  pieceId = piece!.id;
  plainPieceId = plain!.id;
  bareOrderNumber = (await createOrder(db, { customerId: other.id, status: 'Delivered' })).orderNumber;
}, 120_000);
afterAll(() => t?.close());

describe('diamond certificates', () => {
  it('says there is none before one is stored (404 CERTIFICATE_NOT_FOUND), and the order shows no certificate', async () => {
    const none = await download(owner);
    expect(none.statusCode).toBe(404);
    expect(none.json().code).toBe('CERTIFICATE_NOT_FOUND');
    const res = await t.app.inject({ url: `/api/orders/${orderNumber}`, headers: { cookie: owner.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().pieces).toEqual([
      expect.objectContaining({ id: pieceId, certificate: null }),
      expect.objectContaining({ id: plainPieceId, certificate: null }),
    ]);
  });

  it('refuses a guest, a customer (401) and staff without the orders permission (403) at the desk', async () => {
    const fields = { lab: 'IGI', number: 'LG123456789' };
    expect((await upload(null, orderNumber, pieceId, fields, { bytes: PDF })).statusCode).toBe(401);
    expect((await upload(owner, orderNumber, pieceId, fields, { bytes: PDF })).statusCode).toBe(401);
    expect((await upload(catalogue, orderNumber, pieceId, fields, { bytes: PDF })).statusCode).toBe(403);
  });

  it('checks the file by its bytes, its size, the lab and the number, and the piece of the order', async () => {
    const fields = { lab: 'IGI', number: 'LG123456789' };
    const html = await upload(desk, orderNumber, pieceId, fields, { bytes: Buffer.from('<html><script>alert(1)</script></html>'), name: 'cert.pdf' });
    expect(html.statusCode).toBe(400);
    expect(html.json().fields.file).toMatch(/PDF, JPEG or PNG/);
    const big = await upload(desk, orderNumber, pieceId, fields, { bytes: Buffer.concat([PDF, Buffer.alloc(CERTIFICATE_MAX_BYTES)]) });
    expect(big.statusCode).toBe(413);
    expect((await upload(desk, orderNumber, pieceId, fields, null)).json().fields.file).toMatch(/add the certificate file/);
    const badLab = await upload(desk, orderNumber, pieceId, { lab: 'ACME', number: 'x' }, { bytes: PDF });
    expect(badLab.statusCode).toBe(400);
    expect(Object.keys(badLab.json().fields).sort()).toEqual(['lab', 'number']);
    expect((await upload(desk, bareOrderNumber, pieceId, fields, { bytes: PDF })).statusCode).toBe(404);
    expect((await upload(desk, orderNumber, 99_999_999, fields, { bytes: PDF })).statusCode).toBe(404);
    const [piece] = await t.database.db.select().from(schema.orderPieces).where(eq(schema.orderPieces.id, pieceId));
    expect(piece!.certificatePath).toBeNull();
  });

  it('refuses a certificate for a piece without diamonds (409), storing nothing (issue 39)', async () => {
    const refused = await upload(desk, orderNumber, plainPieceId, { lab: 'IGI', number: 'LG555' }, { bytes: PDF });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This piece has no diamonds: a diamond certificate is stored only on a piece set with diamonds.');
    const [plain] = await t.database.db.select().from(schema.orderPieces).where(eq(schema.orderPieces.id, plainPieceId));
    expect(plain!.certificatePath).toBeNull();
  });

  it('stores a PDF (audited); the owner downloads it as an attachment, never inline; another customer is told there is none', async () => {
    const stored = await upload(desk, orderNumber, pieceId, { lab: 'igi', number: 'LG123456789' }, { bytes: PDF });
    expect(stored.statusCode, stored.body).toBe(200);
    expect(stored.json()).toMatchObject({ id: pieceId, certificate: { lab: 'IGI', number: 'LG123456789' } });
    const order = (await t.app.inject({ url: `/api/orders/${orderNumber}`, headers: { cookie: owner.cookie } })).json();
    expect(order.pieces[0].certificate).toEqual({ lab: 'IGI', number: 'LG123456789' });

    const got = await download(owner);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toMatch(/^attachment; filename="[A-Za-z0-9._-]+\.pdf"$/);
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.rawPayload.equals(PDF)).toBe(true);

    for (const [who, number] of [
      [other, orderNumber],
      [other, bareOrderNumber],
      [owner, bareOrderNumber],
    ] as const) {
      const refused = await download(who, number);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().code).toBe('CERTIFICATE_NOT_FOUND');
    }
    expect((await download(null)).statusCode).toBe(401);
    const deskCopy = await t.app.inject({ url: `/api/admin/orders/${orderNumber}/pieces/${pieceId}/certificate`, headers: { cookie: desk.cookie } });
    expect(deskCopy.statusCode).toBe(200);

    const [mail] = await t.database.db
      .select()
      .from(schema.mailOutbox)
      .where(and(eq(schema.mailOutbox.toAddress, owner.email), eq(schema.mailOutbox.kind, 'order-certificate')));
    expect(mail?.textBody).toContain('IGI, number LG123456789');

    const audit = await t.database.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entity, 'order'), eq(schema.auditLog.entityId, orderNumber)));
    expect(audit.map((a) => a.action)).toEqual(['certificate']);
  });

  it('replaces it with a PNG, served as an image download', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const stored = await upload(desk, orderNumber, pieceId, { lab: 'GIA', number: '2141438171' }, { bytes: png, type: 'application/pdf', name: 'x.pdf' });
    expect(stored.statusCode, stored.body).toBe(200);
    const got = await download(owner);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['content-disposition']).toMatch(/attachment; filename=".*GIA-2141438171\.png"/);
  });
});
