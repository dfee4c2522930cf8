import type { CartLine, ProductSummary } from '@milli/contracts';
import { orderTotals } from '@milli/pricing';
import type { ApiClient } from './api.ts';

/**
 * The guest cart lives in the browser, in the cookie the specification names `cartItems`: a
 * URI-encoded JSON list of { productId, quantity }. The same cookie is read by the server (root loader,
 * login merges it) and written by the browser, so both sides go through these functions.
 */
export const CART_COOKIE = 'cartItems';
/** A guest cart is kept for 30 days after its last change. */
export const CART_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;
/** Bounds that keep a tampered or runaway cookie from costing the server anything. */
export const MAX_CART_LINES = 50;
export const MAX_LINE_QUANTITY = 99;

export interface GuestCartItem {
  productId: number;
  quantity: number;
}

/** One line of the header's mini cart. Money in paise. */
export interface MiniCartLine {
  productId: number;
  name: string;
  image: string;
  quantity: number;
  unitPricePaise: number;
  lineTotalPaise: number;
}

export interface MiniCart {
  /** Pieces in the cart (the sum of quantities): the header badge. */
  count: number;
  lines: MiniCartLine[];
  subtotalPaise: number;
}

export const EMPTY_MINI_CART: MiniCart = { count: 0, lines: [], subtotalPaise: 0 };

/**
 * The cookie's value (still URI-encoded, or already decoded) as a clean list: whole positive ids,
 * quantities clamped to 1…99, duplicates merged, at most 50 lines. Anything unreadable is an empty cart.
 */
export function parseCartItems(raw: string | null | undefined): GuestCartItem[] {
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.trimStart().startsWith('[') ? raw : decodeURIComponent(raw));
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const byId = new Map<number, number>();
  for (const entry of parsed) {
    if (!entry || typeof entry !== 'object') continue;
    const { productId, quantity } = entry as Record<string, unknown>;
    const id = Number(productId);
    const qty = Math.floor(Number(quantity));
    if (!Number.isSafeInteger(id) || id <= 0 || !Number.isFinite(qty) || qty <= 0) continue;
    if (!byId.has(id) && byId.size >= MAX_CART_LINES) continue;
    byId.set(id, Math.min(MAX_LINE_QUANTITY, (byId.get(id) ?? 0) + qty));
  }
  return [...byId].map(([productId, quantity]) => ({ productId, quantity }));
}

/** The cookie's value for a list (URI-encoded JSON). */
export function serializeCartItems(items: readonly GuestCartItem[]): string {
  return encodeURIComponent(JSON.stringify(parseCartItems(JSON.stringify(items))));
}

/** Reads one cookie out of a Cookie header (server) or document.cookie (browser). */
export function readCookie(cookieHeader: string | null | undefined, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** Server: the guest cart from the request's Cookie header. */
export function readCartCookie(cookieHeader: string | null | undefined): GuestCartItem[] {
  return parseCartItems(readCookie(cookieHeader, CART_COOKIE));
}

/** A Set-Cookie value for actions that change the guest cart on the server. An empty list clears it. */
export function cartSetCookie(items: readonly GuestCartItem[]): string {
  const clean = parseCartItems(JSON.stringify(items));
  const maxAge = clean.length === 0 ? 0 : CART_COOKIE_MAX_AGE_S;
  return `${CART_COOKIE}=${serializeCartItems(clean)}; Path=/; Max-Age=${maxAge}; SameSite=Lax`;
}

/** Browser: the guest cart from document.cookie. */
export function readBrowserCart(): GuestCartItem[] {
  if (typeof document === 'undefined') return [];
  return readCartCookie(document.cookie);
}

/** Browser: replaces the guest cart. Call the route revalidator afterwards so the header's count follows. */
export function writeBrowserCart(items: readonly GuestCartItem[]): void {
  if (typeof document === 'undefined') return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = cartSetCookie(items) + secure;
}

function toLine(product: ProductSummary, quantity: number): MiniCartLine {
  const unit = Number.isSafeInteger(product.product_price_paise)
    ? product.product_price_paise
    : Math.round(Number(product.product_price) * 100) || 0;
  return {
    productId: product.product_id,
    name: product.product_name,
    image: product.product_parent_image,
    quantity,
    unitPricePaise: unit,
    lineTotalPaise: unit * quantity,
  };
}

export function summarise(lines: MiniCartLine[]): MiniCart {
  return {
    lines,
    count: lines.reduce((n, l) => n + l.quantity, 0),
    // The pricing package's totals function, as on the cart screen and in checkout.
    subtotalPaise: orderTotals({ lines: lines.map((l) => ({ unitPricePaise: l.unitPricePaise, quantity: l.quantity })), shippingFeePaise: 0 }).subtotalPaise,
  };
}

/**
 * The guest cart priced by the API (POST /api/product/get_product_detail?cartList=1,2,3). Products the
 * API no longer knows drop out. A failed call is an empty cart (spec §8: the header panel empties).
 */
export async function loadGuestMiniCart(api: ApiClient, items: readonly GuestCartItem[]): Promise<MiniCart> {
  if (items.length === 0) return EMPTY_MINI_CART;
  try {
    const ids = items.map((i) => i.productId).join(',');
    const products = await api.post<ProductSummary[]>(`/api/product/get_product_detail?cartList=${ids}`);
    if (!Array.isArray(products)) return EMPTY_MINI_CART;
    const byId = new Map(products.map((p) => [p.product_id, p]));
    const lines: MiniCartLine[] = [];
    for (const item of items) {
      const product = byId.get(item.productId);
      if (product) lines.push(toLine(product, item.quantity));
    }
    return summarise(lines);
  } catch {
    return EMPTY_MINI_CART;
  }
}

/**
 * A logged-in customer's cart from the server (GET /api/cart/find-by-user-id/{userId}), priced as frozen
 * on each line. A failed call is an empty cart, as for guests.
 */
export async function loadCustomerMiniCart(api: ApiClient, userId: number): Promise<MiniCart> {
  try {
    const rows = await api.get<CartLine[]>(`/api/cart/find-by-user-id/${userId}`);
    if (!Array.isArray(rows)) return EMPTY_MINI_CART;
    return summarise(
      rows.map((r) => ({
        productId: r.product_id,
        name: r.product_name,
        image: r.product_parent_image,
        quantity: r.quantity,
        unitPricePaise: r.product_price_paise,
        lineTotalPaise: r.product_price_paise * r.quantity,
      })),
    );
  } catch {
    return EMPTY_MINI_CART;
  }
}
