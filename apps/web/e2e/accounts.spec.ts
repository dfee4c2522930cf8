/**
 * Accounts as a shopper lives them (spec §2 Login, Sign Up, Forgot Password, OTP, Reset password, My
 * Account; §4; §8; DECISIONS §2): sign up → log in → My Account → Edit Profile → log out, and forgot
 * password → the code from the e-mail → a new password → logging in with it. Each test has its own
 * customer, so the two projects (375 and 1440 px) and both workers never share one.
 */
import { randomUUID } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import { e2eDataDir, expect, test, waitForHydration } from './fixtures.ts';

/**
 * Chromium logs every 4xx answer on the console; these tests cause refusals on purpose (a wrong password,
 * a bad field), which the account screens' actions answer with the API's 400 or 401.
 */
const EXPECTED_REFUSALS = /Failed to load resource: the server responded with a status of 40[01] .* @ \S+\/(register|login|account|otp|reset-password)\.data\b/;

const PASSWORD = 'Kundan2024';

interface Shopper {
  username: string;
  email: string;
}

function newShopper(testInfo: TestInfo): Shopper {
  const username = `e2e_${testInfo.project.name.replace(/\W/g, '')}_${randomUUID().slice(0, 8)}`;
  return { username, email: `${username}@example.in`.toLowerCase() };
}

async function signUpThroughApi(request: APIRequestContext, shopper: Shopper, password: string): Promise<void> {
  const res = await request.post('/api/auth/register', { multipart: { ...shopper, password } });
  expect(res.status(), await res.text()).toBe(200);
}

const topBar = (page: Page) => page.locator('header.site-header').getByRole('navigation', { name: 'Account' });

async function expectLoggedIn(page: Page, shopper: Shopper): Promise<void> {
  await expect(topBar(page).getByRole('link', { name: 'My account' })).toBeVisible();
  await expect(topBar(page).getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(topBar(page).getByRole('link', { name: 'Login', exact: true })).toHaveCount(0);
  // Spec §3: the stored session (userData) says whom to greet.
  await expect
    .poll(() => page.evaluate(() => JSON.parse(window.localStorage.getItem('userData') ?? 'null') as unknown))
    .toEqual({ userId: expect.any(Number), userName: shopper.username });
}

async function expectLoggedOut(page: Page): Promise<void> {
  await expect(topBar(page).getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  await expect(topBar(page).getByRole('link', { name: 'Signup' })).toBeVisible();
  await expect(topBar(page).getByRole('link', { name: 'My account' })).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem('userData'))).toBeNull();
}

async function logIn(page: Page, login: string, password: string): Promise<void> {
  await page.getByLabel('E-mail Id').fill(login);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/**
 * What `read` finds in the newest code mail to this address (the subject starts with the code), polled until the
 * mail is written and `read` finds something; mails are read decoded from quoted-printable.
 */
async function fromCodeMail<T>(email: string, what: string, read: (subjectCode: string, text: string) => T | null): Promise<T> {
  const mailbox = path.join(e2eDataDir(), 'mailbox');
  const to = new RegExp(`^To: .*${email.replace(/[.+]/g, '\\$&')}`, 'mi');
  let found: T | null = null;
  await expect
    .poll(
      async () => {
        const files = (await readdir(mailbox).catch(() => [] as string[]))
          .filter((f) => f.endsWith('.eml'))
          .sort()
          .reverse();
        for (const file of files) {
          const raw = await readFile(path.join(mailbox, file), 'utf8');
          const subject = /^Subject: (\d{4}) /m.exec(raw);
          if (!subject || !to.test(raw)) continue;
          found = read(subject[1]!, raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '='));
          break;
        }
        return found !== null;
      },
      { message: `${what} mailed to ${email}`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** The newest one-time code mailed to this address; with `notThis`, waits for a newer code than that one. */
const codeMailedTo = (email: string, notThis?: string): Promise<string> => fromCodeMail(email, 'a code', (code) => (code !== notThis ? code : null));

/** The reset link of the newest code mail to this address (decision 020). */
const resetLinkMailedTo = (email: string): Promise<string> =>
  fromCodeMail(email, 'a reset link', (_code, text) => /https?:\/\/[^\s"<>]*\/reset-password\?link=[A-Za-z0-9_-]+/.exec(text)?.[0] ?? null);

/** Pastes text into an input the way a browser does (a paste event with clipboard data). */
async function paste(box: Locator, text: string): Promise<void> {
  await box.focus();
  await box.evaluate((el, value) => {
    const data = new DataTransfer();
    data.setData('text/plain', value);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

const otpBoxes = (page: Page) => [1, 2, 3, 4].map((n) => page.getByLabel(`Digit ${n} of 4`));
const otpValue = (page: Page) => Promise.all(otpBoxes(page).map((box) => box.inputValue()));

test('sign up, log in, see My Account, edit the profile and log out', async ({ page, consoleGuard }, testInfo) => {
  // A long journey, and every sign-up, login and password check is a deliberately slow hash on the server.
  test.slow();
  consoleGuard.allow(EXPECTED_REFUSALS);
  const shopper = newShopper(testInfo);

  // Sign up: nothing filled in → the fallback line and the server's message under each field.
  await page.goto('/register');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Signup' }).click();
  // The fields' own messages lead (DECISIONS §7), the spec's line follows.
  await expect(page.getByRole('alert')).toHaveText(/^Username must be at least 3 characters.*An error occurred while registering\. Please try again later\.$/);
  const username = page.getByLabel('Username');
  await expect(username).toHaveAttribute('aria-invalid', 'true');
  await expect(username).toHaveAccessibleDescription(/Username must be at least 3 characters/);

  await username.fill(shopper.username);
  await page.getByLabel('E-mail').fill(shopper.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Signup' }).click();

  // → /login with the one-time banner; the registrationSuccess flag has been read and removed.
  await expect(page).toHaveURL((url) => url.pathname === '/login');
  await expect(page.getByRole('status')).toHaveText('Registration successful. Kindly login.');
  expect(await page.evaluate(() => window.localStorage.getItem('registrationSuccess'))).toBeNull();
  await expect(page).toHaveURL((url) => url.search === '');

  // A wrong password: the server's message in the red alert, still logged out.
  await logIn(page, shopper.email, 'not-the-password-1');
  await expect(page.getByRole('alert')).toHaveText('The e-mail/username or password is not correct.');
  await expect(page).toHaveURL((url) => url.pathname === '/login');

  // The right one: home, logged in.
  await logIn(page, shopper.email, PASSWORD);
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expectLoggedIn(page, shopper);

  // Already logged in: /login sends the visitor home, where the header becomes theirs once their summary arrives. The
  // neutral 'My account' is replaced by theirs then (a new element, further along): a click in that moment is lost.
  await page.goto('/login');
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expectLoggedIn(page, shopper);

  // My Account: Profile shows the name and e-mail from the server.
  await topBar(page).getByRole('link', { name: 'My account' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/account');
  await waitForHydration(page);
  const tabs = page.getByRole('tablist', { name: 'My account' });
  await expect(tabs.getByRole('tab')).toHaveText([
    'Profile',
    'Orders',
    'Payments',
    'Store credit',
    'Rate locks',
    'Metal account',
    'Addresses',
    'Edit Profile',
    'Logout',
  ]);
  const profileTab = tabs.getByRole('tab', { name: 'Profile', exact: true });
  await expect(profileTab).toHaveAttribute('aria-selected', 'true');
  const profile = page.getByRole('tabpanel', { name: 'Profile', exact: true });
  await expect(profile).toContainText(shopper.username);
  await expect(profile).toContainText(shopper.email);

  // The tabs work with the arrow keys (focus and selection move together), Home and End.
  await profileTab.focus();
  await page.keyboard.press('ArrowRight');
  const ordersTab = tabs.getByRole('tab', { name: 'Orders' });
  await expect(ordersTab).toBeFocused();
  await expect(ordersTab).toHaveAttribute('aria-selected', 'true');
  const orders = page.getByRole('tabpanel', { name: 'Orders' });
  await expect(profile).toBeHidden();
  for (const [name, href] of [
    ['Active Orders', '/active-orders'],
    ['Delivered Orders', '/completed-orders'],
    ['Customized Orders', '/custom-orders'],
    ['Cancelled Orders', '/cancelled-orders'],
  ] as const) {
    await expect(orders.getByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute('href', href);
  }
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tabpanel', { name: 'Payments' })).toContainText('No payments yet');
  await page.keyboard.press('End');
  await expect(tabs.getByRole('tab', { name: 'Logout' })).toBeFocused();
  await page.keyboard.press('Home');
  await expect(profileTab).toBeFocused();
  await expect(profile).toBeVisible();

  // Edit Profile: a bad mobile number is refused next to its field; a good one is saved.
  await tabs.getByRole('tab', { name: 'Edit Profile' }).click();
  const edit = page.getByRole('tabpanel', { name: 'Edit Profile' });
  await expect(edit.getByLabel('E-mail')).toHaveValue(shopper.email);
  await edit.getByLabel('First name').fill('Asha');
  await edit.getByLabel('Last name').fill('Raman');
  const mobile = edit.getByLabel('Mobile number');
  await mobile.fill('12345');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(mobile).toHaveAttribute('aria-invalid', 'true');
  await expect(mobile).toHaveAccessibleDescription('Please enter a valid 10-digit Indian mobile number.');
  await expect(mobile).toBeFocused();
  await expect(edit.getByLabel('First name'), 'what was typed stays').toHaveValue('Asha');

  await mobile.fill('98765 43210');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit.getByRole('status')).toHaveText('Your profile has been saved.');
  await expect(mobile).not.toHaveAttribute('aria-invalid', 'true');

  // A new e-mail needs the current password: asked for under its own field, then saved with it.
  await edit.getByLabel('E-mail').fill(`moved-${shopper.email}`);
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  const current = edit.getByLabel('Current password');
  await expect(current).toHaveAttribute('aria-invalid', 'true');
  await expect(current).toHaveAccessibleDescription('Please enter your current password to change your e-mail address.');
  await expect(current).toBeFocused();
  await current.fill(PASSWORD);
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit.getByRole('status')).toHaveText('Your profile has been saved.');
  await expect(edit.getByLabel('E-mail')).toHaveValue(`moved-${shopper.email}`);

  await tabs.getByRole('tab', { name: 'Profile', exact: true }).click();
  await expect(profile).toContainText('Asha Raman');
  await expect(profile).toContainText('98765 43210');

  // The saved details are the server's: they are there after a reload, too.
  await page.reload();
  await expect(page.getByRole('tabpanel', { name: 'Profile', exact: true })).toContainText('Asha Raman');
  await waitForHydration(page);

  // Logout really logs out: home, Login/Signup in the header, and /account asks for a login again.
  await tabs.getByRole('tab', { name: 'Logout' }).click();
  await page.getByRole('tabpanel', { name: 'Logout' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expectLoggedOut(page);
  await page.goto('/account');
  await expect(page).toHaveURL((url) => url.pathname === '/login');
});

test('forgot password: the code from the e-mail sets a new password that logs in', async ({ page, request, consoleGuard }, testInfo) => {
  test.slow();
  consoleGuard.allow(EXPECTED_REFUSALS);
  const shopper = newShopper(testInfo);
  await signUpThroughApi(request, shopper, PASSWORD);
  const newPassword = 'Jhumka2025';

  // From the login screen to Forgot Password, which asks for the e-mail and sends a code.
  await page.goto('/login');
  await waitForHydration(page);
  await page.getByRole('link', { name: 'Forgot Password' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/forgot-password');
  await expect(page.getByRole('link', { name: 'Back to Log-in' })).toHaveAttribute('href', '/login');
  await page.getByLabel('E-mail').fill(shopper.email);
  await page.getByRole('button', { name: 'Send One Time Password' }).click();

  await expect(page).toHaveURL((url) => url.pathname === '/otp');
  await expect(page.getByText('Enter the One time password sent to your e-mail.')).toBeVisible();
  const code = await codeMailedTo(shopper.email);
  const wrong = code === '0000' ? '1111' : '0000';

  // Four boxes: typing moves along, Backspace in an empty box goes back.
  const boxes = otpBoxes(page);
  for (const box of boxes) {
    await expect(box).toHaveAttribute('inputmode', 'numeric');
    await expect(box).toHaveAttribute('required', '');
  }
  await boxes[0]!.click();
  await page.keyboard.type(wrong);
  expect(await otpValue(page)).toEqual(wrong.split(''));
  await expect(boxes[3]!).toBeFocused();
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  expect(await otpValue(page)).toEqual([wrong[0], wrong[1], '', '']);
  await expect(boxes[2]!).toBeFocused();
  await page.keyboard.type(wrong.slice(2));

  // A wrong code is refused, in words that would be the same for an address with no account.
  await page.getByRole('button', { name: 'Validate OTP' }).click();
  await expect(page.getByRole('alert')).toContainText('The code is not correct');
  await expect(page.getByRole('alert')).not.toContainText('tries left');
  await expect(page).toHaveURL((url) => url.pathname === '/otp');

  // Pasting the mailed code fills all four boxes.
  await paste(boxes[0]!, code);
  expect(await otpValue(page)).toEqual(code.split(''));
  await page.getByRole('button', { name: 'Validate OTP' }).click();

  // /reset-password, with the verified state in an http-only cookie, never in the address.
  await expect(page).toHaveURL((url) => url.pathname === '/reset-password' && url.search === '');
  await expect(page.getByRole('heading', { name: 'Create a new password.' })).toBeVisible();
  const reset = (await page.context().cookies()).find((c) => c.name === 'milli_reset');
  expect(reset?.httpOnly, 'the reset token cookie is http-only').toBe(true);

  await page.getByLabel('New password').fill(newPassword);
  await page.getByLabel('Confirm password').fill(`${newPassword}x`);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('alert')).toHaveText('The passwords do not match.');

  await page.getByLabel('New password').fill(newPassword);
  await page.getByLabel('Confirm password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/login');
  await expect(page.getByRole('status')).toHaveText('Your password has been changed. Please log in with the new password.');
  expect(
    (await page.context().cookies()).some((c) => c.name === 'milli_reset'),
    'the reset cookie is gone',
  ).toBe(false);

  // The old password no longer works; the new one does.
  await logIn(page, shopper.email, PASSWORD);
  await expect(page.getByRole('alert')).toHaveText('The e-mail/username or password is not correct.');
  await logIn(page, shopper.email, newPassword);
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expectLoggedIn(page, shopper);
});

test('forgot password: the link in the code mail sets a new password once; a copy of it opened later is worth nothing', async ({
  page,
  browser,
  request,
  consoleGuard,
}, testInfo) => {
  test.slow();
  consoleGuard.allow(EXPECTED_REFUSALS);
  const shopper = newShopper(testInfo);
  await signUpThroughApi(request, shopper, PASSWORD);
  const newPassword = 'Kolam-link-2026';
  expect((await request.post('/api/auth/forgot-password', { data: { email: shopper.email } })).status()).toBe(200);
  const link = new URL(await resetLinkMailedTo(shopper.email));

  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: 'Create a new password.' })).toBeVisible();
  await waitForHydration(page);
  await page.getByLabel('New password').fill(newPassword);
  await page.getByLabel('Confirm password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/login');
  await logIn(page, shopper.email, newPassword);
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expectLoggedIn(page, shopper);

  // Someone who copied the address (a log, a shared screen) opens it in another browser: the link is spent.
  const other = await browser.newContext();
  try {
    const intruder = await other.newPage();
    await intruder.goto(new URL(`${link.pathname}${link.search}`, page.url()).toString());
    await intruder.getByLabel('New password').fill('Intruder-pass-99');
    await intruder.getByLabel('Confirm password').fill('Intruder-pass-99');
    await intruder.getByRole('button', { name: 'Reset Password' }).click();
    await expect(intruder.getByRole('link', { name: 'Get a new code' })).toBeVisible();
  } finally {
    await other.close();
  }
});
