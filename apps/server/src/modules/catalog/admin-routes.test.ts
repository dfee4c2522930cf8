import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { schema } from '@milli/db';
import { createTestApp, type TestApp } from '../../testing.ts';
import { createStaff } from '../../testing-factories.ts';

let t: TestApp;
let cookie = '';
let ordersCookie = '';

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

const bangle = {
  sku: 'API-BANGLE-1',
  name: 'Kangan Test Bangle',
  category: 'Bangles',
  tags: ['Kada'],
  material: 'Gold',
  purity: 22,
  metalWeightG: 12.5,
  makingChargeKind: 'per_gram',
  makingCharge: 650,
  sizeKind: 'bangle',
  sizes: ['2.4', '2.6'],
  stock: 3,
};

async function png(colour: { r: number; g: number; b: number }, width = 900, height = 700): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

function multipart(files: { name: string; bytes: Buffer; type: string }[], fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append('images', new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
  return new Response(form);
}

async function upload(id: number, files: { name: string; bytes: Buffer; type: string }[]) {
  const encoded = multipart(files);
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/products/${id}/images`,
    headers: { cookie, 'content-type': encoded.headers.get('content-type')! },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
}

describe('products API', () => {
  let id = 0;

  it('asks for a session and the catalogue permission', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/products' })).statusCode).toBe(401);
    expect((await json('GET', '/api/admin/products', undefined, ordersCookie)).statusCode).toBe(403);
    expect((await json('POST', '/api/admin/products', bangle, ordersCookie)).statusCode).toBe(403);
  });

  it('creates a product and answers its form; refuses bad fields with messages', async () => {
    const bad = await json('POST', '/api/admin/products', { ...bangle, purity: 20, tags: ['Nope'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.purity).toMatch(/14, 18, 22, 24/);
    const unknown = await json('POST', '/api/admin/products', { ...bangle, category: 'Hats' });
    expect(unknown.json().fields.category).toMatch(/Hats/);
    const extra = await json('POST', '/api/admin/products', { ...bangle, weight: 3 });
    expect(extra.json().fields.weight).toMatch(/no field/);

    const res = await json('POST', '/api/admin/products', bangle);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    id = body.id;
    expect(body.form).toMatchObject({ sku: 'API-BANGLE-1', makingChargeKind: 'per_gram', makingCharge: 650, metalWeightG: 12.5, tags: ['Kada'] });
    expect(body.listPricePaise).toBeGreaterThan(0);
    expect(body.image).toMatch(/^\/media\/art\//);

    const again = await json('POST', '/api/admin/products', bangle);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('SKU_TAKEN');
  });

  it('PATCHes any subset of the form by its field names', async () => {
    const res = await json('PATCH', `/api/admin/products/${id}`, { name: 'Kangan Meenakari Bangle' });
    expect(res.statusCode).toBe(200);
    expect(res.json().form.name).toBe('Kangan Meenakari Bangle');
    const before = res.json().listPricePaise;
    const heavier = await json('PATCH', `/api/admin/products/${id}`, { metalWeightG: 25 });
    expect(heavier.json().listPricePaise).toBeGreaterThan(before);
    const bad = await json('PATCH', `/api/admin/products/${id}`, { sizeKind: null });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.sizeKind).toMatch(/sizes/);
    const audit = await t.database.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.entityId, String(id)));
    expect(audit.map((a) => a.action)).toEqual(['product.create', 'product.update', 'product.update']);
  });

  it('answers today\u2019s price card for the preview', async () => {
    const card = (await json('GET', '/api/admin/products/price-card')).json();
    expect(card.metal['gold:22']).toBeGreaterThan(0);
    expect(card.diamond['SI-IJ']).toBeGreaterThan(0);
    expect(card.gstPercent).toBe(3);
  });

  it('joins and leaves sales that are not over', async () => {
    const before = (await json('GET', `/api/admin/products/${id}`)).json();
    const open = before.sales as { id: number; member: boolean }[];
    expect(open.length).toBeGreaterThan(0);
    const joined = await json('PUT', `/api/admin/products/${id}/sales`, { saleIds: [open[0]!.id] });
    expect(joined.json().sales[0].member).toBe(true);
    const left = await json('PUT', `/api/admin/products/${id}/sales`, { saleIds: [] });
    expect(left.json().sales.every((s: { member: boolean }) => !s.member)).toBe(true);
    expect((await json('PUT', `/api/admin/products/${id}/sales`, { saleIds: [999999] })).statusCode).toBe(400);
  });

  it('lists with search, filters, sort and pages', async () => {
    const res = await json('GET', '/api/admin/products?q=meenakari%20bangle&category=Bangles&sort=price&dir=desc');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((r: { id: number }) => r.id)).toContain(id);
    const bySku = await json('GET', '/api/admin/products?q=api-bangle');
    expect(bySku.json().total).toBe(1);
    const page = await json('GET', '/api/admin/products?perPage=25&page=2&sort=name');
    expect(page.json()).toMatchObject({ page: 2, perPage: 25 });
    expect((await json('GET', '/api/admin/products?sort=colour')).statusCode).toBe(400);
  });

  it('duplicates as an archived copy, archives, restores and acts in bulk', async () => {
    const copy = await json('POST', `/api/admin/products/${id}/duplicate`, {});
    expect(copy.statusCode).toBe(201);
    expect(copy.json().form).toMatchObject({ sku: 'API-BANGLE-1-C1', active: false, tags: ['Kada'] });
    const copyId = copy.json().id;
    expect((await json('POST', `/api/admin/products/${id}/archive`)).json().form.active).toBe(false);
    expect((await json('POST', `/api/admin/products/${id}/restore`)).json().form.active).toBe(true);
    const stock = await json('POST', '/api/admin/products/bulk', { ids: [id, copyId], action: 'set-stock', value: 0 });
    expect(stock.json().changed).toBe(2);
    const out = await json('GET', '/api/admin/products?stock=out&q=api-bangle');
    expect(out.json().total).toBe(2);
    const tag = await json('POST', '/api/admin/products/bulk', { ids: [id, copyId], action: 'add-tag', value: 'Temple' });
    expect(tag.json().changed).toBe(2);
    expect((await json('GET', `/api/admin/products/${copyId}`)).json().form.tags).toEqual(expect.arrayContaining(['Kada', 'Temple']));
    const wrongTag = await json('POST', '/api/admin/products/bulk', { ids: [id], action: 'add-tag', value: 'Solitaire' });
    expect(wrongTag.statusCode).toBe(400);
  });

  it('takes photos checked by content, stores AVIF and WebP renditions and serves them publicly', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><script>alert(1)</script></svg>');
    const refused = await upload(id, [{ name: 'a.png', bytes: svg, type: 'image/png' }]);
    expect(refused.statusCode).toBe(415);
    expect(refused.json().message).toMatch(/SVG/);
    const tiny = await upload(id, [{ name: 'tiny.png', bytes: await png({ r: 1, g: 2, b: 3 }, 50, 50), type: 'image/png' }]);
    expect(tiny.statusCode).toBe(415);

    const res = await upload(id, [
      { name: 'one.png', bytes: await png({ r: 200, g: 150, b: 40 }), type: 'image/png' },
      {
        name: 'two.jpg',
        bytes: await sharp(await png({ r: 90, g: 60, b: 20 }))
          .jpeg()
          .withMetadata({ exif: { IFD0: { Artist: 'secret' } } })
          .toBuffer(),
        type: 'image/jpeg',
      },
    ]);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.data).toHaveLength(2);
    expect(body.image).toBe(body.data[0].path);
    expect(body.data[0].path).toMatch(/^\/media\/catalogue\/products\/\d+\/[a-f0-9]{16}-640\.webp$/);
    expect(body.data[0].variants).toHaveLength(10);

    const served = await t.app.inject({ method: 'GET', url: body.data[1].variants.find((v: { format: string }) => v.format === 'avif').path });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/avif');
    expect(served.headers['cache-control']).toMatch(/immutable/);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: '/media/catalogue/products/1/../../x.webp' })).statusCode).toBe(404);

    // The storefront shows the first photo.
    const detail = await t.app.inject({ method: 'GET', url: `/api/product/find-by-id/${id}` });
    expect(JSON.stringify(detail.json())).toContain(body.data[0].path);

    // A duplicate gets copies of the photos, in its own folder: removing the original's never takes the copy's.
    const copy = (await json('POST', `/api/admin/products/${id}/duplicate`, { sku: 'API-BANGLE-PHOTOS' })).json();
    expect(copy.images).toHaveLength(2);
    expect(copy.images[0].path).toMatch(new RegExp(`^/media/catalogue/products/${copy.id}/[a-f0-9]{16}-640\\.webp$`));
    expect(copy.images[0].path).not.toBe(body.data[0].path);
    for (const v of copy.images[0].variants as { path: string }[]) expect((await t.app.inject({ method: 'GET', url: v.path })).statusCode).toBe(200);

    const [first, second] = body.data;
    const alt = await json('PATCH', `/api/admin/products/${id}/images/${second.id}`, { alt: 'Worn on the wrist' });
    expect(alt.json().data[1].alt).toBe('Worn on the wrist');
    const order = await json('PUT', `/api/admin/products/${id}/images/order`, { ids: [second.id, first.id] });
    expect(order.json().image).toBe(second.path);
    const removed = await json('DELETE', `/api/admin/products/${id}/images/${second.id}`);
    expect(removed.json().image).toBe(first.path);
    expect((await t.app.inject({ method: 'GET', url: second.path })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: copy.images[1].path })).statusCode).toBe(200);
  }, 60_000);
});

describe('taxonomy API', () => {
  it('lists, creates, renames and deletes; refuses to delete what products use', async () => {
    const list = await json('GET', '/api/admin/taxonomy');
    expect(list.statusCode).toBe(200);
    const bangles = list.json().categories.find((c: { name: string }) => c.name === 'Bangles');
    expect(bangles.products).toBeGreaterThan(5);
    expect(list.json().tags.find((t: { name: string }) => t.name === 'Kada').products).toBeGreaterThan(1);
    const inUse = await json('DELETE', `/api/admin/taxonomy/categories/${bangles.id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toMatchObject({ code: 'IN_USE', message: expect.stringMatching(/products/) });

    const created = await json('POST', '/api/admin/taxonomy/categories', { name: 'Anklets' });
    expect(created.statusCode).toBe(201);
    expect((await json('POST', '/api/admin/taxonomy/categories', { name: 'anklets' })).statusCode).toBe(409);
    const tag = await json('POST', '/api/admin/taxonomy/tags', { name: 'Payal', category: 'Anklets' });
    expect(tag.statusCode).toBe(201);
    expect((await json('PATCH', `/api/admin/taxonomy/tags/${tag.json().id}`, { name: 'Payal Pair' })).statusCode).toBe(200);
    expect((await json('DELETE', `/api/admin/taxonomy/tags/${tag.json().id}`)).statusCode).toBe(200);
    expect((await json('DELETE', `/api/admin/taxonomy/categories/${created.json().id}`)).statusCode).toBe(200);

    const stone = await json('POST', '/api/admin/taxonomy/stones', { name: 'Moonstone' });
    expect(stone.statusCode).toBe(201);
    const pearl = list.json().stones.find((s: { name: string }) => s.name === 'Pearl');
    expect((await json('DELETE', `/api/admin/taxonomy/stones/${pearl.id}`)).statusCode).toBe(409);
    const renamed = await json('PATCH', `/api/admin/taxonomy/stones/${pearl.id}`, { name: 'Pearls' });
    expect(renamed.statusCode).toBe(200);
    const search = await t.app.inject({ method: 'GET', url: '/api/admin/other-stones' });
    expect(JSON.stringify(search.json())).toContain('Pearls');

    const syn = await json('POST', '/api/admin/taxonomy/synonyms', { terms: 'payal, pajeb, anklet' });
    expect(syn.statusCode).toBe(201);
    expect((await json('POST', '/api/admin/taxonomy/synonyms', { terms: 'one' })).json().fields.terms).toBeTruthy();
    expect((await json('DELETE', `/api/admin/taxonomy/synonyms/${syn.json().id}`)).statusCode).toBe(200);

    const audit = await t.database.db.select({ action: schema.auditLog.action }).from(schema.auditLog);
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['category.create', 'tag.rename', 'stone.rename', 'synonym.delete', 'category.delete']));
  });
});
