import { and, asc, desc, eq, gte, ilike, inArray, isNull, lt, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { AdminCustomerListQuery } from '@milli/contracts/schemas';
import type { MarketingChannel, ConsentSource } from '@milli/contracts';
import { schema, type Db } from '@milli/db';

const {
  appointments,
  cartLines,
  carts,
  complaintMessages,
  complaints,
  consentEvents,
  customDesignRequests,
  customerAddresses,
  customerNominees,
  customerNotes,
  customers,
  erasureCodes,
  exchangeRequests,
  harvestInstalments,
  harvestPlans,
  harvestRedemptions,
  mailOutbox,
  messageConsents,
  messages,
  metalDebits,
  orderAddresses,
  orderLines,
  orderReturnEvents,
  orderReturnLines,
  orderReturns,
  orderStatusHistory,
  orders,
  payments,
  products,
  refunds,
  reviews,
  storeCreditEntries,
  metalCredits,
  rateAlerts,
  rateLockUses,
  rateLocks,
  sizerRequests,
  stores,
  tradePartnerApplications,
  tradePartnerContacts,
  tradePartnerOwners,
  wishlistItems,
} = schema;

/**
 * The outer customer's id inside a subquery, written out: in a query of one table Drizzle leaves its columns
 * unqualified, and a bare "id" inside `select … from orders o` would be the order's.
 */
const outerCustomerId = sql.raw('"customers"."id"');
const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One address the customer's account had, and when it was theirs (`to` null: still). */
export interface AddressPeriod {
  email: string;
  from: Date;
  to: Date | null;
}

/** Orders still under way: the store owes the customer a piece (or they owe the payment that starts it). */
export const ORDERS_IN_PROGRESS = ['Awaiting payment', 'Awaiting confirmation', 'Placed', 'Picked', 'Out for Delivery'] as const;
const RETURNS_OPEN = ['Requested', 'Approved', 'Pickup scheduled', 'Received', 'Checked'] as const;
const EXCHANGES_OPEN = ['Requested', 'Received'] as const;
const DESIGNS_CLOSED = ['Delivered', 'Cancelled'] as const;
const PLANS_OPEN = ['Active', 'Matured'] as const;

/**
 * The customers module's queries (issue 38): it alone writes the consents' history, the nominees, the desk's notes
 * and the erasure codes; it reads the rest of a customer's record (the export, the desk, what blocks an erasure)
 * across the other modules' tables, which their own modules write. `db` may be a transaction.
 */
export function customersRepository(db: Db) {
  return {
    // ---------------------------------------------------------------- consents
    /** The latest consent event of each channel the customer ever chose; the customer's row is read with it so an erased customer has none. */
    async latestConsents(customerId: number) {
      return db
        .selectDistinctOn([consentEvents.channel], { channel: consentEvents.channel, granted: consentEvents.granted, at: consentEvents.at })
        .from(consentEvents)
        .where(eq(consentEvents.customerId, customerId))
        .orderBy(consentEvents.channel, desc(consentEvents.at), desc(consentEvents.id));
    },
    async consentHistory(customerId: number, limit = 200) {
      return db
        .select({ channel: consentEvents.channel, granted: consentEvents.granted, at: consentEvents.at, source: consentEvents.source })
        .from(consentEvents)
        .where(eq(consentEvents.customerId, customerId))
        .orderBy(desc(consentEvents.at), desc(consentEvents.id))
        .limit(limit);
    },
    async recordConsents(rows: readonly { customerId: number; channel: MarketingChannel; granted: boolean; source: ConsentSource; at: Date }[]) {
      if (rows.length > 0) await db.insert(consentEvents).values([...rows]);
    },
    /** Whether the customer (not erased) has given marketing consent on the channel and not withdrawn it since. */
    async mayMarket(customerId: number, channel: MarketingChannel): Promise<boolean> {
      const [row] = await db
        .select({ granted: consentEvents.granted })
        .from(consentEvents)
        .innerJoin(customers, eq(customers.id, consentEvents.customerId))
        .where(and(eq(consentEvents.customerId, customerId), eq(consentEvents.channel, channel), isNull(customers.erasedAt)))
        .orderBy(desc(consentEvents.at), desc(consentEvents.id))
        .limit(1);
      return row?.granted === true;
    },

    // ---------------------------------------------------------------- the nominee
    async nominee(customerId: number) {
      const [row] = await db.select().from(customerNominees).where(eq(customerNominees.customerId, customerId));
      return row ?? null;
    },
    async setNominee(
      customerId: number,
      values: { name: string; relationship: (typeof schema.customerNominees.$inferInsert)['relationship']; email: string | null; phone: string | null },
      at: Date,
    ) {
      const [row] = await db
        .insert(customerNominees)
        .values({ customerId, ...values, createdAt: at, updatedAt: at })
        .onConflictDoUpdate({ target: customerNominees.customerId, set: { ...values, updatedAt: at } })
        .returning();
      return row!;
    },
    async removeNominee(customerId: number): Promise<boolean> {
      const gone = await db.delete(customerNominees).where(eq(customerNominees.customerId, customerId)).returning({ id: customerNominees.customerId });
      return gone.length > 0;
    },

    // ---------------------------------------------------------------- the desk's notes
    async notes(customerId: number) {
      return db
        .select({ id: customerNotes.id, text: customerNotes.text, by: customerNotes.staffEmail, at: customerNotes.createdAt })
        .from(customerNotes)
        .where(eq(customerNotes.customerId, customerId))
        .orderBy(desc(customerNotes.createdAt), desc(customerNotes.id));
    },
    async addNote(values: { customerId: number; staffId: number | null; staffEmail: string; text: string }) {
      const [row] = await db.insert(customerNotes).values(values).returning({ id: customerNotes.id });
      return row!.id;
    },

    // ---------------------------------------------------------------- erasure
    /** A new erasure code for the customer, closing any still open. */
    async issueCode(customerId: number, codeHash: string, expiresAt: Date, tries: number, at: Date) {
      await db
        .update(erasureCodes)
        .set({ usedAt: at })
        .where(and(eq(erasureCodes.customerId, customerId), isNull(erasureCodes.usedAt)));
      await db.insert(erasureCodes).values({ customerId, codeHash, expiresAt, triesLeft: tries, createdAt: at });
    },
    /**
     * One guess at the customer's open code in one statement (as the password reset's: the row is locked while its
     * try is spent, so however many guesses arrive at once no more than its tries are compared). A right guess spends
     * the code. Answers whether it was right.
     */
    async spendCode(customerId: number, codeHash: string, at: Date): Promise<boolean> {
      const open = and(
        eq(erasureCodes.customerId, customerId),
        isNull(erasureCodes.usedAt),
        sql`${erasureCodes.expiresAt} > ${at.toISOString()}::timestamptz`,
        sql`${erasureCodes.triesLeft} > 0`,
      );
      const latest = db.select({ id: erasureCodes.id }).from(erasureCodes).where(open).orderBy(desc(erasureCodes.createdAt), desc(erasureCodes.id)).limit(1);
      const right = sql`${erasureCodes.codeHash} = ${codeHash}`;
      const [row] = await db
        .update(erasureCodes)
        .set({
          triesLeft: sql`case when ${right} then ${erasureCodes.triesLeft} else ${erasureCodes.triesLeft} - 1 end`,
          usedAt: sql`case when ${right} then ${at.toISOString()}::timestamptz end`,
        })
        .where(and(inArray(erasureCodes.id, latest), open))
        .returning({ used: sql<boolean>`${erasureCodes.usedAt} is not null` });
      return row?.used === true;
    },
    /** The customer's own rows of this module that erasure deletes: the nominee, the desk's notes, the codes. */
    async forget(customerId: number) {
      await db.delete(customerNominees).where(eq(customerNominees.customerId, customerId));
      await db.delete(customerNotes).where(eq(customerNotes.customerId, customerId));
      await db.delete(erasureCodes).where(eq(erasureCodes.customerId, customerId));
    },

    /** What keeps an erasure from going ahead now, as facts (the service words them). */
    async blockers(customerId: number) {
      const [ordersOpen, returnsOpen, exchangesOpen, designsOpen, plansOpen, credit, refundsPending, metal, locks] = await Promise.all([
        db
          .select({ orderNumber: orders.orderNumber, status: orders.status })
          .from(orders)
          .where(and(eq(orders.customerId, customerId), inArray(orders.status, [...ORDERS_IN_PROGRESS])))
          .orderBy(asc(orders.placedAt)),
        db
          .select({ orderNumber: orders.orderNumber, status: orderReturns.status })
          .from(orderReturns)
          .innerJoin(orders, eq(orders.id, orderReturns.orderId))
          .where(and(eq(orderReturns.customerId, customerId), inArray(orderReturns.status, [...RETURNS_OPEN]))),
        db
          .select({ orderNumber: orders.orderNumber, kind: exchangeRequests.kind, status: exchangeRequests.status })
          .from(exchangeRequests)
          .innerJoin(orders, eq(orders.id, exchangeRequests.orderId))
          .where(and(eq(exchangeRequests.customerId, customerId), inArray(exchangeRequests.status, [...EXCHANGES_OPEN]))),
        db
          .select({ id: customDesignRequests.id, status: customDesignRequests.status })
          .from(customDesignRequests)
          .where(and(eq(customDesignRequests.customerId, customerId), notInArray(customDesignRequests.status, [...DESIGNS_CLOSED]))),
        db
          .select({
            id: harvestPlans.id,
            status: harvestPlans.status,
            balancePaise: harvestPlans.redeemableBalancePaise,
            paidPaise:
              sql<number>`(select coalesce(sum(i.amount_paise - i.discount_paise), 0)::bigint from ${harvestInstalments} i where i.plan_id = ${sql.raw('"harvest_plans"."id"')} and i.status = 'Paid')`.mapWith(
                Number,
              ),
          })
          .from(harvestPlans)
          .where(and(eq(harvestPlans.customerId, customerId), inArray(harvestPlans.status, [...PLANS_OPEN]))),
        db
          .select({ balance: sql<number>`coalesce(sum(${storeCreditEntries.amountPaise}), 0)::bigint`.mapWith(Number) })
          .from(storeCreditEntries)
          .where(eq(storeCreditEntries.customerId, customerId)),
        db
          .select({ amountPaise: refunds.amountPaise })
          .from(refunds)
          .where(and(eq(refunds.customerId, customerId), eq(refunds.status, 'pending'))),
        // Issue 42: fine gold not yet used, sold or expired, in credits still within their 365 days.
        db
          .select({
            left: sql<number>`coalesce(sum(${metalCredits.fineMg} - ${metalCredits.usedMg} - ${metalCredits.soldMg} - ${metalCredits.expiredMg}), 0)::bigint`.mapWith(
              Number,
            ),
          })
          .from(metalCredits)
          .where(and(eq(metalCredits.customerId, customerId), sql`${metalCredits.expiresAt} > now()`)),
        db
          .select({ id: rateLocks.id, lockedMg: rateLocks.lockedMg, usedMg: rateLocks.usedMg, endsAt: rateLocks.endsAt })
          .from(rateLocks)
          .where(and(eq(rateLocks.customerId, customerId), eq(rateLocks.status, 'Live'))),
      ]);
      return {
        orders: ordersOpen,
        returns: returnsOpen,
        exchanges: exchangesOpen,
        designs: designsOpen,
        plans: plansOpen,
        storeCreditPaise: credit[0]?.balance ?? 0,
        refundsPendingPaise: refundsPending.reduce((sum, r) => sum + r.amountPaise, 0),
        metalMg: metal[0]?.left ?? 0,
        rateLocks: locks.map((l) => ({ ...l, endsAt: l.endsAt ?? new Date() })),
      };
    },

    // ---------------------------------------------------------------- the customer's record (export and desk)
    async profile(customerId: number) {
      const [row] = await db.select().from(customers).where(eq(customers.id, customerId));
      return row ?? null;
    },
    async addresses(customerId: number) {
      return db
        .select()
        .from(customerAddresses)
        .where(eq(customerAddresses.customerId, customerId))
        .orderBy(desc(customerAddresses.isDefault), asc(customerAddresses.id));
    },
    async orders(customerId: number, limit = 1000) {
      return db.select().from(orders).where(eq(orders.customerId, customerId)).orderBy(desc(orders.placedAt), desc(orders.id)).limit(limit);
    },
    async orderDetails(orderIds: readonly number[]) {
      if (orderIds.length === 0) return { lines: [], addresses: [], history: [] };
      const ids = [...orderIds];
      const [lines, addresses, history] = await Promise.all([
        db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(asc(orderLines.id)),
        db.select().from(orderAddresses).where(inArray(orderAddresses.orderId, ids)).orderBy(asc(orderAddresses.id)),
        db
          .select({ orderId: orderStatusHistory.orderId, status: orderStatusHistory.status, at: orderStatusHistory.at })
          .from(orderStatusHistory)
          .where(inArray(orderStatusHistory.orderId, ids))
          .orderBy(asc(orderStatusHistory.at), asc(orderStatusHistory.id)),
      ]);
      return { lines, addresses, history };
    },
    async payments(customerId: number, limit = 1000) {
      return db
        .select({
          id: payments.id,
          purpose: payments.purpose,
          orderNumber: orders.orderNumber,
          amountPaise: payments.amountPaise,
          status: payments.status,
          method: payments.method,
          gateway: payments.gateway,
          gatewayOrderId: payments.gatewayOrderId,
          gatewayRef: payments.gatewayRef,
          refundedPaise: payments.refundedPaise,
          createdAt: payments.createdAt,
          paidAt: payments.paidAt,
        })
        .from(payments)
        .leftJoin(orders, eq(orders.id, payments.orderId))
        .where(eq(payments.customerId, customerId))
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(limit);
    },
    async refunds(customerId: number) {
      return db
        .select({
          paymentId: refunds.paymentId,
          amountPaise: refunds.amountPaise,
          status: refunds.status,
          gatewayRefundId: refunds.gatewayRefundId,
          createdAt: refunds.createdAt,
        })
        .from(refunds)
        .where(eq(refunds.customerId, customerId))
        .orderBy(asc(refunds.createdAt), asc(refunds.id));
    },
    async harvestPlans(customerId: number) {
      return db.select().from(harvestPlans).where(eq(harvestPlans.customerId, customerId)).orderBy(desc(harvestPlans.startedAt), desc(harvestPlans.id));
    },
    async harvestInstalments(planIds: readonly number[]) {
      if (planIds.length === 0) return [];
      return db
        .select()
        .from(harvestInstalments)
        .where(inArray(harvestInstalments.planId, [...planIds]))
        .orderBy(asc(harvestInstalments.planId), asc(harvestInstalments.number));
    },
    async reviews(customerId: number) {
      return db
        .select({
          productName: products.name,
          rating: reviews.rating,
          title: reviews.title,
          text: reviews.text,
          hidden: reviews.hidden,
          createdAt: reviews.createdAt,
          editedAt: reviews.editedAt,
        })
        .from(reviews)
        .innerJoin(products, eq(products.id, reviews.productId))
        .where(eq(reviews.customerId, customerId))
        .orderBy(desc(reviews.createdAt), desc(reviews.id));
    },
    async appointments(customerId: number) {
      return db
        .select({
          kind: appointments.kind,
          day: appointments.day,
          slot: appointments.slot,
          purpose: appointments.purpose,
          store: stores.name,
          name: appointments.name,
          email: appointments.email,
          phone: appointments.phone,
          note: appointments.note,
          status: appointments.status,
          createdAt: appointments.createdAt,
        })
        .from(appointments)
        .leftJoin(stores, eq(stores.id, appointments.storeId))
        .where(eq(appointments.customerId, customerId))
        .orderBy(desc(appointments.day), desc(appointments.slot));
    },
    async customDesigns(customerId: number) {
      return db
        .select({
          requestId: customDesignRequests.id,
          category: customDesignRequests.category,
          metal: customDesignRequests.metalType,
          remarks: customDesignRequests.remarks,
          status: customDesignRequests.status,
          createdAt: customDesignRequests.createdAt,
        })
        .from(customDesignRequests)
        .where(eq(customDesignRequests.customerId, customerId))
        .orderBy(desc(customDesignRequests.createdAt));
    },
    async storeCredit(customerId: number) {
      return db
        .select({
          amountPaise: storeCreditEntries.amountPaise,
          kind: storeCreditEntries.kind,
          note: storeCreditEntries.note,
          createdAt: storeCreditEntries.createdAt,
        })
        .from(storeCreditEntries)
        .where(eq(storeCreditEntries.customerId, customerId))
        .orderBy(asc(storeCreditEntries.createdAt), asc(storeCreditEntries.id));
    },
    async harvestRedemptions(customerId: number) {
      return db
        .select({
          planId: harvestRedemptions.planId,
          orderNumber: orders.orderNumber,
          amountPaise: harvestRedemptions.amountPaise,
          spentAt: harvestRedemptions.spentAt,
          returnedAt: harvestRedemptions.returnedAt,
        })
        .from(harvestRedemptions)
        .innerJoin(orders, eq(orders.id, harvestRedemptions.orderId))
        .where(eq(harvestRedemptions.customerId, customerId))
        .orderBy(asc(harvestRedemptions.spentAt), asc(harvestRedemptions.id));
    },
    /** Issue 42: the metal account's credits and every take from them, the customer's alone. */
    async metalAccount(customerId: number) {
      const [credits, debits] = await Promise.all([
        db.select().from(metalCredits).where(eq(metalCredits.customerId, customerId)).orderBy(asc(metalCredits.madeAt), asc(metalCredits.id)),
        db
          .select({
            creditId: metalDebits.creditId,
            kind: metalDebits.kind,
            mg: metalDebits.mg,
            paise: metalDebits.paise,
            orderNumber: orders.orderNumber,
            createdAt: metalDebits.createdAt,
            returnedAt: metalDebits.returnedAt,
          })
          .from(metalDebits)
          .leftJoin(orders, eq(orders.id, metalDebits.orderId))
          .where(eq(metalDebits.customerId, customerId))
          .orderBy(asc(metalDebits.createdAt), asc(metalDebits.id)),
      ]);
      return { credits, debits };
    },
    /** Issue 42: the customer's rate locks, and each order's use of them. */
    async rateLocks(customerId: number) {
      const [locks, uses] = await Promise.all([
        db.select().from(rateLocks).where(eq(rateLocks.customerId, customerId)).orderBy(desc(rateLocks.createdAt), desc(rateLocks.id)),
        db
          .select({
            rateLockId: rateLockUses.rateLockId,
            orderNumber: orders.orderNumber,
            usedMg: rateLockUses.usedMg,
            advancePaise: rateLockUses.advancePaise,
            createdAt: rateLockUses.createdAt,
            returnedAt: rateLockUses.returnedAt,
          })
          .from(rateLockUses)
          .innerJoin(orders, eq(orders.id, rateLockUses.orderId))
          .where(eq(rateLockUses.customerId, customerId))
          .orderBy(asc(rateLockUses.createdAt), asc(rateLockUses.id)),
      ]);
      return { locks, uses };
    },
    /**
     * Issue 42: the account's rate alerts, and the ones asked for by e-mail without signing in to an address the account
     * had at the time (as the mails are: `periods`), which erasure removes with them. The token's hash stays out.
     */
    async rateAlerts(customerId: number, periods: readonly AddressPeriod[]) {
      const byAddress = periods.map((p) =>
        and(
          isNull(rateAlerts.customerId),
          sql`lower(${rateAlerts.email}) = ${p.email.toLowerCase()}`,
          gte(rateAlerts.createdAt, p.from),
          p.to ? lt(rateAlerts.createdAt, new Date(p.to.getTime() + 1)) : undefined,
        )!,
      );
      return db
        .select({
          metal: rateAlerts.metal,
          purity: rateAlerts.purity,
          direction: rateAlerts.direction,
          levelPaisePerGram: rateAlerts.levelPaisePerGram,
          channel: rateAlerts.channel,
          email: rateAlerts.email,
          phone: rateAlerts.phone,
          status: rateAlerts.status,
          rateAtRequestPaise: rateAlerts.rateAtRequestPaise,
          createdAt: rateAlerts.createdAt,
          confirmedAt: rateAlerts.confirmedAt,
          firedAt: rateAlerts.firedAt,
          firedRatePaise: rateAlerts.firedRatePaise,
          stoppedAt: rateAlerts.stoppedAt,
        })
        .from(rateAlerts)
        .where(or(eq(rateAlerts.customerId, customerId), ...byAddress))
        .orderBy(desc(rateAlerts.createdAt), desc(rateAlerts.id));
    },
    /** The customer's returns with their lines and steps. */
    async returns(customerId: number) {
      const rows = await db
        .select({
          id: orderReturns.id,
          orderNumber: orders.orderNumber,
          status: orderReturns.status,
          reason: orderReturns.reason,
          amountPaise: orderReturns.amountPaise,
          refundMethod: orderReturns.refundMethod,
          pickupDate: orderReturns.pickupDate,
          pickupNote: orderReturns.pickupNote,
          pickupCourier: orderReturns.pickupCourierName,
          pickupAwb: orderReturns.pickupAwb,
          checkNote: orderReturns.checkNote,
          refusedReason: orderReturns.refusedReason,
          refundedPaise: orderReturns.refundedPaise,
          createdAt: orderReturns.createdAt,
        })
        .from(orderReturns)
        .innerJoin(orders, eq(orders.id, orderReturns.orderId))
        .where(eq(orderReturns.customerId, customerId))
        .orderBy(desc(orderReturns.createdAt), desc(orderReturns.id));
      if (rows.length === 0) return { rows, lines: [], steps: [] };
      const ids = rows.map((r) => r.id);
      const [lines, steps] = await Promise.all([
        db
          .select({
            returnId: orderReturnLines.returnId,
            productName: orderLines.productName,
            quantity: orderReturnLines.quantity,
            amountPaise: orderReturnLines.amountPaise,
          })
          .from(orderReturnLines)
          .innerJoin(orderLines, eq(orderLines.id, orderReturnLines.lineId))
          .where(inArray(orderReturnLines.returnId, ids))
          .orderBy(asc(orderReturnLines.id)),
        db
          .select({ returnId: orderReturnEvents.returnId, status: orderReturnEvents.status, note: orderReturnEvents.note, at: orderReturnEvents.at })
          .from(orderReturnEvents)
          .where(inArray(orderReturnEvents.returnId, ids))
          .orderBy(asc(orderReturnEvents.at), asc(orderReturnEvents.id)),
      ]);
      return { rows, lines, steps };
    },
    /** The customer's lifetime exchanges and buy-backs. */
    async exchanges(customerId: number) {
      return db
        .select({
          kind: exchangeRequests.kind,
          status: exchangeRequests.status,
          orderNumber: orders.orderNumber,
          productName: orderLines.productName,
          quotedPaise: exchangeRequests.quotedPaise,
          ratePaisePerGram: exchangeRequests.ratePaisePerGram,
          rateDate: exchangeRequests.rateDate,
          metalWeightMg: exchangeRequests.metalWeightMg,
          diamondWeightCents: exchangeRequests.diamondWeightCents,
          settledPaise: exchangeRequests.settledPaise,
          payoutReference: exchangeRequests.payoutReference,
          refusedReason: exchangeRequests.refusedReason,
          note: exchangeRequests.note,
          createdAt: exchangeRequests.createdAt,
          settledAt: exchangeRequests.settledAt,
        })
        .from(exchangeRequests)
        .innerJoin(orders, eq(orders.id, exchangeRequests.orderId))
        .innerJoin(orderLines, eq(orderLines.id, exchangeRequests.lineId))
        .where(eq(exchangeRequests.customerId, customerId))
        .orderBy(desc(exchangeRequests.createdAt), desc(exchangeRequests.id));
    },
    /** The customer's complaints, each thread as they see it: the desk's internal notes are not theirs to read. */
    async complaints(customerId: number) {
      const rows = await db
        .select({
          id: complaints.id,
          ticketNumber: complaints.ticketNumber,
          orderNumber: orders.orderNumber,
          category: complaints.category,
          subject: complaints.subject,
          description: complaints.description,
          name: complaints.name,
          email: complaints.email,
          phone: complaints.phone,
          status: complaints.status,
          createdAt: complaints.createdAt,
          acknowledgeBy: complaints.acknowledgeBy,
          resolveBy: complaints.resolveBy,
          acknowledgedAt: complaints.acknowledgedAt,
          resolvedAt: complaints.resolvedAt,
          reopenedAt: complaints.reopenedAt,
          resolution: complaints.resolution,
        })
        .from(complaints)
        .leftJoin(orders, eq(orders.id, complaints.orderId))
        .where(eq(complaints.customerId, customerId))
        .orderBy(desc(complaints.createdAt), desc(complaints.id));
      if (rows.length === 0) return { rows, thread: [] };
      const thread = await db
        .select({
          complaintId: complaintMessages.complaintId,
          kind: complaintMessages.kind,
          body: complaintMessages.body,
          event: complaintMessages.event,
          at: complaintMessages.createdAt,
        })
        .from(complaintMessages)
        .where(
          and(
            inArray(
              complaintMessages.complaintId,
              rows.map((r) => r.id),
            ),
            ne(complaintMessages.kind, 'note'),
          ),
        )
        .orderBy(asc(complaintMessages.id));
      return { rows, thread };
    },
    /** Trade partner applications made while signed in, with their owners and contacts; the desk's note and the company key stay out. */
    async tradePartnerApplications(customerId: number) {
      const rows = await db
        .select()
        .from(tradePartnerApplications)
        .where(eq(tradePartnerApplications.customerId, customerId))
        .orderBy(desc(tradePartnerApplications.createdAt), desc(tradePartnerApplications.id));
      if (rows.length === 0) return { rows, owners: [], contacts: [] };
      const ids = rows.map((r) => r.id);
      const [owners, contacts] = await Promise.all([
        db.select().from(tradePartnerOwners).where(inArray(tradePartnerOwners.applicationId, ids)).orderBy(asc(tradePartnerOwners.slot)),
        db.select().from(tradePartnerContacts).where(inArray(tradePartnerContacts.applicationId, ids)).orderBy(asc(tradePartnerContacts.id)),
      ]);
      return { rows, owners, contacts };
    },
    async sizerRequests(customerId: number) {
      return db
        .select({
          name: sizerRequests.name,
          phone: sizerRequests.phone,
          email: sizerRequests.email,
          address: sizerRequests.address,
          productName: products.name,
          status: sizerRequests.status,
          createdAt: sizerRequests.createdAt,
        })
        .from(sizerRequests)
        .leftJoin(products, eq(products.id, sizerRequests.productId))
        .where(eq(sizerRequests.customerId, customerId))
        .orderBy(desc(sizerRequests.createdAt), desc(sizerRequests.id));
    },
    async cart(customerId: number) {
      return db
        .select({
          productName: products.name,
          quantity: cartLines.quantity,
          options: cartLines.options,
          unitPricePaise: cartLines.unitPricePaise,
          addedAt: cartLines.addedAt,
        })
        .from(cartLines)
        .innerJoin(carts, eq(carts.id, cartLines.cartId))
        .innerJoin(products, eq(products.id, cartLines.productId))
        .where(eq(carts.customerId, customerId))
        .orderBy(asc(cartLines.addedAt), asc(cartLines.id));
    },
    /** The answers the customer gave for SMS and WhatsApp messages (issue 41). */
    async messageConsents(customerId: number) {
      return db
        .select({ channel: messageConsents.channel, purpose: messageConsents.purpose, granted: messageConsents.granted, changedAt: messageConsents.changedAt })
        .from(messageConsents)
        .where(eq(messageConsents.customerId, customerId))
        .orderBy(asc(messageConsents.channel), asc(messageConsents.purpose));
    },
    /**
     * The SMS and WhatsApp outbox's messages to the customer (issue 41): what, where, when and how far it got. Never
     * their values, which for a sign-in code are the code.
     */
    async phoneMessages(customerId: number, limit = 1000) {
      return db
        .select({
          channel: messages.channel,
          toPhone: messages.toPhone,
          kind: messages.kind,
          status: messages.status,
          createdAt: messages.createdAt,
          sentAt: messages.sentAt,
        })
        .from(messages)
        .where(eq(messages.customerId, customerId))
        .orderBy(desc(messages.createdAt), desc(messages.id))
        .limit(limit);
    },
    async wishlist(customerId: number) {
      return db
        .select({ productName: products.name, addedAt: wishlistItems.addedAt })
        .from(wishlistItems)
        .innerJoin(products, eq(products.id, wishlistItems.productId))
        .where(eq(wishlistItems.customerId, customerId))
        .orderBy(desc(wishlistItems.addedAt));
    },
    /**
     * The outbox's mails to the customer: to each address their account had, sent while it was theirs, so a mail to
     * an address before (or after) it was this account's is never in it. No bodies.
     */
    async messages(periods: readonly AddressPeriod[], limit = 1000) {
      if (periods.length === 0) return [];
      const matches = periods.map((p) =>
        and(
          sql`lower(${mailOutbox.toAddress}) = ${p.email.toLowerCase()}`,
          gte(mailOutbox.createdAt, p.from),
          // Both ends count: a mail queued with the change itself (to the old address, telling of it) is the old one's.
          // The database keeps microseconds and a Date milliseconds: the end is the whole millisecond.
          p.to ? lt(mailOutbox.createdAt, new Date(p.to.getTime() + 1)) : undefined,
        )!,
      );
      return db
        .select({ subject: mailOutbox.subject, kind: mailOutbox.kind, status: mailOutbox.status, createdAt: mailOutbox.createdAt, sentAt: mailOutbox.sentAt })
        .from(mailOutbox)
        .where(or(...matches))
        .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
        .limit(limit);
    },

    // ---------------------------------------------------------------- the desk's search
    /** A page of customers: `q` over the name, username, e-mail, mobile, the phones of their addresses and their order numbers. */
    async search(query: AdminCustomerListQuery) {
      const where: SQL[] = [];
      if (query.q) {
        const q = like(query.q);
        const digits = query.q.replace(/\D/g, '');
        const phone = digits.length >= 4 ? like(digits.slice(-10)) : null;
        where.push(
          or(
            ilike(customers.email, q),
            ilike(customers.username, q),
            ilike(sql`${customers.firstName} || ' ' || ${customers.lastName}`, q),
            sql`exists (select 1 from ${orders} o where o.customer_id = ${outerCustomerId} and o.order_number ilike ${q})`,
            ...(phone
              ? [
                  sql`regexp_replace(coalesce(${customers.mobile}, ''), '\\D', '', 'g') like ${phone}`,
                  sql`exists (select 1 from ${customerAddresses} a where a.customer_id = ${outerCustomerId} and regexp_replace(a.phone, '\\D', '', 'g') like ${phone})`,
                  sql`exists (select 1 from ${orderAddresses} oa join ${orders} o on o.id = oa.order_id where o.customer_id = ${outerCustomerId} and regexp_replace(oa.phone, '\\D', '', 'g') like ${phone})`,
                ]
              : []),
          )!,
        );
      }
      const filtered = where.length ? and(...where) : undefined;
      const direction = query.dir === 'desc' ? desc : asc;
      const order =
        query.sort === 'name'
          ? [direction(sql`lower(${customers.firstName} || ' ' || ${customers.lastName} || ' ' || ${customers.username})`), direction(customers.id)]
          : query.sort === 'oldest'
            ? [asc(customers.createdAt), asc(customers.id)]
            : [desc(customers.createdAt), desc(customers.id)];
      const orderCount = sql<number>`(select count(*)::int from ${orders} o where o.customer_id = ${outerCustomerId})`.mapWith(Number);
      const lastOrderAt = sql<Date | null>`(select max(o.placed_at) from ${orders} o where o.customer_id = ${outerCustomerId})`.mapWith((v: unknown) =>
        v === null || v === undefined ? null : new Date(v as string),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: customers.id,
            firstName: customers.firstName,
            lastName: customers.lastName,
            username: customers.username,
            email: customers.email,
            mobile: customers.mobile,
            createdAt: customers.createdAt,
            erasedAt: customers.erasedAt,
            orderCount,
            lastOrderAt,
          })
          .from(customers)
          .where(filtered)
          .orderBy(...order)
          .limit(query.perPage)
          .offset((query.page - 1) * query.perPage),
        db
          .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
          .from(customers)
          .where(filtered),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    async orderCount(customerId: number) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int`.mapWith(Number), last: sql<Date | null>`max(${orders.placedAt})` })
        .from(orders)
        .where(eq(orders.customerId, customerId));
      return { count: row?.n ?? 0, lastOrderAt: row?.last ? new Date(row.last) : null };
    },
  };
}

export type CustomersRepository = ReturnType<typeof customersRepository>;
