import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import { findUnusableText, unusableTextMessage } from '@milli/contracts/schemas';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Marks the web app's own calls to the API, made in process (in-process-fetch.ts), with this process's token. */
export const IN_PROCESS_HEADER = 'x-milli-in-process';

declare module 'fastify' {
  interface FastifyInstance {
    /** A secret of this process: only its own in-process calls can send it (in-process-fetch.ts). */
    inProcessToken: string;
  }
}

/**
 * The pages that open Razorpay Checkout (issue 18): the order pay page, the Milli Harvest instalments (on the shared
 * page and on the customer's own plan page, issue 21), the custom design's advance and balance, and the order page
 * (a weight difference to pay, issue 19). Only these allow Razorpay's script, its window and its calls; every other
 * page keeps the store's own sources alone. One list, so each page that takes a payment is added here.
 */
export const GATEWAY_CHECKOUT_PATHS = ['/checkout/pay/', '/milli-harvest', '/milli-harvest/plan', '/cad-design', '/order-details', '/rate-lock'] as const;

/** What Razorpay Checkout loads: its script, its payment window (a frame) and the calls and images it makes. */
const RAZORPAY_SOURCES = {
  script: 'https://checkout.razorpay.com',
  frame: 'https://api.razorpay.com https://checkout.razorpay.com',
  connect: 'https://api.razorpay.com https://lumberjack.razorpay.com',
  img: 'https://cdn.razorpay.com',
};

/**
 * Whether the page at `url` opens the gateway's checkout, as React Router matches it (any case, percent-escapes
 * decoded, a trailing slash or not): a listed page, or one page under a listed folder ('/checkout/pay/{order}').
 */
export function opensGatewayCheckout(url: string): boolean {
  let path = url.split(/[?#]/, 1)[0] ?? '';
  try {
    path = decodeURIComponent(path);
  } catch {
    // Malformed escapes: React Router cannot match them either.
  }
  path = path.toLowerCase().replace(/(.)\/$/, '$1');
  return GATEWAY_CHECKOUT_PATHS.some((p) => (p.endsWith('/') ? path.startsWith(p) && /^[^/]+$/.test(path.slice(p.length)) : path === p));
}

/** Where each answer's script nonce comes from: 16 bytes of the system's CSPRNG, never handed out twice. */
const NONCE_BYTES = 16;
/** The nonces' bytes are drawn 256 answers at a time: one call into the CSPRNG instead of one per answer. */
const NONCE_POOL_BYTES = NONCE_BYTES * 256;
let noncePool = Buffer.alloc(0);
let nonceOffset = 0;

/** A fresh nonce (base64 of 16 random bytes), as unpredictable as randomBytes(16) and never repeated. */
export function newNonce(): string {
  if (nonceOffset + NONCE_BYTES > noncePool.length) {
    noncePool = randomBytes(NONCE_POOL_BYTES);
    nonceOffset = 0;
  }
  const nonce = noncePool.toString('base64', nonceOffset, nonceOffset + NONCE_BYTES);
  nonceOffset += NONCE_BYTES;
  return nonce;
}

/**
 * The headers helmet sets with these options, taken once at start from helmet itself (a throw-away Fastify
 * with only helmet, asked once, against one without it). Helmet's headers do not depend on the request, and
 * @fastify/helmet makes a new helmet (its options read, its dozen middlewares built) for every request: set
 * once per answer from this list instead, they are the same headers at a fraction of the cost.
 */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const answerHeaders = async (withHelmet: boolean) => {
    const probe = Fastify({ logger: false });
    if (withHelmet) await probe.register(helmet, options);
    probe.get('/', (_request, reply) => reply.send('probe'));
    const answer = await probe.inject({ url: '/' });
    await probe.close();
    return answer.headers;
  };
  const bare = await answerHeaders(false);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(await answerHeaders(true))) {
    if (value !== undefined && bare[name] === undefined) headers[name] = String(value);
  }
  return headers;
}

/**
 * Security headers (helmet's, see helmetHeaders), a per-request CSP nonce for React Router's inline scripts
 * (helmet's default CSP would stop hydration), and a same-origin check on every state-changing call. One
 * synchronous hook: it runs for every answer, the read cache's included.
 */
export async function securityPlugin(app: FastifyInstance, opts: { dev: boolean; publicOrigin?: string | undefined }) {
  const inProcessToken = randomBytes(32).toString('base64url');
  app.decorate('inProcessToken', inProcessToken);
  const { 'strict-transport-security': hsts, ...protective } = await helmetHeaders({
    contentSecurityPolicy: false,
    // 'no-referrer' makes Chromium send Origin: null on plain form posts, which React Router refuses.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    hsts: !opts.dev,
  });
  const protectiveNames = Object.keys(protective);
  // HSTS only where the store is https: an https PUBLIC_URL, or a request that came over https (to this
  // server, or to a TRUST_PROXY proxy that says so in X-Forwarded-Proto). Over plain http it promises an https
  // the store may not have, and browsers ignore it there anyway (RFC 6797, 8.1).
  const httpsStore = opts.publicOrigin?.startsWith('https:') === true;
  // Each answer's nonce (its type is @fastify/helmet's): React Router's inline scripts carry it (web.ts).
  app.decorateReply('cspNonce', null as unknown as FastifyReply['cspNonce']);

  /** The policy around its nonce: the one every page that takes no payment gets, made once. */
  const policy = (gateway: typeof RAZORPAY_SOURCES | null): [string, string] => {
    const connect = (opts.dev ? "'self' ws: wss:" : "'self'") + (gateway ? ` ${gateway.connect}` : '');
    return [
      "default-src 'self'; script-src 'self' 'nonce-",
      [
        `'${opts.dev ? " 'unsafe-eval'" : ''}${gateway ? ` ${gateway.script}` : ''}`,
        // Server-rendered style attributes need 'unsafe-inline'; scripts stay nonce-only.
        " style-src 'self' 'unsafe-inline'",
        ` img-src 'self' data: blob:${gateway ? ` ${gateway.img}` : ''}`,
        " font-src 'self' data:",
        ` connect-src ${connect}`,
        ` frame-src 'self'${gateway ? ` ${gateway.frame}` : ''}`,
        " object-src 'none'",
        " base-uri 'self'",
        " form-action 'self'",
        " frame-ancestors 'self'",
      ].join(';'),
    ];
  };
  const [before, after] = policy(null);
  const [beforeGateway, afterGateway] = policy(RAZORPAY_SOURCES);

  app.addHook('onRequest', (request, reply, done) => {
    for (const name of protectiveNames) reply.header(name, protective[name]);
    if (hsts !== undefined && (httpsStore || request.protocol === 'https')) reply.header('strict-transport-security', hsts);
    const nonce = newNonce();
    reply.cspNonce = { script: nonce, style: nonce };
    // The API's answers are never pages, so none of them opens the gateway's checkout.
    const gateway = !request.url.startsWith('/api/') && opensGatewayCheckout(request.url);
    reply.header('Content-Security-Policy', gateway ? beforeGateway + nonce + afterGateway : before + nonce + after);

    if (UNSAFE_METHODS.has(request.method)) {
      const refusal = crossSiteRefusal(request, opts.publicOrigin, inProcessToken);
      if (refusal) {
        reply.status(403).send({ message: refusal, code: 'CROSS_ORIGIN' });
        return;
      }
    }
    done();
  });
}

/**
 * Why a state-changing request is refused as possibly cross-site, or null when it may go on.
 *
 * A request that carries no cookie at all cannot ride on a visitor's session, cart or wish list (an API
 * client with its own credentials, a first sign-up): it passes unless the browser itself says it comes from
 * another site. One that carries cookies must prove it comes from the store's own pages: an Origin equal to
 * the store's (storeOrigin) in scheme, host and port (the http page of an https store's host is another origin,
 * and whoever can rewrite plain http on the way may write it), or, from a browser that sent no Origin, Sec-Fetch-Site
 * 'same-origin' (a header no page can set). 'Origin: null' (a sandboxed frame, a redirect from another site,
 * a page with a no-referrer policy) proves nothing and is refused; the store's own pages send a real Origin
 * under their strict-origin-when-cross-origin referrer policy. A page's calls to the API in process carry
 * this process's own token instead (in-process-fetch.ts): the page's request was checked here already.
 */
export function crossSiteRefusal(request: FastifyRequest, publicOrigin: string | undefined, inProcessToken: string): string | null {
  const headers = request.headers;
  const site = headers['sec-fetch-site'];
  if (site === 'cross-site') return OTHER_SITE;
  if (headers[IN_PROCESS_HEADER] === inProcessToken) return null;
  const origin = headers.origin;
  if (origin !== undefined && origin !== 'null') {
    const claimed = usableOrigin(origin);
    return claimed !== null && claimed === storeOrigin(request, publicOrigin) ? null : OTHER_SITE;
  }
  if (!headers.cookie) return null;
  if (origin === undefined && site === 'same-origin') return null;
  return 'This request does not show that it comes from the store’s own pages. Please reload the page and try again.';
}

const OTHER_SITE = 'Requests from other sites are not allowed.';

/**
 * The store's origin for this request: PUBLIC_URL's when set, so nothing a client sends decides it; else the
 * request's own scheme and host as Fastify reads them (X-Forwarded-Proto and -Host believed only from the
 * proxies TRUST_PROXY names), or null when those name no web address (usableOrigin). Pages are made for it
 * (web.ts) and a state-changing request's Origin must be it.
 */
export function storeOrigin(request: FastifyRequest, publicOrigin: string | undefined): string | null {
  return publicOrigin ?? usableOrigin(`${request.protocol}://${request.host}`);
}

/**
 * An http(s) origin as the URL parser writes it (`http://milli.example`, default port dropped, host in lower
 * case), or null when the text names none: a Host or X-Forwarded-Host the parser refuses (`a:b:c`, `a b`) or
 * that carries a path, a protocol other than http(s) (X-Forwarded-Proto: javascript). A page asked for such an
 * address is a 400 (web.ts), never a 500 nor a page whose every absolute link is made from it.
 */
export function usableOrigin(origin: string): string | null {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.hostname || url.username || url.password || url.pathname !== '/' || url.search || url.hash) return null;
  return url.origin;
}

/** A page (not an /api call) refused before it renders: a short page a person can read. */
export function refusalPage(message: string): string {
  const escaped = message.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html><html lang="en-IN"><meta charset="utf-8"><title>Milli: request refused</title><p>${escaped}</p><p><a href="/">Back to the store</a></p></html>`;
}

/**
 * Unusable text (a NUL byte, a lone surrogate, a control character: contracts/text.ts) in any body field,
 * querystring or path parameter is refused here, before any route sees it, so no route can pass it on to
 * the database (where a NUL fails the query) whether or not its own schema checks for it. Added after the
 * multipart plugin, whose own preValidation hook is what turns a multipart body into fields. A page's form
 * body is not parsed yet at this point: web.ts checks it once read.
 */
export function unusableTextGuard(app: FastifyInstance) {
  app.addHook('preValidation', (request, reply, done) => {
    const found = findUnusableText(request.params, []) ?? findUnusableText(request.query, []) ?? findUnusableText(request.body, []);
    if (!found) return done();
    const message = unusableTextMessage(found);
    if (isPage(request.routeOptions.url)) reply.status(400).type('text/html; charset=utf-8').send(refusalPage(message));
    else reply.status(400).send({ message, code: 'UNUSABLE_TEXT' });
  });
}

/** The web app's catch-all (web.ts) serves pages; everything else is the API or a file. */
export function isPage(routeUrl: string | undefined): boolean {
  return routeUrl === '/*';
}
