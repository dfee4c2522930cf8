/**
 * The sizer desk (issue 19): the queue of 'Get Free Sizer' requests, searched and filtered, marked Sent (mailed
 * once) and Closed, never back, audited; the orders desk's. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { schema } from '@milli/db';
import { AdminSizerPageSchema } from '@milli/contracts/schemas';
import { createTestApp, type TestApp } from '../../testing.ts';
import { createProduct, createShopper, createStaff, type TestStaff } from '../../testing-factories.ts';

let t: TestApp;
let owner: TestStaff;
let orders: TestStaff;
let catalogue: TestStaff;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  owner = await createStaff(t.app, { role: 'owner' });
  orders = await createStaff(t.app, { role: 'orders' });
  catalogue = await createStaff(t.app, { role: 'catalogue' });
}, 120_000);
afterAll(() => t?.close());

const send = (method: 'GET' | 'POST', url: string, who: { cookie: string } | null, payload?: object) =>
  t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });

let asked = 0;
/** A request as the product page's form sends it (each from its own address, clear of the per-address limit). */
async function ask(fields: { name: string; phone: string; email: string; address: string; productId?: number }, cookie?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/sizer-requests',
    payload: fields,
    remoteAddress: `10.219.0.${++asked}`,
    headers: cookie ? { cookie } : {},
  });
  expect(res.statusCode, res.body).toBe(200);
  const [row] = await t.database.db.select().from(schema.sizerRequests).where(eq(schema.sizerRequests.email, fields.email)).orderBy(schema.sizerRequests.id);
  return row!;
}

const list = async (query: string, who: { cookie: string } = orders) => {
  const res = await send('GET', `/api/admin/sizer-requests?${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  const page = res.json();
  expect(AdminSizerPageSchema.safeParse(page).success).toBe(true);
  return page as ReturnType<typeof AdminSizerPageSchema.parse>;
};
const mailsTo = (address: string) => t.database.db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.toAddress, address));
const auditOf = (id: number) =>
  t.database.db
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.entity, 'sizer-request'), eq(schema.auditLog.entityId, String(id))))
    .orderBy(schema.auditLog.id);

describe('who may work the sizer desk', () => {
  it('refuses a guest and a customer (401) and a member without the orders permission (403); lets orders and the owner in', async () => {
    const shopper = await createShopper(t.app);
    const one = await ask({ name: 'Refused Test', phone: '9876500001', email: 'sizer-refused@example.in', address: '4 Beach Road, Chennai 600001' });
    for (const [method, url, body] of [
      ['GET', '/api/admin/sizer-requests'],
      ['POST', `/api/admin/sizer-requests/${one.id}/status`, { status: 'Sent' }],
    ] as const) {
      expect((await send(method, url, null, body)).statusCode, `${method} ${url} guest`).toBe(401);
      expect((await send(method, url, shopper, body)).statusCode, `${method} ${url} customer`).toBe(401);
      const refused = await send(method, url, catalogue, body);
      expect(refused.statusCode, `${method} ${url} catalogue`).toBe(403);
      expect(refused.json().code).toBe('PERMISSION_DENIED');
    }
    const [still] = await t.database.db.select().from(schema.sizerRequests).where(eq(schema.sizerRequests.id, one.id));
    expect(still!.status).toBe('New');
    expect(await mailsTo('sizer-refused@example.in')).toHaveLength(0);
    expect((await send('GET', '/api/admin/sizer-requests', owner)).statusCode).toBe(200);
  });
});

describe('the queue', () => {
  it('lists every field, New first, searched by name, phone, e-mail, pincode or address, filtered by status', async () => {
    const ring = await createProduct(t.app.deps.database.db, { name: 'Sizer Test Solitaire', category: 'Rings' });
    const shopper = await createShopper(t.app, { username: 'sizer-shopper' });
    const a = await ask(
      { name: 'Lakshmi Queue', phone: '9876511111', email: 'sizer-a@example.in', address: '12 Temple Street, Madurai 625001', productId: ring.id },
      shopper.cookie,
    );
    const b = await ask({ name: 'Arjun Queue', phone: '9876522222', email: 'sizer-b@example.in', address: '7 MG Road, Bengaluru 560001' });
    const c = await ask({ name: 'Meera Queue', phone: '9876533333', email: 'sizer-c@example.in', address: '3 Park Street, Kolkata 700016' });
    // b was sent before; it queues after every New one.
    expect((await send('POST', `/api/admin/sizer-requests/${b.id}/status`, orders, { status: 'Sent' })).statusCode).toBe(200);

    const queue = await list('q=Queue');
    expect(queue.total).toBe(3);
    expect(queue.data.map((r) => r.id)).toEqual([a.id, c.id, b.id]);
    expect(queue.data[0]).toEqual({
      id: a.id,
      name: 'Lakshmi Queue',
      phone: '9876511111',
      email: 'sizer-a@example.in',
      address: '12 Temple Street, Madurai 625001',
      product: { id: ring.id, name: 'Sizer Test Solitaire' },
      customerId: shopper.id,
      status: 'New',
      createdAt: a.createdAt.toISOString(),
    });
    expect(queue.data[1]).toMatchObject({ product: null, customerId: null });

    const ids = async (query: string) => (await list(query)).data.map((r) => r.id);
    expect(await ids('q=625001')).toEqual([a.id]);
    expect(await ids('q=sizer-b%40example')).toEqual([b.id]);
    expect(await ids('q=98765%2033333')).toEqual([c.id]); // typed with a space
    expect(await ids('q=%2B91%209876533333')).toEqual([c.id]);
    expect(await ids('q=park%20street')).toEqual([c.id]);
    expect(await ids('q=arjun')).toEqual([b.id]);
    expect(await ids('q=Queue&status=Sent')).toEqual([b.id]);
    expect(await ids('q=Queue&status=New')).toEqual([a.id, c.id]);
    expect(await ids('q=Queue&sort=created&dir=desc')).toEqual([c.id, b.id, a.id]);
    expect(await ids('q=Queue&sort=created')).toEqual([a.id, b.id, c.id]);
    expect(await ids('q=50%25')).toEqual([]); // % is searched as itself

    const bad = await send('GET', '/api/admin/sizer-requests?status=Lost', orders);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/New, Sent or Closed/);
    expect((await send('GET', '/api/admin/sizer-requests?sort=phone', orders)).statusCode).toBe(400);
  });
});

describe('moving a request on', () => {
  it('goes New → Sent → Closed, mails the shopper once on Sent, audits each step, and never goes back (409)', async () => {
    const r = await ask({ name: 'Kavya Sent', phone: '9876544444', email: 'sizer-sent@example.in', address: '21 Lake View, Kochi 682001' });
    const url = `/api/admin/sizer-requests/${r.id}/status`;

    const sent = await send('POST', url, orders, { status: 'Sent', note: 'India Post EM123456789IN' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ id: r.id, status: 'Sent' });
    const mails = await mailsTo('sizer-sent@example.in');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'sizer-sent' });
    expect(mails[0]!.subject).toMatch(/ring sizer is on its way/);
    const brand = await t.database.db.select().from(schema.storeSettings);
    expect(mails[0]!.textBody).toContain(brand[0]!.helpLine);
    expect(mails[0]!.textBody).toContain('21 Lake View, Kochi 682001');
    expect(mails[0]!.htmlBody).toContain('Kavya Sent');

    // Sent again, or back to New: refused, nothing written, no second mail.
    const again = await send('POST', url, orders, { status: 'Sent' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already Sent/);

    const closed = await send('POST', url, owner, { status: 'Closed' });
    expect(closed.statusCode, closed.body).toBe(200);
    const back = await send('POST', url, orders, { status: 'Sent' });
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toMatch(/Closed: it cannot go back to Sent/);
    expect((await send('POST', url, orders, { status: 'Closed' })).statusCode).toBe(409);
    expect(await mailsTo('sizer-sent@example.in')).toHaveLength(1);

    const [row] = await t.database.db.select().from(schema.sizerRequests).where(eq(schema.sizerRequests.id, r.id));
    expect(row!.status).toBe('Closed');
    const audit = await auditOf(r.id);
    expect(audit.map((a) => [a.action, a.staffEmail])).toEqual([
      ['mark-sent', orders.email],
      ['close', owner.email],
    ]);
    expect(audit[0]).toMatchObject({ before: { status: 'New', email: 'sizer-sent@example.in' }, after: { status: 'Sent', note: 'India Post EM123456789IN' } });
    expect(audit[1]).toMatchObject({ before: { status: 'Sent' }, after: { status: 'Closed' } });
  });

  it('closes a New request without a mail; refuses New as a target, a missing request and bad notes with a clear message', async () => {
    const r = await ask({ name: 'Duplicate Close', phone: '9876555555', email: 'sizer-close@example.in', address: '9 Hill Road, Shimla 171001' });
    const url = `/api/admin/sizer-requests/${r.id}/status`;

    const newAgain = await send('POST', url, orders, { status: 'New' });
    expect(newAgain.statusCode).toBe(400);
    expect(newAgain.json().message).toMatch(/Sent or Closed/);
    expect((await send('POST', url, orders, {})).statusCode).toBe(400);
    const long = await send('POST', url, orders, { status: 'Closed', note: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/at most 500/);
    expect((await send('POST', '/api/admin/sizer-requests/99999999/status', orders, { status: 'Sent' })).statusCode).toBe(404);
    expect((await send('POST', '/api/admin/sizer-requests/abc/status', orders, { status: 'Sent' })).statusCode).toBe(400);

    // A form post, as the screen's action sends it without a note.
    const closed = await t.app.inject({
      method: 'POST',
      url,
      headers: { cookie: orders.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'status=Closed&note=',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().status).toBe('Closed');
    expect(await mailsTo('sizer-close@example.in')).toHaveLength(0);
    expect((await send('POST', url, orders, { status: 'Sent' })).statusCode).toBe(409);
    expect((await auditOf(r.id)).map((a) => a.action)).toEqual(['close']);
  });
});

describe('two members at once', () => {
  it('marks a request sent once when two post Sent together: one 200, one 409, one mail, one audit entry', async () => {
    const r = await ask({ name: 'Twice Clicked', phone: '9876577777', email: 'sizer-race@example.in', address: '8 Mall Road, Shimla 171001' });
    const url = `/api/admin/sizer-requests/${r.id}/status`;
    const answers = await Promise.all([send('POST', url, orders, { status: 'Sent' }), send('POST', url, owner, { status: 'Sent' })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await mailsTo('sizer-race@example.in')).toHaveLength(1);
    expect((await auditOf(r.id)).map((a) => a.action)).toEqual(['mark-sent']);
  });
});

describe('the dashboard', () => {
  it('counts the New requests waiting, and stops counting one once it is sent', async () => {
    const waiting = async () => (await send('GET', '/api/admin/dashboard', catalogue)).json().sizerRequestsWaiting as { status: string; count: number }[];
    const before = (await waiting())[0]!.count;
    const r = await ask({ name: 'Dashboard Count', phone: '9876566666', email: 'sizer-dash@example.in', address: '5 Fort Road, Mumbai 400001' });
    expect(await waiting()).toEqual([{ status: 'New', count: before + 1 }]);
    await send('POST', `/api/admin/sizer-requests/${r.id}/status`, orders, { status: 'Sent' });
    expect(await waiting()).toEqual([{ status: 'New', count: before }]);
  });
});
