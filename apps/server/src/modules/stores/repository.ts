import { and, asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { AdminSizerListQuery, AdminStoreListQuery } from '@milli/contracts/schemas';
import { schema, type Db } from '@milli/db';

const { products, sizerRequests, stores } = schema;
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A store as the locator shows it. */
const columns = {
  id: stores.id,
  name: stores.name,
  city: stores.city,
  address: stores.address,
  pincode: stores.pincode,
  phone: stores.phone,
  hours: stores.hours,
  latitude: stores.latitude,
  longitude: stores.longitude,
};

/** A sizer request as the sizer desk shows it, with the product it was asked from. */
const sizerColumns = {
  id: sizerRequests.id,
  name: sizerRequests.name,
  phone: sizerRequests.phone,
  email: sizerRequests.email,
  address: sizerRequests.address,
  productId: sizerRequests.productId,
  productName: products.name,
  customerId: sizerRequests.customerId,
  status: sizerRequests.status,
  createdAt: sizerRequests.createdAt,
};

/** The work order of the sizer desk: New, then Sent, then Closed. */
const queueRank = sql`case ${sizerRequests.status} when 'New' then 0 when 'Sent' then 1 else 2 end`;

/** The stores and the 'Get Free Sizer' requests: the locator's reads, and the writes of the shoppers and the desks. */
export function createStoresRepository(db: Db) {
  return {
    /** Every open store, city by city in the order staff chose. */
    listActive() {
      return db.select(columns).from(stores).where(eq(stores.active, true)).orderBy(asc(stores.city), asc(stores.sortOrder), asc(stores.id));
    },

    /** The store desk's list: open or not, searched and sorted. */
    async storePage(query: AdminStoreListQuery) {
      const words = query.q ? `%${escapeLike(query.q)}%` : null;
      const where = and(
        words ? or(ilike(stores.name, words), ilike(stores.city, words), ilike(stores.address, words), ilike(stores.pincode, words)) : undefined,
        query.active ? eq(stores.active, query.active === 'yes') : undefined,
      );
      const direction = query.dir === 'desc' ? desc : asc;
      // 'order' is the store locator's own: city by city, then the order staff chose.
      const order =
        query.sort === 'name'
          ? [direction(stores.name), asc(stores.id)]
          : query.sort === 'city'
            ? [direction(stores.city), asc(stores.name), asc(stores.id)]
            : [direction(stores.city), direction(stores.sortOrder), direction(stores.id)];
      const [rows, [count]] = await Promise.all([
        db
          .select()
          .from(stores)
          .where(where)
          .orderBy(...order)
          .limit(query.perPage)
          .offset((query.page - 1) * query.perPage),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(stores)
          .where(where),
      ]);
      return { rows, total: Number(count?.n ?? 0) };
    },
    async storeById(id: number, opts: { lock?: boolean } = {}) {
      const query = db.select().from(stores).where(eq(stores.id, id));
      const [found] = opts.lock ? await query.for('update') : await query;
      return found ?? null;
    },
    async insertStore(values: typeof stores.$inferInsert) {
      const [created] = await db.insert(stores).values(values).returning();
      return created!;
    },
    async updateStore(id: number, values: Partial<typeof stores.$inferInsert>) {
      const [changed] = await db.update(stores).set(values).where(eq(stores.id, id)).returning();
      return changed!;
    },
    async removeStore(id: number) {
      await db.delete(stores).where(eq(stores.id, id));
    },

    /** A free ring sizer to post; a product id that names no product is kept as none. */
    async addSizerRequest(request: Omit<typeof sizerRequests.$inferInsert, 'id' | 'productId'> & { productId?: number }) {
      const { productId, ...fields } = request;
      const [product] = productId ? await db.select({ id: products.id }).from(products).where(eq(products.id, productId)) : [];
      await db.insert(sizerRequests).values({ ...fields, productId: product?.id ?? null });
    },

    /** The sizer desk's queue: searched, filtered by status, New first (or by date). */
    async sizerRequestPage(query: AdminSizerListQuery) {
      const words = query.q ? `%${escapeLike(query.q)}%` : null;
      // A phone is stored as typed (10 digits); a search with spaces or +91 still finds it by its digits.
      const digits = query.q?.replace(/\D/g, '').replace(/^91(?=\d{10}$)/, '') ?? '';
      const where = and(
        words
          ? or(
              ilike(sizerRequests.name, words),
              ilike(sizerRequests.email, words),
              ilike(sizerRequests.address, words),
              ilike(sizerRequests.phone, words),
              digits.length >= 4 ? ilike(sizerRequests.phone, `%${digits}%`) : undefined,
            )
          : undefined,
        query.status ? eq(sizerRequests.status, query.status) : undefined,
      );
      const direction = query.dir === 'desc' ? desc : asc;
      const order =
        query.sort === 'created'
          ? [direction(sizerRequests.createdAt), direction(sizerRequests.id)]
          : [direction(queueRank), asc(sizerRequests.createdAt), asc(sizerRequests.id)];
      const [rows, [count]] = await Promise.all([
        db
          .select(sizerColumns)
          .from(sizerRequests)
          .leftJoin(products, eq(products.id, sizerRequests.productId))
          .where(where)
          .orderBy(...order)
          .limit(query.perPage)
          .offset((query.page - 1) * query.perPage),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(sizerRequests)
          .where(where),
      ]);
      return { rows, total: Number(count?.n ?? 0) };
    },
    async sizerRequestById(id: number, opts: { lock?: boolean } = {}) {
      if (opts.lock) await db.select({ id: sizerRequests.id }).from(sizerRequests).where(eq(sizerRequests.id, id)).for('update');
      const [found] = await db
        .select(sizerColumns)
        .from(sizerRequests)
        .leftJoin(products, eq(products.id, sizerRequests.productId))
        .where(eq(sizerRequests.id, id));
      return found ?? null;
    },
    /** The customer's sizer requests without their contact details, a new one closed: there is nowhere to post it (their data erased, issue 38). */
    async anonymiseSizerRequestsOf(customerId: number, name: string) {
      await db
        .update(sizerRequests)
        .set({ name, phone: '', email: '', address: '', status: sql`case when ${sizerRequests.status} = 'New' then 'Closed' else ${sizerRequests.status} end` })
        .where(eq(sizerRequests.customerId, customerId));
    },
    async setSizerRequestStatus(id: number, status: (typeof schema.SIZER_REQUEST_STATUSES)[number]) {
      await db.update(sizerRequests).set({ status }).where(eq(sizerRequests.id, id));
    },
  };
}
