/**
 * The back office's one search box (issue 39): each kind of key a caller gives (a phone number in the spellings people
 * paste, an e-mail, a name, an order number, a HUID, an AWB, a custom request's number, a product's name or SKU, a PIN
 * or a locality), and the groups a member's role may see. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { schema, type Db } from '@milli/db';
import { AdminSearchAnswerSchema, type AdminSearchAnswer } from '@milli/contracts/schemas';
import { createTestApp, type TestApp } from '../../testing.ts';
import { createShopper, createStaff, type TestShopper, type TestStaff } from '../../testing-factories.ts';
import { createOrder, testHuid } from '../orders/testing.ts';
import { requestNumber } from '../../lib/request-number.ts';

let t: TestApp;
let db: Db;
let owner: TestStaff;
let ordersDesk: TestStaff;
let catalogue: TestStaff;
let design: TestStaff;
let kavya: TestShopper;
let order: Awaited<ReturnType<typeof createOrder>>;
let other: Awaited<ReturnType<typeof createOrder>>;
let requestId: number;
const huid = testHuid();

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  db = t.database.db;
  [owner, ordersDesk, catalogue, design] = await Promise.all([
    createStaff(t.app, { role: 'owner' }),
    createStaff(t.app, { role: 'orders' }),
    createStaff(t.app, { role: 'catalogue' }),
    createStaff(t.app, { role: 'design' }),
  ]);
  kavya = await createShopper(t.app, { username: 'search-kavya', email: 'kavya.search@example.in' });
  // The account's mobile as the shopper typed it, with the country code and spaces.
  await db
    .update(schema.customers)
    .set({ firstName: 'Kavyashree', lastName: 'Raghunathan', mobile: '+91 90031 22446' })
    .where(eq(schema.customers.id, kavya.id));
  order = await createOrder(db, {
    customerId: kavya.id,
    status: 'Out for Delivery',
    shipping: { phone: '9003122447', pincode: '600004', city: 'Chennai', address: '4 Kutcheri Road, Mylapore' },
  });
  await db.update(schema.orders).set({ awbNumber: 'XB-77123456', courierName: 'Xpress' }).where(eq(schema.orders.id, order.id));
  const [line] = await db.select().from(schema.orderLines).where(eq(schema.orderLines.orderId, order.id));
  await db.insert(schema.orderPieces).values({ orderId: order.id, lineId: line!.id, huid, netWeightMg: 5_000, grossWeightMg: 5_200 });
  // Another order far away, which none of the keys above finds.
  const ravi = await createShopper(t.app, { username: 'search-ravi' });
  other = await createOrder(db, { customerId: ravi.id, shipping: { phone: '9811100022', pincode: '110001', city: 'New Delhi', address: '1 Janpath' } });
  const [request] = await db
    .insert(schema.customDesignRequests)
    .values({ customerId: kavya.id, metalType: 'gold', goldQuality: 22, category: 'Bangle', remarks: 'A temple bangle' })
    .returning();
  requestId = request!.id;
}, 120_000);
afterAll(() => t?.close());

async function search(q: string, who: { cookie: string } = owner): Promise<AdminSearchAnswer> {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/search?q=${encodeURIComponent(q)}`, headers: { cookie: who.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  const parsed = AdminSearchAnswerSchema.safeParse(res.json());
  expect(parsed.success, JSON.stringify(parsed.error)).toBe(true);
  return parsed.data!;
}
const orderHit = (answer: AdminSearchAnswer, orderNumber: string) => answer.orders?.find((o) => o.orderNumber === orderNumber);

describe('search by anything a caller gives', () => {
  it('finds orders and the customer by a phone number in each spelling people paste', async () => {
    for (const typed of ['+91 90031 22447', '09003122447', '90031-22447', '919003122447']) {
      const answer = await search(typed);
      expect(answer.phone, typed).toBe('9003122447');
      expect(orderHit(answer, order.orderNumber)?.matched, typed).toBe('phone');
      expect(orderHit(answer, other.orderNumber), typed).toBeUndefined();
      // The customer whose order went to that phone.
      expect(
        answer.customers?.map((c) => c.id),
        typed,
      ).toContain(kavya.id);
    }
    // The account's own mobile, stored as typed with +91 and spaces, found from a bare ten digits and a trunk 0.
    for (const typed of ['9003122446', '0 90031 22446']) {
      const answer = await search(typed);
      expect(answer.customers?.find((c) => c.id === kavya.id)?.matched, typed).toBe('phone');
      expect(orderHit(answer, order.orderNumber)?.matched, typed).toBe('phone');
    }
  });

  it('finds by order number, e-mail and name', async () => {
    const byNumber = await search(order.orderNumber);
    expect(byNumber.orders?.[0]).toMatchObject({ orderNumber: order.orderNumber, matched: 'order number', status: 'Out for Delivery', city: 'Chennai' });
    const byEmail = await search('KAVYA.SEARCH@example.in');
    expect(orderHit(byEmail, order.orderNumber)?.matched).toBe('e-mail');
    expect(byEmail.customers?.find((c) => c.id === kavya.id)).toMatchObject({
      matched: 'e-mail',
      email: 'kavya.search@example.in',
      name: 'Kavyashree Raghunathan',
    });
    const byName = await search('kavyashree');
    expect(orderHit(byName, order.orderNumber)?.matched).toBe('name');
    expect(byName.customers?.map((c) => c.id)).toContain(kavya.id);
    expect(orderHit(byName, other.orderNumber)).toBeUndefined();
  });

  it('finds the order of a piece by its HUID and a dispatched order by its AWB, in any case', async () => {
    const byHuid = await search(huid.toLowerCase());
    expect(orderHit(byHuid, order.orderNumber)?.matched).toBe('HUID');
    expect(orderHit(byHuid, other.orderNumber)).toBeUndefined();
    const byAwb = await search('xb-77123456');
    expect(orderHit(byAwb, order.orderNumber)?.matched).toBe('AWB');
    expect(byAwb.orders).toHaveLength(1);
  });

  it('finds orders by the PIN and the locality of their shipping address', async () => {
    const byPin = await search('600004');
    expect(orderHit(byPin, order.orderNumber)?.matched).toBe('PIN');
    expect(orderHit(byPin, other.orderNumber)).toBeUndefined();
    const byLocality = await search('mylapore');
    expect(orderHit(byLocality, order.orderNumber)?.matched).toBe('locality');
    expect(orderHit(await search('Janpath'), other.orderNumber)?.matched).toBe('locality');
  });

  it('finds a custom design request by its number, however written', async () => {
    for (const typed of [requestNumber(requestId), requestNumber(requestId).toLowerCase(), `CUS ${requestId}`, `00${requestId}`]) {
      const answer = await search(typed);
      expect(answer.customRequests?.[0], typed).toMatchObject({
        id: requestId,
        requestNumber: requestNumber(requestId),
        matched: 'request number',
        category: 'Bangle',
      });
    }
    // And by its customer's phone.
    expect((await search('+91 90031 22446')).customRequests?.map((r) => r.id)).toContain(requestId);
  });

  it('finds products by a word of their name and by their SKU', async () => {
    const [product] = await db.select().from(schema.products).orderBy(asc(schema.products.id)).limit(1);
    const word = product!.name.split(/\s+/).find((w) => w.length >= 4)!;
    const byName = await search(word.toLowerCase());
    expect(byName.products?.map((p) => p.id)).toContain(product!.id);
    expect(byName.products?.find((p) => p.id === product!.id)?.matched).toBe('product name');
    const bySku = await search(product!.sku.toLowerCase());
    expect(bySku.products?.[0]).toMatchObject({ id: product!.id, sku: product!.sku, matched: 'SKU' });
  });

  it('treats a search as text: LIKE wildcards are literal and nothing matches everything', async () => {
    const answer = await search('%_%');
    expect(answer.orders).toEqual([]);
    expect(answer.customers).toEqual([]);
    expect(answer.products).toEqual([]);
  });
});

describe('who sees what', () => {
  it('answers each group only to a member whose role holds its permission', async () => {
    const q = '+91 90031 22446';
    const all = await search(q, owner);
    expect(Object.keys(all).sort()).toEqual(['customRequests', 'customers', 'orders', 'phone', 'products', 'q']);

    // The orders desk holds orders and customers, not the catalogue nor design.
    const desk = await search(q, ordersDesk);
    expect(desk.orders?.length).toBeGreaterThan(0);
    expect(desk.customers?.length).toBeGreaterThan(0);
    expect(desk).not.toHaveProperty('products');
    expect(desk).not.toHaveProperty('customRequests');

    // The catalogue member gets no customer nor order, though both exist for this phone.
    const cat = await search(q, catalogue);
    expect(cat).not.toHaveProperty('customers');
    expect(cat).not.toHaveProperty('orders');
    expect(cat).not.toHaveProperty('customRequests');
    expect(cat.products).toEqual([]);
    expect(JSON.stringify(cat)).not.toContain('kavya');

    const des = await search(q, design);
    expect(des.customRequests?.map((r) => r.id)).toContain(requestId);
    expect(des).not.toHaveProperty('customers');
    expect(des).not.toHaveProperty('orders');
  });

  it('answers 401 to a guest and a shopper, 400 to a search too short or too long', async () => {
    const url = '/api/admin/search?q=9003122447';
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url, headers: { cookie: kavya.cookie } })).statusCode).toBe(401);
    for (const q of ['', 'a', 'x'.repeat(101)]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/admin/search?q=${q}`, headers: { cookie: owner.cookie } });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message).toMatch(/at least 2|at most 100/);
    }
  });
});
