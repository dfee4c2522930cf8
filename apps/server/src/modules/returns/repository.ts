import { and, asc, count, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { schema, type Db } from '@milli/db';

const {
  orderReturns,
  orderReturnLines,
  orderReturnPhotos,
  orderReturnEvents,
  orders,
  orderLines,
  orderPieces,
  customers,
  staff,
  storeCreditEntries,
  creditNotes,
  exchangeRequests,
  orderAdjustments,
} = schema;

export type ReturnStatus = (typeof schema.RETURN_STATUSES)[number];
export type ReturnRow = typeof orderReturns.$inferSelect;

/** Returns' queries (issue 20). The customer's are scoped by the order, itself found by the customer; `db` may be a transaction. */
export function returnsRepository(db: Db) {
  return {
    /** How many of each line of the order are in returns not refused (so not to be returned again). */
    async returnedCounts(orderId: number): Promise<Map<number, number>> {
      const rows = await db
        .select({ lineId: orderReturnLines.lineId, n: sql<number>`sum(${orderReturnLines.quantity})::int` })
        .from(orderReturnLines)
        .innerJoin(orderReturns, eq(orderReturns.id, orderReturnLines.returnId))
        .where(and(eq(orderReturns.orderId, orderId), ne(orderReturns.status, 'Refused')))
        .groupBy(orderReturnLines.lineId);
      return new Map(rows.map((r) => [r.lineId, Number(r.n)]));
    },

    /** How many of each line of the order are asked for or settled in an exchange or buy-back (not to be returned too). */
    async exchangedCounts(orderId: number): Promise<Map<number, number>> {
      const rows = await db
        .select({ lineId: exchangeRequests.lineId, n: count() })
        .from(exchangeRequests)
        .where(and(eq(exchangeRequests.orderId, orderId), inArray(exchangeRequests.status, ['Requested', 'Received', 'Settled'])))
        .groupBy(exchangeRequests.lineId);
      return new Map(rows.map((r) => [r.lineId, Number(r.n)]));
    },

    /** Per line, the weight differences settled at packing: charges paid less refunds given (open or waived ones count nothing). */
    async settledAdjustments(orderId: number): Promise<Map<number, number>> {
      const rows = await db
        .select({
          lineId: orderAdjustments.lineId,
          net: sql<string>`coalesce(sum(case when ${orderAdjustments.kind} = 'charge' then ${orderAdjustments.amountPaise} else -${orderAdjustments.amountPaise} end), 0)`,
        })
        .from(orderAdjustments)
        .where(and(eq(orderAdjustments.orderId, orderId), eq(orderAdjustments.status, 'settled')))
        .groupBy(orderAdjustments.lineId);
      return new Map(rows.filter((r) => r.lineId !== null).map((r) => [r.lineId!, Number(r.net)]));
    },

    async insert(row: typeof orderReturns.$inferInsert) {
      const [made] = await db.insert(orderReturns).values(row).returning();
      return made!;
    },
    async insertLines(rows: (typeof orderReturnLines.$inferInsert)[]) {
      if (rows.length) await db.insert(orderReturnLines).values(rows);
    },
    async insertPhotos(rows: (typeof orderReturnPhotos.$inferInsert)[]) {
      if (rows.length) await db.insert(orderReturnPhotos).values(rows);
    },
    async insertEvent(row: typeof orderReturnEvents.$inferInsert) {
      await db.insert(orderReturnEvents).values(row);
    },
    async update(id: number, patch: Partial<typeof orderReturns.$inferInsert>) {
      const [row] = await db.update(orderReturns).set(patch).where(eq(orderReturns.id, id)).returning();
      return row!;
    },

    async find(id: number, opts: { lock?: boolean } = {}) {
      const q = db.select().from(orderReturns).where(eq(orderReturns.id, id));
      const [row] = opts.lock ? await q.for('update') : await q;
      return row ?? null;
    },
    /** Returns in one status, oldest first (the accounts' refunds due). */
    async inStatus(status: ReturnStatus, limit = 100) {
      return db.select().from(orderReturns).where(eq(orderReturns.status, status)).orderBy(asc(orderReturns.updatedAt), asc(orderReturns.id)).limit(limit);
    },
    async ofOrder(orderId: number) {
      return db.select().from(orderReturns).where(eq(orderReturns.orderId, orderId)).orderBy(asc(orderReturns.id));
    },

    /** The lines of some returns, with what was bought. */
    async linesOf(returnIds: readonly number[]) {
      if (returnIds.length === 0) return [];
      return db
        .select({
          returnId: orderReturnLines.returnId,
          lineId: orderReturnLines.lineId,
          quantity: orderReturnLines.quantity,
          amountPaise: orderReturnLines.amountPaise,
          name: orderLines.productName,
          sku: orderLines.sku,
          image: orderLines.image,
          productId: orderLines.productId,
        })
        .from(orderReturnLines)
        .innerJoin(orderLines, eq(orderLines.id, orderReturnLines.lineId))
        .where(inArray(orderReturnLines.returnId, [...returnIds]))
        .orderBy(asc(orderReturnLines.lineId));
    },
    async photosOf(returnIds: readonly number[]) {
      if (returnIds.length === 0) return [];
      return db
        .select()
        .from(orderReturnPhotos)
        .where(inArray(orderReturnPhotos.returnId, [...returnIds]))
        .orderBy(asc(orderReturnPhotos.slot));
    },
    async photo(returnId: number, photoId: number) {
      const [row] = await db
        .select()
        .from(orderReturnPhotos)
        .where(and(eq(orderReturnPhotos.returnId, returnId), eq(orderReturnPhotos.id, photoId)));
      return row ?? null;
    },
    async eventsOf(returnIds: readonly number[]) {
      if (returnIds.length === 0) return [];
      return db
        .select({
          returnId: orderReturnEvents.returnId,
          status: orderReturnEvents.status,
          at: orderReturnEvents.at,
          note: orderReturnEvents.note,
          by: staff.name,
        })
        .from(orderReturnEvents)
        .leftJoin(staff, eq(staff.id, orderReturnEvents.staffId))
        .where(inArray(orderReturnEvents.returnId, [...returnIds]))
        .orderBy(asc(orderReturnEvents.at), asc(orderReturnEvents.id));
    },
    /** What of each return went back as store credit (the rest of a refund went to the payment). */
    async storeCreditOf(returnIds: readonly number[]): Promise<Map<number, number>> {
      if (returnIds.length === 0) return new Map();
      const rows = await db
        .select({ returnId: storeCreditEntries.returnId, n: sql<string>`sum(${storeCreditEntries.amountPaise})` })
        .from(storeCreditEntries)
        .where(inArray(storeCreditEntries.returnId, [...returnIds]))
        .groupBy(storeCreditEntries.returnId);
      return new Map(rows.map((r) => [r.returnId!, Number(r.n)]));
    },
    async creditNoteNumber(id: number | null) {
      if (id === null) return null;
      const [row] = await db.select({ number: creditNotes.number }).from(creditNotes).where(eq(creditNotes.id, id));
      return row?.number ?? null;
    },

    /** The desk's queue: one status (or all, the open ones first by age), with the count of each status. */
    async list(status: ReturnStatus | undefined, orderNumber?: string) {
      const rows = await db
        .select({
          id: orderReturns.id,
          orderNumber: orders.orderNumber,
          firstName: customers.firstName,
          lastName: customers.lastName,
          username: customers.username,
          email: customers.email,
          status: orderReturns.status,
          refundMethod: orderReturns.refundMethod,
          amountPaise: orderReturns.amountPaise,
          createdAt: orderReturns.createdAt,
          updatedAt: orderReturns.updatedAt,
          pieces: sql<number>`(select coalesce(sum(${orderReturnLines.quantity}), 0)::int from ${orderReturnLines} where ${orderReturnLines.returnId} = ${orderReturns.id})`,
        })
        .from(orderReturns)
        .innerJoin(orders, eq(orders.id, orderReturns.orderId))
        .innerJoin(customers, eq(customers.id, orderReturns.customerId))
        .where(and(status ? eq(orderReturns.status, status) : undefined, orderNumber ? eq(orders.orderNumber, orderNumber) : undefined))
        .orderBy(status ? asc(orderReturns.createdAt) : desc(orderReturns.createdAt), asc(orderReturns.id))
        .limit(200);
      const counts = await db.select({ status: orderReturns.status, n: count() }).from(orderReturns).groupBy(orderReturns.status);
      return { rows, counts: counts.map((c) => ({ status: c.status, n: Number(c.n) })) };
    },

    async order(orderId: number, opts: { lock?: boolean } = {}) {
      const q = db.select().from(orders).where(eq(orders.id, orderId));
      const [row] = opts.lock ? await q.for('update') : await q;
      return row!;
    },
    async customer(customerId: number) {
      const [row] = await db
        .select({
          id: customers.id,
          firstName: customers.firstName,
          lastName: customers.lastName,
          username: customers.username,
          email: customers.email,
          phone: customers.mobile,
        })
        .from(customers)
        .where(eq(customers.id, customerId));
      return row ?? null;
    },

    /** Up to `quantity` packed pieces of a line that a return may release (the orders module releases them). */
    async releasablePieces(lineId: number, quantity: number): Promise<number[]> {
      const held = await db
        .select({ id: orderPieces.id })
        .from(orderPieces)
        // Not a piece the customer is exchanging or selling back: that request releases its own piece when settled.
        .where(
          and(
            eq(orderPieces.lineId, lineId),
            isNull(orderPieces.releasedAt),
            sql`not exists (select 1 from ${exchangeRequests} where ${exchangeRequests.pieceId} = ${orderPieces.id} and ${exchangeRequests.status} in ('Requested', 'Received'))`,
          ),
        )
        .orderBy(asc(orderPieces.id))
        .limit(quantity);
      return held.map((p) => p.id);
    },
  };
}
