import { and, desc, eq, gt } from 'drizzle-orm';
import { schema, type Db } from '@milli/db';

const { payments, harvestInstalments } = schema;

export type PaymentPurpose = (typeof schema.PAYMENT_PURPOSES)[number];
export type PaymentRecord = typeof payments.$inferSelect;

/** Payment rows; every query is scoped by the customer's id. `db` may be a transaction. */
export function paymentRepository(db: Db) {
  return {
    async byKey(customerId: number, purpose: PaymentPurpose, idempotencyKey: string): Promise<PaymentRecord | null> {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.customerId, customerId), eq(payments.purpose, purpose), eq(payments.idempotencyKey, idempotencyKey)));
      return row ?? null;
    },
    /** A failed attempt gives up its key (the row stays, listed with its reason) so the form can try again. */
    async releaseKey(customerId: number, id: number) {
      await db
        .update(payments)
        .set({ idempotencyKey: null })
        .where(and(eq(payments.id, id), eq(payments.customerId, customerId), eq(payments.status, 'failed')));
    },
    /** The payment a gateway reference belongs to, whoever's it is: only to refuse refunding it twice. */
    async byRef(gateway: string, ref: string) {
      const [row] = await db.select({ id: payments.id }).from(payments).where(and(eq(payments.gateway, gateway), eq(payments.gatewayRef, ref)));
      return row ?? null;
    },
    /** Inserts the 'created' row, or answers null when the key was used already (a concurrent retry). */
    async create(row: {
      customerId: number;
      purpose: PaymentPurpose;
      amountPaise: number;
      gateway: string;
      idempotencyKey: string;
      harvestPlanId?: number | null;
      cadDesignId?: number | null;
      orderId?: number | null;
    }): Promise<PaymentRecord | null> {
      const [made] = await db
        .insert(payments)
        .values({ ...row, status: 'created' })
        .onConflictDoNothing({ target: [payments.customerId, payments.purpose, payments.idempotencyKey] })
        .returning();
      return made ?? null;
    },
    async markPaid(customerId: number, id: number, ref: string, method: string, at: Date) {
      const [row] = await db
        .update(payments)
        .set({ status: 'paid', gatewayRef: ref, method, paidAt: at, failureReason: null })
        .where(and(eq(payments.id, id), eq(payments.customerId, customerId), eq(payments.status, 'created')))
        .returning();
      return row ?? null;
    },
    async markFailed(customerId: number, id: number, reason: string) {
      await db
        .update(payments)
        .set({ status: 'failed', failureReason: reason.slice(0, 300) })
        .where(and(eq(payments.id, id), eq(payments.customerId, customerId), eq(payments.status, 'created')));
    },
    async markRefunded(customerId: number, id: number, reason: string) {
      await db.update(payments).set({ status: 'refunded', failureReason: reason.slice(0, 300) }).where(and(eq(payments.id, id), eq(payments.customerId, customerId)));
    },
    /** A charge of this plan still under way (younger than `since`): a second one must wait for it. */
    async inFlightForPlan(customerId: number, planId: number, since: Date) {
      const [row] = await db
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.customerId, customerId), eq(payments.harvestPlanId, planId), eq(payments.status, 'created'), gt(payments.createdAt, since)));
      return row ?? null;
    },
    /** The customer's payments, newest first, with the harvest instalment a paid one settled. */
    async list(customerId: number) {
      return db
        .select({
          id: payments.id,
          purpose: payments.purpose,
          amountPaise: payments.amountPaise,
          status: payments.status,
          method: payments.method,
          failureReason: payments.failureReason,
          createdAt: payments.createdAt,
          paidAt: payments.paidAt,
          instalmentNumber: harvestInstalments.number,
        })
        .from(payments)
        .leftJoin(harvestInstalments, eq(harvestInstalments.paymentId, payments.id))
        .where(eq(payments.customerId, customerId))
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(200);
    },
  };
}
