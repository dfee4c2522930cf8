import { createContext, useContext, useEffect, useState } from 'react';
import { useRouteLoaderData } from 'react-router';
import { CATEGORIES, type StoreSettings } from '@milli/contracts';
import { EMPTY_MINI_CART, type MiniCart } from '../../lib/cart-cookie.ts';
import { fetchPersonal, type Personal } from '../../lib/personal.ts';
import type { SessionUser } from '../../lib/session.ts';

/**
 * What every page's shell (header, panels, footer) needs: the root loader's answer. Any screen can read
 * it with `useShellData()` (e.g. settings.returnWindowDays, the cart count).
 */
export interface ShellData {
  /** Per-request CSP nonce for inline scripts. */
  cspNonce: string;
  /**
   * The store's settings as GET /api/settings answered them, or null when it could not be asked: what shows them (the
   * help line, the delivery days, the shipping fee, the return window…) is then left out, never made up.
   */
  settings: StoreSettings | null;
  /** Category screen names, API order ('Rings', not 'Fingerring'). */
  categories: string[];
  /** Tag names per category screen name (Shop by Style). */
  tagsByCategory: Record<string, string[]>;
  /** Other stones (ots_name), shown after the fixed stone & metal filters. */
  otherStones: string[];
  /**
   * Whether the personal parts below are the visitor's. False on a shared page as the server sends it (decision
   * 032): rendered for everyone, its header is neutral (My account, the cart and the wish list as plain links)
   * until the browser has the visitor's summary (lib/personal.ts).
   */
  personalKnown: boolean;
  /** Logged-in user, or null. */
  user: SessionUser | null;
  cart: MiniCart;
  wishlistCount: number;
  /** Product ids in the visitor's wish list (the customer's, or the guest cookie's): the hearts' state. */
  wishlistIds: number[];
  /** Server's year, so the footer's © never disagrees between server and browser. */
  year: number;
}

export const FALLBACK_SHELL_DATA: ShellData = {
  cspNonce: '',
  settings: null,
  categories: [...CATEGORIES],
  tagsByCategory: {},
  otherStones: [],
  personalKnown: true,
  user: null,
  cart: EMPTY_MINI_CART,
  wishlistCount: 0,
  wishlistIds: [],
  year: new Date().getFullYear(),
};

/** A shell completed with the visitor's own parts (decision 032): `known` says whether they really are theirs. */
export function withPersonal<T extends object>(shell: T, personal: Personal, known: boolean) {
  // DECISIONS §2: the real wish-list count (the customer's pieces, or the guest cookie's), not the spec's fixed 0.
  return {
    ...shell,
    personalKnown: known,
    user: personal.user,
    cart: personal.cart,
    wishlistCount: personal.wishlistIds.length,
    wishlistIds: personal.wishlistIds,
  };
}

/** The shell as SiteShell completed it, for every screen inside (useShellData). */
export const ShellDataContext = createContext<ShellData | null>(null);

/** What the shell holds that is the same for every visitor: the store's settings and catalogue names. */
export type StoreShell = Pick<ShellData, 'cspNonce' | 'settings' | 'categories' | 'tagsByCategory' | 'otherStones' | 'year'>;

/**
 * The shell as the root loader gave it, for the screens that show nothing personal (useStoreShell). Its value does
 * not change when the visitor's summary arrives, so those screens are not rendered again then (decision 035).
 */
export const StoreShellContext = createContext<StoreShell | null>(null);

/**
 * A shared page arrives with a neutral shell (personalKnown false); once it is hydrated, the browser asks for the
 * visitor's summary and the shell shows it. Asked from an effect rather than from the router's hydration: a
 * hydrating loader holds the router's first navigation open, and when it ends the router resets the scroll to the
 * top (a shopper who had begun to scroll was thrown back) and a form sent meanwhile cancels it (its header then
 * stayed neutral). A newer answer from the root's revalidation (personalKnown true) wins over this one.
 */
export function useShellWithPersonal(data: ShellData): ShellData {
  const [asked, setAsked] = useState<Personal | null>(null);
  const pending = !data.personalKnown;
  useEffect(() => {
    if (!pending) return;
    const stop = new AbortController();
    void fetchPersonal(stop.signal).then((personal) => {
      if (personal && !stop.signal.aborted) setAsked(personal);
    });
    return () => stop.abort();
  }, [pending]);
  return pending && asked ? withPersonal(data, asked, true) : data;
}

/** The shell SiteShell shows, else the root loader's data, else the fallback (an error boundary before the root loaded). */
export function useShellData(): ShellData {
  const completed = useContext(ShellDataContext);
  const loaded = useRouteLoaderData('root') as ShellData | undefined;
  return completed ?? loaded ?? FALLBACK_SHELL_DATA;
}

/**
 * The store's part of the shell (settings, categories, the year). A screen that shows nothing personal reads it
 * here rather than with useShellData: it is then not rendered again when the visitor's summary arrives (on the home
 * page that rendered nearly as many components again as hydration had: decision 035).
 */
export function useStoreShell(): StoreShell {
  const kept = useContext(StoreShellContext);
  const loaded = useRouteLoaderData('root') as ShellData | undefined;
  return kept ?? loaded ?? FALLBACK_SHELL_DATA;
}

/** The marker after <main> that a storefront page's first paint waits for (root.tsx's render-blocking `expect` link). */
export const FIRST_SCREEN_PARSED_ID = 'main-parsed';
