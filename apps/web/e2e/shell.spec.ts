/**
 * What a shopper notices of the shell (spec §2, header and navigation): the header sticks after
 * 110 px of scroll, back-to-top appears after 300 px, the slide-out panel opens from the header with
 * mouse or keyboard and closes with Escape, the mobile menu opens at 375 px and the mega-menu at 1440 px.
 */
import type { Page } from '@playwright/test';
import { expect, expectClientNavigation, isMobile, test, waitForHydration } from './fixtures.ts';

/** Spec §2 (and @milli/contracts STICKY_HEADER_AFTER_PX, BACK_TO_TOP_AFTER_PX). */
const STICKY_AFTER_PX = 110;
const BACK_TO_TOP_AFTER_PX = 300;

async function scrollTo(page: Page, y: number): Promise<void> {
  await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(y);
}

async function openHome(page: Page): Promise<void> {
  await page.goto('/');
  await waitForHydration(page);
}

test('the header sticks to the top after scrolling past 110 px', async ({ page }) => {
  await openHome(page);
  const bar = page.locator('header.site-header .header-bar');
  await expect(bar).not.toHaveClass(/\bis-stuck\b/);
  await expect(bar).toHaveCSS('position', 'relative');

  await scrollTo(page, STICKY_AFTER_PX - 10);
  await expect(bar).not.toHaveClass(/\bis-stuck\b/);

  await scrollTo(page, STICKY_AFTER_PX + 90);
  await expect(bar).toHaveClass(/\bis-stuck\b/);
  await expect(bar).toHaveCSS('position', 'fixed');
  await expect(bar).toBeInViewport();
  // Wait out the drop-in animation, then the bar sits at the very top of the window.
  await expect.poll(async () => Math.round((await bar.boundingBox())?.y ?? -1)).toBe(0);

  await scrollTo(page, 0);
  await expect(bar).not.toHaveClass(/\bis-stuck\b/);
});

test('back-to-top appears after 300 px and takes the visitor back up', async ({ page }) => {
  await openHome(page);
  const button = page.getByRole('button', { name: 'Back to top' });
  await expect(button).toBeHidden();

  await scrollTo(page, BACK_TO_TOP_AFTER_PX - 20);
  await expect(button).toBeHidden();

  // It steps aside while a link or button of the page lies under it (issue 40): find a place where none does.
  const settled = () => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  let y = BACK_TO_TOP_AFTER_PX + 200;
  await scrollTo(page, y);
  await settled();
  while (await page.locator('.back-to-top.is-aside').count()) {
    expect((y += 60), 'somewhere below, back-to-top covers no action').toBeLessThan(BACK_TO_TOP_AFTER_PX + 3000);
    await scrollTo(page, y);
    await settled();
  }
  await expect(button).toBeVisible();
  await expect(button).toBeInViewport();

  await button.click();
  await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5_000 }).toBe(0);
  await expect(button).toBeHidden();
});

test('the slide-out panel opens from the cart icon and closes with Escape', async ({ page }) => {
  await openHome(page);
  const cart = page.locator('header.site-header').getByRole('link', { name: /^Cart, \d+ items?$/ });
  const panel = page.getByRole('dialog', { name: 'Search & cart' });
  await expect(panel).toBeHidden();
  await expect(cart).toHaveAttribute('aria-expanded', 'false');

  await cart.click();
  await expect(panel).toBeVisible();
  await expect(cart).toHaveAttribute('aria-expanded', 'true');
  expect(new URL(page.url()).pathname, 'opening the panel is not a navigation').toBe('/');
  await expect(panel.getByLabel('Search jewellery')).toBeVisible();
  await expect(panel.getByRole('heading', { name: /Your cart/ })).toBeVisible();
  await expect(panel.getByRole('link', { name: 'View Cart' })).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(cart).toHaveAttribute('aria-expanded', 'false');

  // The search icon opens the same panel, and its close button closes it.
  await page.locator('header.site-header').getByRole('link', { name: 'Search', exact: true }).click();
  await expect(panel).toBeVisible();
  await panel.getByRole('button', { name: 'Close search & cart' }).click();
  await expect(panel).toBeHidden();
});

test('the slide-out panel is reachable and usable with the keyboard alone', async ({ page }) => {
  await openHome(page);
  const panel = page.getByRole('dialog', { name: 'Search & cart' });

  // The header's icons are in the tab order: from the search icon, Tab reaches the cart icon. Its label says the
  // count once the visitor's summary has arrived (only 'Cart' before): wait for it, or a slow answer reads as a miss.
  const cartFocused = () => page.evaluate(() => /^Cart, \d+ items?$/.test(document.activeElement?.getAttribute('aria-label') ?? ''));
  await expect(page.locator('header.site-header').getByRole('link', { name: /^Cart, \d+ items?$/ })).toBeVisible();
  await page.locator('header.site-header').getByRole('link', { name: 'Search', exact: true }).focus();
  let presses = 0;
  while (!(await cartFocused())) {
    expect(++presses, 'the cart icon is reachable with Tab').toBeLessThan(5);
    await page.keyboard.press('Tab');
  }

  await page.keyboard.press('Enter');
  await expect(panel).toBeVisible();
  // Focus moved into the modal panel and stays there while tabbing.
  await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('#side-panel'))).toBe(true);
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(() => !!document.activeElement?.closest('#side-panel') || document.activeElement === document.body),
      'focus stays inside the open panel',
    ).toBe(true);
  }

  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  expect(await cartFocused(), 'focus returns to the cart icon').toBe(true);
});

test('the search in the slide-out panel leads to the listing', async ({ page }) => {
  await openHome(page);
  await page.locator('header.site-header').getByRole('link', { name: 'Search', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'Search & cart' });
  await panel.getByLabel('Search jewellery').fill('ring');
  await expectClientNavigation(page, () => page.keyboard.press('Enter'), '/alljewellery');
  expect(new URL(page.url()).searchParams.get('q')).toBe('ring');
  await expect(panel).toBeHidden();
});

test.describe('at 375 px', () => {
  test.beforeEach(({ page }) => {
    test.skip(!isMobile(page), 'the mobile menu is for small screens');
  });

  test('the mobile menu opens from the hamburger, expands a material and closes', async ({ page }) => {
    await openHome(page);
    const toggle = page.getByRole('link', { name: 'Open menu' });
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeHidden();

    await toggle.click();
    await expect(menu).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const nav = menu.getByRole('navigation', { name: 'Mobile' });
    for (const label of ['Home', 'Milli Harvest', 'Shop by Store', 'About']) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole('link', { name: /^Wish List/ })).toBeVisible();
    await expect(nav.getByRole('link', { name: /^Cart/ })).toBeVisible();
    for (const label of ['Gold', 'Platinum', 'Diamond', 'Silver', 'Gifting']) {
      await expect(nav.getByText(label, { exact: true })).toBeVisible();
    }

    // Gold expands to its categories.
    const rings = nav.getByRole('link', { name: 'Rings', exact: true }).first();
    await expect(rings).toBeHidden();
    await nav.getByText('Gold', { exact: true }).click();
    await expect(rings).toBeVisible();
    for (const label of ['Earrings', 'Bracelets', 'Pendants', 'Necklaces', 'Daily Wears']) {
      await expect(nav.getByRole('link', { name: label, exact: true }).first()).toBeVisible();
    }

    await menu.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    // Escape closes it too, and following a link closes it on the way.
    await toggle.click();
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    await toggle.click();
    await expectClientNavigation(page, () => nav.getByRole('link', { name: 'About', exact: true }).click(), '/about-us');
    await expect(menu).toBeHidden();
  });
});

test.describe('at 1440 px', () => {
  test.beforeEach(({ page }) => {
    test.skip(isMobile(page), 'the mega-menu is for wide screens');
  });

  test('a material opens its mega-menu, Escape closes it, and its links navigate', async ({ page }) => {
    await openHome(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    const gold = nav.getByRole('button', { name: 'Gold', exact: true });
    const panel = page.locator('#mega-gold');
    await expect(panel).toBeHidden();

    await gold.click();
    await expect(gold).toHaveAttribute('aria-expanded', 'true');
    await expect(panel).toBeVisible();
    // The first category is chosen: its Shop by Style, Metal & Stone and price columns and the promo.
    await expect(panel.locator('.mega-heading').filter({ visible: true })).toHaveText(['Shop by Style', 'Shop by Metal & Stone', 'Shop by price']);
    await expect(panel.getByRole('link', { name: /Design your own piece/ }).filter({ visible: true })).toHaveCount(1);
    // Pointing at another category shows that category's panels.
    const second = panel.locator('.mega-cat').nth(1);
    await second.hover();
    await expect(second).toHaveClass(/\bis-active\b/);
    await expect(second.locator('.mega-detail')).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(gold).toHaveAttribute('aria-expanded', 'false');
    await expect(panel).toBeHidden();

    const gifting = nav.getByRole('button', { name: 'Gifting', exact: true });
    await gifting.click();
    const giftPanel = page.locator('#mega-gifting');
    await expect(giftPanel).toBeVisible();
    for (const label of ['Birthday Gifts', 'Anniversary Gifts', 'Self Gifts', 'Personalized Gifts']) {
      await expect(giftPanel.getByText(label, { exact: true })).toBeVisible();
    }
    await expectClientNavigation(page, () => giftPanel.getByRole('link', { name: /Birthday Gifts/ }).click(), /^\/alljewellery/);
    await expect(giftPanel).toBeHidden();
  });
});
