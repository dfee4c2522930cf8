/**
 * The page cache (decisions 017 and 032): shared pages come from memory, byte for byte, with a
 * Content-Security-Policy that names the SHA-256 of each inline script instead of a nonce; the page hydrates
 * and works under that policy. A logged-in shopper gets the very same bytes (personal-parts.spec.ts shows
 * their header filled in); a page personal by nature (the cart) is rendered for them, with a nonce, private.
 */
import { createHash } from 'node:crypto';
import { expect, expectClientNavigation, logInNewShopper, test, waitForHydration } from './fixtures.ts';

const PAGES = ['/', '/alljewellery', '/product-detail/3'];

function scriptSrc(response: { headers(): Record<string, string> }): string {
  const policy = response.headers()['content-security-policy'] ?? '';
  return (
    policy
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('script-src')) ?? ''
  );
}

function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter((m) => !/\bsrc\s*=/i.test(m[1]!))
    .map((m) => `'sha256-${createHash('sha256').update(m[2]!, 'utf8').digest('base64')}'`);
}

for (const path of PAGES) {
  test(`${path}: a visitor without cookies gets the kept page, its inline scripts allowed by their hashes`, async ({ playwright, baseURL }) => {
    const visitor = await playwright.request.newContext({ baseURL: baseURL! });
    try {
      await visitor.get(path);
      const first = await visitor.get(path);
      const second = await visitor.get(path);
      expect(first.status()).toBe(200);
      expect(second.status()).toBe(200);
      expect(second.headers()['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=60');
      expect(second.headers()['vary']).toBe('Accept-Encoding');
      const html = await second.text();
      expect(html, 'the same bytes for every such visitor').toBe(await first.text());
      const policy = scriptSrc(second);
      expect(policy).not.toMatch(/'nonce-/);
      const hashes = inlineScriptHashes(html);
      expect(hashes.length).toBeGreaterThan(0);
      for (const hash of hashes) expect(policy, 'every inline script is named by its hash').toContain(hash);
      // Nothing else inline is allowed: the policy lists exactly the page's scripts.
      expect(policy.match(/'sha256-[^']+'/g)!.sort()).toEqual([...new Set(hashes)].sort());
    } finally {
      await visitor.dispose();
    }
  });
}

test('a kept page hydrates and navigates in the browser under its hash policy', async ({ page }) => {
  // The console guard fails the test on any refused script.
  await page.request.get('/product-detail/3');
  const response = await page.goto('/product-detail/3');
  expect(scriptSrc(response!)).toMatch(/'sha256-/);
  await waitForHydration(page);
  await expectClientNavigation(page, () => page.locator('footer').getByRole('link', { name: /about/i }).first().click(), '/about-us');
});

test('a logged-in shopper gets the shared page’s very bytes; their cart page is rendered for them: a nonce, and private', async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  const shopper = await logInNewShopper(page, testInfo, 'cached');
  const guest = await playwright.request.newContext({ baseURL: baseURL! });
  try {
    await guest.get('/product-detail/3');
    const theirs = await guest.get('/product-detail/3');
    const mine = await page.request.get('/product-detail/3');
    expect(mine.status()).toBe(200);
    expect(mine.headers()['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=60');
    expect(scriptSrc(mine)).toMatch(/'sha256-/);
    const html = await mine.text();
    expect(html, 'the same page as a guest’s').toBe(await theirs.text());
    expect(html).not.toContain(shopper.username);
  } finally {
    await guest.dispose();
  }
  const cart = await page.request.get('/cart');
  expect(cart.status()).toBe(200);
  expect(cart.headers()['cache-control']).toBe('private, no-store');
  expect(scriptSrc(cart)).toMatch(/^script-src 'self' 'nonce-[A-Za-z0-9+/=]+'$/);
  expect(await cart.text()).toContain(shopper.username);
});

test('a page’s data for the browser’s router is never served stale by the browser: no stale-while-revalidate', async ({ playwright, baseURL }) => {
  const visitor = await playwright.request.newContext({ baseURL: baseURL! });
  try {
    const data = await visitor.get('/product-detail/3.data');
    expect(data.status()).toBe(200);
    expect(data.headers()['cache-control']).toBe('public, max-age=0, s-maxage=60');
  } finally {
    await visitor.dispose();
  }
});
