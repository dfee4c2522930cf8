import { WISHLIST_MESSAGES, type ProductSummary, type WishlistRow } from '@milli/contracts';
import { ApiError, apiFailure, type ApiClient } from '../../lib/api.ts';
import type { SessionUser } from '../../lib/session.ts';
import { readWishlistCookie, wishlistSetCookie, withWished, withoutWished } from '../../lib/wishlist-cookie.ts';
import type { WishlistActionResult, WishlistItem } from './wishlist-types.ts';

/**
 * The wish list for loaders and actions: a logged-in customer's through the API (/api/wishlist/…, identity
 * from the session cookie), a guest's in the wishlistItems cookie, priced by get_product_detail.
 */

const fromRow = (r: WishlistRow): WishlistItem => ({
  productId: r.product_id,
  name: r.product_name,
  image: r.product_parent_image,
  pricePaise: r.product_price_paise,
  inStock: r.product_stock_status === 'In Stock',
});

const fromSummary = (p: ProductSummary): WishlistItem => ({
  productId: p.product_id,
  name: p.product_name,
  image: p.product_parent_image,
  pricePaise: Number.isSafeInteger(p.product_price_paise) ? p.product_price_paise : Math.round(Number(p.product_price) * 100) || 0,
  inStock: !/out/i.test(p.product_stock_status),
});

/** The customer's rows (GET /api/wishlist/find-by-user-id/{userId}). Throws when the API fails. */
export async function loadCustomerWishlist(api: ApiClient, user: SessionUser): Promise<WishlistItem[]> {
  const rows = await api.get(`/api/wishlist/find-by-user-id/${user.userId}`);
  if (!Array.isArray(rows)) throw new Error('unexpected wish-list answer');
  return rows.map(fromRow);
}

/** Pieces by id, in the given order, priced like a guest cart (POST get_product_detail?cartList=…). Throws when the API fails. */
export async function loadProductsByIds(api: ApiClient, ids: readonly number[]): Promise<WishlistItem[]> {
  if (ids.length === 0) return [];
  const products = await api.post(`/api/product/get_product_detail?cartList=${ids.join(',')}`);
  if (!Array.isArray(products)) throw new Error('unexpected product answer');
  const byId = new Map(products.map((p) => [p.product_id, p]));
  return ids.flatMap((id) => {
    const p = byId.get(id);
    return p ? [fromSummary(p)] : [];
  });
}

const FAILED = 'We could not update your wish list just now. Please try again.';

/**
 * The heart and the remove icon: add or remove one piece. A guest's change is a new cookie value (the
 * piece is checked to exist first, so the cookie holds only real ids).
 */
export async function changeWishlist(
  api: ApiClient,
  user: SessionUser | null,
  request: Request,
  intent: 'add' | 'remove',
  productId: number,
): Promise<{ result: WishlistActionResult; setCookies: string[]; status: number }> {
  const done = (message: string, setCookies: string[] = []) => ({ result: { intent, ok: true, message, productId }, setCookies, status: 200 });
  const fail = (message: string, status: number) => ({ result: { intent, ok: false, message, productId }, setCookies: [], status });

  if (user) {
    try {
      if (intent === 'add') await api.post('/api/wishlist/add', { product_id: productId, user_id: user.userId });
      else await api.post(`/api/wishlist/delete/${productId}/${user.userId}`);
    } catch (error) {
      // Removing what is already gone (a second tab, a double tap) is what the person wanted.
      if (intent === 'remove' && error instanceof ApiError && error.status === 404) return done(WISHLIST_MESSAGES.removed);
      const { message, status } = apiFailure(error, FAILED);
      return fail(message, status);
    }
    return done(intent === 'add' ? WISHLIST_MESSAGES.added : WISHLIST_MESSAGES.removed);
  }

  const ids = readWishlistCookie(request.headers.get('cookie'));
  if (intent === 'remove') return done(WISHLIST_MESSAGES.removed, [wishlistSetCookie(withoutWished(ids, productId), request)]);
  try {
    if ((await loadProductsByIds(api, [productId])).length === 0) return fail(WISHLIST_MESSAGES.notFound, 404);
  } catch (error) {
    const { message, status } = apiFailure(error, FAILED);
    return fail(message, status);
  }
  const next = withWished(ids, productId);
  if (!next) return fail(WISHLIST_MESSAGES.full, 409);
  return done(WISHLIST_MESSAGES.added, [wishlistSetCookie(next, request)]);
}
