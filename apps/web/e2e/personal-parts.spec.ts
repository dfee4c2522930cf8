/**
 * Decision 032: a storefront page's HTML is the same for everyone, and what is personal arrives separately.
 * A logged-in shopper with two pieces in the cart and one in the wish list sees their own header, counts and
 * hearts right after each navigation (the page's summary, GET /api/me/summary, fills them in), without the
 * layout moving; without JavaScript the same shopper still reaches their account, cart, wish list and checkout.
 */
import type { Page } from '@playwright/test';
import {
  expect,
  expectClientNavigation,
  expectPersonalKnown,
  isMobile,
  logInNewShopper,
  ownOrigin,
  shiftsOf,
  test,
  waitForHydration,
  watchShifts,
} from './fixtures.ts';
import { addToCart, pieces } from './shop.ts';

/** Two pieces in the shopper's cart and the first in their wish list (carts take no stock: any shopper may hold these); the first is returned. */
async function stockUp(page: Page): Promise<{ product_id: number; product_name: string }> {
  const all = await pieces(page.request);
  const [first, second] = all;
  if (!first || !second) throw new Error(`not enough pieces: ${all.length}`);
  await addToCart(page, first.product_id);
  await addToCart(page, second.product_id);
  const me = (await (await page.request.get('/api/auth/me')).json()) as { userId: number };
  const wished = await page.request.post('/api/wishlist/add', { data: { product_id: first.product_id, user_id: me.userId }, headers: ownOrigin() });
  expect(wished.status(), await wished.text()).toBe(200);
  return first;
}

/** The header as the shopper's own: their links, their counts. */
async function expectOwnHeader(page: Page, username: string) {
  await expectPersonalKnown(page);
  const account = page.locator('.topbar nav[aria-label="Account"]');
  if (!isMobile(page)) await expect(account.getByText(`Hi, ${username}`)).toBeVisible();
  await expect(account.getByRole('link', { name: 'My account' })).toBeVisible();
  await expect(account.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(account.getByRole('link', { name: 'Login' })).toHaveCount(0);
  await expect(page.locator('.header-bar a[href="/cart"]')).toHaveAttribute('aria-label', 'Cart, 2 items');
  await expect(page.locator('.header-bar a[href="/wishlist"]')).toHaveAttribute('aria-label', 'Wish list, 1 item');
}

test('a logged-in shopper’s header, counts and hearts are theirs right after each navigation, and nothing moves', async ({ page }, testInfo) => {
  const shopper = await logInNewShopper(page, testInfo, 'personal');
  const piece = await stockUp(page);
  await watchShifts(page);

  const response = await page.goto(`/product-detail/${piece.product_id}`);
  expect(response!.headers()['cache-control'], 'the shared page, kept for everyone').toMatch(/^public,/);
  await expectOwnHeader(page, shopper.username);
  await expect(page.getByRole('button', { name: `Remove ${piece.product_name} from wish list` }).first()).toHaveAttribute('aria-pressed', 'true');
  await waitForHydration(page);
  expect(await shiftsOf(page), 'no layout shift as the personal parts arrive').toEqual([]);

  // A navigation in the browser keeps them, and so does a full page load of another shared page.
  await expectClientNavigation(page, () => page.locator('footer').getByRole('link', { name: /about/i }).first().click(), '/about-us');
  await expectOwnHeader(page, shopper.username);
  await page.goto('/');
  await expectOwnHeader(page, shopper.username);
  expect(await shiftsOf(page)).toEqual([]);

  // The mini cart behind the cart icon lists the two pieces.
  if (!isMobile(page)) {
    await page.locator('.header-bar a[href="/cart"]').click();
    const panel = page.getByRole('dialog', { name: 'Search & cart' });
    await expect(panel.getByText('(2 items)')).toBeVisible();
    await expect(panel.getByRole('link', { name: piece.product_name })).toBeVisible();
  }

  // The summary itself: the shopper's own, never kept.
  const summary = await page.request.get('/api/me/summary');
  expect(summary.headers()['cache-control']).toBe('private, no-store');
  const body = (await summary.json()) as { user: { userName: string }; cart: { count: number }; wishlistIds: number[] };
  expect(body.user.userName).toBe(shopper.username);
  expect(body.cart.count).toBe(2);
  expect(body.wishlistIds).toEqual([piece.product_id]);
});

test('a guest’s header becomes Login and Signup, and a heart fills the count at once', async ({ page }) => {
  await page.goto('/alljewellery');
  await expectPersonalKnown(page);
  const account = page.locator('.topbar nav[aria-label="Account"]');
  await expect(account.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(account.getByRole('link', { name: 'Signup' })).toBeVisible();
  await expect(page.locator('.header-bar a[href="/wishlist"]')).toHaveAttribute('aria-label', 'Wish list, 0 items');
  const heart = page
    .locator('.product-card')
    .first()
    .getByRole('button', { name: /^Add .* to wish list$/ });
  await heart.click();
  await expect(page.locator('.header-bar a[href="/wishlist"]')).toHaveAttribute('aria-label', 'Wish list, 1 item');
});

test('without JavaScript a logged-in shopper reaches their account, cart, wish list and checkout from a shared page', async ({ page, browser }, testInfo) => {
  const shopper = await logInNewShopper(page, testInfo, 'nojs');
  const piece = await stockUp(page);
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: testInfo.project.use.viewport ?? null,
    baseURL: process.env.MILLI_E2E_URL,
    storageState: await page.context().storageState(),
  });
  const plain = await context.newPage();
  try {
    await plain.goto(`/product-detail/${piece.product_id}`);
    // The shared page: the neutral header, whose links lead to the shopper's own pages.
    await expect(plain.locator('header.site-header')).toHaveAttribute('data-personal', 'pending');
    const account = plain.locator('.topbar nav[aria-label="Account"]');
    await account.getByRole('link', { name: 'My account' }).click();
    await expect(plain).toHaveURL((url) => url.pathname === '/account');
    await expect(plain.locator('header.site-header')).toHaveAttribute('data-personal', 'known');
    if (!isMobile(plain)) await expect(plain.getByText(`Hi, ${shopper.username}`)).toBeVisible();
    await expect(plain.locator('.header-bar a[href="/cart"]')).toHaveAttribute('aria-label', 'Cart, 2 items');

    await plain.goto(`/product-detail/${piece.product_id}`);
    await plain.locator('.header-bar a[href="/cart"]').click();
    await expect(plain).toHaveURL((url) => url.pathname === '/cart');
    await expect(plain.locator('main').getByRole('link', { name: piece.product_name }).first()).toBeVisible();

    await plain.goto(`/product-detail/${piece.product_id}`);
    await plain.locator('.header-bar a[href="/wishlist"]').click();
    await expect(plain).toHaveURL((url) => url.pathname === '/wishlist');
    await expect(plain.locator('main').getByRole('link', { name: piece.product_name }).first()).toBeVisible();

    await plain.goto('/checkout');
    await expect(plain).toHaveURL((url) => url.pathname === '/checkout');
    await expect(plain.getByRole('button', { name: 'Place Order' })).toBeVisible();
  } finally {
    await context.close();
  }
});

/** Holds the page's summary requests until `release` is called: the summary arrives as late as a slow network would bring it. */
async function holdSummaries(page: Page): Promise<{ release: () => void; asked: () => number }> {
  let asked = 0;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/me/summary', async (route) => {
    asked++;
    await released;
    await route.continue().catch(() => undefined);
  });
  return { release, asked: () => asked };
}

test('a summary that arrives late neither throws a scrolling shopper back to the top nor is lost to a form sent meanwhile', async ({
  page,
  request,
  consoleGuard,
}) => {
  // The size-less Add to Cart is answered 400 with its message: the browser logs the status.
  consoleGuard.allow(/status of 400 .*\/product-detail\/\d+\.data/);
  const rings = (await (await request.get('/api/product/productList?category=Fingerring&page=1')).json()) as { data: { product_id: number }[] };
  let ringId: number | null = null;
  for (const { product_id } of rings.data) {
    const piece = (
      (await (await request.get(`/api/product/find-by-id/${product_id}`)).json()) as { data: { product_stock: number; pricing: { sizeKind: string | null } } }
    ).data;
    if (piece.product_stock > 0 && piece.pricing.sizeKind === 'ring') {
      ringId = product_id;
      break;
    }
  }
  expect(ringId, 'an in-stock ring on the first page of rings').not.toBeNull();

  // Scrolling while the summary is on its way: where the shopper scrolled to is where they stay.
  const held = await holdSummaries(page);
  await page.goto('/');
  await waitForHydration(page);
  await expect.poll(held.asked).toBe(1);
  await page.evaluate(() => window.scrollTo({ top: 600, behavior: 'instant' }));
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(600);
  held.release();
  await expectPersonalKnown(page);
  await expect(page.locator('.header-bar a[href="/cart"]')).toHaveAttribute('aria-label', 'Cart, 0 items');
  expect(await page.evaluate(() => Math.round(window.scrollY))).toBe(600);
  await page.unrouteAll({ behavior: 'wait' });

  // A form refused while the summary is on its way: the header still becomes the shopper's when it comes.
  const late = await holdSummaries(page);
  await page.goto(`/product-detail/${ringId}`);
  await waitForHydration(page);
  await expect.poll(late.asked).toBe(1);
  await page.locator('#pd-buy').getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please choose a ring size for this piece.' })).toBeVisible();
  late.release();
  await expectPersonalKnown(page);
  await expect(page.locator('.header-bar a[href="/cart"]')).toHaveAttribute('aria-label', 'Cart, 0 items');
});
