/**
 * The customer desk (issue 38): the owner finds a customer by phone number from the menu's Customers, opens their
 * record, corrects their mobile with a reason, adds a note, downloads their data for them, and erases it on their
 * behalf behind the confirmation dialog; the desk then shows an erased customer where the name was, and the
 * customer's login no longer works. With SHOTS_DIR, screenshots at 1024 and 1440 px.
 */
import { readFile } from 'node:fs/promises';
import { randomInt, randomUUID } from 'node:crypto';
import { E2E_OWNER, adminNav, expect, noSeriousAxe, ownOrigin, shots, staffSignIn, test } from './fixtures.ts';

test('the owner finds a customer, corrects them, notes a call, exports their data and erases it for them', async ({ page, playwright }, testInfo) => {
  test.setTimeout(120_000);
  // The customer, signed up through the API in a context of their own.
  const origin = ownOrigin().origin;
  const shop = await playwright.request.newContext({ baseURL: origin, extraHTTPHeaders: ownOrigin() });
  const tag = randomUUID().slice(0, 6);
  const username = `desk_${testInfo.project.name.replace(/\W/g, '')}_${tag}`;
  const email = `${username}@example.in`;
  const mobile = `98${String(randomInt(1e8)).padStart(8, '0')}`;
  expect((await shop.post('/api/auth/register', { multipart: { username, email, password: 'Kundan2024' } })).status()).toBe(200);
  const login = await shop.post('/api/auth/login', { multipart: { username, password: 'Kundan2024' } });
  const userId = ((await login.json()) as { userId: number }).userId;
  const named = await shop.put(`/api/users/user-details/${userId}`, { data: { firstName: 'Nandini', lastName: `Rao ${tag}`, email, mobile } });
  expect(named.status(), await named.text()).toBe(200);

  await staffSignIn(page, E2E_OWNER);
  const nav = await adminNav(page);
  await nav.getByRole('link', { name: 'Customers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search customers' }).fill(`${mobile.slice(0, 5)} ${mobile.slice(5)}`);
  await page.getByRole('button', { name: 'Apply' }).click();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  if (testInfo.project.name === 'desktop-1440') await shots(page, 'admin-customers', [1024, 1440]);
  await noSeriousAxe(page, 'Customers');
  await row.getByRole('link', { name: `Nandini Rao ${tag}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Nandini Rao ${tag}` })).toBeVisible();

  // Correct the mobile: a reason is asked, and the audit log gets before and after.
  const correct = page.getByRole('region', { name: 'Correct a field' });
  await correct.getByRole('textbox', { name: 'Mobile', exact: true }).fill('9123456780');
  await correct.getByRole('textbox', { name: /^Why/ }).fill('She called from her new number');
  await correct.getByRole('button', { name: 'Save the correction' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Corrected.' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Profile' })).toContainText('9123456780');

  const notes = page.getByRole('region', { name: 'Notes' });
  await notes.getByRole('textbox', { name: /^Add a note/ }).fill('Asked by phone to have her data erased; identity checked against her mobile.');
  await notes.getByRole('button', { name: 'Add the note' }).click();
  await expect(notes.getByRole('listitem').filter({ hasText: 'Asked by phone to have her data erased' })).toBeVisible();
  await expect(notes.getByRole('textbox', { name: /^Add a note/ })).toHaveValue('');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download their data (JSON)' }).click()]);
  const file = JSON.parse(await readFile((await download.path())!, 'utf8')) as { profile: { customerId: number; mobile: string } };
  expect(file.profile).toMatchObject({ customerId: userId, mobile: '9123456780' });
  if (testInfo.project.name === 'desktop-1440') await shots(page, 'admin-customer', [1024, 1440]);
  await noSeriousAxe(page, 'A customer');

  // Erase on their behalf: asked first, with the reason.
  const erase = page.getByRole('region', { name: 'Erase their data' });
  await erase.getByRole('button', { name: 'Erase their data' }).click();
  const dialog = page.getByRole('dialog', { name: `Erase the data of Nandini Rao ${tag}?` });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(/How they asked/).fill('By phone on her new number; identity checked against her order history.');
  await dialog.getByRole('button', { name: 'Erase for good' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The customer’s personal data has been erased.' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `Erased customer #${userId}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Erased' })).toContainText('What the tax laws keep stays, locked');
  await expect(page.getByRole('region', { name: 'Notes' })).toHaveCount(0);
  if (testInfo.project.name === 'desktop-1440') await shots(page, 'admin-customer-erased', [1024, 1440]);

  // The list names them so too, and their login is gone.
  await page.goto(`/admin/customers?q=${encodeURIComponent(`Erased customer #${userId}`)}`);
  await expect(page.getByRole('row').filter({ hasText: `Erased customer #${userId}` })).toContainText('Erased');
  expect((await shop.post('/api/auth/login', { multipart: { username, password: 'Kundan2024' } })).status()).toBe(401);
  await shop.dispose();
});
