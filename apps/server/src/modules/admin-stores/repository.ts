import { and, asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { schema, type Db } from '@milli/db';
import type { AdminStoreListQuery } from '@milli/contracts/schemas';

const { stores } = schema;
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function adminStoresRepository(db: Db) {
  return {
    async list(query: AdminStoreListQuery) {
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
    async byId(id: number, opts: { lock?: boolean } = {}) {
      const query = db.select().from(stores).where(eq(stores.id, id));
      const [found] = opts.lock ? await query.for('update') : await query;
      return found ?? null;
    },
    async insert(values: typeof stores.$inferInsert) {
      const [created] = await db.insert(stores).values(values).returning();
      return created!;
    },
    async update(id: number, values: Partial<typeof stores.$inferInsert>) {
      const [changed] = await db.update(stores).set(values).where(eq(stores.id, id)).returning();
      return changed!;
    },
    async remove(id: number) {
      await db.delete(stores).where(eq(stores.id, id));
    },
  };
}
