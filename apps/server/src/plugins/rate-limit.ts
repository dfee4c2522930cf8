import { sql } from 'drizzle-orm';
import { schema, type Db } from '@milli/db';
import { HttpError } from './session.ts';

export interface Limit {
  /** What is counted, e.g. 'login-ip'. */
  name: string;
  max: number;
  windowMs: number;
  message: string;
}

/**
 * Fixed-window counters in the database, so a limit holds across every server instance. `take`
 * counts one attempt and throws a 429 once the window's allowance is spent.
 */
export function createRateLimiter(db: Db, now: () => Date = () => new Date()) {
  return {
    async take(limit: Limit, subject: string): Promise<void> {
      const at = now().getTime();
      const windowStart = new Date(at - (at % limit.windowMs));
      const key = `${limit.name}:${subject.toLowerCase().slice(0, 200)}`;
      const [row] = await db
        .insert(schema.rateLimitHits)
        .values({ key, windowStart, count: 1 })
        .onConflictDoUpdate({
          target: [schema.rateLimitHits.key, schema.rateLimitHits.windowStart],
          set: { count: sql`${schema.rateLimitHits.count} + 1` },
        })
        .returning({ count: schema.rateLimitHits.count });
      if ((row?.count ?? 0) > limit.max) throw new HttpError(429, limit.message, 'RATE_LIMITED');
    },
    /** Forget old windows (called now and then). */
    async prune(olderThanMs = 86_400_000): Promise<void> {
      await db.delete(schema.rateLimitHits).where(sql`${schema.rateLimitHits.windowStart} < ${new Date(now().getTime() - olderThanMs)}`);
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
