import { and, asc, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { schema, type Db } from '@milli/db';
import type { AdminCustomRequestListQuery } from '@milli/contracts/schemas';

const r = schema.customDesignRequests;
const c = schema.customers;
const cad = schema.cadDesigns;
const img = schema.customDesignImages;

/** The queue's order: new work (Requested, Rejected) first, then Approved (to start), Making, what waits on the customer, the rest; oldest first. */
const queueRank = sql`case ${r.status} when 'Requested' then 0 when 'Rejected' then 0 when 'Approved' then 1 when 'Making' then 2 when 'Design Shared' then 3 else 4 end`;

type NewSheet = typeof schema.cadDesigns.$inferInsert;
type NewRender = typeof schema.cadDesignRenders.$inferInsert;
type RequestUpdate = Partial<typeof schema.customDesignRequests.$inferInsert>;

/** The design desk's reads and writes: requests with their customers, sheets, renders, and HUID checks. */
export function adminDesignRepository(db: Db) {
  return {
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
    async imagesOf(requestIds: number[]) {
      if (requestIds.length === 0) return [];
      return db.select().from(img).where(inArray(img.requestId, requestIds)).orderBy(asc(img.requestId), asc(img.slot));
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
