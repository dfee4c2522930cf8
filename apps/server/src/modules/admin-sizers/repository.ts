import { and, asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { schema, type Db } from '@milli/db';
import type { AdminSizerListQuery } from '@milli/contracts/schemas';

const { sizerRequests, products } = schema;
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const columns = {
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

/** The work order of the desk: New, then Sent, then Closed. */
const queueRank = sql`case ${sizerRequests.status} when 'New' then 0 when 'Sent' then 1 else 2 end`;

export function adminSizersRepository(db: Db) {
  return {
    async list(query: AdminSizerListQuery) {
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
          .select(columns)
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

    async byId(id: number, opts: { lock?: boolean } = {}) {
      if (opts.lock) await db.select({ id: sizerRequests.id }).from(sizerRequests).where(eq(sizerRequests.id, id)).for('update');
      const [found] = await db.select(columns).from(sizerRequests).leftJoin(products, eq(products.id, sizerRequests.productId)).where(eq(sizerRequests.id, id));
      return found ?? null;
    },

    async setStatus(id: number, status: (typeof schema.SIZER_REQUEST_STATUSES)[number]) {
      await db.update(sizerRequests).set({ status }).where(eq(sizerRequests.id, id));
    },
  };
}
