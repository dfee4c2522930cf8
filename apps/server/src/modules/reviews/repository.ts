import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { schema, type Db } from '@milli/db';

const { orders, orderLines, orderReturns, orderReturnLines, products, reviews, reviewPhotos } = schema;

export type ReviewPhotoRow = typeof reviewPhotos.$inferSelect;

export function reviewsRepository(db: Db) {
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
  };
}
