/**
 * Issue 40: the product page's first screen on a phone (375 × 812) sells: the piece's name, its price and an Add to
 * Cart button are all within it (a slim breadcrumb strip instead of the 175 px banner, and the Add to Cart bar while
 * the buy box's own button is out of sight). The bar is a real button of the buy box's form; back-to-top never sits
 * on the pincode's Check button.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, isMobile, test, waitForHydration } from './fixtures.ts';

const FIRST_SCREEN = 812;
/** A ring of the demo store: it needs a size. */
const RING = '/product-detail/71';

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, 'the element has a box on screen').not.toBeNull();
  return found!;
}

async function scrollTo(page: Page, y: number): Promise<void> {
  await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
}

test.describe('at 375 px', () => {
  test.beforeEach(({ page }) => {
    test.skip(!isMobile(page), 'the first screen of a phone');
  });

  test('the name, the price and Add to Cart are on the first screen', async ({ page }, testInfo) => {
    await page.goto(RING);
    await waitForHydration(page);
    const name = page.locator('.pd-name');
    const price = page.locator('.pd-price');
    const bar = page.locator('.pd-sticky');
    const add = bar.getByRole('button', { name: 'Add to Cart' });
    await expect(bar).toHaveAttribute('data-state', 'shown');
    for (const [what, locator] of [
      ['name', name],
      ['price', price.locator('output')],
      ['Add to Cart', add],
    ] as const) {
      const b = await box(locator);
      expect(b.y, `${what} starts on the first screen`).toBeGreaterThanOrEqual(0);
      expect(b.y + b.height, `${what} ends within ${FIRST_SCREEN} px`).toBeLessThanOrEqual(FIRST_SCREEN);
    }
    // The name is not under the bar; the bar repeats the price beside its button.
    expect((await box(name)).y + (await box(name)).height).toBeLessThanOrEqual((await box(bar)).y);
    await expect(bar.locator('.pd-sticky-price')).toHaveText(/^Rs\. [\d,]+\.\d\d$/);
    // The banner is a slim strip.
    expect((await box(page.locator('.page-banner'))).height).toBeLessThan(60);
    await page.screenshot({ path: testInfo.outputPath('product-375.png') });
  });

  test('the bar hides while the buy box’s own button is in sight, and comes back past it', async ({ page }) => {
    await page.goto(RING);
    await waitForHydration(page);
    const bar = page.locator('.pd-sticky');
    const own = page.locator('#pd-buy .pd-add');
    await own.scrollIntoViewIfNeeded();
    await expect(bar).toHaveAttribute('data-state', 'hidden');
    await expect(bar.getByRole('button', { name: 'Add to Cart' })).toBeHidden();
    await scrollTo(page, (await page.evaluate(() => document.body.scrollHeight)) - 900);
    await expect(bar).toHaveAttribute('data-state', 'shown');
    await expect(bar.getByRole('button', { name: 'Add to Cart' })).toBeInViewport();
  });

  test('the bar’s button adds the piece with the buy box’s choices, and asks for a size first', async ({ page, consoleGuard }) => {
    // The refusal without a size is the page's 400 answer.
    consoleGuard.allow(/status of 400/);
    await page.goto(RING);
    await waitForHydration(page);
    const bar = page.locator('.pd-sticky');
    await bar.getByRole('button', { name: 'Add to Cart' }).click();
    const message = page.locator('#pd-cart-result');
    await expect(message).toHaveText(/ring size/i);
    await expect(message).toBeFocused();
    await expect(page.locator('#pd-size')).toHaveAttribute('aria-invalid', 'true');

    await page.locator('#pd-size').selectOption({ index: 1 });
    await scrollTo(page, 0);
    await expect(bar).toHaveAttribute('data-state', 'shown');
    await bar.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(message).toHaveClass(/alert-success/);
    await expect(page.locator('header.site-header').getByRole('link', { name: /^Cart, 1 item$/ })).toBeVisible();
  });

  test('without JavaScript the bar is a real button of the buy box’s form', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL, viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    await page.goto(RING);
    const add = page.locator('.pd-sticky').getByRole('button', { name: 'Add to Cart' });
    await expect(add).toBeInViewport();
    expect(await add.getAttribute('form')).toBe('pd-buy');
    await add.click();
    await expect(page.locator('#pd-cart-result')).toHaveText(/ring size/i);
    await context.close();
  });

  test('back-to-top never covers the pincode’s Check button', async ({ page }) => {
    await page.goto(RING);
    await waitForHydration(page);
    const check = page.getByRole('button', { name: 'Check', exact: true });
    // Located by its class: while it steps aside it is hidden, out of the accessibility tree.
    const toTop = page.locator('.back-to-top');
    // Walk the page down in small steps: wherever Check passes under the button's place, the button is not there.
    const start = (await page.evaluate(() => window.scrollY)) + 400;
    for (let y = start; y < start + 1600; y += 40) {
      await scrollTo(page, y);
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      const a = await check.boundingBox();
      const b = await toTop.boundingBox();
      if (!a || !b || !(await toTop.isVisible())) continue;
      const overlaps = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
      expect(overlaps, `back-to-top over Check at scroll ${y}`).toBe(false);
    }
  });
});
