/**
 * Issue 40, decision 066: staff upload a piece's 360° turn as photographed frames. The limits answer their own codes,
 * what is not a photo is refused like any photo, the turn is replaced whole (the old frames' files go only after the
 * swap), and the storefront turns the piece in staff's frames while they are there. On PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set (where two uploads to one piece at once really overlap).
 */
import { and, eq, like } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ART_SPIN_FRAMES, schema } from '@milli/db';
import { CATALOGUE_SPIN_WIDTHS, MAX_SPIN_BYTES, MAX_SPIN_FRAME_BYTES } from '@milli/contracts';
import { createTestApp, type TestApp } from '../../testing.ts';
import { createStaff } from '../../testing-factories.ts';

let t: TestApp;
let cookie = '';
let ordersCookie = '';
let ring = 0;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  cookie = (await createStaff(t.app, { role: 'catalogue' })).cookie;
  ordersCookie = (await createStaff(t.app, { role: 'orders' })).cookie;
  const [row] = await t.database.db
    .select({ id: schema.products.id })
    .from(schema.products)
    .innerJoin(schema.categories, eq(schema.categories.id, schema.products.categoryId))
    .where(and(eq(schema.categories.name, 'Rings'), like(schema.products.image, '/media/art/%')))
    .orderBy(schema.products.id)
    .limit(1);
  ring = row!.id;
}, 120_000);
afterAll(() => t?.close());

type Part = { bytes: Buffer; type: string; name: string };

/** A photographed frame: a gold disc on a cream ground, its highlight moved round by `turn` (0 to 1). */
async function frame(turn: number, size = { width: 480, height: 360 }, format: 'png' | 'jpeg' = 'jpeg'): Promise<Part> {
  const x = Math.round(size.width / 2 + Math.cos(turn * 2 * Math.PI) * size.width * 0.2);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}"><rect width="100%" height="100%" fill="#f4ead8"/>
    <ellipse cx="${size.width / 2}" cy="${size.height / 2}" rx="${Math.round(size.width * 0.3 * Math.abs(Math.cos(turn * Math.PI)) + 8)}" ry="${Math.round(size.height * 0.3)}" fill="#c9a227"/>
    <circle cx="${x}" cy="${size.height / 2}" r="12" fill="#fff8e0"/></svg>`;
  const image = sharp(Buffer.from(svg));
  return {
    bytes: await (format === 'png' ? image.png() : image.jpeg()).toBuffer(),
    type: `image/${format}`,
    name: `turn-${turn}.${format === 'png' ? 'png' : 'jpg'}`,
  };
}

const frames = (n: number, size?: { width: number; height: number }) => Promise.all(Array.from({ length: n }, (_, i) => frame(i / n, size)));

async function sendFrames(id: number, parts: Part[], who = cookie) {
  const form = new FormData();
  for (const p of parts) form.append('frames', new Blob([new Uint8Array(p.bytes)], { type: p.type }), p.name);
  const encoded = new Response(form);
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/products/${id}/spin`,
    headers: { cookie: who, 'content-type': encoded.headers.get('content-type')! },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
}

const removeSpin = (id: number, who = cookie) => t.app.inject({ method: 'DELETE', url: `/api/admin/products/${id}/spin`, headers: { cookie: who } });
const detail = async (id: number) => (await t.app.inject({ method: 'GET', url: `/api/product/find-by-id/${id}` })).json().data;
const fetched = (url: string) => t.app.inject({ method: 'GET', url });

describe("staff upload a piece's 360° turn", () => {
  it('is for the catalogue desk only', async () => {
    const parts = await frames(8);
    expect((await sendFrames(ring, parts, '')).statusCode).toBe(401);
    expect((await sendFrames(ring, parts, ordersCookie)).statusCode).toBe(403);
    expect((await removeSpin(ring, ordersCookie)).statusCode).toBe(403);
  });

  it('refuses too few frames, too many, a frame too large, a body too large and frames of two shapes, each with its own code', async () => {
    const few = await sendFrames(ring, await frames(7));
    expect(few.statusCode).toBe(422);
    expect(few.json()).toMatchObject({ code: 'SPIN_TOO_FEW_FRAMES' });
    expect(few.json().message).toMatch(/at least 8 frames.*You sent 7/);

    const tiny = await frame(0);
    const many = await sendFrames(
      ring,
      Array.from({ length: 73 }, () => tiny),
    );
    expect(many.statusCode).toBe(413);
    expect(many.json()).toMatchObject({ code: 'SPIN_TOO_MANY_FRAMES' });

    const huge = { bytes: Buffer.alloc(MAX_SPIN_FRAME_BYTES + 1, 7), type: 'image/jpeg', name: 'huge.jpg' };
    const large = await sendFrames(ring, [...(await frames(8)), huge]);
    expect(large.statusCode).toBe(413);
    expect(large.json()).toMatchObject({ code: 'SPIN_FRAME_TOO_LARGE' });

    const body = await t.app.inject({
      method: 'POST',
      url: `/api/admin/products/${ring}/spin`,
      headers: { cookie, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(80 * 1024 * 1024) },
      payload: '--x--',
    });
    expect(body.statusCode).toBe(413);
    expect(body.json()).toMatchObject({ code: 'SPIN_TOO_LARGE' });

    // Each frame within its limit, the body within the form's slack, and their total past 50 MB: the frames' sum refuses it.
    const part = { bytes: Buffer.alloc(Math.ceil(MAX_SPIN_BYTES / 11) + 1024, 7), type: 'image/jpeg', name: 'frame.jpg' };
    const total = await sendFrames(
      ring,
      Array.from({ length: 11 }, () => part),
    );
    expect(total.statusCode).toBe(413);
    expect(total.json()).toMatchObject({ code: 'SPIN_TOO_LARGE' });
    expect(total.json().message).toMatch(/together are larger than 50 MB/);

    const mixed = await sendFrames(ring, [...(await frames(8)), await frame(0.5, { width: 360, height: 480 })]);
    expect(mixed.statusCode).toBe(422);
    expect(mixed.json()).toMatchObject({ code: 'SPIN_FRAMES_MISMATCHED' });
    expect(mixed.json().message).toMatch(/^Frame 9 is .* where frame 1 is/);

    expect((await sendFrames(999_999, await frames(8))).statusCode).toBe(404);
    // Nothing refused changed the piece: it still turns in its drawings.
    expect((await detail(ring)).product_spin).toHaveLength(ART_SPIN_FRAMES);
  });

  it('refuses a frame that is not a photo, by its bytes, with a 415 naming the frame', async () => {
    const parts = await frames(8);
    parts[2] = { bytes: Buffer.from('<html>not a picture</html>'), type: 'image/jpeg', name: 'frame-3.jpg' };
    const page = await sendFrames(ring, parts);
    expect(page.statusCode).toBe(415);
    expect(page.json()).toMatchObject({ code: 'UNSUPPORTED_IMAGE' });
    expect(page.json().message).toMatch(/^Frame 3 is not a picture/);
    parts[2] = { bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360"/>'), type: 'image/svg+xml', name: 'frame-3.svg' };
    const drawing = await sendFrames(ring, parts);
    expect(drawing.statusCode).toBe(415);
    expect(drawing.json().message).toMatch(/SVG/);
  });

  it('turns the piece in the frames sent, replaces them whole with the next upload, and removes them on delete', async () => {
    const first = await sendFrames(ring, await frames(12));
    expect(first.statusCode).toBe(201);
    const spin = first.json().data;
    expect(spin.frames).toHaveLength(12);
    expect(spin.frames.every((f: string) => new RegExp(`^/media/catalogue/products/${ring}/[a-f0-9]{16}-640\\.webp$`).test(f))).toBe(true);
    expect(new Set(spin.frames).size).toBe(12);
    // Stored at the stage's widths, the shape kept (4:3 at 1280 wide).
    expect({ width: spin.width, height: spin.height }).toEqual({ width: 1280, height: 960 });
    for (const w of CATALOGUE_SPIN_WIDTHS) {
      const res = await fetched(spin.frames[5].replace(/-640\.webp$/, `-${w}.webp`));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect((await sharp(res.rawPayload).metadata()).width).toBe(w);
    }
    // The shop turns it in staff's frames, in the order sent, instead of its drawings.
    expect((await detail(ring)).product_spin).toEqual(spin.frames);
    const desk = (await t.app.inject({ method: 'GET', url: `/api/admin/products/${ring}`, headers: { cookie } })).json();
    expect(desk.spin).toMatchObject({ frames: spin.frames, width: 1280, height: 960 });

    const second = await sendFrames(ring, await frames(8, { width: 600, height: 600 }));
    expect(second.statusCode).toBe(201);
    const next = second.json().data;
    expect((await detail(ring)).product_spin).toEqual(next.frames);
    // The frames it replaced are gone from the file store, every width of them.
    for (const w of CATALOGUE_SPIN_WIDTHS) expect((await fetched(spin.frames[0].replace(/-640\.webp$/, `-${w}.webp`))).statusCode).toBe(404);
    expect((await fetched(next.frames[7])).statusCode).toBe(200);

    const removed = await removeSpin(ring);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ data: null });
    expect((await fetched(next.frames[0])).statusCode).toBe(404);
    // Without staff's frames the demo piece turns in its drawings again.
    expect((await detail(ring)).product_spin).toHaveLength(ART_SPIN_FRAMES);
    expect((await removeSpin(ring)).statusCode).toBe(404);

    const audit = await t.database.db
      .select({ action: schema.auditLog.action })
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entityId, String(ring)), like(schema.auditLog.action, 'product.spin.%')))
      .orderBy(schema.auditLog.id);
    expect(audit.map((a) => a.action)).toEqual(['product.spin.set', 'product.spin.set', 'product.spin.delete']);
  });

  it('is shown by every instance once another writes it: the database announces a turn like any catalogue change', async () => {
    const before = (await detail(ring)).product_spin as string[];
    expect(before).toHaveLength(ART_SPIN_FRAMES);
    // Written as another instance (or a staff tool) would: straight in the database, not through this one's routes.
    const frames = Array.from({ length: 8 }, (_, i) => `/media/catalogue/products/${ring}/${String(i).padStart(16, 'b')}-640.webp`);
    await t.database.db.insert(schema.productSpins).values({ productId: ring, frames, width: 1280, height: 1280, bytes: 1000 });
    await t.app.readCache.caughtUp();
    expect((await detail(ring)).product_spin).toEqual(frames);
    await t.database.db.delete(schema.productSpins).where(eq(schema.productSpins.productId, ring));
    await t.app.readCache.caughtUp();
    expect((await detail(ring)).product_spin).toEqual(before);
  });

  it('keeps one whole turn when two uploads to one piece cross, and leaves no frame of the other behind', async () => {
    const [a, b] = await Promise.all([sendFrames(ring, await frames(8)), sendFrames(ring, await frames(9))]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const shown = (await detail(ring)).product_spin as string[];
    const [kept, lost] = shown.length === 8 ? [a, b] : [b, a];
    expect(shown).toEqual(kept.json().data.frames);
    for (const f of lost.json().data.frames as string[]) expect((await fetched(f)).statusCode).toBe(404);
    expect((await removeSpin(ring)).statusCode).toBe(200);
  });
});
