/**
 * Shopping steps the payment specs share: a piece of their own to buy, into the cart, and from the checkout
 * to the payment step.
 */
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { deliverAsStaff, dispatchAsStaff, expect, fillBilling, ownOrigin, payOnDemo } from './fixtures.ts';

export const PAY_PAGE = /\/checkout\/pay\/MIL-\d{4}-\d{6}$/;

/**
 * In-stock pieces without a size, of Rs. 30,000-60,000 (below the PAN threshold; no other spec buys these), or of
 * the price band given.
 */
export async function pieces(request: APIRequestContext, band = { min: 30_000, max: 60_000 }): Promise<{ product_id: number; product_name: string }[]> {
  const list = await request.get(`/api/product/productList?minPrice=${band.min}&maxPrice=${band.max}`);
  const listed = ((await list.json()) as { data: { product_id: number; product_name: string; product_stock_status: string }[] }).data.filter(
    (p) => p.product_stock_status === 'In Stock',
  );
  const found = [];
  for (const p of listed) {
    const detail = (await (await request.get(`/api/product/find-by-id/${p.product_id}`)).json()) as { data: { pricing: { sizeKind: string | null } } };
    if (detail.data.pricing.sizeKind === null) found.push(p);
  }
  return found;
}

/** A piece of its own for each test and project, so no two tests buy the last one of the same piece. */
export async function pieceFor(request: APIRequestContext, testInfo: TestInfo, slot: number) {
  const all = await pieces(request);
  const piece = all[slot * 2 + (testInfo.project.name === 'mobile-375' ? 0 : 1)];
  if (!piece) throw new Error(`no piece for slot ${slot}: ${all.length} found`);
  return piece;
}

/** The shopper's cart holds the piece (through the API, as the product page's Add to Cart does). */
export async function addToCart(page: Page, productId: number) {
  const me = (await (await page.request.get('/api/auth/me')).json()) as { userId: number };
  const res = await page.request.post('/api/cart/add', {
    multipart: { cart_product_id: productId, cart_quantity: 1, cart_user_id: me.userId },
    headers: ownOrigin(),
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** From the checkout page to the payment step: billing, terms, Place Order. */
export async function placeOrder(page: Page) {
  await page.goto('/checkout');
  await fillBilling(page);
  await page.getByLabel('I have read and accept the terms and conditions').check();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(PAY_PAGE);
  return decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1)!);
}

/** The signed-in shopper buys the piece and pays on the demo gateway; staff dispatch it and mark it Delivered. Its number. */
export async function deliveredOrder(page: Page, request: APIRequestContext, productId: number): Promise<string> {
  await addToCart(page, productId);
  await placeOrder(page);
  const orderNumber = await payOnDemo(page);
  await dispatchAsStaff(request, orderNumber);
  await deliverAsStaff(request, orderNumber);
  return orderNumber;
}
