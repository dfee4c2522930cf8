/**
 * The catalogue desk (issue 17): the owner adds a product in the back office, gives it two photos (made here
 * with sharp, never downloaded), and the piece then shows in the storefront's listing and search with its
 * uploaded photo. Screenshots of the list and the form at 1024 and 1440 px are attached to the report.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { Page, TestInfo } from '@playwright/test';
import { E2E_OWNER, expect, test } from './fixtures.ts';

async function photo(r: number, g: number, b: number): Promise<Buffer> {
  // A gold disc on a cream ground, 1200 × 1200.
  const disc = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1200"><circle cx="600" cy="600" r="420" fill="rgb(${r},${g},${b})"/></svg>`,
  );
  return sharp({ create: { width: 1200, height: 1200, channels: 3, background: { r: 251, g: 246, b: 239 } } })
    .composite([{ input: disc }])
    .png()
    .toBuffer();
}

/** Signs the owner in through the back office's API; the session cookie lands in the page's context. */
async function signIn(page: Page) {
  // A run against a server without the staff desk may hand in a session made beforehand.
  const token = process.env.E2E_STAFF_COOKIE;
  if (token) {
    const url = new URL(process.env.MILLI_E2E_URL!);
    await page.context().addCookies([{ name: 'milli_staff', value: token, domain: url.hostname, path: '/', httpOnly: true, sameSite: 'Strict' }]);
    return;
  }
  const res = await page.request.post('/api/admin/auth/login', { data: { email: E2E_OWNER.email, password: E2E_OWNER.password } });
  expect(res.status(), await res.text()).toBe(200);
}

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  for (const width of [1024, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await testInfo.attach(`${name}-${width}`, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
  }
}

test('the owner adds a product with two photos; it shows in the listing and search', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop-1440', 'the back office journey runs once, at desktop size');
  test.setTimeout(120_000);
  const word = `Nilamberi${[...randomBytes(5)].map((b) => String.fromCharCode(97 + (b % 26))).join('')}`;
  const name = `${word} Meenakari Bangle`;
  const sku = `E2E-${Date.now().toString(36).toUpperCase()}`;

  await signIn(page);
  await page.goto('/admin/products/new');
  await expect(page.getByRole('heading', { name: 'New product' })).toBeVisible();

  // A refused form keeps what was typed and says what to mend.
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('SKU').fill(sku);
  await page.getByLabel('Category').selectOption('Bangles');
  await page.getByLabel('Default purity').selectOption('22');
  await page.getByLabel('Metal weight').fill('12.345');
  await page.getByLabel('Making charges as').selectOption('percent');
  await page.getByLabel('Making charge', { exact: true }).fill('14');
  await page.getByLabel('Tags').selectOption(['Kada']);
  await page.getByLabel('In stock').fill('4');
  await page.getByLabel('Size kind').selectOption('bangle');
  await expect(page.locator('.cat-preview__total')).toContainText(/Rs\. [0-9]/);
  await page.getByRole('button', { name: 'Add product' }).click();
  await expect(page.locator('.adm-error').first()).toContainText(/sizes/i);
  await expect(page.getByLabel('Name')).toHaveValue(name);

  await page.getByLabel('Sizes offered').fill('2.4, 2.6, 2.8');
  await page.getByRole('button', { name: 'Add product' }).click();
  await expect(page.getByText('Product added. Now add its photos below.')).toBeVisible();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  const productId = Number(new URL(page.url()).pathname.split('/').pop());
  expect(productId).toBeGreaterThan(0);

  await page.locator('#cat-images').setInputFiles([
    { name: 'front.png', mimeType: 'image/png', buffer: await photo(212, 175, 55) },
    { name: 'side.png', mimeType: 'image/png', buffer: await photo(183, 110, 121) },
  ]);
  await expect(page.locator('.cat-previews img')).toHaveCount(2);
  await page.getByRole('button', { name: 'Upload photos' }).click();
  // Each photo is decoded, checked and written at three widths as WebP: seconds on a busy two-core machine.
  await expect(page.getByText('Photos added.')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.cat-image')).toHaveCount(2);
  await page.getByLabel('Description (alt text)').first().fill(`${name}, front view`);
  await page.getByRole('button', { name: 'Save description' }).first().click();
  await expect(page.getByText('Description saved.')).toBeVisible();
  await shoot(page, testInfo, 'product-form');

  await page.goto(`/admin/products?q=${encodeURIComponent(sku)}`);
  await expect(page.getByRole('link', { name })).toBeVisible();
  await page.goto('/admin/products');
  await shoot(page, testInfo, 'product-list');
  await page.setViewportSize({ width: 1440, height: 900 });

  // The storefront: the newest Bangles, and the search, show the piece with its uploaded photo.
  await page.goto('/alljewellery?category=Bangles&sort=2');
  const card = page.locator('.product-card', { has: page.getByRole('link', { name }) });
  await expect(card).toBeVisible();
  const img = card.locator('img').first();
  await expect(img).toHaveAttribute('src', /^\/media\/catalogue\/products\/\d+\/[a-f0-9]{16}-640\.webp$/);
  await expect(img).toHaveAttribute('srcset', /-480\.webp 480w/);
  await expect(card.locator('source[type="image/avif"]')).toHaveAttribute('srcset', /-960\.avif 960w/);
  expect(await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);

  await page.goto(`/alljewellery?q=${encodeURIComponent(word)}`);
  await expect(page.locator('.product-card', { has: page.getByRole('link', { name }) })).toBeVisible();

  await page.goto(`/product-detail/${productId}`);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  // Every picture has its thumbnail (issue 40), the one shown marked current.
  await expect(page.locator('.pd-thumbs img')).toHaveCount(2);
  await expect(page.locator('.pd-thumbs a[aria-current="true"]')).toHaveCount(1);
});

test('the products list exports what it shows as CSV', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/products?q=kundan&material=Gold&sort=name');
  const link = page.getByRole('link', { name: 'Export these as CSV' });
  await expect(link).toHaveAttribute('href', '/api/admin/products/export.csv?q=kundan&material=Gold');
  const csv = await page.request.get((await link.getAttribute('href'))!);
  expect(csv.status()).toBe(200);
  const rows = (await csv.text())
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  expect(rows[0]).toMatch(/^sku,name,/);
  const listed = (await (await page.request.get('/api/admin/products?q=kundan&material=Gold')).json()) as { total: number };
  expect(listed.total).toBeGreaterThan(0);
  expect(rows.length - 1).toBe(listed.total);
});
