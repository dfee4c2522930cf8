import type { Db } from '@milli/db';
import { DomainError } from '../domain-error.ts';
import { rateLimitRepository } from './rate-limit-repository.ts';

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
      const count = await rateLimitRepository(tx).hit(keyOf(limit, subject), windowOf(limit));
      if (count > limit.max) throw new DomainError('RATE_LIMITED', limit.message);
    },
    /**
     * Hands back an attempt `take` counted, for limits that count failures: the attempt is counted before
     * the check (so attempts racing each other cannot all pass a count read before any was added) and
     * handed back once it turned out not to be a failure.
     */
    async giveBack(limit: Limit, subject: string): Promise<void> {
      await rateLimitRepository(db).unhit(keyOf(limit, subject), windowOf(limit));
    },
    /** Forgets every window of these limits for the subject (a reset by e-mail lifts a login lock). `tx` may be a transaction. */
    async clear(limits: readonly Limit[], subject: string, tx: Db = db): Promise<void> {
      await rateLimitRepository(tx).forget(limits.map((limit) => keyOf(limit, subject)));
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
