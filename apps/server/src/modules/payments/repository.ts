import { and, asc, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import { placeholderValue, preparedQuery, schema, type Db } from '@milli/db';

const { payments, refunds, gatewayEvents, harvestInstalments, orders, cadDesigns } = schema;

export type PaymentPurpose = (typeof schema.PAYMENT_PURPOSES)[number];
export type PaymentRecord = typeof payments.$inferSelect;
export type RefundRecord = typeof refunds.$inferSelect;

const p = (name: string) => sql.placeholder(name);

// The statements every purchase runs, built once (decision 038).
/** The payment of a gateway order: of one customer's when `mine`, under its row lock when `locked`. */
const byGatewayOrderStatement = (name: string, mine: boolean, locked: boolean) =>
  preparedQuery(name, (db) => {
    const q = db
      .select()
      .from(payments)
      .where(
        and(eq(payments.gateway, p('gateway')), eq(payments.gatewayOrderId, p('gatewayOrderId')), mine ? eq(payments.customerId, p('customerId')) : undefined),
      );
    return locked ? q.for('update') : q;
  });
const byGatewayOrderStatements = {
  any: byGatewayOrderStatement('payment_by_gateway_order', false, false),
  customer: byGatewayOrderStatement('payment_by_gateway_order_customer', true, false),
  locked: byGatewayOrderStatement('payment_by_gateway_order_locked', false, true),
  customerLocked: byGatewayOrderStatement('payment_by_gateway_order_customer_locked', true, true),
};
const startStatement = preparedQuery('payment_start', (db) =>
  db
    .insert(payments)
    .values({
      customerId: p('customerId'),
      purpose: p('purpose'),
      amountPaise: p('amountPaise'),
      gateway: p('gateway'),
      idempotencyKey: p('idempotencyKey'),
      orderId: p('orderId'),
      harvestPlanId: p('harvestPlanId'),
      harvestInstalmentId: p('harvestInstalmentId'),
      cadDesignId: p('cadDesignId'),
      adjustmentId: p('adjustmentId'),
      rateLockId: p('rateLockId'),
      status: 'created',
    })
    .onConflictDoNothing({ target: [payments.customerId, payments.purpose, payments.idempotencyKey] })
    .returning(),
);
const setGatewayOrderStatement = preparedQuery('payment_set_gateway_order', (db) =>
  db
    .update(payments)
    .set({ gatewayOrderId: placeholderValue<string>('gatewayOrderId') })
    .where(and(eq(payments.id, p('id')), isNull(payments.gatewayOrderId), eq(payments.status, 'created')))
    .returning(),
);
const markPaidIfDueStatement = preparedQuery('payment_mark_paid_if_due', (db) =>
  db
    .update(payments)
    .set({
      status: 'paid',
      gatewayRef: placeholderValue<string>('ref'),
      method: placeholderValue<string>('method'),
      paidAt: placeholderValue<Date>('at'),
      failureReason: null,
    })
    .where(
      and(
        eq(payments.gateway, p('gateway')),
        eq(payments.gatewayOrderId, p('gatewayOrderId')),
        inArray(payments.status, ['created', 'failed']),
        eq(payments.amountPaise, p('amountPaise')),
      ),
    )
    .returning(),
);
const eventSeenStatement = preparedQuery('gateway_event_seen', (db) =>
  db
    .select({ id: gatewayEvents.eventId })
    .from(gatewayEvents)
    .where(and(eq(gatewayEvents.gateway, p('gateway')), eq(gatewayEvents.eventId, p('eventId')))),
);
const rememberEventStatement = preparedQuery('gateway_event_remember', (db) =>
  db
    .insert(gatewayEvents)
    .values({ gateway: p('gateway'), eventId: p('eventId'), event: p('event') })
    .onConflictDoNothing(),
);

/** One refund, by the store's id or the gateway's, and of which gateway payment when the gateway said so. */
export type RefundWhere = ({ id: number } | { gatewayRefundId: string }) & { gatewayPaymentId?: string };

function refundWhere(where: RefundWhere) {
  const which = 'id' in where ? eq(refunds.id, where.id) : eq(refunds.gatewayRefundId, where.gatewayRefundId);
  return where.gatewayPaymentId === undefined ? which : and(which, eq(refunds.gatewayPaymentId, where.gatewayPaymentId));
}

/** Payment, refund and webhook-event rows. `db` may be a transaction. */
export function paymentRepository(db: Db) {
  return {
    /** The payment for one thing bought (its key: 'order:12', 'instalment:40', 'cad:7'), if it was started. */
    async byKey(customerId: number, purpose: PaymentPurpose, key: string): Promise<PaymentRecord | null> {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.customerId, customerId), eq(payments.purpose, purpose), eq(payments.idempotencyKey, key)));
      return row ?? null;
    },
    /** Inserts the payment for one thing bought, or answers the one already there (a concurrent start). */
    async start(row: {
      customerId: number;
      purpose: PaymentPurpose;
      amountPaise: number;
      gateway: string;
      idempotencyKey: string;
      orderId?: number | null;
      harvestPlanId?: number | null;
      harvestInstalmentId?: number | null;
      cadDesignId?: number | null;
      adjustmentId?: number | null;
      rateLockId?: number | null;
    }): Promise<PaymentRecord> {
      const [made] = await startStatement(db, {
        ...row,
        orderId: row.orderId ?? null,
        harvestPlanId: row.harvestPlanId ?? null,
        harvestInstalmentId: row.harvestInstalmentId ?? null,
        cadDesignId: row.cadDesignId ?? null,
        adjustmentId: row.adjustmentId ?? null,
        rateLockId: row.rateLockId ?? null,
      });
      if (made) return made;
      const [found] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.customerId, row.customerId), eq(payments.purpose, row.purpose), eq(payments.idempotencyKey, row.idempotencyKey)));
      return found!;
    },
    async byId(id: number, opts: { lock?: boolean } = {}): Promise<PaymentRecord | null> {
      const q = db.select().from(payments).where(eq(payments.id, id));
      const [row] = opts.lock ? await q.for('update') : await q;
      return row ?? null;
    },
    async byGatewayOrder(gateway: string, gatewayOrderId: string, opts: { lock?: boolean; customerId?: number } = {}): Promise<PaymentRecord | null> {
      const mine = opts.customerId !== undefined;
      const statement = opts.lock
        ? mine
          ? byGatewayOrderStatements.customerLocked
          : byGatewayOrderStatements.locked
        : mine
          ? byGatewayOrderStatements.customer
          : byGatewayOrderStatements.any;
      const [row] = await statement(db, mine ? { gateway, gatewayOrderId, customerId: opts.customerId } : { gateway, gatewayOrderId });
      return row ?? null;
    },
    /** The gateway order, set once: a second start that raced this one keeps the first order. */
    async setGatewayOrder(id: number, gatewayOrderId: string): Promise<PaymentRecord | null> {
      const [row] = await setGatewayOrderStatement(db, { id, gatewayOrderId });
      return row ?? null;
    },
    /** A gateway order the gateway no longer knows (the demo gateway after a restart): the next start makes a new one. */
    async forgetGatewayOrder(id: number, gatewayOrderId: string) {
      await db
        .update(payments)
        .set({ gatewayOrderId: null })
        .where(and(eq(payments.id, id), eq(payments.gatewayOrderId, gatewayOrderId), eq(payments.status, 'created')));
    },
    async markPaid(id: number, ref: string, method: string, at: Date): Promise<PaymentRecord | null> {
      const [row] = await db
        .update(payments)
        .set({ status: 'paid', gatewayRef: ref, method, paidAt: at, failureReason: null })
        .where(and(eq(payments.id, id), inArray(payments.status, ['created', 'failed'])))
        .returning();
      return row ?? null;
    },
    /**
     * The captured payment recorded in one statement when its row is as expected: unpaid (or closed unpaid) and for
     * exactly `amountPaise`. Null otherwise (paid already, another amount, unknown), and the caller looks closer.
     */
    async markPaidIfDue(gateway: string, gatewayOrderId: string, amountPaise: number, ref: string, method: string, at: Date): Promise<PaymentRecord | null> {
      const [row] = await markPaidIfDueStatement(db, { gateway, gatewayOrderId, amountPaise, ref, method, at });
      return row ?? null;
    },
    async markFailed(id: number, reason: string) {
      await db
        .update(payments)
        .set({ status: 'failed', failureReason: reason.slice(0, 300) })
        .where(and(eq(payments.id, id), eq(payments.status, 'created')));
    },
    async noteAttemptFailed(gateway: string, gatewayOrderId: string, reason: string) {
      await db
        .update(payments)
        .set({ lastError: reason.slice(0, 300) })
        .where(and(eq(payments.gateway, gateway), eq(payments.gatewayOrderId, gatewayOrderId), eq(payments.status, 'created')));
    },
    /**
     * Payments started more than `before` ago and still unpaid, with a gateway order to ask about: `limit` of
     * them after the id `afterId`, in id order (the sweep goes round them all, a page a pass).
     */
    async unsettled(gateway: string, before: Date, afterId = 0, limit = 100) {
      return db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.gateway, gateway),
            eq(payments.status, 'created'),
            sql`${payments.gatewayOrderId} IS NOT NULL`,
            lt(payments.createdAt, before),
            gt(payments.id, afterId),
          ),
        )
        .orderBy(asc(payments.id))
        .limit(limit);
    },
    /**
     * Payments closed unpaid (their order lapsed or was cancelled) since `since`, with a gateway order: a
     * checkout still open then may yet have taken money, which must go back even if its webhook is lost.
     * `limit` of them after the id `afterId`, in id order, as `unsettled`.
     */
    async abandonedSince(gateway: string, since: Date, afterId = 0, limit = 100) {
      return db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.gateway, gateway),
            eq(payments.status, 'failed'),
            isNull(payments.gatewayRef),
            sql`${payments.gatewayOrderId} IS NOT NULL`,
            gt(payments.createdAt, since),
            gt(payments.id, afterId),
          ),
        )
        .orderBy(asc(payments.id))
        .limit(limit);
    },
    /** The payment started for one weight difference (purpose order_adjustment), if any. */
    async forAdjustment(adjustmentId: number, opts: { lock?: boolean } = {}): Promise<PaymentRecord | null> {
      const q = db
        .select()
        .from(payments)
        .where(and(eq(payments.adjustmentId, adjustmentId), eq(payments.purpose, 'order_adjustment')))
        .orderBy(desc(payments.id))
        .limit(1);
      const [row] = opts.lock ? await q.for('update') : await q;
      return row ?? null;
    },
    /** Every payment of an order (the order's own and its weight differences'), oldest first. */
    async allForOrder(orderId: number): Promise<PaymentRecord[]> {
      return db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id));
    },
    /** Issue 42: the payment of a rate lock's advance, newest first (locked with `lock`). */
    async forRateLock(rateLockId: number, opts: { lock?: boolean } = {}): Promise<PaymentRecord | null> {
      const q = db
        .select()
        .from(payments)
        .where(and(eq(payments.rateLockId, rateLockId), eq(payments.purpose, 'rate_lock')))
        .orderBy(desc(payments.id))
        .limit(1);
      const [row] = opts.lock ? await q.for('update') : await q;
      return row ?? null;
    },
    async forOrder(orderId: number, opts: { lock?: boolean } = {}): Promise<PaymentRecord | null> {
      const q = db
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, orderId), eq(payments.purpose, 'order')))
        .orderBy(desc(payments.id))
        .limit(1);
      const [row] = opts.lock ? await q.for('update') : await q;
      return row ?? null;
    },

    // Refunds
    async queueRefund(row: {
      paymentId: number;
      customerId: number;
      orderId: number | null;
      gatewayPaymentId: string;
      amountPaise: number;
      reason: string;
      idempotencyKey: string;
    }): Promise<RefundRecord | null> {
      const [made] = await db.insert(refunds).values(row).onConflictDoNothing({ target: refunds.idempotencyKey }).returning();
      return made ?? null;
    },
    async refundByKey(idempotencyKey: string): Promise<RefundRecord | null> {
      const [row] = await db.select().from(refunds).where(eq(refunds.idempotencyKey, idempotencyKey));
      return row ?? null;
    },
    async refundById(id: number): Promise<RefundRecord | null> {
      const [row] = await db.select().from(refunds).where(eq(refunds.id, id));
      return row ?? null;
    },
    /** What refunds of one payment queued but not yet processed will give back (refundedPaise counts only processed ones). */
    async pendingRefundedPaise(paymentId: number) {
      const [row] = await db
        .select({ n: sql<number>`coalesce(sum(${refunds.amountPaise}), 0)::int` })
        .from(refunds)
        .where(and(eq(refunds.paymentId, paymentId), eq(refunds.status, 'pending')));
      return Number(row?.n ?? 0);
    },
    async pendingRefunds(limit = 50) {
      return db.select().from(refunds).where(eq(refunds.status, 'pending')).orderBy(asc(refunds.createdAt)).limit(limit);
    },
    async refundAttempted(id: number, error: string | null, gatewayRefundId: string | null) {
      await db
        .update(refunds)
        .set({ attempts: sql`${refunds.attempts} + 1`, lastError: error?.slice(0, 300) ?? null, ...(gatewayRefundId ? { gatewayRefundId } : {}) })
        .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')));
    },
    /**
     * pending → processed, once: the payment's refunded total grows by the refund only on this transition
     * (and only for a refund of the payment's own capture; a duplicate charge's refund is not part of it).
     */
    async refundProcessed(where: RefundWhere, gatewayRefundId: string | null, at: Date): Promise<RefundRecord | null> {
      const [row] = await db
        .update(refunds)
        .set({ status: 'processed', processedAt: at, ...(gatewayRefundId ? { gatewayRefundId } : {}) })
        .where(and(refundWhere(where), eq(refunds.status, 'pending')))
        .returning();
      if (!row) return null;
      await db
        .update(payments)
        .set({
          refundedPaise: sql`${payments.refundedPaise} + ${row.amountPaise}`,
          status: sql`CASE WHEN ${payments.refundedPaise} + ${row.amountPaise} >= ${payments.amountPaise} THEN 'refunded' ELSE ${payments.status} END`,
        })
        .where(and(eq(payments.id, row.paymentId), eq(payments.gatewayRef, row.gatewayPaymentId)));
      return row;
    },
    async refundFailed(id: number, reason: string) {
      await db
        .update(refunds)
        .set({ status: 'failed', lastError: reason.slice(0, 300) })
        .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')));
    },
    /** The gateway says a refund failed (refund.failed): pending → failed, for staff to settle by hand. */
    async refundFailedAt(where: RefundWhere, reason: string): Promise<RefundRecord | null> {
      const [row] = await db
        .update(refunds)
        .set({ status: 'failed', lastError: reason.slice(0, 300) })
        .where(and(refundWhere(where), eq(refunds.status, 'pending')))
        .returning();
      return row ?? null;
    },
    async refundsOf(paymentIds: number[]) {
      if (paymentIds.length === 0) return [];
      return db.select().from(refunds).where(inArray(refunds.paymentId, paymentIds)).orderBy(asc(refunds.id));
    },

    // Webhook events
    async eventSeen(gateway: string, eventId: string): Promise<boolean> {
      const [row] = await eventSeenStatement(db, { gateway, eventId });
      return Boolean(row);
    },
    async rememberEvent(gateway: string, eventId: string, event: string) {
      await rememberEventStatement(db, { gateway, eventId, event: event.slice(0, 100) });
    },

    /** What a payment paid for, for the verify answer and the list. */
    async target(payment: PaymentRecord) {
      const [order] = payment.orderId
        ? await db.select({ orderNumber: orders.orderNumber, status: orders.status }).from(orders).where(eq(orders.id, payment.orderId))
        : [];
      const [design] = payment.cadDesignId
        ? await db.select({ requestId: cadDesigns.requestId }).from(cadDesigns).where(eq(cadDesigns.id, payment.cadDesignId))
        : [];
      return { orderNumber: order?.orderNumber ?? null, orderStatus: order?.status ?? null, customRequestId: design?.requestId ?? null };
    },

    /** The customer's payments, newest first, with the harvest instalment and order each paid for. */
    async list(customerId: number) {
      return db
        .select({
          id: payments.id,
          purpose: payments.purpose,
          amountPaise: payments.amountPaise,
          refundedPaise: payments.refundedPaise,
          status: payments.status,
          method: payments.method,
          failureReason: payments.failureReason,
          lastError: payments.lastError,
          createdAt: payments.createdAt,
          paidAt: payments.paidAt,
          instalmentNumber: harvestInstalments.number,
          orderNumber: orders.orderNumber,
        })
        .from(payments)
        .leftJoin(harvestInstalments, eq(harvestInstalments.id, payments.harvestInstalmentId))
        .leftJoin(orders, eq(orders.id, payments.orderId))
        .where(eq(payments.customerId, customerId))
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(200);
    },
  };
}
