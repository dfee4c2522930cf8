import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { preparedStatement, schema, type Db } from '@milli/db';

const { products, wishlistItems } = schema;

/** The ids of a customer's wished pieces still on sale, newest first: read for every page a shopper sees. */
const activeIdsStatement = preparedStatement<{ productId: number }>(
  'wishlist_active_ids',
  sql`
    select ${wishlistItems.productId} as "productId" from ${wishlistItems}
    join ${products} on ${products.id} = ${wishlistItems.productId}
    where ${wishlistItems.customerId} = ${sql.placeholder('customerId')} and ${products.active}
    order by ${wishlistItems.addedAt} desc, ${wishlistItems.productId} desc`,
);

/** Wish-list queries; every one is scoped by the customer's id in the query itself. `db` may be a transaction. */
export function wishlistRepository(db: Db) {
  return {
    /** The customer's pieces, newest first (inactive products included: the service drops what cannot be shown). */
    async items(customerId: number) {
      return db
        .select({ productId: wishlistItems.productId, addedAt: wishlistItems.addedAt })
        .from(wishlistItems)
        .where(eq(wishlistItems.customerId, customerId))
        .orderBy(desc(wishlistItems.addedAt), desc(wishlistItems.productId));
    },

    /** Ids of the customer's pieces that are still on sale, newest first: the header count and the hearts. */
    async activeIds(customerId: number): Promise<number[]> {
      const rows = await activeIdsStatement(db, { customerId });
      return rows.map((r) => r.productId);
    },

    /** Which of these ids are active products. */
    async activeProducts(ids: readonly number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: products.id })
        .from(products)
        .where(and(inArray(products.id, [...ids]), eq(products.active, true)));
      return new Set(rows.map((r) => r.id));
    },

    async has(customerId: number, productId: number): Promise<boolean> {
      const [row] = await db
        .select({ productId: wishlistItems.productId })
        .from(wishlistItems)
        .where(and(eq(wishlistItems.customerId, customerId), eq(wishlistItems.productId, productId)));
      return !!row;
    },

    /** Adds the piece once: a second add keeps the one row (and its first date). */
    async add(customerId: number, productId: number): Promise<void> {
      await db.insert(wishlistItems).values({ customerId, productId }).onConflictDoNothing();
    },

    async remove(customerId: number, productId: number): Promise<boolean> {
      const rows = await db
        .delete(wishlistItems)
        .where(and(eq(wishlistItems.customerId, customerId), eq(wishlistItems.productId, productId)))
        .returning({ productId: wishlistItems.productId });
      return rows.length > 0;
    },

    /** Every row of the customer's (their data erased, issue 38). */
    async removeAll(customerId: number): Promise<void> {
      await db.delete(wishlistItems).where(eq(wishlistItems.customerId, customerId));
    },

    /** Every row, active or not: the cap counts what is stored. */
    async count(customerId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(wishlistItems)
        .where(eq(wishlistItems.customerId, customerId));
      return Number(row?.n ?? 0);
    },
  };
}
