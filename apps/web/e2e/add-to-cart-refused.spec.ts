/**
 * Add to Cart when the API refuses (decision 022): a customer asks for more of a piece than is in stock,
 * and the product page says what the API said ("Only N of this piece in stock."), with the API's 409,
 * instead of an error page.
 */
import { expect, logInNewShopper, test, waitForHydration } from './fixtures.ts';

test('asking for more than the stock shows the API’s reason on the product page', async ({ page, consoleGuard }, testInfo) => {
  // The refused form post answers 409, which the browser reports on its console.
  consoleGuard.allow(/409/);
  await logInNewShopper(page, testInfo, 'e2e_stock');
  const list = await page.request.get('/api/product/productList?limit=5');
  const piece = ((await list.json()) as { data: { product_id: number; product_stock_status: string }[] }).data.find(
    (p) => p.product_stock_status === 'In Stock',
  )!;
  const detail = (await (await page.request.get(`/api/product/find-by-id/${piece.product_id}`)).json()) as { data: { product_stock: number } };
  expect(detail.data.product_stock).toBeLessThan(99);

  await page.goto(`/product-detail/${piece.product_id}`);
  await waitForHydration(page);
  await page.getByLabel('Quantity').first().fill('99');
  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST'),
    page.locator('#pd-buy').getByRole('button', { name: 'Add to Cart' }).click(),
  ]);
  expect(answer.status()).toBe(409);
  // The refusal counts the stock of that moment; the kept answer read above may show a count up to half a minute
  // older (decision 033), while other tests buy pieces.
  const refusal = page.getByText(/^Only \d+ of this piece in stock\.$/);
  await expect(refusal).toBeVisible();
  const left = Number(/\d+/.exec((await refusal.textContent()) ?? '')?.[0]);
  expect(left).toBeGreaterThan(0);
  expect(left).toBeLessThanOrEqual(detail.data.product_stock);
  await expect(page.getByRole('heading', { name: /went wrong|error/i })).toHaveCount(0);
});
