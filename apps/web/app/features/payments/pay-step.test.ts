import { describe, expect, it } from 'vitest';
import { createApi } from '../../lib/api.ts';
import { checkAnswer } from '../../lib/api.server.ts';
import { afterPlaceOrder, holdTime } from '../../lib/payment-step.ts';
import { loadPayStep, payOnDemoWithoutScript } from './pay-step.server.ts';

const ORDER = 'MIL-2026-000042';
const PAYMENT = { gateway: 'demo', gatewayOrderId: 'order_Abc123', amountPaise: 54_000_00, currency: 'INR', keyId: 'rzp_test_demo' } as const;
const ADDRESS = {
  firstName: 'Meera',
  lastName: 'Iyer',
  address: '12 Temple St',
  city: 'Chennai',
  state: 'Tamil Nadu',
  landmark: null,
  pincode: '600004',
  country: 'India',
  countryCode: '91',
  phone: '9876543210',
};
const DETAIL = {
  order: {
    orderId: 42,
    orderNumber: ORDER,
    invoiceNumber: 'INV-42',
    date: '2026-11-24T10:00:00.000Z',
    status: 'Awaiting payment',
    displayStatus: 'Awaiting payment',
    couponCode: null,
    companyName: null,
    companyGstin: null,
    canCancel: true,
    pan: null,
  },
  payment: {
    method: 'online',
    state: 'awaiting',
    payNowPaise: 54_000_00,
    payOnDeliveryPaise: 0,
    paidPaise: 0,
    refundedPaise: 0,
    payBy: '2026-11-24T10:15:00.000Z',
    methodLabel: null,
    paidBefore: [],
  },
  lines: [
    {
      lineId: 1,
      productId: 1,
      name: 'Lotus Ring',
      sku: 'R-1',
      image: '',
      quantity: 1,
      unitPricePaise: 54_000_00,
      lineTotalPaise: 54_000_00,
      options: {},
      rateLock: null,
    },
  ],
  shippingAddress: ADDRESS,
  billingAddress: null,
  totals: {
    subtotalPaise: 54_000_00,
    discountPaise: 0,
    shippingPaise: 0,
    taxPaise: 0,
    harvestCreditPaise: 0,
    storeCreditPaise: 0,
    rateLockAdvancePaise: 0,
    metalAccountMg: 0,
    metalAccountPaise: 0,
    totalPaise: 54_000_00,
  },
  history: [],
  tracking: [],
  advancePaise: 0,
  shipment: null,
  pieces: [],
  adjustments: [],
  creditNotes: [],
  invoiceAvailable: false,
  returns: [],
  returnWindow: { open: false, windowDays: 15, closesAt: null, message: 'Pieces can be returned once the order is delivered.', lines: [] },
};

type Answer = { status: number; body: unknown };

/** An API (checked against the contracts, as in development) answering each `METHOD path` from `answers`. */
function apiAnswering(answers: Record<string, Answer>) {
  const calls: { key: string; body: unknown }[] = [];
  const api = createApi(async (path, init) => {
    const key = `${init?.method ?? 'GET'} ${path}`;
    calls.push({ key, body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body });
    if (path === '/api/auth/me') return Response.json({ userId: 7, userName: 'meera' });
    const answer = answers[key];
    if (!answer) return Response.json({ message: 'Not found.', code: 'NOT_FOUND' }, { status: 404 });
    return Response.json(answer.body, { status: answer.status });
  }, checkAnswer);
  return { api, calls };
}

const page = new Request(`http://x/checkout/pay/${ORDER}`);
const payAnswer = (status: number, body: unknown): Record<string, Answer> => ({
  [`POST /api/orders/${ORDER}/pay`]: { status, body },
  [`GET /api/orders/${ORDER}`]: { status: 200, body: DETAIL },
});

async function thrown(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error('expected a thrown response');
}

describe('the payment step', () => {
  it('opens the payment: amount, what it is for, the hold, and the demo instruments (no card field)', async () => {
    const { api } = apiAnswering(payAnswer(200, { message: 'Complete the payment.', orderNumber: ORDER, payBy: '2026-11-24T10:15:00.000Z', payment: PAYMENT }));
    const step = await loadPayStep(api, page, ORDER);
    expect(step).toMatchObject({
      kind: 'ready',
      orderNumber: ORDER,
      payment: PAYMENT,
      summary: { lines: [{ name: 'Lotus Ring', quantity: 1 }], totalPaise: 54_000_00 },
    });
    if (step.kind !== 'ready') throw new Error('not ready');
    expect(step.instruments.map((i) => i.id)).toContain('card_declined');
    expect(JSON.stringify(step.instruments)).not.toMatch(/cardNumber|cvv/i);
    // 10:15 UTC is 15:45 in India.
    expect(holdTime(step.payBy!)).toBe('15:45');
  });

  it('says when the time to pay has passed, and when the gateway is down', async () => {
    const lapsed = apiAnswering(payAnswer(409, { message: 'The time to pay for this order has passed.', code: 'PAYMENT_LAPSED' }));
    expect(await loadPayStep(lapsed.api, page, ORDER)).toMatchObject({ kind: 'lapsed', message: 'The time to pay for this order has passed.' });
    const down = apiAnswering(payAnswer(503, { message: 'Gateway down.', code: 'GATEWAY_UNAVAILABLE' }));
    expect(await loadPayStep(down.api, page, ORDER)).toMatchObject({ kind: 'unavailable', message: expect.stringMatching(/try again/) });
    // Paying again counts with the payment calls: past the limit the page says so, not that the gateway is down.
    const limited = apiAnswering(payAnswer(429, { message: 'Too many payment attempts. Please try again in an hour.', code: 'RATE_LIMITED' }));
    expect(await loadPayStep(limited.api, page, ORDER)).toMatchObject({
      kind: 'unavailable',
      message: 'Too many payment attempts. Please try again in an hour.',
    });
  });

  it('sends an order that no longer awaits payment to its page, and someone else’s order to the 404 screen', async () => {
    const placed = apiAnswering(payAnswer(409, { message: 'This order is not awaiting payment.', code: 'ORDER_NOT_PAYABLE' }));
    const res = await thrown(loadPayStep(placed.api, page, ORDER));
    expect(res.headers.get('location')).toBe(`/order-details?order=${ORDER}`);
    const other = apiAnswering({});
    expect(await thrown(loadPayStep(other.api, page, ORDER)).catch((e: unknown) => e)).toMatchObject({ init: { status: 404 } });
  });
});

describe('the demo checkout without script', () => {
  const form = (instrument: string) => {
    const body = new FormData();
    body.set('gatewayOrderId', PAYMENT.gatewayOrderId);
    body.set('instrument', instrument);
    return new Request(`http://x/checkout/pay/${ORDER}`, { method: 'POST', body });
  };
  const verified = { message: 'Paid.', purpose: 'order', orderNumber: ORDER, harvestPlanId: null, customRequestId: null, replayed: false };
  const signed = { razorpay_order_id: 'order_Abc123', razorpay_payment_id: 'pay_Xyz789', razorpay_signature: 'a'.repeat(64) };

  it('pays with the chosen instrument, verifies, and goes to thank-you', async () => {
    const { api, calls } = apiAnswering({
      'POST /api/payments/demo/checkout': { status: 200, body: signed },
      'POST /api/payments/razorpay/verify': { status: 200, body: verified },
    });
    const res = await thrown(payOnDemoWithoutScript(api, form('card_success'), ORDER));
    expect(res.headers.get('location')).toBe(`/thank-you?order=${ORDER}`);
    expect(calls.find((c) => c.key === 'POST /api/payments/demo/checkout')?.body).toEqual({ gatewayOrderId: 'order_Abc123', instrument: 'card_success' });
    expect(calls.find((c) => c.key === 'POST /api/payments/razorpay/verify')?.body).toEqual(signed);
  });

  it('shows the bank’s refusal and keeps the instrument chosen', async () => {
    const { api, calls } = apiAnswering({
      'POST /api/payments/demo/checkout': { status: 402, body: { message: 'Your bank declined this payment.', code: 'PAYMENT_DECLINED' } },
    });
    const result = (await payOnDemoWithoutScript(api, form('card_declined'), ORDER)) as unknown as { data: unknown; init: { status: number } };
    expect(result.init.status).toBe(402);
    expect(result.data).toEqual({ message: 'Your bank declined this payment.', instrument: 'card_declined' });
    expect(calls.some((c) => c.key.includes('verify'))).toBe(false);
  });

  it('asks for an instrument when none was chosen', async () => {
    const { api, calls } = apiAnswering({});
    const result = (await payOnDemoWithoutScript(api, form(''), ORDER)) as unknown as { init: { status: number } };
    expect(result.init.status).toBe(400);
    expect(calls.filter((c) => c.key.startsWith('POST'))).toHaveLength(0);
  });
});

describe('after Place Order', () => {
  it('an order awaiting payment goes to the payment step as a new document; cod and placed ones to thank-you', () => {
    const pay = afterPlaceOrder({ orderNumber: ORDER, status: 'Awaiting payment' }, { 'Set-Cookie': 'x=; Max-Age=0' });
    expect(pay.headers.get('location')).toBe(`/checkout/pay/${ORDER}`);
    expect(pay.headers.get('x-remix-reload-document')).toBe('true');
    expect(pay.headers.get('set-cookie')).toBe('x=; Max-Age=0');
    for (const status of ['Awaiting confirmation', 'Placed']) {
      expect(afterPlaceOrder({ orderNumber: ORDER, status }, {}).headers.get('location')).toBe(`/thank-you?order=${ORDER}`);
    }
  });
});
