/**
 * Milli Harvest as a shopper lives it (spec §2 Harvest, DECISIONS §2, issues 18 and 21): a guest sees the live
 * breakdown and is asked to log in; after logging in the amount is still there and the e-mail is the account's (the
 * shared page fills them in); Start Now leads to the customer's own plan page with the eleven-row schedule; the
 * first instalment is paid in the demo gateway's checkout dialog, a declined test card first (the bank's reason
 * shows) and then UPI; the payment appears under My Account → Payments. On the shared page a customer's running plan
 * and its schedule appear once the browser knows them. Without JavaScript the plan page's own form pays a chosen
 * test instrument. No card number is typed anywhere. Each test has its own customer.
 */
import type { Page } from '@playwright/test';
import { expect, logInNewShopper, logInThroughForm, newShopper, ownOrigin, signUp, test, waitForHydration } from './fixtures.ts';

/** The refusals this journey causes on purpose: the guest's Start Now (401) and the declined test card (402). */
const EXPECTED_REFUSALS =
  /Failed to load resource: the server responded with a status of 40[12] .* @ \S+\/(milli-harvest\.data|api\/payments\/demo\/checkout)\b/;
const PASSWORD = 'Harvest2026';
const DECLINED = 'Your payment was declined by your bank.';

/** The schedule's rows. */
const scheduleOf = (page: Page) => page.getByRole('table', { name: 'Instalment schedule of your Milli Harvest plan' });

test('enrol in Milli Harvest with Rs. 2,000, pay the first instalment after a decline, and see it in My Account', async ({ page, consoleGuard }, testInfo) => {
  test.slow();
  consoleGuard.allow(EXPECTED_REFUSALS);
  const shopper = newShopper(testInfo, 'hv');

  // A guest: the breakdown follows the amount; Start Now asks for a login.
  await page.goto('/milli-harvest');
  await waitForHydration(page);
  const amount = page.getByLabel('Monthly amount (Rs.)');
  await amount.fill('2000');
  const breakdown = page.locator('#harvest-breakdown');
  await expect(breakdown).toContainText('You pay');
  await expect(breakdown).toContainText('19,000');
  await expect(breakdown).toContainText('3,000');
  await expect(breakdown).toContainText('22,000');
  await amount.fill('1200');
  await expect(breakdown).toContainText('multiple of Rs. 500');
  await amount.fill('2000');
  await page.getByLabel('E-mail').fill(shopper.email);
  await page.getByRole('button', { name: 'Start Now' }).click();
  await expect(page.getByRole('alert')).toContainText('Please log in or sign up to start your Milli Harvest plan.');

  // Sign up and log in.
  await signUp(page, shopper, PASSWORD);
  await logInThroughForm(page, shopper, PASSWORD);

  // Back on the page, the amount typed as a guest is still there; the e-mail is the account's.
  await page.goto('/milli-harvest');
  await waitForHydration(page);
  await expect(page.getByLabel('Monthly amount (Rs.)')).toHaveValue('2000');
  await expect(page.getByLabel('E-mail')).toHaveValue(shopper.email);
  await page.getByRole('button', { name: 'Start Now' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/milli-harvest/plan');
  await expect(page.getByRole('status').filter({ hasText: 'Your Milli Harvest plan has started.' })).toBeVisible();
  const schedule = scheduleOf(page);
  await expect(schedule.locator('tbody tr')).toHaveCount(11);
  await expect(schedule.locator('tbody tr').first()).toContainText('Due');
  await expect(schedule.locator('tbody tr').last()).toContainText('Free');

  // Pay the first in the demo gateway's dialog: a declined test card, then UPI.
  await page.getByRole('link', { name: 'Pay instalment 1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Test payment' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: /^Pay Rs\. ?1,000/ })).toBeVisible();
  await expect(dialog.getByRole('textbox')).toHaveCount(0);
  await dialog.getByRole('radio', { name: /Visa •••• 0002/ }).check();
  await dialog.getByRole('button', { name: /^Pay Rs/ }).click();
  await expect(dialog.getByRole('alert')).toContainText(DECLINED);
  await expect(schedule.locator('tbody tr').first()).toContainText('Due');

  await dialog.getByRole('radio', { name: /UPI success@razorpay/ }).check();
  await dialog.getByRole('button', { name: /^Pay Rs/ }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Payment received: instalment 1 of 10 is paid.' })).toBeVisible();
  await expect(schedule.locator('tbody tr').first()).toContainText('Paid');
  await expect(page.getByRole('link', { name: 'Pay instalment 2' })).toBeVisible();

  // My Account → Payments: the instalment's one payment, paid by UPI.
  await page.goto('/account?tab=payments');
  await waitForHydration(page);
  const payments = page.getByRole('table', { name: 'Your payments, newest first' });
  await expect(payments.locator('tbody tr')).toHaveCount(1);
  await expect(payments.locator('tbody tr').first()).toContainText('Milli Harvest instalment 1 of 10');
  await expect(payments.locator('tbody tr').first()).toContainText('UPI');
  await expect(payments.locator('tbody tr').first()).toContainText('Paid');
});

test('closing the checkout dialog pays nothing, and the instalment can be paid afterwards', async ({ page }, testInfo) => {
  const shopper = await logInNewShopper(page, testInfo, 'hvc');
  const enrolled = await page.request.post('/api/harvest/enrol', { multipart: { monthlyAmount: '1000', email: shopper.email }, headers: ownOrigin() });
  expect(enrolled.status(), await enrolled.text()).toBe(200);
  // The shared page: the customer's running plan takes the form's place, its schedule below, once the browser asks.
  await page.goto('/milli-harvest#plan');
  await waitForHydration(page);
  await expect(page.getByText('Your plan · Running')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start Now' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Pay next instalment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Test payment' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: /^Pay Rs\. ?500/ })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(scheduleOf(page).locator('tbody tr').first()).toContainText('Due');
  await page.getByRole('link', { name: 'Pay instalment 1' }).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('link', { name: 'Pay instalment 1' }).click();
  await dialog.getByRole('radio', { name: /Netbanking/ }).check();
  await dialog.getByRole('button', { name: /^Pay Rs/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Payment received: instalment 1 of 10 is paid.' })).toBeVisible();
});

test.describe('without script', () => {
  test.use({ javaScriptEnabled: false });

  test('the Pay form posts a test instrument: a decline says why, UPI pays the instalment', async ({ page, consoleGuard }, testInfo) => {
    // The declined instrument's answer is the page itself, with 402.
    consoleGuard.allow(/Failed to load resource: the server responded with a status of 402 .*\/milli-harvest\/plan\?pay=\d+/);
    const shopper = await logInNewShopper(page, testInfo, 'hvn');
    // The shared page cannot show whose it is: the form, the way to one's own plan, and an e-mail left for the account.
    await page.goto('/milli-harvest');
    await expect(page.getByRole('link', { name: 'See your plan and its instalments' })).toHaveAttribute('href', '/milli-harvest/plan');
    await expect(page.getByLabel('E-mail')).toHaveValue('');
    await page.getByLabel('Monthly amount (Rs.)').fill('1500');
    await page.getByRole('button', { name: 'Start Now' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/milli-harvest/plan');
    await expect(page.getByRole('status').filter({ hasText: 'Your Milli Harvest plan has started.' })).toBeVisible();
    const plans = (await (await page.request.get('/api/harvest/plans')).json()) as { data: { email: string }[] };
    expect(
      plans.data.map((p) => p.email),
      'the e-mail left empty is the account’s',
    ).toEqual([shopper.email]);

    await page.getByRole('link', { name: 'Pay instalment 1' }).click();
    const form = page.locator('#pay-form');
    await expect(form.getByRole('heading', { name: /Pay instalment 1: Rs\. ?750/ })).toBeVisible();
    await expect(form.getByRole('textbox')).toHaveCount(0);
    await form.getByRole('radio', { name: /Visa •••• 0002/ }).check();
    await form.getByRole('button', { name: /^Pay Rs/ }).click();
    await expect(page.locator('#pay-form').getByRole('alert')).toContainText(DECLINED);
    await expect(page.locator('#pay-form').getByRole('radio', { name: /Visa •••• 0002/ })).toBeChecked();
    await expect(scheduleOf(page).locator('tbody tr').first()).toContainText('Due');

    await page
      .locator('#pay-form')
      .getByRole('radio', { name: /UPI success@razorpay/ })
      .check();
    await page
      .locator('#pay-form')
      .getByRole('button', { name: /^Pay Rs/ })
      .click();
    await expect(page.getByRole('status').filter({ hasText: 'Payment received: instalment 1 of 10 is paid.' })).toBeVisible();
    await expect(scheduleOf(page).locator('tbody tr').first()).toContainText('Paid');
    await expect(page.locator('#pay-form')).toHaveCount(0);
  });
});

test.describe('without script, a customer whose plan is running', () => {
  test.use({ javaScriptEnabled: false });

  test('reaches it from the shared page, and Start Now leads to it', async ({ page, consoleGuard }, testInfo) => {
    consoleGuard.allow(/Failed to load resource: the server responded with a status of 409 .*\/milli-harvest\b/);
    const shopper = await logInNewShopper(page, testInfo, 'hvr');
    const enrolled = await page.request.post('/api/harvest/enrol', { multipart: { monthlyAmount: '3000', email: shopper.email }, headers: ownOrigin() });
    expect(enrolled.status(), await enrolled.text()).toBe(200);
    await page.goto('/milli-harvest');
    await page.getByRole('link', { name: 'See your plan and its instalments' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/milli-harvest/plan');
    await expect(page.getByText('Your plan · Running')).toBeVisible();
    await expect(scheduleOf(page).locator('tbody tr')).toHaveCount(11);

    // Start Now again from the shared page: the answer is theirs, and leads to the plan.
    await page.goto('/milli-harvest');
    await page.getByRole('button', { name: 'Start Now' }).click();
    await expect(page.getByRole('alert')).toContainText('You already have a Milli Harvest plan running.');
    await page.getByRole('alert').getByRole('link', { name: 'See your plan' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/milli-harvest/plan');
  });

  test('a guest is sent to log in from the plan page, and a customer without a plan is shown the way to start one', async ({ page }, testInfo) => {
    await page.goto('/milli-harvest/plan?pay=1');
    await expect(page).toHaveURL((url) => url.pathname === '/login' && url.searchParams.get('next') === '/milli-harvest/plan?pay=1');
    await logInNewShopper(page, testInfo, 'hvz');
    await page.goto('/milli-harvest/plan');
    await expect(page.getByText('You have no Milli Harvest plan yet.')).toBeVisible();
    await page.getByRole('link', { name: 'Start your plan' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/milli-harvest');
  });
});
