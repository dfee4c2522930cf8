/**
 * Issue 3's shopper journey, as a person does it: open all jewellery, filter by material, sort by price,
 * go to page 2, open a piece, change its gold quality and watch the price breakup follow. Every step is
 * checked by what the page shows (URL, result count, prices in order, the breakup's total).
 */
import type { Page } from '@playwright/test';
import { chooseFilter, expect, test, waitForHydration } from './fixtures.ts';

/** 'Rs. 1,23,456.78' → 12345678 paise. */
function paiseOf(text: string): number {
  const digits = text.replace(/^\s*Rs\.\s*/, '').replace(/[^0-9.]/g, '');
  const value = Number(digits);
  if (digits === '' || Number.isNaN(value)) throw new Error(`not a price: ${text}`);
  return Math.round(value * 100);
}

/** The prices the price sorts go by: the price each card shows, after a running sale's cut (decision 047). */
async function cardPrices(page: Page): Promise<number[]> {
  const texts = await page.locator('.product-grid .product-card-price .offer-now').allTextContents();
  return texts.map(paiseOf);
}

const ascending = (list: number[]) => list.every((v, i) => i === 0 || list[i - 1]! <= v);

test('filter → sort → page 2 → product → change purity → the breakup follows', async ({ page }) => {
  await page.goto('/alljewellery');
  await waitForHydration(page);
  const count = page.getByRole('status').filter({ hasText: /results/ });
  await expect(count).toHaveText(/^Showing 1 to 12 of \d+ results$/);
  const everything = Number(/of (\d+) results/.exec((await count.textContent()) ?? '')?.[1]);

  // Filter: Gold. The filter lives in the address, so the page can be shared and reloaded.
  // The option's name carries its count ('Gold (84)'), decision 026.
  await chooseFilter(page, /^Gold \(\d+\)$/);
  await expect(page).toHaveURL(/productfilter/);
  expect(decodeURIComponent(page.url())).toContain('"material":"Gold"');
  await expect(page.getByRole('heading', { name: 'Gold', level: 2 })).toBeVisible();
  await expect(count).not.toHaveText(new RegExp(`of ${everything} results`));
  const gold = Number(/of (\d+) results/.exec((await count.textContent()) ?? '')?.[1]);
  expect(gold).toBeGreaterThan(12);
  expect(gold).toBeLessThan(everything);

  // Sort: price, low to high.
  await page.getByLabel('Sort by').selectOption({ label: 'Sort By Price: Low to High' });
  await expect(page).toHaveURL(/sort=8/);
  await expect.poll(async () => ascending(await cardPrices(page))).toBe(true);
  const firstPage = await cardPrices(page);
  expect(firstPage).toHaveLength(12);

  // Page 2 keeps the filter and the order, and continues where page 1 stopped.
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Page 2' }).click();
  await expect(count).toHaveText(new RegExp(`^Showing 13 to ${Math.min(24, gold)} of ${gold} results$`));
  await expect(page).toHaveURL(/sort=8/);
  expect(decodeURIComponent(page.url())).toContain('"material":"Gold"');
  const secondPage = await cardPrices(page);
  expect(ascending(secondPage)).toBe(true);
  expect(secondPage[0]).toBeGreaterThanOrEqual(firstPage[firstPage.length - 1]!);

  // Reloading the shared address shows the same page.
  await page.reload();
  await waitForHydration(page);
  await expect(count).toHaveText(new RegExp(`^Showing 13 to ${Math.min(24, gold)} of ${gold} results$`));

  // Open the first gold piece on page 2 whose gold quality can change.
  const card = page.locator('.product-grid .product-card').first();
  const name = (await card.locator('.product-card-name').textContent())!.trim();
  const listed = paiseOf((await card.locator('.product-card-price .offer-now').textContent()) ?? '');
  await card.getByRole('link', { name }).first().click();
  await expect(page).toHaveURL(/\/product-detail\/\d+$/);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();

  const price = page.getByLabel('Price', { exact: true });
  const breakupTotal = page.locator('.breakup-table tfoot output');
  // The page opens at the listed price, and the breakup's total is that same price.
  await expect(price).toHaveText(/^Rs\. /);
  expect(paiseOf((await price.textContent()) ?? '')).toBe(listed);
  expect(paiseOf((await breakupTotal.textContent()) ?? '')).toBe(listed);

  const quality = page.getByRole('group', { name: 'Gold quality' });
  await quality.getByText('14kt', { exact: true }).click();
  await expect.poll(async () => paiseOf((await breakupTotal.textContent()) ?? '')).not.toBe(listed);
  const at14 = paiseOf((await breakupTotal.textContent()) ?? '');
  await expect(page.locator('.breakup-table')).toContainText('Gold 14kt');

  // Up to the finest karat this piece is made in (only those are offered: DECISIONS §7).
  const finest = Math.max(...(await quality.getByRole('radio').evaluateAll((radios) => radios.map((r) => Number((r as HTMLInputElement).value)))));
  expect(finest).toBeGreaterThan(14);
  await quality.getByText(`${finest}kt`, { exact: true }).click();
  await expect(page.locator('.breakup-table')).toContainText(`Gold ${finest}kt`);
  await expect.poll(async () => paiseOf((await breakupTotal.textContent()) ?? '')).toBeGreaterThan(at14);
  // The headline price and the breakup's total are one number, always.
  expect(paiseOf((await price.textContent()) ?? '')).toBe(paiseOf((await breakupTotal.textContent()) ?? ''));
});

test('a page past the end says so and offers the last page; a broken filter is a 404 with a reason', async ({ page, consoleGuard }) => {
  await page.goto('/alljewellery/999');
  await expect(page.getByText('This page is past the end')).toBeVisible();
  await page.getByRole('link', { name: 'Go to the last page' }).click();
  await expect(page.locator('.product-grid .product-card').first()).toBeVisible();

  consoleGuard.allow(/404/);
  const res = await page.goto('/alljewellery/productfilter/%7Bnot-json');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('link', { name: 'See all jewellery' })).toBeVisible();
});
