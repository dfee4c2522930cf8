/**
 * The wish list's product-id lists: the guest's `wishlistItems` cookie, the `wishlistItems` field of
 * login, and the shared read-only view (`/wishlist?items=12,40,7`). Pure functions with no dependencies,
 * so the browser bundle, the web server and the API read them the same way.
 */

/** A wish list keeps at most this many pieces (a customer's rows, a guest's cookie, a shared link). */
export const MAX_WISHLIST_ITEMS = 100;
/** What the wish list answers; the API and the storefront say the same. */
export const WISHLIST_MESSAGES = {
  added: 'Added to your wish list',
  removed: 'Removed from your wish list',
  notFound: 'This product does not exist.',
  notInList: 'This piece is not in your wish list.',
  full: `Your wish list is full (${MAX_WISHLIST_ITEMS} pieces). Please remove a piece first.`,
} as const;

/** Product ids are positive integers that fit PostgreSQL's integer. */
const MAX_ID = 2_147_483_647;

function productId(value: unknown): number | null {
  const n = typeof value === 'string' && /^\s*\d{1,10}\s*$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 && n <= MAX_ID ? n : null;
}

/** Whole positive ids, duplicates dropped, first-seen order, at most MAX_WISHLIST_ITEMS; anything else is skipped. */
export function cleanWishlistIds(values: readonly unknown[]): number[] {
  const ids = new Set<number>();
  for (const value of values) {
    if (ids.size >= MAX_WISHLIST_ITEMS) break;
    const id = productId(value);
    if (id !== null) ids.add(id);
  }
  return [...ids];
}

/**
 * A JSON list of product ids (`[12,40,"7"]`), raw or URI-encoded, as the cookie and login carry it.
 * Unreadable input is an empty list, never an error: a tampered cookie costs nothing.
 */
export function parseWishlistIds(raw: string | null | undefined): number[] {
  if (!raw || raw.length > 20_000) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw.trimStart().startsWith('[') ? raw : decodeURIComponent(raw));
  } catch {
    return [];
  }
  return Array.isArray(value) ? cleanWishlistIds(value) : [];
}

/** The shared view's `items=12,40,7`: comma-separated ids; null when the text is not such a list at all. */
export function parseSharedWishlistIds(raw: string | null | undefined): number[] | null {
  if (raw === null || raw === undefined) return null;
  const text = raw.trim();
  if (text === '' || text.length > 2_000 || !/^\d{1,10}(\s*,\s*\d{1,10})*$/.test(text)) return null;
  const ids = cleanWishlistIds(text.split(','));
  return ids.length > 0 ? ids : null;
}
