import { and, eq, inArray, sql } from 'drizzle-orm';
import { schema, type Db } from '@milli/db';

const t = schema.rateLimitHits;

/** The rate limiter's counters. `db` may be a transaction. */
export function rateLimitRepository(db: Db) {
  return {
    /** Counts one hit in the window and answers the window's count so far. */
    async hit(key: string, windowStart: Date): Promise<number> {
      const [row] = await db
        .insert(t)
        .values({ key, windowStart, count: 1 })
        .onConflictDoUpdate({ target: [t.key, t.windowStart], set: { count: sql`${t.count} + 1` } })
        .returning({ count: t.count });
      return row?.count ?? 0;
    },
    async unhit(key: string, windowStart: Date): Promise<void> {
      await db
        .update(t)
        .set({ count: sql`greatest(${t.count} - 1, 0)` })
        .where(and(eq(t.key, key), eq(t.windowStart, windowStart)));
    },
    async forget(keys: string[]): Promise<void> {
      await db.delete(t).where(inArray(t.key, keys));
    },
  };
}
