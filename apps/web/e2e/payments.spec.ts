/**
 * Paying for an order in the browser (issue 18), through the demo gateway: Place Order leads to the payment
 * step; its "Test payment" dialog is declined by one test instrument (the bank's message shows) and pays with
 * another; the order is Paid and its invoice downloads. The same without JavaScript through the plain form;
 * a closed dialog leaves the order awaiting payment with Pay now on its page; and only the payment step's
 * Content-Security-Policy lets Razorpay Checkout in. SHOTS_DIR=… saves screenshots.
 */
import type { Locator, Page, TestInfo } from '@playwright/test';
import { axeCheck, dispatchAsStaff, expect, logInNewShopper, payOnDemo, test, waitForHydration } from './fixtures.ts';
import { addToCart, PAY_PAGE, pieceFor, placeOrder } from './shop.ts';

const ORDER_PAGE = /\/order-details\?order=MIL-\d{4}-\d{6}$/;

/** What the visitor's screen shows (a modal dialog stays in view), or one part of the page. */
async function shot(page: Page, testInfo: TestInfo, name: string, part?: Locator) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  const path = `${dir}/${name}-${testInfo.project.name}.png`;
  // Without script the preloader fades out by CSS alone: wait for it.
  await expect(page.locator('.preloader')).toBeHidden();
  if (part) await part.screenshot({ path });
  else await page.screenshot({ path });
}

/** Serious or critical axe findings (WCAG 2.1 A and AA) on what the page shows now, once its animations ended. */
async function axeProblems(page: Page, what: string): Promise<string[]> {
  const { serious } = await axeCheck(page);
  return serious.map((v) => `${what}: ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

test('a new shopper pays in the Test payment dialog: declined first, then paid; the order is Paid with its invoice', async ({
  page,
  request,
  consoleGuard,
}, testInfo) => {
  test.setTimeout(150_000);
  // The declined test payment is answered 402, which the browser reports.
  consoleGuard.allow(/status of 402/);
  const piece = await pieceFor(request, testInfo, 0);
  await logInNewShopper(page, testInfo, 'e2e_pay');
  await page.goto(`/product-detail/${piece.product_id}`);
  await waitForHydration(page);
  await page.locator('#pd-buy').getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('status').filter({ hasText: /added/i }).first()).toBeVisible();

  await page.goto('/checkout');
  await waitForHydration(page);
  const total = (await page.getByTestId('total').textContent())!.trim();
  const orderNumber = await placeOrder(page);

  // The step: the amount, what it is for, until when the pieces are held; no card field anywhere.
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: 'Pay for your order' })).toBeVisible();
  await expect(page.getByTestId('pay-amount')).toHaveText(total);
  await expect(page.locator('main')).toContainText(orderNumber);
  await expect(page.locator('main')).toContainText(piece.product_name);
  await expect(page.getByRole('note').filter({ hasText: /held for you until \d{2}:\d{2} IST/ })).toBeVisible();
  await shot(page, testInfo, 'pay-step', page.locator('.pay-card'));

  const payButton = page.getByRole('button', { name: `Pay ${total}` });
  await payButton.click();
  const dialog = page.getByRole('dialog', { name: 'Test payment' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('radio')).toHaveCount(6);
  await expect(dialog.getByRole('textbox')).toHaveCount(0);
  await expect(dialog.getByRole('radio').first()).toBeFocused();
  await shot(page, testInfo, 'pay-dialog');

  // Nothing chosen: said, not silent.
  await dialog.getByRole('button', { name: `Pay ${total}` }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please choose a test payment method.');

  // The bank declines: its message shows in the dialog, and another instrument can be chosen.
  await dialog.getByLabel('Test card Visa •••• 0002').check();
  await dialog.getByRole('button', { name: `Pay ${total}` }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  await expect(dialog.getByRole('alert')).not.toHaveText('Please choose a test payment method.');
  await expect(page).toHaveURL(PAY_PAGE);
  await shot(page, testInfo, 'pay-dialog-declined');

  await dialog.getByLabel('Test card Visa •••• 1111').check();
  await dialog.getByRole('button', { name: `Pay ${total}` }).click();
  await expect(page).toHaveURL(new RegExp(`/thank-you\\?order=${orderNumber}$`));
  await expect(page.getByRole('heading', { name: 'Your order has been placed successfully' })).toBeVisible();
  await expect(page.getByTestId('payment-note')).toContainText(`We have received your payment of ${total}`);
  await shot(page, testInfo, 'thank-you-paid', page.locator('.thanks-card'));

  await page.goto(`/order-details?order=${orderNumber}`);
  await expect(page.locator('.order-head')).toContainText('Placed');
  const paid = page.locator('.order-pay-facts');
  await expect(paid).toContainText('Paid');
  await expect(paid).toContainText(total);
  await expect(page.getByRole('link', { name: /Pay now/ })).toHaveCount(0);
  // The tax invoice is issued when the orders desk dispatches the order.
  await dispatchAsStaff(request, orderNumber);
  await page.reload();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download invoice' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
});

test('closing the dialog leaves the order awaiting payment; its page says so, and its Pay now pays', async ({ page, request }, testInfo) => {
  test.setTimeout(150_000);
  const piece = await pieceFor(request, testInfo, 1);
  await logInNewShopper(page, testInfo, 'e2e_payl');
  await addToCart(page, piece.product_id);
  await page.goto('/checkout');
  await waitForHydration(page);
  const orderNumber = await placeOrder(page);
  await waitForHydration(page);

  // Only the payment step lets Razorpay Checkout in; the home page and checkout keep the store's own policy.
  const policy = async (path: string) => (await page.request.get(path)).headers()['content-security-policy'] ?? '';
  const payPath = new URL(page.url()).pathname;
  const payPolicy = await policy(payPath);
  // The step is the shopper's own: never kept by a cache, never indexed.
  const payHeaders = (await page.request.get(payPath)).headers();
  expect(payHeaders['cache-control']).toBe('private, no-store');
  expect(payHeaders['x-robots-tag']).toBe('noindex, nofollow');
  expect(payPolicy).toMatch(/script-src [^;]*https:\/\/checkout\.razorpay\.com/);
  expect(payPolicy).toMatch(/frame-src [^;]*https:\/\/api\.razorpay\.com/);
  for (const path of ['/', '/checkout']) expect(await policy(path), path).not.toContain('razorpay');

  expect(await axeProblems(page, 'the payment step')).toEqual([]);

  // Esc closes the dialog, and the focus is back on Pay; the order still awaits its payment.
  await page.getByRole('button', { name: /^Pay Rs\./ }).click();
  const dialog = page.getByRole('dialog', { name: 'Test payment' });
  await expect(dialog).toBeVisible();
  expect(await axeProblems(page, 'the Test payment dialog')).toEqual([]);
  // Tab stays in the dialog: from its last button back to its first.
  await dialog.getByRole('button', { name: 'Cancel' }).focus();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Close Test payment' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: /^Pay Rs\./ })).toBeFocused();
  // The close button closes it too.
  await page.getByRole('button', { name: /^Pay Rs\./ }).click();
  await dialog.getByRole('button', { name: 'Close Test payment' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('link', { name: 'See your order' }).click();
  await expect(page).toHaveURL(ORDER_PAGE);
  await expect(page.locator('.order-head')).toContainText('Awaiting payment');
  await expect(page.getByRole('region', { name: /Awaiting payment of Rs\./ })).toContainText(/held until \d{2}:\d{2} IST/);
  // No tax invoice before the order is placed.
  await expect(page.getByRole('link', { name: 'Download invoice' })).toHaveCount(0);
  expect(await axeProblems(page, 'the order awaiting payment')).toEqual([]);
  await shot(page, testInfo, 'order-awaiting', page.locator('.order-details > section').first());

  await page.goto('/active-orders');
  const row = page.getByRole('row').filter({ hasText: orderNumber });
  await expect(row).toContainText('Awaiting payment');
  await expect(row.getByRole('link', { name: `Pay now for order ${orderNumber}` })).toHaveAttribute('href', `/checkout/pay/${orderNumber}`);
  await shot(page, testInfo, 'active-awaiting', page.getByRole('table', { name: 'Active Orders' }));

  await page.goto(`/order-details?order=${orderNumber}`);
  await page.getByRole('link', { name: /^Pay now/ }).click();
  await expect(page).toHaveURL(PAY_PAGE);
  expect(await payOnDemo(page, 'UPI success@razorpay')).toBe(orderNumber);
  await page.goto(`/order-details?order=${orderNumber}`);
  await expect(page.locator('.order-pay-facts')).toContainText('Paid');
});

test.describe('without script', () => {
  test.use({ javaScriptEnabled: false });

  test('the payment step is a plain form: declined first, then paid, then thank-you', async ({ page, request, consoleGuard }, testInfo) => {
    test.setTimeout(150_000);
    consoleGuard.allow(/status of 402/);
    const piece = await pieceFor(request, testInfo, 2);
    await logInNewShopper(page, testInfo, 'e2e_payn');
    await addToCart(page, piece.product_id);
    const orderNumber = await placeOrder(page);

    await expect(page.getByRole('heading', { name: 'Pay for your order' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Test payment method' }).getByRole('radio')).toHaveCount(6);
    await shot(page, testInfo, 'pay-step-noscript', page.locator('.pay-card'));

    await page.getByLabel('Test card Mastercard •••• 9995').check();
    await page.getByRole('button', { name: /^Pay Rs\./ }).click();
    await expect(page).toHaveURL(PAY_PAGE);
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page.getByLabel('Test card Mastercard •••• 9995')).toBeChecked();

    await page.getByLabel('Netbanking: Test Bank').check();
    await page.getByRole('button', { name: /^Pay Rs\./ }).click();
    await expect(page).toHaveURL(new RegExp(`/thank-you\\?order=${orderNumber}$`));
    await expect(page.getByTestId('payment-note')).toContainText('We have received your payment');

    await page.goto(`/order-details?order=${orderNumber}`);
    await expect(page.locator('.order-pay-facts')).toContainText('Paid');
    // The tax invoice comes with the dispatch (issue 19), which the orders desk does.
    await expect(page.getByText('The tax invoice is issued when your order is dispatched.')).toBeVisible();
    await dispatchAsStaff(request, orderNumber);
    await page.reload();
    await expect(page.getByRole('link', { name: 'Download invoice' })).toBeVisible();
  });
});
