import { and, asc, desc, eq, inArray, lte, notExists, sql } from 'drizzle-orm';
import { schema, type Db } from '@milli/db';

const { harvestPlans: plans, harvestInstalments: instalments, harvestRedemptions: redemptions } = schema;

/**
 * Still redeemable at `now`: within 365 days of the plan's first payment (its enrolment when none is recorded).
 * Goods must be supplied within 365 days of an advance, so a plan past it is closed and refunded instead.
 */
const withinLimit = (now: Date) =>
  sql`coalesce((select min(${instalments.paidAt}) from ${instalments} where ${instalments.planId} = ${plans.id} and ${instalments.status} = 'Paid'), ${plans.startedAt}) + interval '365 days' > ${now}`;

export type PlanRecord = typeof plans.$inferSelect;
export type InstalmentRecord = typeof instalments.$inferSelect;

/** Harvest queries; every one is scoped by the customer's id in the query itself. `db` may be a transaction. */
export function harvestRepository(db: Db) {
  return {
    async plans(customerId: number) {
      const rows = await db.select().from(plans).where(eq(plans.customerId, customerId)).orderBy(asc(plans.startedAt), asc(plans.id));
      const items = rows.length
        ? await db
            .select()
            .from(instalments)
            .where(
              inArray(
                instalments.planId,
                rows.map((p) => p.id),
              ),
            )
            .orderBy(asc(instalments.number))
        : [];
      return rows.map((plan) => ({ plan, instalments: items.filter((i) => i.planId === plan.id) }));
    },
    async hasActivePlan(customerId: number) {
      const [row] = await db
        .select({ id: plans.id })
        .from(plans)
        .where(and(eq(plans.customerId, customerId), eq(plans.status, 'Active')))
        .limit(1);
      return !!row;
    },
    async createPlan(
      customerId: number,
      plan: { monthlyAmountPaise: number; email: string; startedAt: Date; maturesAt: Date },
      rows: { number: number; dueDate: string; amountPaise: number; discountPaise: number; free: boolean }[],
    ) {
      const [made] = await db
        .insert(plans)
        .values({ customerId, ...plan, status: 'Active' })
        .returning();
      await db.insert(instalments).values(
        rows.map((r) => ({
          planId: made!.id,
          number: r.number,
          dueDate: r.dueDate,
          amountPaise: r.amountPaise,
          discountPaise: r.discountPaise,
          status: r.free ? ('Free' as const) : ('Due' as const),
        })),
      );
      return made!;
    },
    /** The instalment with its plan, the plan row locked until the transaction ends; null if it is not this customer's. */
    async lockInstalment(customerId: number, instalmentId: number) {
      const [plan] = await db
        .select()
        .from(plans)
        .where(
          and(
            eq(plans.customerId, customerId),
            sql`${plans.id} = (select ${instalments.planId} from ${instalments} where ${instalments.id} = ${instalmentId})`,
          ),
        )
        .for('update');
      if (!plan) return null;
      const items = await db.select().from(instalments).where(eq(instalments.planId, plan.id)).orderBy(asc(instalments.number));
      const instalment = items.find((i) => i.id === instalmentId);
      return instalment ? { plan, instalment, instalments: items } : null;
    },
    async markPaid(customerId: number, instalmentId: number, paymentId: number, at: Date) {
      const rows = await db
        .update(instalments)
        .set({ status: 'Paid', paymentId, paidAt: at })
        .where(
          and(
            eq(instalments.id, instalmentId),
            eq(instalments.status, 'Due'),
            sql`${instalments.planId} in (select ${plans.id} from ${plans} where ${plans.customerId} = ${customerId})`,
          ),
        )
        .returning();
      return rows[0] ?? null;
    },
    async instalmentOfPayment(customerId: number, paymentId: number) {
      const [row] = await db
        .select({ number: instalments.number })
        .from(instalments)
        .innerJoin(plans, eq(plans.id, instalments.planId))
        .where(and(eq(instalments.paymentId, paymentId), eq(plans.customerId, customerId)));
      return row ?? null;
    },
    /**
     * Active plans whose ten instalments are paid and whose maturity date has come become Matured, with
     * eleven full instalments to spend.
     */
    async matureDue(customerId: number, now: Date) {
      return db
        .update(plans)
        .set({ status: 'Matured', redeemableBalancePaise: sql`${plans.monthlyAmountPaise} * 11` })
        .where(
          and(
            eq(plans.customerId, customerId),
            eq(plans.status, 'Active'),
            lte(plans.maturesAt, now),
            notExists(
              db
                .select({ one: sql`1` })
                .from(instalments)
                .where(and(eq(instalments.planId, plans.id), eq(instalments.status, 'Due'))),
            ),
          ),
        )
        .returning({ id: plans.id });
    },
    /** Matured plans with something left (and still within the 365-day limit at `now`), oldest maturity first, locked for spending. */
    async lockMatured(customerId: number, now: Date) {
      return db
        .select()
        .from(plans)
        .where(and(eq(plans.customerId, customerId), eq(plans.status, 'Matured'), withinLimit(now)))
        .orderBy(asc(plans.maturesAt), asc(plans.id))
        .for('update');
    },
    async setBalance(customerId: number, planId: number, balancePaise: number) {
      await db
        .update(plans)
        .set({ redeemableBalancePaise: balancePaise, ...(balancePaise === 0 ? { status: 'Redeemed' as const } : {}) })
        .where(and(eq(plans.id, planId), eq(plans.customerId, customerId)));
    },
    async recordRedemption(row: { planId: number; customerId: number; orderId: number; amountPaise: number; spentAt: Date }) {
      await db.insert(redemptions).values(row);
    },
    /** What the order took from each plan (returned or not), the rows locked until the transaction ends. */
    async lockRedemptions(customerId: number, orderId: number) {
      return db
        .select()
        .from(redemptions)
        .where(and(eq(redemptions.customerId, customerId), eq(redemptions.orderId, orderId)))
        .orderBy(asc(redemptions.planId))
        .for('update');
    },
    async markReturned(customerId: number, ids: number[], at: Date) {
      if (ids.length === 0) return;
      await db
        .update(redemptions)
        .set({ returnedAt: at })
        .where(and(eq(redemptions.customerId, customerId), inArray(redemptions.id, ids)));
    },
    /**
     * Plans that can hold a balance, locked in the order `lockMatured` takes them, so a reversal and a
     * checkout of the same customer cannot deadlock.
     */
    async lockSpendable(customerId: number) {
      return db
        .select({ id: plans.id })
        .from(plans)
        .where(and(eq(plans.customerId, customerId), inArray(plans.status, ['Matured', 'Redeemed'])))
        .orderBy(asc(plans.maturesAt), asc(plans.id))
        .for('update');
    },
    /** Puts paise back on a plan the customer spent from; a Redeemed plan is Matured again. */
    async addBalance(customerId: number, planId: number, amountPaise: number) {
      const rows = await db
        .update(plans)
        .set({ redeemableBalancePaise: sql`${plans.redeemableBalancePaise} + ${amountPaise}`, status: 'Matured' })
        .where(and(eq(plans.id, planId), eq(plans.customerId, customerId), inArray(plans.status, ['Matured', 'Redeemed'])))
        .returning({ id: plans.id });
      return rows.length === 1;
    },
    /** The plan spent from last (orders placed before spending was recorded name no plan). */
    async lastSpentPlan(customerId: number) {
      const [row] = await db
        .select({ id: plans.id })
        .from(plans)
        .where(and(eq(plans.customerId, customerId), inArray(plans.status, ['Matured', 'Redeemed'])))
        .orderBy(desc(plans.maturesAt), desc(plans.id))
        .limit(1);
      return row ?? null;
    },
    /** The balance the customer can spend at `now` (plans past the 365-day limit left out). */
    async balance(customerId: number, now: Date) {
      const [row] = await db
        .select({ n: sql<string>`coalesce(sum(${plans.redeemableBalancePaise}), 0)` })
        .from(plans)
        .where(and(eq(plans.customerId, customerId), eq(plans.status, 'Matured'), withinLimit(now)));
      return Number(row?.n ?? 0);
    },
    /** The balance held in plans past the 365-day limit: not spendable, to be closed and refunded. */
    async expiredBalance(customerId: number, now: Date) {
      const [row] = await db
        .select({ n: sql<string>`coalesce(sum(${plans.redeemableBalancePaise}), 0)` })
        .from(plans)
        .where(and(eq(plans.customerId, customerId), eq(plans.status, 'Matured'), sql`not (${withinLimit(now)})`));
      return Number(row?.n ?? 0);
    },
  };
}
