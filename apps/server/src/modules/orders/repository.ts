import { and, asc, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { placeholderValue, preparedQuery, schema, type Db } from '@milli/db';

const { orders, orderLines, orderAddresses, orderStatusHistory, couponRedemptions, products, customers, orderPieces, orderAdjustments, creditNotes } = schema;

export type OrderStatus = (typeof schema.ORDER_STATUSES)[number];

// The statements every paid order runs, built once (decision 038).
const byIdLockedStatement = preparedQuery('order_by_id_locked', (db) =>
  db
    .select()
    .from(orders)
    .where(eq(orders.id, sql.placeholder('id')))
    .for('update'),
);
// An order's status and its history row in one statement (the history row added in a WITH), with or without the end
// of its payment hold.
const statusStatement = (name: string, endHold: boolean) =>
  preparedQuery(name, (db) => {
    const historyAdded = db.$with('history_added').as(
      db
        .insert(orderStatusHistory)
        .values({
          orderId: sql.placeholder('id'),
          status: sql.placeholder('status'),
          changedBy: sql.placeholder('changedBy'),
          note: sql.placeholder('note'),
          at: sql.placeholder('at'),
        })
        .returning({ id: orderStatusHistory.id }),
    );
    return db
      .with(historyAdded)
      .update(orders)
      .set({ status: placeholderValue<OrderStatus>('status'), updatedAt: placeholderValue<Date>('at'), ...(endHold ? { payBy: null } : {}) })
      .where(eq(orders.id, sql.placeholder('id')));
  });
const statusStatements = { kept: statusStatement('order_set_status', false), ended: statusStatement('order_set_status_end_hold', true) };
const placedMailFactsStatement = preparedQuery('order_placed_mail_facts', (db) => {
  const orderId = sql.placeholder('orderId');
  return db
    .select({
      email: customers.email,
      firstName: customers.firstName,
      username: customers.username,
      billingFirstName: sql<
        string | null
      >`(select ${orderAddresses.firstName} from ${orderAddresses} where ${orderAddresses.orderId} = ${orderId} and ${orderAddresses.kind} = 'billing' limit 1)`,
      lines: sql<
        { name: string; quantity: number; lineTotalPaise: number }[]
      >`coalesce((select json_agg(json_build_object('name', ${orderLines.productName}, 'quantity', ${orderLines.quantity}, 'lineTotalPaise', ${orderLines.lineTotalPaise}) order by ${orderLines.id}) from ${orderLines} where ${orderLines.orderId} = ${orderId}), '[]'::json)`,
    })
    .from(customers)
    .where(eq(customers.id, sql.placeholder('customerId')));
});

/**
 * Order queries. Every customer query names the customer in its WHERE clause, so another customer's
 * order number finds nothing; the staff queries (`…ForStaff`) are only reached behind the staff check.
 * `db` may be a transaction.
 */
export function ordersRepository(db: Db) {
  // Built by the one query that uses it (this repository is made afresh on every transaction that touches orders).
  const firstLineOf = () =>
    db
      .select({
        orderId: orderLines.orderId,
        name: sql<string>`(array_agg(${orderLines.productName} order by ${orderLines.id}))[1]`.as('first_name'),
        image: sql<string>`(array_agg(${orderLines.image} order by ${orderLines.id}))[1]`.as('first_image'),
        items: sql<number>`sum(${orderLines.quantity})::int`.as('items'),
      })
      .from(orderLines)
      .groupBy(orderLines.orderId)
      .as('first_line');

  return {
    async page(customerId: number, statuses: readonly OrderStatus[], limit: number, offset: number) {
      const where = and(eq(orders.customerId, customerId), inArray(orders.status, [...statuses]));
      const firstLine = firstLineOf();
      const [total] = await db.select({ n: count() }).from(orders).where(where);
      const rows = await db
        .select({
          orderId: orders.id,
          orderNumber: orders.orderNumber,
          placedAt: orders.placedAt,
          status: orders.status,
          totalPaise: orders.totalPaise,
          firstItemName: firstLine.name,
          firstItemImage: firstLine.image,
          itemCount: firstLine.items,
        })
        .from(orders)
        .leftJoin(firstLine, eq(firstLine.orderId, orders.id))
        .where(where)
        .orderBy(desc(orders.placedAt), desc(orders.id))
        .limit(limit)
        .offset(offset);
      return { total: Number(total?.n ?? 0), rows };
    },

    /** The customer's own order by its number, or null (also for someone else's). */
    async findOwn(customerId: number, orderNumber: string, opts: { lock?: boolean } = {}) {
      const q = db
        .select()
        .from(orders)
        .where(and(eq(orders.orderNumber, orderNumber), eq(orders.customerId, customerId)));
      const [row] = opts.lock ? await q.for('update') : await q;
      return row ?? null;
    },

    async findForStaff(orderNumber: string, opts: { lock?: boolean } = {}) {
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

    async history(orderId: number) {
      return db
        .select({ status: orderStatusHistory.status, at: orderStatusHistory.at, note: orderStatusHistory.note })
        .from(orderStatusHistory)
        .where(eq(orderStatusHistory.orderId, orderId))
        .orderBy(asc(orderStatusHistory.at), asc(orderStatusHistory.id));
    },

    async byIdLocked(orderId: number) {
      const [row] = await byIdLockedStatement(db, { id: orderId });
      return row ?? null;
    },
    async orderNumberOf(orderId: number) {
      const [row] = await db.select({ orderNumber: orders.orderNumber }).from(orders).where(eq(orders.id, orderId));
      return row?.orderNumber ?? null;
    },
    /** Orders awaiting payment whose hold ended before `at`, oldest first. */
    async overdue(at: Date, limit: number) {
      return db
        .select()
        .from(orders)
        .where(and(eq(orders.status, 'Awaiting payment'), lt(orders.payBy, at)))
        .orderBy(asc(orders.payBy))
        .limit(limit);
    },

    /** The new status and its history row; with `endHold`, the order no longer holds its pieces for a payment (paid, cancelled or lapsed). */
    async setStatus(orderId: number, status: OrderStatus, changedBy: number | null, note: string | null, at: Date, opts: { endHold?: boolean } = {}) {
      await (opts.endHold ? statusStatements.ended : statusStatements.kept)(db, { id: orderId, status, at, changedBy, note });
    },

    /**
     * Puts the pieces of a cancelled order back on the shelf. The product rows are locked in id order,
     * the same order every writer of stock uses, so two cancellations (or a cancellation and a new order)
     * cannot deadlock.
     */
    async returnStock(lines: readonly { productId: number | null; quantity: number }[]) {
      const byProduct = new Map<number, number>();
      for (const l of lines) if (l.productId !== null) byProduct.set(l.productId, (byProduct.get(l.productId) ?? 0) + l.quantity);
      const ids = [...byProduct.keys()].sort((a, b) => a - b);
      if (ids.length === 0) return;
      await db.select({ id: products.id }).from(products).where(inArray(products.id, ids)).orderBy(asc(products.id)).for('update');
      for (const id of ids) {
        const quantity = byProduct.get(id)!;
        await db
          .update(products)
          .set({ stock: sql`${products.stock} + ${quantity}`, unitsSold: sql`greatest(${products.unitsSold} - ${quantity}, 0)` })
          .where(eq(products.id, id));
      }
    },

    /** The coupon's use by this order no longer counts towards its limits. */
    async releaseCoupon(orderId: number) {
      return db.delete(couponRedemptions).where(eq(couponRedemptions.orderId, orderId)).returning({ id: couponRedemptions.id });
    },

    /** The pieces packed for the order (released ones too, once it was cancelled), in line order. */
    async pieces(orderId: number) {
      return db.select().from(orderPieces).where(eq(orderPieces.orderId, orderId)).orderBy(asc(orderPieces.lineId), asc(orderPieces.id));
    },
    async adjustments(orderId: number) {
      return db.select().from(orderAdjustments).where(eq(orderAdjustments.orderId, orderId)).orderBy(asc(orderAdjustments.id));
    },
    async creditNotes(orderId: number) {
      return db.select().from(creditNotes).where(eq(creditNotes.orderId, orderId)).orderBy(asc(creditNotes.id));
    },
    async insertCreditNote(row: typeof creditNotes.$inferInsert) {
      const [made] = await db.insert(creditNotes).values(row).returning();
      return made!;
    },
    async adjustmentLocked(id: number) {
      const [row] = await db.select().from(orderAdjustments).where(eq(orderAdjustments.id, id)).for('update');
      return row ?? null;
    },
    /** A cancelled order's weight differences: nothing is due on an open charge any more, and none still proposed is decided. */
    async closeAdjustments(orderId: number, at: Date) {
      const ofOrder = eq(orderAdjustments.orderId, orderId);
      await db
        .update(orderAdjustments)
        .set({ status: 'waived', settledAt: at })
        .where(and(ofOrder, eq(orderAdjustments.kind, 'charge'), eq(orderAdjustments.status, 'open')));
      await db
        .update(orderAdjustments)
        .set({ status: 'rejected', decidedAt: at, decisionNote: 'The order was cancelled.' })
        .where(and(ofOrder, eq(orderAdjustments.status, 'proposed')));
    },
    async settleAdjustment(id: number, at: Date) {
      await db.update(orderAdjustments).set({ status: 'settled', settledAt: at }).where(eq(orderAdjustments.id, id));
    },
    /** The order's sale is undone: its pieces' HUIDs may be sold again. */
    async releasePieces(orderId: number, at: Date) {
      await db
        .update(orderPieces)
        .set({ releasedAt: at })
        .where(and(eq(orderPieces.orderId, orderId), isNull(orderPieces.releasedAt)));
    },

    /** A made-to-order piece's request follows its order when the order is cancelled. */
    async cancelRequest(requestId: number) {
      await db.update(schema.customDesignRequests).set({ status: 'Cancelled', updatedAt: new Date() }).where(eq(schema.customDesignRequests.id, requestId));
    },

    /**
     * What the placed mail names, in one statement: the buyer's address and names, the billing address's first
     * name, and each line's name, quantity and total in line order.
     */
    async placedMailFacts(orderId: number, customerId: number) {
      // Both drivers hand json over parsed.
      const [row] = await placedMailFactsStatement(db, { orderId, customerId });
      return row ?? null;
    },

    async customer(customerId: number) {
      const [row] = await db
        .select({ email: customers.email, firstName: customers.firstName, username: customers.username })
        .from(customers)
        .where(eq(customers.id, customerId));
      return row ?? null;
    },
  };
}

export type OrdersRepository = ReturnType<typeof ordersRepository>;
