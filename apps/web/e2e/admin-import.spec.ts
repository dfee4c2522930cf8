/**
 * The product CSV import (issue 17): the owner checks a file of 200 products with two bad rows, sees both
 * reported by row and column, and nothing is written (not even by sending it to the import anyway); fixes the
 * two rows, imports, and the products are on the storefront.
 */
import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { E2E_OWNER, expect, ownOrigin, test } from './fixtures';

const HEADER = ['sku', 'name', 'category', 'tags', 'material', 'metalWeightG', 'makingChargeKind', 'makingCharge', 'stock'];

/** 200 rings with a word no other product has, so the storefront's search finds exactly these. */
function catalogueFile(word: string, bad: boolean): string {
  const rows = Array.from({ length: 200 }, (_, i) => [
    `E2E-${word.toUpperCase()}-${String(i).padStart(3, '0')}`,
    `${word} Ring ${i}`,
    'Rings',
    'Solitaire',
    'Gold',
    '3.5',
    'percent',
    '12',
    '5',
  ]);
  if (bad) {
    rows[40]![4] = 'Wood';
    rows[160]![5] = 'heavy';
  }
  return [HEADER, ...rows].map((r) => r.join(',')).join('\r\n') + '\r\n';
}

async function signInAsOwner(page: Page) {
  const res = await page.request.post('/api/admin/auth/login', { headers: ownOrigin(), data: { email: E2E_OWNER.email, password: E2E_OWNER.password } });
  expect(res.status(), await res.text()).toBe(200);
}

/** The import form once the page's script runs it (the storefront's hydration marker is not on admin pages). */
async function importFormReady(page: Page) {
  await expect(page.locator('form[data-hydrated="true"]')).toHaveCount(1, { timeout: 15_000 });
}

async function searchFinds(page: Page, word: string): Promise<boolean> {
  const res = await page.request.get(`/api/product/suggest?q=${encodeURIComponent(word)}`);
  expect(res.ok()).toBe(true);
  return (await res.text()).includes(word);
}

test('the owner imports 200 products: two bad rows reported and nothing written until they are fixed', async ({ page }) => {
  test.setTimeout(120_000);
  const word = `Zyq${randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 6)}`;
  await signInAsOwner(page);
  await page.goto('/admin/import');
  await importFormReady(page);
  await expect(page.getByRole('heading', { name: 'Import and export products' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download the template' })).toHaveAttribute('href', '/api/admin/products/csv-template');

  const file = page.getByLabel(/CSV file/);
  await file.setInputFiles({ name: 'rings.csv', mimeType: 'text/csv', buffer: Buffer.from(catalogueFile(word, true)) });
  const importButton = page.getByRole('button', { name: /^Import/ });
  await expect(importButton).toBeDisabled();
  await page.getByRole('button', { name: 'Check file' }).click();

  const problems = page.getByRole('table', { name: 'Problems by row and column' });
  await expect(problems).toBeVisible();
  await expect(problems.locator('tbody tr')).toHaveCount(2);
  await expect(problems.locator('tbody tr').nth(0)).toContainText('42');
  await expect(problems.locator('tbody tr').nth(0)).toContainText('material');
  await expect(problems.locator('tbody tr').nth(1)).toContainText('162');
  await expect(problems.locator('tbody tr').nth(1)).toContainText('metalWeightG');
  await expect(importButton).toBeDisabled();
  // The screen with its problems table passes axe's WCAG 2.1 AA rules.
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // Sent to the import all the same, the file is refused whole: nothing is on the storefront.
  const forced = await page.request.post('/api/admin/products/import', {
    headers: ownOrigin(),
    multipart: { dryRun: 'false', file: { name: 'rings.csv', mimeType: 'text/csv', buffer: Buffer.from(catalogueFile(word, true)) } },
  });
  expect(forced.status()).toBe(422);
  expect((await forced.json()).report.problems).toHaveLength(2);
  expect(await searchFinds(page, word)).toBe(false);
  await page.goto(`/admin/products?q=${encodeURIComponent(`${word} Ring 199`)}`);
  await expect(page.getByText('No products match')).toBeVisible();
  await page.goto('/admin/import');
  await importFormReady(page);

  // Fixed, checked clean, imported with progress shown.
  await file.setInputFiles({ name: 'rings-fixed.csv', mimeType: 'text/csv', buffer: Buffer.from(catalogueFile(word, false)) });
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(page.getByText('The file is ready to import:')).toBeVisible();
  await expect(importButton).toHaveText('Import 200 products');
  await importButton.click();
  await expect(page.getByText('Imported 200 products:')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('200 created, 0 updated.')).toBeVisible();

  expect(await searchFinds(page, word)).toBe(true);
  await page.goto(`/admin/products?q=${encodeURIComponent(`${word} Ring 199`)}`);
  await expect(page.getByRole('link', { name: `${word} Ring 199` })).toBeVisible();
  await page.goto(`/alljewellery?q=${encodeURIComponent(word)}`);
  await expect(page.locator('.product-grid .product-card').first()).toContainText(word);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the check and the import are plain form posts with the same report', async ({ page }) => {
    await signInAsOwner(page);
    await page.goto('/admin/import');
    const word = `Zyn${randomUUID()
      .replace(/[^a-f]/g, '')
      .slice(0, 6)}`;
    await page.getByLabel(/CSV file/).setInputFiles({ name: 'rings.csv', mimeType: 'text/csv', buffer: Buffer.from(catalogueFile(word, true)) });
    await page.getByRole('button', { name: 'Check file' }).click();
    const problems = page.getByRole('table', { name: 'Problems by row and column' });
    await expect(problems.locator('tbody tr')).toHaveCount(2);
    expect(await searchFinds(page, word)).toBe(false);

    // Fixed: checked clean, chosen again (a page without JavaScript cannot keep the file), imported.
    const fixed = { name: 'rings-fixed.csv', mimeType: 'text/csv', buffer: Buffer.from(catalogueFile(word, false)) };
    await page.getByLabel(/CSV file/).setInputFiles(fixed);
    await page.getByRole('button', { name: 'Check file' }).click();
    await expect(page.getByText('The file is ready to import:')).toBeVisible();
    await expect(page.getByText('Choose the same file again to import it.')).toBeVisible();
    await page.getByLabel(/CSV file/).setInputFiles(fixed);
    await page.getByRole('button', { name: 'Import 200 products' }).click();
    await expect(page.getByText('Imported 200 products:')).toBeVisible();
    expect(await searchFinds(page, word)).toBe(true);
  });
});
