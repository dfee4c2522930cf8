/**
 * The small untruths and rough edges of DECISIONS §7 as a shopper or a trade partner meets them: the
 * account pages that must not show to the wrong visitor, the thank-you page without an order, the login
 * alert when the network fails, sign-up's own field message first, and the trade enquiry's links; and (issue 38) a
 * price band lists pieces by the price their card shows.
 */
import { expect, logInNewShopper, test, waitForHydration } from './fixtures.ts';

test('a logged-in customer who opens /register is sent to their account', async ({ page }, testInfo) => {
  await logInNewShopper(page, testInfo, 'reg');
  await page.goto('/register');
  await expect(page).toHaveURL((url) => url.pathname === '/account');
});

test('the short trade enquiry is linked from the footer and from the full application', async ({ page }) => {
  await page.goto('/');
  await page.locator('footer.site-footer').getByRole('link', { name: 'Trade Enquiry' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/manufacturer');
  await page.goto('/new-manufacturer');
  await waitForHydration(page);
  await page.getByRole('link', { name: 'Send a short enquiry' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/manufacturer');
  await expect(page.getByLabel('Middle name')).not.toHaveAttribute('required');
});

test('sign-up with a taken username says so first, not "try again later"', async ({ page, consoleGuard }, testInfo) => {
  consoleGuard.allow(/status of 400 .* @ \S+\/register\.data\b/);
  const taken = await logInNewShopper(page, testInfo, 'taken');
  await page.context().clearCookies();
  await page.goto('/register');
  await waitForHydration(page);
  await page.getByLabel('Username').fill(taken.username);
  await page.getByLabel('E-mail').fill(`other_${taken.email}`);
  await page.getByLabel('Password').fill('Kundan2024');
  await page.getByRole('button', { name: 'Signup' }).click();
  await expect(page.getByRole('alert')).toHaveText(/^This username is already taken\. /);
  await expect(page.getByLabel('Username')).toHaveAccessibleDescription(/This username is already taken/);
});

test('/thank-you says an order was placed only for an order of this customer; otherwise it goes home', async ({ page }, testInfo) => {
  for (const path of ['/thank-you', '/thank-you?order=MIL-2026-000001']) {
    await page.goto(path);
    await expect(page, `a guest at ${path}`).toHaveURL((url) => url.pathname === '/');
  }
  await logInNewShopper(page, testInfo, 'thanks');
  // A well-formed number that is not this customer's (the demo store's first order is nobody's here).
  await page.goto('/thank-you?order=MIL-2026-000001');
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByText('Your order has been placed successfully')).toHaveCount(0);
});

test('login when the network fails: the red alert with the fallback line, not an error page', async ({ page, consoleGuard }) => {
  consoleGuard.allow(/net::ERR_(FAILED|INTERNET_DISCONNECTED)/);
  await page.goto('/login');
  await waitForHydration(page);
  // Every request to the server from here on fails, as when the connection drops.
  await page.route('**/*.data*', (route) => route.abort('internetdisconnected'));
  await page.getByLabel('E-mail Id').fill('asha@example.in');
  await page.getByLabel('Password').fill('Kundan2024');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toHaveText('An error occurred while logging in. Please try again later.');
  await expect(page.getByText('Something went wrong on our side')).toHaveCount(0);
  await expect(page.getByLabel('E-mail Id')).toHaveValue('asha@example.in');
  await expect(page).toHaveURL((url) => url.pathname === '/login');
});

test.describe('legal pages (DECISIONS §7)', () => {
  const PAGES = [
    { link: 'Terms and Conditions', path: '/terms-and-conditions' },
    { link: 'Shipping Policy', path: '/shipping-policy' },
    { link: 'Returns and Refunds', path: '/returns-and-refunds' },
    { link: 'Cancellation Policy', path: '/cancellation-policy' },
  ];

  test('the footer links every policy, and each page names the Grievance Officer', async ({ page }) => {
    for (const { link, path } of PAGES) {
      await page.goto('/about-us');
      await page.locator('footer.site-footer').getByRole('link', { name: link, exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname === path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(link);
      await expect(page.getByRole('heading', { name: 'Grievance Officer' })).toBeVisible();
      await expect(page.getByText('The Grievance Officer, Milli')).toBeVisible();
    }
  });

  test('the policies state the store settings: return window, shipping fee, delivery days, the seller', async ({ page, request }) => {
    const settings = (await (await request.get('/api/settings')).json()) as {
      returnWindowDays: number;
      shippingFeePaise: number;
      deliveryDays: number;
      sellerLegalName: string;
      sellerGstin: string;
    };
    await page.goto('/returns-and-refunds');
    await expect(page.getByRole('heading', { name: `${settings.returnWindowDays} days to change your mind` })).toBeVisible();
    await page.goto('/shipping-policy');
    const rupees = `Rs. ${(settings.shippingFeePaise / 100).toFixed(2)}`;
    await expect(page.locator('#cost')).toContainText(`a flat ${rupees} an order`);
    await expect(page.locator('#when')).toContainText(`within ${settings.deliveryDays} days`);
    await page.goto('/terms-and-conditions');
    await expect(page.locator('#who-we-are')).toContainText(settings.sellerLegalName);
    await expect(page.locator('#who-we-are')).toContainText(`GSTIN ${settings.sellerGstin}`);
  });

  test('the checkout’s terms box links to the terms', async ({ page }, testInfo) => {
    await logInNewShopper(page, testInfo, 'terms');
    await page.goto('/checkout');
    const link = page.locator('label[for="terms"]').getByRole('link', { name: /terms and conditions/ });
    await expect(link).toHaveAttribute('href', '/terms-and-conditions');
  });

  test('the sitemap lists them', async ({ request }) => {
    const xml = await (await request.get('/sitemap.xml')).text();
    for (const { path } of PAGES) expect(xml).toContain(`${path}</loc>`);
  });
});

/** 'Rs. 1,23,456.78' → 12345678 paise. */
const paiseOf = (text: string) => Math.round(Number(text.replace(/^\s*Rs\.\s*/, '').replace(/[^0-9.]/g, '')) * 100);

test('a price band lists the pieces whose shown price is inside it, a sale price too, cheapest first by that price (issue 38)', async ({ page }) => {
  // The 50K – 75K band, sorted low to high: the address the header's price menu and the sort select make.
  await page.goto('/jewellery-by-price5/50000/75000?sort=8');
  await waitForHydration(page);
  const cards = page.locator('.product-grid .product-card');
  await expect(cards.first()).toBeVisible();
  const count = page.getByRole('status').filter({ hasText: /results/ });
  const total = Number(/of (\d+) results/.exec((await count.textContent()) ?? '')?.[1]);
  const shown: number[] = [];
  let onSale = 0;
  for (let pageNumber = 1; shown.length < total; pageNumber++) {
    if (pageNumber > 1) {
      await page
        .getByRole('navigation', { name: 'Pages' })
        .getByRole('link', { name: `Page ${pageNumber}`, exact: true })
        .click();
      await expect(count).toHaveText(new RegExp(`^Showing ${shown.length + 1} to`));
    }
    shown.push(...(await page.locator('.product-grid .product-card-price .offer-now').allTextContents()).map(paiseOf));
    onSale += await page.locator('.product-grid .product-card-price .offer-before').count();
  }
  expect(shown).toHaveLength(total);
  // The demo store's running sale has pieces in this band: their shown price, not the one struck through, is inside it.
  expect(onSale).toBeGreaterThan(0);
  for (const paise of shown) {
    expect(paise).toBeGreaterThanOrEqual(50_000_00);
    expect(paise).toBeLessThan(75_000_00);
  }
  expect(shown).toEqual([...shown].sort((a, b) => a - b));
});
