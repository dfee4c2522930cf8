/**
 * The metal account as staff and a shopper live it (issue 42, decision 061): the assay desk refuses a weight below
 * zero and a purity out of range with a clear message, then credits a new shopper's old gold as fine gold; the shopper
 * sees the balance and the statement in My Account, buys a 22 kt piece whose gold the grams pay for, and the amounts
 * agree on checkout, the payment step, the order page and the tax invoice issued at dispatch; the grams left are sold
 * back (without JavaScript at 375 px, with it at 1440 px) and the statement shows it. No rate is changed here.
 * SHOTS_DIR=… saves screenshots: the desk at 1024 and 1440, My Account and checkout at 375 and 1440.
 */
import { execFileSync } from 'node:child_process';
import type { APIRequestContext, Page } from '@playwright/test';
import { formatGrams } from '@milli/pricing';
import {
  animationsDone,
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
import { addToCart, PAY_PAGE } from './shop.ts';

/**
 * In-stock weighed 22 kt gold pieces without a size, below the PAN threshold
 * (the listing's order): the `slot`th (each project its own).
 */
async function goldPiece(request: APIRequestContext, slot: number): Promise<{ id: number; weightMg: number }> {
  const found: { id: number; weightMg: number }[] = [];
  // A page of the listing at a time until enough are found.
  for (let page = 1; page <= 5 && found.length <= slot; page++) {
    const list = await request.get(`/api/product/productList?material=Gold&minPrice=5000&maxPrice=190000&page=${page}`);
    const listed = ((await list.json()) as { data: { product_id: number; product_stock_status: string }[] }).data;
    if (listed.length === 0) break;
    for (const p of listed.filter((l) => l.product_stock_status === 'In Stock')) {
      const detail = (await (await request.get(`/api/product/find-by-id/${p.product_id}`)).json()) as {
        data: { product_stock: number; pricing: { metal: string; defaultPurity: number; metalWeightMg: number | null; sizeKind: string | null } };
      };
      const c = detail.data.pricing;
      if (c.metal === 'gold' && c.defaultPurity === 22 && c.metalWeightMg && c.sizeKind === null && detail.data.product_stock > 0)
        found.push({ id: p.product_id, weightMg: c.metalWeightMg });
      if (found.length > slot) break;
    }
  }
  const piece = found[slot];
  if (!piece) throw new Error(`no 22 kt gold piece for slot ${slot}: ${found.length} found`);
  return piece;
}

/** '8.976 g' → 8976 (mg). */
const mgOf = (grams: string) => Math.round(Number(grams.replace(/\s*g$/, '')) * 1000);

/** The desk's bad inputs are refused (400) on purpose: the browser logs the status of the route's data request. */
const EXPECTED_REFUSALS = /status of 400 .*\/admin\/metal-accounts/;

test('staff assay old gold, the shopper pays a piece’s gold with the grams and sells the rest back', async ({
  browser,
  page,
  request,
  consoleGuard,
}, testInfo) => {
  test.setTimeout(120_000);
  consoleGuard.allow(EXPECTED_REFUSALS);
  const wide = testInfo.project.name === 'desktop-1440';
  const piece = await goldPiece(request, wide ? 1 : 0);
  const shopper = await logInNewShopper(page, testInfo, 'metal');

  // A new shopper has nothing yet.
  await page.goto('/account?tab=metal-account');
  await expect(page.getByText('No old gold credited yet.')).toBeVisible();

  // The assay desk, in a browser of its own: find the shopper, refuse two bad inputs, then credit twice the piece's gold.
  const deskContext = await browser.newContext({ baseURL: process.env.MILLI_E2E_URL, viewport: { width: 1440, height: 900 } });
  const desk = await deskContext.newPage();
  // The desk's page is not the fixture's: its console errors and page errors are gathered here, none expected.
  const deskProblems: string[] = [];
  desk.on('console', (m) => {
    if (m.type() === 'error' && !EXPECTED_REFUSALS.test(`${m.text()} @ ${m.location().url}`)) deskProblems.push(m.text());
  });
  desk.on('pageerror', (e) => deskProblems.push(e.message));
  let creditedMg: number;
  try {
    await staffSignIn(desk, E2E_OWNER);
    await desk.goto('/admin/metal-accounts');
    await waitForHydration(desk);
    await desk.getByLabel('Customer’s e-mail or mobile number').fill(shopper.email);
    await desk.getByRole('button', { name: 'Find' }).click();
    await desk.getByRole('link', { name: new RegExp(shopper.email.replace(/[.]/g, '\\.')) }).click();
    await expect(desk.getByRole('heading', { name: /0 g fine gold usable/ })).toBeVisible();

    const weight = desk.getByLabel('Gross weight (g)');
    const purity = desk.getByLabel(/^Purity/);
    await weight.fill('-2');
    await purity.fill('916');
    await desk.getByRole('button', { name: 'Credit fine gold' }).click();
    await expect(desk.getByRole('alert').first()).toContainText('The gross weight must be more than 0 grams.');
    await expect(desk.getByLabel('Gross weight (g)')).toHaveAttribute('aria-invalid', 'true');

    await desk.getByLabel('Gross weight (g)').fill('10');
    await desk.getByLabel(/^Purity/).fill('1200');
    await desk.getByRole('button', { name: 'Credit fine gold' }).click();
    await expect(desk.getByRole('alert').first()).toContainText('1 to 999 (e.g. 916), or karats from 1K to 24K');
    await expect(desk.getByLabel(/^Purity/)).toHaveAttribute('aria-invalid', 'true');
    await noSeriousAxe(desk, 'the assay desk with its refusal');
    if (wide) await shots(desk, 'metal-desk-refused', [1024, 1440]);

    // Twice the piece's gross weight at 22 K: more fine gold than the piece holds, so some is left to sell back.
    const gross = Math.max(10, Math.ceil((piece.weightMg * 2) / 1000));
    await desk.getByLabel('Gross weight (g)').fill(String(gross));
    await desk.getByLabel(/^Purity/).fill('22K');
    await desk.getByLabel('What was brought').fill('Two old bangles');
    await desk.getByRole('button', { name: 'Credit fine gold' }).click();
    const done = desk.getByRole('status').filter({ hasText: /^Credited / });
    await expect(done).toBeVisible();
    const credited = /Credited ([\d.]+ g) of fine gold, usable until \d{1,2} \w+ \d{4}\./.exec((await done.textContent()) ?? '');
    expect(credited, 'the credit names its grams and last day').not.toBeNull();
    creditedMg = mgOf(credited![1]!);
    expect(creditedMg).toBeGreaterThan(Math.floor((piece.weightMg * 916) / 1000));
    await expect(desk.getByRole('heading', { name: `${credited![1]} fine gold usable`, exact: false })).toBeVisible();
    await expect(desk.getByRole('table', { name: 'Metal account statement' })).toContainText(`+${credited![1]}`);
    await noSeriousAxe(desk, 'the assay desk with a credit');
    if (wide) await shots(desk, 'metal-desk-credited', [1024, 1440]);
  } finally {
    await deskContext.close();
  }
  expect(deskProblems, 'console errors and uncaught page errors on the desk').toEqual([]);
  const grams = formatGrams;

  // My Account: the balance, its last day and the statement.
  await page.goto('/account?tab=metal-account');
  await waitForHydration(page);
  await expect(page.getByText(`Fine gold usable today: ${grams(creditedMg)}`)).toBeVisible();
  await expect(page.getByText(/can be used until \d{1,2} \w+ \d{4}/)).toBeVisible();
  const statement = page.getByRole('table', { name: 'Metal account statement' });
  await expect(statement.getByRole('row')).toHaveCount(2);
  await expect(statement).toContainText('Assayed');
  await expect(statement).toContainText(`+${grams(creditedMg)}`);
  await noSeriousAxe(page, 'My Account’s metal account');
  if (wide) await look(page, 'metal-account');

  // Checkout: the grams pay the piece's gold; what is left to pay is the total less it.
  await addToCart(page, piece.id);
  await page.goto('/checkout');
  await waitForHydration(page);
  const useMetal = page.getByLabel(/^Pay for the gold with my metal account \(/);
  await expect(useMetal).toBeChecked();
  await expect(useMetal).toHaveAccessibleName(new RegExp(`\\(${grams(creditedMg).replace('.', '\\.')} of fine gold\\)`));
  const oldGold = (await page.getByTestId('metal-account').textContent())!.trim().replace(/^−/, '');
  // The grams it takes are named, as the order page will name them.
  const planned = /\(([\d.]+ g) fine\)$/.exec(
    (await page
      .getByRole('term')
      .filter({ hasText: /^Old gold from your metal account/ })
      .textContent())!.trim(),
  );
  expect(planned, 'checkout names the grams the old gold pays with').not.toBeNull();
  const total = (await page.getByTestId('total').textContent())!.trim();
  const payable = (await page.getByTestId('payable').textContent())!.trim();
  const paise = (rs: string) => Math.round(Number(rs.replace(/^Rs\.\s?/, '').replace(/,/g, '')) * 100);
  expect(paise(oldGold)).toBeGreaterThan(0);
  expect(paise(payable), 'To pay is the total less the old gold').toBe(paise(total) - paise(oldGold));
  // Unticked, the old gold leaves the totals; ticked again, it is back.
  await useMetal.uncheck();
  await expect(page.getByTestId('metal-account')).toHaveCount(0);
  await useMetal.check();
  await expect(page.getByTestId('payable')).toHaveText(payable);
  await fillBilling(page);
  await page.getByLabel('I have read and accept the terms and conditions').check();
  await noSeriousAxe(page, 'checkout with the metal account');
  if (wide) await look(page, 'metal-checkout');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(PAY_PAGE);

  // The payment step asks for what checkout said, and says where the rest came from.
  await expect(page.getByTestId('pay-amount')).toHaveText(payable);
  await expect(page.getByRole('definition').filter({ hasText: oldGold })).toBeVisible();
  if (wide) await look(page, 'metal-pay-step');
  const orderNumber = await payOnDemo(page);

  // The order page: the old gold with its grams, and what the shopper paid.
  await page.goto(`/order-details?order=${orderNumber}`);
  const usedLine = page.getByRole('term').filter({ hasText: /^Old gold from your metal account \(([\d.]+ g) fine\)$/ });
  await expect(usedLine).toBeVisible();
  const usedGrams = /\(([\d.]+ g) fine\)/.exec((await usedLine.textContent())!)![1]!;
  expect(usedGrams, 'the order used the grams checkout showed').toBe(planned![1]);
  const usedMg = mgOf(usedGrams);
  expect(usedMg, 'the grams pay at most the piece’s fine gold').toBeLessThanOrEqual(Math.floor((piece.weightMg * 916) / 1000));
  expect(usedMg).toBeGreaterThan(0);
  await expect(usedLine.locator('xpath=following-sibling::dd[1]')).toHaveText(`-${oldGold}`);
  await expect(
    page
      .getByRole('term')
      .filter({ hasText: /^Paid by you$/ })
      .locator('xpath=following-sibling::dd[1]'),
  ).toHaveText(payable);

  if (wide) await look(page, 'metal-order');

  // The tax invoice (issued at dispatch): the full value, then the old gold as a settlement of the price.
  await dispatchAsStaff(request, orderNumber);
  const pdf = await page.request.get(`/api/orders/${orderNumber}/invoice.pdf`);
  expect(pdf.status()).toBe(200);
  const invoice = execFileSync('pdftotext', ['-layout', '-', '-'], { input: await pdf.body() }).toString();
  const amount = (rs: string) => rs.replace(/^Rs\.\s?/, '');
  expect(invoice).toMatch(new RegExp(`Invoice total\\s+(Rs\\.\\s?|₹\\s?)?${amount(total).replace(/[.,]/g, '\\$&')}`));
  expect(invoice).toMatch(new RegExp(`Old gold in exchange \\(${usedGrams.replace('.', '\\.')} fine\\)\\s+-${amount(oldGold).replace(/[.,]/g, '\\$&')}`));
  expect(invoice).toMatch(new RegExp(`Amount payable\\s+(Rs\\.\\s?|₹\\s?)?${amount(payable).replace(/[.,]/g, '\\$&')}`));

  // My Account: the use on the statement, with its order; the rest sold back (a plain form post at 375 px).
  const leftMg = creditedMg - usedMg;
  await page.goto('/account?tab=metal-account');
  await expect(page.getByText(`Fine gold usable today: ${grams(leftMg)}`)).toBeVisible();
  await expect(statement).toContainText('Used');
  await expect(statement.getByRole('link', { name: `Order ${orderNumber}` })).toBeVisible();
  await expect(statement).toContainText(`−${usedGrams}`);
  if (wide) await sellBack(page, grams(leftMg));
  else {
    const noScript = await withoutScript(page);
    try {
      await sellBack(noScript, grams(leftMg));
    } finally {
      await noScript.context().close();
    }
  }
  await page.goto('/account?tab=metal-account');
  await expect(page.getByText('Fine gold usable today: 0 g')).toBeVisible();
  await expect(statement).toContainText('Sold back');
  await expect(statement).toContainText(`−${grams(leftMg)}`);
  await expect(page.getByRole('form', { name: 'Sell fine gold back' })).toHaveCount(0);
  if (wide) await look(page, 'metal-account-sold');
});

/** Screenshots of a storefront page at 375 and 1440 px (SHOTS_DIR), once the preloader has gone and entrance animations ended. */
async function look(page: Page, name: string): Promise<void> {
  await waitForHydration(page);
  await animationsDone(page);
  await shots(page, name, [375, 1440]);
}

/** A page in a browser of its own without JavaScript, signed in as the shopper of `page`. */
async function withoutScript(page: Page): Promise<Page> {
  const context = await page
    .context()
    .browser()!
    .newContext({
      baseURL: process.env.MILLI_E2E_URL,
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
      viewport: page.viewportSize(),
    });
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': '10.250.0.1' });
  return context.newPage();
}

/** Sells `grams` back through My Account's form; the answer names the grams and the store credit. */
async function sellBack(page: Page, grams: string): Promise<void> {
  await page.goto('/account?tab=metal-account');
  const form = page.getByRole('form', { name: 'Sell fine gold back' });
  await expect(form).toContainText(/Today we pay Rs\. [\d,]+\.\d\d a gram of fine gold/);
  await form.getByLabel(/^Grams to sell/).fill(grams);
  await form.getByRole('button', { name: 'Sell back' }).click();
  await expect(
    page.getByText(new RegExp(`You sold ${grams.replace('.', '\\.')} of fine gold back for Rs\\. [\\d,]+\\.\\d\\d, added to your store credit\\.`)),
  ).toBeVisible();
}
