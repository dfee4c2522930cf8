/**
 * Reviews from buyers (issues 20 and 21), desktop only. A signed-in shopper who never received the piece sees that
 * only customers who received it can review it, and the API refuses them (403 REVIEW_NOT_BUYER). A buyer orders a
 * diamond piece set in gold, pays on the demo gateway; staff dispatch it (API) and, on the orders desk, store its diamond
 * certificate and mark it delivered; the buyer downloads the certificate from the order page, follows "Review this
 * piece" to their own review page (/review/{id}) and writes a review with a photo: published at once as a verified
 * buyer's, and the product page shows it with its count and stars updated. Without JavaScript the shared product
 * page's review box links to that page, where the buyer edits the review. SHOTS_DIR=… saves screenshots (the
 * review page at 375 and 1440, the desk's upload at 1024).
 */
import path from 'node:path';
import sharp from 'sharp';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import {
  axeCheck,
  dispatchAsStaff,
  E2E_OWNER,
  expect,
  logInNewShopper,
  newShopper,
  ownOrigin,
  payOnDemo,
  signUp,
  staffSignIn,
  staffSignOut,
  submitLogin,
  test,
  waitForHydration,
} from './fixtures.ts';
import { addToCart, placeOrder } from './shop.ts';

/**
 * A diamond piece set in gold (hallmarked: it is packed with a HUID; with diamonds: it takes a diamond certificate,
 * issue 39) without a size, in stock, of Rs. 60,000-1,50,000: a range no other spec buys from (below the PAN threshold).
 */
async function aGoldPiece(request: APIRequestContext): Promise<{ product_id: number; product_name: string }> {
  const list = (await (await request.get('/api/product/productList?minPrice=60000&maxPrice=150000&material=Diamond')).json()) as {
    data: { product_id: number; product_name: string; product_stock_status: string }[];
  };
  for (const p of list.data.filter((x) => x.product_stock_status === 'In Stock')) {
    const detail = (await (await request.get(`/api/product/find-by-id/${p.product_id}`)).json()) as {
      data: { product_metal: string; pricing: { sizeKind: string | null; diamondWeightCents: number } };
    };
    const { pricing } = detail.data;
    if (detail.data.product_metal.toLowerCase().includes('gold') && pricing.sizeKind === null && pricing.diamondWeightCents > 0) return p;
  }
  throw new Error('No diamond piece set in gold in stock to order.');
}

/** What a shopper sees at each width with `what` scrolled to the top: the viewport, not a stitched element. */
async function shots(page: Page, name: string, widths: number[], what = '#reviews') {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page
      .locator(what)
      .first()
      .evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** The product page's count ("3 Reviews") and stars, as the top of the page shows them. */
async function shownCount(page: Page): Promise<number> {
  const text = (await page.locator('.pd-rating a').textContent()) ?? '';
  return Number(/(\d+)/.exec(text)?.[1] ?? NaN);
}

test('a review is refused to a shopper who never received the piece, and published for its buyer as a verified buyer’s', async ({
  browser,
  request,
}, testInfo: TestInfo) => {
  test.skip(testInfo.project.name !== 'desktop-1440', 'the buyer’s journey runs once, at desktop size (the form is shot at 375 px here)');
  test.setTimeout(240_000);
  const piece = await aGoldPiece(request);
  const productPage = `/product-detail/${piece.product_id}`;

  // A shopper who bought nothing: told who may review, and refused by the API.
  const strangerContext = await browser.newContext();
  const stranger = await strangerContext.newPage();
  await logInNewShopper(stranger, testInfo, 'e2e_rev_no');
  await stranger.goto(`${productPage}#reviews`);
  const strangerReviews = stranger.getByRole('region', { name: 'Reviews' });
  // Once the browser has asked (the page itself is the same for everyone), the reason replaces the neutral box.
  await expect(strangerReviews.locator('[data-review-refused]')).toContainText('Only customers who received this piece can review it.');
  await expect(strangerReviews.getByText('Write a review')).toHaveCount(0);
  await expect(strangerReviews.getByRole('link', { name: 'Write or edit your review' })).toHaveCount(0);
  // Their own review page says the same, and has no form.
  await stranger.goto(`/review/${piece.product_id}`);
  await expect(stranger.locator('[data-review-refused]')).toContainText('Only customers who received this piece can review it.');
  await expect(stranger.getByRole('form')).toHaveCount(0);
  const refused = await stranger.request.post(`/api/product/${piece.product_id}/reviews`, {
    data: { rating: 5, text: 'I never bought it.' },
    headers: ownOrigin(),
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { code: string }).code).toBe('REVIEW_NOT_BUYER');
  await strangerContext.close();

  // The buyer orders and pays; staff pack and dispatch it.
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await logInNewShopper(buyer, testInfo, 'e2e_rev_buyer');
  await addToCart(buyer, piece.product_id);
  await placeOrder(buyer);
  const orderNumber = await payOnDemo(buyer);
  await dispatchAsStaff(request, orderNumber);

  // On the orders desk: the piece's diamond certificate, then Mark delivered.
  const staffContext = await browser.newContext({ viewport: { width: 1024, height: 900 } });
  const staff = await staffContext.newPage();
  await staffSignIn(staff, E2E_OWNER);
  await staff.goto(`/admin/orders/${orderNumber}`);
  await waitForHydration(staff);
  const certificate = staff.getByRole('form', { name: /^Certificate of / }).first();
  await certificate.getByLabel('Lab').selectOption('IGI');
  await certificate.getByLabel('Certificate number').fill('LG60012345');
  await certificate
    .getByLabel('File')
    .setInputFiles({ name: 'igi.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1') });
  await certificate.getByRole('button', { name: 'Upload the certificate' }).click();
  await expect(staff.getByRole('status').filter({ hasText: 'Certificate saved' })).toBeVisible();
  await expect(staff.getByRole('link', { name: 'IGI LG60012345' })).toBeVisible();
  if (process.env.SHOTS_DIR) await staff.locator('#certificates').screenshot({ path: path.join(process.env.SHOTS_DIR, 'admin-certificate-1024.png') });
  await staff.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(staff.getByRole('status').filter({ hasText: 'Marked delivered.' })).toBeVisible();
  await staffSignOut(staff);
  await staffContext.close();

  // The product page's count before the review.
  await buyer.goto(productPage);
  const before = await shownCount(buyer);

  // The buyer's order page: the certificate to download, and Review this piece, which leads to their review page.
  await buyer.goto(`/order-details?order=${orderNumber}`);
  const certificateLink = buyer.getByRole('link', { name: 'Diamond certificate (IGI LG60012345)' });
  await expect(certificateLink).toBeVisible();
  const [download] = await Promise.all([buyer.waitForEvent('download'), certificateLink.click()]);
  expect(download.suggestedFilename()).toMatch(/IGI-LG60012345\.pdf$/);
  await expect(buyer.getByText(/BIS CARE/)).toBeVisible();
  await buyer.getByRole('link', { name: /Review this piece/ }).click();
  await expect(buyer).toHaveURL(new RegExp(`/review/${piece.product_id}$`));
  await expect(buyer).toHaveTitle(`Milli | Your review: ${piece.product_name}`);
  await waitForHydration(buyer);

  // The form: stars as labelled radio buttons, an empty title, the text and a photo.
  const form = buyer.getByRole('form', { name: 'Write a review' });
  await expect(form).toBeVisible();
  await shots(buyer, 'review-page', [375, 1440], 'main');
  await form.getByRole('radio', { name: '4 stars' }).check();
  const text = `Light enough to wear all evening; the gold has a warm finish. (${testInfo.project.name} ${Date.now()})`;
  await form.getByLabel('Your review').fill(text);
  const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#c9a24a' } })
    .png()
    .toBuffer();
  await form.getByLabel('Photos (optional)').setInputFiles({ name: 'on-me.png', mimeType: 'image/png', buffer: photo });
  await form.getByRole('button', { name: 'Publish review' }).click();

  // Published at once; the page now offers to edit it, and leads back to the piece's reviews.
  await expect(buyer.getByRole('status').filter({ hasText: 'your review is published' })).toBeVisible();
  await expect(buyer.getByText('Edit your review')).toBeVisible();
  await shots(buyer, 'review-page-published', [375, 1440], 'main');
  await buyer.getByRole('link', { name: 'See your review on the piece’s page' }).click();
  await expect(buyer).toHaveURL(new RegExp(`${productPage}#reviews$`));

  // The product page: the verified buyer's review with its photo, the page's count and stars moved, and (once the
  // browser has asked who is here) the buyer's own box offers to edit it.
  const reviews = buyer.getByRole('region', { name: 'Reviews' });
  const mine = reviews.getByRole('article').filter({ hasText: text });
  await expect(mine).toBeVisible();
  await expect(mine.getByText('Verified buyer')).toBeVisible();
  await expect(mine.getByRole('img', { name: /Photo 1 of 1 from/ })).toBeVisible();
  await expect.poll(() => shownCount(buyer)).toBe(before + 1);
  if (before === 0) await expect(buyer.locator('.pd-rating .stars')).toHaveAttribute('aria-label', 'Rated 4.0 out of 5');
  await expect(reviews.getByText('Edit your review')).toBeVisible();
  await expect(reviews.getByRole('group', { name: 'Your rating' })).toBeHidden();

  // Any visitor sees it too (the page's cached answers were purged).
  const guest = await request.get(`/api/product/${piece.product_id}/reviews`);
  const answer = (await guest.json()) as { totalResults: number; data: { text: string; verified: boolean; photos: unknown[] }[] };
  expect(answer.totalResults).toBe(before + 1);
  expect(answer.data.find((r) => r.text === text)).toMatchObject({ verified: true, photos: [expect.anything()] });
  await shots(buyer, 'review-published', [1440]);
  const { serious } = await axeCheck(buyer);
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  // Without JavaScript, the buyer edits it: the shared product page's box cannot know them and leads to their review
  // page, rendered for them with the review to edit. Still one review, marked edited, with the new stars.
  const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: await buyerContext.storageState() });
  const plain = await noScript.newPage();
  await plain.goto(`${productPage}#reviews`);
  await plain.getByRole('region', { name: 'Reviews' }).getByRole('link', { name: 'Write or edit your review' }).click();
  await expect(plain).toHaveURL(new RegExp(`/review/${piece.product_id}$`));
  await plain.getByText('Edit your review').click();
  const edit = plain.getByRole('form', { name: 'Edit your review' });
  await expect(edit.getByLabel('Your review')).toHaveValue(text);
  await expect(edit.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await edit.getByRole('radio', { name: '5 stars' }).check();
  await edit.getByLabel('Title (optional)').fill('Better every time I wear it');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(plain.getByRole('status').filter({ hasText: 'Your review is updated.' })).toBeVisible();
  await plain.getByRole('link', { name: 'See your review on the piece’s page' }).click();
  await expect(plain).toHaveURL(new RegExp(`${productPage}#reviews$`));
  const edited = plain.getByRole('article').filter({ hasText: 'Better every time I wear it' });
  await expect(edited).toContainText('(edited)');
  await expect(edited.getByRole('img', { name: '5 out of 5' })).toBeVisible();
  expect(await shownCount(plain)).toBe(before + 1);
  await noScript.close();
  await buyerContext.close();
});

test('the review page: a guest is sent to log in and brought back to it; an unknown piece is not found', async ({ page, consoleGuard }, testInfo) => {
  consoleGuard.allow(/status of 404 .*\/review\/2147483647\b/);
  const list = (await (await page.request.get('/api/product/productList?page=1')).json()) as { data: { product_id: number; product_name: string }[] };
  const piece = list.data[0]!;
  await page.goto(`/review/${piece.product_id}`);
  await expect(page).toHaveURL((url) => url.pathname === '/login' && url.searchParams.get('next') === `/review/${piece.product_id}`);

  const shopper = newShopper(testInfo, 'e2e_rev_page');
  await signUp(page, shopper, 'Kundan2024');
  await submitLogin(page, shopper.email, 'Kundan2024');
  await expect(page).toHaveURL((url) => url.pathname === `/review/${piece.product_id}`);
  await expect(page).toHaveTitle(`Milli | Your review: ${piece.product_name}`);
  // Rendered for them: their own header, and the reason a shopper who never received the piece may not review it.
  await expect(page.locator('header.site-header')).toHaveAttribute('data-personal', 'known');
  await expect(page.locator('[data-review-refused]')).toContainText('Only customers who received this piece can review it.');
  await expect(page.getByRole('link', { name: `Back to ${piece.product_name}` })).toHaveAttribute('href', `/product-detail/${piece.product_id}#reviews`);

  const missing = await page.goto('/review/2147483647');
  expect(missing!.status()).toBe(404);
  expect((await page.request.get('/review/abc')).status()).toBe(404);
});
