import { DIAMOND_QUALITIES, METAL_COLOURS, SIZE_KINDS, choicesText, pictureInColour, type CartLine, type ProductDetail, type SizeKind } from '@milli/contracts';
import { orderTotals, priceChoice } from '@milli/pricing';
import type { ApiClient } from './api.ts';
import { storeCookie, type CookieSite } from './cookies.ts';

/**
 * The guest cart lives in the browser, in the cookie the specification names `cartItems`: a
 * URI-encoded JSON list of { productId, quantity }, each with the choices made on the product page
 * (purity, colour, diamondQuality, size and sizeKind), so a guest's 14 kt ring in size 12 stays one
 * through login. The same cookie is read by the server (root loader, login merges it) and written by
 * the browser, so both sides go through these functions.
 */
export const CART_COOKIE = 'cartItems';
/** A guest cart is kept for 30 days after its last change. */
export const CART_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;
/** Not HttpOnly: the browser writes it too (writeBrowserCart). */
const cartCookie = storeCookie(CART_COOKIE, { maxAgeS: CART_COOKIE_MAX_AGE_S, httpOnly: false });
/** Bounds that keep a tampered or runaway cookie from costing the server anything. */
export const MAX_CART_LINES = 50;
export const MAX_LINE_QUANTITY = 99;

/** What a guest chose for a piece; the server judges it against the piece when the line is priced or merged. */
export interface GuestChoice {
  purity?: number;
  colour?: string;
  diamondQuality?: string;
  size?: string;
  sizeKind?: SizeKind;
}

export interface GuestCartItem extends GuestChoice {
  productId: number;
  quantity: number;
}

/** The choices of a cookie entry that have a sane shape; anything else is dropped. */
function choiceOf(entry: Record<string, unknown>): GuestChoice {
  const choice: GuestChoice = {};
  const purity = Number(entry.purity);
  if (entry.purity !== undefined && entry.purity !== null && entry.purity !== '' && Number.isSafeInteger(purity) && purity > 0 && purity < 1000) choice.purity = purity;
  if (typeof entry.colour === 'string' && (METAL_COLOURS as readonly string[]).includes(entry.colour)) choice.colour = entry.colour;
  if (typeof entry.diamondQuality === 'string' && (DIAMOND_QUALITIES as readonly string[]).includes(entry.diamondQuality)) choice.diamondQuality = entry.diamondQuality;
  const size = typeof entry.size === 'number' ? String(entry.size) : entry.size;
  if (typeof size === 'string' && /^[0-9][0-9.]{0,5}$/.test(size)) choice.size = size;
  if (choice.size && typeof entry.sizeKind === 'string' && (SIZE_KINDS as readonly string[]).includes(entry.sizeKind)) choice.sizeKind = entry.sizeKind as SizeKind;
  return choice;
}

/** One line per piece and choice: the same ring in two sizes is two lines. */
export function guestLineKey(item: GuestCartItem): string {
  return [item.productId, item.purity ?? '', item.colour ?? '', item.diamondQuality ?? '', item.size ?? ''].join('|');
}

/** One line of the header's mini cart. Money in paise. */
export interface MiniCartLine {
  productId: number;
  /** '14 kt · Rose Gold · Size 12' */
  choices: string;
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
 * quantities clamped to 1…99, the same piece with the same choices merged, at most 50 lines. Anything
 * unreadable is an empty cart.
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
  const byKey = new Map<string, GuestCartItem>();
  for (const entry of parsed) {
    if (!entry || typeof entry !== 'object') continue;
    const { productId, quantity } = entry as Record<string, unknown>;
    const id = Number(productId);
    const qty = Math.floor(Number(quantity));
    if (!Number.isSafeInteger(id) || id <= 0 || !Number.isFinite(qty) || qty <= 0) continue;
    const item: GuestCartItem = { productId: id, quantity: qty, ...choiceOf(entry as Record<string, unknown>) };
    const key = guestLineKey(item);
    const same = byKey.get(key);
    if (same) same.quantity = Math.min(MAX_LINE_QUANTITY, same.quantity + qty);
    else if (byKey.size < MAX_CART_LINES) byKey.set(key, { ...item, quantity: Math.min(MAX_LINE_QUANTITY, qty) });
  }
  return [...byKey.values()];
}

/** The cookie's value for a list (URI-encoded JSON). */
export function serializeCartItems(items: readonly GuestCartItem[]): string {
  return encodeURIComponent(JSON.stringify(parseCartItems(JSON.stringify(items))));
}

/** Server: the guest cart from the request's Cookie header. */
export function readCartCookie(cookieHeader: string | null | undefined): GuestCartItem[] {
  return parseCartItems(cartCookie.read(cookieHeader));
}

/** A Set-Cookie value holding this cart, set from `site` (a request, or the page's address). An empty list clears it. */
export function cartSetCookie(items: readonly GuestCartItem[], site: CookieSite): string {
  const clean = parseCartItems(JSON.stringify(items));
  return clean.length === 0 ? cartCookie.clear(site) : cartCookie.set(serializeCartItems(clean), site);
}

/** Browser: the guest cart from document.cookie. */
export function readBrowserCart(): GuestCartItem[] {
  if (typeof document === 'undefined') return [];
  return readCartCookie(document.cookie);
}

/** Browser: replaces the guest cart. Call the route revalidator afterwards so the header's count follows. */
export function writeBrowserCart(items: readonly GuestCartItem[]): void {
  if (typeof document === 'undefined') return;
  document.cookie = cartSetCookie(items, window.location.href);
}

export function summarise(lines: MiniCartLine[]): MiniCart {
  return {
    lines,
    count: lines.reduce((n, l) => n + l.quantity, 0),
    // The pricing package's totals function, as on the cart screen and in checkout.
    subtotalPaise: orderTotals({ lines: lines.map((l) => ({ unitPricePaise: l.unitPricePaise, quantity: l.quantity })), shippingFeePaise: 0 }).subtotalPaise,
  };
}

/** A guest's line with its piece, priced for the choices made. */
export interface PricedGuestLine {
  item: GuestCartItem;
  product: ProductDetail;
  unitPricePaise: number;
  /** The price without the running sale and its percent off (null when the piece is on none). */
  beforePaise: number | null;
  percentOff: number | null;
  /** The picture in the chosen gold colour, where the piece has one per colour. */
  image: string;
  choices: string;
}

/**
 * The guest cart priced as chosen: each piece's page answer (GET /api/product/find-by-id/{id}) and the pricing
 * package's priceChoice, the function the server charges with, so a guest's 14 kt line costs what the page said.
 * Products the API no longer knows drop out.
 */
export async function priceGuestCart(api: ApiClient, items: readonly GuestCartItem[]): Promise<PricedGuestLine[]> {
  if (items.length === 0) return [];
  const ids = [...new Set(items.map((i) => i.productId))];
  const found = await Promise.all(
    ids.map((id) =>
      api.get<{ data: ProductDetail }>(`/api/product/find-by-id/${id}`).then(
        (answer) => answer?.data ?? null,
        () => null,
      ),
    ),
  );
  const byId = new Map(found.filter((p): p is ProductDetail => p !== null).map((p) => [p.product_id, p]));
  return items.flatMap((item) => {
    const product = byId.get(item.productId);
    if (!product) return [];
    const priced = priceChoice(product.pricing, { purity: item.purity, diamondQuality: item.diamondQuality });
    return [
      {
        item,
        product,
        unitPricePaise: priced?.totalPaise ?? product.product_price_paise,
        beforePaise: priced && priced.saleDiscountPaise > 0 ? priced.beforePaise : null,
        percentOff: priced && priced.saleDiscountPaise > 0 ? priced.salePercentOff : null,
        image: pictureInColour(product.product_parent_image, item.colour),
        choices: choicesText(item),
      },
    ];
  });
}

/** The guest cart, priced as chosen, for the header. A failed call is an empty cart (spec §8: the header panel empties). */
export async function loadGuestMiniCart(api: ApiClient, items: readonly GuestCartItem[]): Promise<MiniCart> {
  if (items.length === 0) return EMPTY_MINI_CART;
  try {
    const lines = await priceGuestCart(api, items);
    return summarise(
      lines.map((l) => ({
        productId: l.product.product_id,
        choices: l.choices,
        name: l.product.product_name,
        image: l.image,
        quantity: l.item.quantity,
        unitPricePaise: l.unitPricePaise,
        lineTotalPaise: l.unitPricePaise * l.item.quantity,
      })),
    );
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
        choices: choicesText(r.options),
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
