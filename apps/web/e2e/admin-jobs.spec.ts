/**
 * The Jobs screen (decision 042), end to end: a store of its own whose mail server refuses every recipient (550), so
 * a new shopper's welcome mail lands as a failed `mail.send` job at once. The owner finds it on /admin/jobs (its
 * mail's id and kind, the server's answer, never the shopper's address), retries it (it fails again: the server still
 * refuses) and discards it, with JavaScript and without. Screenshots at 1024 and 1440 px go to SHOTS_DIR.
 *
 * The file runs serially with its own SMTP server and store per project (beforeAll); while it runs MILLI_E2E_URL
 * names this store, and afterAll puts the suite's back.
 */
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { startBuiltServer, type BuiltServer } from './built-server.ts';
import { adminNav, E2E_OWNER, expect, newShopper, noSeriousAxe, shots, signUp, staffSignIn, test } from './fixtures.ts';

test.describe.configure({ mode: 'serial' });

let smtp: SMTPServer;
let store: BuiltServer;
let suiteUrl: string | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      callback(Object.assign(new Error(`<${address.address}>: Recipient address rejected: User unknown`), { responseCode: 550 }));
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  store = await startBuiltServer({
    label: '[jobs-store]',
    env: {
      SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
      ADMIN_EMAIL: E2E_OWNER.email,
      ADMIN_PASSWORD: E2E_OWNER.password,
    },
  });
  suiteUrl = process.env.MILLI_E2E_URL;
  process.env.MILLI_E2E_URL = store.url;
});

test.afterAll(async () => {
  if (suiteUrl !== undefined) process.env.MILLI_E2E_URL = suiteUrl;
  await store?.stop();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
});

/** The failed job of the welcome mail to this shopper, once it is there (the page is reloaded until it shows). */
async function failedWelcome(page: Page) {
  const row = page.getByRole('row').filter({ hasText: /mail \d+ \(welcome\)/ });
  await expect(async () => {
    await page.goto('/admin/jobs?queue=mail.send');
    await expect(row).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  return row;
}

test('the owner sees a refused mail as a failed job, retries it and discards it', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const shopper = newShopper(testInfo, 'jobs');
  // Signing up queues the welcome mail; the store's mail server refuses it for good.
  await signUp(page, shopper, 'Kundan2024');
  await staffSignIn(page, E2E_OWNER);
  const nav = await adminNav(page);
  await nav.getByRole('link', { name: 'Jobs' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();
  const queues = page.getByRole('table', { name: 'The store’s job queues' });
  await expect(queues.getByRole('rowheader', { name: /Payment reconciliation/ })).toBeVisible();
  await expect(queues.getByRole('row', { name: /Mail: one e-mail each/ })).toBeVisible();

  const row = await failedWelcome(page);
  await expect(row).toContainText('Recipient address rejected');
  await expect(row.getByRole('cell').nth(1)).toHaveText('1');
  // The job shows the mail's id and kind; the shopper's address appears nowhere on the screen.
  await expect(page.locator('main')).not.toContainText(shopper.email);
  await expect(page.locator('main')).not.toContainText('@');
  await noSeriousAxe(page, '/admin/jobs');
  await shots(page, 'admin-jobs', [1024, 1440]);

  // Retry asks first, then runs the job once more at once: the server still refuses, so it fails again.
  await row.getByRole('button', { name: /^Retry/ }).click();
  const retry = page.getByRole('dialog', { name: /^Retry Mail: one e-mail each job/ });
  await expect(retry).toBeVisible();
  await retry.getByRole('button', { name: 'Retry now' }).click();
  await expect(page.getByRole('status').filter({ hasText: /is queued again for one more attempt/ })).toBeVisible();
  await expect(async () => {
    await page.goto('/admin/jobs?queue=mail.send');
    await expect(row.getByRole('cell').nth(1)).toHaveText('2', { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });

  // Discard asks first, then the job is gone.
  await row.getByRole('button', { name: /^Discard/ }).click();
  const discard = page.getByRole('dialog', { name: /^Discard Mail: one e-mail each job/ });
  await expect(discard).toContainText('The e-mail is not sent');
  await discard.getByRole('button', { name: 'Discard the job' }).click();
  await expect(page.getByRole('status').filter({ hasText: /is discarded/ })).toBeVisible();
  await expect(page.getByText('No failed job in this queue')).toBeVisible();
});

test('works without JavaScript: the confirmation comes as a page, and the job is discarded', async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: store.url, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  try {
    const shopper = newShopper(testInfo, 'jobsnojs');
    await signUp(page, shopper, 'Kundan2024');
    await page.goto('/admin/login');
    await page.getByLabel('E-mail').fill(E2E_OWNER.email);
    await page.getByLabel(/^Password\b/).fill(E2E_OWNER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    const row = await failedWelcome(page);
    // Without JavaScript the button posts; the page answers with the question, whose button posts again, confirmed.
    await row.getByRole('button', { name: /^Discard/ }).click();
    const discard = page.getByRole('dialog', { name: /^Discard Mail: one e-mail each job/ });
    await expect(discard).toBeVisible();
    await discard.getByRole('button', { name: 'Discard the job' }).click();
    await expect(page.getByRole('status').filter({ hasText: /is discarded/ })).toBeVisible();
  } finally {
    await context.close();
  }
});
