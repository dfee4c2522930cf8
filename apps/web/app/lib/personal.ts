import type { MiniCart } from './cart-cookie.ts';
import { toSessionUser, type SessionUser } from './session.ts';

/**
 * What is personal on a storefront page (decision 032): who is signed in, their cart and their wish list.
 * A shared page's HTML carries none of it; the browser asks GET /api/me/summary once the page is hydrated
 * (components/layout/shell-data.ts, useShellWithPersonal), and again whenever the root revalidates (root.tsx's
 * clientLoader: after every form, so a changed cart or heart shows at once).
 */
export interface Personal {
  user: SessionUser | null;
  cart: MiniCart;
  /** Product ids in the wish list (the customer's, or the guest cookie's): the hearts and the header's count. */
  wishlistIds: number[];
}

/** The address of the personal summary. */
export const PERSONAL_SUMMARY_PATH = '/api/me/summary';

function isMiniCart(value: unknown): value is MiniCart {
  if (!value || typeof value !== 'object') return false;
  const cart = value as Partial<MiniCart>;
  return Number.isSafeInteger(cart.count) && Array.isArray(cart.lines) && Number.isSafeInteger(cart.subtotalPaise);
}

/** The summary's answer, checked; null when it is not one. */
export function toPersonal(value: unknown): Personal | null {
  if (!value || typeof value !== 'object') return null;
  const { user, cart, wishlistIds } = value as Record<string, unknown>;
  if (!isMiniCart(cart) || !Array.isArray(wishlistIds)) return null;
  return {
    user: user === null ? null : toSessionUser(user),
    cart,
    wishlistIds: wishlistIds.filter((id): id is number => Number.isSafeInteger(id)),
  };
}

/**
 * Browser: the visitor's summary, or null when it could not be had (the page keeps its neutral header) or the
 * asking was called off (`signal`: the shopper left the page, or a newer request took its place).
 */
export async function fetchPersonal(signal?: AbortSignal): Promise<Personal | null> {
  try {
    const res = await fetch(PERSONAL_SUMMARY_PATH, { credentials: 'same-origin', headers: { accept: 'application/json' }, cache: 'no-store', signal });
    if (!res.ok) return null;
    return toPersonal(await res.json());
  } catch {
    return null;
  }
}
