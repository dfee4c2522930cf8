import { data } from 'react-router';
import { loginRedirect } from '../../lib/safe-redirect.ts';
import { afterPlaceOrder } from '../../lib/payment-step.ts';
import { refusalMessage, type ApiClient } from '../../lib/api.ts';
import { PlaceOrderSchema } from '@milli/contracts/schemas';
import { replyTo } from '../../lib/api.server.ts';
import { apiFieldErrors } from '../../lib/field-errors.ts';
import { loadSessionUser } from '../../lib/session.ts';
import { couponSetCookie } from './cart-data.server.ts';
import { BILLING_FIELDS, SHIPPING_FIELDS, TERMS_MESSAGE, type CheckoutResult } from './checkout-form.ts';

const PLACE_FAILED = 'We could not place your order just now. Nothing was charged. Please try again.';

/**
 * Place Order: the terms first (DECISIONS §2: a message, not silence), then POST /api/orders/placeOrders
 * with the spec's form fields, the page's cartDataList, the coupon the page showed and the visit's idempotency
 * key. Success forgets the coupon and goes to the payment step (an order awaiting payment) or /thank-you.
 */
export async function placeOrder(api: ApiClient, request: Request) {
  const form = await request.formData();
  const user = await loadSessionUser(api);
  if (!user) throw loginRedirect(new URL('/checkout', request.url));
  const text = (name: string) => String(form.get(name) ?? '').trim();
  const corporate = form.get('corporate') === 'on';
  const elsewhere = form.get('shipToDifferent') === 'on';
  const values: CheckoutResult['values'] = Object.fromEntries([...BILLING_FIELDS, ...SHIPPING_FIELDS].map((f) => [f, text(f)]));
  if (corporate) values.corporate = 'on';
  if (elsewhere) values.shipToDifferent = 'on';
  if (form.get('saveAddress') === 'on') values.saveAddress = 'on';
  // Issue 38: the Form 60 declaration counts only when its box is ticked. The Aadhaar number is sent once and never
  // put back into the page after a refusal (the buyer types it again): it is shown nowhere but where it is typed.
  const form60 = form.get('form60') === 'on';
  const aadhaar = text('form60Aadhaar');
  values.form60Aadhaar = '';
  if (form60) values.form60 = 'on';
  if (form.get('form60Declaration') === 'on') values.form60Declaration = 'on';
  if (form.get('terms') !== 'on') return data<CheckoutResult>({ message: TERMS_MESSAGE, fields: { terms: TERMS_MESSAGE }, values }, { status: 400 });

  if (form.get('useHarvest') === 'on') values.useHarvest = 'on';
  if (form.get('useStoreCredit') === 'on') values.useStoreCredit = 'on';
  if (form.get('useMetalAccount') === 'on') values.useMetalAccount = 'on';
  const body = new FormData();
  for (const f of BILLING_FIELDS) {
    // Company fields count only when the corporate box is ticked (they stay in the page, hidden, otherwise).
    if (!corporate && (f === 'companyName' || f === 'companyEmail' || f === 'gstin')) body.set(f, '');
    else if (f.startsWith('form60')) body.set(f, form60 ? (f === 'form60Aadhaar' ? aadhaar : (values[f] ?? '')) : '');
    else body.set(f, values[f] ?? '');
  }
  if (form60) {
    body.set('form60', 'true');
    if (values.form60Declaration) body.set('form60Declaration', 'true');
  }
  // The delivery address counts only when "Deliver to a different address" is ticked.
  if (elsewhere) {
    body.set('shipToDifferent', 'true');
    for (const f of SHIPPING_FIELDS) body.set(f, values[f] ?? '');
  }
  if (values.saveAddress) body.set('saveAddress', 'true');
  body.set('cartDataList', text('cartDataList'));
  body.set('userId', String(user.userId));
  body.set('couponCode', text('couponCode'));
  body.set('idempotencyKey', text('idempotencyKey'));
  if (form.get('useHarvest') === 'on') body.set('useHarvest', 'true');
  if (form.get('useStoreCredit') === 'on') body.set('useStoreCredit', 'true');
  if (form.get('useMetalAccount') === 'on') body.set('useMetalAccount', 'true');

  // Checked first with the route's own schema: a form it refuses gets the API's very messages without the call.
  const reply = await replyTo(api, 'POST', '/api/orders/placeOrders', body, PlaceOrderSchema);
  if (!reply) return data<CheckoutResult>({ message: PLACE_FAILED, fields: {}, values }, { status: 502 });
  if (reply.ok) {
    // Awaiting payment: the payment step; pay on delivery (Awaiting confirmation) or nothing to pay: thank-you.
    return afterPlaceOrder(reply.data, { 'Set-Cookie': couponSetCookie(null, request) });
  }
  const refused = reply.status < 500;
  return data<CheckoutResult>(
    {
      message: (refused && refusalMessage(reply.body)) || PLACE_FAILED,
      fields: refused ? apiFieldErrors(reply.body, [...BILLING_FIELDS, ...SHIPPING_FIELDS, 'form60Declaration']) : {},
      values,
    },
    { status: refused ? reply.status : 502 },
  );
}
