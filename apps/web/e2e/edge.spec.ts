/**
 * The edge of the server, through its pages (decision 021): a forged Host never reaches another visitor's
 * page, pages for a visitor with a session are private or shared with nothing of theirs (decision 032),
 * redirects stay on the store, unusable text is a 400,
 * and a cookie-carrying form post must come from the store's own page.
 */
import { request as httpRequest } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startStore } from '../../../bench/processes.ts';
import { expect, logInNewShopper, ownOrigin, test } from './fixtures.ts';
import { ROUTES } from './route-table.ts';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request with exactly these headers (a request context would set Host and Origin itself). */
function send(baseURL: string, pathname: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(baseURL), { method: options.method ?? 'GET', path: pathname, headers: options.headers ?? {} });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Every absolute address a page or sitemap names: canonical, og:url, og:image, JSON-LD urls, <loc>s. */
function absoluteAddresses(html: string): string[] {
  return [...html.matchAll(/https?:\/\/[^"'<\s\\]+/g)].map((m) => m[0]).filter((u) => !/schema\.org|sitemaps\.org|w3\.org/.test(u));
}

test.describe('a forged Host header', () => {
  test('never reaches the page, sitemap or link preview another visitor gets', async ({ baseURL }) => {
    const own = new URL(baseURL!);
    for (const pathname of ['/product-detail/2', '/sitemap.xml']) {
      // The attacker asks twice (the second would be answered from the page cache) with a Host of their own.
      for (let i = 0; i < 2; i++) await send(baseURL!, pathname, { headers: { host: 'evil.example' } });
      const page = await send(baseURL!, pathname);
      expect(page.status).toBe(200);
      const addresses = absoluteAddresses(page.body);
      expect(addresses.length, `${pathname} names absolute addresses`).toBeGreaterThan(0);
      for (const address of addresses) expect(new URL(address).host, `${pathname}: ${address}`).toBe(own.host);
      expect(page.body).not.toContain('evil.example');
    }
  });

  test('with PUBLIC_URL, every absolute link is the public address, whatever Host says', async () => {
    test.setTimeout(240_000);
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'milli-public-url-'));
    const store = await startStore({ dataDir, built: true, publicUrl: 'https://milli.example', timeoutMs: 200_000 });
    try {
      for (const pathname of ['/product-detail/2', '/sitemap.xml']) {
        for (const host of ['evil.example', undefined]) {
          const page = await send(store.url, pathname, { headers: host ? { host } : {} });
          expect(page.status).toBe(200);
          const addresses = absoluteAddresses(page.body);
          expect(addresses.length).toBeGreaterThan(0);
          for (const address of addresses) expect(new URL(address).origin, `${pathname} (Host ${host ?? 'own'}): ${address}`).toBe('https://milli.example');
        }
      }
      const preview = await send(store.url, '/product-detail/2');
      expect(preview.body).toMatch(/<link rel="canonical" href="https:\/\/milli\.example\/product-detail\/2"/);
      expect(preview.body).toMatch(/property="og:url" content="https:\/\/milli\.example\/product-detail\/2"/);
    } finally {
      await store.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

test.describe('pages that depend on a session', () => {
  test('every page of the route table, for a logged-in shopper, is private, no-store, or a shared page: a guest’s very bytes', async ({
    page,
    baseURL,
  }, testInfo) => {
    test.setTimeout(180_000);
    const shopper = await logInNewShopper(page, testInfo, 'private');
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    expect(cookie).toContain('milli_session=');
    const failures: string[] = [];
    let shared = 0;
    for (const route of ROUTES) {
      const res = await send(baseURL!, route, { headers: { cookie } });
      const cc = String(res.headers['cache-control'] ?? '');
      if (res.status >= 500 || (cc !== 'private, no-store' && !/\bpublic\b/.test(cc))) {
        failures.push(`${route}: ${res.status} ${cc || '(none)'}`);
      } else if (/\bpublic\b/.test(cc)) {
        shared++;
        // A shared page (decision 032): rendered without the session, so it is what a guest gets and names nobody. A
        // fresh render (the cache emptied by another spec's order) has a fresh nonce: asked again, both are the kept one.
        if (res.body.includes(shopper.username) || res.body.includes(shopper.email)) failures.push(`${route}: public, yet names the shopper`);
        if (res.headers['set-cookie']) failures.push(`${route}: public, and sets a cookie`);
        if (res.headers.vary !== 'Accept-Encoding') failures.push(`${route}: public, and Vary ${String(res.headers.vary)}`);
        let same = false;
        for (let attempt = 0; attempt < 3 && !same; attempt++) {
          const [mine, guest] = [await send(baseURL!, route, { headers: { cookie } }), await send(baseURL!, route)];
          same = mine.body === guest.body;
        }
        if (!same) failures.push(`${route}: public, yet not the bytes a guest gets`);
      }
    }
    expect(failures).toEqual([]);
    expect(shared, 'the catalogue and the other shared pages are among them').toBeGreaterThan(10);
  });

  test('without cookies, every page says whether it may be shared: public, or private, no-store', async ({ baseURL }) => {
    test.setTimeout(180_000);
    const failures: string[] = [];
    for (const route of ROUTES) {
      const res = await send(baseURL!, route);
      const cc = String(res.headers['cache-control'] ?? '');
      if (res.status >= 500 || !(/\bpublic\b/.test(cc) || cc === 'private, no-store')) failures.push(`${route}: ${res.status} ${cc || '(none)'}`);
    }
    expect(failures).toEqual([]);
  });
});

test.describe('where to go after logging in', () => {
  for (const next of [
    '/%09/evil.example',
    '/%5C/evil.example',
    '/.//evil.example',
    'https://evil.example/',
    '%0B',
    '/%0B',
    '/%0C',
    '/%E3%80%80',
    '/cart%E3%80%80',
  ]) {
    test(`next=${next}: stays on the store, never a 500`, async ({ page, baseURL }, testInfo) => {
      // A guest sees the login page.
      const guest = await send(baseURL!, `/login?next=${next}`);
      expect([200, 400]).toContain(guest.status);
      // A logged-in shopper is sent on: never to another host.
      await logInNewShopper(page, testInfo, 'nexthop');
      const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
      const res = await send(baseURL!, `/login?next=${next}`, { headers: { cookie } });
      // A control character is refused before any page runs (unusable text); anything else is redirected.
      if (res.status === 400) {
        expect(res.body).toMatch(/cannot be used/);
        return;
      }
      expect(res.status, res.body.slice(0, 200)).toBe(302);
      const location = String(res.headers.location);
      expect(new URL(location, 'https://milli.example').host, location).toBe('milli.example');
      expect(location.startsWith('//')).toBe(false);
    });
  }

  test('the login form itself (no JavaScript) sends the shopper home for a hostile next', async ({ page, baseURL }, testInfo) => {
    const shopper = await logInNewShopper(page, testInfo, 'nextform');
    const post = (next: string) =>
      send(baseURL!, '/login', {
        method: 'POST',
        body: new URLSearchParams({ username: shopper.email, password: 'Kundan2024', next }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(baseURL!).origin },
      });
    for (const next of ['/\\/evil.example', '/.//evil.example', '/%2F/evil.example']) {
      const res = await post(next);
      expect(res.status, res.body.slice(0, 200)).toBe(302);
      expect(new URL(String(res.headers.location), 'https://milli.example').host, next).toBe('milli.example');
    }
    const tab = await post('/\t/evil.example');
    expect(tab.status).toBe(400);
    expect(tab.body).toMatch(/&#34;next&#34; contains a tab/);
  });
});

test.describe('unusable text in pages', () => {
  test('a NUL or control character in any page address is a 400 that says so, never a 5xx', async ({ baseURL }) => {
    test.setTimeout(180_000);
    const failures: string[] = [];
    for (const route of [...ROUTES, '/alljewellery/productfilter/%00']) {
      for (const bad of ['%00', '%01', '%1B']) {
        const sep = route.includes('?') ? '&' : '?';
        const res = await send(baseURL!, `${route}${sep}q=a${bad}b`);
        if (res.status !== 400 || !/cannot be used/.test(res.body)) failures.push(`${route} q=${bad}: ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
  });

  test('a NUL in a page form is a 400 that says so', async ({ baseURL }) => {
    for (const [pathname, fields] of [
      ['/login', { email: 'a\u0000@example.in', password: 'x' }],
      ['/register', { username: 'nul\u0000', email: 'nul@example.in', password: 'Kundan2024' }],
      ['/forgot-password', { email: 'nul\u0000@example.in' }],
    ] as const) {
      const res = await send(baseURL!, pathname, {
        method: 'POST',
        body: new URLSearchParams(fields).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(baseURL!).origin },
      });
      expect(res.status, `${pathname}: ${res.body.slice(0, 200)}`).toBe(400);
      expect(res.body).toMatch(/NUL character/);
    }
  });
});

test.describe('form posts that carry cookies', () => {
  test("are refused with Origin: null or without any origin, and work from the store's own page", async ({ page, baseURL }, testInfo) => {
    await logInNewShopper(page, testInfo, 'origin');
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const form = { 'content-type': 'application/x-www-form-urlencoded', cookie };
    const body = new URLSearchParams({ intent: 'add', productId: '3' }).toString();
    for (const headers of <Record<string, string>[]>[{ ...form, origin: 'null' }, form]) {
      const res = await send(baseURL!, '/wishlist', { method: 'POST', body, headers });
      expect(res.status, JSON.stringify(headers.origin ?? 'no origin')).toBe(403);
    }
    const own = await send(baseURL!, '/wishlist', {
      method: 'POST',
      body: `${body}&redirectTo=${encodeURIComponent('/\\/evil.example')}`,
      headers: { ...form, ...ownOrigin() },
    });
    expect(own.status, own.body.slice(0, 200)).toBeLessThan(400);
    if (own.headers.location) expect(new URL(String(own.headers.location), 'https://milli.example').host).toBe('milli.example');
  });

  test('the no-JavaScript login form works in a browser', async ({ browser, baseURL }, testInfo) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseURL! });
    const page = await context.newPage();
    try {
      const helper = await context.newPage();
      const shopper = await logInNewShopper(helper, testInfo, 'nojs');
      await context.clearCookies();
      // A guest cart cookie, so the post carries cookies and must show its Origin.
      await context.addCookies([{ name: 'cartItems', value: '%5B%5D', url: baseURL! }]);
      await page.goto('/login');
      await page.getByLabel('E-mail Id').fill(shopper.email);
      await page.getByLabel('Password').fill('Kundan2024');
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page).toHaveURL((url) => url.pathname === '/');
      expect((await context.cookies()).some((c) => c.name === 'milli_session')).toBe(true);
    } finally {
      await context.close();
    }
  });
});
