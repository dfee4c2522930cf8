import { and, eq, inArray, sql } from 'drizzle-orm';
import { schema, type Db } from '@milli/db';
import { DomainError } from '../domain-error.ts';

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
  const keyOf = (limit: Limit, subject: string) => `${limit.name}:${subject.toLowerCase().slice(0, 200)}`;
  const windowOf = (limit: Limit) => {
    const at = now().getTime();
    return new Date(at - (at % limit.windowMs));
  };
  return {
    /** `tx` may be a transaction: a refusal then rolls back its own count, which stays past the allowance. */
    async take(limit: Limit, subject: string, tx: Db = db): Promise<void> {
      const windowStart = windowOf(limit);
      const key = keyOf(limit, subject);
      const [row] = await tx
        .insert(schema.rateLimitHits)
        .values({ key, windowStart, count: 1 })
        .onConflictDoUpdate({
          target: [schema.rateLimitHits.key, schema.rateLimitHits.windowStart],
          set: { count: sql`${schema.rateLimitHits.count} + 1` },
        })
        .returning({ count: schema.rateLimitHits.count });
      if ((row?.count ?? 0) > limit.max) throw new DomainError('RATE_LIMITED', limit.message);
    },
    /**
     * Hands back an attempt `take` counted, for limits that count failures: the attempt is counted before
     * the check (so attempts racing each other cannot all pass a count read before any was added) and
     * handed back once it turned out not to be a failure.
     */
    async giveBack(limit: Limit, subject: string): Promise<void> {
      const t = schema.rateLimitHits;
      await db
        .update(t)
        .set({ count: sql`greatest(${t.count} - 1, 0)` })
        .where(and(eq(t.key, keyOf(limit, subject)), eq(t.windowStart, windowOf(limit))));
    },
    /** Forgets every window of these limits for the subject (a reset by e-mail lifts a login lock). `tx` may be a transaction. */
    async clear(limits: readonly Limit[], subject: string, tx: Db = db): Promise<void> {
      const t = schema.rateLimitHits;
      await tx.delete(t).where(inArray(t.key, limits.map((limit) => keyOf(limit, subject))));
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
