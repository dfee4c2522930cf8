/**
 * Small things a shopper sees (issue 40): no '0' on the header's wish list and cart when they are empty; an empty
 * cart that offers a way on, not a coupon box and totals of Rs. 0.00; a thank-you page whose confetti falls briefly
 * behind the card, with the order summed up; a product page whose price follows the chosen options without JavaScript.
 */
import { expect, expectPersonalKnown, logInNewShopper, payOnDemo, shots, test, waitForHydration } from './fixtures.ts';
import { addToCart, pieces, placeOrder } from './shop.ts';

test('an empty wish list and cart show their icons alone, and the empty cart a way on without coupon or Rs. 0.00', async ({ page }) => {
  await page.goto('/cart');
  await waitForHydration(page);
  await expectPersonalKnown(page);
  const header = page.locator('header.site-header');
  await expect(header.getByRole('link', { name: 'Wish list, 0 items' })).toBeVisible();
  for (const badge of await header.locator('.count-badge').all()) {
    await expect(badge).toBeHidden();
    await expect(badge).toHaveText('');
  }

  const main = page.locator('main');
  await expect(main.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  await expect(main.getByLabel('Coupon code')).toHaveCount(0);
  await expect(main.getByRole('heading', { name: 'Cart totals' })).toHaveCount(0);
  await expect(main).not.toContainText('Rs. 0.00');
  await expect(main.getByRole('link', { name: 'Browse all jewellery' })).toHaveAttribute('href', '/alljewellery');
  await expect(main.getByRole('navigation', { name: 'Shop by category' }).getByRole('link')).not.toHaveCount(0);
  await shots(page, 'cart-empty', [375, 1440]);
});

test('a placed order: the cart badge counted it, and the thank-you page sums it up under the number, confetti behind and brief', async ({
  page,
  request,
}, testInfo) => {
  await logInNewShopper(page, testInfo, 'thanks');
  // A piece of its own: Rs. 10,000-30,000 without a size (the payment specs buy Rs. 30,000-60,000), one per project.
  const piece = (await pieces(request, { min: 10_000, max: 30_000 }))[testInfo.project.name === 'mobile-375' ? 0 : 1]!;
  await addToCart(page, piece.product_id);
  await page.goto('/cart');
  await expectPersonalKnown(page);
  const badge = page.locator('header.site-header a[href="/cart"] .count-badge');
  await expect(badge).toBeVisible();
  await expect(badge).toHaveText('1');

  await placeOrder(page);
  const orderNumber = await payOnDemo(page);
  await waitForHydration(page);
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary).toContainText(piece.product_name);
  await expect(summary).toContainText(/Total\s*Rs\. [\d,]+\.\d\d/);
  await expect(summary.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}$/);
  // fillBilling's address, its city once.
  await expect(summary).toContainText('12 Temple Street, Mylapore, Chennai');
  expect((await summary.textContent())!.match(/Chennai/g)).toHaveLength(1);
  await expect(page.getByTestId('order-number')).toHaveText(orderNumber);

  // The confetti is drawn under the card, and stops within a few seconds.
  const layers = await page.evaluate(() => {
    const z = (el: Element | null) => (el ? Number(getComputedStyle(el).zIndex) : NaN);
    return { confetti: z(document.querySelector('.confetti')), card: z(document.querySelector('.thanks-inner')) };
  });
  expect(layers.card).toBeGreaterThan(layers.confetti);
  await expect(page.locator('canvas.confetti')).not.toHaveAttribute('data-falling', /.*/, { timeout: 5_000 });
  await shots(page, 'thank-you-summary', [375, 1440]);

  // A visitor who prefers less motion gets no confetti at all.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.reload();
  await waitForHydration(page);
  await page.waitForTimeout(300);
  await expect(page.locator('canvas.confetti')).not.toHaveAttribute('data-falling', /.*/);
});

test('without JavaScript, Update price draws the product page again at the chosen gold quality and its price', async ({ browser, request }) => {
  // A gold piece with more than one quality priced today.
  const list = (await (await request.get('/api/product/productList?material=Gold')).json()) as { data: { product_id: number }[] };
  let id: number | null = null;
  let other: number | null = null;
  for (const p of list.data) {
    const detail = (await (await request.get(`/api/product/find-by-id/${p.product_id}`)).json()) as {
      data: { pricing: { purities: number[]; defaultPurity: number; ratesPaisePerGram: Record<string, number>; fixedPricePaise: number | null } };
    };
    const { purities, defaultPurity, ratesPaisePerGram, fixedPricePaise } = detail.data.pricing;
    const priced = purities.filter((k) => k !== defaultPurity && ratesPaisePerGram[String(k)] !== undefined);
    if (fixedPricePaise === null && priced.length > 0) {
      id = p.product_id;
      other = priced[0]!;
      break;
    }
  }
  expect(id, 'a gold piece with a second quality').not.toBeNull();

  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: process.env.MILLI_E2E_URL });
  const page = await context.newPage();
  await page.goto(`/product-detail/${id}`);
  const price = page.getByLabel('Price', { exact: true });
  const before = await price.textContent();
  const quality = page.getByRole('group', { name: 'Gold quality' });
  await quality.getByText(`${other}kt`, { exact: true }).click();
  await page.getByRole('button', { name: 'Update price' }).click();
  await expect(page).toHaveURL(new RegExp(`/product-detail/${id}\\?.*purity=${other}`));
  await expect(quality.getByRole('radio', { name: `${other}kt` })).toBeChecked();
  await expect(price).not.toHaveText(before!);
  // The breakup below is the same choice's: its total is the price shown.
  await expect(page.locator('.breakup-table tfoot output')).toHaveText((await price.textContent())!);
  await context.close();
});

test('with JavaScript the price follows at once: no Update price button', async ({ page, request }) => {
  const list = (await (await request.get('/api/product/productList?material=Gold')).json()) as { data: { product_id: number }[] };
  await page.goto(`/product-detail/${list.data[0]!.product_id}`);
  await waitForHydration(page);
  await expect(page.getByRole('button', { name: 'Add to Cart' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update price' })).toHaveCount(0);
});
