/**
 * The search as a shopper meets it (decision 026): a Hindi word finds rings, the filter panel counts what each
 * value would give and hides what would give none, a search that finds nothing offers "Did you mean", and the
 * header's suggestions do the same as she types; a material named is listed first, and kundan chokers are found.
 */
import { chooseFilter, expect, listingFilters, test, waitForHydration } from './fixtures.ts';

test('a Hindi word finds rings, and the filter panel counts each value for it', async ({ page }) => {
  await page.goto(`/alljewellery?q=${encodeURIComponent('अंगूठी')}&material=Gold`);
  await waitForHydration(page);
  const status = page.getByRole('status').filter({ hasText: /results/ });
  const total = Number(/of (\d+) results/.exec((await status.textContent()) ?? '')?.[1]);
  expect(total).toBeGreaterThan(0);
  await expect(page.locator('.product-grid .product-card').first()).toContainText(/ring|band/i);
  // Category counts add up to what the page lists: each piece has one category.
  const filters = await listingFilters(page);
  const categories = filters.locator('#filter-category').locator('xpath=..').locator('.filter-option');
  const counts = (await categories.allTextContents()).map((t) => Number(/\((\d+)/.exec(t)?.[1] ?? 0));
  expect(counts.reduce((a, b) => a + b, 0)).toBe(total);
  // A category with no gold rings is not offered.
  await expect(filters.getByRole('checkbox', { name: /^Bangles/ })).toHaveCount(0);
  // Choosing a count's value lists that many.
  const rings = filters.locator('.filter-option').filter({ hasText: /^Rings \((\d+)/ });
  const want = Number(/\((\d+)/.exec((await rings.textContent()) ?? '')?.[1]);
  await chooseFilter(page, /^Rings \(\d+/);
  await expect(page).toHaveURL(/Fingerring/);
  await expect(status).toContainText(new RegExp(`of ${want} results|^${want} results`));
});

test('a search that finds nothing offers "Did you mean", which finds pieces', async ({ page }) => {
  await page.goto('/alljewellery?q=kundan%20mangalsutra');
  await waitForHydration(page);
  await expect(page.getByText('No products match')).toBeVisible();
  const suggestion = page.locator('.did-you-mean').getByRole('link', { name: '“kundan”' });
  await expect(suggestion).toBeVisible();
  await suggestion.click();
  await expect(page).toHaveURL(/q=kundan(&|$)/);
  await expect(page.locator('.product-grid .product-card').first()).toBeVisible();
});

test('the header suggests pieces for a typo, and "Did you mean" when the words find nothing', async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  await page.locator('header.site-header').getByRole('link', { name: 'Search', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'Search & cart' });
  const box = panel.getByLabel('Search jewellery');
  await box.fill('neckalce');
  await expect(panel.getByRole('option').first()).toContainText(/necklace|haar/i);
  await box.fill('kundan mangalsutra');
  await expect(panel.getByText('Did you mean')).toBeVisible();
  await expect(panel.getByRole('option').first()).toContainText(/kundan/i);
});

test("'kundan choker' finds the kundan chokers, and 'gold rign' lists Gold rings before the Diamond range's (issue 38)", async ({ page }) => {
  await page.goto('/alljewellery?q=kundan%20choker');
  await waitForHydration(page);
  const names = page.locator('.product-grid .product-card-name');
  await expect(names.first()).toBeVisible();
  expect(await names.count()).toBeGreaterThanOrEqual(3);
  for (const name of await names.allTextContents()) expect(name).toMatch(/Kundan Choker/);

  await page.goto('/alljewellery?q=gold%20rign');
  await waitForHydration(page);
  await expect(names.first()).toBeVisible();
  // The Diamond range's names say 'Diamond', and its pieces are set in gold: none comes first.
  await expect(names.first()).not.toContainText(/Diamond|Solitaire/);
});

test('a search’s heading names it with its count, and a corrected one says what it shows (issue 40)', async ({ page }) => {
  await page.goto('/alljewellery?q=neckalce');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for ‘necklace’');
  const note = page.locator('.page-banner-note');
  await expect(note).toContainText('Showing results for necklace, not neckalce');
  const count = Number(/^(\d+) pieces?/.exec((await note.textContent()) ?? '')?.[1]);
  expect(count).toBeGreaterThan(0);
  await expect(page.locator('.listing-count')).toContainText(`of ${count} results`);

  await page.goto('/alljewellery?q=necklace');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for ‘necklace’');
  await expect(page.locator('.page-banner-note')).toHaveText(`${count} pieces`);
});
