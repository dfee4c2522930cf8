/**
 * Coupons and stores in the back office (issue 17): the owner adds a coupon, which the cart then accepts, and a
 * store, which the store locator then lists; the forms show the server's field messages, the store's map follows
 * its position, and removing asks first. Screens are photographed at 1024 and 1440 px.
 */
import type { Locator, Page, TestInfo } from '@playwright/test';
import { E2E_OWNER, expect, ownOrigin, test, waitForHydration } from './fixtures.ts';

/** A form's text box by its label's words (the required mark is not part of its name). */
const box = (form: Locator, name: string) => form.getByRole('textbox', { name, exact: true });

async function signInOwner(page: Page) {
  const res = await page.request.post('/api/admin/auth/login', { data: { email: E2E_OWNER.email, password: E2E_OWNER.password }, headers: ownOrigin() });
  expect(res.status(), await res.text()).toBe(200);
}

/** The store form has hydrated: its map follows the boxes (and the remove button opens its dialog). */
async function mapFollowsTyping(page: Page) {
  await expect(page.locator('.adm-map[data-live="yes"]')).toBeVisible({ timeout: 15_000 });
}

/** The screen at 1024 and 1440 px wide (desktop project only), kept with the test's results. */
async function shots(page: Page, testInfo: TestInfo, name: string) {
  if (testInfo.project.name !== 'desktop-1440') return;
  for (const width of [1024, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    // From the top: the shell's header stays at the top of the window, and a full-page shot taken scrolled down shows it mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

/** A piece without a size, in stock, priced well above the coupon's minimum. */
async function pieceForCart(page: Page): Promise<{ id: number; name: string }> {
  const list = await page.request.get('/api/product/productList?minPrice=20000&maxPrice=60000');
  const listed = ((await list.json()) as { data: { product_id: number; product_name: string; product_stock_status: string }[] }).data.filter(
    (p) => p.product_stock_status === 'In Stock',
  );
  for (const p of listed) {
    const detail = (await (await page.request.get(`/api/product/find-by-id/${p.product_id}`)).json()) as { data: { pricing: { sizeKind: string | null } } };
    if (detail.data.pricing.sizeKind === null) return { id: p.product_id, name: p.product_name };
  }
  throw new Error('no piece without a size between Rs. 20,000 and Rs. 60,000');
}

test('the owner adds a coupon, the form says what is wrong, and the cart then accepts it', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const code = `E2E${testInfo.project.name === 'desktop-1440' ? 'D' : 'M'}${Date.now().toString(36).toUpperCase()}`;
  await signInOwner(page);

  await page.goto('/admin/coupons');
  await expect(page.getByRole('heading', { name: 'Coupons', level: 1 })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'WELCOME10' })).toBeVisible();
  await shots(page, testInfo, 'coupons-list');

  await page.getByRole('link', { name: 'New coupon' }).first().click();
  await expect(page.getByRole('heading', { name: 'New coupon', level: 1 })).toBeVisible();
  const form = page.getByRole('form', { name: 'New coupon' });
  await box(form, 'Code').fill(code.toLowerCase());
  await box(form, 'Description').fill('End-to-end test: Rs. 321 off');
  await form.getByLabel('Kind').selectOption('percent');
  await box(form, 'Discount').fill('150');
  await form.getByLabel('Starts').fill('2030-02-01T10:00');
  await form.getByLabel('Ends').fill('2030-01-01T10:00');
  await form.getByRole('button', { name: 'Add coupon' }).click();
  // The server's messages, each on its field.
  await expect(page.getByRole('alert').filter({ hasText: 'Please correct the fields marked below.' })).toBeVisible();
  await expect(box(form, 'Discount')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('A percent off is a whole number from 1 to 100.')).toBeVisible();
  await expect(form.getByText('The end must be after the start.')).toBeVisible();
  await shots(page, testInfo, 'coupon-form-errors');

  await form.getByLabel('Kind').selectOption('fixed');
  await box(form, 'Discount').fill('321');
  await form.getByLabel('Starts').fill('');
  await form.getByLabel('Ends').fill('');
  await box(form, 'Minimum order').fill('1,000');
  await form.getByRole('button', { name: 'Add coupon' }).click();
  await expect(page).toHaveURL(/\/admin\/coupons\/\d+\?saved$/);
  await expect(page.getByRole('heading', { name: `Coupon ${code}`, level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: `Coupon ${code} saved.` })).toBeVisible();
  await shots(page, testInfo, 'coupon-form');

  await page.goto(`/admin/coupons?q=${code}`);
  const row = page.getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('Rs. 321 off');
  await expect(row).toContainText('Active');

  // The cart (a guest's) accepts it, as checkout would.
  const piece = await pieceForCart(page);
  await page.goto(`/product-detail/${piece.id}`);
  await waitForHydration(page);
  await page.locator('#pd-buy').getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('status').filter({ hasText: /added/i }).first()).toBeVisible();
  await page.goto('/cart');
  await waitForHydration(page);
  await page.getByLabel('Coupon code').fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Coupon ${code} applied: you save Rs. 321.00.` })).toBeVisible();
});

test('the owner adds a store with its map position, the locator lists it at once, and removing it asks first', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const name = `Milli Koramangala ${testInfo.project.name === 'desktop-1440' ? 'D' : 'M'}${Date.now().toString(36)}`;
  await signInOwner(page);

  await page.goto('/admin/stores');
  await expect(page.getByRole('heading', { name: 'Stores', level: 1 })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Milli T. Nagar' })).toBeVisible();
  await shots(page, testInfo, 'stores-list');

  await page.goto('/admin/stores/new');
  await mapFollowsTyping(page);
  const form = page.getByRole('form', { name: 'New store' });
  await box(form, 'Name').fill(name);
  await box(form, 'City').fill('Bengaluru');
  await box(form, 'Address').fill('80 Feet Road, 4th Block, Koramangala, Bengaluru');
  await box(form, 'Pincode').fill('56003');
  await box(form, 'Phone').fill('12345');
  await box(form, 'Opening hours').fill('Mon–Sun 10:30 am – 8:30 pm');
  await box(form, 'Latitude').fill('51.5');
  await box(form, 'Longitude').fill('east');
  await form.getByRole('button', { name: 'Add store' }).click();
  await expect(form.getByText('A pincode is 6 digits and does not start with 0 (e.g. 600017).')).toBeVisible();
  await expect(form.getByText(/A phone is \+91 and 10 digits/)).toBeVisible();
  await expect(form.getByText(/India lies between latitudes 6.5 and 37.2/)).toBeVisible();
  await expect(form.getByText('The longitude must be a number.')).toBeVisible();
  await expect(box(form, 'Pincode')).toHaveAttribute('aria-invalid', 'true');

  // The pincode's position fills the boxes; the map's point follows what is typed.
  await box(form, 'Pincode').fill('560034');
  await box(form, 'Phone').fill('+91 80 4000 5101');
  await form.getByRole('button', { name: 'Use the pincode’s position' }).click();
  await expect(box(form, 'Latitude')).toHaveValue('12.9716');
  await expect(box(form, 'Longitude')).toHaveValue('77.5946');
  await expect(page.getByRole('status').filter({ hasText: 'The centre of Bangalore is filled in for pincode 560034.' })).toBeVisible();
  const point = page.locator('.adm-map__point');
  await expect(point).toHaveCount(1);
  const before = await point.getAttribute('cx');
  await box(form, 'Longitude').fill('77.6271');
  await box(form, 'Latitude').fill('12.9352');
  await expect(point).not.toHaveAttribute('cx', before!);
  await expect(page.locator('#adm-map-caption')).toHaveText(`${name} at 12.9352° N, 77.6271° E.`);
  await box(form, 'Latitude').fill('51.5');
  await expect(point).toHaveCount(0);
  await expect(page.locator('#adm-map-caption')).toContainText('outside India’s box');
  await box(form, 'Latitude').fill('12.9352');
  await shots(page, testInfo, 'store-form');

  await form.getByRole('button', { name: 'Add store' }).click();
  await expect(page).toHaveURL(/\/admin\/stores\/\d+\?saved$/);
  await expect(page.getByRole('status').filter({ hasText: `${name} saved. The store locator shows it now.` })).toBeVisible();
  const storePage = page.url().replace(/\?saved$/, '');

  // The store locator (a shopper's page, served from the read cache) shows it on the next visit.
  await page.goto(`/store?q=${encodeURIComponent('Koramangala')}`);
  await expect(page.locator('.store-card').filter({ hasText: name })).toBeVisible();
  await expect(page.locator('.store-card').filter({ hasText: name })).toContainText('560034');

  // Removing asks in a dialog; Escape keeps it, confirming removes it from the locator.
  await page.goto(storePage);
  await mapFollowsTyping(page);
  await page.getByRole('button', { name: 'Remove store' }).click();
  const dialog = page.getByRole('dialog', { name: `Remove ${name}?` });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await page.getByRole('button', { name: 'Remove store' }).click();
  await dialog.getByRole('button', { name: 'Remove store' }).click();
  await expect(page).toHaveURL(/\/admin\/stores\?deleted=/);
  await expect(page.getByRole('status').filter({ hasText: `${name} is removed from the store locator.` })).toBeVisible();
  await page.goto(`/store?q=${encodeURIComponent('Koramangala')}`);
  await expect(page.locator('.store-card').filter({ hasText: name })).toHaveCount(0);
});
