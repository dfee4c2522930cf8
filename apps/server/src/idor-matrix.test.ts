/**
 * The ownership matrix (issue 7, DECISIONS §3): every call that reaches a customer's own data, tried
 * three ways: without a session (401), by another logged-in customer naming the owner's id or the
 * owner's records (403 or 404, and never the owner's data), and by the owner (it works). Runs on PGlite
 * and, in the PostgreSQL pass, on PostgreSQL. The owner's data is compared before and after.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@milli/db';
import { createTestApp, postForm, type TestApp } from './testing.ts';
import { createShopper, createStaff, payThroughDemo, placeOrder, type TestShopper as Customer } from './testing-factories.ts';
import { packAndDispatch } from './modules/orders/testing.ts';

let t: TestApp;
let n = 0;
const ip = () => `10.55.${Math.floor(++n / 200)}.${(n % 200) + 1}`;

type Who = 'nobody' | 'intruder' | 'owner';
interface Call {
  name: string;
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  /** Multipart form fields (the spec's calls send forms). */
  body?: Record<string, string | number>;
  /** A JSON body instead (updateCart's list, the profile). */
  json?: unknown;
  /** What the intruder gets: 403 when the call names the owner's id, 404 when it names the owner's record. */
  /** 401: a back-office call, which no customer's session opens (the staff cookie is another). */
  intruder: 401 | 403 | 404 | 'own-data-only';
  /** The owner's status; omitted when the owner's call would change what later rows need. */
  owner?: number;
}

let owner: Customer;
let intruder: Customer;
let calls: Call[] = [];
let ownerSnapshot = '';

async function send(call: Call, who: Who) {
  const cookie = who === 'owner' ? owner.cookie : who === 'intruder' ? intruder.cookie : undefined;
  if (call.body) return postForm(t.app, call.url, call.body, { cookie, ip: ip() });
  return t.app.inject({
    method: call.method,
    url: call.url,
    headers: { ...(cookie ? { cookie } : {}), ...(call.json ? { 'content-type': 'application/json' } : {}) },
    ...(call.json ? { payload: JSON.stringify(call.json) } : {}),
    remoteAddress: ip(),
  });
}

/** Everything the owner can see of their own account, as one text. */
async function snapshot(): Promise<string> {
  const get = async (url: string) => (await t.app.inject({ url, headers: { cookie: owner.cookie } })).body;
  return [
    await get(`/api/users/user-details/${owner.id}`),
    await get(`/api/cart/find-by-user-id/${owner.id}`),
    await get(`/api/wishlist/ids/${owner.id}`),
    await get('/api/orders?list=active'),
    await get('/api/harvest/plans'),
    await get('/api/payments'),
    await get('/api/custom-design/requests'),
    await get('/api/appointments'),
    await get('/api/complaints'),
  ]
    .join('\n')
    .replace(/"(addedAt|added_at|updatedAt|lastSeenAt)":"[^"]*"/g, '');
}

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  owner = await createShopper(t.app, { username: 'owner' });
  intruder = await createShopper(t.app, { username: 'intruder' });

  // The owner's records: a cart line, a wish-list piece, a placed order, a harvest plan with a paid instalment.
  const products = (await t.app.inject({ url: '/api/product/productList?material=Gold&category=Earrings&sort=8' })).json().data as {
    product_id: number;
    product_stock_status: string;
  }[];
  const [p1, p2, p3] = products.filter((p) => p.product_stock_status === 'In Stock').map((p) => p.product_id);
  const add = async (productId: number) => {
    const res = await postForm(
      t.app,
      '/api/cart/add',
      { cart_product_id: productId, cart_quantity: 1, cart_user_id: owner.id },
      { cookie: owner.cookie, ip: ip() },
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json().cartId as number;
  };
  const placed = await placeOrder(t.app, owner, {
    productId: p1!,
    fields: { firstName: 'Owner', lastName: 'One', address: '1 Beach Road', pincode: '600001', cartDataList: '[]', idempotencyKey: 'matrix-order-1' },
  });
  expect(placed.statusCode, placed.body).toBe(200);
  const orderNumber = placed.json().orderNumber as string;
  // The tax invoice is issued at dispatch: the orders desk packs and dispatches the owner's order first.
  const ordersDesk = (await createStaff(t.app, { role: 'orders' })).cookie;
  await packAndDispatch(t.app, ordersDesk, orderNumber);
  // A diamond certificate on the owner's first packed piece (issue 20), stored by the orders desk.
  const piece = (
    (await t.app.inject({ url: `/api/orders/${orderNumber}`, headers: { cookie: owner.cookie } })).json().pieces as { id: number; lineId: number }[]
  )[0]!;
  const pieceId = piece.id;
  // Only a piece set with diamonds takes a certificate (issue 39): the seed's gold earring is given some.
  await t.database.db.update(schema.orderLines).set({ diamondWeightCents: 20 }).where(eq(schema.orderLines.id, piece.lineId));
  const certificate = new FormData();
  certificate.append('lab', 'IGI');
  certificate.append('number', 'LG555000111');
  certificate.append('file', new Blob([new Uint8Array(Buffer.from('%PDF-1.4\n%%EOF\n'))], { type: 'application/pdf' }), 'c.pdf');
  const certificateBody = new Response(certificate);
  const stored = await t.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderNumber}/pieces/${pieceId}/certificate`,
    payload: Buffer.from(await certificateBody.arrayBuffer()),
    headers: { 'content-type': certificateBody.headers.get('content-type')!, cookie: ordersDesk },
  });
  expect(stored.statusCode, stored.body).toBe(200);
  const cartLine = await add(p2!);
  expect((await postForm(t.app, '/api/wishlist/add', { product_id: p3!, user_id: owner.id }, { cookie: owner.cookie, ip: ip() })).statusCode).toBe(200);
  const enrol = await postForm(t.app, '/api/harvest/enrol', { monthlyAmount: 1000, email: owner.email }, { cookie: owner.cookie, ip: ip() });
  expect(enrol.statusCode, enrol.body).toBe(200);
  const instalment = (enrol.json().plan.instalments as { id: number }[])[0]!.id;
  const instalmentPay = await t.app.inject({
    method: 'POST',
    url: `/api/harvest/instalments/${instalment}/pay`,
    headers: { cookie: owner.cookie },
    remoteAddress: ip(),
  });
  expect(instalmentPay.statusCode, instalmentPay.body).toBe(200);
  const paidInstalment = await payThroughDemo(t.app, { cookie: owner.cookie, ip: ip() }, instalmentPay.json().payment.gatewayOrderId);
  expect(paidInstalment.statusCode, paidInstalment.body).toBe(200);
  const nextInstalment = (enrol.json().plan.instalments as { id: number }[])[1]!.id;

  // Two orders awaiting payment: one whose gateway order is still unpaid, one the owner has just paid in the
  // gateway's checkout (the browser holds its signed answer; the verify is yet to come).
  const awaiting = async (productId: number, key: string) => {
    const res = await placeOrder(t.app, owner, { productId, pay: false, fields: { cartDataList: '[]', idempotencyKey: key } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { orderNumber: string; payment: { gatewayOrderId: string } };
  };
  const unpaid = await awaiting(p1!, 'matrix-order-2');
  const paidAtGateway = await awaiting(p1!, 'matrix-order-3');
  const checkout = await postForm(
    t.app,
    '/api/payments/demo/checkout',
    { gatewayOrderId: paidAtGateway.payment.gatewayOrderId, instrument: 'card_success' },
    { cookie: owner.cookie, ip: ip() },
  );
  expect(checkout.statusCode, checkout.body).toBe(200);
  const signed = checkout.json() as Record<string, string>;

  // A custom design request with a picture.
  const design = new FormData();
  const designFields = {
    custMetalType: 'gold',
    custGoldQuality: '18',
    custMetalWeight: '4',
    custGoldColor: 'Rose Gold',
    custCategory: 'Rings',
    custDiamond: 'No',
    custStone: 'No',
    addRemarks: 'A leaf band.',
    userId: String(owner.id),
  };
  for (const [k, v] of Object.entries(designFields)) design.append(k, v);
  const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#c9a24a' } })
    .png()
    .toBuffer();
  design.append('custImgOne', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'ring.png');
  const encoded = new Response(design);
  const requested = await t.app.inject({
    method: 'POST',
    url: '/api/admin/cutom-jewelry/new-request',
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')!, cookie: owner.cookie },
    remoteAddress: ip(),
  });
  expect(requested.statusCode, requested.body).toBe(200);
  const requestId = ((await t.app.inject({ url: '/api/custom-design/requests', headers: { cookie: owner.cookie } })).json().data as { id: number }[])[0]!.id;

  // A video call the owner booked signed in (issue 20).
  const visit = await t.app.inject({
    method: 'POST',
    url: '/api/appointments',
    headers: { cookie: owner.cookie },
    payload: {
      kind: 'video',
      date: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
      slot: '12:30',
      purpose: 'browse',
      name: 'Owner One',
      email: owner.email,
      phone: '9876543210',
    },
    remoteAddress: ip(),
  });
  expect(visit.statusCode, visit.body).toBe(201);
  const appointmentId = visit.json().id as number;

  // A complaint the owner filed signed in about their order (issue 38).
  const complained = await t.app.inject({
    method: 'POST',
    url: '/api/complaints',
    headers: { cookie: owner.cookie },
    payload: { category: 'order', orderNumber, subject: 'Owner’s order is late', description: 'It was due on Monday and has not come.' },
    remoteAddress: ip(),
  });
  expect(complained.statusCode, complained.body).toBe(201);
  const ticketNumber = complained.json().ticketNumber as string;

  calls = [
    { name: 'user details', method: 'GET', url: `/api/users/user-details/${owner.id}`, intruder: 403, owner: 200 },
    { name: 'edit profile', method: 'PUT', url: `/api/users/user-details/${owner.id}`, json: { firstName: 'Mallory' }, intruder: 403 },
    { name: 'cart lines', method: 'GET', url: `/api/cart/find-by-user-id/${owner.id}`, intruder: 403, owner: 200 },
    { name: 'add to cart', method: 'POST', url: '/api/cart/add', body: { cart_product_id: p3!, cart_quantity: 1, cart_user_id: owner.id }, intruder: 403 },
    {
      name: 'update cart',
      method: 'POST',
      url: '/api/cart/updateCart',
      json: [{ product_id: p2!, quantity: 5, user_id: owner.id, cartId: cartLine }],
      intruder: 403,
    },
    {
      name: 'update the owner’s line under one’s own id',
      method: 'POST',
      url: '/api/cart/updateCart',
      json: [{ product_id: p2!, quantity: 5, user_id: 'INTRUDER', cartId: cartLine }],
      intruder: 'own-data-only',
    },
    { name: 'delete cart line', method: 'POST', url: `/api/cart/delete/${cartLine}/${owner.id}`, intruder: 403 },
    { name: 'delete the owner’s line under one’s own id', method: 'POST', url: `/api/cart/delete/${cartLine}/INTRUDER`, intruder: 404 },
    { name: 'wish list', method: 'GET', url: `/api/wishlist/find-by-user-id/${owner.id}`, intruder: 403, owner: 200 },
    { name: 'wish-list ids', method: 'GET', url: `/api/wishlist/ids/${owner.id}`, intruder: 403, owner: 200 },
    { name: 'wish-list add', method: 'POST', url: '/api/wishlist/add', body: { product_id: p1!, user_id: owner.id }, intruder: 403 },
    { name: 'wish-list delete', method: 'POST', url: `/api/wishlist/delete/${p3!}/${owner.id}`, intruder: 403 },
    {
      name: 'place order',
      method: 'POST',
      url: '/api/orders/placeOrders',
      body: {
        firstName: 'M',
        lastName: 'X',
        country: 'India',
        address: 'x',
        city: 'x',
        countryCode: '91',
        phoneNumber: '9876543210',
        pincode: '600001',
        cartDataList: '[]',
        userId: owner.id,
      },
      intruder: 403,
    },
    { name: 'order list', method: 'GET', url: '/api/orders?list=active', intruder: 'own-data-only', owner: 200 },
    { name: 'order details', method: 'GET', url: `/api/orders/${orderNumber}`, intruder: 404, owner: 200 },
    { name: 'invoice', method: 'GET', url: `/api/orders/${orderNumber}/invoice.pdf`, intruder: 404, owner: 200 },
    { name: 'credit note', method: 'GET', url: `/api/orders/${orderNumber}/credit-notes/1.pdf`, intruder: 404 },
    { name: 'diamond certificate', method: 'GET', url: `/api/orders/${orderNumber}/pieces/${pieceId}/certificate`, intruder: 404, owner: 200 },
    { name: 'may I review (my review)', method: 'GET', url: `/api/product/${p1!}/reviews/mine`, intruder: 'own-data-only', owner: 200 },
    // The owner's order is not delivered yet: neither may review; the intruder never writes under the owner's name.
    { name: 'write a review', method: 'POST', url: `/api/product/${p1!}/reviews`, body: { rating: 5, text: 'Mine now' }, intruder: 403 },
    { name: 'pay a weight difference', method: 'POST', url: `/api/orders/${orderNumber}/adjustments/1/pay`, intruder: 404 },
    { name: 'cancel order', method: 'POST', url: `/api/orders/${orderNumber}/cancel`, body: { reason: 'x' }, intruder: 404 },
    { name: 'buy-back quote', method: 'GET', url: `/api/orders/${orderNumber}/buyback-quote`, intruder: 404 },
    { name: 'ask for an exchange', method: 'POST', url: `/api/orders/${orderNumber}/exchange-requests`, body: { lineId: 1, kind: 'exchange' }, intruder: 404 },
    { name: 'store credit statement', method: 'GET', url: '/api/account/store-credit', intruder: 'own-data-only', owner: 200 },
    {
      name: 'staff goodwill credit',
      method: 'POST',
      url: `/api/admin/orders/${orderNumber}/store-credit`,
      body: { amountPaise: 100, note: 'mine' },
      intruder: 401,
    },
    {
      name: 'return pieces',
      method: 'POST',
      url: `/api/orders/${orderNumber}/returns`,
      json: { lines: [{ lineId: 1, quantity: 1 }], reason: 'Not mine to return' },
      intruder: 404,
    },
    { name: 'a return’s photo', method: 'GET', url: `/api/orders/${orderNumber}/returns/1/photos/1.webp`, intruder: 404 },
    { name: 'staff status change', method: 'POST', url: `/api/admin/orders/${orderNumber}/status`, body: { status: 'Picked' }, intruder: 401 },
    { name: 'harvest plans', method: 'GET', url: '/api/harvest/plans', intruder: 'own-data-only', owner: 200 },
    { name: 'pay an instalment', method: 'POST', url: `/api/harvest/instalments/${nextInstalment}/pay`, intruder: 404 },
    { name: 'pay an order again', method: 'POST', url: `/api/orders/${unpaid.orderNumber}/pay`, intruder: 404, owner: 200 },
    {
      name: 'pay in the demo checkout',
      method: 'POST',
      url: '/api/payments/demo/checkout',
      body: { gatewayOrderId: unpaid.payment.gatewayOrderId, instrument: 'card_success' },
      intruder: 404,
    },
    // Even the gateway's own signed answer does not let another customer record the owner's payment.
    { name: 'verify a payment', method: 'POST', url: '/api/payments/razorpay/verify', body: signed, intruder: 404 },
    { name: 'payments', method: 'GET', url: '/api/payments', intruder: 'own-data-only', owner: 200 },
    { name: 'custom design request', method: 'POST', url: '/api/admin/cutom-jewelry/new-request', body: { ...designFields }, intruder: 403 },
    { name: 'custom requests', method: 'GET', url: '/api/custom-design/requests', intruder: 'own-data-only', owner: 200 },
    { name: 'custom request', method: 'GET', url: `/api/custom-design/requests/${requestId}`, intruder: 404, owner: 200 },
    { name: 'reject a design', method: 'POST', url: `/api/custom-design/requests/${requestId}/reject`, body: { reason: 'not mine' }, intruder: 404 },
    { name: 'approve a design (its advance)', method: 'POST', url: `/api/custom-design/requests/${requestId}/approve`, intruder: 404 },
    { name: 'appointments', method: 'GET', url: '/api/appointments', intruder: 'own-data-only', owner: 200 },
    // My privacy (issue 38): the session's own data only, whatever is sent.
    { name: 'download my data', method: 'GET', url: '/api/account/privacy/export', intruder: 'own-data-only', owner: 200 },
    { name: 'my privacy', method: 'GET', url: '/api/account/privacy', intruder: 'own-data-only', owner: 200 },
    { name: 'my consents', method: 'GET', url: '/api/account/consents', intruder: 'own-data-only', owner: 200 },
    { name: 'my nominee', method: 'GET', url: '/api/account/nominee', intruder: 'own-data-only', owner: 200 },
    { name: 'the desk’s customer', method: 'GET', url: `/api/admin/customers/${owner.id}`, intruder: 401 },
    { name: 'the desk’s export', method: 'GET', url: `/api/admin/customers/${owner.id}/export`, intruder: 401 },
    {
      name: 'the desk’s erasure',
      method: 'POST',
      url: `/api/admin/customers/${owner.id}/erase`,
      body: { reason: 'Not a member of staff at all', confirm: 'ERASE' },
      intruder: 401,
    },
    { name: 'cancel an appointment', method: 'POST', url: `/api/appointments/${appointmentId}/cancel`, intruder: 404 },
    { name: 'complaints', method: 'GET', url: '/api/complaints', intruder: 'own-data-only', owner: 200 },
    { name: 'orders a complaint may name', method: 'GET', url: '/api/complaints/orders', intruder: 'own-data-only', owner: 200 },
    { name: 'complaint ticket', method: 'GET', url: `/api/complaints/${ticketNumber}`, intruder: 404, owner: 200 },
    { name: 'answer a complaint', method: 'POST', url: `/api/complaints/${ticketNumber}/reply`, json: { message: 'Not my complaint.' }, intruder: 404 },
    {
      name: 'pay a made piece’s balance',
      method: 'POST',
      url: `/api/custom-design/requests/${requestId}/balance`,
      body: { firstName: 'Not', lastName: 'Mine' },
      intruder: 404,
    },
  ];
  ownerSnapshot = await snapshot();
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('ownership of every customer call', () => {
  it('refuses anyone without a session, refuses another customer, and serves the owner', async () => {
    const table: string[] = [];
    const problems: string[] = [];
    for (const call of calls) {
      const fill = (c: Call, id: number): Call => ({
        ...c,
        url: c.url.replace('INTRUDER', String(id)),
        ...(c.json ? { json: JSON.parse(JSON.stringify(c.json).replace('"INTRUDER"', String(id))) } : {}),
      });
      const asIntruder = fill(call, intruder.id);
      const nobody = await send(fill(call, 0), 'nobody');
      const other = await send(asIntruder, 'intruder');
      const row = [`${call.method} ${call.url.padEnd(48)}`, `nobody ${nobody.statusCode}`, `intruder ${other.statusCode}`];
      if (nobody.statusCode !== 401) problems.push(`${call.name}: without a session answered ${nobody.statusCode}, not 401`);
      if (call.intruder === 'own-data-only') {
        if (other.statusCode !== 200) problems.push(`${call.name}: another customer got ${other.statusCode}`);
        if (other.body.includes(owner.email) || other.body.includes('Owner')) problems.push(`${call.name}: another customer saw the owner's data`);
        if (/"(data|lines)":\[\{/.test(other.body) && call.url.startsWith('/api/orders'))
          problems.push(`${call.name}: another customer listed orders that are not theirs`);
      } else if (call.intruder === 403 && other.statusCode !== 403) {
        problems.push(`${call.name}: another customer naming the owner's id got ${other.statusCode}, not 403`);
      } else if (call.intruder === 401 && other.statusCode !== 401) {
        problems.push(`${call.name}: a customer's session on a back-office call got ${other.statusCode}, not 401`);
      } else if (call.intruder === 404 && ![403, 404].includes(other.statusCode)) {
        problems.push(`${call.name}: another customer reaching the owner's record got ${other.statusCode}, not 404/403`);
      }
      if (call.owner) {
        const mine = await send(call, 'owner');
        row.push(`owner ${mine.statusCode}`);
        if (mine.statusCode !== call.owner) problems.push(`${call.name}: the owner got ${mine.statusCode}, not ${call.owner}`);
      }
      table.push(row.join('  '));
    }
    console.log(`ownership matrix: ${calls.length} calls × (nobody, another customer, owner)\n  ${table.join('\n  ')}`);
    expect(problems).toEqual([]);
    // Nothing another customer or a stranger did changed anything of the owner's.
    expect(await snapshot()).toBe(ownerSnapshot);
  }, 120_000);
});
