/**
 * The jeweller's duties (issue 38), in the browser: the owner sets the store's BIS registration number on the settings
 * screen (a wrong one is refused under its field); the footer and a hallmarked piece's seal show it, and the product
 * page states the piece's country of origin. A buyer without a PAN, without JavaScript, gives the Form 60 declaration
 * for an order of Rs. 2 lakh or more; staff see it with the Aadhaar number masked, and the tax invoice notes it where
 * the PAN would be. SHOTS_DIR=… saves screenshots: the settings screen (1024/1440), the footer, the hallmark block and
 * the Form 60 step (375/1440), and the invoice as a PNG (pdftoppm).
 */
import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import {
  asOwner,
  dispatchAsStaff,
  E2E_OWNER,
  expect,
  fillBilling,
  logInNewShopper,
  noSeriousAxe,
  payOnDemo,
  shots,
  staffSignIn,
  test,
  waitForHydration,
} from './fixtures.ts';
import { addToCart, PAY_PAGE, pieces } from './shop.ts';

const BIS = 'HM/C-5190012345';

/** With SHOTS_DIR: the element as it settles (entrance animations over, the sticky header out of the way). */
async function shotOf(target: Locator, name: string, testInfo: TestInfo, { script = true } = {}) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  const page = target.page();
  // The preloader is gone by 0.6 s, with or without script.
  await expect(page.locator('.preloader')).toBeHidden();
  if (script) {
    await page.addStyleTag({ content: 'header, .site-header { position: static !important; }' });
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity))
          .map((a) => a.finished.catch(() => undefined)),
      ),
    );
  }
  await target.screenshot({ path: path.join(dir, `${name}-${testInfo.project.name}.png`) });
}

/** A hallmarked gold piece in stock, without a size. */
async function goldPiece(request: APIRequestContext): Promise<number> {
  for (const p of await pieces(request, { min: 20_000, max: 60_000 })) {
    const detail = (await (await request.get(`/api/product/find-by-id/${p.product_id}`)).json()) as {
      data: { product_metal: string; product_hallmarked: boolean };
    };
    if (detail.data.product_metal === 'gold' && detail.data.product_hallmarked) return p.product_id;
  }
  throw new Error('no hallmarked piece in stock');
}

test('the owner sets the BIS registration number: the footer and a hallmarked piece show it, with the country of origin', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  await staffSignIn(page, E2E_OWNER);
  await page.goto('/admin/settings');
  await waitForHydration(page);
  const field = page.getByLabel('BIS registration number');
  await field.fill('HM/C-123');
  await page.getByRole('button', { name: /^Save/ }).click();
  await expect(page.getByText(/HM\/C- and ten digits, as on the certificate of registration/).first()).toBeVisible();
  await expect(page.getByLabel('BIS registration number')).toHaveAttribute('aria-invalid', 'true');
  await shotOf(page.getByRole('group', { name: 'Tax & invoice' }), 'settings-bis-refused', testInfo);
  await page.getByLabel('BIS registration number').fill(' hm/c-5190012345 ');
  await page.getByRole('button', { name: /^Save/ }).click();
  await expect(page.getByText(/Saved: .*BIS registration number|Nothing changed/)).toBeVisible();
  await expect(page.getByLabel('BIS registration number')).toHaveValue(BIS);
  if (testInfo.project.name === 'desktop-1440') await shots(page, 'settings-bis', [1024, 1440]);

  // The storefront: the footer, then a hallmarked piece's seal and its country of origin.
  await page.goto('/');
  const footer = page.locator('footer.site-footer');
  await expect(footer).toContainText(`BIS registered jeweller, registration ${BIS}`);
  await expect(footer).not.toContainText('Certified diamonds');
  await footer.scrollIntoViewIfNeeded();
  await shotOf(footer, 'footer-bis', testInfo);

  const id = await goldPiece(request);
  await page.goto(`/product-detail/${id}`);
  const seal = page.getByRole('list', { name: 'Certification' });
  await expect(seal).toContainText(`Sold by a BIS-registered jeweller, ${BIS}`);
  // Issue 38: no one HUID for a product; each piece's own is on its invoice.
  await expect(seal).toContainText('each piece has its own HUID, printed on your invoice');
  await expect(seal).not.toContainText(/HUID [A-Z0-9]{6}/);
  const facts = page.locator('dl').filter({ hasText: 'Country of origin' }).first();
  await expect(facts).toContainText('India');
  await shotOf(seal, 'hallmark-block', testInfo);
  await shotOf(page.locator('.pd'), 'product-hallmark', testInfo);
});

test.describe('without script', () => {
  test.use({ javaScriptEnabled: false });

  test('a buyer without a PAN gives the Form 60 declaration; staff see it masked; the invoice notes it', async ({
    page,
    browser,
    request,
    consoleGuard,
  }, testInfo) => {
    test.setTimeout(240_000);
    // The slipped Aadhaar digit is refused with a 400 (the form's answer, shown on the page).
    consoleGuard.allow(/Failed to load resource: the server responded with a status of 400 .* @ \S+\/checkout$/);
    // A piece of Rs. 2-5 lakh of its own for each project (from the dear end: other specs buy from the cheap one).
    const dear = await pieces(request, { min: 2_00_000, max: 5_00_000 });
    const piece = dear.at(testInfo.project.name === 'mobile-375' ? -1 : -2)!;
    await logInNewShopper(page, testInfo, 'e2e_f60');
    await addToCart(page, piece.product_id);

    // With script, the open declaration passes axe (serious or critical: none).
    const looking = await browser.newContext({ storageState: await page.context().storageState(), javaScriptEnabled: true });
    const scripted = await looking.newPage();
    await scripted.goto('/checkout');
    await waitForHydration(scripted);
    await scripted.getByLabel('I have no PAN: I will give a Form 60 declaration instead').check();
    await expect(scripted.getByRole('group', { name: 'Form 60 declaration' })).toBeVisible();
    await noSeriousAxe(scripted, 'checkout with Form 60');
    await looking.close();

    await page.goto('/checkout');
    await fillBilling(page);
    // No PAN: the PAN box is left empty and the declaration given instead, shown by its checkbox with CSS alone.
    await page.getByLabel('PAN', { exact: true }).fill('');
    await expect(page.getByRole('group', { name: 'Form 60 declaration' })).toBeHidden();
    await page.getByLabel('I have no PAN: I will give a Form 60 declaration instead').check();
    const form60 = page.getByRole('group', { name: 'Form 60 declaration' });
    await expect(form60).toBeVisible();
    await expect(form60).toContainText('Amount of the transaction');
    await form60.getByLabel('Full name for Form 60').fill('Meera Iyer');
    await form60.getByLabel('Address for Form 60').fill('12 Temple Street, Mylapore, Chennai 600004');
    // A slipped digit first: refused under its field, and the number is not put back into the page.
    await form60.getByLabel('Aadhaar number', { exact: true }).fill('2345 6789 0125');
    await form60.getByLabel(/I declare that I do not have a PAN/).check();
    await page.getByLabel('I have read and accept the terms and conditions').check();
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.getByText(/not a valid Aadhaar number/).first()).toBeVisible();
    await expect(page.getByLabel('Aadhaar number', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Full name for Form 60')).toHaveValue('Meera Iyer');
    expect(await page.content()).not.toContain('6789 0125');
    await page.getByLabel('Aadhaar number', { exact: true }).fill('2345 6789 0124');
    await page.getByRole('group', { name: 'Form 60 declaration' }).scrollIntoViewIfNeeded();
    await shotOf(page.locator('.reveal-group.form60'), 'checkout-form60', testInfo, { script: false });
    if (process.env.SHOTS_DIR)
      await page.screenshot({ path: path.join(process.env.SHOTS_DIR, `checkout-form60-page-${testInfo.project.name}.png`), fullPage: true });
    await page.getByLabel('I have read and accept the terms and conditions').check();
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL(PAY_PAGE);
    const orderNumber = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1)!);

    // Staff see the declaration, the Aadhaar number masked.
    const seen = await asOwner(request, async (api) => (await request.get(api(`/api/admin/orders/${orderNumber}`))).json());
    expect(seen.pan).toBeNull();
    expect(seen.form60).toMatchObject({ name: 'Meera Iyer', aadhaar: 'XXXX XXXX 0124', noAadhaarReason: null });

    // Paid (the payment step needs script), dispatched: the invoice notes the declaration where the PAN would be.
    const paying = await browser.newContext({ storageState: await page.context().storageState(), javaScriptEnabled: true });
    const payPage: Page = await paying.newPage();
    await payPage.goto(`/checkout/pay/${orderNumber}`);
    await payOnDemo(payPage);
    await dispatchAsStaff(request, orderNumber);
    const pdf = await payPage.request.get(`/api/orders/${orderNumber}/invoice.pdf`);
    expect(pdf.status()).toBe(200);
    const bytes = await pdf.body();
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: bytes }).toString('utf8').replace(/\s+/g, ' ');
    expect(text).toContain('Buyer PAN: none; Form 60 declaration given (Aadhaar XXXX XXXX 0124)');
    expect(text).toContain('Country of origin: India');
    expect(text).not.toContain('6789');
    const dir = process.env.SHOTS_DIR;
    if (dir && testInfo.project.name === 'desktop-1440') {
      const file = path.join(dir, 'invoice-form60.pdf');
      await writeFile(file, bytes);
      execFileSync('pdftoppm', ['-png', '-r', '110', '-singlefile', file, path.join(dir, 'invoice-form60')]);
    }
    await paying.close();
  });
});
