/**
 * Issue 40: the storefront by keyboard alone. A shopper goes home → search → product → size → cart → checkout
 * pressing Tab, Enter and arrow keys, and the presses are counted: the cart is reached in under 40 from the top of
 * the page (1,009 when every collapsed mega-menu link was in the Tab order). The mega-menus follow the disclosure
 * pattern, and a closed panel has no links at all; the listing's DOM stays under 600 elements.
 */
import type { Page } from '@playwright/test';
import { expect, isMobile, logInNewShopper, test, waitForHydration } from './fixtures.ts';

/** What has focus, as a person would name it. */
function focused(page: Page): Promise<{ tag: string; name: string; href: string | null; id: string }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName ?? '',
      name: (el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim(),
      href: el?.getAttribute('href') ?? null,
      id: el?.id ?? '',
    };
  });
}

/** Presses Tab until `wanted` holds of the focused element; returns how many presses it took (fails past `limit`). */
async function tabUntil(page: Page, wanted: (f: Awaited<ReturnType<typeof focused>>) => boolean, what: string, limit = 80): Promise<number> {
  for (let presses = 1; presses <= limit; presses++) {
    await page.keyboard.press('Tab');
    if (wanted(await focused(page))) return presses;
  }
  throw new Error(`${what} was not reached in ${limit} Tab presses`);
}

test('a keyboard-only journey: home, search, a ring, its size, the cart and the checkout', async ({ page }, testInfo) => {
  await logInNewShopper(page, testInfo, 'keys');
  await page.goto('/');
  await waitForHydration(page);
  await expect(page.locator('header.site-header')).toHaveAttribute('data-personal', 'known');

  // From the top of the page to the cart icon.
  const toCart = await tabUntil(page, (f) => /^Cart, \d+ items?$/.test(f.name), 'the cart icon');
  expect(toCart, 'Tab presses from the top of the page to the cart icon').toBeLessThan(40);
  testInfo.annotations.push({ type: 'tabs to the cart', description: String(toCart) });

  // Enter on the search icon puts focus in the search field, ready for typing.
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  expect((await focused(page)).name).toBe('Search');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Search jewellery')).toBeFocused();
  await page.keyboard.type('signet ring');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/alljewellery\?q=signet/);
  await expect(page.getByRole('heading', { name: /Results for ‘signet ring’/ })).toBeVisible();

  // The first result, by Tab from the top.
  await page.locator('#top').focus();
  const toPiece = await tabUntil(page, (f) => f.href?.startsWith('/product-detail/') === true, 'the first piece');
  expect(toPiece, 'Tab presses from the top of the results to the first piece').toBeLessThan(40);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/product-detail\/\d+/);
  await waitForHydration(page);

  // The ring's size: reached by Tab, chosen with the arrow keys.
  await page.locator('#top').focus();
  const toSize = await tabUntil(page, (f) => f.id === 'pd-size', 'the size field');
  expect(toSize).toBeLessThan(60);
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('#pd-size')).not.toHaveValue('');

  // Add to Cart, and focus moves to what it said.
  await tabUntil(page, (f) => f.name === 'Add to Cart', 'Add to Cart', 10);
  await page.keyboard.press('Enter');
  const message = page.locator('#pd-cart-result');
  await expect(message).toHaveClass(/alert-success/);
  await expect(message).toBeFocused();

  // The message's View cart link, then the cart's checkout.
  await tabUntil(page, (f) => f.name === 'View cart', 'View cart', 3);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/cart$/);
  await waitForHydration(page);
  await page.locator('#top').focus();
  const toCheckout = await tabUntil(page, (f) => f.href === '/checkout' && !/^Cart/.test(f.name), 'the checkout link', 120);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/checkout$/);
  testInfo.annotations.push({ type: 'tabs from the cart page to its checkout', description: String(toCheckout) });
});

test('a mega-menu opens with Enter or an arrow key, closes with Escape, and has no links while closed', async ({ page }) => {
  test.skip(isMobile(page), 'the mega-menus are for wide screens');
  await page.goto('/');
  await waitForHydration(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  const gold = nav.getByRole('button', { name: 'Gold', exact: true });
  const panel = page.locator('#mega-gold');
  await expect(panel.locator('a')).toHaveCount(0);

  // Focus alone does not open it.
  await gold.focus();
  await expect(gold).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Enter');
  await expect(gold).toHaveAttribute('aria-expanded', 'true');
  await expect(panel.getByRole('link').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(gold).toHaveAttribute('aria-expanded', 'false');
  await expect(gold).toBeFocused();
  await expect(panel.locator('a')).toHaveCount(0);

  // ArrowDown opens it and moves into it; Escape from inside returns focus to the button.
  await page.keyboard.press('ArrowDown');
  await expect(gold).toHaveAttribute('aria-expanded', 'true');
  await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('#mega-gold'))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(gold).toBeFocused();
  await expect(panel).toBeHidden();

  // Tab past the closed menus: one press each.
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('button', { name: 'Diamond', exact: true })).toBeFocused();
});

test('without JavaScript the menus are links to real pages', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const gold = nav.getByRole('link', { name: 'Gold', exact: true });
  await gold.click();
  await expect(page).toHaveURL(/\/alljewellery\/productfilter\//);
  expect(decodeURIComponent(new URL(page.url()).pathname)).toContain('"material":"Gold"');
  await expect(page.locator('.product-grid > li').first()).toBeVisible();
  // The header's search icon leads to the listing's search field; the menu icon to the footer's navigation.
  expect(await page.locator('header.site-header').getByRole('link', { name: 'Search', exact: true }).getAttribute('href')).toBe('/alljewellery#listing-q');
  // (The menu icon is for narrow screens: hidden here, read by its class.)
  expect(await page.locator('header.site-header a.hamburger').getAttribute('href')).toBe('#footer-shop');
  await expect(page.locator('#footer-gifting')).toBeAttached();
  await context.close();
});

/**
 * 1,052 elements before issue 40, 675 at 1440 px after decision 055. Under 600 on a phone and on a wide screen, where
 * the filters sit beside the grid (decision 064: the hearts' fields in their forms' addresses, one path per icon, a
 * price without a sale one element): 477 and 588 when measured.
 */
test('the listing’s DOM is small: under 600 elements at every width', async ({ page }) => {
  await page.goto('/alljewellery');
  await waitForHydration(page);
  const elements = await page.evaluate(() => document.querySelectorAll('*').length);
  expect(elements, `elements on the listing at ${page.viewportSize()?.width} px`).toBeLessThan(600);
});
