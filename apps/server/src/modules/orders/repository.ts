import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { placeholderValue, preparedQuery, schema, type Db } from '@milli/db';
import type { NewOrder, NewOrderAddress, NewOrderLine } from '@milli/db/schema';
import type { AdminOrderCsvQuery, AdminOrderStatus } from '@milli/contracts/schemas';

const {
  orders,
  orderLines,
  orderAddresses,
  orderStatusHistory,
  customers,
  orderPieces,
  orderAdjustments,
  creditNotes,
  staff,
  auditLog,
  customDesignRequests,
  orderForm60,
} = schema;

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

/** A search typed by staff, safe inside LIKE (its % and _ are literal). */
const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Order queries, the shoppers' and the orders desk's. Every customer query names the customer in its WHERE clause,
 * so another customer's order number finds nothing; the staff queries (`findForStaff`, `list`, the packing and the
 * decisions) are only reached behind the staff check. `db` may be a transaction.
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
    /**
     * The customer's data erased (issue 38, decision 044): what the tax laws keep stays on the orders that were
     * invoiced (the billing and delivery addresses, company name, GSTIN and PAN the invoice prints); the orders never
     * invoiced (cancelled, lapsed) lose them, and no order keeps the company's e-mail, which no invoice prints.
     */
    async anonymiseOf(customerId: number, name: string) {
      const notInvoiced = sql`(select ${orders.id} from ${orders} where ${orders.customerId} = ${customerId} and ${orders.invoicedAt} is null)`;
      await db
        .update(orderAddresses)
        .set({ firstName: name, lastName: '', address: '', city: '', state: null, stateCode: null, landmark: null, pincode: '', phone: '' })
        .where(sql`${orderAddresses.orderId} in ${notInvoiced}`);
      await db
        .update(orders)
        .set({
          companyEmail: null,
          companyName: sql`case when ${orders.invoicedAt} is null then null else ${orders.companyName} end`,
          companyGstin: sql`case when ${orders.invoicedAt} is null then null else ${orders.companyGstin} end`,
          pan: sql`case when ${orders.invoicedAt} is null then null else ${orders.pan} end`,
        })
        .where(eq(orders.customerId, customerId));
    },
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

    /**
     * What a guest's complaint is checked against (issue 38): the order's id and owner, the account's e-mail, the
     * company e-mail it was invoiced to, and the phones of the account and both addresses. Null when no order has the
     * number; the caller answers that as it answers a mismatch.
     */
    async contactsOf(orderNumber: string) {
      const [row] = await db
        .select({
          id: orders.id,
          orderNumber: orders.orderNumber,
          customerId: orders.customerId,
          email: customers.email,
          companyEmail: orders.companyEmail,
          mobile: customers.mobile,
          phones: sql<
            string[]
          >`coalesce((select array_agg(${orderAddresses.phone}) from ${orderAddresses} where ${orderAddresses.orderId} = ${orders.id}), '{}')`,
        })
        .from(orders)
        .innerJoin(customers, eq(customers.id, orders.customerId))
        .where(eq(orders.orderNumber, orderNumber));
      return row ?? null;
    },

    /** A customer's orders to choose from (a complaint's), newest first. */
    async choicesOf(customerId: number, limit: number) {
      return db
        .select({ orderNumber: orders.orderNumber, placedAt: orders.placedAt, status: orders.status })
        .from(orders)
        .where(eq(orders.customerId, customerId))
        .orderBy(desc(orders.placedAt), desc(orders.id))
        .limit(limit);
    },

    /** The next order id, taken before the insert so the order number (which contains it) is written with the row. */
    async nextOrderId() {
      const result = await db.execute<{ id: string | number }>(sql`select nextval(pg_get_serial_sequence('orders', 'id')) as id`);
      const rows = (Array.isArray(result) ? result : (result as { rows: { id: string | number }[] }).rows) as { id: string | number }[];
      return Number(rows[0]!.id);
    },
    /**
     * The order, its lines, both addresses and its first status row, in one statement (the order's id is taken first,
     * by `nextOrderId`, so the other rows name it; their foreign keys are checked when the whole statement is done).
     */
    async insertOrder(
      order: NewOrder & { id: number; status: NonNullable<NewOrder['status']> },
      lines: Omit<NewOrderLine, 'orderId'>[],
      address: Omit<NewOrderAddress, 'orderId' | 'kind'>,
      shipping: Omit<NewOrderAddress, 'orderId' | 'kind'>,
      note: string,
    ) {
      const orderId = order.id;
      const linesAdded = db.$with('lines_added').as(
        db
          .insert(orderLines)
          .values(lines.map((l) => ({ ...l, orderId })))
          .returning({ id: orderLines.id }),
      );
      const addressesAdded = db.$with('addresses_added').as(
        db
          .insert(orderAddresses)
          .values([
            { ...shipping, orderId, kind: 'shipping' as const },
            { ...address, orderId, kind: 'billing' as const },
          ])
          .returning({ id: orderAddresses.id }),
      );
      const historyAdded = db
        .$with('history_added')
        .as(db.insert(orderStatusHistory).values({ orderId, status: order.status, note }).returning({ id: orderStatusHistory.id }));
      const [row] = await db.with(linesAdded, addressesAdded, historyAdded).insert(orders).values(order).returning();
      return row!;
    },
    /** Any order by its number (the orders desk's). */
    async findForStaff(orderNumber: string, opts: { lock?: boolean } = {}) {
      const q = db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
      const [row] = opts.lock ? await q.for('update') : await q;
      return row ?? null;
    },

    /** Orders by their numbers (the desk's batch of invoices); numbers that name no order are simply absent. */
    async manyForStaff(orderNumbers: readonly string[]) {
      if (orderNumbers.length === 0) return [];
      return db
        .select()
        .from(orders)
        .where(inArray(orders.orderNumber, [...orderNumbers]));
    },
    /** Orders invoiced (dispatched) in [from, to), oldest first, at most `limit`. */
    async invoicedBetween(from: Date, to: Date, limit: number) {
      return db
        .select()
        .from(orders)
        .where(and(gte(orders.invoicedAt, from), lt(orders.invoicedAt, to)))
        .orderBy(asc(orders.invoicedAt), asc(orders.id))
        .limit(limit);
    },

    async lines(orderId: number) {
      return db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));
    },

    /** The order's buyer's id, or null when there is no such order. */
    async customerOf(orderId: number): Promise<number | null> {
      const [row] = await db.select({ customerId: orders.customerId }).from(orders).where(eq(orders.id, orderId));
      return row?.customerId ?? null;
    },

    async addresses(orderId: number) {
      return db.select().from(orderAddresses).where(eq(orderAddresses.orderId, orderId));
    },

    /** Issue 38: the Form 60 declaration given with the order in place of a PAN (the Aadhaar number's last four digits only). */
    async insertForm60(row: typeof orderForm60.$inferInsert) {
      await db.insert(orderForm60).values(row);
    },
    async form60(orderId: number) {
      const [row] = await db.select().from(orderForm60).where(eq(orderForm60.orderId, orderId));
      return row ?? null;
    },

    /** The status history, with the name of the staff member who made each change (null: the customer, a payment, the store's jobs). */
    async history(orderId: number) {
      return db
        .select({ status: orderStatusHistory.status, at: orderStatusHistory.at, note: orderStatusHistory.note, by: staff.name })
        .from(orderStatusHistory)
        .leftJoin(staff, eq(staff.id, orderStatusHistory.changedBy))
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
    /** One weight difference (of the order `orderId` when given), its row locked with `lock`. */
    async adjustment(id: number, opts: { orderId?: number; lock?: boolean } = {}) {
      const q = db
        .select()
        .from(orderAdjustments)
        .where(and(eq(orderAdjustments.id, id), opts.orderId === undefined ? undefined : eq(orderAdjustments.orderId, opts.orderId)));
      const [row] = opts.lock ? await q.for('update') : await q;
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
    /** A charge paid (settled) or absorbed by the store (waived). */
    async setAdjustment(id: number, status: 'settled' | 'waived', at: Date) {
      await db.update(orderAdjustments).set({ status, settledAt: at }).where(eq(orderAdjustments.id, id));
    },
    /**
     * A piece still sold with its order (not released), with its order's id, number and buyer: the orders desk's, or
     * with `customerId` only of that customer's orders (the customer's id is part of the query); locked with `lock`.
     */
    async certifiedPiece(orderNumber: string, pieceId: number, opts: { lock?: boolean; customerId?: number } = {}) {
      const q = db
        .select({
          piece: orderPieces,
          orderId: orders.id,
          orderNumber: orders.orderNumber,
          customerId: orders.customerId,
          diamondWeightCents: orderLines.diamondWeightCents,
        })
        .from(orderPieces)
        .innerJoin(orders, eq(orders.id, orderPieces.orderId))
        .innerJoin(orderLines, eq(orderLines.id, orderPieces.lineId))
        .where(
          and(
            eq(orders.orderNumber, orderNumber),
            eq(orderPieces.id, pieceId),
            isNull(orderPieces.releasedAt),
            opts.customerId === undefined ? undefined : eq(orders.customerId, opts.customerId),
          ),
        );
      const [found] = opts.lock ? await q.for('update', { of: orderPieces }) : await q;
      return found ?? null;
    },
    /** A piece's diamond certificate: the lab, its number, and where the file is kept. */
    async setCertificate(pieceId: number, certificate: { lab: string; number: string; path: string; type: string }) {
      await db
        .update(orderPieces)
        .set({ certificateLab: certificate.lab, certificateNumber: certificate.number, certificatePath: certificate.path, certificateType: certificate.type })
        .where(eq(orderPieces.id, pieceId));
    },
    /**
     * Pieces taken back one by one (a return restocked or written off, an exchange or buy-back settled): released, so
     * their HUIDs may be sold again; one released already keeps its time.
     */
    async releasePiecesById(ids: readonly number[], at: Date) {
      if (ids.length === 0) return;
      await db
        .update(orderPieces)
        .set({ releasedAt: at })
        .where(and(inArray(orderPieces.id, [...ids]), isNull(orderPieces.releasedAt)));
    },

    /** A made-to-order piece on its balance order's one line, packed already (the design desk weighed and hallmarked it). */
    async insertMadePiece(orderId: number, piece: { huid: string | null; netWeightMg: number; grossWeightMg: number; recordedAt: Date }) {
      const [line] = await db.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.orderId, orderId)).limit(1);
      await db.insert(orderPieces).values({ orderId, lineId: line!.id, ...piece });
    },

    /** The order's sale is undone: its pieces' HUIDs may be sold again. */
    async releasePieces(orderId: number, at: Date) {
      await db
        .update(orderPieces)
        .set({ releasedAt: at })
        .where(and(eq(orderPieces.orderId, orderId), isNull(orderPieces.releasedAt)));
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

    /** The buyer as mails, documents and the desk name them. */
    async customer(customerId: number) {
      const [row] = await db
        .select({
          id: customers.id,
          firstName: customers.firstName,
          lastName: customers.lastName,
          username: customers.username,
          email: customers.email,
          phone: customers.mobile,
          erasedAt: customers.erasedAt,
        })
        .from(customers)
        .where(eq(customers.id, customerId));
      return row ?? null;
    },

    /** The orders desk's queues: a page of one status (or all), searched, with every status's count within the search. */
    /**
     * The orders desk's list (and, with no page, its CSV export): the search, the queue, and issue 39's filters, the
     * Indian days placed `from` and `to` (both included) and the payment method. The tabs count within the search and
     * the filters, whichever tab is open.
     */
    async list(query: AdminOrderCsvQuery & { page?: number; perPage?: number }, max?: number) {
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
      // India keeps one offset all year (+05:30): a day placed is [its midnight, the next midnight) there.
      if (query.from) where.push(gte(orders.placedAt, new Date(`${query.from}T00:00:00+05:30`)));
      if (query.to) where.push(lt(orders.placedAt, new Date(new Date(`${query.to}T00:00:00+05:30`).getTime() + 86_400_000)));
      if (query.method) where.push(eq(orders.paymentMethod, query.method));
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
      const perPage = query.perPage ?? max ?? 100;
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
            awbNumber: orders.awbNumber,
            customRequestId: orders.customDesignRequestId,
          })
          .from(orders)
          .innerJoin(customers, eq(customers.id, orders.customerId))
          .leftJoin(shipping, eq(shipping.orderId, orders.id))
          .leftJoin(items, eq(items.orderId, orders.id))
          .where(filtered)
          .orderBy(...order)
          .limit(perPage)
          .offset(((query.page ?? 1) - 1) * perPage),
        db.select({ n: count() }).from(orders).innerJoin(customers, eq(customers.id, orders.customerId)).where(filtered),
        db
          .select({ status: orders.status, n: count() })
          .from(orders)
          .innerJoin(customers, eq(customers.id, orders.customerId))
          .where(searched)
          .groupBy(orders.status),
      ]);
      return { rows, total: Number(total?.n ?? 0), counts: counts.map((c) => ({ status: c.status as AdminOrderStatus, n: Number(c.n) })) };
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

    /** Issue 39: the next number of a document series (created at its first), the row locked until the transaction ends. */
    async nextInSeries(kind: 'invoice' | 'credit_note', financialYear: string): Promise<number> {
      const t = schema.documentSeries;
      const [row] = await db
        .insert(t)
        .values({ kind, financialYear, lastNumber: 1 })
        .onConflictDoUpdate({ target: [t.kind, t.financialYear], set: { lastNumber: sql`${t.lastNumber} + 1` } })
        .returning({ n: t.lastNumber });
      return row!.n;
    },

    /**
     * Issue 39: binds each HUID to its article the first time it is recorded (huid_articles) and answers those already
     * bound to another article: a HUID names one article for ever, released or not. Run under the HUIDs' locks.
     */
    async bindHuids(rows: { huid: string; article: string; articleName: string }[], at: Date) {
      if (rows.length === 0) return [];
      await db
        .insert(schema.huidArticles)
        .values(rows.map((r) => ({ ...r, firstRecordedAt: at })))
        .onConflictDoNothing({ target: schema.huidArticles.huid });
      const bound = await db
        .select()
        .from(schema.huidArticles)
        .where(
          inArray(
            schema.huidArticles.huid,
            rows.map((r) => r.huid),
          ),
        );
      return bound.filter((b) => rows.some((r) => r.huid === b.huid && r.article !== b.article));
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

    async decideAdjustment(
      id: number,
      values: Pick<typeof orderAdjustments.$inferInsert, 'status' | 'decidedBy' | 'decidedAt' | 'decisionNote' | 'settledAt'>,
    ) {
      await db
        .update(orderAdjustments)
        .set(values)
        .where(and(eq(orderAdjustments.id, id), eq(orderAdjustments.status, 'proposed')));
    },

    /** The dispatch: the courier and AWB, and the tax invoice issued with its number from the series (issue 39). */
    async dispatch(orderId: number, shipment: { courierName: string; awbNumber: string; trackingUrl: string | null }, invoiceNumber: string, at: Date) {
      await db
        .update(orders)
        .set({ ...shipment, dispatchedAt: at, invoicedAt: at, invoiceNumber })
        .where(eq(orders.id, orderId));
    },

    async delivered(orderId: number, at: Date) {
      await db.update(orders).set({ deliveredAt: at }).where(eq(orders.id, orderId));
    },
  };
}

export type OrdersRepository = ReturnType<typeof ordersRepository>;
