/**
 * The store locator as a shopper uses it (spec §2 Store locator; DECISIONS §2): the six city tiles show
 * how many stores each city really has and open that city's list; 'Enter your Pincode or City' finds a
 * city's stores (old names too) or the stores nearest a PIN code, and says so when there is none.
 */
import type { Page } from '@playwright/test';
import { expect, test, waitForHydration } from './fixtures.ts';

interface Store {
  city: string;
  pincode: string;
}

async function search(page: Page, query: string) {
  await page.getByLabel('Enter your Pincode or City').fill(query);
  await page.getByRole('button', { name: 'Search' }).click();
}

test('the city tiles show the real store counts and open that city’s stores', async ({ page, request }) => {
  const { data } = (await (await request.get('/api/stores')).json()) as { data: Store[] };
  const inCity = (city: string) => data.filter((s) => s.city === city).length;
  await page.goto('/store');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: 'Find a Store near you' })).toBeVisible();

  const tiles = page.locator('.city-tile');
  await expect(tiles).toHaveCount(6);
  for (const city of ['Mumbai', 'Delhi', 'Chennai', 'Pune', 'Kolkata']) {
    await expect(tiles.filter({ hasText: city })).toContainText(`${inCity(city)} Stores`);
  }

  await tiles.filter({ hasText: 'Chennai' }).click();
  await expect(page).toHaveURL(/\/store\?city=Chennai$/);
  await expect(page.getByRole('heading', { name: 'Our stores in Chennai' })).toBeVisible();
  await expect(page.locator('.store-card')).toHaveCount(inCity('Chennai'));
  await expect(tiles.filter({ hasText: 'Chennai' })).toHaveAttribute('aria-current', 'page');
});

test('the search finds a city by its old name and the stores nearest a PIN code', async ({ page }) => {
  await page.goto('/store');
  await waitForHydration(page);

  await search(page, 'Madras');
  await expect(page.getByRole('heading', { name: 'Stores for “Madras”' })).toBeVisible();
  const cards = page.locator('.store-card');
  await expect(cards.first()).toContainText('Chennai');
  expect(await cards.count()).toBeGreaterThan(0);

  await search(page, '600 017');
  await expect(page.getByRole('heading', { name: 'Stores nearest to PIN 600017' })).toBeVisible();
  await expect(cards.first()).toContainText(/Chennai 600\d{3}/);

  // Guwahati has no store: the nearest ones are in Kolkata.
  await search(page, '781001');
  await expect(page.getByRole('heading', { name: 'Stores nearest to PIN 781001' })).toBeVisible();
  await expect(cards.first()).toContainText('Kolkata');
});

test('an unknown city and an unserved PIN code say so', async ({ page }) => {
  await page.goto('/store?q=Shillong');
  await waitForHydration(page);
  await expect(page.locator('.store-none')).toContainText('We do not have a store in “Shillong” yet');

  await search(page, '744101');
  await expect(page.locator('.store-none')).toContainText('PIN code 744101 is not served yet');
  await expect(page.locator('.store-card')).toHaveCount(0);

  await search(page, '012345');
  await expect(page.locator('.store-none')).toContainText('Please enter a valid 6-digit Indian pincode.');
});

test('a locality written loosely, a city by its other name, and distances from where the shopper is', async ({ page }) => {
  await page.goto('/store');
  await waitForHydration(page);
  const cards = page.locator('.store-card');

  await search(page, 'T Nagar');
  await expect(cards).toHaveCount(1);
  await expect(cards.first().getByRole('heading')).toHaveText('Milli T. Nagar');

  // No store in Gurgaon: the nearest, in Delhi, each with its distance from Gurugram.
  await search(page, 'Gurgaon');
  await expect(page.getByRole('heading', { name: 'No store in Gurugram yet: the nearest' })).toBeVisible();
  await expect(cards).toHaveCount(3);
  await expect(cards.first()).toContainText('Delhi');
  await expect(cards.first().locator('.store-card-distance')).toHaveText(/^\d+ km away from Gurugram in a straight line$/);

  await search(page, '600017');
  await expect(cards.first().locator('.store-card-distance')).toHaveText(/^\d+ m away from PIN 600017/);
  await expect(cards.nth(1).locator('.store-card-distance')).toHaveText(/^\d+\.\d km away from PIN 600017/);
});
