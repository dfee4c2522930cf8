import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { ServerBuild } from 'react-router';
import { isDataRequest, isSharedPage, keptPage, mayKeep, mayShare, noticeCookies, pageBytes, pageToKeep, pageUrl, sendKeptPage } from './page-cache.ts';

/** A build's route table as React Router's compiler writes it: flat, each with its parent. */
const build = {
  routes: {
    root: { id: 'root', path: '', module: {} },
    'routes/home': { id: 'routes/home', parentId: 'root', index: true, module: { handle: { sharedPage: true } } },
    'routes/product': { id: 'routes/product', parentId: 'root', path: 'product-detail/:id', module: { handle: { sharedPage: true } } },
    'routes/cart': { id: 'routes/cart', parentId: 'root', path: 'cart', module: {} },
    'routes/odd': { id: 'routes/odd', parentId: 'root', path: 'odd', module: { handle: { sharedPage: 'yes' } } },
    'routes/admin': { id: 'routes/admin', parentId: 'root', path: 'admin', module: { handle: { sharedPage: true } } },
    'routes/admin-x': { id: 'routes/admin-x', parentId: 'routes/admin', path: 'x', module: {} },
  },
} as unknown as Pick<ServerBuild, 'routes'>;

describe('shared pages (decision 032)', () => {
  it('are the addresses whose deepest route says handle.sharedPage: true, with their router data', () => {
    expect(isSharedPage(build, '/')).toBe(true);
    expect(isSharedPage(build, '/_root.data')).toBe(true);
    expect(isSharedPage(build, '/product-detail/7?pincode=600001')).toBe(true);
    expect(isSharedPage(build, '/product-detail/7.data?_routes=routes%2Fproduct')).toBe(true);
    expect(isSharedPage(build, '/cart')).toBe(false);
    expect(isSharedPage(build, '/cart.data')).toBe(false);
    // Only `true` counts; a child's own word decides, not its parent's.
    expect(isSharedPage(build, '/odd')).toBe(false);
    expect(isSharedPage(build, '/admin/x')).toBe(false);
    expect(isSharedPage(build, '/no-such-page')).toBe(false);
    expect(isSharedPage(build, '/%E0%A4')).toBe(false);
  });

  it('give the same answer when asked again, for paths remembered and for paths too long to remember', () => {
    const long = `/product-detail/${'7'.repeat(400)}`;
    for (let i = 0; i < 3; i++) {
      expect(isSharedPage(build, '/product-detail/8')).toBe(true);
      expect(isSharedPage(build, '/cart')).toBe(false);
      expect(isSharedPage(build, long)).toBe(true);
      expect(isSharedPage(build, `/cart/${'x'.repeat(400)}`)).toBe(false);
    }
  });

  it('are matched on the path React Router renders: dot segments resolved, backslashes read as slashes', () => {
    expect(isSharedPage(build, '/cart/../product-detail/7')).toBe(true);
    expect(isSharedPage(build, '/product-detail/%2e%2e/cart')).toBe(false);
    expect(isSharedPage(build, '/product-detail/7/..\\..\\cart')).toBe(false);
    expect(isSharedPage(build, '/product-detail/7/../../cart.data')).toBe(false);
    // A target naming another host is a path on this one, which is no page.
    expect(isSharedPage(build, '//evil.example/product-detail/7')).toBe(false);
    expect(isSharedPage(build, 'http://evil.example/product-detail/7')).toBe(true);
  });

  it('are rendered at their path on the store’s origin, never at a host the request target names', () => {
    const origin = 'https://milli.example';
    for (const target of ['//evil.example/x', '///evil.example/x', '/\\evil.example/x', 'http://evil.example/x', 'https://evil.example:8443/x?y=1', '*']) {
      expect(pageUrl(target, origin).origin, target).toBe(origin);
    }
    expect(pageUrl('//evil.example/x?y=1', origin).href).toBe('https://milli.example//evil.example/x?y=1');
    expect(pageUrl('http://evil.example/x?y=1', origin).href).toBe('https://milli.example/x?y=1');
    expect(pageUrl('/product-detail/7?pincode=600001', origin).href).toBe('https://milli.example/product-detail/7?pincode=600001');
    expect(pageUrl('/a/../cart', origin).pathname).toBe('/cart');
  });

  it('see only the one-request notice cookies, never the session or the cart', () => {
    expect(noticeCookies(undefined)).toBe('');
    expect(noticeCookies('milli_session=abc; cartItems=%5B%5D')).toBe('');
    expect(noticeCookies('milli_session=abc; milli_notice_added=7-2; wishlistItems=1')).toBe('milli_notice_added=7-2');
    expect(noticeCookies('x_milli_notice_added=1')).toBe('');
  });

  it('go to everyone alike when public, whatever their status, and are kept only when a 200', () => {
    const answer = (status: number, headers: Record<string, string>) => new Response('x', { status, headers });
    const shared = { 'cache-control': 'public, max-age=0, s-maxage=60, stale-while-revalidate=60' };
    expect(mayShare(answer(404, shared))).toBe(true);
    expect(mayKeep(answer(404, shared))).toBe(false);
    expect(mayKeep(answer(200, shared))).toBe(true);
    expect(mayShare(answer(200, { ...shared, 'set-cookie': 'milli_notice_added=; Max-Age=0' }))).toBe(false);
    expect(mayShare(answer(200, { 'cache-control': 'private, no-store' }))).toBe(false);
  });

  it('keep their router data without stale-while-revalidate, which the browser would honour after a form', () => {
    const headers = { 'cache-control': 'public, max-age=0, s-maxage=60, stale-while-revalidate=60', 'content-type': 'text/x-script' };
    const page = (url: string) => keptPage(new Response('x', { headers }), Buffer.from('x'), url).headers.find(([k]) => k === 'cache-control')?.[1];
    expect(isDataRequest('/product-detail/7.data?_routes=x')).toBe(true);
    expect(page('/product-detail/7.data')).toBe('public, max-age=0, s-maxage=60');
    expect(page('/product-detail/7')).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=60');
  });
});

describe('a kept page (decision 035)', () => {
  it('is kept as Brotli only, and every client gets the same page, whatever encoding it takes', async () => {
    const text = `<!doctype html><html><body><h1>Gold</h1>${'<p>Rs. 1,23,456.00 ₹ सोना தங்கம்</p>'.repeat(2000)}<script>1</script></body></html>`;
    const page = keptPage(new Response(text, { headers: { 'content-type': 'text/html; charset=utf-8' } }), Buffer.from(text), '/');
    const kept = pageToKeep(page);
    expect(kept.body).toBeUndefined();
    expect(kept.br!.length).toBeLessThan(Buffer.byteLength(text) / 20);
    expect(pageBytes(kept)).toBeLessThan(Buffer.byteLength(text) / 5);
    const app = Fastify();
    app.get('/', (request, reply) => sendKeptPage(request, reply, kept));
    try {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const res = await app.inject({ url: '/', headers: { 'accept-encoding': encoding } });
        expect(res.statusCode).toBe(200);
        const raw = res.rawPayload;
        const decoded = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
        expect(res.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
        expect(decoded.toString('utf8')).toBe(text);
      }
    } finally {
      await app.close();
    }
  });
});
