import { redirect } from 'react-router';

/** Where a form or the login screen may send a visitor next: a path on this site, never another host. */
export function safeRedirect(value: FormDataEntryValue | null | undefined): string | null {
  if (typeof value !== 'string' || value.length > 2_000) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\') || /[\r\n]/.test(value)) return null;
  return value;
}

/** Sends a guest to /login, remembering the page they wanted so login brings them back to it. */
export function loginRedirect(from: Request | URL): Response {
  const url = from instanceof URL ? from : new URL(from.url);
  return redirect(`/login?next=${encodeURIComponent(`${url.pathname}${url.search}`)}`);
}
