import { data, redirect } from 'react-router';
import type { OrderDetail, RazorpayVerify } from '@milli/contracts';
import { DEMO_INSTRUMENTS, DEMO_INSTRUMENT_IDS } from '@milli/contracts/schemas';
import { ApiError, type ApiClient } from '../../lib/api.ts';
import { loginRedirect } from '../../lib/safe-redirect.ts';
import { loadSessionUser } from '../../lib/session.ts';
import { orderPagePath, thankYouPath, type DemoChoice, type PayStep, type PayStepResult } from './pay-step.ts';

/**
 * The payment step's calls (issue 18), made in process with the visitor's cookie: POST /api/orders/{n}/pay
 * opens (or reopens) the gateway's order for an order that holds its pieces, GET /api/orders/{n} says what it
 * is for. Without JavaScript, the demo checkout's form posts here and this does what the dialog does in the
 * browser: the demo checkout's Pay, then the verify.
 */

const UNAVAILABLE = 'We could not reach the payment service just now. Your order still holds its pieces: please try again in a moment.';
const VERIFY_FAILED = 'We could not confirm the payment just now. If money left your account, it is safe: refresh this page in a minute, or call us.';

/** An order number as the API writes them; anything else cannot be one (the 404 screen). */
const ORDER_NUMBER = /^[A-Za-z0-9][A-Za-z0-9/_-]{0,39}$/;

export function orderNumberOf(raw: string | undefined): string {
  const value = (raw ?? '').trim();
  if (!ORDER_NUMBER.test(value)) throw data(null, { status: 404 });
  return value;
}

/** What the visitor sees: the payment, or why there is none (lapsed, the gateway down). */
export async function loadPayStep(api: ApiClient, request: Request, orderNumber: string): Promise<PayStep> {
  const user = await loadSessionUser(api);
  if (!user) throw loginRedirect(request);
  const path = `/api/orders/${encodeURIComponent(orderNumber)}` as const;
  const [pay, detail] = await Promise.allSettled([api.post(`${path}/pay`), api.get(path)]);
  for (const settled of [pay, detail]) {
    if (settled.status === 'rejected' && settled.reason instanceof ApiError) {
      const { status } = settled.reason;
      if (status === 401) throw loginRedirect(request);
      if (status === 404 || status === 403 || status === 400) throw data(null, { status: 404 });
    }
  }
  const order = detail.status === 'fulfilled' ? detail.value : null;
  const summary = order ? orderSummary(order) : null;
  if (pay.status === 'rejected') {
    const error = pay.reason;
    if (error instanceof ApiError && error.code === 'ORDER_NOT_PAYABLE') throw redirect(orderPagePath(orderNumber));
    if (error instanceof ApiError && error.code === 'PAYMENT_LAPSED') return { kind: 'lapsed', orderNumber, message: error.message, summary };
    // Too many payment calls this hour: the gateway is fine, and the shopper is told when to come back.
    if (error instanceof ApiError && error.status === 429) return { kind: 'unavailable', orderNumber, message: error.message, summary };
    return { kind: 'unavailable', orderNumber, message: UNAVAILABLE, summary };
  }
  const answer = pay.value;
  return {
    kind: 'ready',
    orderNumber: answer.orderNumber,
    payBy: answer.payBy,
    payment: answer.payment,
    summary,
    instruments: answer.payment.gateway === 'demo' ? DEMO_INSTRUMENTS.map(({ id, label, outcome }) => ({ id, label, outcome })) : [],
    prefill: answer.payment.gateway === 'razorpay' ? await prefillOf(api, user.userId, order) : { name: '', email: '', contact: '' },
  };
}

function orderSummary(order: OrderDetail): NonNullable<PayStep['summary']> {
  return {
    lines: order.lines.map((l) => ({ name: l.name, quantity: l.quantity })),
    totalPaise: order.totals.totalPaise,
    harvestCreditPaise: order.totals.harvestCreditPaise,
    storeCreditPaise: order.totals.storeCreditPaise,
    rateLockAdvancePaise: order.totals.rateLockAdvancePaise,
    metalAccountMg: order.totals.metalAccountMg,
    metalAccountPaise: order.totals.metalAccountPaise,
  };
}

/** Razorpay Checkout's prefill: the billing name and phone, the account's e-mail (each empty when unknown). */
async function prefillOf(api: ApiClient, userId: number, order: OrderDetail | null) {
  const billing = order?.billingAddress ?? order?.shippingAddress ?? null;
  const email = await api
    .get(`/api/users/user-details/${userId}`)
    .then((d) => d.user.user_email)
    .catch(() => '');
  return {
    name: billing ? `${billing.firstName} ${billing.lastName}`.trim() : '',
    email,
    contact: billing ? `+${billing.countryCode.replace(/^\+/, '')}${billing.phone}` : '',
  };
}

/**
 * The demo checkout without JavaScript: the chosen test instrument pays (or is declined, and the page says
 * so with the radios again), then the verify places the order and the shopper goes to the thank-you page.
 */
export async function payOnDemoWithoutScript(api: ApiClient, request: Request, orderNumber: string) {
  const user = await loadSessionUser(api);
  if (!user) throw loginRedirect(request);
  const form = await request.formData();
  const gatewayOrderId = String(form.get('gatewayOrderId') ?? '');
  const instrument = String(form.get('instrument') ?? '') as DemoChoice;
  if (!(DEMO_INSTRUMENT_IDS as readonly string[]).includes(instrument)) {
    return data<PayStepResult>({ message: 'Please choose a test payment method.', instrument: null }, { status: 400 });
  }
  let paid: RazorpayVerify;
  try {
    paid = await api.post('/api/payments/demo/checkout', { gatewayOrderId, instrument });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw loginRedirect(request);
    if (error instanceof ApiError && error.status === 402) return data<PayStepResult>({ message: error.message, instrument }, { status: 402 });
    // Already paid (a second tab, the back button): the order page tells where it stands.
    if (error instanceof ApiError && error.code === 'PAYMENT_SETTLED') throw redirect(orderPagePath(orderNumber));
    if (error instanceof ApiError && error.status < 500) return data<PayStepResult>({ message: error.message, instrument }, { status: error.status });
    return data<PayStepResult>({ message: UNAVAILABLE, instrument }, { status: 503 });
  }
  try {
    const verified = await api.post('/api/payments/razorpay/verify', paid);
    throw redirect(thankYouPath(verified.orderNumber ?? orderNumber));
  } catch (error) {
    if (error instanceof Response) throw error;
    return data<PayStepResult>({ message: error instanceof ApiError && error.status < 500 ? error.message : VERIFY_FAILED, instrument }, { status: 502 });
  }
}
