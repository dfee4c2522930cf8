import { and, asc, desc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import type { AdminReviewListQuery } from '@milli/contracts/schemas';
import { schema, type Db } from '@milli/db';

const { customers, orders, orderLines, orderReturns, orderReturnLines, products, reviews, reviewPhotos, staff } = schema;
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export type ReviewPhotoRow = typeof reviewPhotos.$inferSelect;

/** A review as the review desk lists it: with its product, its reviewer, who hid it and the order it was bought in. */
const deskColumns = {
  id: reviews.id,
  productId: reviews.productId,
  productName: products.name,
  customerId: reviews.customerId,
  firstName: customers.firstName,
  lastName: customers.lastName,
  // An erased reviewer is named 'Erased customer #id' on the desk (decision 044): their username says so.
  username: customers.username,
  erasedAt: customers.erasedAt,
  rating: reviews.rating,
  title: reviews.title,
  text: reviews.text,
  hidden: reviews.hidden,
  hiddenBy: staff.email,
  hiddenAt: reviews.hiddenAt,
  hiddenReason: reviews.hiddenReason,
  createdAt: reviews.createdAt,
  editedAt: reviews.editedAt,
  orderLineId: reviews.orderLineId,
  orderNumber: orders.orderNumber,
};

export function reviewsRepository(db: Db) {
  const deskSelect = () =>
    db
      .select(deskColumns)
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .innerJoin(customers, eq(customers.id, reviews.customerId))
      .leftJoin(staff, eq(staff.id, reviews.hiddenBy))
      .leftJoin(orderLines, eq(orderLines.id, reviews.orderLineId))
      .leftJoin(orders, eq(orders.id, orderLines.orderId));
  return {
    /** True for a product on sale in the shop (the catalogue's own rule: active). */
    async productInShop(productId: number) {
      const [found] = await db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.id, productId), eq(products.active, true)));
      return found !== undefined;
    },

    /**
     * The customer's latest delivered order line of this product that they kept: a line of a Delivered order of
     * theirs, less what returns not refused take back (a return asked for, on its way or refunded). Null when
     * they never received it or sent every piece back.
     */
    async keptLine(customerId: number, productId: number) {
      const returned = db
        .select({ lineId: orderReturnLines.lineId, quantity: sql<number>`sum(${orderReturnLines.quantity})::int`.as('returned') })
        .from(orderReturnLines)
        .innerJoin(orderReturns, eq(orderReturns.id, orderReturnLines.returnId))
        .where(ne(orderReturns.status, 'Refused'))
        .groupBy(orderReturnLines.lineId)
        .as('returned');
      const [line] = await db
        .select({ id: orderLines.id, orderNumber: orders.orderNumber })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .leftJoin(returned, eq(returned.lineId, orderLines.id))
        .where(
          and(
            eq(orders.customerId, customerId),
            eq(orders.status, 'Delivered'),
            eq(orderLines.productId, productId),
            sql`${orderLines.quantity} > coalesce(${returned.quantity}, 0)`,
          ),
        )
        .orderBy(desc(orders.id), asc(orderLines.id))
        .limit(1);
      return line ?? null;
    },

    /** The customer's review of this product (one at most: reviews_product_customer_key), locked when asked. */
    async mine(customerId: number, productId: number, opts: { lock?: boolean } = {}) {
      const query = db
        .select()
        .from(reviews)
        .where(and(eq(reviews.productId, productId), eq(reviews.customerId, customerId)));
      const [found] = opts.lock ? await query.for('update') : await query;
      return found ?? null;
    },

    /** A new review; null when one for this customer and product was written meanwhile (the caller edits it). */
    async insert(row: typeof reviews.$inferInsert) {
      const [made] = await db
        .insert(reviews)
        .values(row)
        .onConflictDoNothing({ target: [reviews.productId, reviews.customerId] })
        .returning();
      return made ?? null;
    },

    async update(id: number, change: Pick<typeof reviews.$inferInsert, 'rating' | 'title' | 'text' | 'orderLineId' | 'editedAt'>) {
      const [updated] = await db.update(reviews).set(change).where(eq(reviews.id, id)).returning();
      return updated!;
    },

    /** The photos of these reviews (issue 20), in slot order. */
    async photos(reviewIds: number[]): Promise<ReviewPhotoRow[]> {
      if (reviewIds.length === 0) return [];
      return db.select().from(reviewPhotos).where(inArray(reviewPhotos.reviewId, reviewIds)).orderBy(asc(reviewPhotos.reviewId), asc(reviewPhotos.slot));
    },

    /** Removes a review's photos; gives back what they were (their files go after the commit). */
    async removePhotos(reviewId: number) {
      return db.delete(reviewPhotos).where(eq(reviewPhotos.reviewId, reviewId)).returning();
    },

    async insertPhotos(rows: (typeof reviewPhotos.$inferInsert)[]) {
      if (rows.length) await db.insert(reviewPhotos).values(rows);
    },

    /** True when a stored photo of a visible review has this path (the public media route serves no other). */
    async photoIsPublic(path: string) {
      const [found] = await db
        .select({ id: reviewPhotos.id })
        .from(reviewPhotos)
        .innerJoin(reviews, eq(reviews.id, reviewPhotos.reviewId))
        .where(and(sql`(${reviewPhotos.path} = ${path} OR ${reviewPhotos.thumbPath} = ${path})`, eq(reviews.hidden, false)));
      return found !== undefined;
    },

    /** The review desk's list: searched, filtered by hidden, newest first unless asked otherwise. */
    async list(query: AdminReviewListQuery) {
      const words = query.q ? `%${escapeLike(query.q)}%` : null;
      const where = and(
        words
          ? or(
              ilike(products.name, words),
              ilike(reviews.title, words),
              ilike(reviews.text, words),
              ilike(sql`${customers.firstName} || ' ' || ${customers.lastName}`, words),
            )
          : undefined,
        query.hidden ? eq(reviews.hidden, query.hidden === 'yes') : undefined,
      );
      const direction = query.dir === 'desc' ? desc : asc;
      // 'newest' (the default: the desk reads what just came in), 'oldest', or by rating (lowest first unless dir=desc).
      const order =
        query.sort === 'rating'
          ? [direction(reviews.rating), desc(reviews.createdAt)]
          : [query.sort === 'oldest' ? asc(reviews.createdAt) : desc(reviews.createdAt)];
      const [rows, [count]] = await Promise.all([
        deskSelect()
          .where(where)
          .orderBy(...order, desc(reviews.id))
          .limit(query.perPage)
          .offset((query.page - 1) * query.perPage),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(reviews)
          .innerJoin(products, eq(products.id, reviews.productId))
          .innerJoin(customers, eq(customers.id, reviews.customerId))
          .where(where),
      ]);
      return { rows, total: Number(count?.n ?? 0) };
    },
    /** One review as the desk shows it, locked for the rest of the transaction when asked. */
    async byId(id: number, opts: { lock?: boolean } = {}) {
      if (opts.lock) await db.select({ id: reviews.id }).from(reviews).where(eq(reviews.id, id)).for('update');
      const [found] = await deskSelect().where(eq(reviews.id, id));
      return found ?? null;
    },
    async setHidden(id: number, hide: { by: number | null; at: Date; reason: string } | null) {
      await db
        .update(reviews)
        .set(
          hide
            ? { hidden: true, hiddenBy: hide.by, hiddenAt: hide.at, hiddenReason: hide.reason }
            : { hidden: false, hiddenBy: null, hiddenAt: null, hiddenReason: null },
        )
        .where(eq(reviews.id, id));
    },
  };
}
