import type { ApiClient } from './api.ts';
import { EMPTY_MINI_CART, loadCustomerMiniCart, loadGuestMiniCart, readCartCookie } from './cart-cookie.ts';
import type { Personal } from './personal.ts';
import { loadSessionUser } from './session.ts';
import { readWishlistCookie } from './wishlist-cookie.ts';
import type { WishlistIds } from '@milli/contracts';

/** The customer's wish-list ids through the API, or the guest cookie's. Never throws. */
async function wishlistIds(api: ApiClient, userId: number | null, cookieHeader: string | null): Promise<number[]> {
  if (userId === null) return readWishlistCookie(cookieHeader);
  try {
    const answer = await api.get<WishlistIds>(`/api/wishlist/ids/${userId}`);
    return Array.isArray(answer?.productIds) ? answer.productIds.filter((id) => Number.isSafeInteger(id)) : [];
  } catch {
    return [];
  }
}

/**
 * The visitor's personal parts, from the session cookie (API calls in process) or a guest's cookies: the
 * summary's answer, and what the root loader renders on a page that is personal by nature (cart, account…).
 * Spec §4: the server's cart when signed in, otherwise the guest cookie's; DECISIONS §2: the real wish-list count.
 */
export async function loadPersonal(api: ApiClient, cookieHeader: string | null): Promise<Personal> {
  const user = await loadSessionUser(api);
  const [cart, ids] = await Promise.all([
    user ? loadCustomerMiniCart(api, user.userId) : loadGuestMiniCart(api, readCartCookie(cookieHeader)).catch(() => EMPTY_MINI_CART),
    wishlistIds(api, user?.userId ?? null, cookieHeader),
  ]);
  return { user, cart, wishlistIds: ids };
}
