/**
 * The listing's filters on a phone (DECISIONS §7 rough edges): in a drawer the Filters button opens, not
 * under the whole grid, and a sort select that fits the screen. Desktop keeps the sidebar beside the grid.
 */
import { expect, isMobile, test, waitForHydration } from './fixtures.ts';

/** The productfilter JSON of a listing's address, a group's values sorted (the form sends them in the panel's order). */
function chosenIn(url: string): Record<string, unknown> {
  const json = JSON.parse(decodeURIComponent(new URL(url).pathname.split('/').pop()!)) as Record<string, unknown>;
  for (const [key, value] of Object.entries(json)) if (Array.isArray(value)) json[key] = [...(value as string[])].sort();
  return json;
}

test('filters: a drawer on a phone (focus in, Escape out, focus back), the sidebar on a desktop', async ({ page }) => {
  await page.goto('/alljewellery');
  await waitForHydration(page);
  const sidebar = page.getByRole('complementary', { name: 'Search and filters' });
  const sort = page.getByLabel('Sort by');

  // The sort select is whole on screen at every width.
  const box = await sort.boundingBox();
  const width = page.viewportSize()!.width;
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);

  if (!isMobile(page)) {
    await expect(sidebar).toBeVisible();
    if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/filters-sidebar-1440.png`, fullPage: true });
    const grid = await page.locator('.product-grid').boundingBox();
    const side = await sidebar.boundingBox();
    expect(side!.x + side!.width, 'the sidebar sits beside the grid, to its left').toBeLessThanOrEqual(grid!.x);
    await expect(page.getByRole('button', { name: 'Filters', exact: true })).toHaveCount(0);
    // Beside the grid a tick applies at once, and a second value of the group joins the first (issue 40).
    await sidebar
      .getByRole('checkbox', { name: /^Gold\b/ })
      .first()
      .check();
    await expect(page).toHaveURL(/productfilter/);
    await sidebar
      .getByRole('checkbox', { name: /^Silver\b/ })
      .first()
      .check();
    await expect.poll(() => chosenIn(page.url()).material).toEqual(['Gold', 'Silver']);
    await expect(sidebar.getByRole('checkbox', { name: /^Gold\b/ }).first()).toBeChecked();
    return;
  }

  await expect(sidebar).toHaveCount(0);
  const open = page.getByRole('button', { name: 'Filters', exact: true });
  await expect(open).toHaveAttribute('aria-expanded', 'false');
  await open.click();
  const drawer = page.getByRole('dialog', { name: 'Filters' });
  await expect(drawer).toBeVisible();
  await expect(open).toHaveAttribute('aria-expanded', 'true');
  // Focus moved into the drawer (the dialog or the first thing in it), away from the page behind.
  await expect.poll(() => page.evaluate(() => !!document.getElementById('listing-filters-drawer')?.contains(document.activeElement))).toBe(true);
  await expect(drawer.getByText('Material', { exact: true }).first()).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(open).toBeFocused();

  // Several values, then Apply (issue 40): the drawer stays open while two categories and a metal are ticked, says how
  // many are chosen, and Apply shows them in one navigation, closing on the new address.
  await open.click();
  await drawer.getByRole('checkbox', { name: /^Rings\b/ }).check();
  await drawer.getByRole('checkbox', { name: /^Earrings\b/ }).check();
  await drawer
    .getByRole('checkbox', { name: /^Gold\b/ })
    .first()
    .check();
  await expect(drawer).toBeVisible();
  await expect(page).toHaveURL(/\/alljewellery$/);
  const apply = drawer.getByRole('button', { name: 'Apply (3 chosen)' });
  await expect(apply).toBeVisible();
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/filters-drawer-375.png` });
  await apply.click();
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(/productfilter/);
  expect(chosenIn(page.url())).toEqual({ material: 'Gold', category: ['Earrings', 'Fingerring'] });
  await expect(page.getByRole('heading', { name: /^Gold (Rings and Earrings|Earrings and Rings)$/, level: 2 })).toBeVisible();
  const chips = page.getByRole('region', { name: 'Chosen filters' });
  await expect(chips.getByRole('link', { name: /^Remove / })).toHaveCount(3);
  await expect(page.getByRole('status').filter({ hasText: /results/ })).toHaveText(/\d+ results$/);
  // Every card is a gold ring or earring.
  const names = await page.locator('.product-grid .product-card-name').allTextContents();
  expect(names.length).toBeGreaterThan(0);

  // Clear leaves every group's values (and Apply's count with them).
  await open.click();
  await expect(drawer.getByRole('button', { name: 'Apply (3 chosen)' })).toBeVisible();
  await drawer.getByRole('link', { name: 'Clear', exact: true }).click();
  await expect(page).toHaveURL(/\/alljewellery$/);
  await expect(chips).toHaveCount(0);
});

test('filters without JavaScript: several values ticked, Apply, and the listing answers at their one address', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: process.env.MILLI_E2E_URL });
  const page = await context.newPage();
  await page.goto('/alljewellery');
  // Without JavaScript the server's wide layout: the panel beside the grid (a phone reaches it by the Filters link).
  const panel = page.getByRole('complementary', { name: 'Search and filters' });
  await panel.getByRole('checkbox', { name: /^Rings\b/ }).check();
  await panel.getByRole('checkbox', { name: /^Earrings\b/ }).check();
  // A price band: the first offered after 'Any price'.
  await panel.getByRole('radio').nth(1).check();
  await panel.getByRole('button', { name: /^Apply/ }).click();
  await expect(page).toHaveURL(/productfilter/);
  const chosen = chosenIn(page.url());
  expect(chosen.category).toEqual(['Earrings', 'Fingerring']);
  expect(typeof chosen.minPrice).toBe('number');
  await expect(page.getByRole('region', { name: 'Chosen filters' }).getByRole('link', { name: /^Remove / })).toHaveCount(3);
  await expect(panel.getByRole('checkbox', { name: /^Rings\b/ })).toBeChecked();
  await context.close();
});
