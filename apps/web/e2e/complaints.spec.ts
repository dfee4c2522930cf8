/**
 * Complaints (issue 38): a guest raises a complaint at /help, is answered with a ticket number on the page and in the
 * acknowledgement mail, opens the mail's link (its key leaves the address at once) and sees the ticket; staff (the
 * owner) find it on the complaints desk with its timers, reply asking for the customer's answer, and the guest reads
 * the reply and answers on the ticket page. A signed-in shopper files about one of their own orders and follows it in
 * My Account, and /help works without JavaScript. SHOTS_DIR=… saves screenshots (storefront 375/1440, desk 1024/1440).
 */
import type { TestInfo } from '@playwright/test';
import { E2E_OWNER, adminNav, axeCheck, expect, logInNewShopper, mailTo, noSeriousAxe, shots, staffSignIn, test, waitForHydration } from './fixtures.ts';

const TICKET = /MIL-C-\d{4}-\d{6}/;

test('a guest raises a complaint, staff reply from the desk, and the guest answers on the ticket page', async ({ browser }, testInfo: TestInfo) => {
  test.skip(testInfo.project.name !== 'desktop-1440', 'the journey runs once, at desktop size, with screenshots at both widths');
  test.setTimeout(180_000);
  const email = `complaint-${Date.now().toString(36)}@example.in`;
  const subject = `Clasp came loose ${Date.now().toString(36).slice(-4)}`;

  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.goto('/help');
  await expect(guest.getByRole('heading', { level: 1, name: 'Help & complaints' })).toBeVisible();
  await expect(guest.getByText(/acknowledges your complaint within 48 hours, and we resolve it within one month/)).toBeVisible();
  await waitForHydration(guest);
  await shots(guest, 'help', [375, 1440]);
  await guest.getByRole('radio', { name: 'A piece of jewellery' }).check();
  await guest.getByLabel('Subject').fill(subject);
  await guest.getByLabel('What happened?').fill('The clasp of the chain came loose on the second day.\nI would like it repaired.');
  await guest.getByLabel('Your name').fill('Kavya Raman');
  await guest.getByLabel('E-mail').fill(email);
  await guest.getByLabel('Mobile number').fill('98765 40001');
  await guest.getByRole('button', { name: 'Send complaint' }).click();

  await expect(guest.getByRole('heading', { name: 'Thank you: we have your complaint' })).toBeVisible();
  const ticket = (await guest.locator('.help-ticket-number').textContent())!.trim();
  expect(ticket).toMatch(TICKET);
  await expect(guest.getByText(`We have sent the number to ${email}`)).toBeVisible();
  await shots(guest, 'help-filed', [375, 1440]);

  const mail = await mailTo(email, new RegExp(`complaint ${ticket} received`));
  expect(mail).toContain('within 48 hours');
  const link = new URL(/https?:\/\/\S*\/help\/ticket\?key=[\w-]+/.exec(mail)![0]);
  await guest.goto(link.pathname + link.search);
  // The key is exchanged for a cookie: the address the page ends on carries no token.
  await expect(guest).toHaveURL((url) => url.pathname === '/help/ticket' && url.search === '');
  await expect(guest.getByRole('heading', { name: subject })).toBeVisible();
  await expect(guest.getByText(`Ticket ${ticket}`)).toBeVisible();
  await expect(guest.getByText('With our team', { exact: true })).toBeVisible();
  await noSeriousAxe(guest, '/help/ticket');

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await staffSignIn(staff, E2E_OWNER);
  await (await adminNav(staff)).getByRole('link', { name: 'Complaints' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Complaints' })).toBeVisible();
  const row = staff.getByRole('row').filter({ has: staff.getByRole('link', { name: ticket }) });
  await expect(row.getByText(subject)).toBeVisible();
  await expect(row.getByText(/in 4[78] h/)).toBeVisible();
  const { serious } = await axeCheck(staff);
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await shots(staff, 'admin-complaints', [1024, 1440]);
  await row.getByRole('link', { name: ticket }).click();
  await expect(staff.getByRole('heading', { level: 1, name: ticket })).toBeVisible();
  await staff.getByLabel(`Message to ${email}`).fill('Sorry about the clasp.\n\nCould you send us a photo of it?');
  await staff.getByLabel(/Wait for the customer’s answer/).check();
  await staff.getByRole('button', { name: 'Send the reply' }).click();
  await expect(staff.getByText('Reply sent to the complainant.')).toBeVisible();
  await expect(staff.getByText('Waiting for customer').first()).toBeVisible();
  await noSeriousAxe(staff, '/admin/complaints/:ticketNumber');
  await shots(staff, 'admin-complaint', [1024, 1440]);

  expect(await mailTo(email, new RegExp(`a reply about complaint ${ticket}`))).toContain('Could you send us a photo of it?');
  await guest.reload();
  await expect(guest.getByText('Waiting for your answer', { exact: true })).toBeVisible();
  await expect(guest.getByText('Could you send us a photo of it?')).toBeVisible();
  await shots(guest, 'help-ticket', [375, 1440]);
  await guest.getByLabel('Your message').fill('Photo sent by mail just now.');
  await guest.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(guest.getByText('Sent. Our team will answer you by e-mail.')).toBeVisible();
  await expect(guest.getByText('With our team', { exact: true })).toBeVisible();
  await expect(guest.getByText('Photo sent by mail just now.')).toBeVisible();

  await guestContext.close();
  await staffContext.close();
});

test('a signed-in shopper files a complaint and follows it in My Account', async ({ page }, testInfo) => {
  await logInNewShopper(page, testInfo, 'complains');
  await page.goto('/help');
  await expect(page.getByText(/We answer you at .*@example\.in/)).toBeVisible();
  await expect(page.getByLabel('Which order? (optional)')).toBeVisible();
  await page.getByRole('radio', { name: 'Something else' }).check();
  await page.getByLabel('Subject').fill('Cannot change my address');
  await page.getByLabel('What happened?').fill('The address book does not keep my new flat number.');
  await page.getByRole('button', { name: 'Send complaint' }).click();
  await expect(page).toHaveURL(/\/account\/complaints\/MIL-C-\d{4}-\d{6}\?filed=1$/);
  await expect(page.getByText(/Thank you: your complaint is sent/)).toBeVisible();
  const ticket = TICKET.exec(page.url())![0];
  await shots(page, 'account-complaint', [375, 1440]);
  await page.goto('/account?tab=orders');
  const mine = page.getByRole('region', { name: 'My complaints' });
  await mine.getByRole('link', { name: new RegExp(ticket) }).click();
  await expect(page.getByRole('heading', { name: 'Cannot change my address' })).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('/help sends the complaint and shows the ticket number, and a missing contact is named', async ({ page, consoleGuard }) => {
    // The refused post answers 400, which the browser reports for the page itself.
    consoleGuard.allow(/status of 400 .* @ .*\/help/);
    await page.goto('/help');
    await page.getByRole('radio', { name: 'Delivery' }).check();
    await page.getByLabel('Subject').fill('Parcel late');
    await page.getByLabel('What happened?').fill('The parcel has not come in a week.');
    await page.getByLabel('Your name').fill('Ravi');
    await page.getByRole('button', { name: 'Send complaint' }).click();
    await expect(page.getByText('Please give an e-mail address or a mobile number, so that we can answer you.').first()).toBeVisible();
    await expect(page.getByLabel('Subject')).toHaveValue('Parcel late');
    await page.getByLabel('Mobile number').fill('98400 40002');
    await page.getByRole('button', { name: 'Send complaint' }).click();
    await expect(page.locator('.help-ticket-number')).toHaveText(TICKET);
    await expect(page.getByText('we will call you on the number you gave')).toBeVisible();
  });
});
