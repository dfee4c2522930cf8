/**
 * The listing's filters on a phone (DECISIONS §7 rough edges): in a drawer the Filters button opens, not
 * under the whole grid, and a sort select that fits the screen. Desktop keeps the sidebar beside the grid.
 */
import { expect, isMobile, test, waitForHydration } from './fixtures.ts';

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
    const grid = await page.locator('.product-grid').boundingBox();
    const side = await sidebar.boundingBox();
    expect(side!.x + side!.width, 'the sidebar sits beside the grid, to its left').toBeLessThanOrEqual(grid!.x);
    await expect(page.getByRole('button', { name: 'Filters', exact: true })).toHaveCount(0);
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

  // A filter chosen in the drawer shows its results: the drawer closes on the new address.
  await open.click();
  await drawer
    .getByRole('link', { name: /^Gold\b/ })
    .first()
    .click();
  await expect(page).toHaveURL(/productfilter/);
  await expect(drawer).toBeHidden();
});
