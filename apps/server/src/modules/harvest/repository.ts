import { and, asc, desc, eq, ilike, inArray, isNull, lt, lte, notExists, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { schema, type Db } from '@milli/db';
import type { AdminHarvestListQuery } from '@milli/contracts/schemas';

const {
  harvestPlans: plans,
  harvestInstalments: instalments,
  harvestRedemptions: redemptions,
  customers,
  payments,
  refunds,
  orders,
  mailOutbox,
  auditLog,
  staff,
} = schema;

/** The first payment: the 365-day limit counts from it (the enrolment when no payment is recorded). */
const firstPaidAt = sql<Date>`coalesce((select min(${instalments.paidAt}) from ${instalments} where ${instalments.planId} = ${plans.id} and ${instalments.status} = 'Paid'), ${plans.startedAt})`;

/**
 * Still redeemable at `now`: within 365 days of the plan's first payment (its enrolment when none is recorded).
 * Goods must be supplied within 365 days of an advance, so a plan past it is closed and refunded instead.
 */
const withinLimit = (now: Date) => sql`${firstPaidAt} + interval '365 days' > ${now}`;

export type PlanRecord = typeof plans.$inferSelect;
export type InstalmentRecord = typeof instalments.$inferSelect;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The plan's next unpaid instalment's date, while the plan runs. */
const nextDue = sql<
  string | null
>`(select min(${instalments.dueDate})::text from ${instalments} where ${instalments.planId} = ${plans.id} and ${instalments.status} = 'Due' and ${plans.status} = 'Active')`;
const paidCount = sql<number>`(select count(*)::int from ${instalments} where ${instalments.planId} = ${plans.id} and ${instalments.status} = 'Paid')`;
const paidPaise = sql<number>`(select coalesce(sum(${instalments.amountPaise} - ${instalments.discountPaise}), 0)::int from ${instalments} where ${instalments.planId} = ${plans.id} and ${instalments.status} = 'Paid')`;

const columns = {
  id: plans.id,
  status: plans.status,
  customerId: plans.customerId,
  firstName: customers.firstName,
  lastName: customers.lastName,
  username: customers.username,
  customerEmail: customers.email,
  email: plans.email,
  monthlyAmountPaise: plans.monthlyAmountPaise,
  balancePaise: plans.redeemableBalancePaise,
  refundedPaise: plans.refundedPaise,
  maturesAt: plans.maturesAt,
  startedAt: plans.startedAt,
  closedAt: plans.closedAt,
  closedBy: plans.closedBy,
  closeReason: plans.closeReason,
  paidCount,
  paidPaise,
  nextDue,
  firstPaidAt: sql<string>`(${firstPaidAt})::text`,
  hasPayment: sql<boolean>`exists (select 1 from ${instalments} where ${instalments.planId} = ${plans.id} and ${instalments.status} = 'Paid')`,
};
export type PlanRow = Awaited<ReturnType<ReturnType<typeof harvestRepository>['byId']>> & {};

/**
 * Harvest plans, their instalments and redemptions: the one writer of these tables, for the customer's plans, the
 * checkout's spending and the desk alike. A customer's queries are scoped by the customer's id in the query
 * itself; the desk's and the daily pass's reach every plan. `db` may be a transaction.
 */
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
     * eleven full instalments to spend: one customer's (as their plans are read or spent), or with null every
     * customer's (the daily pass). Answers how many matured.
     */
    async matureDue(customerId: number | null, now: Date) {
      const rows = await db
        .update(plans)
        .set({ status: 'Matured', redeemableBalancePaise: sql`${plans.monthlyAmountPaise} * 11` })
        .where(
          and(
            customerId === null ? undefined : eq(plans.customerId, customerId),
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
      return rows.map((r) => r.id);
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

    // The desk's and the daily pass's: every plan, with its customer, payments, refunds, reminders and history.
    async list(query: AdminHarvestListQuery, today: string, soon: string) {
      const words = query.q ? `%${escapeLike(query.q)}%` : null;
      const id = query.q && /^#?\d{1,9}$/.test(query.q) ? Number(query.q.replace('#', '')) : null;
      const where = and(
        words
          ? or(
              ilike(customers.firstName, words),
              ilike(customers.lastName, words),
              ilike(sql`${customers.firstName} || ' ' || ${customers.lastName}`, words),
              ilike(customers.username, words),
              ilike(customers.email, words),
              ilike(plans.email, words),
              id !== null ? eq(plans.id, id) : undefined,
            )
          : undefined,
        query.status ? eq(plans.status, query.status) : undefined,
        query.due === 'overdue' ? sql`${nextDue} < ${today}` : undefined,
        query.due === 'due-soon' ? sql`${nextDue} between ${today} and ${soon}` : undefined,
      );
      const direction = query.dir === 'desc' ? desc : asc;
      const order: SQL[] =
        query.sort === 'started'
          ? [direction(plans.startedAt), direction(plans.id)]
          : [sql`${nextDue} ${sql.raw(query.dir === 'desc' ? 'desc' : 'asc')} nulls last`, asc(plans.id)];
      const [rows, [count]] = await Promise.all([
        db
          .select(columns)
          .from(plans)
          .innerJoin(customers, eq(customers.id, plans.customerId))
          .where(where)
          .orderBy(...order)
          .limit(query.perPage)
          .offset((query.page - 1) * query.perPage),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(plans)
          .innerJoin(customers, eq(customers.id, plans.customerId))
          .where(where),
      ]);
      return { rows, total: Number(count?.n ?? 0) };
    },

    async byId(id: number, opts: { lock?: boolean } = {}) {
      if (opts.lock) await db.select({ id: plans.id }).from(plans).where(eq(plans.id, id)).for('update');
      const [found] = await db.select(columns).from(plans).innerJoin(customers, eq(customers.id, plans.customerId)).where(eq(plans.id, id));
      return found ?? null;
    },

    async instalments(planId: number) {
      return db.select().from(instalments).where(eq(instalments.planId, planId)).orderBy(asc(instalments.number));
    },

    /** The plan's captured payments, locked (a close and a late settle never cross). */
    async paidPayments(planId: number, opts: { lock?: boolean } = {}) {
      const q = db
        .select()
        .from(payments)
        .where(and(eq(payments.harvestPlanId, planId), eq(payments.purpose, 'harvest_instalment'), inArray(payments.status, ['paid', 'refunded'])))
        .orderBy(desc(payments.id));
      return opts.lock ? q.for('update') : q;
    },

    async paymentsWithRefunds(planId: number) {
      const rows = await db
        .select()
        .from(payments)
        .where(and(eq(payments.harvestPlanId, planId), eq(payments.purpose, 'harvest_instalment')));
      const made = rows.length
        ? await db
            .select()
            .from(refunds)
            .where(
              inArray(
                refunds.paymentId,
                rows.map((r) => r.id),
              ),
            )
            .orderBy(asc(refunds.id))
        : [];
      return rows.map((p) => ({ ...p, refunds: made.filter((r) => r.paymentId === p.id) }));
    },

    /** Refunds queued and not yet processed for these payments (they count as given back). */
    async pendingRefunded(paymentIds: number[]) {
      if (paymentIds.length === 0) return new Map<number, number>();
      const rows = await db
        .select({ paymentId: refunds.paymentId, n: sql<number>`sum(${refunds.amountPaise})::int` })
        .from(refunds)
        .where(and(inArray(refunds.paymentId, paymentIds), eq(refunds.status, 'pending')))
        .groupBy(refunds.paymentId);
      return new Map(rows.map((r) => [r.paymentId, Number(r.n)]));
    },

    async redemptions(planId: number) {
      return db
        .select({ orderNumber: orders.orderNumber, amountPaise: redemptions.amountPaise, spentAt: redemptions.spentAt, returnedAt: redemptions.returnedAt })
        .from(redemptions)
        .innerJoin(orders, eq(orders.id, redemptions.orderId))
        .where(eq(redemptions.planId, planId))
        .orderBy(asc(redemptions.spentAt));
    },

    /** Balance of the plan spent on orders still on their way (not delivered, not cancelled): cancelling one gives it back to the plan. */
    async spentOnOpenOrders(planId: number) {
      return db
        .select({ orderNumber: orders.orderNumber, amountPaise: redemptions.amountPaise })
        .from(redemptions)
        .innerJoin(orders, eq(orders.id, redemptions.orderId))
        .where(and(eq(redemptions.planId, planId), isNull(redemptions.returnedAt), notInArray(orders.status, ['Delivered', 'Cancelled'])))
        .orderBy(asc(redemptions.spentAt));
    },

    async reminders(planId: number, email: string) {
      return db
        .select({ subject: mailOutbox.subject, createdAt: mailOutbox.createdAt, status: mailOutbox.status })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.kind, 'harvest-reminder'), eq(mailOutbox.toAddress, email), ilike(mailOutbox.subject, `%Harvest plan ${planId}:%`)))
        .orderBy(desc(mailOutbox.id));
    },

    async history(planId: number) {
      return db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'harvest-plan'), eq(auditLog.entityId, String(planId))))
        .orderBy(asc(auditLog.id));
    },

    async staffEmail(id: number | null) {
      if (id === null) return null;
      const [row] = await db.select({ email: staff.email }).from(staff).where(eq(staff.id, id));
      return row?.email ?? null;
    },

    /** The address every plan of the customer's mails to, replaced (their data erased, issue 38). */
    async setEmailOf(customerId: number, email: string) {
      await db.update(plans).set({ email }).where(eq(plans.customerId, customerId));
    },

    async close(planId: number, by: number | null, reason: string, refundedPaise: number, at: Date) {
      await db
        .update(plans)
        .set({
          status: 'Cancelled',
          closedAt: at,
          closedBy: by,
          closeReason: reason,
          refundedPaise: sql`${plans.refundedPaise} + ${refundedPaise}`,
          redeemableBalancePaise: 0,
        })
        .where(eq(plans.id, planId));
    },

    /**
     * Claims the reminders to send, atomically: each running plan's next unpaid instalment due by `soon`
     * (before the plan's maturity), not reminded since `since`. The UPDATE marks them as it picks them, so
     * two runs at once never both take one (the second waits for the first's row lock, then sees it reminded).
     */
    async claimReminders(soon: string, since: Date, at: Date) {
      const next = sql`(select min(i2.number) from ${instalments} i2 where i2.plan_id = ${instalments.planId} and i2.status = 'Due')`;
      return db
        .update(instalments)
        .set({ remindedAt: at })
        .where(
          and(
            eq(instalments.status, 'Due'),
            sql`${instalments.dueDate} <= ${soon}`,
            sql`${instalments.number} = ${next}`,
            or(isNull(instalments.remindedAt), lt(instalments.remindedAt, since)),
            sql`${instalments.planId} in (select ${plans.id} from ${plans} where ${plans.status} = 'Active' and ${plans.maturesAt} > ${at})`,
          ),
        )
        .returning();
    },

    /** Marks one instalment reminded unless it was since `since`; false when another reminder beat it. */
    async claimOne(instalmentId: number, since: Date, at: Date) {
      const rows = await db
        .update(instalments)
        .set({ remindedAt: at })
        .where(and(eq(instalments.id, instalmentId), or(isNull(instalments.remindedAt), lt(instalments.remindedAt, since))))
        .returning({ id: instalments.id });
      return rows.length === 1;
    },

    /** Who a plan's messages go to (issue 41): its customer and their mobile number, unless their data was erased. */
    async planContact(planId: number) {
      const [row] = await db
        .select({ customerId: plans.customerId, phone: customers.mobile, erasedAt: customers.erasedAt })
        .from(plans)
        .innerJoin(customers, eq(customers.id, plans.customerId))
        .where(eq(plans.id, planId));
      return row && !row.erasedAt ? { customerId: row.customerId, phone: row.phone } : null;
    },

    async planEmail(planId: number) {
      const [row] = await db.select({ email: plans.email }).from(plans).where(eq(plans.id, planId));
      return row?.email ?? null;
    },

    /**
     * Running plans whose maturity date has passed with instalments unpaid mature with what was paid (no
     * store additions: neither the 11th nor the first instalment's half); with nothing paid, they are closed.
     */
    async matureLapsed(at: Date) {
      const paid = sql`(select coalesce(sum(i.amount_paise - i.discount_paise), 0) from ${instalments} i where i.plan_id = ${plans.id} and i.status = 'Paid')`;
      const lapsed = and(
        eq(plans.status, 'Active'),
        sql`${plans.maturesAt} <= ${at}`,
        sql`exists (select 1 from ${instalments} i where i.plan_id = ${plans.id} and i.status = 'Due')`,
      );
      const matured = await db
        .update(plans)
        .set({ status: 'Matured', redeemableBalancePaise: paid })
        .where(and(lapsed, sql`${paid} > 0`))
        .returning({ id: plans.id });
      const closed = await db
        .update(plans)
        .set({ status: 'Cancelled', closedAt: at, closeReason: 'Nothing was paid by the maturity date.' })
        .where(and(lapsed, sql`${paid} = 0`))
        .returning({ id: plans.id });
      return { matured: matured.length, maturedIds: matured.map((r) => r.id), closed: closed.length };
    },
  };
}
