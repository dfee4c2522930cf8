import { and, asc, desc, eq, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { schema, type Db } from '@milli/db';
import type { AdminCustomRequestListQuery } from '@milli/contracts/schemas';

const r = schema.customDesignRequests;
const c = schema.customers;
const cad = schema.cadDesigns;
const img = schema.customDesignImages;

/** The queue's order: new work (Requested, Rejected) first, then Approved (to start), Making, what waits on the customer, the rest; oldest first. */
const queueRank = sql`case ${r.status} when 'Requested' then 0 when 'Rejected' then 0 when 'Approved' then 1 when 'Making' then 2 when 'Design Shared' then 3 else 4 end`;

type NewRequest = typeof schema.customDesignRequests.$inferInsert;
type NewImage = typeof schema.customDesignImages.$inferInsert;
type NewSheet = typeof schema.cadDesigns.$inferInsert;
type NewRender = typeof schema.cadDesignRenders.$inferInsert;
type RequestUpdate = Partial<typeof schema.customDesignRequests.$inferInsert>;

/**
 * Custom design requests, their pictures, design sheets and renders: the one writer of these tables, for the
 * customer's pages and the design desk alike. Every customer read is scoped by the customer id.
 */
export function customDesignRepository(db: Db) {
  return {
    async categoryNames() {
      return db.select({ name: schema.categories.name, queryName: schema.categories.queryName }).from(schema.categories);
    },
    async insertRequest(values: NewRequest) {
      const [row] = await db.insert(r).values(values).returning();
      return row!;
    },
    async insertImages(rows: NewImage[]) {
      if (rows.length > 0) await db.insert(img).values(rows);
    },
    /** What the customer's design pictures take in storage, all requests together. */
    async storedBytesOf(customerId: number) {
      const [row] = await db
        .select({ bytes: sql<string>`coalesce(sum(${img.bytes}), 0)` })
        .from(img)
        .innerJoin(r, eq(r.id, img.requestId))
        .where(eq(r.customerId, customerId));
      return Number(row?.bytes ?? 0);
    },
    async listForCustomer(customerId: number) {
      return db.select().from(r).where(eq(r.customerId, customerId)).orderBy(desc(r.createdAt), desc(r.id));
    },
    async findForCustomer(id: number, customerId: number) {
      const [row] = await db
        .select()
        .from(r)
        .where(and(eq(r.id, id), eq(r.customerId, customerId)));
      return row ?? null;
    },
    async imagesOf(requestIds: number[]) {
      if (requestIds.length === 0) return [];
      return db.select().from(img).where(inArray(img.requestId, requestIds)).orderBy(asc(img.requestId), asc(img.slot));
    },
    /** The latest sheet still in play (a superseded version is history). */
    async latestDesign(requestId: number) {
      const [row] = await db
        .select()
        .from(cad)
        .where(and(eq(cad.requestId, requestId), ne(cad.status, 'Superseded')))
        .orderBy(desc(cad.version))
        .limit(1);
      return row ?? null;
    },
    /** Who may see a stored picture: the customer of the request it belongs to. */
    async ownerOfPath(relative: string) {
      const [row] = await db
        .select({ customerId: r.customerId })
        .from(img)
        .innerJoin(r, eq(r.id, img.requestId))
        .where(or(eq(img.path, relative), eq(img.thumbPath, relative)))
        .limit(1);
      if (row) return row.customerId;
      const [sheet] = await db.select({ customerId: r.customerId }).from(cad).innerJoin(r, eq(r.id, cad.requestId)).where(eq(cad.imagePath, relative)).limit(1);
      if (sheet) return sheet.customerId;
      const ren = schema.cadDesignRenders;
      const [render] = await db
        .select({ customerId: r.customerId })
        .from(ren)
        .innerJoin(cad, eq(cad.id, ren.designId))
        .innerJoin(r, eq(r.id, cad.requestId))
        .where(or(eq(ren.path, relative), eq(ren.thumbPath, relative)))
        .limit(1);
      return render?.customerId ?? null;
    },
    /** A design sheet with its request and the customer's address, the sheet's row locked (the advance's settling). */
    async lockDesign(designId: number) {
      const [sheet] = await db.select().from(cad).where(eq(cad.id, designId)).for('update');
      if (!sheet) return null;
      const [request] = await db.select().from(r).where(eq(r.id, sheet.requestId));
      if (!request) return null;
      const [customer] = await db
        .select({ email: schema.customers.email, username: schema.customers.username })
        .from(schema.customers)
        .where(eq(schema.customers.id, request.customerId));
      return { sheet, request, customer: customer ?? null };
    },
    /** The customer's approval (the advance is paid): the sheet and its request become Approved, once. */
    async approveDesign(requestId: number, designId: number, at: Date) {
      const [updated] = await db
        .update(cad)
        .set({ status: 'Approved', decidedAt: at })
        .where(and(eq(cad.id, designId), eq(cad.requestId, requestId), eq(cad.status, 'Shared')))
        .returning({ id: cad.id });
      if (!updated) return false;
      await db.update(r).set({ status: 'Approved', updatedAt: at }).where(eq(r.id, requestId));
      return true;
    },
    async rejectDesign(requestId: number, customerId: number, designId: number, reason: string, at: Date) {
      const [updated] = await db
        .update(cad)
        .set({ status: 'Rejected', rejectReason: reason, decidedAt: at })
        .where(and(eq(cad.id, designId), eq(cad.requestId, requestId), eq(cad.status, 'Shared')))
        .returning({ id: cad.id });
      if (!updated) return false;
      await db
        .update(r)
        .set({ status: 'Rejected', rejectReason: reason, updatedAt: at })
        .where(and(eq(r.id, requestId), eq(r.customerId, customerId)));
      return true;
    },

    /** The newest rate on or before `day` for a metal and purity (a sheet's, and a made piece's). */
    async metalRateOn(metal: (typeof schema.METALS)[number], purity: number, day: string) {
      const m = schema.metalRates;
      const [row] = await db
        .select({ paise: m.ratePaisePerGram, date: m.rateDate })
        .from(m)
        .where(and(eq(m.metal, metal), eq(m.purity, purity), lte(m.rateDate, day)))
        .orderBy(desc(m.rateDate))
        .limit(1);
      return row ? { ratePaisePerGram: Number(row.paise), rateDate: row.date } : null;
    },
    async diamondRateOn(quality: (typeof schema.DIAMOND_QUALITIES)[number], day: string) {
      const d = schema.diamondRates;
      const [row] = await db
        .select({ paise: d.ratePaisePerCarat })
        .from(d)
        .where(and(eq(d.quality, quality), lte(d.rateDate, day)))
        .orderBy(desc(d.rateDate))
        .limit(1);
      return row ? Number(row.paise) : null;
    },
    /** Every version of a request's sheet, newest first, and their renders. */
    async designsWithRenders(requestId: number) {
      const sheets = await db.select().from(cad).where(eq(cad.requestId, requestId)).orderBy(desc(cad.version));
      const ren = schema.cadDesignRenders;
      const renders = sheets.length
        ? await db
            .select()
            .from(ren)
            .where(
              inArray(
                ren.designId,
                sheets.map((x) => x.id),
              ),
            )
            .orderBy(asc(ren.designId), asc(ren.slot))
        : [];
      return { sheets, renders };
    },
    async approvedDesign(requestId: number) {
      const [row] = await db
        .select()
        .from(cad)
        .where(and(eq(cad.requestId, requestId), eq(cad.status, 'Approved')))
        .orderBy(desc(cad.version))
        .limit(1);
      return row ?? null;
    },
    /** The orders made for a request's balance, newest first. */
    async ordersOf(requestId: number) {
      return db.select().from(schema.orders).where(eq(schema.orders.customDesignRequestId, requestId)).orderBy(desc(schema.orders.id));
    },
    /** The customer's request, its row locked (the balance: one order, whoever asks twice at once). */
    async lockForCustomer(id: number, customerId: number) {
      const [row] = await db
        .select()
        .from(r)
        .where(and(eq(r.id, id), eq(r.customerId, customerId)))
        .for('update');
      return row ?? null;
    },
    /**
     * The request follows its balance order; `updatedAt` marks it changed too (the desk's queue orders by it): the
     * customer's cancel does, the orders desk's status changes do not.
     */
    async followOrder(requestId: number, status: 'Picked' | 'Out for Delivery' | 'Delivered' | 'Cancelled', opts: { updatedAt?: Date } = {}) {
      await db
        .update(r)
        .set({ status, ...(opts.updatedAt ? { updatedAt: opts.updatedAt } : {}) })
        .where(eq(r.id, requestId));
    },

    // The design desk's: the queue, a request with its customer, sheets and renders, the made piece's HUID.
    async page(query: AdminCustomRequestListQuery) {
      const where = query.status ? eq(r.status, query.status) : undefined;
      const [rows, [count]] = await Promise.all([
        db
          .select({ request: r, firstName: c.firstName, lastName: c.lastName, username: c.username, email: c.email })
          .from(r)
          .innerJoin(c, eq(c.id, r.customerId))
          .where(where)
          .orderBy(queueRank, asc(r.updatedAt), asc(r.id))
          .limit(query.perPage)
          .offset((query.page - 1) * query.perPage),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(r)
          .where(where),
      ]);
      return { rows, total: Number(count?.n ?? 0) };
    },
    async latestSheets(requestIds: number[]) {
      if (requestIds.length === 0) return [];
      return db
        .select({ requestId: cad.requestId, version: cad.version, status: cad.status })
        .from(cad)
        .where(inArray(cad.requestId, requestIds))
        .orderBy(desc(cad.version));
    },
    async withCustomer(id: number) {
      const [found] = await db.select({ request: r, customer: c }).from(r).innerJoin(c, eq(c.id, r.customerId)).where(eq(r.id, id));
      return found ?? null;
    },
    /** The request's row locked for a desk change, with its customer. */
    async lock(id: number) {
      const [request] = await db.select().from(r).where(eq(r.id, id)).for('update');
      if (!request) return null;
      const [customer] = await db.select().from(c).where(eq(c.id, request.customerId));
      return { request, customer: customer! };
    },
    async exists(id: number) {
      const [row] = await db.select({ id: r.id }).from(r).where(eq(r.id, id));
      return Boolean(row);
    },
    /** The advances of a request's sheets and its balance order's payments. */
    async paymentsOf(designIds: number[], orderId: number | null) {
      const p = schema.payments;
      const conditions = [designIds.length ? inArray(p.cadDesignId, designIds) : undefined, orderId !== null ? eq(p.orderId, orderId) : undefined].filter(
        Boolean,
      );
      if (conditions.length === 0) return [];
      return db
        .select()
        .from(p)
        .where(or(...conditions))
        .orderBy(asc(p.id));
    },
    async lastVersion(requestId: number) {
      const [last] = await db.select({ version: cad.version }).from(cad).where(eq(cad.requestId, requestId)).orderBy(desc(cad.version)).limit(1);
      return last?.version ?? 0;
    },
    /** A version still Shared (there is none after a rejection) becomes history. */
    async supersedeShared(requestId: number, at: Date) {
      await db
        .update(cad)
        .set({ status: 'Superseded', decidedAt: at })
        .where(and(eq(cad.requestId, requestId), eq(cad.status, 'Shared')));
    },
    async insertSheet(values: NewSheet) {
      const [row] = await db.insert(cad).values(values).returning();
      return row!;
    },
    async insertRenders(designId: number, rows: NewRender[]) {
      await db.insert(schema.cadDesignRenders).values(rows);
      await db.update(cad).set({ imagePath: rows[0]!.path }).where(eq(cad.id, designId));
    },
    async updateRequest(id: number, values: RequestUpdate) {
      await db
        .update(r)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(r.id, id));
    },
    /**
     * Is this HUID on a packed piece still sold, or on another request's made piece? Two desks recording the same
     * HUID at once are taken in turn (a transaction-scoped lock on the HUID), so only one can have it.
     */
    async huidTaken(huid: string, requestId: number) {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`huid:${huid}`}))`);
      const op = schema.orderPieces;
      const [packed] = await db
        .select({ id: op.id })
        .from(op)
        .where(and(eq(op.huid, huid), isNull(op.releasedAt)))
        .limit(1);
      const [other] = await db
        .select({ id: r.id })
        .from(r)
        .where(and(eq(r.huid, huid), ne(r.id, requestId)))
        .limit(1);
      return Boolean(packed || other);
    },
  };
}
