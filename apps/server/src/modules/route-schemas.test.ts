/**
 * The route schemas of the catalogue, orders, Harvest, payments, custom design, trade partners and stores (issue 16):
 * a malformed body, query string or path parameter is refused by the route's own schema with 400 and the
 * code INVALID_REQUEST, never a 500, whether the body is JSON, a urlencoded form, multipart, or missing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, postForm, type TestApp } from '../testing.ts';
import { createShopper, createStaff } from '../testing-factories.ts';

let t: TestApp;
let customer = '';
let customerId = 0;
let staff = '';

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  ({ cookie: customer, id: customerId } = await createShopper(t.app));
  staff = (await createStaff(t.app, { role: 'orders' })).cookie;
});
afterAll(() => t?.close());

type Who = 'guest' | 'customer' | 'staff';
type Body = { json: unknown } | { form: Record<string, string> } | { multipart: Record<string, string> } | 'none';

interface Case {
  method: 'GET' | 'POST';
  url: string;
  who?: Who;
  body?: Body;
  /** The field the refusal must name, when there is one. */
  field?: string;
  /** The form names the signed-in customer as its userId (the custom design form must). */
  withUserId?: boolean;
}

const cookieOf = (who: Who = 'guest') => (who === 'customer' ? customer : who === 'staff' ? staff : undefined);

let ip = 0;
async function send(c: Case) {
  const cookie = cookieOf(c.who);
  const headers: Record<string, string> = cookie ? { cookie } : {};
  // A fresh address for each case, so the rate limits of the forms never answer in place of the schema.
  const remoteAddress = `10.17.${Math.floor(++ip / 250)}.${ip % 250}`;
  const body = c.body ?? 'none';
  if (body === 'none') return t.app.inject({ method: c.method, url: c.url, headers, remoteAddress });
  if ('json' in body) {
    return t.app.inject({
      method: c.method,
      url: c.url,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify(body.json),
      remoteAddress,
    });
  }
  if ('form' in body) {
    return t.app.inject({
      method: c.method,
      url: c.url,
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(body.form).toString(),
      remoteAddress,
    });
  }
  return postForm(t.app, c.url, c.withUserId ? { ...body.multipart, userId: customerId } : body.multipart, {
    ...(cookie ? { cookie } : {}),
    ip: remoteAddress,
  });
}

const long = (length: number) => 'x'.repeat(length);

const CASES: Record<string, Case[]> = {
  catalog: [
    { method: 'GET', url: '/api/product/get_product_detail/abc', field: 'page' },
    { method: 'GET', url: '/api/product/get_product_detail/0', field: 'page' },
    { method: 'GET', url: '/api/product/get_product_by_price/cheap/5000', field: 'min' },
    { method: 'GET', url: '/api/product/get_product_by_price/100/5000?page=-1', field: 'page' },
    { method: 'GET', url: '/api/product/productList?page=abc', field: 'page' },
    { method: 'GET', url: '/api/product/suggest' },
    { method: 'GET', url: `/api/product/suggest?q=${long(101)}`, field: 'q' },
    { method: 'GET', url: '/api/product/facets?minPrice=lots', field: 'minPrice' },
    { method: 'GET', url: '/api/product/find-by-id/ring', field: 'id' },
    { method: 'GET', url: '/api/product/find-by-id/99999999999', field: 'id' },
    { method: 'GET', url: '/api/product/ring/reviews', field: 'id' },
    { method: 'GET', url: '/api/product/1/reviews?page=0', field: 'page' },
    { method: 'POST', url: '/api/product/get_product_detail?cartList=abc', body: { json: {} } },
  ],
  orders: [
    { method: 'GET', url: '/api/orders?list=lost', who: 'customer', field: 'list' },
    { method: 'GET', url: '/api/orders?page=first', who: 'customer', field: 'page' },
    { method: 'GET', url: `/api/orders/${long(61)}`, who: 'customer', field: 'orderNumber' },
    { method: 'POST', url: `/api/orders/${long(61)}/cancel`, who: 'customer', field: 'orderNumber' },
    { method: 'GET', url: `/api/orders/${long(61)}/invoice.pdf`, who: 'customer', field: 'orderNumber' },
    { method: 'POST', url: `/api/orders/${long(61)}/pay`, who: 'customer', field: 'orderNumber' },
    { method: 'POST', url: '/api/admin/orders/MIL-1/status', who: 'staff', field: 'status' },
    { method: 'POST', url: '/api/admin/orders/MIL-1/status', who: 'staff', body: { json: [] } },
    { method: 'POST', url: '/api/admin/orders/MIL-1/status', who: 'staff', body: { json: 'Picked' } },
    { method: 'POST', url: '/api/admin/orders/MIL-1/status', who: 'staff', body: { form: { status: 'Shipped' } }, field: 'status' },
    { method: 'POST', url: '/api/admin/orders/MIL-1/status', who: 'staff', body: { json: { status: 'Picked', note: long(501) } }, field: 'note' },
  ],
  harvest: [
    { method: 'POST', url: '/api/harvest/enrol', who: 'customer', field: 'monthlyAmount' },
    { method: 'POST', url: '/api/harvest/enrol', who: 'customer', body: { json: [] } },
    { method: 'POST', url: '/api/harvest/enrol', who: 'customer', body: { json: 42 } },
    { method: 'POST', url: '/api/harvest/enrol', who: 'customer', body: { form: { monthlyAmount: 'lots', email: 'a@example.in' } }, field: 'monthlyAmount' },
    { method: 'POST', url: '/api/harvest/enrol', who: 'customer', body: { multipart: { monthlyAmount: '1000', email: 'nobody' } }, field: 'email' },
    { method: 'POST', url: '/api/harvest/instalments/first/pay', who: 'customer', body: { json: {} }, field: 'id' },
    { method: 'POST', url: '/api/harvest/instalments/0/pay', who: 'customer', field: 'id' },
  ],
  payments: [
    { method: 'POST', url: '/api/payments/razorpay/verify', who: 'customer', field: 'razorpay_order_id' },
    { method: 'POST', url: '/api/payments/razorpay/verify', who: 'customer', body: { json: [] } },
    {
      method: 'POST',
      url: '/api/payments/razorpay/verify',
      who: 'customer',
      body: { json: { razorpay_order_id: 'order_Abc123', razorpay_payment_id: 'pay_Abc123' } },
      field: 'razorpay_signature',
    },
    {
      method: 'POST',
      url: '/api/payments/razorpay/verify',
      who: 'customer',
      body: { form: { razorpay_order_id: 'pay_Abc123', razorpay_payment_id: 'pay_Abc123', razorpay_signature: 'ab' } },
      field: 'razorpay_order_id',
    },
    { method: 'POST', url: '/api/payments/demo/checkout', who: 'customer', field: 'gatewayOrderId' },
    {
      method: 'POST',
      url: '/api/payments/demo/checkout',
      who: 'customer',
      body: { multipart: { gatewayOrderId: 'order_Abc123', instrument: 'stolen_card' } },
      field: 'instrument',
    },
  ],
  'custom design': [
    { method: 'POST', url: '/api/admin/cutom-jewelry/new-request', who: 'customer', body: { json: [] } },
    {
      method: 'POST',
      url: '/api/admin/cutom-jewelry/new-request',
      who: 'customer',
      body: { multipart: { custMetalType: 'Gold' } },
      field: 'custImgOne',
      withUserId: true,
    },
    { method: 'GET', url: '/api/custom-design/requests/first', who: 'customer', field: 'id' },
    { method: 'POST', url: '/api/custom-design/requests/0/reject', who: 'customer', body: { json: { reason: 'Too plain for me' } }, field: 'id' },
    { method: 'POST', url: '/api/custom-design/requests/abc/approve', who: 'customer', field: 'id' },
    { method: 'POST', url: '/api/custom-design/requests/1/reject', who: 'customer', field: 'reason' },
    { method: 'POST', url: '/api/custom-design/requests/1/reject', who: 'customer', body: { json: { reason: 5 } }, field: 'reason' },
    { method: 'POST', url: '/api/custom-design/requests/1/reject', who: 'customer', body: { form: { reason: 'no' } }, field: 'reason' },
    { method: 'POST', url: '/api/custom-design/requests/1/reject', who: 'customer', body: { json: 'reason' } },
  ],
  'trade partners': [
    { method: 'POST', url: '/api/manufacturer/register', field: 'firstName' },
    { method: 'POST', url: '/api/manufacturer/register', body: { json: [] } },
    { method: 'POST', url: '/api/manufacturer/register', body: { json: 'register me' } },
    { method: 'POST', url: '/api/manufacturer/register', body: { form: { firstName: 'Ravi' } }, field: 'lastName' },
    { method: 'POST', url: '/api/manufacturer/register', body: { multipart: { compName: 'Thangam Gold Works' } }, field: 'compAdd1' },
    { method: 'POST', url: '/api/manufacturer/register', body: { json: { firstName: 7, lastName: ['K'] } } },
  ],
  'address book': [
    { method: 'POST', url: '/api/account/addresses', who: 'customer', field: 'firstName' },
    { method: 'POST', url: '/api/account/addresses', who: 'customer', body: { json: [] } },
    { method: 'POST', url: '/api/account/addresses', who: 'customer', body: { json: { firstName: 7, lastName: ['Iyer'] } } },
    { method: 'POST', url: '/api/account/addresses', who: 'customer', body: { form: { firstName: long(61) } }, field: 'firstName' },
    {
      method: 'POST',
      url: '/api/account/addresses',
      who: 'customer',
      body: {
        multipart: { firstName: 'Meera', lastName: 'Iyer', address: '12 Temple Street', city: 'Chennai', state: 'Tamil Nadu', pincode: '600004', phone: '12' },
      },
      field: 'phone',
    },
    { method: 'POST', url: '/api/account/addresses/first/default', who: 'customer', field: 'id' },
    { method: 'POST', url: '/api/account/addresses/0/default', who: 'customer', field: 'id' },
  ],
  stores: [
    { method: 'GET', url: `/api/stores/search?q=${long(61)}`, field: 'q' },
    { method: 'GET', url: `/api/stores/pincode/${long(21)}`, field: 'pincode' },
    { method: 'POST', url: '/api/sizer-requests', field: 'name' },
    { method: 'POST', url: '/api/sizer-requests', body: { json: [] } },
    {
      method: 'POST',
      url: '/api/sizer-requests',
      body: { form: { name: 'Meera', phone: '12', email: 'meera@example.in', address: '12 Temple Street, 600004' } },
      field: 'phone',
    },
    {
      method: 'POST',
      url: '/api/sizer-requests',
      body: { json: { name: 'Meera', phone: '9876543210', email: 'meera@example.in', address: '12 Temple Street, 600004', productId: 'ring' } },
      field: 'productId',
    },
  ],
};

describe.each(Object.entries(CASES))('%s routes refuse malformed requests', (_module, cases) => {
  it.each(cases.map((c) => [`${c.method} ${c.url.slice(0, 70)} (${c.who ?? 'guest'}, ${describeBody(c.body)})`, c] as const))('%s', async (_name, c) => {
    const res = await send(c);
    expect(res.statusCode, res.body).toBe(400);
    const answer = res.json();
    expect(answer.code).toBe('INVALID_REQUEST');
    expect(typeof answer.message).toBe('string');
    expect(answer.message).not.toBe('');
    if (c.field) expect(Object.keys(answer.fields ?? {}), res.body).toContain(c.field);
  });
});

describe('who is asking is settled before what they sent', () => {
  it.each([
    ['/api/harvest/enrol', 401],
    ['/api/harvest/instalments/1/pay', 401],
    ['/api/orders/MIL-1/pay', 401],
    ['/api/payments/razorpay/verify', 401],
    ['/api/payments/demo/checkout', 401],
    ['/api/custom-design/requests/1/reject', 401],
    ['/api/custom-design/requests/1/approve', 401],
  ] as const)('a guest posting nothing to %s is asked to log in', async (url, status) => {
    expect((await send({ method: 'POST', url })).statusCode).toBe(status);
  });

  it('the gateway’s webhook needs no session, only the gateway’s signature', async () => {
    const res = await send({ method: 'POST', url: '/api/payments/razorpay/webhook', body: { json: { event: 'payment.captured' } } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('WEBHOOK_SIGNATURE_INVALID');
  });

  it('a guest is asked to log in before a bad list query is refused', async () => {
    expect((await send({ method: 'GET', url: '/api/orders?list=lost' })).statusCode).toBe(401);
  });

  it('a customer, who is not staff, is asked to sign in to the back office whatever the body', async () => {
    const res = await send({ method: 'POST', url: '/api/admin/orders/MIL-1/status', who: 'customer', body: { json: [] } });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('STAFF_SIGN_IN_REQUIRED');
  });
});

function describeBody(body: Body | undefined): string {
  if (body === undefined || body === 'none') return 'no body';
  if ('json' in body) return `JSON ${JSON.stringify(body.json).slice(0, 30)}`;
  return 'form' in body ? 'urlencoded' : 'multipart';
}
