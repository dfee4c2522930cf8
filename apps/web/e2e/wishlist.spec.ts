/**
 * The wish list as a shopper lives it (DECISIONS §2): a guest hearts a piece on the listing, the header
 * counts it, /wishlist shows it, Add to Cart puts it in the cart; after signing up and logging in the
 * piece is still there (merged from the guest cookie); removing it empties the list. And the heart
 * works without JavaScript too.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, newShopper, signUp, submitLogin, test, waitForHydration } from './fixtures.ts';

const PASSWORD = 'Kundan2024';

const wishIcon = (page: Page) => page.locator('.header-bar a[href="/wishlist"]');
const cartIcon = (page: Page) => page.locator('.header-bar a[aria-label^="Cart, "]');

/** The first listed piece that can be bought, and its name. */
async function pieceInStock(page: Page): Promise<{ card: Locator; name: string }> {
  const card = page
    .locator('.product-card')
    .filter({ hasNot: page.locator('.product-card-badge--muted') })
    .first();
  const name = (await card.locator('.product-card-name').textContent())!.trim();
  return { card, name };
}

test('a guest hearts a piece, adds it to the cart from the wish list, keeps it through login, then removes it', async ({ page }, testInfo) => {
  // One shopper's whole story, a dozen page loads: more than the default minute on a busy machine.
  test.slow();
  await page.goto('/alljewellery');
  await waitForHydration(page);
  await expect(wishIcon(page)).toHaveAttribute('aria-label', 'Wish list, 0 items');

  const { card, name } = await pieceInStock(page);
  const heart = card.getByRole('button', { name: `Add ${name} to wish list` });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  // A fetcher: the page stays, the heart fills, the header counts the piece.
  await expect(card.getByRole('button', { name: `Remove ${name} from wish list` })).toHaveAttribute('aria-pressed', 'true');
  await expect(wishIcon(page)).toHaveAttribute('aria-label', 'Wish list, 1 item');
  await expect(page).toHaveURL(/\/alljewellery$/);

  await wishIcon(page).click();
  await expect(page).toHaveURL(/\/wishlist$/);
  const table = page.getByRole('table', { name: 'Your wish list' });
  await expect(table.getByRole('columnheader')).toHaveText(['Product', 'Price', 'Availability', 'Total', 'Actions']);
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row.getByRole('link', { name })).toHaveAttribute('href', /^\/product-detail\/\d+$/);
  await expect(row).toContainText('In Stock');
  await expect(row).toContainText(/Rs\. [\d,]+\.\d\d/);

  await expect(cartIcon(page)).toHaveAttribute('aria-label', 'Cart, 0 items');
  await row.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(row.getByRole('status')).toContainText(`${name} is in your cart.`);
  await expect(cartIcon(page)).toHaveAttribute('aria-label', 'Cart, 1 item');

  // Sharing: four networks and the read-only link, which shows the same piece to anyone.
  const share = page.getByRole('region', { name: 'Share Your Wishlist' });
  for (const network of ['WhatsApp', 'Facebook', 'X', 'Pinterest']) {
    await expect(share.getByRole('link', { name: new RegExp(`^${network} \\(share`) })).toHaveAttribute('target', '_blank');
  }
  const link = await share.getByLabel('Link to your wish list').inputValue();
  expect(link).toMatch(/\/wishlist\?items=\d+$/);

  // Sign up, then log in: the guest's piece joins the new account's wish list.
  const who = newShopper(testInfo, 'wl');
  await signUp(page, who, PASSWORD);
  await page.goto('/login');
  await submitLogin(page, who.username, PASSWORD);
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(wishIcon(page)).toHaveAttribute('aria-label', 'Wish list, 1 item');
  expect(
    (await page.context().cookies()).find((c) => c.name === 'wishlistItems'),
    'the guest copy is gone',
  ).toBeUndefined();

  await page.goto('/wishlist');
  await waitForHydration(page);
  const own = page.getByRole('table', { name: 'Your wish list' }).getByRole('row').filter({ hasText: name });
  await expect(own).toBeVisible();
  await own.getByRole('button', { name: `Remove ${name} from wish list` }).click();
  await expect(page.getByText('Your wish list is empty')).toBeVisible();
  await expect(wishIcon(page)).toHaveAttribute('aria-label', 'Wish list, 0 items');

  // The shared link still shows the piece, read-only, to a visitor with no session.
  const visitor = await page.context().browser()!.newContext();
  const other = await visitor.newPage();
  await other.goto(link);
  await expect(other.getByRole('heading', { name: 'A wish list shared with you' })).toBeVisible();
  await expect(other.getByRole('link', { name })).toBeVisible();
  await expect(other.getByRole('button', { name: /Remove/ })).toHaveCount(0);
  await visitor.close();
});

test('the heart works without JavaScript: the form posts, comes back to the listing, and the wish list holds the piece', async ({ browser }, testInfo) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: testInfo.project.use.viewport ?? null, baseURL: process.env.MILLI_E2E_URL });
  const page = await context.newPage();
  await page.goto('/alljewellery');
  const { card, name } = await pieceInStock(page);
  await card.getByRole('button', { name: `Add ${name} to wish list` }).click();
  await expect(page).toHaveURL(/\/alljewellery$/);
  // The listing is a shared page (decision 032): without JavaScript its header is the neutral one, no count.
  await expect(wishIcon(page)).toHaveAttribute('aria-label', 'Wish list');
  // The wish list itself is the visitor's own page: the piece is there.
  await wishIcon(page).click();
  await expect(page).toHaveURL(/\/wishlist$/);
  await expect(page.getByRole('link', { name })).toBeVisible();
  await page.getByRole('button', { name: `Remove ${name} from wish list` }).click();
  await expect(page).toHaveURL(/\/wishlist$/);
  await expect(page.getByText('Your wish list is empty')).toBeVisible();
  await context.close();
});

/**
 * Issue 40: a ring, bangle or chain from the wish list. Its row cannot know the size, so Add to Cart takes the shopper
 * to the piece with the size field marked (and focused); once a size is chosen there, the piece goes into the cart.
 */
for (const javaScriptEnabled of [true, false]) {
  test(`Add to Cart of a ring on the wish list asks for its size on the piece’s page (${javaScriptEnabled ? 'with' : 'without'} JavaScript)`, async ({
    browser,
  }, testInfo) => {
    const context = await browser.newContext({ javaScriptEnabled, viewport: testInfo.project.use.viewport ?? null, baseURL: process.env.MILLI_E2E_URL });
    const page = await context.newPage();
    await page.goto('/product-detail/71');
    if (javaScriptEnabled) await waitForHydration(page);
    const name = (await page.locator('.pd-name').textContent())!.trim();
    await page.getByRole('button', { name: `Add ${name} to wish list` }).click();
    // With JavaScript the header counts it once the answer is in; without, the form comes back to the piece.
    if (javaScriptEnabled) await expect(page.locator('header.site-header a[href="/wishlist"]')).toHaveAttribute('aria-label', 'Wish list, 1 item');
    else await expect(page).toHaveURL(/\/product-detail\/71$/);

    await page.goto('/wishlist');
    if (javaScriptEnabled) await waitForHydration(page);
    const row = page.getByRole('table', { name: 'Your wish list' }).getByRole('row').filter({ hasText: name });
    await row.getByRole('button', { name: 'Add to Cart' }).click();

    await expect(page).toHaveURL(/\/product-detail\/71\?choose=size#pd-size$/);
    const size = page.locator('#pd-size');
    await expect(size).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#pd-size-asked')).toHaveText('Please choose a size to add this piece to your cart.');
    if (javaScriptEnabled) await expect(size).toBeFocused();
    await size.selectOption({ index: 1 });
    await page.locator('#pd-buy .pd-add').click();
    await expect(page.locator('#pd-cart-result')).toContainText(`Added to your cart: ${name}`);
    await context.close();
  });
}
