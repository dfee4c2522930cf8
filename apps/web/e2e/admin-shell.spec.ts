/**
 * The back office's shell (issue 17): the storefront never loads a byte of it, every /admin answer is private and
 * noindex, a visitor without a staff session is sent to sign in, and a signed-in member gets the admin document
 * (not the storefront's shell) with the navigation of their role and the dashboard.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { E2E_OWNER, expect, ownOrigin, test, waitForHydration } from './fixtures.ts';

interface ManifestRoute {
  id: string;
  module: string;
  imports?: string[];
  css?: string[];
}

/** The build's own manifest (what React Router tells the browser to load for each route). */
async function manifestRoutes(): Promise<ManifestRoute[]> {
  const webRoot = path.dirname(createRequire(import.meta.url).resolve('@milli/web/package.json'));
  const build = (await import(pathToFileURL(path.join(webRoot, 'build/server/index.js')).href)) as { assets: { routes: Record<string, ManifestRoute> } };
  return Object.values(build.assets.routes);
}

const filesOf = (r: ManifestRoute) => [r.module, ...(r.imports ?? []), ...(r.css ?? [])];

/** Every script and stylesheet a page asks for while it loads and hydrates, with the text of each. */
async function assetsOf(page: Page, url: string): Promise<Map<string, string>> {
  const seen = new Map<string, string>();
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      response
        .text()
        .then((text) => void seen.set(new URL(response.url()).pathname, text))
        .catch(() => void seen.set(new URL(response.url()).pathname, '')),
    );
  });
  await page.goto(url);
  // Hydrated first: on a loaded machine the network can fall quiet before the route's chunks are asked for.
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  return seen;
}

test.describe('a storefront page', () => {
  for (const url of ['/', '/product-detail/3', '/alljewellery']) {
    test(`${url} loads no script or stylesheet of the back office`, async ({ page }) => {
      const routes = await manifestRoutes();
      const admin = routes.filter((r) => r.id.startsWith('routes/admin/'));
      expect(admin.map((r) => r.id)).toContain('routes/admin/layout');
      const storefront = new Set(routes.filter((r) => !r.id.startsWith('routes/admin/')).flatMap(filesOf));
      // What only the back office loads: its route modules, their own chunks and its stylesheet.
      const adminOnly = new Set(admin.flatMap(filesOf).filter((f) => !storefront.has(f)));
      expect(
        [...adminOnly].some((f) => f.endsWith('.css')),
        'the admin stylesheet is its own file',
      ).toBe(true);
      for (const r of admin) expect(adminOnly.has(r.module), `${r.id} is the back office's alone`).toBe(true);

      const loaded = await assetsOf(page, url);
      expect(loaded.size).toBeGreaterThan(2);
      for (const [file, text] of loaded) {
        expect(adminOnly.has(file), `${url} asked for ${file}, a back-office file`).toBe(false);
        // Caught even if root imported admin code or CSS into a storefront chunk: the shell's own class names.
        expect(text.includes('adm-nav__link') || text.includes('.adm-shell'), `${file} carries back-office code`).toBe(false);
      }
      expect(await page.locator('meta[name="robots"]').count()).toBe(0);
    });
  }
});

test.describe('the back office without a staff session', () => {
  test('sends the visitor to sign in, remembering the page; every answer private and noindex', async ({ playwright, baseURL }) => {
    const visitor = await playwright.request.newContext({ baseURL: baseURL! });
    try {
      for (const [url, next] of [
        ['/admin', '/admin'],
        ['/admin/no-such-screen?q=ring', '/admin/no-such-screen?q=ring'],
      ] as const) {
        const res = await visitor.get(url, { maxRedirects: 0 });
        expect(res.status(), url).toBe(302);
        expect(res.headers()['location']).toBe(`/admin/login?next=${encodeURIComponent(next)}`);
        expect(res.headers()['x-robots-tag']).toBe('noindex, nofollow');
        expect(res.headers()['cache-control']).toBe('private, no-store');
      }
      // The sign-in page too (whoever builds it) is never kept nor indexed.
      const login = await visitor.get('/admin/login', { maxRedirects: 0 });
      expect(login.headers()['cache-control']).toBe('private, no-store');
      expect(login.headers()['x-robots-tag']).toBe('noindex, nofollow');
    } finally {
      await visitor.dispose();
    }
  });
});

/** Signs the e2e owner in through the API (the page's request context shares its cookies with the page). */
async function signInOwner(page: Page): Promise<void> {
  const res = await page.request.post('/api/admin/auth/login', { data: { email: E2E_OWNER.email, password: E2E_OWNER.password }, headers: ownOrigin() });
  expect(res.status(), await res.text()).toBe(200);
}

test.describe('the back office, signed in', () => {
  test('the owner gets the admin document: no storefront shell, noindex, the whole navigation and the dashboard', async ({ page }) => {
    await signInOwner(page);
    const response = await page.goto('/admin');
    expect(response!.status()).toBe(200);
    expect(response!.headers()['x-robots-tag']).toBe('noindex, nofollow');
    expect(response!.headers()['cache-control']).toBe('private, no-store');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    await expect(page.locator('.site-header, .site-footer, .preloader')).toHaveCount(0);

    // (On a phone the links sit behind Menu once the page runs: present, not necessarily shown; so hidden ones count,
    // whether or not the page has started running when each is looked for.)
    const nav = page.getByRole('navigation', { name: 'Back office', includeHidden: true });
    for (const name of ['Dashboard', 'Products', 'Rates', 'Coupons', 'Stores', 'Settings', 'Staff', 'Audit log', 'My security']) {
      await expect(nav.getByRole('link', { name, exact: true, includeHidden: true })).toBeAttached();
    }
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Rates in force' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Low stock' })).toBeVisible();

    // Keyboard: the first Tab reaches the skip link, which leads to the content.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('#adm-main')).toBeFocused();
  });

  test('the dashboard passes axe, and on a phone the navigation folds behind Menu', async ({ page }) => {
    await signInOwner(page);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    await page.setViewportSize({ width: 375, height: 812 });
    // The menu folds only once the page's script runs (without it the links simply stack).
    await expect(page.locator('.adm-shell[data-js]')).toBeAttached();
    const menu = page.getByRole('button', { name: 'Menu' });
    const nav = page.getByRole('navigation', { name: 'Back office' });
    await expect(menu).toBeVisible();
    await expect(nav).toBeHidden();
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await nav.getByRole('link', { name: 'My security' }).click();
    await expect(page).toHaveURL(/\/admin\/security/);
    await expect(nav).toBeHidden();
  });

  test('signing out ends the session and leads to the sign-in page', async ({ page }) => {
    await signInOwner(page);
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/admin\/login/);
    const again = await page.request.get('/admin', { maxRedirects: 0 });
    expect(again.status()).toBe(302);
  });
});
