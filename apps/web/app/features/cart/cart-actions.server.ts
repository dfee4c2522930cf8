import { data, redirect } from 'react-router';
import { apiFailure, type ApiClient } from '../../lib/api.ts';
import { MAX_LINE_QUANTITY, readCartCookie } from '../../lib/cart-cookie.ts';
import { loadSessionUser } from '../../lib/session.ts';
import { applyCoupon, couponSetCookie, guestCartCookie } from './cart-data.server.ts';
import { CART_NOTES } from './cart-view.ts';

export interface CartActionResult {
  intent: 'update' | 'coupon';
  ok: boolean;
  message: string;
}

const UPDATE_FAILED = 'We could not update your cart just now. Please try again.';

function reply(result: CartActionResult, status: number) {
  return data(result, { status });
}

/**
 * The new quantity of every line named in the form: the read-only boxes' values, then one step of a
 * minus/plus button (without script each press posts here), then a remove. Quantities floor at 0.
 */
export function quantitiesOf(form: FormData): Map<string, number> {
  const quantities = new Map<string, number>();
  for (const key of form.getAll('line').map(String)) {
    const qty = Math.floor(Number(form.get(`qty-${key}`)));
    quantities.set(key, Number.isFinite(qty) ? Math.min(Math.max(qty, 0), MAX_LINE_QUANTITY) : 0);
  }
  const step = /^(\w+):(-1|1)$/.exec(String(form.get('step') ?? ''));
  if (step && quantities.has(step[1]!)) quantities.set(step[1]!, Math.min(Math.max(quantities.get(step[1]!)! + Number(step[2]), 0), MAX_LINE_QUANTITY));
  const removed = String(form.get('remove') ?? '');
  if (removed && quantities.has(removed)) quantities.set(removed, 0);
  return quantities;
}

/** The cart screen's action: Update Cart (and each minus/plus/remove without script), Apply coupon, remove coupon. */
export async function cartAction(api: ApiClient, request: Request) {
  const form = await request.formData();
  const intent = String(form.get('intent') ?? 'update');
  const user = await loadSessionUser(api);

  if (intent === 'coupon' || intent === 'remove-coupon') {
    if (intent === 'remove-coupon') return redirect('/cart', { headers: { 'Set-Cookie': couponSetCookie(null, request) } });
    const code = String(form.get('coupon') ?? '').trim();
    if (!code) return reply({ intent: 'coupon', ok: false, message: 'Please enter a coupon code.' }, 400);
    const applied = await applyCoupon(api, code, user ? null : readCartCookie(request.headers.get('cookie')));
    if (!applied.ok) return reply({ intent: 'coupon', ok: false, message: applied.message }, 422);
    // An offer applied at checkout ("View offers" there posts here) goes back to checkout; anything else to the cart.
    const back = form.get('back') === 'checkout' ? '/checkout' : '/cart';
    return redirect(`${back}?${CART_NOTES.coupon}=1`, { headers: { 'Set-Cookie': couponSetCookie(applied.coupon.code, request) } });
  }

  const quantities = quantitiesOf(form);
  if (!user) return redirect(`/cart?${CART_NOTES.updated}=1`, { headers: { 'Set-Cookie': guestCartCookie(request, quantities) } });
  const changes = [...quantities].map(([key, quantity]) => ({ cartId: Number(key), quantity, user_id: user.userId }));
  try {
    await api.post(
      '/api/cart/updateCart',
      changes.filter((c) => Number.isSafeInteger(c.cartId) && c.cartId > 0),
    );
    return redirect(`/cart?${CART_NOTES.updated}=1`);
  } catch (error) {
    const { message, status } = apiFailure(error, UPDATE_FAILED);
    return reply({ intent: 'update', ok: false, message }, status);
  }
}
