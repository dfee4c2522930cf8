/**
 * Decision 032 attacked from outside: a shared page goes to everyone alike (the server's page cache, and any CDN
 * obeying its `s-maxage`), so nothing a single request says may reach it: not another origin written into the
 * request target, nor a forwarded host, and it never carries the nonce of one answer.
 */
import { request as httpRequest } from 'node:http';
import { expect, expectPersonalKnown, newShopper, signUp, test } from './fixtures.ts';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request with exactly this target and these headers (a request context would normalise the path). */
function send(baseURL: string, target: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(baseURL), { method: 'GET', path: target, headers });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

test.describe('a request target naming another host', () => {
  // `//host/…` and `/\host/…` (a browser turns the latter into the former), and the absolute form a proxy sends.
  for (const target of [
    '//evil.example/product-detail/3',
    '///evil.example/product-detail/3',
    '/\\evil.example/product-detail/3',
    'http://evil.example/product-detail/3',
  ]) {
    test(`${target}: the page is never made for that host`, async ({ baseURL }) => {
      for (let i = 0; i < 2; i++) {
        const res = await send(baseURL!, target);
        expect(res.status, res.body.slice(0, 200)).toBeLessThan(500);
        expect(res.body, 'no absolute address on the other host').not.toContain('evil.example');
      }
    });
  }
});

test.describe('a forwarded host, believed from the proxy in front (TRUST_PROXY), without PUBLIC_URL', () => {
  test('makes a page for that host that no shared cache may keep: a CDN keys its copies by its own host', async ({ baseURL }) => {
    for (const pathname of ['/product-detail/3', '/', '/product-detail/3.data', '/sitemap.xml']) {
      // Twice: the second comes from the server's page cache, which keeps it for that host only.
      for (let i = 0; i < 2; i++) {
        const forged = await send(baseURL!, pathname, { 'x-forwarded-host': 'evil.example' });
        expect(forged.status, pathname).toBe(200);
        // The home page names no absolute address; the others do (canonical, og:url, JSON-LD, <loc>s).
        if (pathname !== '/') expect(forged.body.includes('evil.example'), pathname).toBe(true);
        expect(String(forged.headers['cache-control']), pathname).toBe('private, no-store');
      }
      // The store's own host still gets its shared page, for a CDN too.
      const own = await send(baseURL!, pathname);
      expect(own.body.includes('evil.example'), pathname).toBe(false);
      expect(String(own.headers['cache-control']), pathname).toMatch(/^public\b/);
    }
  });
});

test.describe('an origin no page can be made for', () => {
  test('is a 400 that says so, never a 500 nor a page for everyone', async ({ baseURL }) => {
    const cases: Record<string, string>[] = [
      { host: 'a:b:c' },
      { host: 'milli.example/evil' },
      { 'x-forwarded-host': 'a b' },
      { 'x-forwarded-proto': 'javascript' },
      { 'x-forwarded-proto': 'ftp' },
    ];
    for (const headers of cases) {
      for (const pathname of ['/product-detail/3', '/cart']) {
        const res = await send(baseURL!, pathname, headers);
        expect(res.status, `${JSON.stringify(headers)} ${pathname}: ${res.body.slice(0, 120)}`).toBe(400);
        expect(String(res.headers['cache-control'] ?? ''), JSON.stringify(headers)).not.toMatch(/\bpublic\b/);
      }
      // The summary is an API answer that builds no address from the origin: whatever the headers, it is the
      // visitor's own, never kept.
      const summary = await send(baseURL!, '/api/me/summary', headers);
      expect(summary.status, `${JSON.stringify(headers)}: ${summary.body.slice(0, 120)}`).toBeLessThan(500);
      expect(String(summary.headers['cache-control'] ?? ''), JSON.stringify(headers)).toBe('private, no-store');
    }
    // The store's own address still works, as do its own host in capitals and its default port.
    const own = new URL(baseURL!);
    for (const host of [own.host, own.host.toUpperCase()]) expect((await send(baseURL!, '/product-detail/3', { host })).status, host).toBe(200);
    expect((await send(baseURL!, '/product-detail/3', { 'x-forwarded-proto': 'https' })).status).toBe(200);
  });
});

test.describe('a shared page that is not there', () => {
  test('goes out public like the page itself, so it carries no nonce: a CDN would hand that nonce to everyone', async ({ baseURL }) => {
    for (const pathname of ['/alljewellery?page=99999999', '/alljewellery/99999999']) {
      for (let i = 0; i < 2; i++) {
        const res = await send(baseURL!, pathname);
        expect(res.status, pathname).toBe(404);
        const shared = /\bpublic\b/.test(String(res.headers['cache-control'] ?? ''));
        const policy = String(res.headers['content-security-policy'] ?? '');
        expect(shared && /'nonce-/.test(policy), `${pathname}: public, and its policy names a nonce`).toBe(false);
        if (shared) expect(policy, pathname).toMatch(/'sha256-/);
      }
    }
  });
});

test.describe('the browser’s back-forward cache', () => {
  test('never shows a shopper’s shared page, with their greeting, to whoever presses Back after they logged out', async ({
    playwright,
    baseURL,
    extraHTTPHeaders,
  }, testInfo) => {
    // Playwright turns the cache off for its browsers; a shopper's Chromium has it on.
    const browser = await playwright.chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu'],
      ignoreDefaultArgs: ['--disable-back-forward-cache'],
    });
    try {
      const context = await browser.newContext({ baseURL: baseURL!, extraHTTPHeaders });
      const page = await context.newPage();
      const shopper = newShopper(testInfo, 'bfcache');
      await signUp(page, shopper, 'Kundan2024');
      const login = await page.request.post('/api/auth/login', {
        multipart: { username: shopper.username, password: 'Kundan2024' },
        headers: { origin: new URL(baseURL!).origin },
      });
      expect(login.status()).toBe(200);
      const restored: boolean[] = [];
      await page.exposeFunction('noteRestored', (persisted: boolean) => restored.push(persisted));
      await page.addInitScript(() =>
        window.addEventListener('pageshow', (e) => (window as unknown as { noteRestored(p: boolean): void }).noteRestored(e.persisted)),
      );
      // A shared page, filled in with the shopper's greeting in the browser.
      await page.goto('/product-detail/3');
      await expectPersonalKnown(page);
      await expect(page.locator('.topbar')).toContainText(shopper.username);
      // Another document (typed address), where the shopper logs out and leaves.
      await page.goto('/about-us');
      await expectPersonalKnown(page);
      await page.locator('.topbar').getByRole('button', { name: 'Logout' }).click();
      await expect(page.locator('.topbar').getByRole('link', { name: 'Login' })).toBeVisible();
      expect((await page.request.get('/api/auth/me')).status()).toBe(401);
      // The next person presses Back, to the product page.
      await page.goBack({ waitUntil: 'commit' });
      await page.goBack({ waitUntil: 'commit' });
      await expect(page).toHaveURL(/\/product-detail\/3$/);
      const seen = await page.evaluate((name) => document.body.innerText.includes(name), shopper.username);
      expect(restored, 'the page came back from the cache (the case this test is about)').toContain(true);
      expect(seen, 'the restored page shows the shopper who left').toBe(false);
      await expect(page.locator('.topbar').getByRole('link', { name: 'Login' })).toBeVisible();
      await expect(page.locator('.topbar')).not.toContainText(shopper.username);
    } finally {
      await browser.close();
    }
  });
});
