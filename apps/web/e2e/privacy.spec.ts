/**
 * My privacy (issue 38), as a shopper uses it: from My Account to /account/privacy; download my data (the file is
 * theirs); give and withdraw marketing consent, each change listed; name a nominee and remove them (asked first);
 * an order in progress keeps the account from being erased, saying why; then erase an account with its password and
 * ERASE typed out: the page after says what was kept, and the old login no longer works. The same forms work
 * without JavaScript. With SHOTS_DIR, screenshots at 375 and 1440 px.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, logInNewShopper, noSeriousAxe, ownOrigin, shots, test, waitForHydration } from './fixtures.ts';

const PASSWORD = 'Kundan2024';

/** The shopper's name and mobile, as Edit Profile saves them. */
async function nameThem(page: Page, email: string) {
  const me = (await (await page.request.get('/api/auth/me')).json()) as { userId: number };
  const saved = await page.request.put(`/api/users/user-details/${me.userId}`, {
    data: { firstName: 'Lalitha', lastName: 'Subramanian', email, mobile: '9840012345' },
    headers: ownOrigin(),
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

test('a shopper downloads their data, chooses their consents, names and removes a nominee, and erases their account', async ({
  page,
  consoleGuard,
}, testInfo) => {
  test.setTimeout(120_000);
  // The wrong password below is refused with a 400, as every refused form's answer is.
  consoleGuard.allow(/status of 400 .*\/account\/privacy\.data/);
  const shopper = await logInNewShopper(page, testInfo, 'prv');
  await nameThem(page, shopper.email);

  await page.goto('/account');
  await waitForHydration(page);
  await page.getByRole('link', { name: 'My privacy' }).click();
  await expect(page).toHaveURL(/\/account\/privacy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My privacy' })).toBeVisible();
  await waitForHydration(page);
  await noSeriousAxe(page, 'My privacy');

  // Download my data: one JSON file, the shopper's own.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download my data' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^milli-data-\d+-\d{4}-\d{2}-\d{2}\.json$/);
  const file = JSON.parse(await readFile((await download.path())!, 'utf8')) as { profile: { email: string; firstName: string }; messages: { kind: string }[] };
  expect(file.profile).toMatchObject({ email: shopper.email, firstName: 'Lalitha' });
  expect(file.messages.map((m) => m.kind)).toContain('welcome');

  // My consents: order messages always on; marketing off until ticked, withdrawn by unticking.
  const consents = page.getByRole('region', { name: 'My consents' });
  await expect(consents.getByText('Order messages: always on.')).toBeVisible();
  for (const channel of ['E-mail', 'SMS', 'WhatsApp']) await expect(consents.getByRole('checkbox', { name: channel })).not.toBeChecked();
  await consents.getByRole('checkbox', { name: 'E-mail' }).check();
  await consents.getByRole('checkbox', { name: 'WhatsApp' }).check();
  await consents.getByRole('button', { name: 'Save my choices' }).click();
  await expect(consents.getByRole('status')).toHaveText('Your choices are saved.');
  await expect(consents.getByRole('checkbox', { name: 'E-mail' })).toBeChecked();
  await consents.getByRole('checkbox', { name: 'WhatsApp' }).uncheck();
  await consents.getByRole('button', { name: 'Save my choices' }).click();
  await expect(consents.getByRole('checkbox', { name: 'WhatsApp' })).not.toBeChecked();
  await consents.getByText(/^Every change \(3\)$/).click();
  await expect(consents.getByRole('listitem').filter({ hasText: 'WhatsApp withdrawn' })).toHaveCount(1);
  await expect(consents.getByRole('listitem').filter({ hasText: 'E-mail given' })).toHaveCount(1);

  // My nominee: set, then removed after the question.
  const nominee = page.getByRole('region', { name: 'My nominee' });
  await nominee.getByLabel('Their full name').fill('Karthik Subramanian');
  await nominee.getByLabel('They are your').selectOption('Spouse');
  await nominee.getByLabel('Their mobile number').fill('98400 55555');
  await nominee.getByRole('button', { name: 'Name my nominee' }).click();
  await expect(nominee.getByRole('status')).toContainText('Karthik Subramanian is now your nominee');
  await expect(nominee.getByText(/Your nominee: Karthik Subramanian \(Spouse\)/)).toBeVisible();
  await nominee.getByRole('button', { name: 'Remove my nominee' }).click();
  const question = nominee.getByRole('group', { name: 'Remove Karthik Subramanian as your nominee?' });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Yes, remove my nominee' }).click();
  await expect(nominee.getByRole('status')).toContainText('Your nominee has been removed.');
  await expect(nominee.getByText('You have not named a nominee.')).toBeVisible();
  await expect(nominee.getByLabel('Their full name')).toHaveValue('');

  if (testInfo.project.name === 'desktop-1440') await shots(page, 'privacy', [375, 1440]);

  // Erase my account: what goes and what stays is said first; a wrong password is refused.
  const erase = page.getByRole('region', { name: 'Erase my account' });
  await expect(erase.getByRole('heading', { name: 'What we must keep, locked' })).toBeVisible();
  await expect(erase.getByText(/Your tax invoices and credit notes/)).toBeVisible();
  await erase.getByLabel('Your password').fill('not-my-password-1');
  await erase.getByLabel('Type ERASE to confirm').fill('ERASE');
  await erase.getByRole('button', { name: 'Erase my account' }).click();
  await expect(erase.getByText('Your password is not correct.').first()).toBeVisible();
  await erase.getByLabel('Your password').fill(PASSWORD);
  await erase.getByLabel('Type ERASE to confirm').fill('ERASE');
  await erase.getByRole('button', { name: 'Erase my account' }).click();
  await expect(page).toHaveURL(/\/account\/erased(#.*)?$/);
  await expect(page.getByRole('heading', { name: 'Your account has been erased' })).toBeVisible();
  await expect(page.getByText(/Tax records are kept for 8 years after the end of the financial year/)).toBeVisible();
  await waitForHydration(page);
  await noSeriousAxe(page, 'Account erased');
  if (testInfo.project.name === 'desktop-1440') await shots(page, 'account-erased', [375, 1440]);

  // Logged out, and the old login no longer opens anything.
  await page.goto('/account/privacy');
  await expect(page).toHaveURL(/\/login\?next=/);
  const login = await page.request.post('/api/auth/login', { multipart: { username: shopper.email, password: PASSWORD }, headers: ownOrigin() });
  expect(login.status()).toBe(401);
});

test('an order in progress keeps the account from being erased, and the page says why', async ({ page }, testInfo) => {
  const shopper = await logInNewShopper(page, testInfo, 'prvb');
  await nameThem(page, shopper.email);
  const me = (await (await page.request.get('/api/auth/me')).json()) as { userId: number };
  const list = (await (await page.request.get('/api/product/productList?material=Silver&sort=8')).json()) as {
    data: { product_id: number; product_stock_status: string }[];
  };
  const piece = list.data.filter((p) => p.product_stock_status === 'In Stock')[testInfo.project.name === 'mobile-375' ? 0 : 1]!;
  const added = await page.request.post('/api/cart/add', {
    multipart: { cart_product_id: piece.product_id, cart_quantity: 1, cart_user_id: me.userId },
    headers: ownOrigin(),
  });
  expect(added.status()).toBe(200);
  const placed = await page.request.post('/api/orders/placeOrders', {
    multipart: {
      firstName: 'Lalitha',
      lastName: 'Subramanian',
      country: 'India',
      address: '3 Canal Bank Road, Kotturpuram',
      city: 'Chennai',
      countryCode: '91',
      phoneNumber: '9840012345',
      pincode: '600085',
      state: 'Tamil Nadu',
      cartDataList: '[]',
      userId: me.userId,
      paymentMethod: 'cod',
      idempotencyKey: `privacy-blocked-${testInfo.project.name}-${Date.now()}`,
    },
    headers: ownOrigin(),
  });
  expect(placed.status(), await placed.text()).toBe(200);
  const orderNumber = ((await placed.json()) as { orderNumber: string }).orderNumber;

  await page.goto('/account/privacy#erase');
  const erase = page.getByRole('region', { name: 'Erase my account' });
  await expect(erase.getByText('Your account cannot be erased yet.')).toBeVisible();
  await expect(erase.getByRole('listitem').filter({ hasText: `Order ${orderNumber} is Awaiting confirmation` })).toContainText(
    'we still owe you the piece and must be able to reach you about it',
  );
  await expect(erase.getByRole('button', { name: 'Erase my account' })).toHaveCount(0);
  if (testInfo.project.name === 'desktop-1440') await shots(page, 'privacy-blocked', [375, 1440]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('consents, the nominee’s removal question and the erasure are plain form posts', async ({ page }, testInfo) => {
    const shopper = await logInNewShopper(page, testInfo, 'prvn');
    await page.goto('/account/privacy');
    const consents = page.getByRole('region', { name: 'My consents' });
    await consents.getByRole('checkbox', { name: 'SMS' }).check();
    await consents.getByRole('button', { name: 'Save my choices' }).click();
    await expect(page.getByRole('region', { name: 'My consents' }).getByRole('status')).toHaveText('Your choices are saved.');
    await expect(page.getByRole('region', { name: 'My consents' }).getByRole('checkbox', { name: 'SMS' })).toBeChecked();

    const nominee = () => page.getByRole('region', { name: 'My nominee' });
    await nominee().getByLabel('Their full name').fill('Meenakshi Iyer');
    await nominee().getByLabel('They are your').selectOption('Parent');
    await nominee().getByLabel('Their e-mail').fill('meenakshi@example.in');
    await nominee().getByRole('button', { name: 'Name my nominee' }).click();
    await expect(nominee().getByRole('status')).toContainText('Meenakshi Iyer is now your nominee');
    await nominee().getByRole('button', { name: 'Remove my nominee' }).click();
    // Asked first: nothing is removed until Yes.
    await expect(nominee().getByText(/Your nominee: Meenakshi Iyer/)).toBeVisible();
    await nominee().getByRole('button', { name: 'Yes, remove my nominee' }).click();
    await expect(nominee().getByText('You have not named a nominee.')).toBeVisible();

    const erase = page.getByRole('region', { name: 'Erase my account' });
    await erase.getByLabel('Your password').fill(PASSWORD);
    await erase.getByLabel('Type ERASE to confirm').fill('ERASE');
    await erase.getByRole('button', { name: 'Erase my account' }).click();
    await expect(page).toHaveURL(/\/account\/erased(#.*)?$/);
    const login = await page.request.post('/api/auth/login', { multipart: { username: shopper.username, password: PASSWORD }, headers: ownOrigin() });
    expect(login.status()).toBe(401);
  });
});
