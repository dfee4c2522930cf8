/**
 * Issue 38: a chain's length changes its weight and its price. On a chain's page the shopper sees each length's
 * weight and price; choosing 24 in shows its weight and price (with JavaScript from the select, without it from
 * the length's link, `?length=24`), and the cart holds that length at that price. Each project has its own chain.
 * SHOTS_DIR=… saves screenshots.
 */
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { expect, test, waitForHydration } from './fixtures.ts';

interface Chain {
  product_id: number;
  product_name: string;
  product_stock: number;
  pricing: { sizeKind: string | null; sizes: string[]; sizeWeightsMg: Record<string, number> };
}

/** Two in-stock chains weighed by length, one per project. */
async function chainFor(request: APIRequestContext, testInfo: TestInfo): Promise<Chain> {
  const found: Chain[] = [];
  const list = (await (await request.get('/api/product/productList?category=Chains&page=1')).json()) as { data: { product_id: number }[] };
  for (const { product_id } of list.data) {
    const piece = ((await (await request.get(`/api/product/find-by-id/${product_id}`)).json()) as { data: Chain }).data;
    if (piece.product_stock > 0 && piece.pricing.sizeKind === 'length' && piece.pricing.sizes.includes('24') && piece.pricing.sizeWeightsMg['24'])
      found.push(piece);
    if (found.length === 2) break;
  }
  expect(found.length, 'chains weighed by length').toBe(2);
  return found[testInfo.project.name === 'mobile-375' ? 0 : 1]!;
}

const paiseOf = (text: string | null) => Math.round(Number((text ?? '').replace(/^[^\d]+/, '').replace(/[^\d.]/g, '')) * 100);
const grams = (mg: number) => `${(mg / 1000).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 3 })} g`;

async function shot(page: Page, testInfo: TestInfo, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}-${testInfo.project.name}.png`, fullPage: true });
}

async function cartRowOf(page: Page, chain: Chain) {
  await page.goto('/cart');
  return page.getByRole('row').filter({ hasText: chain.product_name });
}

test('choosing 24 in shows its weight and price, and the cart holds that length at that price', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const chain = await chainFor(request, testInfo);
  await page.goto(`/product-detail/${chain.product_id}`);
  await waitForHydration(page);
  const price = page.getByLabel('Price', { exact: true });
  const first = paiseOf(await price.textContent());

  const table = page.getByRole('table', { name: /weight and the price of this chain at each length/ });
  await expect(table.getByRole('row')).toHaveCount(chain.pricing.sizes.length + 1);
  const row24 = table.getByRole('row').filter({ has: page.getByRole('link', { name: '24 in' }) });
  await expect(row24).toContainText(grams(chain.pricing.sizeWeightsMg['24']!));

  await page.getByLabel('Chain length').selectOption('24');
  await expect.poll(async () => paiseOf(await price.textContent())).toBeGreaterThan(first);
  const at24 = (await price.textContent())!.trim();
  await expect(row24).toContainText(at24);
  await expect(page.locator('.pd-length-note')).toContainText(`24 in: ${grams(chain.pricing.sizeWeightsMg['24']!)} of metal`);
  await expect(page.getByRole('table', { name: /How the price of this piece is made up/ })).toContainText(grams(chain.pricing.sizeWeightsMg['24']!));
  await shot(page, testInfo, 'chain-24in');

  await page.locator('#pd-buy').getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('status').filter({ hasText: /added/i }).first()).toBeVisible();
  const line = await cartRowOf(page, chain);
  await expect(line).toContainText('Chain length 24 in');
  await expect(line).toContainText(at24);
});

test('without JavaScript, a length’s link shows its price, and Add to Cart keeps it', async ({ browser, request }, testInfo) => {
  test.setTimeout(120_000);
  const chain = await chainFor(request, testInfo);
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: testInfo.project.use.viewport ?? null, baseURL: process.env.MILLI_E2E_URL });
  const page = await context.newPage();
  try {
    await page.goto(`/product-detail/${chain.product_id}`);
    const price = page.getByLabel('Price', { exact: true });
    const first = (await price.textContent())!.trim();
    await page.getByRole('link', { name: '24 in' }).click();
    await expect(page).toHaveURL(/[?&]length=24/);
    await expect(page.getByLabel('Chain length')).toHaveValue('24');
    const at24 = (await price.textContent())!.trim();
    expect(paiseOf(at24)).toBeGreaterThan(paiseOf(first));
    await expect(page.getByRole('row').filter({ has: page.getByRole('link', { name: '24 in' }) })).toContainText(at24);

    await page.locator('#pd-buy').getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page).toHaveURL(/[?&]length=24/);
    await expect(page.getByRole('status').filter({ hasText: /added/i }).first()).toBeVisible();
    const line = await cartRowOf(page, chain);
    await expect(line).toContainText('Chain length 24 in');
    await expect(line).toContainText(at24);
  } finally {
    await context.close();
  }
});
