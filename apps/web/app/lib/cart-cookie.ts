import { choicesText, parseCartItems, pictureInColour, serializeCartItems, type GuestCartItem, type ProductDetail } from '@milli/contracts';
import { priceAsChosen } from '@milli/pricing';
import type { ApiClient } from './api.ts';
import { storeCookie, type CookieSite } from './cookies.ts';

// The cookie's parsing lives in the contracts, where the API reads it too (GET /api/me/summary prices a guest's mini cart).
export { EMPTY_MINI_CART, MAX_CART_LINES, MAX_LINE_QUANTITY, guestLineKey, parseCartItems, serializeCartItems } from '@milli/contracts';
export type { GuestCartItem, GuestChoice, MiniCart, MiniCartLine } from '@milli/contracts';

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
 * package's priceAsChosen (priceChoice, the function the server charges with), so a guest's 14 kt line costs what
 * the page said, and what the header's mini cart says (GET /api/me/summary prices it with the same function).
 * Products the API no longer knows drop out.
 */
export async function priceGuestCart(api: ApiClient, items: readonly GuestCartItem[]): Promise<PricedGuestLine[]> {
  if (items.length === 0) return [];
  const ids = [...new Set(items.map((i) => i.productId))];
  const found = await Promise.all(
    ids.map((id) =>
      api.get(`/api/product/find-by-id/${id}`).then(
        (answer) => answer?.data ?? null,
        () => null,
      ),
    ),
  );
  const byId = new Map(found.filter((p): p is ProductDetail => p !== null).map((p) => [p.product_id, p]));
  return items.flatMap((item) => {
    const product = byId.get(item.productId);
    if (!product) return [];
    return [
      {
        item,
        product,
        ...priceAsChosen(product, { purity: item.purity, diamondQuality: item.diamondQuality, size: item.size }),
        image: pictureInColour(product.product_parent_image, item.colour),
        choices: choicesText(item),
      },
    ];
  });
}
