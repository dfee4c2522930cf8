/**
 * Order lists and details in the browser. Placing an order is checkout's (another branch), so these specs
 * cover what a new customer meets: the guest redirect, empty lists that say so, and the 404 screen for an
 * order that is not theirs; the API tests (modules/orders) cover orders with data.
 */
import { expect, logInNewShopper, test, waitForHydration } from './fixtures.ts';

test('a guest who opens an order list or an order is sent to log in', async ({ page }) => {
  // Login remembers where the shopper was going (a path on this site), and brings them back after.
  await page.goto('/active-orders');
  await expect(page).toHaveURL(/\/login\?next=%2Factive-orders$/);
  await page.goto('/order-details?order=MIL-2026-000001');
  await expect(page).toHaveURL(/\/login\?next=%2Forder-details%3Forder%3DMIL-2026-000001$/);
});

test('a customer without orders sees empty lists that say so, and can switch lists', async ({ page }, testInfo) => {
  await logInNewShopper(page, testInfo, 'e2e_orders');
  await page.goto('/active-orders');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Active Orders' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Active Orders' });
  for (const column of ['My Order', 'Order ID', 'Order Date', 'Order Status']) {
    await expect(table.getByRole('columnheader', { name: column })).toBeAttached();
  }
  await expect(page.getByText('No active orders')).toBeVisible();

  const lists = page.getByRole('navigation', { name: 'Order lists' });
  await lists.getByRole('link', { name: 'Delivered Orders' }).click();
  await expect(page).toHaveURL(/\/completed-orders$/);
  await expect(page.getByText('No delivered orders yet')).toBeVisible();
  await expect(lists.getByRole('link', { name: 'Delivered Orders' })).toHaveAttribute('aria-current', 'page');

  await lists.getByRole('link', { name: 'Cancelled Orders' }).click();
  await expect(page).toHaveURL(/\/cancelled-orders$/);
  await expect(page.getByText('No cancelled orders')).toBeVisible();
});

test('an order that is not the customer’s is the 404 screen', async ({ page, consoleGuard }, testInfo) => {
  consoleGuard.allow(/status of 404/);
  await logInNewShopper(page, testInfo, 'e2e_orders');
  const res = await page.goto('/order-details?order=MIL-2026-000001');
  expect(res?.status()).toBe(404);
  await expect(page.getByText("Ooops! That page doesn't exist!")).toBeVisible();
});

test('order details without an order number points to the lists', async ({ page }, testInfo) => {
  await logInNewShopper(page, testInfo, 'e2e_orders');
  await page.goto('/order-details');
  await expect(page.getByText('Which order would you like to follow?')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Active Orders' }).last()).toHaveAttribute('href', '/active-orders');
});
