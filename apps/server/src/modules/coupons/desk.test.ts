import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { schema } from '@milli/db';
import { createTestApp, type TestApp } from '../../testing.ts';
import { createShopper, createStaff, placeOrder, type TestStaff } from '../../testing-factories.ts';

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
const fresh = (prefix = 'TEST') => `${prefix}${++n}${Date.now().toString(36).toUpperCase()}`.slice(0, 30);

async function create(body: Record<string, unknown>, who: { cookie: string } = catalogue) {
  const res = await send('POST', '/api/admin/coupons', who, { kind: 'percent', value: 10, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; code: string; [k: string]: unknown };
}

const auditOf = (id: number) =>
  t.database.db
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.entity, 'coupon'), eq(schema.auditLog.entityId, String(id))))
    .orderBy(schema.auditLog.id);

/** A piece the shop sells, priced as the cart prices it. */
async function piece(minPaise: number) {
  const rows = await t.database.db.query.products.findMany({
    where: (p, { and: all, eq: is, gte, gt, isNull }) => all(is(p.active, true), gte(p.listPricePaise, minPaise), gt(p.stock, 5), isNull(p.sizeKind)),
    limit: 1,
  });
  return rows[0]!.id;
}
const applyAsGuest = (code: string, productId: number) =>
  t.app.inject({ method: 'POST', url: '/api/coupons/apply', payload: { code, cartItems: JSON.stringify([{ productId, quantity: 1 }]) } });

describe('who may manage coupons', () => {
  it('refuses a guest, a customer and the orders desk; lets the catalogue desk and the owner in', async () => {
    const shopper = await createShopper(t.app);
    const routes: [Parameters<typeof send>[0], string, object?][] = [
      ['GET', '/api/admin/coupons'],
      ['GET', '/api/admin/coupons/1'],
      ['POST', '/api/admin/coupons', { code: 'NOPE', kind: 'percent', value: 5 }],
      ['PATCH', '/api/admin/coupons/1', { value: 5 }],
      ['POST', '/api/admin/coupons/1/deactivate'],
      ['DELETE', '/api/admin/coupons/1'],
    ];
    for (const [method, url, body] of routes) {
      expect((await send(method, url, null, body)).statusCode, `${method} ${url} guest`).toBe(401);
      expect((await send(method, url, { cookie: shopper.cookie }, body)).statusCode, `${method} ${url} customer`).toBe(401);
      const refused = await send(method, url, orders, body);
      expect(refused.statusCode, `${method} ${url} orders`).toBe(403);
      expect(refused.json().code).toBe('PERMISSION_DENIED');
    }
    expect((await t.database.db.select().from(schema.coupons).where(eq(schema.coupons.code, 'NOPE'))).length).toBe(0);
    expect((await send('GET', '/api/admin/coupons', catalogue)).statusCode).toBe(200);
    expect((await send('GET', '/api/admin/coupons', owner)).statusCode).toBe(200);
  });
});

describe('POST /api/admin/coupons', () => {
  it('stores the code upper case, rupees as paise, and audits the write with who made it', async () => {
    const code = fresh('diwali');
    const c = await create({
      code: code.toLowerCase(),
      description: 'Diwali week',
      kind: 'percent',
      value: 12,
      maxDiscountRupees: 1500,
      minOrderRupees: '5,000',
      usageLimit: 100,
      perCustomerLimit: 1,
    });
    expect(c).toMatchObject({
      code: code.toUpperCase(),
      kind: 'percent',
      value: 12,
      valueStored: 12,
      maxDiscountPaise: 1500_00,
      maxDiscountRupees: 1500,
      minOrderPaise: 5000_00,
      usageLimit: 100,
      perCustomerLimit: 1,
      active: true,
      status: 'active',
      used: 0,
    });
    const [row] = await t.database.db.select().from(schema.coupons).where(eq(schema.coupons.id, c.id));
    expect(row).toMatchObject({ code: code.toUpperCase(), value: 12, maxDiscountPaise: 1500_00, minOrderPaise: 5000_00 });
    const [entry] = await auditOf(c.id);
    expect(entry).toMatchObject({ action: 'create', entity: 'coupon', staffId: catalogue.id, staffEmail: catalogue.email, before: null });
    expect(entry!.after).toMatchObject({ code: code.toUpperCase(), value: 12, maxDiscountPaise: 1500_00 });

    const fixed = await create({ code: fresh('FLAT'), kind: 'fixed', value: '750.50' });
    expect(fixed).toMatchObject({ kind: 'fixed', value: 750.5, valueStored: 750_50, maxDiscountPaise: null, minOrderPaise: 0 });
  });

  it('reads dates without an offset as India time, and keeps the start given', async () => {
    const c = await create({ code: fresh(), startsAt: '2030-01-01T10:00', endsAt: '2030-01-31' });
    expect(c).toMatchObject({ startsAt: '2030-01-01T04:30:00.000Z', endsAt: '2030-01-30T18:30:00.000Z', status: 'scheduled' });
  });

  it('refuses a code in use, whatever its case, with a message on the code field', async () => {
    const code = fresh('SAME');
    await create({ code });
    const again = await send('POST', '/api/admin/coupons', catalogue, { code: code.toLowerCase(), kind: 'fixed', value: 100 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', fields: { code: expect.stringContaining(code) } });
  });

  it('answers every constraint with a message on its field, and writes nothing', async () => {
    const before = (await t.database.db.select().from(schema.coupons)).length;
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ kind: 'percent', value: 10 }, 'code', /enter the code/],
      [{ code: 'HAS SPACE', kind: 'percent', value: 10 }, 'code', /letters, digits/],
      [{ code: 'x'.repeat(31), kind: 'percent', value: 10 }, 'code', /at most 30/],
      [{ code: 'OK1', value: 10 }, 'kind', /percent off or a fixed amount/],
      [{ code: 'OK1', kind: 'percent' }, 'value', /enter the discount/],
      [{ code: 'OK1', kind: 'percent', value: 150 }, 'value', /1 to 100/],
      [{ code: 'OK1', kind: 'percent', value: 0 }, 'value', /1 to 100/],
      [{ code: 'OK1', kind: 'percent', value: 12.5 }, 'value', /whole number from 1 to 100/],
      [{ code: 'OK1', kind: 'fixed', value: 0.5 }, 'value', /at least ₹1/],
      [{ code: 'OK1', kind: 'fixed', value: 10.555 }, 'value', /2 decimal places/],
      [{ code: 'OK1', kind: 'fixed', value: 'lots' }, 'value', /must be a number/],
      [{ code: 'OK1', kind: 'fixed', value: 100, maxDiscountRupees: 50 }, 'maxDiscountRupees', /Only a percent coupon/],
      [{ code: 'OK1', kind: 'percent', value: 10, minOrderRupees: -1 }, 'minOrderRupees', /cannot be below 0/],
      [{ code: 'OK1', kind: 'percent', value: 10, startsAt: '2030-02-01T00:00', endsAt: '2030-01-01T00:00' }, 'endsAt', /after the start/],
      [{ code: 'OK1', kind: 'percent', value: 10, endsAt: 'next week' }, 'endsAt', /date and time/],
      [{ code: 'OK1', kind: 'percent', value: 10, startsAt: '2030-02-30' }, 'startsAt', /date and time/],
      [{ code: 'OK1', kind: 'percent', value: 10, usageLimit: 0 }, 'usageLimit', /below 1/],
      [{ code: 'OK1', kind: 'percent', value: 10, usageLimit: 2.5 }, 'usageLimit', /whole number/],
      [{ code: 'OK1', kind: 'percent', value: 10, usageLimit: 5, perCustomerLimit: 6 }, 'perCustomerLimit', /more than the usage limit/],
    ];
    for (const [body, field, message] of cases) {
      const res = await send('POST', '/api/admin/coupons', catalogue, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('INVALID_REQUEST');
      expect(res.json().fields?.[field], `${JSON.stringify(body)} → ${res.body}`).toMatch(message);
    }
    // A form post (the no-JavaScript form) is read the same way.
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/admin/coupons',
      headers: { cookie: catalogue.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'code=&kind=percent&value=500',
    });
    expect(form.statusCode).toBe(400);
    expect(form.json().fields).toMatchObject({ code: expect.any(String), value: expect.stringMatching(/1 to 100/) });
    expect((await t.database.db.select().from(schema.coupons)).length).toBe(before);
  });
});

describe('what the back office writes is what the cart applies', () => {
  it('a new coupon works at the cart; a deactivated one does not; a changed one applies its new value', async () => {
    const productId = await piece(20_000_00);
    const code = fresh('CART');
    const c = await create({ code, kind: 'fixed', value: 1234 });
    const applied = await applyAsGuest(code.toLowerCase(), productId);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ code, discountPaise: 1234_00 });

    const changed = await send('PATCH', `/api/admin/coupons/${c.id}`, catalogue, { kind: 'percent', value: 5, maxDiscountRupees: 100 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await applyAsGuest(code, productId)).json()).toMatchObject({ discountPaise: 100_00 });

    const off = await send('POST', `/api/admin/coupons/${c.id}/deactivate`, catalogue);
    expect(off.json()).toMatchObject({ active: false, status: 'inactive' });
    const refused = await applyAsGuest(code, productId);
    expect(refused.json().code).toBe('COUPON_INACTIVE');

    const audit = await auditOf(c.id);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'deactivate']);
    expect(audit[1]!.before).toMatchObject({ kind: 'fixed', value: 1234_00 });
    expect(audit[1]!.after).toMatchObject({ kind: 'percent', value: 5, maxDiscountPaise: 100_00 });
  });

  it('a scheduled coupon is refused until its start, an expired one after its end', async () => {
    const productId = await piece(20_000_00);
    const later = await create({ code: fresh('LATER'), startsAt: '2099-01-01T00:00' });
    expect((await applyAsGuest(later.code, productId)).json().code).toBe('COUPON_NOT_YET_VALID');
    const past = await create({ code: fresh('PAST'), startsAt: '2020-01-01', endsAt: '2020-02-01' });
    expect(past.status).toBe('expired');
    expect((await applyAsGuest(past.code, productId)).json().code).toBe('COUPON_EXPIRED');
  });
});

describe('PATCH, deactivate and delete', () => {
  it('checks a change as the whole form, keeps the start, and answers 404 for no coupon', async () => {
    const c = await create({ code: fresh(), kind: 'percent', value: 20, startsAt: '2030-01-01T00:00', endsAt: '2030-03-01T00:00' });
    const bad = await send('PATCH', `/api/admin/coupons/${c.id}`, catalogue, { endsAt: '2029-12-01T00:00' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.endsAt).toMatch(/after the start/);
    const toFixed = await send('PATCH', `/api/admin/coupons/${c.id}`, catalogue, { kind: 'fixed' });
    expect(toFixed.statusCode).toBe(200);
    expect(toFixed.json()).toMatchObject({ kind: 'fixed', value: 20, valueStored: 20_00, startsAt: c.startsAt });
    const other = await create({ code: fresh('OTHER') });
    const clash = await send('PATCH', `/api/admin/coupons/${c.id}`, catalogue, { code: other.code.toLowerCase() });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().fields.code).toContain(other.code);
    expect((await send('PATCH', '/api/admin/coupons/999999', catalogue, { value: 5 })).statusCode).toBe(404);
    expect((await send('GET', '/api/admin/coupons/abc', catalogue)).statusCode).toBe(400);
    expect((await send('GET', '/api/admin/coupons/999999', catalogue)).statusCode).toBe(404);
  });

  it('deletes an unused coupon (audited), and refuses to delete a used one, which it can deactivate', async () => {
    const unused = await create({ code: fresh('GONE') });
    const gone = await send('DELETE', `/api/admin/coupons/${unused.id}`, owner);
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await send('GET', `/api/admin/coupons/${unused.id}`, owner)).statusCode).toBe(404);
    expect((await auditOf(unused.id)).map((a) => [a.action, a.staffEmail])).toEqual([
      ['create', catalogue.email],
      ['delete', owner.email],
    ]);

    const code = fresh('USED');
    const used = await create({ code, kind: 'fixed', value: 100 });
    const shopper = await createShopper(t.app);
    const order = await placeOrder(t.app, shopper, { productId: await piece(20_000_00), fields: { couponCode: code } });
    expect(order.statusCode, order.body).toBe(200);
    const detail = await send('GET', `/api/admin/coupons/${used.id}`, catalogue);
    expect(detail.json().used).toBe(1);
    const refused = await send('DELETE', `/api/admin/coupons/${used.id}`, catalogue);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'IN_USE', message: expect.stringMatching(/used on 1 order.*deactivate it instead/) });
    expect((await send('POST', `/api/admin/coupons/${used.id}/deactivate`, catalogue)).json()).toMatchObject({ active: false, used: 1 });
  });
});

describe('GET /api/admin/coupons', () => {
  it('searches code and description, filters by status, sorts by code, end and use, and pages', async () => {
    const tag = fresh('LST').slice(0, 10);
    await create({ code: `${tag}A`, description: 'Akshaya Tritiya', endsAt: '2099-05-01' });
    await create({ code: `${tag}B`, description: 'Wedding season', endsAt: '2098-05-01' });
    await create({ code: `${tag}C`, description: 'Old', startsAt: '2020-01-01', endsAt: '2020-01-02' });
    await create({ code: `${tag}D`, description: 'Soon', startsAt: '2099-01-01' });
    const list = async (query: string) => {
      const res = await send('GET', `/api/admin/coupons?q=${tag}&${query}`, catalogue);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { data: { code: string; status: string }[]; total: number; page: number; perPage: number; totalPages: number };
    };
    expect((await list('')).data.map((c) => c.code)).toEqual([`${tag}A`, `${tag}B`, `${tag}C`, `${tag}D`]);
    expect((await list('dir=desc')).data.map((c) => c.code)[0]).toBe(`${tag}D`);
    expect((await list('status=active')).data.map((c) => c.code)).toEqual([`${tag}A`, `${tag}B`]);
    expect((await list('status=expired')).data.map((c) => c.code)).toEqual([`${tag}C`]);
    expect((await list('status=scheduled')).data.map((c) => c.code)).toEqual([`${tag}D`]);
    expect((await list('sort=ends')).data.map((c) => c.code)).toEqual([`${tag}C`, `${tag}B`, `${tag}A`, `${tag}D`]);
    expect((await list('sort=used&dir=desc')).total).toBe(4);
    const bySearch = await send('GET', '/api/admin/coupons?q=akshaya', catalogue);
    expect(bySearch.json().data.map((c: { code: string }) => c.code)).toContain(`${tag}A`);
    expect(await list('perPage=25&page=2')).toMatchObject({ data: [], total: 4, page: 2, totalPages: 1 });
    const bad = await send('GET', '/api/admin/coupons?status=lost&sort=price&perPage=7', catalogue);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['perPage', 'sort', 'status']);
    // A search with LIKE's own characters matches them as text: '%' finds the coupons that say '%', not every one.
    const percent = (await send('GET', '/api/admin/coupons?q=%25&perPage=100', catalogue)).json() as {
      data: { code: string; description: string }[];
      total: number;
    };
    expect(percent.total).toBeLessThan((await send('GET', '/api/admin/coupons', catalogue)).json().total);
    for (const c of percent.data) expect(`${c.code} ${c.description}`).toContain('%');
  });
});
