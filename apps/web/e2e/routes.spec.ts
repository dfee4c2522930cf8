/**
 * Every route of the specification's route table (spec §2) renders with HTTP 200, inside the common
 * shell, with a 'Milli…' title, hydrates without a console error, and then navigates in the browser.
 * Runs once per project: 375 px (mobile menu) and 1440 px (mega-menu).
 */
import { expect, expectClientNavigation, expectShell, sharedPageTest as test, waitForHydration } from './fixtures.ts';
import { MAY_REQUIRE_LOGIN, REDIRECTS_HOME, ROUTES } from './route-table.ts';

const decodedPath = (url: string) => decodeURIComponent(new URL(url).pathname);

for (const path of ROUTES) {
  test(`route ${decodeURIComponent(path)}`, async ({ page, baseURL }) => {
    const response = await page.goto(path);
    expect(response, 'a document response').not.toBeNull();

    const landed = decodedPath(page.url());
    const wanted = decodedPath(new URL(path, baseURL).toString());
    if (landed !== wanted && REDIRECTS_HOME.has(path)) {
      expect(landed, `${path} without an order of the visitor's own goes home`).toBe('/');
    } else if (landed !== wanted) {
      expect(MAY_REQUIRE_LOGIN.has(path), `${path} was redirected to ${landed}`).toBe(true);
      expect(landed, `${path} may only redirect to the login page`).toBe('/login');
    } else {
      expect(response!.request().redirectedFrom(), `${path} answered without a redirect`).toBeNull();
    }
    expect(response!.status(), `HTTP status of ${path}`).toBe(200);

    expect(await page.title(), 'the title starts with the store name').toMatch(/^Milli\b/);
    const main = (await page.locator('main#main').innerText()).trim();
    expect(main, 'the page has content').not.toBe('');
    expect(main, 'not the 404 screen').not.toContain("Ooops! That page doesn't exist!");
    expect(main, 'not the error screen').not.toContain('Something went wrong on our side');

    await waitForHydration(page);
    await expectShell(page);

    // Hydrated for real: a top-bar link is handled by the router, not by a full page load.
    const topBar = page.locator('header.site-header').getByRole('navigation', { name: 'Account' });
    const [label, target] = landed === '/login' ? ['About', '/about-us'] : ['Login', '/login'];
    await expectClientNavigation(page, () => topBar.getByRole('link', { name: label, exact: true }).click(), target);
    await expect(page).toHaveTitle(/^Milli\b/);
  });
}
