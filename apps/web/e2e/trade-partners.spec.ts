/**
 * Trade-partner registration as an applicant fills it (spec §2 Long and Short manufacturer
 * registration, §4, §8; DECISIONS §2): the short form on /manufacturer and the KYC form on
 * /new-manufacturer, each with its success banner (exact message, fields cleared) and its error banner
 * (the server's message, the field's own message beside it). Each test applies with its own e-mail.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { gstinCheckChar } from '@milli/contracts';
import type { Page, TestInfo } from '@playwright/test';
import { expect, test, waitForHydration } from './fixtures.ts';

const SUCCESS = 'Registration Successful. Our support team will get back to you soon!';
/** Chromium logs the 400 of a refused application on the console; these tests cause them on purpose. */
const EXPECTED_REFUSALS = /Failed to load resource: the server responded with a status of 400 .* @ \S+\/(new-)?manufacturer\.data\b/;
/** 33 (Tamil Nadu) + PAN ABCPE1234F + 1Z + its check character. */
const PAN = 'ABCPE1234F';

/**
 * A company of the test's own: the store takes one open application per PAN (DECISIONS §7), and both
 * projects run the same test. Its GSTIN is for Tamil Nadu, with the real check character.
 */
function uniqueCompany(): { pan: string; gstin: string } {
  const letter = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'[randomInt(26)]!;
  const pan = `ABCP${letter}${String(randomInt(10_000)).padStart(4, '0')}F`;
  return { pan, gstin: `33${pan}1Z${gstinCheckChar(`33${pan}1Z`)}` };
}

/** A mobile number of the test's own: the store sends at most 5 messages a day to one number (decision 040). */
const uniquePhone = () => `9${String(randomInt(100_000_000, 1_000_000_000))}`;

const uniqueEmail = (testInfo: TestInfo, who: string) => `${who}.${testInfo.project.name.replace(/\W/g, '')}.${randomUUID().slice(0, 8)}@example.in`;

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

test.describe('short registration (/manufacturer)', () => {
  test('an applicant registers and sees the exact success message; the form clears', async ({ page }, testInfo) => {
    await open(page, '/manufacturer');
    const code = page.getByLabel('Country code');
    await expect(code).toHaveValue('91');
    expect(await code.locator('option').count()).toBeGreaterThan(230);
    await expect(code.locator('option').first()).toHaveText('India (+91)');

    await page.getByLabel('First name').fill('Kavya');
    await page.getByLabel('Middle name').fill('Lakshmi');
    await page.getByLabel('Last name').fill('Iyer');
    await page.getByLabel('Phone number').fill(uniquePhone());
    await page.getByLabel('E-mail').fill(uniqueEmail(testInfo, 'kavya'));
    await page.getByLabel('Company name').fill('Sri Ganesh Jewels');
    await page.getByLabel('Retailer').check();
    await page.getByRole('button', { name: 'Submit' }).click();

    const banner = page.getByRole('status').filter({ hasText: SUCCESS });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(/Your reference is TP-\d{6}/);
    await expect(page.getByLabel('First name')).toHaveValue('');
    await expect(page.getByLabel('Company name')).toHaveValue('');
    await expect(page.getByLabel('Retailer')).not.toBeChecked();
  });

  test('a wrong e-mail and a missing last name show the server’s messages; what was typed stays', async ({ page, consoleGuard }) => {
    consoleGuard.allow(EXPECTED_REFUSALS);
    await open(page, '/manufacturer');
    await page.getByLabel('First name').fill('Arjun');
    await page.getByLabel('Phone number').fill('9876543210');
    await page.getByLabel('E-mail').fill('arjun@');
    await page.getByLabel('Company name').fill('Rao Bullion');
    await page.getByLabel('Manufacture', { exact: true }).check();
    await page.getByRole('button', { name: 'Submit' }).click();

    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Please correct these 2 fields');
    await expect(alert).toContainText('Last name: please fill this in.');
    await expect(page.getByLabel('E-mail')).toHaveAccessibleDescription(/E-mail: please enter a valid e-mail address/);
    await expect(page.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Company name')).toHaveValue('Rao Bullion');
    await expect(page.getByLabel('Manufacture', { exact: true })).toBeChecked();

    // One problem left: the banner shows the server's message itself.
    await page.getByLabel('Last name').fill('Rao');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('alert')).toHaveText('E-mail: please enter a valid e-mail address (like name@example.com).');
  });
});

test.describe('long registration (/new-manufacturer)', () => {
  async function fillRequired(page: Page, email: string) {
    const company = page.getByRole('group', { name: 'Company', exact: true });
    await company.getByLabel('Company name').fill('Thangam Gold Works');
    const address = page.getByRole('group', { name: 'Address and contact' });
    await address.getByLabel('Street address line 1').fill('14 Usman Road');
    await address.getByLabel('Street address line 2').fill('T. Nagar');
    await address.getByLabel('City').fill('Chennai');
    await address.getByLabel('State').fill('Tamil Nadu');
    await address.getByLabel('Postal code').fill('600017');
    await address.getByLabel('E-mail').fill(email);
    await address.getByLabel('Phone number').fill(uniquePhone());
    const showroom = page.getByRole('group', { name: 'Showroom / factory' });
    await showroom.getByLabel('Street address line 1').fill('22 Ranganathan Street');
    await showroom.getByLabel('Street address line 2').fill('T. Nagar');
    await showroom.getByLabel('City').fill('Chennai');
    await showroom.getByLabel('State').fill('Tamil Nadu');
    await showroom.getByLabel('PIN code').fill('600017');
  }

  test('a manufacturer fills the KYC form with three owners and sees the success message; every field clears', async ({ page }, testInfo) => {
    await open(page, '/new-manufacturer');
    await expect(page.getByText('KYC Details')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Manufacture & Retailers Registration' })).toBeVisible();
    await expect(page.getByLabel('Reseller')).toBeChecked();
    await expect(page.getByLabel('Country code')).toHaveValue('91');

    await page.getByLabel('Manufacture', { exact: true }).check();
    await page.getByLabel('Partnership').check();
    await fillRequired(page, uniqueEmail(testInfo, 'thangam'));
    for (const [slot, name, mobile] of [
      [1, 'Murugan S', '9123456780'],
      [2, 'Selvi M', '9123456781'],
      [3, 'Arun M', '9123456782'],
    ] as const) {
      const owner = page.getByRole('group', { name: `Owner ${slot}` });
      await owner.getByLabel('Name').fill(name);
      await owner.getByLabel('Mobile').fill(mobile);
    }
    await page.getByRole('group', { name: 'Owner 1' }).getByLabel('Date of birth').fill('1970-04-14');
    await page.getByRole('group', { name: 'Accounts Manager' }).getByLabel('Name').fill('Devi R');
    const account = page.getByRole('group', { name: 'Account details' });
    const company = uniqueCompany();
    await account.getByLabel('PAN').fill(company.pan);
    await account.getByLabel('GSTIN').fill(company.gstin);
    await account.getByLabel('IFSC').fill('HDFC0000001');
    await account.getByLabel('Account number').fill('50100012345678');
    await page.getByLabel('Bangles (%)').fill('40');
    await page.getByLabel('Necklaces (%)').fill('35');
    await page.getByRole('button', { name: 'Submit' }).click();

    const banner = page.getByRole('status').filter({ hasText: SUCCESS });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('Bank on record for your IFSC: HDFC Bank.');
    await expect(page.getByRole('group', { name: 'Company', exact: true }).getByLabel('Company name')).toHaveValue('');
    await expect(page.getByRole('group', { name: 'Owner 3' }).getByLabel('Name')).toHaveValue('');
    await expect(page.getByLabel('Bangles (%)')).toHaveValue('');
    await expect(page.getByLabel('Reseller')).toBeChecked();
    await expect(page.getByLabel('Partnership')).not.toBeChecked();
  });

  test('a GSTIN with a wrong check character shows the server’s message beside the field', async ({ page, consoleGuard }, testInfo) => {
    consoleGuard.allow(EXPECTED_REFUSALS);
    await open(page, '/new-manufacturer');
    await fillRequired(page, uniqueEmail(testInfo, 'gst'));
    const account = page.getByRole('group', { name: 'Account details' });
    await account.getByLabel('PAN').fill(PAN);
    await account.getByLabel('GSTIN').fill('33ABCPE1234F1ZA');
    await page.getByRole('button', { name: 'Submit' }).click();

    const message = 'GSTIN: This GSTIN is not valid: its check character does not match. Please check for a typing mistake.';
    await expect(page.getByRole('alert')).toHaveText(message);
    await expect(account.getByLabel('GSTIN')).toHaveAccessibleDescription(/^GSTIN: This GSTIN is not valid: its check character does not match/);
    await expect(account.getByLabel('GSTIN')).toHaveValue('33ABCPE1234F1ZA');
    await expect(page.getByRole('group', { name: 'Address and contact' }).getByLabel('City')).toHaveValue('Chennai');
  });

  test('the Other company type reveals its text box, which hides again for another type', async ({ page }) => {
    await open(page, '/new-manufacturer');
    const other = page.getByLabel('Please describe the company type');
    await expect(other).toBeHidden();
    await page.getByLabel('Other', { exact: true }).check();
    await expect(other).toBeVisible();
    await other.fill('Co-operative society');
    await page.getByLabel('Proprietor').check();
    await expect(other).toBeHidden();
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the short form posts to its action and shows the banner all the same', async ({ page }, testInfo) => {
    await page.goto('/manufacturer');
    await page.getByLabel('First name').fill('Meena');
    await page.getByLabel('Middle name').fill('R');
    await page.getByLabel('Last name').fill('Pillai');
    await page.getByLabel('Phone number').fill(uniquePhone());
    await page.getByLabel('E-mail').fill(uniqueEmail(testInfo, 'meena'));
    await page.getByLabel('Company name').fill('Pillai Pearls');
    await page.getByLabel('Manufacture', { exact: true }).check();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('status').filter({ hasText: SUCCESS })).toBeVisible();
    await expect(page.getByLabel('Company name')).toHaveValue('');
  });
});
