/**
 * Shared pages (decisions 017 and 032): the catalogue, the home page, the store, policy and service pages. Their
 * HTML is the same for everyone who asks, guest or customer: the server renders them without the visitor's
 * cookies and keeps them in its read cache, and the personal parts (greeting, cart, wish list and hearts)
 * arrive separately (GET /api/me/summary, lib/personal.ts).
 *
 * A route is shared when it exports `handle = SHARED_PAGE` and its headers come from `sharedPageHeaders`.
 */
export const SHARED_PAGE = { sharedPage: true } as const;

/**
 * Public: any cache may keep the page, the browser revalidating each time (max-age=0) and a CDN for a minute
 * (s-maxage=60), then serving it a minute longer while it fetches a fresh one (stale-while-revalidate=60). A
 * catalogue change empties the server's own cache at once; docs/operations.md says how to purge a CDN too.
 */
export const SHARED_PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=60';

/** A route's `headers` export for such a page: its loader's and action's cookies, if any, and the marking when none. */
export function sharedPageHeaders({ loaderHeaders, actionHeaders }: { loaderHeaders: Headers; actionHeaders: Headers }): Headers {
  const merged = new Headers();
  for (const cookie of [...actionHeaders.getSetCookie(), ...loaderHeaders.getSetCookie()]) merged.append('Set-Cookie', cookie);
  if (!merged.has('Set-Cookie')) merged.set('Cache-Control', SHARED_PAGE_CACHE_CONTROL);
  return merged;
}
