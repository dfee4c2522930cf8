import { useRouteLoaderData } from 'react-router';
import { CATEGORIES, type StoreSettings } from '@milli/contracts';
import { EMPTY_MINI_CART, type MiniCart } from '../../lib/cart-cookie.ts';
import type { SessionUser } from '../../lib/session.ts';
import { STORE_NAME } from '../../lib/meta.ts';

/**
 * What every page's shell (header, panels, footer) needs: the root loader's answer. Any screen can read
 * it with `useShellData()` (e.g. settings.returnWindowDays, the cart count).
 */
export interface ShellData {
  /** Per-request CSP nonce for inline scripts. */
  cspNonce: string;
  /** Store settings; fields the API could not give are empty strings (the UI hides them). */
  settings: StoreSettings;
  /** Category screen names, API order ('Rings', not 'Fingerring'). */
  categories: string[];
  /** Tag names per category screen name (Shop by Style). */
  tagsByCategory: Record<string, string[]>;
  /** Other stones (ots_name), shown after the fixed stone & metal filters. */
  otherStones: string[];
  /** Logged-in user, or null. */
  user: SessionUser | null;
  cart: MiniCart;
  wishlistCount: number;
  /** Product ids in the visitor's wish list (the customer's, or the guest cookie's): the hearts' state. */
  wishlistIds: number[];
  /** Server's year, so the footer's © never disagrees between server and browser. */
  year: number;
}

/** Used when the API is unreachable: the spec's constants (returns 15 days, Rs. 2.99 shipping, 15-day delivery). */
export const FALLBACK_SETTINGS: StoreSettings = {
  storeName: STORE_NAME,
  helpLine: '',
  emailPrimary: '',
  emailSecondary: '',
  officeAddress: '',
  returnWindowDays: 15,
  shippingFeePaise: 299,
  deliveryDays: 15,
  sellerLegalName: '',
  sellerGstin: '',
  codLimitPaise: 50_000_00,
};

export const FALLBACK_SHELL_DATA: ShellData = {
  cspNonce: '',
  settings: FALLBACK_SETTINGS,
  categories: [...CATEGORIES],
  tagsByCategory: {},
  otherStones: [],
  user: null,
  cart: EMPTY_MINI_CART,
  wishlistCount: 0,
  wishlistIds: [],
  year: new Date().getFullYear(),
};

/** The root loader's data, or the fallback (e.g. inside an error boundary before the root loaded). */
export function useShellData(): ShellData {
  return (useRouteLoaderData('root') as ShellData | undefined) ?? FALLBACK_SHELL_DATA;
}
