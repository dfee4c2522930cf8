/**
 * The small untruths and rough edges of DECISIONS §7 as a shopper or a trade partner meets them: the
 * account pages that must not show to the wrong visitor, the thank-you page without an order, the login
 * alert when the network fails, sign-up's own field message first, and the trade enquiry's links.
 */
import { expect, logInNewShopper, test, waitForHydration } from './fixtures.ts';

test('a logged-in customer who opens /register is sent to their account', async ({ page }, testInfo) => {
  await logInNewShopper(page, testInfo, 'reg');
  await page.goto('/register');
  await expect(page).toHaveURL((url) => url.pathname === '/account');
});

test('the short trade enquiry is linked from the footer and from the full application', async ({ page }) => {
  await page.goto('/');
  await page.locator('footer.site-footer').getByRole('link', { name: 'Trade Enquiry' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/manufacturer');
  await page.goto('/new-manufacturer');
  await waitForHydration(page);
  await page.getByRole('link', { name: 'Send a short enquiry' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/manufacturer');
  await expect(page.getByLabel('Middle name')).not.toHaveAttribute('required');
});
