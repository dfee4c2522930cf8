import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { preparedStatement, schema, type Db } from '@milli/db';

const t = schema.rateLimitHits;

/** Counting a hit, prepared once: every login, sign-up and payment call counts one (decision 006). */
const hitStatement = preparedStatement<{ count: number }>(
  'rate_limit_hit',
  sql`insert into ${t} (key, window_start, count) values (${sql.placeholder('key')}, ${sql.placeholder('windowStart')}::timestamptz, 1)
      on conflict (key, window_start) do update set count = ${t.count} + 1
      returning count`,
);

/** The rate limiter's counters. `db` may be a transaction. */
export function rateLimitRepository(db: Db) {
  return {
    /** Counts one hit in the window and answers the window's count so far. */
    async hit(key: string, windowStart: Date): Promise<number> {
      const [row] = await hitStatement(db, { key, windowStart: windowStart.toISOString() });
      return Number(row?.count ?? 0);
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
    /** Windows that started before `before` no longer count towards any limit (housekeeping). */
    async prune(before: Date): Promise<number> {
      const gone = await db.delete(t).where(lt(t.windowStart, before)).returning({ key: t.key });
      return gone.length;
    },
  };
}
