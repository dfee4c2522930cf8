/**
 * The review desk (issue 19, permission 'catalogue'): list, hide with a reason, restore; a hidden review is
 * neither shown nor counted on the product page, at once (the read cache forgets). Audited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { schema } from '@milli/db';
import { AdminReviewPageSchema } from '@milli/contracts/schemas';
import { createTestApp, type TestApp } from '../../testing.ts';
import { createProduct, createShopper, createStaff, type TestStaff } from '../../testing-factories.ts';

let t: TestApp;
let catalogue: TestStaff;
let accounts: TestStaff;
let productId: number;
const reviewIds: number[] = [];
const reviewerEmails: string[] = [];

beforeAll(async () => {
  // The read cache stays on: a hide must empty the product's cached page.
  t = await createTestApp({ seed: false });
  catalogue = await createStaff(t.app, { role: 'catalogue' });
  accounts = await createStaff(t.app, { role: 'accounts' });
  productId = (await createProduct(t.database.db, { name: 'Review Desk Hoops' })).id;
  for (const [i, rating] of [5, 1, 4].entries()) {
    const who = await createShopper(t.app, { username: `reviewdesk${i}` });
    reviewerEmails.push(who.email);
    const [made] = await t.database.db
      .insert(schema.reviews)
      .values({
        productId,
        customerId: who.id,
        rating,
        title: `Review ${i}`,
        text: rating === 1 ? 'Spam spam visit my shop' : `Lovely, ${rating} stars.`,
        createdAt: new Date(Date.now() - (3 - i) * 60_000),
      })
      .returning();
    reviewIds.push(made!.id);
  }
}, 120_000);
afterAll(() => t?.close());

const send = (method: 'GET' | 'POST', url: string, who: { cookie: string } | null, payload?: object) =>
  t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });
const productReviews = async () => (await t.app.inject({ url: `/api/product/${productId}/reviews` })).json();
const productStars = async () => (await t.app.inject({ url: `/api/product/find-by-id/${productId}` })).json().data;

describe('the review desk', () => {
  it('refuses a guest and a customer (401) and a member without the catalogue permission (403)', async () => {
    const shopper = await createShopper(t.app);
    for (const [method, url, body] of [
      ['GET', '/api/admin/reviews'],
      ['POST', `/api/admin/reviews/${reviewIds[1]}/hide`, { reason: 'Spam' }],
      ['POST', `/api/admin/reviews/${reviewIds[1]}/restore`],
    ] as const) {
      expect((await send(method, url, null, body)).statusCode, `${method} ${url} guest`).toBe(401);
      expect((await send(method, url, shopper, body)).statusCode, `${method} ${url} customer`).toBe(401);
      const refused = await send(method, url, accounts, body);
      expect(refused.statusCode, `${method} ${url} accounts`).toBe(403);
      expect(refused.json().code).toBe('PERMISSION_DENIED');
    }
    const [still] = await t.database.db.select().from(schema.reviews).where(eq(schema.reviews.id, reviewIds[1]!));
    expect(still!.hidden).toBe(false);
  });

  it('lists reviews newest first, searched and filtered by hidden', async () => {
    const page = (await send('GET', '/api/admin/reviews?q=Review%20Desk%20Hoops', catalogue)).json();
    expect(AdminReviewPageSchema.safeParse(page).success).toBe(true);
    expect(page.data.map((r: { id: number }) => r.id)).toEqual([...reviewIds].reverse());
    expect(page.data[0]).toMatchObject({ product: { id: productId, name: 'Review Desk Hoops' }, hidden: false });
    expect((await send('GET', '/api/admin/reviews?q=spam', catalogue)).json().data.map((r: { id: number }) => r.id)).toEqual([reviewIds[1]]);
    expect((await send('GET', '/api/admin/reviews?hidden=maybe', catalogue)).statusCode).toBe(400);
  });

  it('hides a review with a reason: gone from the product page, its count and its stars at once; restore brings it back; audited', async () => {
    expect(await productReviews()).toMatchObject({ totalResults: 3 });
    expect(await productStars()).toMatchObject({ product_review_count: 3 });
    const id = reviewIds[1]!;
    expect((await send('POST', `/api/admin/reviews/${id}/hide`, catalogue, { reason: '' })).statusCode).toBe(400);
    expect((await send('POST', '/api/admin/reviews/99999999/hide', catalogue, { reason: 'Spam' })).statusCode).toBe(404);
    const hidden = await send('POST', `/api/admin/reviews/${id}/hide`, catalogue, { reason: 'Spam link' });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toMatchObject({ hidden: true, hiddenReason: 'Spam link', hiddenBy: catalogue.email });
    expect(await productReviews()).toMatchObject({ totalResults: 2, averageRating: 4.5 });
    expect(await productStars()).toMatchObject({ product_review_count: 2 });
    expect((await send('POST', `/api/admin/reviews/${id}/hide`, catalogue, { reason: 'Again' })).statusCode).toBe(409);
    expect((await send('GET', '/api/admin/reviews?hidden=yes&q=Review%20Desk', catalogue)).json().data.map((r: { id: number }) => r.id)).toEqual([id]);

    const restored = await send('POST', `/api/admin/reviews/${id}/restore`, catalogue);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ hidden: false, hiddenReason: null, hiddenBy: null });
    expect(await productReviews()).toMatchObject({ totalResults: 3 });
    expect((await send('POST', `/api/admin/reviews/${id}/restore`, catalogue)).statusCode).toBe(409);
    const audit = await t.database.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entity, 'review'), eq(schema.auditLog.entityId, String(id))))
      .orderBy(schema.auditLog.id);
    expect(audit.map((a) => a.action)).toEqual(['hide', 'restore']);
  });

  it('names each reviewer as the storefront does, and never sends their e-mail address', async () => {
    const [named] = await t.database.db.select({ id: schema.reviews.customerId }).from(schema.reviews).where(eq(schema.reviews.id, reviewIds[0]!));
    await t.database.db.update(schema.customers).set({ firstName: 'Priya', lastName: 'Sharma' }).where(eq(schema.customers.id, named!.id));
    const id = reviewIds[2]!;
    const list = await send('GET', '/api/admin/reviews?q=Review%20Desk%20Hoops', catalogue);
    const hide = await send('POST', `/api/admin/reviews/${id}/hide`, catalogue, { reason: 'Checking the answer' });
    const restore = await send('POST', `/api/admin/reviews/${id}/restore`, catalogue);
    for (const [what, res] of Object.entries({ list, hide, restore })) {
      expect(res.statusCode, res.body).toBe(200);
      for (const email of reviewerEmails) expect(res.body, what).not.toContain(email);
    }
    const listed = list.json().data as { id: number; customer: object }[];
    expect(listed.find((r) => r.id === reviewIds[0])?.customer).toEqual({ id: named!.id, name: 'Priya S.' });
    expect(listed.find((r) => r.id === id)?.customer).toMatchObject({ name: 'A Milli shopper' });
    const audit = await t.database.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entity, 'review'), eq(schema.auditLog.entityId, String(id))));
    for (const email of reviewerEmails) expect(JSON.stringify(audit)).not.toContain(email);
    // Nor does the search tell it (or the username), a letter at a time: an address, or a part of it, finds no review.
    for (const q of [reviewerEmails[0]!, reviewerEmails[0]!.split('@')[0]!, '@example.in']) {
      expect((await send('GET', `/api/admin/reviews?q=${encodeURIComponent(q)}`, catalogue)).json().total, q).toBe(0);
    }
  });
});
