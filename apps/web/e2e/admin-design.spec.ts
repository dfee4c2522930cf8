/**
 * The design desk end to end (issue 19), in two browsers: a customer asks for a custom ring; the owner (the design
 * permission) quotes and shares CAD sheet v1 with a render; the customer rejects it with a reason; v2 is shared;
 * the customer approves and pays the 30 % advance on the demo gateway; the owner starts Making and records the made
 * piece (HUID and weights); the customer pays the balance to a typed address and the order is Placed. The orders
 * desk then takes that order to the door: Mark picked (the made piece is packed already), dispatch with courier,
 * AWB and tracking link, Mark delivered; the customer sees the AWB on the order page and on /cad-design (the
 * request follows its order), and the tax invoice names the HUID and the weight and sets the advance against the
 * total. The mails of each step are read from the mailbox.
 * Run in the desktop project only: the back office's journey is the same on a phone, and it is long.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { formatRupees } from '@milli/pricing';
import { axeCheck, E2E_OWNER, expect, logInNewShopper, mailTo, shots, staffSignIn, test, waitForHydration } from './fixtures.ts';

async function picture(name: string, colour: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'milli-e2e-design-'));
  const file = path.join(dir, `${name}.png`);
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="180"><rect width="240" height="180" fill="${colour}"/><circle cx="120" cy="90" r="60" fill="none" stroke="#b8862b" stroke-width="14"/></svg>`,
  );
  await writeFile(file, await sharp(svg).png().toBuffer());
  return file;
}

/** Pays in the demo gateway's "Test payment" dialog the page has opened. */
async function payInDialog(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Test payment' });
  await dialog.getByLabel('Test card Visa •••• 1111').check();
  await dialog.getByRole('button', { name: /^Pay Rs\./ }).click();
  await expect(dialog).toBeHidden();
}

/** The desk's sheet form on the request's page: Quote, then the renders, then Share. */
async function shareSheet(desk: Page, weight: string, render: string, version: number) {
  const sheet = desk.getByRole('form', { name: 'Design sheet' });
  await sheet.getByLabel('Metal weight (g)').fill(weight);
  await sheet.getByRole('button', { name: /^Quote/ }).click();
  await expect(sheet.getByRole('button', { name: /^Share with the customer/ })).toBeVisible();
  await sheet.getByLabel('Renders (1 to 6 pictures)').setInputFiles(render);
  await sheet.getByRole('button', { name: /^Share with the customer/ }).click();
  await expect(desk.getByRole('status').filter({ hasText: `Version ${version} is shared` })).toBeVisible();
}

test('a custom ring from request to a paid balance, through the design desk', async ({ page, browser, baseURL }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop-1440', 'the desk journey runs once, at desktop width');
  test.setTimeout(240_000);
  const shopper = await logInNewShopper(page, testInfo, 'design');

  // The customer asks for a ring.
  await page.goto('/custom-design');
  await waitForHydration(page);
  const form = page.getByRole('form', { name: 'Custom design request' });
  await form.getByRole('combobox', { name: 'Metal', exact: true }).selectOption('Gold');
  await form.getByLabel('Category').selectOption('Rings');
  await form.getByLabel('Metal weight').fill('4.5');
  await form.getByLabel('Gold quality (kt)').selectOption('18');
  await form.getByLabel('Gold colour').selectOption('Yellow Gold');
  await form.getByRole('combobox', { name: 'Diamond', exact: true }).selectOption('No');
  await form.getByRole('combobox', { name: 'Stone', exact: true }).selectOption('No');
  await form.getByLabel('Image 1').setInputFiles(await picture('sketch', '#f6ecd6'));
  await form.getByLabel('Remarks').fill('A slim band with a leaf pattern, for the desk journey.');
  await form.getByRole('button', { name: 'Send my request' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Placed Successfully' })).toBeVisible();
  await page.goto('/custom-orders');
  await page
    .getByRole('row')
    .filter({ hasText: '18 kt Yellow Gold Rings' })
    .getByRole('link', { name: /View Design/ })
    .click();
  await expect(page).toHaveURL(/\/cad-design\?request=\d+/);
  const id = new URL(page.url()).searchParams.get('request')!;
  const number = `CUS-${id.padStart(6, '0')}`;

  // The owner, in another browser: the request is on the queue; v1 is quoted and shared.
  const staffContext = await browser.newContext({ viewport: { width: 1440, height: 900 }, ...(baseURL ? { baseURL } : {}) });
  const desk = await staffContext.newPage();
  try {
    await staffSignIn(desk, E2E_OWNER);
    await desk.goto('/admin/custom-requests?status=Requested');
    const row = desk.getByRole('row').filter({ hasText: number });
    await expect(row).toContainText(shopper.email);
    await shots(desk, 'desk-queue', [1024, 1440]);
    expect((await axeCheck(desk)).serious).toEqual([]);
    await row.getByRole('link', { name: number }).click();
    await expect(desk.getByRole('heading', { level: 1, name: new RegExp(number) })).toBeVisible();
    await expect(desk.getByText('A slim band with a leaf pattern, for the desk journey.')).toBeVisible();
    await expect.poll(() => desk.getByRole('img', { name: /Customer's picture 1/ }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await shareSheet(desk, '4.5', await picture('render-v1', '#e8d9b0'), 1);
    await mailTo(shopper.email, new RegExp(`CAD design for ${number} \\(version 1\\)`));

    // The customer sees v1 with its render and breakup, and rejects it with a reason.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Design specification (version 1)' })).toBeVisible();
    await expect
      .poll(() => page.getByRole('img', { name: /CAD render 1 of .* version 1/ }).evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await expect(page.getByRole('table', { name: /Price breakup of version 1/ })).toContainText('GST');
    await shots(page, 'cad-v1', [375, 1440]);
    expect((await axeCheck(page)).serious).toEqual([]);
    await page.getByLabel('What should our designers change?').fill('Please make the band thinner.');
    await page.getByRole('button', { name: 'Reject' }).click();
    await expect(page.getByText(/goes back to our design team/)).toBeVisible();

    // The desk sees the reason; v2 goes out.
    await desk.reload();
    await expect(desk.getByText(/The customer rejected the last version: “Please make the band thinner.”/)).toBeVisible();
    await shots(desk, 'desk-rejected', [1024, 1440]);
    expect((await axeCheck(desk)).serious).toEqual([]);
    await shareSheet(desk, '4.2', await picture('render-v2', '#d9c7a0'), 2);
    await mailTo(shopper.email, new RegExp(`CAD design for ${number} \\(version 2\\)`));

    // The customer approves v2 and pays 30 % on the demo gateway.
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByRole('heading', { name: 'Design specification (version 2)' })).toBeVisible();
    await page.getByRole('button', { name: /^Approve & pay 30 %/ }).click();
    await payInDialog(page);
    await mailTo(shopper.email, new RegExp(`Design approved: ${number}`));

    // Making, then the made piece.
    await desk.reload();
    await desk.getByRole('button', { name: 'Start making' }).click();
    await expect(desk.getByRole('status').filter({ hasText: 'Making has started' })).toBeVisible();
    await mailTo(shopper.email, new RegExp(`Your piece ${number} is being made`));
    const huid = `D${Date.now().toString(36).toUpperCase().slice(-5)}`;
    const piece = desk.getByRole('form', { name: 'The made piece' });
    await piece.getByLabel('HUID').fill(huid);
    await piece.getByLabel('Net metal weight (g)').fill('4.25');
    await piece.getByLabel('Gross weight (g)').fill('4.3');
    await piece.getByRole('button', { name: 'Record and mail the balance' }).click();
    await expect(desk.getByRole('status').filter({ hasText: 'The piece is recorded' })).toBeVisible();
    const made = await mailTo(shopper.email, new RegExp(`Your piece ${number} is ready: balance`));
    expect(made).toContain(huid);

    // The customer pays the balance to a typed address: the order is Placed.
    await page.reload();
    await waitForHydration(page);
    const balance = page.getByRole('form', { name: 'Delivery address and payment' });
    await expect(balance).toBeVisible();
    await shots(page, 'cad-balance', [375, 1440]);
    expect((await axeCheck(page)).serious).toEqual([]);
    for (const [label, value] of [
      ['First name', 'Meera'],
      ['Last name', 'Iyer'],
      ['Address', '12 Temple Street, Mylapore'],
      ['City', 'Chennai'],
      ['PIN code', '600004'],
      ['Mobile', '9876543210'],
    ] as const)
      await balance.getByLabel(label, { exact: true }).fill(value);
    await balance.getByLabel('State').selectOption('Tamil Nadu');
    await balance.getByRole('button', { name: /^Pay the balance Rs\./ }).click();
    await payInDialog(page);
    await expect(page.getByText(/Your order MIL-\d{4}-\d{6} is Placed/)).toBeVisible();
    const orderNumber = /MIL-\d{4}-\d{6}/.exec((await page.getByText(/Your order MIL-/).textContent()) ?? '')![0];
    await mailTo(shopper.email, new RegExp(`order ${orderNumber} is placed`));

    // The desk's page shows the order.
    await desk.reload();
    await expect(desk.getByText(`Balance order ${orderNumber}: Placed`)).toBeVisible();
    await shots(desk, 'desk-placed', [1024, 1440]);

    // The orders desk takes the balance order to the door: its made piece is packed already.
    await desk.goto(`/admin/orders/${orderNumber}`);
    await expect(desk.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible();
    await waitForHydration(desk);
    await expect(desk.getByRole('form', { name: 'Packing' }).getByRole('textbox', { name: /^HUID of / })).toHaveValue(huid);
    await desk.getByRole('button', { name: 'Mark picked' }).click();
    await expect(desk.getByRole('status').filter({ hasText: 'Marked picked.' })).toBeVisible();
    const awb = `AWB${huid}`;
    const dispatch = desk.getByRole('form', { name: 'Dispatch' });
    await dispatch.getByLabel(/Courier/).fill('BlueDart');
    await dispatch.getByLabel(/AWB number/).fill(awb);
    await dispatch.getByLabel(/Tracking link/).fill(`https://track.example/${awb}`);
    await dispatch.getByRole('button', { name: 'Dispatch and mail the customer' }).click();
    await expect(desk.getByRole('status').filter({ hasText: 'Dispatched.' })).toBeVisible();
    expect(await mailTo(shopper.email, new RegExp(`order ${orderNumber} is out for delivery`))).toContain(awb);

    // The customer sees the AWB on the order page and on the design's page, which follows the order.
    await page.goto(`/order-details?order=${orderNumber}`);
    await expect(page.getByRole('region', { name: 'Shipment' })).toContainText(awb);
    await expect(page.getByRole('list', { name: 'Packed pieces' })).toContainText(huid);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download invoice' }).click()]);
    const invoice = execFileSync('pdftotext', ['-layout', '-', '-'], { input: await readFile((await download.path())!) }).toString();
    const view = (await (await page.request.get(`/api/custom-design/requests/${id}`)).json()) as { piece: { advancePaise: number; finalTotalPaise: number } };
    expect(invoice).toContain(huid);
    expect(invoice).toContain('4.250');
    const figure = (paise: number) =>
      formatRupees(paise)
        .replace(/^Rs\. /, '')
        .replace(/[.,]/g, '\\$&');
    expect(invoice).toMatch(new RegExp(`Invoice total\\s+₹${figure(view.piece.finalTotalPaise)}`));
    expect(invoice).toMatch(new RegExp(`Advance received on the design\\s+-${figure(view.piece.advancePaise)}`));
    expect(invoice).toMatch(new RegExp(`Balance payable\\s+₹${figure(view.piece.finalTotalPaise - view.piece.advancePaise)}`));
    await page.goto(`/cad-design?request=${id}`);
    await expect(page.getByText('Status: Out for Delivery')).toBeVisible();
    await expect(page.getByText(new RegExp(`Sent with BlueDart, AWB ${awb}`))).toBeVisible();
    await expect(page.getByRole('link', { name: /Track your parcel/ })).toHaveAttribute('href', `https://track.example/${awb}`);
    await shots(page, 'cad-dispatched', [375, 1440]);

    // Delivered: the desk, the mail, the order page and the design's page.
    await desk.getByRole('button', { name: 'Mark delivered' }).click();
    await expect(desk.getByRole('status').filter({ hasText: 'Marked delivered.' })).toBeVisible();
    await mailTo(shopper.email, new RegExp(`order ${orderNumber} has been delivered`));
    await page.goto(`/order-details?order=${orderNumber}`);
    await expect(page.getByRole('region', { name: 'Shipment' })).toContainText('Delivered');
    await page.goto(`/cad-design?request=${id}`);
    await expect(page.getByText('Status: Delivered')).toBeVisible();
    await expect(page.getByText(`Your order ${orderNumber} is Delivered.`)).toBeVisible();
  } finally {
    await staffContext.close();
  }
});
