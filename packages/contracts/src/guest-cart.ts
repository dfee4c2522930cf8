import { DIAMOND_QUALITIES, METAL_COLOURS, SIZE_KINDS, type SizeKind } from './constants.ts';

/**
 * The guest cart as the `cartItems` cookie carries it (a URI-encoded JSON list of { productId, quantity } with the
 * choices made on the product page), and the header's mini cart. Pure functions with no dependencies, so the
 * browser, the web server and the API (GET /api/me/summary, which prices a guest's mini cart) read the cookie
 * the same way.
 */

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
  if (entry.purity !== undefined && entry.purity !== null && entry.purity !== '' && Number.isSafeInteger(purity) && purity > 0 && purity < 1000)
    choice.purity = purity;
  if (typeof entry.colour === 'string' && (METAL_COLOURS as readonly string[]).includes(entry.colour)) choice.colour = entry.colour;
  if (typeof entry.diamondQuality === 'string' && (DIAMOND_QUALITIES as readonly string[]).includes(entry.diamondQuality))
    choice.diamondQuality = entry.diamondQuality;
  const size = typeof entry.size === 'number' ? String(entry.size) : entry.size;
  if (typeof size === 'string' && /^[0-9][0-9.]{0,5}$/.test(size)) choice.size = size;
  if (choice.size && typeof entry.sizeKind === 'string' && (SIZE_KINDS as readonly string[]).includes(entry.sizeKind))
    choice.sizeKind = entry.sizeKind as SizeKind;
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
