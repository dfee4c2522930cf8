/**
 * The trade-partner desk (issue 19): a manufacturer applies through the public KYC form (/new-manufacturer) in
 * one browser; in another the owner finds the application in /admin/trade-partners, opens it, sees its KYC
 * checks pass (PAN, GSTIN with its PAN, IFSC of a real branch) and approves it with a note, which reaches the
 * applicant's mailbox.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { gstinCheckChar } from '@milli/contracts';
import { E2E_OWNER, adminNav, expect, mailTo, staffSignIn, test, waitForHydration } from './fixtures.ts';

test('a manufacturer applies; the owner checks the KYC and approves with a note, which is mailed', async ({ page, browser, baseURL }, testInfo) => {
  const letter = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'[randomInt(26)]!;
  const pan = `ABCF${letter}${String(randomInt(10_000)).padStart(4, '0')}K`;
  const gstin = `33${pan}1Z${gstinCheckChar(`33${pan}1Z`)}`;
  const tag = randomUUID().slice(0, 6);
  const companyName = `Kaveri Gold Works ${tag}`;
  const email = `kaveri.${testInfo.project.name.replace(/\W/g, '')}.${tag}@example.in`;

  // The applicant, in their own browser.
  await page.goto('/new-manufacturer');
  await waitForHydration(page);
  await page.getByLabel('Manufacture', { exact: true }).check();
  await page.getByLabel('Partnership').check();
  await page.getByRole('group', { name: 'Company', exact: true }).getByLabel('Company name').fill(companyName);
  const address = page.getByRole('group', { name: 'Address and contact' });
  await address.getByLabel('Street address line 1').fill('14 Usman Road');
  await address.getByLabel('Street address line 2').fill('T. Nagar');
  await address.getByLabel('City').fill('Chennai');
  await address.getByLabel('State').fill('Tamil Nadu');
  await address.getByLabel('Postal code').fill('600017');
  await address.getByLabel('E-mail').fill(email);
  await address.getByLabel('Phone number').fill('9876543210');
  const showroom = page.getByRole('group', { name: 'Showroom / factory' });
  await showroom.getByLabel('Street address line 1').fill('22 Ranganathan Street');
  await showroom.getByLabel('Street address line 2').fill('T. Nagar');
  await showroom.getByLabel('City').fill('Chennai');
  await showroom.getByLabel('State').fill('Tamil Nadu');
  await showroom.getByLabel('PIN code').fill('600017');
  const owner = page.getByRole('group', { name: 'Owner 1' });
  await owner.getByLabel('Name').fill('Murugan S');
  await owner.getByLabel('Mobile').fill('9123456780');
  const account = page.getByRole('group', { name: 'Account details' });
  await account.getByLabel('PAN').fill(pan);
  await account.getByLabel('GSTIN').fill(gstin);
  await account.getByLabel('IFSC').fill('HDFC0000001');
  await account.getByLabel('Account number').fill('50100012345678');
  await page.getByLabel('Bangles (%)').fill('40');
  await page.getByRole('button', { name: 'Submit' }).click();
  const banner = page.getByRole('status').filter({ hasText: 'Registration Successful' });
  await expect(banner).toBeVisible();
  const reference = /TP-\d{6}/.exec((await banner.textContent()) ?? '')?.[0];
  expect(reference).toBeTruthy();

  // The owner, in another browser.
  const { viewport, hasTouch } = testInfo.project.use;
  const staffContext = await browser.newContext({ viewport: viewport ?? null, hasTouch: hasTouch ?? false, ...(baseURL ? { baseURL } : {}) });
  const desk = await staffContext.newPage();
  try {
    await staffSignIn(desk, E2E_OWNER);
    // On a phone the navigation folds behind Menu once the page's script runs.
    await expect(desk.locator('.adm-shell[data-js]')).toBeAttached();
    await (await adminNav(desk)).getByRole('link', { name: 'Trade partners' }).click();
    await expect(desk.getByRole('heading', { name: 'Trade partners', level: 1 })).toBeVisible();
    await desk.getByRole('searchbox', { name: 'Search applications' }).fill(tag);
    await desk.getByRole('searchbox', { name: 'Search applications' }).press('Enter');
    const row = desk.getByRole('row').filter({ hasText: companyName });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(reference!);
    await expect(row).toContainText('Received');
    await row.getByRole('link', { name: companyName }).click();

    await expect(desk.getByRole('heading', { name: companyName, level: 1 })).toBeVisible();
    const kyc = desk.getByRole('list', { name: 'KYC checks' });
    for (const name of ['PAN', 'GSTIN', 'IFSC']) await expect(kyc.locator(`[data-kyc="${name}"]`)).toHaveAttribute('data-result', 'pass');
    await expect(kyc).toContainText(pan);
    await expect(kyc).toContainText('the PAN inside it matches the PAN given');
    await expect(kyc).toContainText('HDFC Bank');
    await expect(desk.getByText('50100012345678')).toBeVisible();
    await expect(desk.getByRole('heading', { name: 'Owner 1: Murugan S' })).toBeVisible();

    // Someone is on it: the desk sees Under Review; then the approval, with a note for the applicant.
    await desk.getByRole('button', { name: 'Mark under review' }).click();
    await expect(desk.getByRole('status').filter({ hasText: 'Marked under review.' })).toBeVisible();
    await expect(desk.getByRole('button', { name: 'Mark under review' })).toHaveCount(0);
    await expect(desk.locator('.adm-page-header')).toContainText('Under Review');
    const note = `Welcome aboard: our partner desk will call you this week (${tag}).`;
    const approve = desk.getByRole('form', { name: 'Approve' });
    await approve.getByLabel('Note to the applicant (optional)').fill(note);
    await approve.getByRole('button', { name: 'Approve' }).click();
    await expect(desk.getByRole('status').filter({ hasText: 'Approved. The applicant has been mailed.' })).toBeVisible();
    await expect(desk.getByRole('form', { name: 'Approve' })).toHaveCount(0);
    await expect(desk.getByText('a decided application is not decided again')).toBeVisible();

    const mail = await mailTo(email, new RegExp(`${reference} approved`));
    expect(mail).toContain(note);
  } finally {
    await staffContext.close();
  }
});

test('without JavaScript the desk rejects an application with a reason, which is mailed', async ({ browser, baseURL, page }, testInfo) => {
  const tag = randomUUID().slice(0, 6);
  const email = `nojs.${testInfo.project.name.replace(/\W/g, '')}.${tag}@example.in`;
  const companyName = `Nila Jewels ${tag}`;
  const applied = await page.request.post('/api/manufacturer/register', {
    form: { firstName: 'Nila', lastName: 'Raman', countryCode: '91', phoneNumber: '9812345678', email, companyName, adUserType: '3' },
  });
  expect(applied.status()).toBe(200);
  const reference = String((await applied.json()).reference);

  const { viewport, hasTouch } = testInfo.project.use;
  const staffContext = await browser.newContext({
    javaScriptEnabled: false,
    viewport: viewport ?? null,
    hasTouch: hasTouch ?? false,
    ...(baseURL ? { baseURL } : {}),
  });
  const desk = await staffContext.newPage();
  try {
    await staffSignIn(desk, E2E_OWNER);
    await desk.goto(`/admin/trade-partners?q=${encodeURIComponent(companyName)}`);
    await desk.getByRole('link', { name: companyName }).click();
    await expect(desk.getByRole('list', { name: 'KYC checks' }).locator('[data-kyc="PAN"]')).toHaveAttribute('data-result', 'none');
    const reason = `We work only with hallmark-registered shops for now (${tag}).`;
    const reject = desk.getByRole('form', { name: 'Reject' });
    await reject.getByLabel('Why it is rejected').fill(reason);
    await reject.getByRole('button', { name: 'Reject' }).click();
    await expect(desk.getByRole('status').filter({ hasText: 'Rejected. The applicant has been mailed with your note.' })).toBeVisible();
    await expect(desk.locator('.adm-page-header')).toContainText('Rejected');
    const mail = await mailTo(email, new RegExp(`${reference} not approved`));
    expect(mail).toContain(reason);
  } finally {
    await staffContext.close();
  }
});
