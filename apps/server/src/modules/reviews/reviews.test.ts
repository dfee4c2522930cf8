/**
 * Reviews from buyers (issue 20): only a customer who received a piece may review it (403 REVIEW_NOT_BUYER for
 * anyone else, 401 without a session), once per product, editable; photos go through the image pipeline; the
 * product page's reviews, count and stars follow at once (the read cache is on here).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { schema } from '@milli/db';
import { REVIEW_TEXT_MAX as DB_TEXT_MAX, REVIEW_TITLE_MAX as DB_TITLE_MAX } from '@milli/db/schema';
import { MyReviewStateSchema, ProductReviewsSchema, REVIEW_TEXT_MAX, REVIEW_TITLE_MAX } from '@milli/contracts/schemas';
import { createTestApp, type TestApp } from '../../testing.ts';
import { createProduct, createShopper, createStaff, type TestShopper } from '../../testing-factories.ts';
import { createOrder, lineFor } from '../orders/testing.ts';
import { reviewTitleFrom } from './service.ts';

let t: TestApp;
let productId: number;
let buyer: TestShopper;
let stranger: TestShopper;
let undelivered: TestShopper;
let returner: TestShopper;

const png = (r = 200) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r, g: 160, b: 60 } } })
    .png()
    .toBuffer();

async function multipart(url: string, who: { cookie: string } | null, fields: Record<string, string>, files: { name: string; bytes: Buffer }[]) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append(f.name, new Blob([new Uint8Array(f.bytes)], { type: 'image/png' }), `${f.name}.png`);
  const encoded = new Response(form);
  return t.app.inject({
    method: 'POST',
    url,
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')!, ...(who ? { cookie: who.cookie } : {}) },
  });
}
const post = (who: { cookie: string } | null, payload: object, id = productId) =>
  t.app.inject({ method: 'POST', url: `/api/product/${id}/reviews`, headers: who ? { cookie: who.cookie } : {}, payload });
const mine = (who: { cookie: string } | null, id = productId) =>
  t.app.inject({ url: `/api/product/${id}/reviews/mine`, headers: who ? { cookie: who.cookie } : {} });
const page = async () => (await t.app.inject({ url: `/api/product/${productId}/reviews` })).json();
const stars = async () => (await t.app.inject({ url: `/api/product/find-by-id/${productId}` })).json().data;

beforeAll(async () => {
  // The read cache stays on: a review must reach the product page's cached answers at once.
  t = await createTestApp({ seed: false });
  productId = (await createProduct(t.database.db, { name: 'Buyer Review Jhumkas' })).id;
  const db = t.database.db;
  [buyer, stranger, undelivered, returner] = await Promise.all([
    createShopper(t.app, { username: 'rvbuyer' }),
    createShopper(t.app, { username: 'rvstranger' }),
    createShopper(t.app, { username: 'rvundelivered' }),
    createShopper(t.app, { username: 'rvreturner' }),
  ]);
  await createOrder(db, { customerId: buyer.id, status: 'Delivered', lines: [await lineFor(db, productId)] });
  await createOrder(db, { customerId: undelivered.id, status: 'Out for Delivery', lines: [await lineFor(db, productId)] });
  const returned = await createOrder(db, { customerId: returner.id, status: 'Delivered', lines: [await lineFor(db, productId)] });
  const [line] = await db.select().from(schema.orderLines).where(eq(schema.orderLines.orderId, returned.id));
  const [ret] = await db
    .insert(schema.orderReturns)
    .values({ orderId: returned.id, customerId: returner.id, reason: 'Did not suit me', amountPaise: line!.lineTotalPaise })
    .returning();
  await db.insert(schema.orderReturnLines).values({ returnId: ret!.id, lineId: line!.id, quantity: 1, amountPaise: line!.lineTotalPaise });
}, 120_000);
afterAll(() => t?.close());

describe('reviews from buyers', () => {
  it('keeps the form limits equal to the table checks', () => {
    expect([REVIEW_TITLE_MAX, REVIEW_TEXT_MAX]).toEqual([DB_TITLE_MAX, DB_TEXT_MAX]);
  });

  it('refuses a guest (401), a shopper who never received it, one whose order is still on its way and one who sent it back (403)', async () => {
    const body = { rating: 5, title: 'Lovely', text: 'Beautiful.' };
    expect((await post(null, body)).statusCode).toBe(401);
    expect((await mine(null)).statusCode).toBe(401);
    for (const who of [stranger, undelivered, returner]) {
      const refused = await post(who, body);
      expect(refused.statusCode, `${who.username}: ${refused.body}`).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'REVIEW_NOT_BUYER', message: expect.stringMatching(/only customers who received this piece/i) });
      const state = (await mine(who)).json();
      expect(MyReviewStateSchema.parse(state)).toMatchObject({ canReview: false, review: null, reason: expect.stringMatching(/received this piece/) });
    }
    // A refusal leaves the read cache alone (only a written review empties it).
    const flushes = t.app.readCache.stats().flushes;
    expect((await post(stranger, body)).statusCode).toBe(403);
    expect(t.app.readCache.stats().flushes).toBe(flushes);
    expect((await post(buyer, body, 99_999_999)).statusCode).toBe(404);
    expect((await mine(buyer, 99_999_999)).statusCode).toBe(404);
    expect(await t.database.db.select().from(schema.reviews).where(eq(schema.reviews.productId, productId))).toEqual([]);
  });

  it('answers bad input with a 400 that says what is wrong, and writes nothing', async () => {
    for (const [payload, field] of [
      [{ rating: 0, text: 'x' }, 'rating'],
      [{ rating: 6, text: 'x' }, 'rating'],
      [{ rating: 'five', text: 'x' }, 'rating'],
      [{ rating: 4, text: '   ' }, 'text'],
      [{ rating: 4, text: 'x'.repeat(REVIEW_TEXT_MAX + 1) }, 'text'],
      [{ rating: 4, text: 'ok', title: 't'.repeat(REVIEW_TITLE_MAX + 1) }, 'title'],
    ] as const) {
      const res = await post(buyer, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().fields?.[field], res.body).toBeTruthy();
    }
    const notPicture = await multipart(`/api/product/${productId}/reviews`, buyer, { rating: '4', text: 'ok' }, [
      { name: 'photo', bytes: Buffer.from('<svg onload="alert(1)"></svg>') },
    ]);
    expect(notPicture.statusCode).toBe(400);
    expect(notPicture.json().message).toMatch(/Photo 1 is not an image/);
    const five = await multipart(
      `/api/product/${productId}/reviews`,
      buyer,
      { rating: '4', text: 'ok' },
      await Promise.all([1, 2, 3, 4, 5].map(async (i) => ({ name: 'photo', bytes: await png(i * 40) }))),
    );
    expect(five.statusCode).toBe(413);
    expect(await t.database.db.select().from(schema.reviews).where(eq(schema.reviews.productId, productId))).toEqual([]);
  });

  it("publishes the buyer's review at once as a verified buyer's, with photos; the count and stars follow", async () => {
    expect(await page()).toMatchObject({ totalResults: 0, averageRating: 0 });
    expect(await stars()).toMatchObject({ product_review_count: 0 });
    const before = MyReviewStateSchema.parse((await mine(buyer)).json());
    expect(before).toEqual({ canReview: true, reason: null, review: null });

    const text = 'These jhumkas are light enough to wear all evening, and the gold has a soft, warm finish that photographs beautifully.';
    const made = await multipart(`/api/product/${productId}/reviews`, buyer, { rating: '4', title: '', text }, [
      { name: 'photo', bytes: await png(10) },
      { name: 'photo', bytes: await png(90) },
    ]);
    expect(made.statusCode, made.body).toBe(201);
    const review = made.json().review;
    expect(review.title).toBe(reviewTitleFrom(text));
    expect(review.title).toMatch(/^These jhumkas are light enough to wear all evening.*…$/);
    expect(review.photos).toHaveLength(2);

    const shown = ProductReviewsSchema.parse(await page());
    expect(shown).toMatchObject({ totalResults: 1, averageRating: 4 });
    expect(shown.data[0]).toMatchObject({ rating: 4, text, author: 'A Milli shopper', verified: true, edited: false });
    expect(shown.data[0]!.photos[0]).toMatchObject({ width: 64, height: 48, url: expect.stringMatching(/^\/media\/reviews\/\d+\/[0-9a-f]{32}\.webp$/) });
    expect(await stars()).toMatchObject({ product_review_count: 1, product_rating: 4 });

    // The photo is served, re-encoded as WebP; a made-up name is not.
    const photo = await t.app.inject({ url: shown.data[0]!.photos[0]!.thumbUrl });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/webp');
    expect((await sharp(photo.rawPayload).metadata()).format).toBe('webp');
    expect((await t.app.inject({ url: '/media/reviews/1/../../custom/1/x.webp' })).statusCode).toBe(404);

    const [row] = await t.database.db.select().from(schema.reviews).where(eq(schema.reviews.productId, productId));
    const [line] = await t.database.db.select().from(schema.orderLines).where(eq(schema.orderLines.id, row!.orderLineId!));
    expect(line!.productId).toBe(productId);
  });

  it('a second write edits the one review (200, marked edited), keeps its photos unless new ones come, and moves the stars', async () => {
    const edited = await post(buyer, { rating: 2, title: 'Changed my mind', text: 'The clasp loosened after a week.' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().review).toMatchObject({ title: 'Changed my mind', rating: 2, edited_at: expect.any(String) });
    expect(edited.json().review.photos).toHaveLength(2);
    const rows = await t.database.db.select().from(schema.reviews).where(eq(schema.reviews.productId, productId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.editedAt).not.toBeNull();
    expect(await page()).toMatchObject({ totalResults: 1, averageRating: 2, data: [{ title: 'Changed my mind', edited: true, verified: true }] });
    expect(await stars()).toMatchObject({ product_review_count: 1, product_rating: 2 });
    expect(MyReviewStateSchema.parse((await mine(buyer)).json())).toMatchObject({ canReview: true, review: { rating: 2, title: 'Changed my mind' } });

    const noPhotos = await multipart(`/api/product/${productId}/reviews`, buyer, { rating: '3', text: 'Fine after the repair.', removePhotos: '1' }, []);
    expect(noPhotos.statusCode, noPhotos.body).toBe(200);
    expect(noPhotos.json().review.photos).toEqual([]);
    expect(await t.database.db.select().from(schema.reviewPhotos)).toEqual([]);
  });

  it("another customer's write never touches the buyer's review; the review desk sees it verified", async () => {
    expect((await post(stranger, { rating: 1, text: 'Spam' })).statusCode).toBe(403);
    expect(await page()).toMatchObject({ totalResults: 1, data: [{ rating: 3 }] });
    const desk = await createStaff(t.app, { role: 'catalogue' });
    const listed = (await t.app.inject({ url: '/api/admin/reviews?q=Buyer%20Review%20Jhumkas', headers: { cookie: desk.cookie } })).json();
    expect(listed.data[0]).toMatchObject({ verified: true, orderNumber: expect.stringMatching(/^MIL-/), editedAt: expect.any(String), photos: [] });
  });
});

describe('two first reviews at once', () => {
  it('keep one review: one is written (201), the other edits it (200)', async () => {
    const db = t.database.db;
    const twice = await createShopper(t.app, { username: 'rvtwice' });
    const id = (await createProduct(db, { name: 'Twice Reviewed Bangle' })).id;
    await createOrder(db, { customerId: twice.id, status: 'Delivered', lines: [await lineFor(db, id)] });
    const answers = await Promise.all([post(twice, { rating: 5, text: 'First tab.' }, id), post(twice, { rating: 3, text: 'Second tab.' }, id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 201]);
    const rows = await db.select().from(schema.reviews).where(eq(schema.reviews.productId, id));
    expect(rows).toHaveLength(1);
    expect((await t.app.inject({ url: `/api/product/${id}/reviews` })).json()).toMatchObject({ totalResults: 1 });
  });
});

describe('reviewTitleFrom', () => {
  it('takes the first line, cut at a word with an ellipsis when long', () => {
    expect(reviewTitleFrom('Lovely!')).toBe('Lovely!');
    expect(reviewTitleFrom('Short first line\nand more')).toBe('Short first line');
    const long = reviewTitleFrom('word '.repeat(40));
    expect(long.length).toBeLessThanOrEqual(60);
    expect(long.endsWith('word…')).toBe(true);
  });
});
