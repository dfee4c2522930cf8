/**
 * Every cookie the storefront itself sets is written here (the API's own, `milli_session`, it passes on as
 * it comes). Not React Router's createCookie: that one base64-encodes a JSON value, and the values here have
 * formats others read as they are (the cartItems list the browser writes and the API merges at login, the
 * wishlistItems list, the reset token).
 */

/**
 * Where a cookie is set from: the request a loader or action answers, or, in the browser, the page's own
 * address (`window.location.href`).
 */
export type CookieSite = Request | string | URL;

/**
 * The one rule for `Secure`: a cookie is Secure when the page that sets it was served over https. On the
 * server the request's address is the store's public one (PUBLIC_URL when set, else what the trusted proxy
 * says the visitor used: plugins/web.ts builds it), so a store behind TLS gets Secure cookies and a
 * developer's http://localhost still gets cookies a browser keeps.
 */
export function isSecureSite(site: CookieSite): boolean {
  const address = site instanceof Request ? site.url : site;
  try {
    return new URL(address).protocol === 'https:';
  } catch {
    return false;
  }
}

export interface CookieOptions {
  /** How long the browser keeps the cookie after it is set. */
  maxAgeS: number;
  /** Whether page scripts may read it: false only for a cookie the browser writes itself (the guest cart). */
  httpOnly: boolean;
}

export interface StoreCookie {
  readonly name: string;
  /** Its raw value (still encoded as it was set) in a Cookie header or document.cookie, if there. */
  read(cookieHeader: string | null | undefined): string | undefined;
  /** A Set-Cookie value (or, in the browser, a document.cookie assignment) holding an already-encoded value. */
  set(value: string, site: CookieSite): string;
  /** A Set-Cookie value that removes it. */
  clear(site: CookieSite): string;
}

/** Reads one cookie out of a Cookie header (server) or document.cookie (browser). */
export function readCookie(cookieHeader: string | null | undefined, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The one way a storefront cookie is written: Path=/, SameSite=Lax (a link from a mail still carries it), the Secure rule above. */
export function storeCookie(name: string, options: CookieOptions): StoreCookie {
  const serialize = (value: string, maxAgeS: number, site: CookieSite) =>
    `${name}=${value}; Path=/; Max-Age=${maxAgeS}${options.httpOnly ? '; HttpOnly' : ''}; SameSite=Lax${isSecureSite(site) ? '; Secure' : ''}`;
  return {
    name,
    read: (cookieHeader) => readCookie(cookieHeader, name),
    set: (value, site) => serialize(value, options.maxAgeS, site),
    clear: (site) => serialize('', 0, site),
  };
}
