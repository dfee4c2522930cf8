/**
 * The rate lock as a shopper lives it (issue 42): /rate-lock states the terms with the settings' figures and today's
 * rates; a weight below zero and one beyond the cap are refused with a clear message; 10 g of 22 kt gold is locked for
 * 90 days and its advance paid in the demo gateway's checkout; a 22 kt piece in the cart then shows the lock on its
 * line and the advance off what is left to pay, and the order bought through checkout uses the lock's grams, which My
 * Account lists as used. SHOTS_DIR=… saves screenshots at 375 and 1440.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, logInNewShopper, payOnDemo, shots, test, waitForHydration } from './fixtures.ts';
import { addToCart, placeOrder } from './shop.ts';

/** A weighed 22 kt gold piece without a size, in stock, below the PAN threshold: the `slot`th such from the dearest (each project its own). */
async function lockablePiece(request: APIRequestContext, slot: number): Promise<number> {
  const list = await request.get('/api/product/productList?minPrice=20000&maxPrice=150000');
  const listed = ((await list.json()) as { data: { product_id: number; product_stock_status: string }[] }).data.filter(
    (p) => p.product_stock_status === 'In Stock',
  );
  const found: number[] = [];
  for (const p of listed.reverse()) {
    const detail = (await (await request.get(`/api/product/find-by-id/${p.product_id}`)).json()) as {
      data: { pricing: { metal: string; defaultPurity: number; metalWeightMg: number | null; sizeKind: string | null; diamondWeightCents: number } };
    };
    const c = detail.data.pricing;
    if (c.metal === 'gold' && c.defaultPurity === 22 && c.metalWeightMg !== null && c.sizeKind === null) found.push(p.product_id);
    if (found.length > slot) break;
  }
  if (found[slot] === undefined) throw new Error(`no 22 kt piece for slot ${slot}: ${found.length} found`);
  return found[slot];
}

/** The refusals this journey causes on purpose: the weights below zero and beyond the cap (400). */
const EXPECTED_REFUSALS = /Failed to load resource: the server responded with a status of 400 .*\/rate-lock\.data\b/;

test('lock 10 g of 22 kt gold, pay the advance, and buy a piece under the lock', async ({ page, consoleGuard }, testInfo) => {
  test.slow();
  consoleGuard.allow(EXPECTED_REFUSALS);
  await logInNewShopper(page, testInfo, 'rl');

  await page.goto('/rate-lock');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: 'How it works' })).toBeVisible();
  await expect(page.getByText(/Pay an advance of 10 % of the metal’s value/)).toBeVisible();
  await expect(page.getByRole('table', { name: /Today’s rates/ })).toContainText('22 kt gold');

  // Bad input: a clear message, nothing locked.
  const grams = page.getByLabel('Weight in grams');
  await page.getByLabel('Metal and purity').selectOption('gold-22');
  await grams.fill('-5');
  await page.getByRole('button', { name: 'Lock this rate' }).click();
  await expect(page.getByRole('alert').first()).toContainText('The weight must be more than 0 grams.');
  await page.getByLabel('Weight in grams').fill('60');
  await page.getByRole('button', { name: 'Lock this rate' }).click();
  await expect(page.getByRole('alert').first()).toContainText('at most 50 g');

  // 10 g for 90 days: the advance shows as the shopper types, then is paid in the gateway's checkout.
  await page.getByLabel('Weight in grams').fill('10');
  await page.getByRole('radio', { name: '90 days' }).check();
  await expect(page.getByRole('status').filter({ hasText: 'Advance to pay now' })).toBeVisible();
  await shots(page, 'rate-lock-form', [375, 1440]);
  await page.getByRole('button', { name: 'Lock this rate' }).click();
  await expect(page).toHaveURL(/\/rate-lock\?pay=\d+/);
  await expect(page.getByRole('heading', { name: /Pay the advance/ })).toBeVisible();
  await waitForHydration(page);
  await page.getByRole('button', { name: /^Pay Rs\./ }).click();
  const dialog = page.getByRole('dialog', { name: 'Test payment' });
  await dialog.getByLabel('Test card Visa •••• 1111').check();
  await dialog.getByRole('button', { name: /^Pay Rs\./ }).click();
  await expect(page).toHaveURL(/\/rate-lock\?paid=\d+/);
  await expect(page.getByText(/Your rate is locked: 10 g of 22 kt gold/)).toBeVisible();
  const locks = page.getByRole('table', { name: 'Your rate locks' });
  await expect(locks).toContainText('10 g of 22 kt gold');
  await expect(locks).toContainText('0 g / 10 g');
  await shots(page, 'rate-lock-live', [375, 1440]);

  // A 22 kt piece in the cart: the lock on its line, its advance off what is left to pay.
  const productId = await lockablePiece(page.request, 0);
  await addToCart(page, productId);
  await page.goto('/cart');
  await expect(page.getByText(/^Rate lock: .* a piece at Rs\./)).toBeVisible();
  await expect(page.getByTestId('rate-lock-advance')).toBeVisible();
  const payable = (await page.getByTestId('payable').textContent())!.trim();
  await shots(page, 'rate-lock-cart', [375, 1440]);

  // Bought through checkout: the order pays what the cart said, and the lock's grams are used.
  await placeOrder(page);
  await expect(page.getByRole('button', { name: /^Pay Rs\./ })).toContainText(payable.replace(/^Rs\.\s?/, ''));
  await payOnDemo(page);
  await page.goto('/account?tab=rate-locks');
  const mine = page.getByRole('table', { name: 'Your rate locks' });
  await expect(mine).toContainText(/Order MIL-\d{4}-\d{6}/);
  await expect(mine).not.toContainText('0 g / 10 g');
  await shots(page, 'rate-lock-account', [375, 1440]);
});
