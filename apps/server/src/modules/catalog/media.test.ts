/**
 * Issue 40, "pieces are seen": the demo pieces' several views and 360° turns on the product's answer, the views staff
 * mark and order, and the film staff upload (checked by its container, served with byte ranges). On PGlite, and on
 * PostgreSQL when TEST_DATABASE_URL is set.
 */
import { readFileSync } from 'node:fs';
import { and, eq, like } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ART_SPIN_FRAMES, schema } from '@milli/db';
import { createTestApp, type TestApp } from '../../testing.ts';
import { createStaff } from '../../testing-factories.ts';
import { byteRange } from './routes.ts';

let t: TestApp;
let cookie = '';
let ordersCookie = '';
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  cookie = (await createStaff(t.app, { role: 'catalogue' })).cookie;
  ordersCookie = (await createStaff(t.app, { role: 'orders' })).cookie;
}, 120_000);
afterAll(() => t?.close());

const json = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown, who = cookie) =>
  t.app.inject({
    method,
    url,
    headers: { cookie: who, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });

async function send(url: string, files: Record<string, { bytes: Buffer; type: string; name: string }>, fields: Record<string, string> = {}, who = cookie) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const [field, f] of Object.entries(files)) form.append(field, new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
  const encoded = new Response(form);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { cookie: who, 'content-type': encoded.headers.get('content-type')! },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
}

/** A seeded piece of a category, by its name in the demo catalogue. */
async function pieceOf(category: 'Rings' | 'Earrings'): Promise<number> {
  const [row] = await t.database.db
    .select({ id: schema.products.id })
    .from(schema.products)
    .innerJoin(schema.categories, eq(schema.categories.id, schema.products.categoryId))
    .where(and(eq(schema.categories.name, category), like(schema.products.image, '/media/art/%')))
    .orderBy(schema.products.id)
    .limit(1);
  return row!.id;
}

const detail = async (id: number) => (await t.app.inject({ method: 'GET', url: `/api/product/find-by-id/${id}` })).json().data;

describe('the demo pieces are seen from several sides', () => {
  it('answers a ring with its front, side, worn and close-up views, each with alt text, and its 24-frame turn', async () => {
    const id = await pieceOf('Rings');
    const d = await detail(id);
    expect(d.product_views.map((v: { view: string }) => v.view)).toEqual(['front', 'side', 'worn', 'closeup']);
    expect(d.product_views[0].src).toBe(d.product_parent_image);
    expect(d.product_views[1].src).toMatch(/^\/media\/art\/ring\/[a-z-]+\/[0-9]+-side\.svg$/);
    expect(d.product_views[2].alt).toBe(`${d.product_name}, worn on the hand`);
    expect(d.product_views.every((v: { width: number; height: number }) => v.width === 600 && v.height === 600)).toBe(true);
    expect(d.product_images).toEqual(d.product_views.map((v: { src: string }) => v.src));
    expect(d.product_spin).toHaveLength(ART_SPIN_FRAMES);
    expect(d.product_spin[0]).toBe(d.product_parent_image.replace(/\.svg$/, '-spin-00.svg'));
    expect(d.product_video).toBeNull();
    // Every view and frame is a picture the server draws.
    for (const src of [...d.product_images, d.product_spin[5]]) {
      const res = await t.app.inject({ method: 'GET', url: src });
      expect(res.statusCode, src).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    }
  });

  it('gives earrings views but no turn (only some demo pieces turn)', async () => {
    const d = await detail(await pieceOf('Earrings'));
    expect(d.product_views).toHaveLength(4);
    expect(d.product_views[2].alt).toMatch(/worn on the ear$/);
    expect(d.product_spin).toEqual([]);
  });
});

describe('staff mark, order and remove the views', () => {
  it('marks a view, reorders the views (the first becomes the main picture) and deletes one, each audited', async () => {
    const id = await pieceOf('Rings');
    const before = (await json('GET', `/api/admin/products/${id}`)).json();
    const ids = before.images.map((i: { id: number }) => i.id);
    expect(before.images.map((i: { view: string }) => i.view)).toEqual(['front', 'side', 'worn', 'closeup']);

    const refused = await json('PATCH', `/api/admin/products/${id}/images/${ids[3]}`, { view: 'top' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/A view is one of front, side, worn, closeup/);
    const marked = await json('PATCH', `/api/admin/products/${id}/images/${ids[3]}`, { view: '', alt: '' });
    expect(marked.statusCode).toBe(200);
    expect(marked.json().data[3].view).toBeNull();
    // Unmarked and undescribed: the storefront still says what it is.
    expect((await detail(id)).product_views[3].alt).toBe(`${(await detail(id)).product_name}, picture 4`);

    const ordered = await json('PUT', `/api/admin/products/${id}/images/order`, { ids: [ids[2], ids[0], ids[1], ids[3]] });
    expect(ordered.statusCode).toBe(200);
    expect(ordered.json().image).toMatch(/-worn\.svg$/);
    const d = await detail(id);
    expect(d.product_views.map((v: { view: string | null }) => v.view)).toEqual(['worn', 'front', 'side', null]);
    // The turn is the piece's, not its first picture's: a worn view leading does not take it away.
    expect(d.product_spin).toHaveLength(ART_SPIN_FRAMES);
    expect(d.product_spin[0]).toMatch(/^\/media\/art\/ring\/[a-z-]+\/[0-9]+-spin-00\.svg$/);

    expect((await json('DELETE', `/api/admin/products/${id}/images/${ids[1]}`)).statusCode).toBe(200);
    expect((await detail(id)).product_views).toHaveLength(3);
    expect((await json('PUT', `/api/admin/products/${id}/images/order`, { ids: [ids[0], ids[2], ids[3]] }, ordersCookie)).statusCode).toBe(403);

    const audit = await t.database.db
      .select({ action: schema.auditLog.action })
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entity, 'product'), eq(schema.auditLog.entityId, String(id))));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['product.image.update', 'product.image.order', 'product.image.delete']));
  });

  it('takes a view with an uploaded photo', async () => {
    const id = await pieceOf('Earrings');
    const photo = await sharp({ create: { width: 800, height: 800, channels: 3, background: { r: 200, g: 160, b: 90 } } })
      .png()
      .toBuffer();
    const res = await send(
      `/api/admin/products/${id}/images`,
      { images: { bytes: photo, type: 'image/png', name: 'ear.png' } },
      { view: 'worn', alt: 'On the ear, at a wedding' },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data.at(-1)).toMatchObject({ view: 'worn', alt: 'On the ear, at a wedding' });
    const bad = await send(`/api/admin/products/${id}/images`, { images: { bytes: photo, type: 'image/png', name: 'ear.png' } }, { view: 'above' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('a product film', () => {
  let id = 0;
  beforeAll(async () => {
    id = await pieceOf('Rings');
  });

  it('is for the catalogue desk only', async () => {
    const film = { video: { bytes: fixture('turn.webm'), type: 'video/webm', name: 'turn.webm' } };
    expect((await send(`/api/admin/products/${id}/video`, film, {}, '')).statusCode).toBe(401);
    expect((await send(`/api/admin/products/${id}/video`, film, {}, ordersCookie)).statusCode).toBe(403);
    expect((await json('DELETE', `/api/admin/products/${id}/video`, undefined, ordersCookie)).statusCode).toBe(403);
  });

  it('refuses what is not MP4 or WebM by its bytes, whatever it is called, with a 415 and a reason', async () => {
    const mkv = await send(`/api/admin/products/${id}/video`, { video: { bytes: fixture('turn.mkv'), type: 'video/webm', name: 'turn.webm' } });
    expect(mkv.statusCode).toBe(415);
    expect(mkv.json()).toMatchObject({ code: 'UNSUPPORTED_VIDEO' });
    expect(mkv.json().message).toMatch(/Matroska/);
    const page = await send(`/api/admin/products/${id}/video`, { video: { bytes: Buffer.from('<html>not a film</html>'), type: 'video/mp4', name: 'a.mp4' } });
    expect(page.statusCode).toBe(415);
    const none = await send(`/api/admin/products/${id}/video`, {}, { note: 'no file' });
    expect(none.statusCode).toBe(400);
    expect((await send('/api/admin/products/999999/video', { video: { bytes: fixture('turn.mp4'), type: 'video/mp4', name: 'a.mp4' } })).statusCode).toBe(404);
    expect((await detail(id)).product_video).toBeNull();
  });

  it('refuses a body larger than the limit before reading it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/products/${id}/video`,
      headers: { cookie, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(200 * 1024 * 1024) },
      payload: '--x--',
    });
    expect(res.statusCode).toBe(413);
  });

  it('takes an MP4 with the first view as its poster, then a WebM with an uploaded poster in its place', async () => {
    const mp4 = await send(`/api/admin/products/${id}/video`, { video: { bytes: fixture('turn.mp4'), type: 'application/octet-stream', name: 'clip' } });
    expect(mp4.statusCode).toBe(201);
    expect(mp4.json().data).toMatchObject({ contentType: 'video/mp4', bytes: fixture('turn.mp4').length, posterPath: null });
    const first = await detail(id);
    expect(first.product_video).toEqual({ src: mp4.json().data.path, type: 'video/mp4', poster: first.product_views[0].src });

    const poster = await sharp({ create: { width: 640, height: 640, channels: 3, background: { r: 240, g: 220, b: 180 } } })
      .jpeg()
      .toBuffer();
    const webm = await send(`/api/admin/products/${id}/video`, {
      video: { bytes: fixture('turn.webm'), type: 'video/webm', name: 'turn.webm' },
      poster: { bytes: poster, type: 'image/jpeg', name: 'poster.jpg' },
    });
    expect(webm.statusCode).toBe(201);
    const film = webm.json().data;
    expect(film.contentType).toBe('video/webm');
    expect(film.posterPath).toMatch(new RegExp(`^/media/catalogue/products/${id}/[a-f0-9]{16}-640\\.webp$`));
    expect((await detail(id)).product_video).toEqual({ src: film.path, type: 'video/webm', poster: film.posterPath });
    // The film it replaced is gone from the file store.
    expect((await t.app.inject({ method: 'GET', url: mp4.json().data.path })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: film.posterPath })).headers['content-type']).toBe('image/webp');

    const whole = await t.app.inject({ method: 'GET', url: film.path });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/webm');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(fixture('turn.webm'))).toBe(true);
    const part = await t.app.inject({ method: 'GET', url: film.path, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${fixture('turn.webm').length}`);
    expect(part.rawPayload.equals(fixture('turn.webm').subarray(100, 200))).toBe(true);
    const beyond = await t.app.inject({ method: 'GET', url: film.path, headers: { range: `bytes=${fixture('turn.webm').length}-` } });
    expect(beyond.statusCode).toBe(416);

    const audit = await t.database.db
      .select({ action: schema.auditLog.action })
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entityId, String(id)), like(schema.auditLog.action, 'product.video.%')));
    expect(audit.map((a) => a.action)).toEqual(['product.video.set', 'product.video.set']);

    const removed = await json('DELETE', `/api/admin/products/${id}/video`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ data: null });
    expect((await detail(id)).product_video).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: film.path })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: film.posterPath })).statusCode).toBe(404);
    expect((await json('DELETE', `/api/admin/products/${id}/video`)).statusCode).toBe(404);
  });
});

describe('byteRange', () => {
  it('reads one range, a suffix and an open end, and refuses what lies outside the file', () => {
    expect(byteRange(undefined, 1000)).toBeNull();
    expect(byteRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(byteRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(byteRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(byteRange('bytes=990-5000', 1000)).toEqual({ start: 990, end: 999 });
    expect(byteRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(byteRange('bytes=50-10', 1000)).toBe('unsatisfiable');
    expect(byteRange('bytes=0-1,5-9', 1000)).toBeNull();
    expect(byteRange('items=0-1', 1000)).toBeNull();
  });
});
