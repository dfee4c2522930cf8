/**
 * Unknown paths and /error show the 404 screen (spec §2: "Ooops! That page doesn't exist!", Back to Home),
 * inside the shell, answered with HTTP 404, and Back to Home leads home in the browser.
 */
import { expect, expectClientNavigation, expectShell, sharedPageTest as test, waitForHydration } from './fixtures.ts';

const NOT_FOUND = ['/no-such-page', '/no/such/nested/page', '/alljewellery/productfilter/not-json', '/product-detail/999999999', '/error'];

for (const path of NOT_FOUND) {
  test(`404 screen for ${path}`, async ({ page, baseURL, consoleGuard }) => {
    // Chromium reports the document's own 404 on the console; that one (only) is the point of this test.
    const self = new URL(path, baseURL).href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    consoleGuard.allow(new RegExp(`^Failed to load resource: the server responded with a status of 404 .* @ ${self}$`));

    const response = await page.goto(path);
    expect(response!.status(), `HTTP status of ${path}`).toBe(404);
    expect(new URL(page.url()).pathname, 'no redirect').toBe(path);

    await expect(page).toHaveTitle(/^Milli\b/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText("Ooops! That page doesn't exist!");
    const home = page.locator('main').getByRole('link', { name: 'Back to Home' });
    await expect(home).toBeVisible();

    await waitForHydration(page);
    await expectShell(page);
    await expectClientNavigation(page, () => home.click(), '/');
    await expect(page.getByText("Ooops! That page doesn't exist!")).toHaveCount(0);
  });
}
