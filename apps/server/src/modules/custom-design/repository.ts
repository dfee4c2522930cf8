import { and, desc, eq, inArray, ne, or } from 'drizzle-orm';
import { schema, type Db } from '@milli/db';

type NewRequest = typeof schema.customDesignRequests.$inferInsert;
type NewImage = typeof schema.customDesignImages.$inferInsert;

/** Custom design requests, their pictures and design sheets. Every customer read is scoped by the customer id. */
export function customDesignRepository(db: Db) {
  const r = schema.customDesignRequests;
  const img = schema.customDesignImages;
  const cad = schema.cadDesigns;
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
    async listForCustomer(customerId: number) {
      return db.select().from(r).where(eq(r.customerId, customerId)).orderBy(desc(r.createdAt), desc(r.id));
    },
    async findForCustomer(id: number, customerId: number) {
      const [row] = await db.select().from(r).where(and(eq(r.id, id), eq(r.customerId, customerId)));
      return row ?? null;
    },
    async imagesOf(requestIds: number[]) {
      if (requestIds.length === 0) return [];
      return db.select().from(img).where(inArray(img.requestId, requestIds)).orderBy(img.requestId, img.slot);
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
      const [sheet] = await db
        .select({ customerId: r.customerId })
        .from(cad)
        .innerJoin(r, eq(r.id, cad.requestId))
        .where(eq(cad.imagePath, relative))
        .limit(1);
      return sheet?.customerId ?? null;
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
  };
}
