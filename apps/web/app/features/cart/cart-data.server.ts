import { data } from 'react-router';
import { choicesText } from '@milli/contracts';
import { ApiError, type ApiClient } from '../../lib/api.ts';
import { cartSetCookie, priceGuestCart, readCartCookie, type GuestCartItem } from '../../lib/cart-cookie.ts';
import { storeCookie, type CookieSite } from '../../lib/cookies.ts';
import type { SessionUser } from '../../lib/session.ts';
import type { AppliedCoupon, CartView, CartViewLine, CouponOffer } from './cart-view.ts';

/** The coupon the shopper applied in the cart, remembered so checkout shows the same totals. */
export const COUPON_COOKIE = 'milli_coupon';
const couponCookie = storeCookie(COUPON_COOKIE, { maxAgeS: 7 * 86_400, httpOnly: true });
const COUPON_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;

export function readCouponCode(request: Request): string | null {
  const raw = couponCookie.read(request.headers.get('cookie'));
  return raw && COUPON_PATTERN.test(raw) ? raw.toUpperCase() : null;
}

/** The applied code (checked by the API, so cookie-safe), or null to forget it. */
export function couponSetCookie(code: string | null, site: CookieSite): string {
  return code ? couponCookie.set(code, site) : couponCookie.clear(site);
}

async function customerLines(api: ApiClient, userId: number): Promise<CartViewLine[]> {
  const rows = await api.get(`/api/cart/find-by-user-id/${userId}`);
  return rows.map((r) => ({
    key: String(r.cartId),
    cartId: r.cartId,
    productId: r.product_id,
    name: r.product_name,
    image: r.product_parent_image,
    quantity: r.quantity,
    unitPricePaise: r.product_price_paise,
    addedPricePaise: r.added_price_paise !== r.product_price_paise ? r.added_price_paise : null,
    beforePaise: r.product_price_before_paise,
    percentOff: r.product_discount_percent,
    stock: r.product_stock,
    choices: choicesText(r.options),
    rateLock: r.rate_lock ?? null,
    fineGoldMg: r.fine_gold_mg ?? null,
    metalPaise: r.metal_paise ?? null,
  }));
}

/** A guest's line is named by its place in the cookie: the same piece may be there twice, with other choices. */
const guestKey = (index: number) => `g${index}`;

async function guestLines(api: ApiClient, items: GuestCartItem[]): Promise<CartViewLine[]> {
  const priced = await priceGuestCart(api, items);
  return priced.map((l) => ({
    key: guestKey(items.indexOf(l.item)),
    cartId: null,
    productId: l.product.product_id,
    name: l.product.product_name,
    image: l.image,
    quantity: l.item.quantity,
    unitPricePaise: l.unitPricePaise,
    addedPricePaise: null,
    beforePaise: l.beforePaise,
    percentOff: l.percentOff,
    stock: l.product.product_stock,
    choices: l.choices,
  }));
}

/** Asks the server what a code takes off this visitor's cart (it prices the cart itself). */
export async function applyCoupon(
  api: ApiClient,
  code: string,
  guestItems: GuestCartItem[] | null,
): Promise<{ ok: true; coupon: AppliedCoupon } | { ok: false; message: string }> {
  try {
    const answer = await api.post('/api/coupons/apply', { code, ...(guestItems ? { cartItems: JSON.stringify(guestItems) } : {}) });
    return {
      ok: true,
      coupon: {
        code: answer.code,
        message: answer.message,
        rule: { kind: answer.kind, value: answer.value, maxDiscountPaise: answer.maxDiscountPaise, minOrderPaise: answer.minOrderPaise },
      },
    };
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return { ok: false, message: error.message };
    return { ok: false, message: 'We could not check this coupon just now. Please try again.' };
  }
}

/** The coupons on offer for this cart (POST /api/coupons/offers); a failure only hides the list, never the cart. */
async function couponOffers(api: ApiClient, guestItems: GuestCartItem[] | null): Promise<CouponOffer[]> {
  try {
    return (await api.post('/api/coupons/offers', guestItems ? { cartItems: JSON.stringify(guestItems) } : {})).data;
  } catch (error) {
    if (error instanceof ApiError) return [];
    throw error;
  }
}

/**
 * What the cart and checkout are not shown without: the store's settings (the shipping fee, the pay-on-delivery limit)
 * and, at checkout, the shopper's Milli Harvest plans and store credit that may pay. An API that cannot give them shows
 * the error screen (502), never totals made of figures the store did not give.
 */
export async function needed<T>(answer: Promise<T>): Promise<T> {
  try {
    return await answer;
  } catch (error) {
    if (error instanceof ApiError) throw data(null, { status: 502 });
    throw error;
  }
}

/** The cart as the cart screen and checkout show it: the server's lines for a customer, the cookie's for a guest. */
export async function loadCartView(api: ApiClient, request: Request, user: SessionUser | null, shippingFeePaise: number): Promise<CartView> {
  const guestItems = user ? null : readCartCookie(request.headers.get('cookie'));
  const lines = user ? await customerLines(api, user.userId) : await guestLines(api, guestItems ?? []);
  const code = readCouponCode(request);
  let coupon: AppliedCoupon | null = null;
  let couponNotice: string | null = null;
  if (code && lines.length > 0) {
    const applied = await applyCoupon(api, code, guestItems);
    if (applied.ok) coupon = applied.coupon;
    else couponNotice = `Coupon ${code} no longer applies: ${applied.message}`;
  }
  const offers = lines.length > 0 ? await couponOffers(api, guestItems) : [];
  return { userId: user?.userId ?? null, lines, shippingFeePaise, coupon, couponNotice, offers };
}

/** Guest carts live in the cookie: the new quantities (0 removes a line) as a Set-Cookie value. */
export function guestCartCookie(request: Request, quantities: Map<string, number>): string {
  const items = readCartCookie(request.headers.get('cookie'));
  const next = items.map((item, i) => ({ ...item, quantity: quantities.get(guestKey(i)) ?? item.quantity })).filter((i) => i.quantity > 0);
  return cartSetCookie(next, request);
}
