import { createHash } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';
import { keptEncoding } from './read-cache.ts';

/**
 * Server-rendered pages kept in the read cache (decisions 017 and 032). A shared page (its route's
 * `handle.sharedPage`) is rendered without the visitor's identity: no cookie reaches its loaders or the API
 * calls they make, so it is the same for every visitor, guest or customer, and the personal parts (greeting,
 * cart, hearts) arrive separately from GET /api/me/summary. It is kept when the route marked it
 * `Cache-Control: public`, it answered 200 and set no cookie, and served to everyone who asks for it.
 *
 * A kept page is sent byte for byte to later visitors, so its inline scripts cannot carry each answer's own
 * nonce: its Content-Security-Policy names their SHA-256 hashes instead, which allows exactly those scripts
 * and nothing injected. A page is kept as Brotli only (every browser and CDN takes it; a product page is about a
 * fifth of its text that way), its gzip form made once on first demand, and its text read back from the Brotli for
 * the rare client that takes neither.
 */
export interface KeptPage extends BrotliKept {
  status: number;
  headers: [string, string][];
  /** 'sha256-…' sources of the page's inline scripts. */
  scriptSources: string[];
}

/**
 * A text kept as Brotli only (a kept page, the API's reference): its text only while it is first being sent, its
 * gzip form made once on first demand, and the text read back from the Brotli for a client that takes neither.
 */
export interface BrotliKept {
  /** The text, while it is being sent for the first time; once kept, only its Brotli form. */
  body?: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/** Longest address a page is kept under; longer ones are rendered every time. */
const MAX_KEPT_URL = 1_000;
const DROPPED_HEADERS = new Set(['set-cookie', 'content-length', 'content-encoding', 'content-security-policy', 'transfer-encoding']);

/**
 * Whether a page address is the back office's (/admin, /admin/…, /admin?…) as React Router matches it: in any
 * case and with percent-escapes decoded (it matches '/ADMIN/staff' and '/%61dmin/staff' to the admin screens too),
 * so such an address also gets the back office's private, no-store and noindex headers and is never kept.
 */
export function isAdminPage(url: string): boolean {
  let path = url.split(/[?#]/)[0] ?? '';
  try {
    path = decodeURIComponent(path);
  } catch {
    // Malformed escapes: React Router cannot match them either; tested as sent.
  }
  return /^\/admin(?:\/|$)/i.test(path);
}

/**
 * The cache key of a page request, or null when the answer must be rendered for this visitor. `origin` is
 * what the page's absolute addresses were made from when it came from the request (no PUBLIC_URL): pages are
 * kept per origin then, so a page rendered for a forged Host header is only ever served to requests that
 * send the same Host, never to the store's visitors (decision 021). With PUBLIC_URL it is '' (one origin).
 */
export function pageKey(request: FastifyRequest, day: string, origin: string): string | null {
  if (request.method !== 'GET' || request.url.length + origin.length > MAX_KEPT_URL) return null;
  // A one-request notice ('Added to your cart: …') is shown on the page it was set for: rendered, never kept.
  if (noticeCookies(request.headers.cookie)) return null;
  // The back office is never kept, not even its sign-in page as a guest sees it (issue 17).
  if (isAdminPage(request.url)) return null;
  // Crawlers get the whole page at once, browsers a stream: different renders, different entries.
  const who = isbot(request.headers['user-agent'] ?? '') ? 'bot' : 'browser';
  return `page:${who}:${day}:${origin} ${request.url}`;
}

/**
 * Cookies named `milli_notice_…` carry a one-request note for the page a form led back to (set by the action,
 * cleared by the page that shows it). They are the only cookies a shared page's render receives: a note names
 * what was just done, never who did it. Returns them as a Cookie header, or '' when there are none.
 */
export function noticeCookies(header: string | undefined): string {
  if (!header || !header.includes(NOTICE_PREFIX)) return '';
  return header
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.startsWith(NOTICE_PREFIX))
    .join('; ');
}
const NOTICE_PREFIX = 'milli_notice_';

/**
 * The address a page request is rendered at: its path and query on `origin`, whatever the request target says.
 * Resolved against the origin instead, `//evil.example/x` and `/\evil.example/x` (which the URL parser reads as
 * `//evil.example/x`) name a host of their own, and the absolute form a proxy sends (`http://evil.example/x`) does
 * too: the page, shared and kept, would carry that host in every absolute link (canonical, og:url, JSON-LD).
 * Such a path stays a path here (`https://milli.example//evil.example/x`), which matches no page.
 */
export function pageUrl(target: string, origin: string): URL {
  let path = target;
  if (!path.startsWith('/')) {
    try {
      const absolute = new URL(path);
      path = `${absolute.pathname}${absolute.search}`;
    } catch {
      path = `/${path}`;
    }
  }
  return new URL(`${origin}${path}`);
}

/** A route of the server build, as far as the matcher reads it. */
interface BuiltRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  module: { handle?: unknown };
}

const matchers = new WeakMap<object, (pathname: string) => boolean>();

/**
 * Whether a page address (or its data request, `/x.data`, `/_root.data`) is a shared page's: its deepest
 * matching route says `handle: { sharedPage: true }`. One route tree per build, made on first use.
 */
export function isSharedPage(build: Pick<ServerBuild, 'routes'>, url: string): boolean {
  let matcher = matchers.get(build.routes);
  if (!matcher) {
    matcher = sharedPageMatcher(build.routes as unknown as Record<string, BuiltRoute>);
    matchers.set(build.routes, matcher);
  }
  // The path React Router itself matches: the URL parser's (dot segments resolved, backslashes read as slashes).
  let pathname: string;
  try {
    pathname = pageUrl(url, 'http://page').pathname;
  } catch {
    return false;
  }
  if (pathname === ROOT_DATA) pathname = '/';
  else if (pathname.endsWith('.data')) pathname = pathname.slice(0, -'.data'.length);
  return matcher(pathname);
}

const ROOT_DATA = '/_root.data';

/** Whether an address is a page's data request of React Router (`/x.data`, `/_root.data` for the home page). */
export function isDataRequest(url: string): boolean {
  return (url.split(/[?#]/)[0] ?? '').endsWith('.data');
}

function sharedPageMatcher(routes: Record<string, BuiltRoute>): (pathname: string) => boolean {
  type Node = RouteObject & { shared: boolean };
  const nodes = new Map<string, Node>();
  for (const route of Object.values(routes)) {
    const handle = route.module.handle as { sharedPage?: unknown } | undefined;
    const node = { id: route.id, path: route.path, caseSensitive: route.caseSensitive, shared: handle?.sharedPage === true } as Node;
    if (route.index) (node as { index?: boolean }).index = true;
    else node.children = [];
    nodes.set(route.id, node);
  }
  const roots: Node[] = [];
  for (const route of Object.values(routes)) {
    const node = nodes.get(route.id)!;
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  const match = (pathname: string) => {
    let matches;
    try {
      // An address React Router cannot decode is no page's (and it would say so on the console each time).
      decodeURIComponent(pathname);
      matches = matchRoutes(roots, pathname);
    } catch {
      return false;
    }
    const leaf = matches?.[matches.length - 1]?.route as Node | undefined;
    return leaf?.shared === true;
  };
  // matchRoutes flattens and ranks the whole route tree at every call (about a millisecond, a tenth of a page's
  // render): each path's answer is remembered, up to MATCHES_REMEMBERED paths, then all are forgotten at once.
  const remembered = new Map<string, boolean>();
  return (pathname) => {
    let shared = remembered.get(pathname);
    if (shared === undefined) {
      shared = match(pathname);
      if (pathname.length <= REMEMBERED_PATH_CHARS) {
        if (remembered.size >= MATCHES_REMEMBERED) remembered.clear();
        remembered.set(pathname, shared);
      }
    }
    return shared;
  };
}

/** How many page paths' shared-or-not answers a build's matcher remembers, and the longest path it remembers (at most about 5 MB). */
const MATCHES_REMEMBERED = 10_000;
const REMEMBERED_PATH_CHARS = 256;

/**
 * Whether a shared page's answer goes to everyone alike, whatever its status (a listing page past the last is a
 * public 404): marked public, with a body and no cookie set. Such an answer is sent as a kept page, with its
 * scripts allowed by hash, since a CDN may keep it too. Judged by its headers before its body is read.
 */
export function mayShare(response: Response): boolean {
  if (!response.body || response.headers.has('set-cookie')) return false;
  return /\bpublic\b/.test(response.headers.get('cache-control') ?? '');
}

/** Whether the answer may be kept in the server's cache (see above): a shared answer that is a 200. */
export function mayKeep(response: Response): boolean {
  return response.status === 200 && mayShare(response);
}

/** The answer, read to its end, as a page to keep. */
export function keptPage(response: Response, body: Buffer, url: string): KeptPage {
  const headers: [string, string][] = [];
  const data = isDataRequest(url);
  for (const [key, value] of response.headers) {
    if (DROPPED_HEADERS.has(key)) continue;
    // A page's data (what the router fetches in the browser, /x.data) must never be served stale by the browser's
    // own cache, which honours stale-while-revalidate for fetches: after a form, the page would show the old state.
    headers.push([key, data && key === 'cache-control' ? value.replace(/,\s*stale-while-revalidate=\d+/i, '') : value]);
  }
  return { status: response.status, headers, body, scriptSources: inlineScriptSources(body.toString('utf8')) };
}

/** The page as the read cache keeps it: its Brotli form, without its text (decision 035). */
export function pageToKeep(page: KeptPage): KeptPage {
  const br = brotliOf(page);
  return { status: page.status, headers: page.headers, scriptSources: page.scriptSources, br };
}

/** Bytes a kept page (pageToKeep) holds, counting room for a gzip form a little larger than its Brotli. */
export function pageBytes(page: KeptPage): number {
  return Math.ceil(brotliOf(page).length * 2.4) + 512;
}

/** The Brotli form of a kept text, made once. */
export function brotliOf(kept: BrotliKept): Buffer {
  kept.br ??= brotliCompressSync(textOf(kept), { params: { [zlib.BROTLI_PARAM_QUALITY]: 6, [zlib.BROTLI_PARAM_SIZE_HINT]: kept.body?.length ?? 0 } });
  return kept.br;
}

/** The text: the one being sent, or read back from the Brotli. */
function textOf(kept: BrotliKept): Buffer {
  return kept.body ?? brotliDecompressSync(kept.br!);
}

/**
 * Sends a Brotli-kept text in the encoding the client takes (br first, then gzip, made once; a q of 0 refuses one),
 * or as text. Set here, @fastify/compress leaves the answer alone (it skips what already has a Content-Encoding).
 */
export async function sendBrotliKept(request: FastifyRequest, reply: FastifyReply, kept: BrotliKept): Promise<void> {
  reply.header('vary', 'Accept-Encoding');
  const encoding = keptEncoding(request.headers['accept-encoding']);
  if (encoding === 'br') {
    await reply.header('content-encoding', 'br').send(brotliOf(kept));
  } else if (encoding === 'gzip') {
    kept.gzip ??= gzipSync(textOf(kept), { level: 6 });
    await reply.header('content-encoding', 'gzip').send(kept.gzip);
  } else {
    await reply.send(textOf(kept));
  }
}

/** The hash sources of every inline script (one without src), as CSP needs them. */
export function inlineScriptSources(html: string): string[] {
  const sources = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(match[1]!)) continue;
    sources.add(`'sha256-${createHash('sha256').update(match[2]!, 'utf8').digest('base64')}'`);
  }
  return [...sources];
}

export async function sendKeptPage(request: FastifyRequest, reply: FastifyReply, page: KeptPage): Promise<void> {
  reply.status(page.status);
  for (const [key, value] of page.headers) reply.header(key, value);
  const nonce = reply.cspNonce?.script;
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy === 'string' && nonce) {
    reply.header('content-security-policy', policy.replace(`'nonce-${nonce}'`, page.scriptSources.join(' ')));
  }
  // The same bytes whoever asks (cookies or none): only the encoding varies.
  await sendBrotliKept(request, reply, page);
}
