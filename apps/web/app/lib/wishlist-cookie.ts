import { MAX_WISHLIST_ITEMS, parseWishlistIds } from '@milli/contracts';
import { storeCookie, type CookieSite } from './cookies.ts';

/**
 * A guest's wish list lives in the `wishlistItems` cookie: a URI-encoded JSON list of product ids, newest
 * first, at most MAX_WISHLIST_ITEMS. Only the server writes it (the /wishlist action) and reads it (root
 * loader, /wishlist, login, which sends it along to be merged), so it is HttpOnly. Parsing is
 * `parseWishlistIds` from the contracts, the same function the API uses for login.
 */
export const WISHLIST_COOKIE = 'wishlistItems';
/** Kept 90 days after its last change: a wish list is for later. */
export const WISHLIST_COOKIE_MAX_AGE_S = 90 * 24 * 60 * 60;
const wishlistCookie = storeCookie(WISHLIST_COOKIE, { maxAgeS: WISHLIST_COOKIE_MAX_AGE_S, httpOnly: true });

/** The guest wish list from a Cookie header: clean ids, or an empty list for anything unreadable. */
export function readWishlistCookie(cookieHeader: string | null | undefined): number[] {
  return parseWishlistIds(wishlistCookie.read(cookieHeader));
}

/** A Set-Cookie value holding these ids (cleaned and capped), set from `site`; an empty list clears the cookie. */
export function wishlistSetCookie(ids: readonly number[], site: CookieSite): string {
  const clean = parseWishlistIds(JSON.stringify(ids));
  return clean.length === 0 ? wishlistCookie.clear(site) : wishlistCookie.set(encodeURIComponent(JSON.stringify(clean)), site);
}

/** The list with this piece first (newest first); null when the list is full. */
export function withWished(ids: readonly number[], productId: number): number[] | null {
  if (ids.includes(productId)) return [...ids];
  if (ids.length >= MAX_WISHLIST_ITEMS) return null;
  return [productId, ...ids];
}

export const withoutWished = (ids: readonly number[], productId: number): number[] => ids.filter((id) => id !== productId);
