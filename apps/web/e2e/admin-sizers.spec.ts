/**
 * The sizer desk (issue 19): a shopper asks for a free ring sizer on a ring's page; the owner finds the request
 * at the top of /admin/sizer-requests, marks it sent (asked first, with a note for the log), and the shopper's
 * "on its way" mail is in the mailbox. Screenshots at 1024 and 1440 px (desktop project) go to SHOTS_DIR, or the test's output.
 */
import path from 'node:path';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { adminNav, axeCheck, E2E_OWNER, expect, mailTo, staffSignIn, test, waitForHydration } from './fixtures.ts';

/** A ring in stock (its page offers 'Not sure about size?'). */
async function aRing(request: APIRequestContext): Promise<{ id: number; name: string }> {
  for (let page = 1; page < 10; page++) {
    const list = (await (await request.get(`/api/product/productList?category=Fingerring&page=${page}`)).json()) as {
      data: { product_id: number }[];
      totalPages: number;
    };
    for (const { product_id } of list.data) {
      const piece = (
        (await (await request.get(`/api/product/find-by-id/${product_id}`)).json()) as {
          data: { product_id: number; product_name: string; product_stock: number; pricing: { sizeKind: string | null } };
        }
      ).data;
      if (piece.product_stock > 0 && piece.pricing.sizeKind === 'ring') return { id: piece.product_id, name: piece.product_name };
    }
    if (page >= list.totalPages) break;
  }
  throw new Error('No ring in stock to ask a sizer from.');
}

async function shots(page: Page, testInfo: TestInfo, name: string) {
  if (testInfo.project.name !== 'desktop-1440') return;
  for (const width of [1024, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    const file = `${name}-${width}.png`;
    await page.screenshot({ path: process.env.SHOTS_DIR ? path.join(process.env.SHOTS_DIR, file) : testInfo.outputPath(file), fullPage: true });
  }
}

test('a shopper asks for a ring sizer; the owner marks it sent and the shopper is mailed', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const ring = await aRing(request);
  const tag = `${testInfo.project.name.replace(/\W/g, '')}${Date.now().toString(36)}`;
  const shopper = { name: `Sizer Shopper ${tag}`, email: `sizer-${tag}@example.in`.toLowerCase(), phone: '9876512345' };

  // The shopper, on the ring's page.
  await page.goto(`/product-detail/${ring.id}`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Not sure about size?' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(shopper.name);
  await dialog.getByLabel('Mobile number').fill(shopper.phone);
  await dialog.getByLabel('E-mail').fill(shopper.email);
  await dialog.getByLabel('Address').fill('14 Rose Garden Street, Alwarpet, Chennai');
  await dialog.getByLabel('Pincode').fill('600018');
  await dialog.getByRole('button', { name: 'Get Free Sizer', exact: true }).click();
  await expect(dialog.getByRole('status')).toContainText('free ring sizer');

  // The owner, in the back office.
  await page.context().clearCookies();
  await staffSignIn(page, E2E_OWNER);
  const dashboard = page.locator('#dash-sizers');
  await expect(dashboard).toContainText('New');
  const nav = await adminNav(page);
  await nav.getByRole('link', { name: 'Sizer requests' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sizer requests' })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search sizer requests' }).fill(tag);
  await page.getByRole('button', { name: 'Apply' }).click();
  const row = page.getByRole('row').filter({ hasText: shopper.name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('New');
  await expect(row).toContainText('14 Rose Garden Street, Alwarpet, Chennai, 600018');
  await expect(row).toContainText(ring.name);
  await page.getByRole('searchbox', { name: 'Search sizer requests' }).fill('');
  await page.getByRole('button', { name: 'Apply' }).click();
  await shots(page, testInfo, 'admin-sizers-queue');
  expect((await axeCheck(page)).serious.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} ${n.failureSummary}`))).toEqual([]);

  await page.getByRole('searchbox', { name: 'Search sizer requests' }).fill(tag);
  await page.getByRole('button', { name: 'Apply' }).click();
  await row.getByRole('button', { name: `Mark sent to ${shopper.name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Mark ${shopper.name}’s sizer sent?` });
  await expect(confirm).toContainText(shopper.email);
  await confirm.getByLabel('Note for the audit log (optional)').fill('India Post EM000111222IN');
  await shots(page, testInfo, 'admin-sizers-confirm');
  await confirm.getByRole('button', { name: 'Mark sent and mail' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'is marked sent' })).toBeVisible();
  await expect(row).toContainText('Sent');
  await expect(row.getByRole('button', { name: /Mark sent/ })).toHaveCount(0);
  await expect(row.getByRole('button', { name: /Close/ })).toBeVisible();

  const mail = await mailTo(shopper.email, /ring sizer is on its way/);
  expect(mail).toContain('14 Rose Garden Street, Alwarpet, Chennai, 600018');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('Close asks in the page, then closes; the shopper is not mailed', async ({ page, request }, testInfo) => {
    const tag = `nojs${testInfo.project.name.replace(/\W/g, '')}${Date.now().toString(36)}`;
    const name = `Closed Shopper ${tag}`;
    const asked = await request.post('/api/sizer-requests', {
      data: { name, phone: '9876512346', email: `${tag}@example.in`, address: '2 Fort Road, Kochi, 682001' },
    });
    expect(asked.ok()).toBe(true);

    await staffSignIn(page, E2E_OWNER);
    await page.goto(`/admin/sizer-requests?q=${tag}&status=New`);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('New');
    await row.getByRole('button', { name: `Close ${name}’s request` }).click();
    // The action asked first: the dialog is in the page, and nothing has changed yet.
    const confirm = page.getByRole('dialog', { name: `Close ${name}’s request?` });
    await expect(confirm).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: name })).toContainText('New');
    await confirm.getByLabel('Note for the audit log (optional)').fill('Asked twice');
    await confirm.getByRole('button', { name: 'Close the request' }).click();
    await expect(page.getByRole('status').filter({ hasText: `${name}’s request is closed.` })).toBeVisible();
    // Closed requests leave the New queue.
    await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
    await page.goto(`/admin/sizer-requests?q=${tag}`);
    await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Closed');
    await expect(page.getByRole('row').filter({ hasText: name }).getByRole('button')).toHaveCount(0);
  });
});
