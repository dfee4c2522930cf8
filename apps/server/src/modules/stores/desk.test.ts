import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { schema } from '@milli/db';
import { createTestApp, type TestApp } from '../../testing.ts';
import { createShopper, createStaff, type TestStaff } from '../../testing-factories.ts';

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

const STORE = {
  name: 'Milli Kutchery Road',
  city: 'Chennai',
  address: '12 Kutchery Road, Mylapore, Chennai',
  pincode: '600004',
  phone: '+91 44 4000 1199',
  hours: 'Mon-Sun 10:30 am - 8:30 pm',
  latitude: 13.0336,
  longitude: 80.2687,
  sortOrder: 5,
};

async function create(body: Record<string, unknown> = {}, who: { cookie: string } = catalogue) {
  const res = await send('POST', '/api/admin/stores', who, { ...STORE, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as typeof STORE & { id: number; active: boolean };
}

/** The store locator's list, as the storefront reads it (through the read cache). */
const locator = async () => (await t.app.inject({ url: '/api/stores' })).json().data as { id: number; name: string }[];
const auditOf = (id: number) =>
  t.database.db
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.entity, 'store'), eq(schema.auditLog.entityId, String(id))))
    .orderBy(schema.auditLog.id);

describe('who may manage stores', () => {
  it('refuses a guest, a customer and the orders desk; lets the catalogue desk and the owner in', async () => {
    const shopper = await createShopper(t.app);
    const [first] = await t.database.db.select().from(schema.stores).limit(1);
    const routes: [Parameters<typeof send>[0], string, object?][] = [
      ['GET', '/api/admin/stores'],
      ['GET', `/api/admin/stores/${first!.id}`],
      ['GET', '/api/admin/stores/position/600017'],
      ['POST', '/api/admin/stores', STORE],
      ['PATCH', `/api/admin/stores/${first!.id}`, { name: 'Taken over' }],
      ['DELETE', `/api/admin/stores/${first!.id}`],
    ];
    for (const [method, url, body] of routes) {
      expect((await send(method, url, null, body)).statusCode, `${method} ${url} guest`).toBe(401);
      expect((await send(method, url, { cookie: shopper.cookie }, body)).statusCode, `${method} ${url} customer`).toBe(401);
      const refused = await send(method, url, orders, body);
      expect(refused.statusCode, `${method} ${url} orders`).toBe(403);
      expect(refused.json().code).toBe('PERMISSION_DENIED');
    }
    const [still] = await t.database.db.select().from(schema.stores).where(eq(schema.stores.id, first!.id));
    expect(still!.name).toBe(first!.name);
    expect((await send('GET', '/api/admin/stores', catalogue)).statusCode).toBe(200);
    expect((await send('GET', '/api/admin/stores', owner)).statusCode).toBe(200);
  });
});

describe('stores written in the back office are what the store locator shows, at once', () => {
  it('adds, changes, hides and removes a store, each write audited and seen by the next /api/stores', async () => {
    expect((await locator()).some((s) => s.name === STORE.name)).toBe(false); // the answer is now in the read cache
    const store = await create();
    expect(store).toMatchObject({ ...STORE, active: true });
    expect((await locator()).find((s) => s.id === store.id)).toMatchObject({ name: STORE.name, pincode: '600004', latitude: 13.0336 });

    const renamed = await send('PATCH', `/api/admin/stores/${store.id}`, catalogue, { name: 'Milli Kutchery Tank' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Milli Kutchery Tank', city: 'Chennai', sortOrder: 5 });
    expect((await locator()).find((s) => s.id === store.id)?.name).toBe('Milli Kutchery Tank');
    const search = (await t.app.inject({ url: '/api/stores/search?q=kutchery tank' })).json();
    expect(search.data.map((s: { id: number }) => s.id)).toContain(store.id);

    expect((await send('PATCH', `/api/admin/stores/${store.id}`, catalogue, { active: false })).json().active).toBe(false);
    expect((await locator()).some((s) => s.id === store.id)).toBe(false);
    expect((await send('PATCH', `/api/admin/stores/${store.id}`, catalogue, { active: 'on' })).json().active).toBe(true);
    expect((await locator()).some((s) => s.id === store.id)).toBe(true);

    const removed = await send('DELETE', `/api/admin/stores/${store.id}`, owner);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await locator()).some((s) => s.id === store.id)).toBe(false);
    expect((await send('GET', `/api/admin/stores/${store.id}`, owner)).statusCode).toBe(404);
    expect((await send('DELETE', `/api/admin/stores/${store.id}`, owner)).statusCode).toBe(404);

    const audit = await auditOf(store.id);
    expect(audit.map((a) => [a.action, a.staffEmail])).toEqual([
      ['create', catalogue.email],
      ['update', catalogue.email],
      ['update', catalogue.email],
      ['update', catalogue.email],
      ['delete', owner.email],
    ]);
    expect(audit[1]).toMatchObject({ before: { name: 'Milli Kutchery Road' }, after: { name: 'Milli Kutchery Tank' } });
    expect(audit[4]).toMatchObject({ before: { name: 'Milli Kutchery Tank' }, after: null });
  });
});

describe('field messages', () => {
  it('answers every constraint on its field, for a new store and a change, and writes nothing', async () => {
    const before = (await t.database.db.select().from(schema.stores)).length;
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ name: '' }, 'name', /enter the name/],
      [{ name: 'x'.repeat(81) }, 'name', /at most 80/],
      [{ city: '  ' }, 'city', /enter the city/],
      [{ address: undefined }, 'address', /enter the address/],
      [{ pincode: '060001' }, 'pincode', /6 digits and does not start with 0/],
      [{ pincode: '6000' }, 'pincode', /6 digits/],
      [{ phone: '12345' }, 'phone', /\+91 and 10 digits/],
      [{ hours: '' }, 'hours', /enter the hours/],
      [{ latitude: '' }, 'latitude', /enter the latitude/],
      [{ latitude: 'north' }, 'latitude', /must be a number/],
      [{ latitude: 51.5, longitude: -0.12 }, 'latitude', /India lies between latitudes/],
      [{ longitude: 120 }, 'longitude', /India lies between longitudes/],
      [{ longitude: 80.123456789 }, 'longitude', /6 decimal places/],
      [{ sortOrder: -1 }, 'sortOrder', /below 0/],
      [{ sortOrder: 1.5 }, 'sortOrder', /whole number/],
      [{ active: 'maybe' }, 'active', /yes or no/],
    ];
    for (const [change, field, message] of cases) {
      const res = await send('POST', '/api/admin/stores', catalogue, { ...STORE, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().fields?.[field], `${JSON.stringify(change)} → ${res.body}`).toMatch(message);
    }
    const empty = await send('POST', '/api/admin/stores', catalogue, {});
    expect(Object.keys(empty.json().fields).sort()).toEqual(['address', 'city', 'hours', 'latitude', 'longitude', 'name', 'phone', 'pincode']);
    expect((await t.database.db.select().from(schema.stores)).length).toBe(before);

    const store = await create({ name: 'Milli Patch Test' });
    const bad = await send('PATCH', `/api/admin/stores/${store.id}`, catalogue, { pincode: '12345', phone: 'call us' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['phone', 'pincode']);
    expect((await send('GET', `/api/admin/stores/${store.id}`, catalogue)).json()).toMatchObject({ pincode: STORE.pincode, phone: STORE.phone });
    expect((await send('PATCH', '/api/admin/stores/999999', catalogue, { name: 'x' })).statusCode).toBe(404);
    expect((await send('PATCH', '/api/admin/stores/nope', catalogue, { name: 'x' })).statusCode).toBe(400);
    // Toll-free and mobile numbers are phones too.
    expect((await send('PATCH', `/api/admin/stores/${store.id}`, catalogue, { phone: '1800 266 0123' })).statusCode).toBe(200);
    expect((await send('PATCH', `/api/admin/stores/${store.id}`, catalogue, { phone: '98400 12345' })).statusCode).toBe(200);
  });
});

describe('GET /api/admin/stores/position/:pincode', () => {
  it("answers the centre of the pincode's city, or says it knows none", async () => {
    const res = await send('GET', '/api/admin/stores/position/600017', catalogue);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ pincode: '600017', place: 'Chennai', latitude: 13.0827, longitude: 80.2707 });
    const unknown = await send('GET', '/api/admin/stores/position/799001', catalogue);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().fields.pincode).toMatch(/enter the position yourself/);
    const bad = await send('GET', '/api/admin/stores/position/0123', catalogue);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.pincode).toMatch(/6 digits/);
  });
});

describe('GET /api/admin/stores', () => {
  it('searches, filters open or not, sorts and pages', async () => {
    const a = await create({ name: 'Milli Zeta Listing', city: 'Pune', pincode: '411001', latitude: 18.52, longitude: 73.85, sortOrder: 2 });
    const b = await create({ name: 'Milli Alpha Listing', city: 'Pune', pincode: '411004', latitude: 18.51, longitude: 73.84, sortOrder: 1, active: false });
    const list = async (query: string) => {
      const res = await send('GET', `/api/admin/stores?${query}`, catalogue);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { data: { id: number; name: string }[]; total: number; totalPages: number };
    };
    expect((await list('q=listing')).data.map((s) => s.id)).toEqual([b.id, a.id]); // city, then the chosen order
    expect((await list('q=listing&sort=name&dir=desc')).data.map((s) => s.id)).toEqual([a.id, b.id]);
    expect((await list('q=listing&active=no')).data.map((s) => s.id)).toEqual([b.id]);
    const byPin = (await list('q=411001')).data.map((s) => s.id);
    expect(byPin).toContain(a.id);
    expect(byPin).not.toContain(b.id);
    const all = await list('perPage=25');
    expect(all.total).toBeGreaterThan(2);
    expect(all.totalPages).toBe(Math.ceil(all.total / 25));
    const bad = await send('GET', '/api/admin/stores?active=maybe&sort=distance', catalogue);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['active', 'sort']);
  });
});
