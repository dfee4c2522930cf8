import { and, asc, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { schema, type Db } from '@milli/db';
import type { MetalCredit, MetalDebit } from '@milli/db/schema';

const { metalCredits, metalDebits, customers, orders, appointments } = schema;

export type NewMetalCredit = typeof metalCredits.$inferInsert;
export type MetalDebitKind = (typeof schema.METAL_DEBIT_KINDS)[number];

/** Fine gold still in a credit (not used, sold back or expired). */
const leftOf = sql<number>`${metalCredits.fineMg} - ${metalCredits.usedMg} - ${metalCredits.soldMg} - ${metalCredits.expiredMg}`;

/** The metal account's queries (issue 42); each of a shopper's is scoped by their id. `db` may be a transaction. */
export function metalAccountRepository(db: Db) {
  return {
    /** A new credit; null when the shopper already has one of the row's request key (the same desk form sent again). */
    async insertCredit(row: NewMetalCredit): Promise<MetalCredit | null> {
      const [made] = await db.insert(metalCredits).values(row).onConflictDoNothing().returning();
      return made ?? null;
    },
    async creditByKey(customerId: number, requestKey: string): Promise<MetalCredit | null> {
      const [row] = await db
        .select()
        .from(metalCredits)
        .where(and(eq(metalCredits.customerId, customerId), eq(metalCredits.requestKey, requestKey)));
      return row ?? null;
    },
    /** Every credit of the shopper's, newest first. */
    credits: (customerId: number) =>
      db.select().from(metalCredits).where(eq(metalCredits.customerId, customerId)).orderBy(desc(metalCredits.madeAt), desc(metalCredits.id)),
    /**
     * The credits the shopper may use at `at` (not expired, with fine gold left), the one expiring soonest first. With
     * `lock`, their rows are locked until commit (in id order, so two transactions never wait for each other in turn).
     */
    async usable(customerId: number, at: Date, opts: { lock?: boolean } = {}): Promise<MetalCredit[]> {
      const where = and(eq(metalCredits.customerId, customerId), gt(metalCredits.expiresAt, at), sql`${leftOf} > 0`);
      if (opts.lock) await db.select({ id: metalCredits.id }).from(metalCredits).where(where).orderBy(asc(metalCredits.id)).for('update');
      return db.select().from(metalCredits).where(where).orderBy(asc(metalCredits.expiresAt), asc(metalCredits.id));
    },
    /**
     * Takes fine gold from a credit, in one statement that checks it is not expired and has that much left (the CHECK
     * holds it too): false, and nothing changed, otherwise.
     */
    async take(customerId: number, creditId: number, mg: number, kind: 'use' | 'buy_back', at: Date): Promise<boolean> {
      const column = kind === 'use' ? metalCredits.usedMg : metalCredits.soldMg;
      const rows = await db
        .update(metalCredits)
        .set(kind === 'use' ? { usedMg: sql`${column} + ${mg}` } : { soldMg: sql`${column} + ${mg}` })
        .where(and(eq(metalCredits.id, creditId), eq(metalCredits.customerId, customerId), gt(metalCredits.expiresAt, at), sql`${leftOf} >= ${mg}`))
        .returning({ id: metalCredits.id });
      return rows.length > 0;
    },
    async insertDebit(row: {
      creditId: number;
      customerId: number;
      kind: MetalDebitKind;
      mg: number;
      paise: number;
      orderId?: number | null;
      createdAt: Date;
    }) {
      await db.insert(metalDebits).values(row);
    },
    /** An order's uses not yet given back, locked. */
    openUsesOf: (customerId: number, orderId: number) =>
      db
        .select()
        .from(metalDebits)
        .where(and(eq(metalDebits.customerId, customerId), eq(metalDebits.orderId, orderId), eq(metalDebits.kind, 'use'), isNull(metalDebits.returnedAt)))
        .orderBy(asc(metalDebits.creditId))
        .for('update'),
    /** A cancelled order's grams back to their credit (expired since or not: the expiry job takes what is left of an expired one). */
    async giveBack(customerId: number, debit: MetalDebit, at: Date): Promise<void> {
      await db
        .update(metalCredits)
        .set({ usedMg: sql`${metalCredits.usedMg} - ${debit.mg}` })
        .where(and(eq(metalCredits.id, debit.creditId), eq(metalCredits.customerId, customerId)));
      await db.update(metalDebits).set({ returnedAt: at }).where(eq(metalDebits.id, debit.id));
    },
    /** Credit rows locked in id order (the cancel's, before the customer's row, as checkout takes them). */
    async lockCredits(ids: number[]): Promise<void> {
      if (ids.length > 0)
        await db.select({ id: metalCredits.id }).from(metalCredits).where(inArray(metalCredits.id, ids)).orderBy(asc(metalCredits.id)).for('update');
    },
    /** The shopper's debits with the order each names, oldest first. */
    debits: (customerId: number) =>
      db
        .select({ debit: metalDebits, orderNumber: orders.orderNumber })
        .from(metalDebits)
        .leftJoin(orders, eq(orders.id, metalDebits.orderId))
        .where(eq(metalDebits.customerId, customerId))
        .orderBy(asc(metalDebits.createdAt), asc(metalDebits.id)),
    /** Credits past their expiry with fine gold left, soonest first. */
    dueToExpire: (at: Date, limit: number) =>
      db
        .select({ id: metalCredits.id })
        .from(metalCredits)
        .where(and(lte(metalCredits.expiresAt, at), sql`${leftOf} > 0`))
        .orderBy(asc(metalCredits.expiresAt))
        .limit(limit),
    /** Expires what is left of one credit past its expiry, under its row lock; answers the mg expired (0: nothing left, or not due). */
    async expire(creditId: number, at: Date): Promise<number> {
      const [row] = await db.select().from(metalCredits).where(eq(metalCredits.id, creditId)).for('update');
      if (!row || row.expiresAt > at) return 0;
      const left = row.fineMg - row.usedMg - row.soldMg - row.expiredMg;
      if (left <= 0) return 0;
      await db
        .update(metalCredits)
        .set({ expiredMg: sql`${metalCredits.expiredMg} + ${left}` })
        .where(eq(metalCredits.id, creditId));
      await db.insert(metalDebits).values({ creditId, customerId: row.customerId, kind: 'expiry', mg: left, paise: 0, createdAt: at });
      return left;
    },
    async customer(customerId: number) {
      const [row] = await db
        .select({ id: customers.id, firstName: customers.firstName, lastName: customers.lastName, email: customers.email, mobile: customers.mobile })
        .from(customers)
        .where(and(eq(customers.id, customerId), isNull(customers.erasedAt)));
      return row ?? null;
    },
    /** The desk's search: a customer by e-mail (part of it) or mobile number (its last digits, however typed). */
    async search(q: string, limit: number) {
      const like = `%${q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
      const digits = q.replace(/\D/g, '');
      return db
        .select({ id: customers.id, firstName: customers.firstName, lastName: customers.lastName, email: customers.email, mobile: customers.mobile })
        .from(customers)
        .where(
          and(
            isNull(customers.erasedAt),
            eq(customers.role, 'customer'),
            or(
              sql`${customers.email} ilike ${like}`,
              digits.length >= 4 ? sql`right(regexp_replace(${customers.mobile}, '\\D', '', 'g'), 10) like ${`%${digits.slice(-10)}%`}` : sql`false`,
              digits.length >= 4 ? sql`${customers.phone} like ${`%${digits.slice(-10)}`}` : sql`false`,
            ),
          ),
        )
        .orderBy(asc(customers.id))
        .limit(limit);
    },
    /** Balances (usable fine gold at `at`) of these customers. */
    async balances(customerIds: number[], at: Date): Promise<Map<number, number>> {
      if (customerIds.length === 0) return new Map();
      const rows = await db
        .select({ customerId: metalCredits.customerId, mg: sql<string>`coalesce(sum(${leftOf}), 0)` })
        .from(metalCredits)
        .where(and(inArray(metalCredits.customerId, customerIds), gt(metalCredits.expiresAt, at)))
        .groupBy(metalCredits.customerId);
      return new Map(rows.map((r) => [r.customerId, Number(r.mg)]));
    },
    /** The customer's store visits booked for an assay or a trade-in, newest first: what an assay may be linked to. */
    assayVisits: (customerId: number) =>
      db
        .select({ id: appointments.id, day: appointments.day, slot: appointments.slot, purpose: appointments.purpose, status: appointments.status })
        .from(appointments)
        .where(and(eq(appointments.customerId, customerId), inArray(appointments.purpose, ['assay', 'trade_in'])))
        .orderBy(desc(appointments.day), desc(appointments.slot))
        .limit(20),
  };
}
