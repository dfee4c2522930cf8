import { redirect } from 'react-router';

/** Stands in for the store's origin when the caller has none at hand: only paths are ever returned. */
const STORE_ORIGIN = 'http://store.invalid';

/**
 * Where a form or the login screen may send a visitor next: a path on this site, never another host.
 *
 * The value is read the way a browser will read the Location header: as a URL relative to the store. A
 * browser drops tabs and newlines and treats '\\' as '/', so '/\t/evil.example' or '/\\evil.example' is
 * '//evil.example', another host; checking the text's first characters cannot see that, parsing does. What
 * comes back is the parsed path, query and fragment, percent-encoded, so it is always a valid header value.
 */
export function safeRedirect(value: FormDataEntryValue | null | undefined, origin: string = STORE_ORIGIN): string | null {
  // A control character in a path is never a link someone followed here: home, rather than a guess.
  // eslint-disable-next-line no-control-regex -- looking for exactly those characters
  if (typeof value !== 'string' || value.length > 2_000 || !value.startsWith('/') || /[\u0000-\u001f\u007f]/.test(value)) return null;
  let base: URL;
  let target: URL;
  try {
    base = new URL(origin);
    target = new URL(value, base);
  } catch {
    return null;
  }
  if (target.origin !== base.origin) return null;
  const path = `${target.pathname}${target.search}${target.hash}`;
  // '/.//evil.example' parses to the path '//evil.example', which a browser reads as another host.
  if (!path.startsWith('/') || path.startsWith('//')) return null;
  return path;
}

/** Sends a guest to /login, remembering the page they wanted so login brings them back to it. */
export function loginRedirect(from: Request | URL): Response {
  const url = from instanceof URL ? from : new URL(from.url);
  return redirect(`/login?next=${encodeURIComponent(`${url.pathname}${url.search}`)}`);
}
