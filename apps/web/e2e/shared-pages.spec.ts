/**
 * The storefront pages made shared in issue 21 (decision 032): Milli Harvest, custom design, the old gold trade-in
 * (with an estimate too), the two trade-partner forms. Each is sent to a logged-in shopper byte for byte as to a
 * guest (the shopper here has a running Harvest plan, the most personal thing any of them showed), and each
 * shopper's own parts appear once the browser knows them, without the first screen moving. The pages personal by
 * nature that took over from them (the plan page, the review page) are rendered for each shopper and never kept.
 * SHOTS_DIR=… saves full-page screenshots at 375 and 1440 px.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import {
  expect,
  expectPersonalKnown,
  isMobile,
  logInNewShopper,
  ownOrigin,
  shiftsOf,
  shots,
  test,
  waitForHydration,
  watchShifts,
  type Shopper,
} from './fixtures.ts';

const SHARED = [
  '/milli-harvest',
  '/milli-harvest?amount=2500',
  '/custom-design',
  '/trade-in',
  '/trade-in?weightGrams=12.5&purity=22',
  '/manufacturer',
  '/new-manufacturer',
  // What the browser's router fetches on a navigation: the same for everyone too.
  '/milli-harvest.data',
  '/custom-design.data',
];

const PUBLIC = /^public, max-age=0, s-maxage=60(, stale-while-revalidate=60)?$/;

async function enrol(page: Page, shopper: Shopper, monthlyAmount = '2000'): Promise<void> {
  const enrolled = await page.request.post('/api/harvest/enrol', { multipart: { monthlyAmount, email: shopper.email }, headers: ownOrigin() });
  expect(enrolled.status(), await enrolled.text()).toBe(200);
}

/** A guest's copy of the page (twice, so the second is the kept one) and the shopper's, which must be one of them. */
async function expectSameBytes(guest: APIRequestContext, shopper: APIRequestContext, path: string, secrets: string[]): Promise<void> {
  // Another spec's order may empty the cache between two requests, and a fresh render has a fresh nonce: try again.
  await expect(async () => {
    const before = await guest.get(path);
    const mine = await shopper.get(path);
    const after = await guest.get(path);
    expect(mine.status(), path).toBe(200);
    expect(mine.headers()['cache-control'], path).toMatch(PUBLIC);
    const html = await mine.text();
    expect([await before.text(), await after.text()], `${path}: the shopper's bytes are a guest's`).toContain(html);
    for (const secret of secrets) expect(html, `${path} names nobody`).not.toContain(secret);
  }).toPass({ timeout: 30_000 });
}

test('a logged-in shopper with a running plan gets each shared page’s very bytes; their plan page and summary are theirs alone', async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  const shopper = await logInNewShopper(page, testInfo, 'shared');
  await enrol(page, shopper);
  const guest = await playwright.request.newContext({ baseURL: baseURL! });
  try {
    for (const path of SHARED) await expectSameBytes(guest, page.request, path, [shopper.username, shopper.email]);
  } finally {
    await guest.dispose();
  }
  // Rendered for them, never kept: the plan page, the review page, and the plan's summary for the shared page.
  const plan = await page.request.get('/milli-harvest/plan');
  expect(plan.headers()['cache-control']).toBe('private, no-store');
  expect(await plan.text()).toContain(shopper.email);
  const mine = await page.request.get('/milli-harvest/mine');
  expect(mine.headers()['cache-control']).toBe('private, no-store');
  expect(await mine.json()).toMatchObject({ signedIn: true, email: shopper.email, plan: { status: 'Active', monthlyAmountPaise: 200_000 } });
  const review = await page.request.get('/review/1');
  expect(review.headers()['cache-control']).toBe('private, no-store');
});

test('the sitemap is shared: kept, and the same for a logged-in shopper as for a crawler', async ({ page, playwright, baseURL }, testInfo) => {
  await logInNewShopper(page, testInfo, 'sharedsm');
  const crawler = await playwright.request.newContext({ baseURL: baseURL! });
  try {
    await expect(async () => {
      const first = await crawler.get('/sitemap.xml');
      const mine = await page.request.get('/sitemap.xml');
      expect(mine.status()).toBe(200);
      expect(mine.headers()['cache-control']).toBe('public, max-age=3600');
      // Sent as a kept page: its policy names no per-answer nonce.
      expect(mine.headers()['content-security-policy']).not.toContain("'nonce-");
      expect(await mine.text()).toBe(await first.text());
    }).toPass({ timeout: 30_000 });
  } finally {
    await crawler.dispose();
  }
});

test('Milli Harvest: a customer’s running plan and its schedule take their places, with nothing in the first screen moving', async ({ page }, testInfo) => {
  const shopper = await logInNewShopper(page, testInfo, 'sharedhv');
  await enrol(page, shopper, '2500');
  await watchShifts(page);
  const response = await page.goto('/milli-harvest');
  expect(response!.headers()['cache-control']).toMatch(PUBLIC);
  await expectPersonalKnown(page);
  const hero = page.locator('.harvest-hero');
  await expect(hero.getByText('Your plan · Running')).toBeVisible();
  await expect(hero.locator('.harvest-facts dd').first()).toContainText(/Rs\. ?2,500/);
  await expect(page.getByRole('table', { name: 'Instalment schedule of your Milli Harvest plan' }).locator('tbody tr')).toHaveCount(11);
  await waitForHydration(page);
  expect(await shiftsOf(page), 'no layout shift as the plan arrives').toEqual([]);
  await shots(page, 'harvest-customer', [375, 1440]);

  await page.goto('/milli-harvest/plan');
  await expect(page.getByRole('table', { name: 'Instalment schedule of your Milli Harvest plan' }).locator('tbody tr')).toHaveCount(11);
  await shots(page, 'harvest-plan-page', [375, 1440]);
});

test('Milli Harvest: a customer without a plan finds their e-mail filled in; a guest sees the form as it came', async ({ page, browser }, testInfo) => {
  const shopper = await logInNewShopper(page, testInfo, 'sharedhe');
  await watchShifts(page);
  await page.goto('/milli-harvest');
  await expectPersonalKnown(page);
  await expect(page.getByLabel('E-mail')).toHaveValue(shopper.email);
  await expect(page.getByText('Your plan starts at once, and you pay the first instalment next.')).toBeVisible();
  await waitForHydration(page);
  expect(await shiftsOf(page)).toEqual([]);

  const context = await browser.newContext({ viewport: testInfo.project.use.viewport ?? null, baseURL: process.env.MILLI_E2E_URL });
  const visitor = await context.newPage();
  try {
    await watchShifts(visitor);
    await visitor.goto('/milli-harvest');
    await expectPersonalKnown(visitor);
    await waitForHydration(visitor);
    await expect(visitor.getByLabel('E-mail')).toHaveValue('');
    await expect(visitor.getByText('Not logged in? You will be asked to log in or sign up first')).toBeVisible();
    expect(await shiftsOf(visitor)).toEqual([]);
    await shots(visitor, 'harvest-guest', [375, 1440]);
  } finally {
    await context.close();
  }
});

test('custom design: the card becomes the customer’s or the guest’s, and nothing moves', async ({ page, browser }, testInfo) => {
  await logInNewShopper(page, testInfo, 'sharedcd');
  await watchShifts(page);
  await page.goto('/custom-design');
  await expectPersonalKnown(page);
  await expect(page.getByRole('heading', { name: 'Your request goes to your account' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Custom design request' }).getByRole('button', { name: 'Send my request' })).toBeEnabled();
  await waitForHydration(page);
  expect(await shiftsOf(page)).toEqual([]);
  await shots(page, 'custom-design-customer', [375, 1440]);

  const context = await browser.newContext({ viewport: testInfo.project.use.viewport ?? null, baseURL: process.env.MILLI_E2E_URL });
  const visitor = await context.newPage();
  try {
    await watchShifts(visitor);
    await visitor.goto('/custom-design');
    await expectPersonalKnown(visitor);
    await expect(visitor.getByRole('heading', { name: 'Log in to request a custom design' })).toBeVisible();
    await expect(visitor.getByRole('form', { name: 'Custom design request' }).getByRole('button', { name: 'Send my request' })).toBeDisabled();
    await waitForHydration(visitor);
    expect(await shiftsOf(visitor)).toEqual([]);
    await shots(visitor, 'custom-design-guest', [375, 1440]);
  } finally {
    await context.close();
  }

  const plain = await browser.newContext({ javaScriptEnabled: false, viewport: testInfo.project.use.viewport ?? null, baseURL: process.env.MILLI_E2E_URL });
  const noScript = await plain.newPage();
  try {
    await noScript.goto('/custom-design');
    await expect(noScript.getByRole('heading', { name: 'Requests are sent from your account' })).toBeVisible();
    await shots(noScript, 'custom-design-as-sent', [375, 1440]);
  } finally {
    await plain.close();
  }
});

for (const path of ['/trade-in?weightGrams=12.5&purity=22', '/manufacturer', '/new-manufacturer']) {
  test(`${path}: the shopper’s header is theirs once known, and nothing moves`, async ({ page }, testInfo) => {
    const shopper = await logInNewShopper(page, testInfo, 'sharedtp');
    await watchShifts(page);
    const response = await page.goto(path);
    expect(response!.headers()['cache-control']).toMatch(PUBLIC);
    await expectPersonalKnown(page);
    const account = page.locator('.topbar nav[aria-label="Account"]');
    if (!isMobile(page)) await expect(account.getByText(`Hi, ${shopper.username}`)).toBeVisible();
    await expect(account.getByRole('button', { name: 'Logout' })).toBeVisible();
    if (path.startsWith('/trade-in')) await expect(page.getByRole('status')).toContainText('Estimated value');
    await waitForHydration(page);
    expect(await shiftsOf(page)).toEqual([]);
    await shots(page, path.slice(1).replace(/\?.*/, ''), [375, 1440]);
  });
}

test('the shared product page without JavaScript: its review box leads to the buyer’s own review page', async ({ browser }, testInfo) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: testInfo.project.use.viewport ?? null, baseURL: process.env.MILLI_E2E_URL });
  const page = await context.newPage();
  try {
    await page.goto('/product-detail/3#reviews');
    const box = page.getByRole('region', { name: 'Reviews' });
    await expect(box.getByText('Only customers who received this piece can review it.')).toBeVisible();
    await box.getByRole('link', { name: 'Write or edit your review' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/login' && url.searchParams.get('next') === '/review/3');
  } finally {
    await context.close();
  }
});
