/**
 * Decision 024: what the screens claim is true. Every gifting link of the header lands on pieces; the sale
 * tiles show a real offer (before, now, percentage off) and the Bracelet and Silver Bracelet tabs show
 * pieces of their own; the product page's stars and count are its reviews, which it lists.
 */
import type { ProductPage } from '@milli/contracts';
import { expect, isMobile, test, waitForHydration } from './fixtures.ts';

test('every gifting link of the header lands on a page of pieces', async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  let hrefs: string[];
  if (isMobile(page)) {
    await page.getByRole('link', { name: 'Open menu' }).click();
    const nav = page.getByRole('dialog', { name: 'Menu' }).getByRole('navigation', { name: 'Mobile' });
    await nav.getByText('Gifting', { exact: true }).click();
    const links = nav.locator('.mm-group', { hasText: 'Gifting' }).getByRole('link');
    await expect(links).toHaveText(['Birthday', 'Wedding', 'Anniversary', 'Self', 'Personalized']);
    hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  } else {
    await page.getByRole('navigation').getByRole('button', { name: 'Gifting', exact: true }).click();
    const panel = page.locator('#mega-gifting');
    await expect(panel).toBeVisible();
    const links = panel.getByRole('link');
    await expect(links).toHaveCount(9);
    hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  }
  for (const href of hrefs) {
    expect(decodeURIComponent(href), 'a collection, not a search').not.toContain('"q"');
    await page.goto(href);
    await expect(page.locator('.product-grid .product-card').first(), href).toBeVisible();
    await expect(page.getByText(/^Showing 1 to \d+ of \d+ results$/), href).toBeVisible();
  }
});

test('the sale shows the price before, the price now and the percentage off; its bracelet tabs hold different pieces', async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  const section = page.locator('section.on-sale');
  await section.scrollIntoViewIfNeeded();
  // Issue 38: the strip says what the running sale takes off (the making charges), not "50 % Discount".
  await expect(section.locator('.section-eyebrow')).toHaveText('50 % off making charges');
  const panel = section.getByRole('tabpanel');
  const tile = panel.locator('.sale-card').first();
  await expect(tile.locator('.offer-before')).toHaveText(/^was Rs\. [\d,]+\.\d\d$/);
  await expect(tile.locator('.offer-off')).toHaveText(/^\d+ % off$/);
  const now = (await tile.locator('.offer-now').textContent())!;
  const before = (await tile.locator('.offer-before').textContent())!.replace('was ', '');
  expect(paise(before)).toBeGreaterThan(paise(now));

  const names = async (tab: string) => {
    await section.getByRole('tab', { name: tab, exact: true }).click();
    await expect(section.getByRole('tab', { name: tab, exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(panel.locator('.sale-card').first()).toBeVisible();
    return panel.locator('.sale-card-name').allTextContents();
  };
  const bracelets = await names('Bracelet');
  const silver = await names('Silver Bracelet');
  expect(bracelets.length).toBeGreaterThan(0);
  expect(silver.length).toBeGreaterThan(0);
  expect(bracelets.filter((n) => silver.includes(n))).toEqual([]);

  // The tile's piece shows the same offer on its page.
  await section.getByRole('tab', { name: 'Pendant', exact: true }).click();
  const first = panel.locator('.sale-card').first();
  const tileNow = (await first.locator('.offer-now').textContent())!;
  const tileOff = (await first.locator('.offer-off').textContent())!;
  await first.locator('.sale-card-link').click();
  await expect(page).toHaveURL(/\/product-detail\/\d+$/);
  await expect(page.getByLabel('Price', { exact: true })).toHaveText(tileNow);
  await expect(page.locator('.pd-price .offer-off')).toHaveText(tileOff);
  await expect(page.locator('.pd-sale-note')).toContainText('50 % off the making charges');
});

test('the product page shows its reviews, and the stars and count are theirs', async ({ page, request }) => {
  const best = ((await (await request.get('/api/product/productList?sort=4')).json()) as ProductPage).data[0]!;
  const reviews = await (await request.get(`/api/product/${best.product_id}/reviews`)).json();
  expect(reviews.totalResults).toBeGreaterThan(0);
  await page.goto(`/product-detail/${best.product_id}`);
  await waitForHydration(page);
  await expect(page.locator('.pd-rating')).toContainText(`${reviews.totalResults} Review`);
  const section = page.locator('#reviews');
  await expect(section.getByRole('heading', { name: 'Reviews' })).toBeVisible();
  await expect(section.locator('.pd-review')).toHaveCount(reviews.data.length);
  await expect(section.locator('.pd-review-title').first()).toHaveText(reviews.data[0].title);
  // Signed with a first name and an initial, never an e-mail.
  await expect(section.locator('.pd-review-by').first()).toHaveText(/^[A-Z][a-z]+( [A-Z]\.)?, \d{1,2} [A-Z][a-z]+ \d{4}$/);
  await expect(section).not.toContainText('@');

  // A piece nobody reviewed says so: '0 Reviews'.
  const rated = (await (await request.get('/api/product/productList?sort=4')).json()) as ProductPage;
  const last = ((await (await request.get(`/api/product/productList?sort=4&page=${rated.totalPages}`)).json()) as ProductPage).data.at(-1)!;
  expect(last.product_rating).toBe(0);
  await page.goto(`/product-detail/${last.product_id}`);
  await expect(page.locator('.pd-rating')).toContainText('0 Reviews');
  await expect(page.locator('#reviews')).toContainText('Nobody has reviewed this piece yet');
});

function paise(text: string): number {
  return Math.round(Number(text.replace(/[^0-9.]/g, '').replace(/^\./, '')) * 100);
}
