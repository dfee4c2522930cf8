/**
 * axe-core on every route of the spec's route table (issue 7), at 375 and 1440 px, as a guest and, for
 * the pages that are only a customer's, logged in: no serious or critical violation of WCAG 2.1 A/AA.
 * At 375 px the same visit also checks that the page does not scroll sideways (issue 40): nothing on it is wider than
 * the phone, or a failure names the page and what sticks out. Each test prints what it checked, so a passing run
 * still says how much was looked at.
 */
import type { Page } from '@playwright/test';
import { axeCheck, expect, isMobile, logInNewShopper, sharedPageTest, sidewaysOverflow, test, waitForHydration } from './fixtures.ts';
import { addToCart, pieces } from './shop.ts';
import { MAY_REQUIRE_LOGIN, ROUTES } from './route-table.ts';

async function serious(page: Page, path: string): Promise<string[]> {
  const { results, serious: bad } = await axeCheck(page);
  console.log(`axe ${path}: ${results.passes.length} rules passed, ${results.violations.length - bad.length} minor, ${bad.length} serious or critical`);
  return bad.map(
    (v) =>
      `${path}: ${v.id} (${v.impact}): ${v.help}\n    ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 5)
        .join('\n    ')}`,
  );
}

// Guests only look: one page per worker (a fresh context per visit costs a renderer process each time). A customer's
// page that sends a guest to /login is checked logged in (below); as a guest it is /login again, checked on its own
// (routes.spec.ts checks that only those pages redirect, and only there), so axe does not run on it a second time.
sharedPageTest.describe('as a guest', () => {
  for (const path of ROUTES) {
    sharedPageTest(`axe ${decodeURIComponent(path)}`, async ({ page }) => {
      await page.goto(path);
      const landed = new URL(page.url()).pathname;
      sharedPageTest.skip(MAY_REQUIRE_LOGIN.has(path) && landed === '/login', 'a guest is sent to /login, checked on its own');
      await waitForHydration(page);
      // Soft, so axe still runs and a page with both problems shows both.
      if (isMobile(page)) expect.soft(await sidewaysOverflow(page, decodeURIComponent(path))).toBeNull();
      expect(await serious(page, decodeURIComponent(path))).toEqual([]);
    });
  }
});

test.describe('as a customer', () => {
  test('the customer-only pages', async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    await logInNewShopper(page, testInfo, 'axe');
    // A piece in the cart, so /checkout shows its form and the order's lines rather than an empty cart.
    await addToCart(page, (await pieces(page.request))[0]!.product_id);

    const problems: string[] = [];
    for (const path of ROUTES.filter((p) => MAY_REQUIRE_LOGIN.has(p))) {
      await page.goto(path);
      await waitForHydration(page);
      expect(new URL(page.url()).pathname, `${path} is open to a logged-in customer`).not.toBe('/login');
      if (isMobile(page)) problems.push(...[await sidewaysOverflow(page, `${path} (logged in)`)].filter((p) => p !== null));
      problems.push(...(await serious(page, `${path} (logged in)`)));
    }
    expect(problems).toEqual([]);
  });
});
