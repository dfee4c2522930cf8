import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { schema, type Db } from '@milli/db';
import type { AdminOrderListQuery, AdminOrderStatus } from '@milli/contracts/schemas';

const { orders, orderLines, orderAddresses, orderStatusHistory, orderPieces, orderAdjustments, creditNotes, customers, staff, auditLog, customDesignRequests } =
  schema;

/** A search typed by staff, safe inside LIKE (its % and _ are literal). */
const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The orders desk's queries (behind the staff check). `db` may be a transaction. */
export function adminOrdersRepository(db: Db) {
  return {
    async find(orderNumber: string, opts: { lock?: boolean } = {}) {
      const q = db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
      const [row] = opts.lock ? await q.for('update') : await q;
      return row ?? null;
    },
    async lines(orderId: number) {
      return db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));
    },
    async addresses(orderId: number) {
      return db.select().from(orderAddresses).where(eq(orderAddresses.orderId, orderId));
    },
    async pieces(orderId: number) {
      return db.select().from(orderPieces).where(eq(orderPieces.orderId, orderId)).orderBy(asc(orderPieces.lineId), asc(orderPieces.id));
    },
    async adjustments(orderId: number) {
      return db.select().from(orderAdjustments).where(eq(orderAdjustments.orderId, orderId)).orderBy(asc(orderAdjustments.id));
    },
    async creditNotes(orderId: number) {
      return db.select().from(creditNotes).where(eq(creditNotes.orderId, orderId)).orderBy(asc(creditNotes.id));
    },
    /** The status and its history row, by the member who changed it. */
    async setStatus(orderId: number, status: AdminOrderStatus, changedBy: number | null, note: string | null, at: Date) {
      await db
        .update(orders)
        .set({ status, updatedAt: at, ...(status === 'Cancelled' ? { payBy: null } : {}) })
        .where(eq(orders.id, orderId));
      await db.insert(orderStatusHistory).values({ orderId, status, changedBy, note, at });
    },
    /** The sale is undone: the pieces' HUIDs may be sold again. */
    async releasePieces(orderId: number, at: Date) {
      await db
        .update(orderPieces)
        .set({ releasedAt: at })
        .where(and(eq(orderPieces.orderId, orderId), isNull(orderPieces.releasedAt)));
    },

    async list(query: AdminOrderListQuery) {
      const where: SQL[] = [];
      if (query.q) {
        const q = like(query.q);
        const digits = query.q.replace(/\D/g, '');
        where.push(
          or(
            ilike(orders.orderNumber, q),
            ilike(customers.email, q),
            ilike(sql`${customers.firstName} || ' ' || ${customers.lastName}`, q),
            ilike(customers.username, q),
            sql`exists (select 1 from ${orderAddresses} a where a.order_id = ${orders.id} and (a.pincode ilike ${q} or a.first_name || ' ' || a.last_name ilike ${q}${digits.length >= 4 ? sql` or a.phone like ${like(digits)}` : sql``}))`,
          )!,
        );
      }
      const searched = where.length ? and(...where) : undefined;
      const filtered = query.status ? and(searched, eq(orders.status, query.status)) : searched;
      const shipping = db
        .select({ orderId: orderAddresses.orderId, phone: orderAddresses.phone, pincode: orderAddresses.pincode, city: orderAddresses.city })
        .from(orderAddresses)
        .where(eq(orderAddresses.kind, 'shipping'))
        .as('ship');
      const items = db
        .select({ orderId: orderLines.orderId, n: sql<number>`sum(${orderLines.quantity})::int`.as('n') })
        .from(orderLines)
        .groupBy(orderLines.orderId)
        .as('items');
      const direction = query.dir === 'desc' ? desc : asc;
      const order = query.sort === 'total' ? [direction(orders.totalPaise), direction(orders.id)] : [direction(orders.placedAt), direction(orders.id)];
      const [rows, [total], counts] = await Promise.all([
        db
          .select({
            orderNumber: orders.orderNumber,
            placedAt: orders.placedAt,
            status: orders.status,
            firstName: customers.firstName,
            lastName: customers.lastName,
            username: customers.username,
            email: customers.email,
            phone: shipping.phone,
            pincode: shipping.pincode,
            city: shipping.city,
            itemCount: items.n,
            totalPaise: orders.totalPaise,
            paymentMethod: orders.paymentMethod,
            customRequestId: orders.customDesignRequestId,
          })
          .from(orders)
          .innerJoin(customers, eq(customers.id, orders.customerId))
          .leftJoin(shipping, eq(shipping.orderId, orders.id))
          .leftJoin(items, eq(items.orderId, orders.id))
          .where(filtered)
          .orderBy(...order)
          .limit(query.perPage)
          .offset((query.page - 1) * query.perPage),
        db.select({ n: count() }).from(orders).innerJoin(customers, eq(customers.id, orders.customerId)).where(filtered),
        // The tabs count within the search, whichever tab is open.
        db
          .select({ status: orders.status, n: count() })
          .from(orders)
          .innerJoin(customers, eq(customers.id, orders.customerId))
          .where(searched)
          .groupBy(orders.status),
      ]);
      return { rows, total: Number(total?.n ?? 0), counts: counts.map((c) => ({ status: c.status as AdminOrderStatus, n: Number(c.n) })) };
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

    /** The status history with the staff member's name who made each change. */
    async history(orderId: number) {
      return db
        .select({ status: orderStatusHistory.status, at: orderStatusHistory.at, note: orderStatusHistory.note, by: staff.name })
        .from(orderStatusHistory)
        .leftJoin(staff, eq(staff.id, orderStatusHistory.changedBy))
        .where(eq(orderStatusHistory.orderId, orderId))
        .orderBy(asc(orderStatusHistory.at), asc(orderStatusHistory.id));
    },

    /** The audit entries of the order (its number is their entity id), with the member's name. */
    async audit(orderNumber: string) {
      return db
        .select({ at: auditLog.at, action: auditLog.action, after: auditLog.after, email: auditLog.staffEmail, name: staff.name })
        .from(auditLog)
        .leftJoin(staff, eq(staff.id, auditLog.staffId))
        .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, orderNumber)))
        .orderBy(asc(auditLog.id));
    },

    /** Unreleased pieces of other orders holding any of these HUIDs (a HUID is sold once). */
    async huidsTaken(huids: string[], orderId: number) {
      if (huids.length === 0) return [];
      return db
        .select({ huid: orderPieces.huid, orderNumber: orders.orderNumber })
        .from(orderPieces)
        .innerJoin(orders, eq(orders.id, orderPieces.orderId))
        .where(and(inArray(orderPieces.huid, huids), isNull(orderPieces.releasedAt), ne(orderPieces.orderId, orderId)));
    },

    /**
     * Made pieces of custom design requests (not cancelled, not `exceptRequestId`: the balance order's own) holding
     * any of these HUIDs. Each HUID is first locked for the transaction, as the design desk locks it when it records
     * a made piece, in a fixed order so two packers never wait for each other.
     */
    async huidsMade(huids: string[], exceptRequestId: number | null) {
      if (huids.length === 0) return [];
      for (const huid of [...huids].sort()) await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`huid:${huid}`}))`);
      return db
        .select({ huid: customDesignRequests.huid, requestId: customDesignRequests.id })
        .from(customDesignRequests)
        .where(
          and(
            inArray(customDesignRequests.huid, huids),
            ne(customDesignRequests.status, 'Cancelled'),
            exceptRequestId === null ? undefined : ne(customDesignRequests.id, exceptRequestId),
          ),
        );
    },

    /** Packing again: the pieces recorded before (never released ones of a sale) and the open differences go. */
    async clearPacking(orderId: number) {
      await db.delete(orderPieces).where(and(eq(orderPieces.orderId, orderId), isNull(orderPieces.releasedAt)));
      return db
        .delete(orderAdjustments)
        .where(and(eq(orderAdjustments.orderId, orderId), inArray(orderAdjustments.status, ['proposed', 'open', 'rejected'])))
        .returning({ id: orderAdjustments.id });
    },

    async insertPieces(rows: (typeof orderPieces.$inferInsert)[]) {
      if (rows.length === 0) return [];
      return db.insert(orderPieces).values(rows).returning();
    },

    async insertAdjustment(row: typeof orderAdjustments.$inferInsert) {
      const [made] = await db.insert(orderAdjustments).values(row).returning();
      return made!;
    },

    async adjustment(orderId: number, id: number, opts: { lock?: boolean } = {}) {
      const q = db
        .select()
        .from(orderAdjustments)
        .where(and(eq(orderAdjustments.id, id), eq(orderAdjustments.orderId, orderId)));
      const [row] = opts.lock ? await q.for('update') : await q;
      return row ?? null;
    },

    async setAdjustment(id: number, status: 'settled' | 'waived', at: Date) {
      await db.update(orderAdjustments).set({ status, settledAt: at }).where(eq(orderAdjustments.id, id));
    },

    async decideAdjustment(
      id: number,
      values: Pick<typeof orderAdjustments.$inferInsert, 'status' | 'decidedBy' | 'decidedAt' | 'decisionNote' | 'settledAt'>,
    ) {
      await db
        .update(orderAdjustments)
        .set(values)
        .where(and(eq(orderAdjustments.id, id), eq(orderAdjustments.status, 'proposed')));
    },

    /** Every difference still proposed on the order is rejected (its order was cancelled). */
    async rejectProposed(orderId: number, at: Date, note: string) {
      await db
        .update(orderAdjustments)
        .set({ status: 'rejected', decidedAt: at, decisionNote: note })
        .where(and(eq(orderAdjustments.orderId, orderId), eq(orderAdjustments.status, 'proposed')));
    },

    async dispatch(orderId: number, shipment: { courierName: string; awbNumber: string; trackingUrl: string | null }, at: Date) {
      await db
        .update(orders)
        .set({ ...shipment, dispatchedAt: at, invoicedAt: at })
        .where(eq(orders.id, orderId));
    },

    async delivered(orderId: number, at: Date) {
      await db.update(orders).set({ deliveredAt: at }).where(eq(orders.id, orderId));
    },

    /** A made-to-order piece's request follows its order (Picked, Out for Delivery, Delivered, Cancelled). */
    async followRequest(requestId: number, status: 'Picked' | 'Out for Delivery' | 'Delivered' | 'Cancelled') {
      await db.update(customDesignRequests).set({ status }).where(eq(customDesignRequests.id, requestId));
    },

    async creditNoteCount(orderId: number) {
      const [row] = await db.select({ n: count() }).from(creditNotes).where(eq(creditNotes.orderId, orderId));
      return Number(row?.n ?? 0);
    },

    async insertCreditNote(row: typeof creditNotes.$inferInsert) {
      const [made] = await db.insert(creditNotes).values(row).returning();
      return made!;
    },
  };
}
