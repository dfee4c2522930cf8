/**
 * Issue 39, the desk's day: a customer places two orders (paid on the demo gateway) with a phone number of their own;
 * staff paste that number, as a caller reads it out, into the back office header's search box and find both orders
 * and the customer; then, on the orders list, tick both in the Placed queue and mark them picked at once, and read
 * what happened to each. The search results work as a GET form (keyboard: Tab to the box, type, Enter). axe on
 * both screens; SHOTS_DIR=… saves screenshots of the results and of the compact list at 1024 and 1440.
 */
import { randomInt } from 'node:crypto';
import { E2E_OWNER, expect, fillBilling, logInNewShopper, noSeriousAxe, payOnDemo, shots, staffSignIn, test, waitForHydration } from './fixtures.ts';
import { addToCart, pieces } from './shop.ts';

test('a phone number pasted into the header finds the caller’s orders, and the two are marked picked together', async ({ browser, request }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop-1440', 'the desk runs once, at desktop size');
  test.setTimeout(240_000);
  const digits = `9${String(randomInt(100_000_000, 999_999_999))}`;
  const pasted = `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`;

  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  await logInNewShopper(customer, testInfo, 'e2e_search');
  const orderNumbers: string[] = [];
  // Two pieces from the far end of a band the other specs buy least from, one an order.
  const band = await pieces(request, { min: 60_000, max: 150_000 });
  for (const piece of band.slice(-2)) {
    await addToCart(customer, piece.product_id);
    await customer.goto('/checkout');
    await fillBilling(customer, { 'Phone number': digits });
    await customer.getByLabel('I have read and accept the terms and conditions').check();
    await customer.getByRole('button', { name: 'Place Order' }).click();
    orderNumbers.push(await payOnDemo(customer));
  }
  await customerContext.close();

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await staffSignIn(staff, E2E_OWNER);

  // The header's box, reached by keyboard: the search answers on its own page, by a GET form.
  const box = staff.getByRole('searchbox', { name: /Search orders, customers/ });
  await box.focus();
  await staff.keyboard.type(pasted);
  await staff.keyboard.press('Enter');
  await expect(staff).toHaveURL(/\/admin\/search\?q=/);
  await expect(staff.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible();
  await expect(staff.getByText(`Read as the phone number ${digits.slice(0, 5)} ${digits.slice(5)}.`)).toBeVisible();
  const orders = staff.getByRole('region', { name: /^Orders/ });
  for (const n of orderNumbers) await expect(orders.getByRole('link', { name: n })).toBeVisible();
  await expect(orders.getByText('by phone')).toHaveCount(2);
  await expect(staff.getByRole('region', { name: /^Customers/ }).getByRole('listitem')).toHaveCount(1);
  await noSeriousAxe(staff, 'search results');
  await shots(staff, 'admin-search', [1024, 1440]);
  await orders.getByRole('link', { name: orderNumbers[0]! }).click();
  await expect(staff.getByRole('heading', { level: 1, name: `Order ${orderNumbers[0]}` })).toBeVisible();

  // The Placed queue, narrowed to the caller's phone; both ticked, one click.
  await staff.goto(`/admin/orders?status=Placed&q=${digits}`);
  await waitForHydration(staff);
  for (const n of orderNumbers) await staff.getByRole('checkbox', { name: `Select ${n}` }).check();
  await expect(staff.getByText('2 selected')).toBeVisible();
  await staff.getByRole('button', { name: 'Mark picked' }).click();
  await expect(staff.getByRole('status').filter({ hasText: '2 marked Picked.' })).toBeVisible();
  await staff.goto(`/admin/orders?status=Picked&q=${digits}`);
  for (const n of orderNumbers) await expect(staff.getByRole('row').filter({ hasText: n })).toContainText('Picked');
  await noSeriousAxe(staff, 'orders list with bulk actions');
  await staffContext.close();
});

test('twenty orders fit one 1440x900 screen of the orders list', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop-1440', 'a desktop measure');
  await staffSignIn(page, E2E_OWNER);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/admin/orders?perPage=25');
  // The store may hold fewer than twenty orders yet: the rows are one line each, so the first row's place and height
  // say where the twentieth would end.
  const rows = page.locator('.adm-order-bulk tbody tr');
  await expect(rows.first()).toBeVisible();
  const first = (await rows.first().boundingBox())!;
  const heights = await rows.evaluateAll((trs) => trs.map((tr) => tr.getBoundingClientRect().height));
  expect(Math.max(...heights) - Math.min(...heights), 'every row is one line high').toBeLessThan(2);
  expect(first.y + 20 * first.height, 'the twentieth row ends within 900 px').toBeLessThanOrEqual(900);
  await shots(page, 'admin-orders-compact', [1024, 1440]);
});
