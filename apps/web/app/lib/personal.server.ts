import type { ApiClient } from './api.ts';
import { EMPTY_MINI_CART } from './cart-cookie.ts';
import { toPersonal, type Personal } from './personal.ts';

/** What a page shows when the summary cannot be had: the neutral parts of a guest with nothing chosen. */
const NOBODY: Personal = { user: null, cart: EMPTY_MINI_CART, wishlistIds: [] };

/**
 * The visitor's personal parts, for a page that is personal by nature (cart, account…): the API's own summary
 * (GET /api/me/summary, called in process with the visitor's cookies), the very answer the browser fills a shared
 * page with, so the header never differs between the two. Never throws.
 */
export async function loadPersonal(api: ApiClient): Promise<Personal> {
  try {
    return toPersonal(await api.get('/api/me/summary')) ?? NOBODY;
  } catch {
    return NOBODY;
  }
}
