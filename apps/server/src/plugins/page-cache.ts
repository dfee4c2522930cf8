import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isbot } from 'isbot';

/**
 * Server-rendered pages kept in the read cache (decision 017). A page is kept only when the visitor sent no
 * cookies (so the page shows no one's session, cart or wish list), the route marked it `Cache-Control: public`
 * (it is the same for every such visitor), it answered 200 and set no cookie.
 *
 * A kept page is sent byte for byte to later visitors, so its inline scripts cannot carry each answer's own
 * nonce: its Content-Security-Policy names their SHA-256 hashes instead, which allows exactly those scripts
 * and nothing injected. The compressed forms are made once, on first demand.
 */
export interface KeptPage {
  status: number;
  headers: [string, string][];
  body: Buffer;
  /** 'sha256-…' sources of the page's inline scripts. */
  scriptSources: string[];
  gzip?: Buffer;
  br?: Buffer;
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
  if (request.method !== 'GET' || request.headers.cookie || request.url.length + origin.length > MAX_KEPT_URL) return null;
  // The back office is never kept, not even its sign-in page as a guest sees it (issue 17).
  if (isAdminPage(request.url)) return null;
  // Crawlers get the whole page at once, browsers a stream: different renders, different entries.
  const who = isbot(request.headers['user-agent'] ?? '') ? 'bot' : 'browser';
  return `page:${who}:${day}:${origin} ${request.url}`;
}

/** Whether the answer may be kept (see above), judged by its status and headers before its body is read. */
export function mayKeep(response: Response): boolean {
  if (response.status !== 200 || !response.body || response.headers.has('set-cookie')) return false;
  return /\bpublic\b/.test(response.headers.get('cache-control') ?? '');
}

/** The answer, read to its end, as a page to keep. */
export function keptPage(response: Response, body: Buffer): KeptPage {
  const headers: [string, string][] = [];
  for (const [key, value] of response.headers) if (!DROPPED_HEADERS.has(key)) headers.push([key, value]);
  return { status: response.status, headers, body, scriptSources: inlineScriptSources(body.toString('utf8')) };
}

/** Bytes a kept page holds, counting room for its compressed forms. */
export function pageBytes(page: KeptPage): number {
  return Math.ceil(page.body.length * 1.4) + 512;
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
  reply.header('vary', 'Accept-Encoding, Cookie');
  const accepted = acceptedEncodings(String(request.headers['accept-encoding'] ?? ''));
  if (accepted.has('br')) {
    page.br ??= brotliCompressSync(page.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 6, [zlib.BROTLI_PARAM_SIZE_HINT]: page.body.length } });
    await reply.header('content-encoding', 'br').send(page.br);
  } else if (accepted.has('gzip')) {
    page.gzip ??= gzipSync(page.body, { level: 6 });
    await reply.header('content-encoding', 'gzip').send(page.gzip);
  } else {
    await reply.send(page.body);
  }
}

/** The encodings an Accept-Encoding header allows (a q of 0 refuses one). */
function acceptedEncodings(header: string): Set<string> {
  const allowed = new Set<string>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q !== undefined && Number(q.slice(2)) === 0)) allowed.add(name);
  }
  return allowed;
}
