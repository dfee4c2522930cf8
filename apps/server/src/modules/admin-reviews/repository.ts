import { and, asc, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { AdminReviewListQuery } from '@milli/contracts/schemas';
import { schema, type Db } from '@milli/db';

const { reviews, reviewPhotos, products, customers, staff, orderLines, orders } = schema;
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const columns = {
  id: reviews.id,
  productId: reviews.productId,
  productName: products.name,
  customerId: reviews.customerId,
  firstName: customers.firstName,
  lastName: customers.lastName,
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

export function adminReviewsRepository(db: Db) {
  const select = () =>
    db
      .select(columns)
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .innerJoin(customers, eq(customers.id, reviews.customerId))
      .leftJoin(staff, eq(staff.id, reviews.hiddenBy))
      .leftJoin(orderLines, eq(orderLines.id, reviews.orderLineId))
      .leftJoin(orders, eq(orders.id, orderLines.orderId));
  return {
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
        select()
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
    async byId(id: number, opts: { lock?: boolean } = {}) {
      if (opts.lock) await db.select({ id: reviews.id }).from(reviews).where(eq(reviews.id, id)).for('update');
      const [found] = await select().where(eq(reviews.id, id));
      return found ?? null;
    },
    /** The photos of these reviews (issue 20), in slot order. */
    async photos(reviewIds: number[]) {
      if (reviewIds.length === 0) return [];
      return db.select().from(reviewPhotos).where(inArray(reviewPhotos.reviewId, reviewIds)).orderBy(asc(reviewPhotos.reviewId), asc(reviewPhotos.slot));
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
