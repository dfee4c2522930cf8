/**
 * Milli Harvest as a shopper lives it (spec §2 Harvest, DECISIONS §2): a guest sees the live breakdown
 * and is asked to log in; after logging in the amount is still there; Start Now shows the eleven-row
 * schedule; the first instalment is paid with a declined card (the reason shows) and then a good one;
 * the payments appear under My Account → Payments. Each test has its own customer.
 */
import type { Page } from '@playwright/test';
import { expect, logInThroughForm, newShopper, signUp, test, waitForHydration } from './fixtures.ts';

/** The refusals this journey causes on purpose: the guest's Start Now (401) and the declined card (402). */
const EXPECTED_REFUSALS = /Failed to load resource: the server responded with a status of 40[12] .* @ \S+\/milli-harvest\.data\b/;
const PASSWORD = 'Harvest2026';

async function payWith(page: Page, number: string) {
  const form = page.locator('#pay-form');
  await form.getByLabel('Name on card').fill('Asha Rao');
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiry (MM/YY)').fill('12/30');
  await form.getByLabel('CVV').fill('123');
  await form.getByRole('button', { name: /^Pay Rs/ }).click();
}

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
  await expect(page.getByRole('status').filter({ hasText: 'Your Milli Harvest plan has started.' })).toBeVisible();
  const schedule = page.getByRole('table', { name: 'Instalment schedule of your Milli Harvest plan' });
  await expect(schedule.locator('tbody tr')).toHaveCount(11);
  await expect(schedule.locator('tbody tr').first()).toContainText('Due');
  await expect(schedule.locator('tbody tr').last()).toContainText('Free');

  // Pay the first: declined, then paid.
  await page.getByRole('link', { name: 'Pay instalment 1' }).click();
  await expect(page.getByRole('heading', { name: /Pay instalment 1: Rs\. ?1,000/ })).toBeVisible();
  await expect(page.locator('#pay-form')).toContainText('4000 0000 0000 0002');
  await expect(page.getByLabel('Card number')).toHaveAttribute('autocomplete', 'cc-number');
  await payWith(page, '4000 0000 0000 0002');
  await expect(page.locator('#pay-form').getByRole('alert')).toHaveText('Your card was declined.');
  await expect(schedule.locator('tbody tr').first()).toContainText('Due');

  await payWith(page, '4111 1111 1111 1111');
  await expect(page.getByRole('status').filter({ hasText: 'Payment received: instalment 1 of 10 is paid.' })).toBeVisible();
  await expect(schedule.locator('tbody tr').first()).toContainText('Paid');
  await expect(page.getByRole('link', { name: 'Pay instalment 2' })).toBeVisible();

  // My Account → Payments lists both attempts.
  await page.goto('/account?tab=payments');
  await waitForHydration(page);
  const payments = page.getByRole('table', { name: 'Your payments, newest first' });
  await expect(payments.locator('tbody tr')).toHaveCount(2);
  await expect(payments.locator('tbody tr').first()).toContainText('Milli Harvest instalment 1 of 10');
  await expect(payments.locator('tbody tr').first()).toContainText('Visa •••• 1111');
  await expect(payments.locator('tbody tr').first()).toContainText('Paid');
  await expect(payments.locator('tbody tr').last()).toContainText('Your card was declined.');
});
