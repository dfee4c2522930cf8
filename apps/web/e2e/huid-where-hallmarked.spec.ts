/**
 * A HUID only where a piece is hallmarked (issue 38, decision 048), in the browser: the product page shows no HUID of
 * its own and says what a platinum and a gold piece carry; staff pack a platinum order with its weights alone (no HUID
 * box) and a gold order only with its HUID (left empty, it is refused under the field). SHOTS_DIR=… saves the packing
 * screen (1024/1440) and the product page (375/1440).
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_OWNER, expect, logInNewShopper, payOnDemo, shots, staffSignIn, test, waitForHydration } from './fixtures.ts';
import { addToCart, placeOrder } from './shop.ts';

interface Detail {
  product_id: number;
  product_name: string;
  product_metal: string;
  product_hallmarked: boolean;
  pricing: { sizeKind: string | null };
}

/** A piece of that material in stock and without a size to choose, from the end of the list (the payment specs buy the first). */
async function aPiece(request: APIRequestContext, material: 'Platinum' | 'Gold'): Promise<Detail> {
  const list = (await (await request.get(`/api/product/productList?material=${material}`)).json()) as {
    data: { product_id: number; product_stock_status: string }[];
  };
  for (const p of list.data.filter((x) => x.product_stock_status === 'In Stock').reverse()) {
    const detail = ((await (await request.get(`/api/product/find-by-id/${p.product_id}`)).json()) as { data: Detail }).data;
    if (detail.pricing.sizeKind === null && detail.product_metal === material.toLowerCase()) return detail;
  }
  throw new Error(`no ${material} piece in stock without a size`);
}

test('the product page shows no product HUID, and says what platinum and gold carry', async ({ page, request }, testInfo) => {
  const platinum = await aPiece(request, 'Platinum');
  expect(platinum.product_hallmarked).toBe(false);
  expect(platinum).not.toHaveProperty('product_huid');
  await page.goto(`/product-detail/${platinum.product_id}`);
  const seal = page.getByRole('list', { name: 'Certification' });
  await expect(seal).toContainText('Stamped Pt 950');
  await expect(seal).toContainText('not under the BIS HUID scheme');
  await expect(seal).not.toContainText('BIS Hallmark');
  await expect(page.locator('main')).not.toContainText(/HUID [A-Z0-9]{6}/);
  if (testInfo.project.name === 'desktop-1440') await shots(page, 'product-platinum', [375, 1440]);

  const gold = await aPiece(request, 'Gold');
  await page.goto(`/product-detail/${gold.product_id}`);
  await expect(seal).toContainText('BIS Hallmark');
  await expect(seal).toContainText('each piece has its own HUID, printed on your invoice');
  await expect(page.locator('main')).not.toContainText(/HUID [A-Z0-9]{6}/);
  if (testInfo.project.name === 'desktop-1440') await shots(page, 'product-gold', [375, 1440]);
});

/** A new shopper's paid order of one piece: its number. */
async function orderOf(page: Page, productId: number, testInfo: Parameters<typeof logInNewShopper>[1]): Promise<string> {
  await logInNewShopper(page, testInfo, 'e2e_huid');
  await addToCart(page, productId);
  await placeOrder(page);
  return payOnDemo(page);
}

test('staff pack a platinum order with its weights alone, and a gold one only with its HUID', async ({ browser, request }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop-1440', 'the desk runs once, at desktop size (shot at 1024 and 1440 px)');
  test.setTimeout(240_000);
  const platinum = await aPiece(request, 'Platinum');
  const gold = await aPiece(request, 'Gold');
  const shopper = await (await browser.newContext()).newPage();
  const platinumOrder = await orderOf(shopper, platinum.product_id, testInfo);
  const goldShopper = await (await browser.newContext()).newPage();
  const goldOrder = await orderOf(goldShopper, gold.product_id, testInfo);

  const staff = await (await browser.newContext()).newPage();
  await staffSignIn(staff, E2E_OWNER);

  // Platinum: a row for the piece, its weights, and no HUID box.
  await staff.goto(`/admin/orders/${platinumOrder}`);
  await waitForHydration(staff);
  const packing = staff.getByRole('form', { name: 'Packing' });
  await expect(staff.getByRole('region', { name: 'Packing: weights' })).toBeVisible();
  await expect(packing.getByRole('textbox', { name: /^HUID of / })).toHaveCount(0);
  await expect(packing.getByRole('rowheader', { name: new RegExp(platinum.product_name) }).locator('..')).toContainText('Not hallmarked');
  const sold =
    (await packing
      .getByText(/Sold at [\d,.]+ g net/)
      .first()
      .textContent()) ?? '';
  const grams = /Sold at ([\d,.]+) g/.exec(sold)?.[1]?.replace(/,/g, '') ?? '4.000';
  await packing.getByRole('textbox', { name: /^Net weight in grams of / }).fill(grams);
  await packing.getByRole('textbox', { name: /^Gross weight in grams of / }).fill((Number(grams) + 0.1).toFixed(3));
  await shots(staff, 'packing-platinum', [1024, 1440]);
  await packing.getByRole('button', { name: 'Record the packing' }).click();
  await expect(staff.getByRole('status').filter({ hasText: 'Packing recorded' })).toBeVisible();
  await expect(packing.getByRole('textbox', { name: /^Net weight in grams of / })).toHaveValue(Number(grams).toFixed(3));

  // Gold: the HUID box is there, and an empty one is refused under it.
  await staff.goto(`/admin/orders/${goldOrder}`);
  await waitForHydration(staff);
  await expect(staff.getByRole('region', { name: 'Packing: HUIDs and weights' })).toBeVisible();
  const goldSold =
    (await packing
      .getByText(/Sold at [\d,.]+ g net/)
      .first()
      .textContent()) ?? '';
  const goldGrams = /Sold at ([\d,.]+) g/.exec(goldSold)?.[1]?.replace(/,/g, '') ?? '4.000';
  await packing.getByRole('textbox', { name: /^Net weight in grams of / }).fill(goldGrams);
  await packing.getByRole('textbox', { name: /^Gross weight in grams of / }).fill((Number(goldGrams) + 0.1).toFixed(3));
  await packing.getByRole('button', { name: 'Record the packing' }).click();
  const huidBox = packing.getByRole('textbox', { name: /^HUID of / });
  await expect(huidBox).toHaveAttribute('aria-invalid', 'true');
  await expect(packing.getByText('Each hallmarked piece needs its HUID.')).toBeVisible();
  await shots(staff, 'packing-gold-refused', [1024, 1440]);
  const huid = `H${Date.now().toString(36).toUpperCase().slice(-5)}`;
  await huidBox.fill(huid);
  await packing.getByRole('button', { name: 'Record the packing' }).click();
  await expect(staff.getByRole('status').filter({ hasText: 'Packing recorded' })).toBeVisible();
  await expect(packing.getByRole('textbox', { name: /^HUID of / })).toHaveValue(huid);
});
