import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../lib/api.ts';
import { placeOrder } from './checkout-actions.server.ts';
import { TERMS_MESSAGE } from './checkout-form.ts';

/** An API that knows one logged-in customer and records what placeOrders was sent. */
function fakeApi(answer: { status: number; body: unknown }) {
  const sent: FormData[] = [];
  const api: ApiClient = {
    get: () => Promise.reject(new Error('unused')),
    post: () => Promise.reject(new Error('unused')),
    raw: (path, init) => {
      if (path === '/api/auth/me') return Promise.resolve(Response.json({ userId: 7, userName: 'meera' }));
      sent.push(init?.body as FormData);
      return Promise.resolve(Response.json(answer.body, { status: answer.status }));
    },
  };
  return { api, sent };
}

const request = (fields: Record<string, string>) => {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  return new Request('http://x/checkout', { method: 'POST', body });
};

const billing = {
  firstName: 'Meera',
  lastName: 'Iyer',
  country: 'India',
  address: '12 Temple St',
  city: 'Chennai',
  countryCode: '91',
  phoneNumber: '9876543210',
  pincode: '600004',
  companyName: 'Iyer Traders',
  gstin: 'X',
  cartDataList: '[]',
  idempotencyKey: 'abcdefgh-1',
  couponCode: 'WELCOME10',
};

describe('Place Order without script', () => {
  it('says the terms must be accepted, keeps what was typed, and sends nothing', async () => {
    const { api, sent } = fakeApi({ status: 200, body: {} });
    const result = (await placeOrder(api, request(billing))) as unknown as {
      data: { message: string; fields: { terms: string }; values: { firstName: string } };
      init: { status: number };
    };
    expect(result.init.status).toBe(400);
    expect(result.data).toMatchObject({ message: TERMS_MESSAGE, fields: { terms: TERMS_MESSAGE }, values: { firstName: 'Meera' } });
    expect(sent).toHaveLength(0);
  });

  it('sends the spec’s fields with the session’s user id, drops company fields unless corporate is ticked, and goes to /thank-you', async () => {
    const { api, sent } = fakeApi({ status: 200, body: { orderNumber: 'MIL-2026-000042' } });
    const res = (await placeOrder(api, request({ ...billing, terms: 'on' }))) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/thank-you?order=MIL-2026-000042');
    expect(res.headers.get('set-cookie')).toMatch(/^milli_coupon=; .*Max-Age=0/);
    const body = sent[0]!;
    expect(Object.fromEntries(['userId', 'companyName', 'gstin', 'couponCode', 'idempotencyKey', 'pincode'].map((k) => [k, body.get(k)]))).toEqual({
      userId: '7',
      companyName: '',
      gstin: '',
      couponCode: 'WELCOME10',
      idempotencyKey: 'abcdefgh-1',
      pincode: '600004',
    });
  });

  it('passes on the server’s field messages', async () => {
    const { api } = fakeApi({
      status: 400,
      body: { message: 'Please enter a valid 6-digit PIN code.', fields: { pincode: 'Please enter a valid 6-digit PIN code.' } },
    });
    const result = (await placeOrder(api, request({ ...billing, terms: 'on' }))) as unknown as {
      data: { fields: { pincode: string } };
      init: { status: number };
    };
    expect(result.init.status).toBe(400);
    expect(result.data.fields.pincode).toMatch(/PIN/);
  });

  it('sends the delivery address only when "Deliver to a different address" is ticked, with saveAddress and the payment method', async () => {
    const shipping = {
      shippingFirstName: 'Arjun',
      shippingCity: 'Bengaluru',
      shippingState: 'Karnataka',
      paymentMethod: 'cod',
      state: 'Tamil Nadu',
      landmark: 'Near the tank',
    };
    const first = fakeApi({ status: 200, body: { orderNumber: 'MIL-2026-000043' } });
    await placeOrder(first.api, request({ ...billing, ...shipping, terms: 'on' }));
    expect(first.sent[0]!.get('shipToDifferent')).toBeNull();
    expect(first.sent[0]!.get('shippingCity')).toBeNull();
    expect(Object.fromEntries(['state', 'landmark', 'paymentMethod'].map((k) => [k, first.sent[0]!.get(k)]))).toEqual({
      state: 'Tamil Nadu',
      landmark: 'Near the tank',
      paymentMethod: 'cod',
    });

    const second = fakeApi({ status: 200, body: { orderNumber: 'MIL-2026-000044' } });
    await placeOrder(second.api, request({ ...billing, ...shipping, shipToDifferent: 'on', saveAddress: 'on', terms: 'on' }));
    expect(Object.fromEntries(['shipToDifferent', 'shippingCity', 'shippingState', 'saveAddress'].map((k) => [k, second.sent[0]!.get(k)]))).toEqual({
      shipToDifferent: 'true',
      shippingCity: 'Bengaluru',
      shippingState: 'Karnataka',
      saveAddress: 'true',
    });
  });

  // Issue 38: Form 60 without script, and the Aadhaar number never put back into the page.
  it('sends the Form 60 declaration only when its box is ticked, and never puts the Aadhaar number back into the page', async () => {
    const declared = {
      form60Name: 'Meera Iyer',
      form60Address: '12 Temple St, Chennai 600004',
      form60Aadhaar: '2345 6789 0124',
      form60NoAadhaarReason: '',
      form60Declaration: 'on',
      terms: 'on',
    };
    const unticked = fakeApi({ status: 200, body: { orderNumber: 'MIL-2026-000045' } });
    await placeOrder(unticked.api, request({ ...billing, ...declared }));
    expect(unticked.sent[0]!.get('form60')).toBeNull();
    expect(unticked.sent[0]!.get('form60Aadhaar')).toBe('');
    expect(unticked.sent[0]!.get('form60Name')).toBe('');

    const ticked = fakeApi({ status: 400, body: { message: 'Please check the form.', code: 'INVALID_ORDER', fields: { form60Name: 'Name?' } } });
    const result = (await placeOrder(ticked.api, request({ ...billing, ...declared, form60: 'on' }))) as unknown as {
      data: { fields: Record<string, string>; values: Record<string, string> };
    };
    const body = ticked.sent[0]!;
    expect(Object.fromEntries(['form60', 'form60Name', 'form60Address', 'form60Aadhaar', 'form60Declaration'].map((k) => [k, body.get(k)]))).toEqual({
      form60: 'true',
      form60Name: 'Meera Iyer',
      form60Address: '12 Temple St, Chennai 600004',
      form60Aadhaar: '2345 6789 0124',
      form60Declaration: 'true',
    });
    expect(result.data.fields.form60Name).toBe('Name?');
    expect(result.data.values).toMatchObject({ form60: 'on', form60Name: 'Meera Iyer', form60Declaration: 'on', form60Aadhaar: '' });
    expect(JSON.stringify(result.data)).not.toMatch(/6789|0124/);
  });
});
