/**
 * From a guest's cart to a placed order (spec §2 Cart, Checkout, Thank-you; §4; DECISIONS §2-4): a guest
 * adds a piece, is sent from checkout to login, logs in (the guest cart merges), sees the piece in the
 * cart, applies a demo coupon, is told about the unticked terms, and lands on /thank-you with the order
 * number. Each project has its own shopper and its own piece. SHOTS_DIR=… saves screenshots.
 */
import type { Page, TestInfo } from '@playwright/test';
import { dispatchAsStaff, expect, fillBilling, newShopper, payOnDemo, signUp, submitLogin, test, waitForHydration } from './fixtures.ts';

const PASSWORD = 'Kundan2024';

async function shot(page: Page, testInfo: TestInfo, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}-${testInfo.project.name}.png`, fullPage: true });
}

test('a guest’s piece becomes a placed order: login, merged cart, coupon, terms, thank-you, active orders, invoice', async ({ page, request }, testInfo) => {
  // Many pages and a placed order on a shared 2-core machine.
  test.setTimeout(150_000);
  // A piece of Rs. 20,000-30,000 in stock: enough for WELCOME10's Rs. 5,000 minimum.
  const list = await request.get('/api/product/productList?minPrice=20000&maxPrice=30000');
  const listed = ((await list.json()) as { data: { product_id: number; product_name: string; product_stock_status: string }[] }).data.filter(
    (p) => p.product_stock_status === 'In Stock',
  );
  // Pieces without a size (a ring would ask for one: sold-as-chosen.spec.ts covers that).
  const pieces = [];
  for (const p of listed) {
    const detail = (await (await request.get(`/api/product/find-by-id/${p.product_id}`)).json()) as { data: { pricing: { sizeKind: string | null } } };
    if (detail.data.pricing.sizeKind === null) pieces.push(p);
  }
  const piece = pieces[testInfo.project.name === 'mobile-375' ? 0 : 1]!;

  await page.goto(`/product-detail/${piece.product_id}`);
  await waitForHydration(page);
  await page.locator('#pd-buy').getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('status').filter({ hasText: /added/i }).first()).toBeVisible();

  // Checkout is for customers: a guest is sent to log in.
  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/login/);
  const shopper = newShopper(testInfo, 'e2e_co');
  await signUp(page, shopper, PASSWORD);
  await submitLogin(page, shopper.username, PASSWORD);
  // Login brings the shopper back to the checkout that sent them there.
  await expect(page).toHaveURL(/\/checkout$/);

  // The guest cart was merged into the customer's cart.
  await page.goto('/cart');
  await waitForHydration(page);
  const row = page.getByRole('row').filter({ hasText: piece.product_name });
  await expect(row).toBeVisible();
  await expect(row.getByLabel(`Quantity of ${piece.product_name}`)).toHaveValue('1');
  const total = page.getByTestId('total');
  const before = await total.textContent();

  // Steppers change the row and the totals before Update Cart; minus floors at 0.
  await row.getByRole('button', { name: `One more ${piece.product_name}` }).click();
  await expect(row.getByLabel(`Quantity of ${piece.product_name}`)).toHaveValue('2');
  await expect(total).not.toHaveText(before!);
  await expect(page.getByText('Quantities changed: press Update Cart to save them.')).toBeVisible();
  await row.getByRole('button', { name: `One fewer ${piece.product_name}` }).click();
  await expect(total).toHaveText(before!);

  await page.getByLabel('Coupon code').fill('welcome10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Coupon WELCOME10 applied' })).toBeVisible();
  await expect(page.getByTestId('discount')).toBeVisible();
  await expect(page.getByTestId('shipping')).toHaveText('Rs. 2.99');
  await expect(total).toHaveText(/^Rs\. [\d,]+\.\d{2}$/);
  const cartTotal = await total.textContent();
  await shot(page, testInfo, 'cart');

  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await waitForHydration(page);
  await expect(page.getByLabel('Country', { exact: true })).toHaveValue('India');
  await expect(page.getByLabel('Country code')).toHaveValue('91');
  expect(await page.getByLabel('Country', { exact: true }).locator('option').count()).toBeGreaterThan(200);
  await expect(page.getByTestId('total')).toHaveText(cartTotal!);

  await fillBilling(page);
  await page.getByLabel('This is a corporate order').check();
  await expect(page.getByLabel('GSTIN')).toBeVisible();
  await page.getByLabel('This is a corporate order').uncheck();

  // Terms unticked: a message, not silence (DECISIONS §2).
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'accept the terms and conditions' })).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
  await shot(page, testInfo, 'checkout');

  const placedTotal = (await page.getByTestId('total').textContent())!.trim();
  await page.getByLabel('I have read and accept the terms and conditions').check();
  await page.getByRole('button', { name: 'Place Order' }).click();
  // The order awaits its payment: the demo gateway's checkout pays it.
  await payOnDemo(page);
  await expect(page.getByRole('heading', { name: 'Your order has been placed successfully' })).toBeVisible();
  await expect(page.getByText('Our team will get back to you over phone call')).toBeVisible();
  await expect(page.getByTestId('order-number')).toHaveText(/^MIL-\d{4}-\d{6}$/);
  await shot(page, testInfo, 'thank-you');

  const orderNumber = (await page.getByTestId('order-number').textContent())!.trim();

  // The cart is empty now.
  await page.goto('/cart');
  await expect(page.locator('main').getByText('Your cart is empty', { exact: true })).toBeVisible();

  // The order is in Active Orders with the total the cart and checkout showed, and its invoice downloads.
  await page.goto('/active-orders');
  const orderRow = page.getByRole('row').filter({ hasText: orderNumber });
  await expect(orderRow).toBeVisible();
  await expect(orderRow).toContainText(placedTotal);
  await expect(orderRow).toContainText('Placed');
  await orderRow.getByRole('link', { name: /View details/ }).click();
  await expect(page).toHaveURL(new RegExp(`/order-details\\?order=${orderNumber}$`));
  await expect(page.locator('dd.order-total')).toHaveText(placedTotal);
  await expect(page.getByRole('listitem').filter({ hasText: 'Order Placed' }).first()).toBeVisible();
  // The tax invoice is issued when the orders desk dispatches the order.
  await dispatchAsStaff(request, orderNumber);
  await page.reload();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download invoice' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const pdf = await download.path().then((p) => import('node:fs/promises').then((fs) => fs.readFile(p!)));
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
});

test.describe('without script', () => {
  test.use({ javaScriptEnabled: false });

  test('a guest’s cart: plus and minus post at once, minus floors at 0, remove empties it', async ({ page, request, context, baseURL }, testInfo) => {
    const list = await request.get('/api/product/productList?minPrice=10000&maxPrice=20000');
    const pieces = ((await list.json()) as { data: { product_id: number; product_name: string; product_stock_status: string }[] }).data.filter(
      (p) => p.product_stock_status === 'In Stock',
    );
    const piece = pieces[testInfo.project.name === 'mobile-375' ? 2 : 3]!;
    await context.addCookies([{ name: 'cartItems', value: encodeURIComponent(JSON.stringify([{ productId: piece.product_id, quantity: 1 }])), url: baseURL! }]);

    await page.goto('/cart');
    const row = page.getByRole('row').filter({ hasText: piece.product_name });
    const qty = row.getByLabel(`Quantity of ${piece.product_name}`);
    await expect(qty).toHaveValue('1');
    await row.getByRole('button', { name: `One more ${piece.product_name}` }).click();
    await expect(qty).toHaveValue('2');
    await expect(page.getByRole('status').filter({ hasText: 'Cart updated.' })).toBeVisible();
    await row.getByRole('button', { name: `One fewer ${piece.product_name}` }).click();
    await expect(qty).toHaveValue('1');
    await page.getByRole('button', { name: 'Update Cart' }).click();
    await expect(qty).toHaveValue('1');
    await row.getByRole('button', { name: `Remove ${piece.product_name} from your cart` }).click();
    await expect(page.locator('main').getByText('Your cart is empty', { exact: true })).toBeVisible();
  });
});
