import { and, desc, eq, sql } from 'drizzle-orm';
import { schema, type Db } from '@milli/db';
import type { StoreCreditEntry } from '@milli/db/schema';

const { storeCreditEntries: entries, customers, orders } = schema;

export type StoreCreditKind = (typeof schema.STORE_CREDIT_KINDS)[number];
export type NewStoreCreditEntry = typeof entries.$inferInsert;

/** The store credit ledger's queries; every one is scoped by the customer's id. `db` may be a transaction. */
export function storeCreditRepository(db: Db) {
  return {
    async balance(customerId: number): Promise<number> {
      const [row] = await db
        .select({ total: sql<string>`coalesce(sum(${entries.amountPaise}), 0)` })
        .from(entries)
        .where(eq(entries.customerId, customerId));
      return Number(row?.total ?? 0);
    },
    async entries(customerId: number, limit: number): Promise<StoreCreditEntry[]> {
      return db.select().from(entries).where(eq(entries.customerId, customerId)).orderBy(desc(entries.createdAt), desc(entries.id)).limit(limit);
    },
    /** What an order spent and has not had back: its 'spent' entries less its 'given_back' ones, as a positive number. */
    async owedBack(customerId: number, orderId: number): Promise<number> {
      const [row] = await db
        .select({ total: sql<string>`coalesce(sum(${entries.amountPaise}), 0)` })
        .from(entries)
        .where(and(eq(entries.customerId, customerId), eq(entries.orderId, orderId), sql`${entries.kind} in ('spent', 'given_back')`));
      return -Number(row?.total ?? 0);
    },
    /** The statement: entries newest first, with the order number each names. */
    statement: (customerId: number, limit: number) =>
      db
        .select({ entry: entries, orderNumber: orders.orderNumber })
        .from(entries)
        .leftJoin(orders, eq(orders.id, entries.orderId))
        .where(eq(entries.customerId, customerId))
        .orderBy(desc(entries.createdAt), desc(entries.id))
        .limit(limit),
    async orderByNumber(orderNumber: string) {
      const [row] = await db
        .select({ id: orders.id, customerId: orders.customerId, orderNumber: orders.orderNumber })
        .from(orders)
        .where(eq(orders.orderNumber, orderNumber));
      return row ?? null;
    },
    async customer(id: number) {
      const [row] = await db.select({ email: customers.email }).from(customers).where(eq(customers.id, id));
      return row ?? null;
    },
    async insert(entry: NewStoreCreditEntry): Promise<StoreCreditEntry> {
      const [row] = await db.insert(entries).values(entry).returning();
      return row!;
    },
  };
}
