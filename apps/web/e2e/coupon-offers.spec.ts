/**
 * Issue 40: the cart's "View offers" lists the coupons this shopper can use now (the demo store's WELCOME10 and
 * FLAT500; never the expired DIWALI15), and one tap applies one, with or without JavaScript.
 */
import { expect, test, waitForHydration } from './fixtures.ts';

/** A bracelet of the demo store: no size to choose, over Rs. 10,000. */
const BRACELET = '/product-detail/10';

for (const javaScriptEnabled of [true, false]) {
  test(`the cart offers the coupons a shopper can use and applies one with a tap (${javaScriptEnabled ? 'with' : 'without'} JavaScript)`, async ({
    browser,
  }, testInfo) => {
    const context = await browser.newContext({ javaScriptEnabled, viewport: testInfo.project.use.viewport ?? null, baseURL: process.env.MILLI_E2E_URL });
    const page = await context.newPage();
    await page.goto(BRACELET);
    if (javaScriptEnabled) await waitForHydration(page);
    await page.locator('#pd-buy .pd-add').click();
    await expect(page.locator('#pd-cart-result')).toContainText('Added to your cart');

    await page.goto('/cart');
    if (javaScriptEnabled) await waitForHydration(page);
    const offers = page.locator('.coupon-offers');
    await offers.getByText(/^View offers \(\d+\)$/).click();
    await expect(offers.getByText('WELCOME10', { exact: true })).toBeVisible();
    await expect(offers.getByText('FLAT500', { exact: true })).toBeVisible();
    await expect(offers.getByText('DIWALI15')).toHaveCount(0);
    await expect(offers.locator('.coupon-offer', { hasText: 'FLAT500' })).toContainText('You save Rs. 500.00.');

    await offers.getByRole('button', { name: 'Apply FLAT500' }).click();
    await expect(page.getByText('FLAT500', { exact: true }).first()).toBeVisible();
    await expect(page.locator('.coupon-applied')).toContainText('FLAT500 is applied.');
    await context.close();
  });
}
