import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { schema } from '@milli/db';
import { createTestApp, type TestApp } from '../../testing.ts';
import { createShopper, createStaff, placeOrder, type TestStaff } from '../../testing-factories.ts';
import { stripStatus } from './offer-strip.ts';

let t: TestApp;
let owner: TestStaff;
let catalogue: TestStaff;
let orders: TestStaff;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  owner = await createStaff(t.app, { role: 'owner' });
  catalogue = await createStaff(t.app, { role: 'catalogue' });
  orders = await createStaff(t.app, { role: 'orders' });
});
afterAll(() => t?.close());

const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who: { cookie: string } | null, payload?: object) =>
  t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });

let n = 0;
const fresh = (prefix = 'STRIP') => `${prefix}${++n}${Date.now().toString(36).toUpperCase()}`.slice(0, 30);
const HOUR = 3_600_000;

async function coupon(body: Record<string, unknown> = {}) {
  const res = await send('POST', '/api/admin/coupons', catalogue, { code: fresh(), kind: 'percent', value: 10, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; code: string };
}

async function message(body: Record<string, unknown>) {
  const res = await send('POST', '/api/admin/offer-strip', catalogue, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; status: string; couponCode: string | null; linkPath: string | null };
}

/** What the home page gets: the strip as every visitor sees it. */
async function strip() {
  await t.app.readCache.caughtUp();
  const res = await send('GET', '/api/offer-strip', null);
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: { id: number; text: string; couponCode: string | null; linkPath: string | null }[] }).data;
}

async function clear() {
  const { data } = (await send('GET', '/api/admin/offer-strip', catalogue)).json() as { data: { id: number }[] };
  for (const m of data) expect((await send('DELETE', `/api/admin/offer-strip/${m.id}`, catalogue)).statusCode).toBe(200);
}

describe('who may write the offers strip', () => {
  it('refuses a guest, a customer and the orders desk; lets the catalogue desk and the owner in', async () => {
    const shopper = await createShopper(t.app);
    const routes: [Parameters<typeof send>[0], string, object?][] = [
      ['GET', '/api/admin/offer-strip'],
      ['GET', '/api/admin/offer-strip/1'],
      ['POST', '/api/admin/offer-strip', { text: 'Nope' }],
      ['PATCH', '/api/admin/offer-strip/1', { text: 'Nope' }],
      ['DELETE', '/api/admin/offer-strip/1'],
    ];
    for (const [method, url, body] of routes) {
      expect((await send(method, url, null, body)).statusCode, `${method} ${url} guest`).toBe(401);
      expect((await send(method, url, { cookie: shopper.cookie }, body)).statusCode, `${method} ${url} customer`).toBe(401);
      expect((await send(method, url, orders, body)).statusCode, `${method} ${url} orders`).toBe(403);
    }
    expect(await t.database.db.select().from(schema.offerStrip)).toEqual([]);
    expect((await send('GET', '/api/admin/offer-strip', owner)).statusCode).toBe(200);
  });
});

describe('the strip on the home page', () => {
  it('shows a message staff add at once, in their order, and its audit record names who wrote it', async () => {
    await clear();
    const second = await message({ text: 'Free shipping on every order', position: 2 });
    const first = await message({ text: 'New: the Diwali collection', linkPath: '/alljewellery?material=gold', position: 1 });
    expect((await strip()).map((m) => m.text)).toEqual(['New: the Diwali collection', 'Free shipping on every order']);
    expect((await strip())[0]).toMatchObject({ id: first.id, linkPath: '/alljewellery?material=gold', couponCode: null });
    const audit = await t.database.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entity, 'offer-strip'), eq(schema.auditLog.entityId, String(second.id))));
    expect(audit).toMatchObject([{ action: 'create', staffEmail: catalogue.email }]);

    expect((await send('PATCH', `/api/admin/offer-strip/${second.id}`, catalogue, { active: false })).json()).toMatchObject({ status: 'off' });
    expect((await strip()).map((m) => m.id)).toEqual([first.id]);
    await send('DELETE', `/api/admin/offer-strip/${first.id}`, catalogue);
    expect(await strip()).toEqual([]);
  });

  it('keeps a message to its dates', async () => {
    await clear();
    const later = await message({ text: 'Starts tomorrow', startsAt: new Date(Date.now() + 24 * HOUR).toISOString() });
    expect(later.status).toBe('scheduled');
    const ended = await message({ text: 'Ended', startsAt: new Date(Date.now() - 2 * HOUR).toISOString(), endsAt: new Date(Date.now() - HOUR).toISOString() });
    expect(ended.status).toBe('ended');
    expect(await strip()).toEqual([]);
    const refused = await send('POST', '/api/admin/offer-strip', catalogue, { text: 'Backwards', startsAt: '2026-12-02T10:00', endsAt: '2026-12-01T10:00' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toMatchObject({ endsAt: 'The end must be after the start.' });
  });

  it('takes a link only to a path of this store', async () => {
    await clear();
    for (const link of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '/a b', 'alljewellery']) {
      const res = await send('POST', '/api/admin/offer-strip', catalogue, { text: 'Look', linkPath: link });
      expect(res.statusCode, link).toBe(400);
      expect(res.json().fields.linkPath, link).toMatch(/path of this store/);
    }
    expect((await message({ text: 'Look', linkPath: '/cart#coupon' })).linkPath).toBe('/cart#coupon');
  });

  it('holds at most five messages', async () => {
    await clear();
    for (let i = 0; i < 5; i++) await message({ text: `Offer ${i}` });
    const sixth = await send('POST', '/api/admin/offer-strip', catalogue, { text: 'One too many' });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().message).toMatch(/at most 5/);
  });
});

describe('a message that advertises a coupon', () => {
  it('names a coupon that exists and is live, or is refused', async () => {
    await clear();
    const unknown = await send('POST', '/api/admin/offer-strip', catalogue, { text: '10% off', couponCode: 'NOSUCHCODE' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields.couponCode).toMatch(/There is no coupon NOSUCHCODE/);
    const off = await coupon({ active: false });
    const expired = await coupon({ startsAt: new Date(Date.now() - 3 * HOUR).toISOString(), endsAt: new Date(Date.now() - HOUR).toISOString() });
    const later = await coupon({ startsAt: new Date(Date.now() + 24 * HOUR).toISOString() });
    for (const c of [off, expired, later]) {
      const res = await send('POST', '/api/admin/offer-strip', catalogue, { text: 'Save now', couponCode: c.code.toLowerCase() });
      expect(res.statusCode, c.code).toBe(400);
      expect(res.json().fields.couponCode).toMatch(/is not live/);
    }
    const live = await coupon();
    expect(await message({ text: 'Save 10%', couponCode: live.code.toLowerCase() })).toMatchObject({ couponCode: live.code, status: 'showing' });
    expect((await strip()).map((m) => m.couponCode)).toEqual([live.code]);
  });

  it('leaves the strip when its coupon is deactivated, used up or deleted, and never shows an untrue offer', async () => {
    await clear();
    const once = await coupon({ usageLimit: 1 });
    const plain = await message({ text: 'First order: 10% off', couponCode: once.code });
    const deactivated = await coupon();
    await message({ text: 'Weekend: 10% off', couponCode: deactivated.code });
    const deleted = await coupon();
    await message({ text: 'Today: 10% off', couponCode: deleted.code });
    expect(await strip()).toHaveLength(3);

    expect((await send('POST', `/api/admin/coupons/${deactivated.id}/deactivate`, catalogue)).statusCode).toBe(200);
    expect((await strip()).map((m) => m.couponCode).sort()).toEqual([deleted.code, once.code].sort());

    expect((await send('DELETE', `/api/admin/coupons/${deleted.id}`, catalogue)).statusCode).toBe(200);
    expect((await strip()).map((m) => m.couponCode)).toEqual([once.code]);

    // Its one use taken by an order: the database announces it, and the kept strip is forgotten.
    const shopper = await createShopper(t.app);
    const [piece] = await t.database.db.query.products.findMany({
      where: (p, { and: all, eq: is, gt, isNull }) => all(is(p.active, true), gt(p.stock, 5), isNull(p.sizeKind)),
      limit: 1,
    });
    const placed = await placeOrder(t.app, shopper, { productId: piece!.id, fields: { couponCode: once.code } });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(await strip()).toEqual([]);
    const listed = (await send('GET', '/api/admin/offer-strip', catalogue)).json() as { data: { id: number; status: string }[] };
    expect(listed.data.find((m) => m.id === plain.id)?.status).toBe('coupon-not-live');
    // Turning it on again is refused while its coupon is used up.
    await send('PATCH', `/api/admin/offer-strip/${plain.id}`, catalogue, { active: false });
    const again = await send('PATCH', `/api/admin/offer-strip/${plain.id}`, catalogue, { active: true });
    expect(again.statusCode).toBe(400);
    expect(again.json().fields.couponCode).toMatch(/is not live/);
  });

  it('is judged by its own dates and its coupon’s at the moment asked', () => {
    const at = new Date('2026-12-01T10:00:00Z');
    const row = { active: true, startsAt: new Date('2026-11-30T00:00:00Z'), endsAt: null };
    const live = { code: 'X', active: true, startsAt: new Date('2026-11-01T00:00:00Z'), endsAt: new Date('2026-12-01T10:00:01Z'), usageLimit: 3, used: 2 };
    expect(stripStatus(row, live, at)).toBe('showing');
    expect(stripStatus(row, live, new Date('2026-12-01T10:00:01Z'))).toBe('coupon-not-live');
    expect(stripStatus(row, { ...live, used: 3 }, at)).toBe('coupon-not-live');
    expect(stripStatus(row, { ...live, startsAt: new Date('2026-12-02T00:00:00Z') }, at)).toBe('coupon-not-live');
    expect(stripStatus({ ...row, endsAt: at }, null, at)).toBe('ended');
    expect(stripStatus({ ...row, active: false }, live, at)).toBe('off');
  });
});
