import { and, asc, count, desc, eq, gt, inArray, isNull, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import { schema, type Db } from '@milli/db';
import type { RateLock, RateLockUse } from '@milli/db/schema';

const { rateLocks, rateLockUses, customers, orders } = schema;

export type Metal = (typeof schema.METALS)[number];
export type NewRateLock = typeof rateLocks.$inferInsert;
export type RateLockStatus = (typeof schema.RATE_LOCK_STATUSES)[number];

/** The rate locks' queries (issue 42); each of a shopper's is scoped by their id. `db` may be a transaction. */
export function rateLockRepository(db: Db) {
  return {
    async insert(row: NewRateLock): Promise<RateLock> {
      const [made] = await db.insert(rateLocks).values(row).returning();
      return made!;
    },
    /** The shopper's locks, newest first. */
    mine: (customerId: number) =>
      db.select().from(rateLocks).where(eq(rateLocks.customerId, customerId)).orderBy(desc(rateLocks.createdAt), desc(rateLocks.id)),
    /** One lock of the shopper's, locked to the end of the transaction with `lock`. */
    async byId(customerId: number, id: number, opts: { lock?: boolean } = {}): Promise<RateLock | null> {
      const q = db
        .select()
        .from(rateLocks)
        .where(and(eq(rateLocks.id, id), eq(rateLocks.customerId, customerId)));
      const [row] = opts.lock ? await q.for('update') : await q;
      return row ?? null;
    },
    /**
     * Grams of the shopper's live locks used by orders not yet delivered: a cancel gives them back to their lock, so
     * they are still held (the cap counts them).
     */
    async openUsedMg(customerId: number, at: Date): Promise<number> {
      const [row] = await db
        .select({ mg: sql<number>`coalesce(sum(${rateLockUses.usedMg}), 0)`.mapWith(Number) })
        .from(rateLockUses)
        .innerJoin(rateLocks, eq(rateLocks.id, rateLockUses.rateLockId))
        .innerJoin(orders, eq(orders.id, rateLockUses.orderId))
        .where(
          and(
            eq(rateLockUses.customerId, customerId),
            isNull(rateLockUses.returnedAt),
            eq(rateLocks.status, 'Live'),
            gt(rateLocks.endsAt, at),
            ne(orders.status, 'Delivered'),
          ),
        );
      return row?.mg ?? 0;
    },
    /** Pending locks the shopper holds now (they may hold only a few unpaid at once). */
    async pendingCount(customerId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(rateLocks)
        .where(and(eq(rateLocks.customerId, customerId), eq(rateLocks.status, 'Pending payment')));
      return row?.n ?? 0;
    },
    /**
     * The shopper's live locks with grams left at `at`, the one ending soonest first: what a checkout may use. With
     * `lock`, their rows are locked until commit (in id order, so two transactions never wait for each other in turn).
     */
    async live(customerId: number, at: Date, opts: { lock?: boolean } = {}): Promise<RateLock[]> {
      const where = and(eq(rateLocks.customerId, customerId), eq(rateLocks.status, 'Live'), gt(rateLocks.endsAt, at), lt(rateLocks.usedMg, rateLocks.lockedMg));
      if (opts.lock) await db.select({ id: rateLocks.id }).from(rateLocks).where(where).orderBy(asc(rateLocks.id)).for('update');
      return db.select().from(rateLocks).where(where).orderBy(asc(rateLocks.endsAt), asc(rateLocks.id));
    },
    /** The advance paid: the lock is Live from `at` for its period. Only a lock still pending is changed. */
    async markLive(customerId: number, id: number, at: Date): Promise<RateLock | null> {
      const [row] = await db
        .update(rateLocks)
        .set({ status: 'Live', paidAt: at, endsAt: sql`${at.toISOString()}::timestamptz + make_interval(days => ${rateLocks.periodDays})` })
        .where(and(eq(rateLocks.id, id), eq(rateLocks.customerId, customerId), eq(rateLocks.status, 'Pending payment')))
        .returning();
      return row ?? null;
    },
    async cancelPending(customerId: number, id: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(rateLocks)
        .set({ status: 'Cancelled', endedAt: at })
        .where(and(eq(rateLocks.id, id), eq(rateLocks.customerId, customerId), eq(rateLocks.status, 'Pending payment')))
        .returning({ id: rateLocks.id });
      return rows.length > 0;
    },
    /** Pending locks started before `before` (their time to pay is over), oldest first. */
    overduePending: (before: Date, limit: number) =>
      db
        .select()
        .from(rateLocks)
        .where(and(eq(rateLocks.status, 'Pending payment'), lt(rateLocks.createdAt, before)))
        .orderBy(asc(rateLocks.createdAt))
        .limit(limit),
    /** Live locks whose period is over at `at`, soonest first. */
    dueToEnd: (at: Date, limit: number) =>
      db
        .select()
        .from(rateLocks)
        .where(and(eq(rateLocks.status, 'Live'), lte(rateLocks.endsAt, at)))
        .orderBy(asc(rateLocks.endsAt))
        .limit(limit),
    /**
     * Takes grams and advance from a live lock, in one statement that checks what is left (and the CHECKs hold it too):
     * false, and nothing changed, when the lock has ended or has not that much left.
     */
    async take(customerId: number, id: number, usedMg: number, advancePaise: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(rateLocks)
        .set({ usedMg: sql`${rateLocks.usedMg} + ${usedMg}`, advanceUsedPaise: sql`${rateLocks.advanceUsedPaise} + ${advancePaise}` })
        .where(
          and(
            eq(rateLocks.id, id),
            eq(rateLocks.customerId, customerId),
            eq(rateLocks.status, 'Live'),
            gt(rateLocks.endsAt, at),
            sql`${rateLocks.usedMg} + ${usedMg} <= ${rateLocks.lockedMg}`,
            sql`${rateLocks.advanceUsedPaise} + ${advancePaise} <= ${rateLocks.advancePaise}`,
          ),
        )
        .returning({ id: rateLocks.id });
      return rows.length > 0;
    },
    /** Gives grams and advance back to a lock (an order that used it was cancelled while the lock is live). */
    async giveBack(customerId: number, id: number, usedMg: number, advancePaise: number): Promise<void> {
      await db
        .update(rateLocks)
        .set({ usedMg: sql`${rateLocks.usedMg} - ${usedMg}`, advanceUsedPaise: sql`${rateLocks.advanceUsedPaise} - ${advancePaise}` })
        .where(and(eq(rateLocks.id, id), eq(rateLocks.customerId, customerId)));
    },
    /** The lock's end: Ended, with what became of its unused advance. */
    async end(id: number, at: Date, money: { refundedPaise: number; keptPaise: number }): Promise<void> {
      await db
        .update(rateLocks)
        .set({
          status: 'Ended',
          endedAt: at,
          advanceRefundedPaise: sql`${rateLocks.advanceRefundedPaise} + ${money.refundedPaise}`,
          advanceKeptPaise: sql`${rateLocks.advanceKeptPaise} + ${money.keptPaise}`,
        })
        .where(eq(rateLocks.id, id));
    },
    /**
     * An ended lock's advance refunded after its end (an order that used it was cancelled since): the paise move from
     * used to refunded, so used + refunded + kept still add up to at most the advance (the CHECK holds it).
     */
    async refundUsed(id: number, paise: number): Promise<void> {
      await db
        .update(rateLocks)
        .set({
          advanceUsedPaise: sql`${rateLocks.advanceUsedPaise} - ${paise}`,
          advanceRefundedPaise: sql`${rateLocks.advanceRefundedPaise} + ${paise}`,
        })
        .where(eq(rateLocks.id, id));
    },
    async lockById(id: number): Promise<RateLock | null> {
      const [row] = await db.select().from(rateLocks).where(eq(rateLocks.id, id)).for('update');
      return row ?? null;
    },
    async recordUse(row: { rateLockId: number; customerId: number; orderId: number; usedMg: number; advancePaise: number; createdAt: Date }): Promise<void> {
      await db.insert(rateLockUses).values(row);
    },
    /** An order's uses not yet given back, locked. */
    openUsesOf: (customerId: number, orderId: number) =>
      db
        .select()
        .from(rateLockUses)
        .where(and(eq(rateLockUses.customerId, customerId), eq(rateLockUses.orderId, orderId), isNull(rateLockUses.returnedAt)))
        .orderBy(asc(rateLockUses.rateLockId))
        .for('update'),
    async markReturned(id: number, at: Date): Promise<void> {
      await db.update(rateLockUses).set({ returnedAt: at }).where(eq(rateLockUses.id, id));
    },
    /** The uses of these locks, with their orders' numbers. */
    async usesOf(lockIds: number[]): Promise<(RateLockUse & { orderNumber: string })[]> {
      if (lockIds.length === 0) return [];
      const rows = await db
        .select({ use: rateLockUses, orderNumber: orders.orderNumber })
        .from(rateLockUses)
        .innerJoin(orders, eq(orders.id, rateLockUses.orderId))
        .where(inArray(rateLockUses.rateLockId, lockIds))
        .orderBy(asc(rateLockUses.createdAt), asc(rateLockUses.id));
      return rows.map((r) => ({ ...r.use, orderNumber: r.orderNumber }));
    },
    /** The back office's page: searched by the customer's name or e-mail, or the lock's id; filtered by status. */
    async page(query: {
      q?: string | undefined;
      status?: RateLockStatus | undefined;
      sort: 'created' | 'ends';
      dir: 'asc' | 'desc';
      page: number;
      perPage: number;
    }) {
      const filters: SQL[] = [];
      if (query.status) filters.push(eq(rateLocks.status, query.status));
      if (query.q) {
        const like = `%${query.q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
        const id = /^\d{1,9}$/.test(query.q) ? Number(query.q) : null;
        filters.push(
          sql`(${customers.email} ilike ${like} or (${customers.firstName} || ' ' || ${customers.lastName}) ilike ${like}${id !== null ? sql` or ${rateLocks.id} = ${id}` : sql``})`,
        );
      }
      const where = filters.length ? and(...filters) : undefined;
      const column = query.sort === 'ends' ? rateLocks.endsAt : rateLocks.createdAt;
      const order = query.dir === 'desc' ? sql`${column} desc nulls last` : sql`${column} asc nulls last`;
      const rows = await db
        .select({ lock: rateLocks, customer: { id: customers.id, firstName: customers.firstName, lastName: customers.lastName, email: customers.email } })
        .from(rateLocks)
        .innerJoin(customers, eq(customers.id, rateLocks.customerId))
        .where(where)
        .orderBy(order, desc(rateLocks.id))
        .limit(query.perPage)
        .offset((query.page - 1) * query.perPage);
      const [total] = await db.select({ n: count() }).from(rateLocks).innerJoin(customers, eq(customers.id, rateLocks.customerId)).where(where);
      return { rows, total: total?.n ?? 0 };
    },
    async customerEmail(customerId: number): Promise<string | null> {
      const [row] = await db.select({ email: customers.email }).from(customers).where(eq(customers.id, customerId));
      return row?.email ?? null;
    },
  };
}
