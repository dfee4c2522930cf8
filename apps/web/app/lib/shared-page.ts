/**
 * A page that every visitor without cookies (no session, no guest cart or wish list) sees alike: the
 * catalogue, the home page, the store pages. Marked `public` (must revalidate), so the server may keep it
 * in its read cache until the catalogue changes (docs/decisions/017-read-cache.md). The server turns it into
 * `private, no-cache` for visitors who do send cookies, whose header shows their own name, cart and hearts.
 */
export const SHARED_PAGE_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

/** A route's `headers` export for such a page: its loader's and action's cookies, if any, and the marking when none. */
export function sharedPageHeaders({ loaderHeaders, actionHeaders }: { loaderHeaders: Headers; actionHeaders: Headers }): Headers {
  const merged = new Headers();
  for (const cookie of [...actionHeaders.getSetCookie(), ...loaderHeaders.getSetCookie()]) merged.append('Set-Cookie', cookie);
  if (!merged.has('Set-Cookie')) merged.set('Cache-Control', SHARED_PAGE_CACHE_CONTROL);
  return merged;
}
