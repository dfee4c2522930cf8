/**
 * Messages on SMS and WhatsApp (issue 41), as a shopper uses them: from My Account to Message preferences, order
 * updates by SMS until they choose, WhatsApp chosen and saved; the same form without JavaScript; an opt-out link that
 * is not one says so and changes nothing; the owner enters a kind's MSG91, DLT and WhatsApp template ids in the back
 * office. With SHOTS_DIR, screenshots at 375 and 1440 px (the back office at 1024 and 1440).
 */
import { E2E_OWNER, expect, logInNewShopper, noSeriousAxe, shots, staffSignIn, test, waitForHydration } from './fixtures.ts';

test('a shopper chooses WhatsApp for their order updates in My Account', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await logInNewShopper(page, testInfo, 'msg');
  await page.goto('/account');
  await waitForHydration(page);
  await page.getByRole('link', { name: 'Message preferences' }).click();
  await expect(page).toHaveURL(/\/account\/messages$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Message preferences' })).toBeVisible();
  await waitForHydration(page);
  await noSeriousAxe(page, 'Message preferences');

  const orders = page.getByRole('group', { name: 'Orders, plans, appointments and rate alerts' });
  const offers = page.getByRole('group', { name: 'Offers and new collections' });
  await expect(orders.getByRole('checkbox', { name: 'SMS' })).toBeChecked();
  await expect(orders.getByRole('checkbox', { name: 'WhatsApp' })).not.toBeChecked();
  for (const channel of ['SMS', 'WhatsApp']) await expect(offers.getByRole('checkbox', { name: channel })).not.toBeChecked();
  await orders.getByRole('checkbox', { name: 'WhatsApp' }).check();
  await orders.getByRole('checkbox', { name: 'SMS' }).uncheck();
  await page.getByRole('button', { name: 'Save my preferences' }).click();
  await expect(page.getByRole('status')).toHaveText('Your message preferences are saved.');
  await page.reload();
  await expect(orders.getByRole('checkbox', { name: 'WhatsApp' })).toBeChecked();
  await expect(orders.getByRole('checkbox', { name: 'SMS' })).not.toBeChecked();
  // Keyboard: the boxes and the button are reached with Tab.
  await orders.getByRole('checkbox', { name: 'SMS' }).focus();
  await page.keyboard.press('Tab');
  await expect(orders.getByRole('checkbox', { name: 'WhatsApp' })).toBeFocused();
  await shots(page, 'messages-preferences', [375, 1440]);

  await page.goto('/messages/stop?t=not-a-real-token-at-all');
  await expect(page.getByText('This link is not valid.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Stop/ })).toHaveCount(0);
  await shots(page, 'messages-stop-invalid', [375]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the preferences form saves as a plain form, an unticked box being off', async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    await logInNewShopper(page, testInfo, 'msgnojs');
    await page.goto('/account/messages');
    const offers = page.getByRole('group', { name: 'Offers and new collections' });
    await offers.getByRole('checkbox', { name: 'SMS' }).check();
    await page.getByRole('button', { name: 'Save my preferences' }).click();
    await expect(page.getByRole('status')).toHaveText('Your message preferences are saved.');
    await page.goto('/account/messages');
    await expect(offers.getByRole('checkbox', { name: 'SMS' })).toBeChecked();
    await expect(page.getByRole('group', { name: 'Orders, plans, appointments and rate alerts' }).getByRole('checkbox', { name: 'SMS' })).toBeChecked();
  });
});

test('the owner enters a message kind’s template ids, a DLT id that is not 19 digits refused', async ({ page }) => {
  test.setTimeout(90_000);
  await staffSignIn(page, E2E_OWNER);
  await page.goto('/admin/settings/messages');
  await expect(page.getByRole('heading', { level: 1, name: 'Message templates' })).toBeVisible();
  await waitForHydration(page);
  const form = page.getByRole('form', { name: 'Order delivered templates' });
  await expect(page.getByText('Milli: your order {{1}} is delivered. We hope you love it.')).toBeVisible();
  await form.getByLabel('MSG91 template id').fill('65f0c0ffee01');
  await form.getByLabel('DLT template id').fill('12345');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('The DLT template id is the 19 digits the DLT platform gave the template.').first()).toBeVisible();
  await form.getByLabel('DLT template id').fill('1107170000000000042');
  await form.getByLabel('WhatsApp template name').fill('milli_order_delivered');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Order delivered: saved.')).toBeVisible();
  await page.reload();
  await expect(form.getByLabel('DLT template id')).toHaveValue('1107170000000000042');
  await noSeriousAxe(page, 'Message templates');
  await shots(page, 'admin-message-templates', [1024, 1440]);
});
