import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { KeptPage } from './page-cache.ts';
import type { Config } from '../config.ts';
import { createInProcessFetch } from './in-process-fetch.ts';
import { isAdminPage, isSharedPage, keptPage, mayKeep, mayShare, noticeCookies, pageBytes, pageKey, pageToKeep, pageUrl, sendKeptPage } from './page-cache.ts';
import { findUnusableText, unusableTextMessage } from '@milli/contracts/schemas';
import { refusalPage, storeOrigin } from './security.ts';
import { indianDate } from '@milli/pricing';

/** apps/web, found through its package (so the same from the source and from the server's bundle). */
const webRoot = path.dirname(createRequire(import.meta.url).resolve('@milli/web/package.json'));
const clientDir = path.join(webRoot, 'build/client');
const serverBuildFile = path.join(webRoot, 'build/server/index.js');

export class MissingBuildError extends Error {}

/**
 * The most a page's form may send: the custom design form's four 10 MB images and its fields, a review's four
 * 10 MB photos (the product page's form and the buyer's review page), the product import's one 10 MB CSV (the back
 * office's upload without JavaScript), a product's film and poster or its turn's frames on its page in the back office; 1 MB for any other. With JavaScript the router posts the same form to the
 * page's data address (`/custom-design.data`), which has the page's limit.
 */
const LARGE_FORM_LIMITS: [RegExp, number][] = [
  [/^\/custom-design$/, 41 * 1024 * 1024],
  [/^\/product-detail\/\d{1,10}$/, 41 * 1024 * 1024],
  [/^\/review\/\d{1,10}$/, 41 * 1024 * 1024],
  [/^\/admin\/import$/, 11 * 1024 * 1024],
  // A product's film (40 MB) and its poster (15 MB), its 360° turn's frames (50 MB together), or its photos, sent
  // through the product's page (issue 40).
  [/^\/admin\/products\/\d{1,10}$/, 56 * 1024 * 1024],
];
const FORM_BYTES = 1024 * 1024;

/**
 * The most a page's form post may send. The back office's large form (the import) is a member's: a stranger
 * posting 11 MB there had it read into memory before the action found no one signed in, so without a staff
 * session it gets the 1 MB of any other form. `isStaff` is asked only for such an address.
 */
export function formLimit(url: string, isStaff: () => boolean): number {
  const path = url.split('?')[0]!.replace(/\.data$/, '');
  const large = LARGE_FORM_LIMITS.find(([pattern]) => pattern.test(path))?.[1];
  if (large === undefined) return FORM_BYTES;
  return !isAdminPage(url) || isStaff() ? large : FORM_BYTES;
}
const TOO_LARGE_PAGE =
  '<!doctype html><html lang="en-IN"><meta charset="utf-8"><title>Milli: form too large</title>' +
  '<p>The form you sent is too large. Please go back, send smaller pictures or less text, and try again.</p></html>';

class BodyTooLargeError extends Error {}

/** Reads a form body to its end, or fails past `limit` bytes without holding more than that. */
function readLimited(stream: Readable, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        stop();
        reject(new BodyTooLargeError());
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
  });
}

/**
 * Serves the React Router app inside Fastify: built assets with long-lived cache headers for hashed
 * files, and a catch-all route that turns Fastify's request into a Fetch Request for React Router.
 * Loaders reach the API through `context.fetch`, which calls this same Fastify instance in process.
 */
export async function webPlugin(app: FastifyInstance, opts: { config: Config }) {
  const { config } = opts;
  let getBuild: () => Promise<ServerBuild>;
  let mode: 'development' | 'production' = 'production';

  if (config.env === 'development') {
    mode = 'development';
    const vite = await import('vite');
    const devServer = await vite.createServer({
      root: webRoot,
      configFile: path.join(webRoot, 'vite.config.ts'),
      server: { middlewareMode: true },
      appType: 'custom',
    });
    app.addHook('onRequest', (req, reply, done) => {
      if (req.url.startsWith('/api/') || req.url.startsWith('/media/')) return done();
      devServer.middlewares(req.raw, reply.raw, () => done());
    });
    app.addHook('onClose', () => devServer.close());
    getBuild = () => devServer.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>;
  } else {
    if (!existsSync(serverBuildFile)) {
      throw new MissingBuildError(`the web app is not built (${serverBuildFile} is missing): run 'npm run build' first`);
    }
    const build = (await import(pathToFileURL(serverBuildFile).href)) as ServerBuild;
    getBuild = async () => build;
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      wildcard: false,
      decorateReply: false,
      // The build writes .br and .gz copies of its assets (apps/web/scripts/precompress.mjs).
      preCompressed: true,
      setHeaders(res, filePath) {
        // @fastify/static hands us the reply.
        // Files under assets/ carry a content hash in their name, so they never change.
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }

  // One request handler per build: React Router derives its routes and static handler on a handler's first request,
  // so a handler made for every request did that work every time (about as much as the summary's own).
  const handlers = new WeakMap<ServerBuild, ReturnType<typeof createRequestHandler>>();
  const handlerFor = (build: ServerBuild) => {
    let handler = handlers.get(build);
    if (!handler) {
      handler = createRequestHandler(build, mode);
      handlers.set(build, handler);
    }
    return handler;
  };

  const inProcessFetch = createInProcessFetch(app);
  const publicOrigin = config.publicUrl ? new URL(config.publicUrl).origin : undefined;

  app.register(async (scope) => {
    // The back office's pages (issue 17): never indexed, never kept by anyone, whatever a screen's headers say.
    // This scope's hook runs after the app's own onSend hooks (session.ts), so it has the last word.
    scope.addHook('onSend', async (request, reply, payload) => {
      if (isAdminPage(request.url)) for (const [name, value] of Object.entries(ADMIN_PAGE_HEADERS)) reply.header(name, value);
      else if (!publicOrigin && forwardedHost(request) && /\bpublic\b/.test(String(reply.getHeader('cache-control') ?? ''))) {
        // Without PUBLIC_URL a page is made for the request's origin, and this one's host came from X-Forwarded-Host
        // (believed from a TRUST_PROXY proxy, which may pass on what the client sent). The server keeps it for that
        // host only (page-cache.ts), but a CDN keys its copy by the host it serves: it must not keep it, or every
        // visitor would get links to the forwarded host (decision 032).
        reply.header('cache-control', 'private, no-store');
      }
      return payload;
    });
    // React Router reads form bodies itself: hand it the raw stream, untouched.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, payload, done) => done(null, payload));

    const pageHandler = async (request: FastifyRequest, reply: FastifyReply) => {
      // Pages are priced at the day's rates: the day is part of the key. Only shared pages are ever kept, so a
      // kept page found under this address is served to whoever asks, with cookies or without (decision 032).
      // Every absolute address of the page is made from the store's origin (never a client's Host when PUBLIC_URL
      // is set), the one a form's Origin was checked against (security.ts), as React Router's action check wants.
      const origin = storeOrigin(request, publicOrigin);
      if (origin === null) return reply.status(400).type('text/html; charset=utf-8').send(refusalPage(UNUSABLE_ORIGIN));
      const key = mode === 'production' ? pageKey(request, indianDate(new Date()), publicOrigin ? '' : origin) : null;
      if (key) {
        const kept = app.readCache.peek<KeptPage>(key);
        if (kept) {
          request.sharedPage = true;
          return sendKeptPage(request, reply, kept);
        }
      }
      const generation = app.readCache.generation;
      const build = await getBuild();
      const handler = handlerFor(build);
      // A shared page is rendered without identity: neither its loaders nor the API calls they make see the
      // visitor's cookies (only a one-request notice), so what is rendered is the same for everyone.
      const shared = (request.method === 'GET' || request.method === 'HEAD') && isSharedPage(build, request.url);
      request.sharedPage = shared;
      // A page's form body is read here, within its limit, before React Router parses it: an endless or huge
      // body is refused (413) instead of being held in memory whole.
      let body: Buffer | undefined;
      if (request.method !== 'GET' && request.method !== 'HEAD' && request.body instanceof Readable) {
        const limit = formLimit(request.url, () => request.staff !== null);
        const tooLarge = () => {
          // The rest of the body is read and dropped, never held (the server's request timeout bounds how long):
          // closing the connection on a client still sending would reset it, and it would lose this answer.
          request.raw.resume();
          return reply.status(413).type('text/html; charset=utf-8').send(TOO_LARGE_PAGE);
        };
        if (Number(request.headers['content-length'] ?? 0) > limit) return tooLarge();
        try {
          body = await readLimited(request.body, limit);
        } catch (error) {
          if (error instanceof BodyTooLargeError) return tooLarge();
          throw error;
        }
        const unusable = unusableFormText(request.headers['content-type'], body);
        if (unusable) return reply.status(400).type('text/html; charset=utf-8').send(refusalPage(unusable));
      }
      const cookie = shared ? noticeCookies(request.headers.cookie) || undefined : request.headers.cookie;
      const webRequest = toWebRequest(request, reply, body, origin, cookie);
      let readSession = false;
      const response = await handler(webRequest, {
        cspNonce: reply.cspNonce?.script ?? '',
        checkAnswers: config.env !== 'production',
        sharedPage: shared,
        fetch: async (input: string, init?: RequestInit) => {
          const answer = await inProcessFetch(input, init, shared ? undefined : cookie, request.ip);
          if (/\bprivate\b/.test(answer.headers.get('cache-control') ?? '')) readSession = true;
          return answer;
        },
      });
      // A page built on an answer that was the visitor's own is theirs too (session.ts marks it private),
      // unless its route says it is the same for every visitor without cookies, as every such one here is.
      if (readSession && !/\bpublic\b/.test(response.headers.get('cache-control') ?? '')) request.sessionRead = true;
      if (shared && mayShare(response)) {
        // Sent as a kept page (its inline scripts allowed by hash, not by this answer's nonce) whether or not it
        // is stored (a 404 is not): a CDN may keep these bytes and hand them to anyone (Cache-Control s-maxage).
        const page = keptPage(response, Buffer.from(await response.arrayBuffer()), request.url);
        if (key && mayKeep(response)) {
          const kept = pageToKeep(page);
          app.readCache.put(key, kept, pageBytes(kept), generation);
        }
        return sendKeptPage(request, reply, page);
      }
      return sendWebResponse(reply, response);
    };
    scope.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/*',
      handler: pageHandler,
    });
  });
}

/** What every back-office page answers with: the member's own page, never stored or indexed. */
export const ADMIN_PAGE_HEADERS = { 'cache-control': 'private, no-store', 'x-robots-tag': 'noindex, nofollow' } as const;

export { isAdminPage } from './page-cache.ts';

/**
 * The message for unusable text (contracts/text.ts) in a page's plain form post, or null. The API's own
 * guard sees what a page's action passes on; this one stops it before the page's action runs at all.
 * Multipart forms (with pictures) are left to the API, which refuses their fields the same way.
 */
function unusableFormText(contentType: string | undefined, body: Buffer): string | null {
  if (!/^application\/x-www-form-urlencoded/i.test(contentType ?? '')) return null;
  for (const [key, value] of new URLSearchParams(body.toString('utf8'))) {
    const found = findUnusableText({ [key]: value });
    if (found) return unusableTextMessage(found);
  }
  return null;
}

const UNUSABLE_ORIGIN = 'This request names an address (its Host, or X-Forwarded-Host or -Proto) that is not a web address of this store.';

/** Whether the request's host (what pages are made for without PUBLIC_URL) is not its Host header's: a forwarded one. */
function forwardedHost(request: FastifyRequest): boolean {
  return request.host !== (request.headers.host ?? request.headers[':authority'] ?? '');
}

function toWebRequest(request: FastifyRequest, reply: FastifyReply, body: Buffer | undefined, origin: string, cookie: string | undefined): Request {
  const url = pageUrl(request.url, origin);
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined || key === 'cookie') continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, String(value));
  }
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  if (cookie) headers.set('cookie', cookie);
  const init: RequestInit = { method: request.method, headers, signal: controller.signal };
  if (body !== undefined) init.body = new Uint8Array(body) as Uint8Array<ArrayBuffer>;
  return new Request(url, init);
}

async function sendWebResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  for (const [key, value] of response.headers) {
    if (key === 'set-cookie') continue;
    const safe = headerValue(key, value);
    if (safe !== null) reply.header(key, safe);
  }
  // A page answered to a visitor with cookies is theirs: session.ts's onSend hook marks it private, no-store.
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
}

/** What node refuses in a header value (it throws while the answer is being written, too late for a clean 4xx). */
const UNSENDABLE = /[^\t\x20-\x7e\x80-\xff]/;

/**
 * A header of a page's answer as node can send it. The Fetch API's Headers accept characters node's HTTP
 * writer refuses (a vertical tab, U+3000…), so a redirect built from what a visitor typed could otherwise
 * fail the whole answer: a Location is percent-encoded the way a browser would read it; any other header
 * that node cannot send is left out.
 */
export function headerValue(key: string, value: string): string | null {
  if (!UNSENDABLE.test(value)) return value;
  if (key.toLowerCase() !== 'location') return null;
  return value.replace(/[^\x21-\x7e]+/gu, (run) => encodeURI(run.replace(/[\ud800-\udfff]/g, '\ufffd')));
}
