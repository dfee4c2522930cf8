import { sql } from 'drizzle-orm';
import type { Db } from '@milli/db';

/**
 * The advisory lock every instance asks for before sweeping: any fixed 64-bit number the store uses for
 * nothing else ('milli-hk' in ASCII). Taken per transaction, so it is let go when the sweep commits or
 * fails, and never left behind by an instance that dies mid-sweep.
 */
export const HOUSEKEEPING_LOCK = 0x6d696c6c692d686bn;

export interface SweepCutoffs {
  /** Sessions that expired before this can never be used again. */
  sessionsExpiredBefore: Date;
  /** Rate-limit windows that started before this no longer count towards any limit. */
  rateWindowsBefore: Date;
  /** Reset codes (used or not) whose life ended before this. */
  resetsExpiredBefore: Date;
  /** Mail sent before this. */
  mailSentBefore: Date;
  /** SMS and WhatsApp messages sent before this. */
  messagesSentBefore: Date;
  /** A message with an opt-out link sent before this (its row is kept longer, so the link works). */
  optOutLinksSentBefore: Date;
}

export interface SweepCounts {
  sessions: number;
  rateLimitHits: number;
  passwordResets: number;
  /** Codes sent to mobile numbers, a day after their ten minutes ended (decision 058). */
  phoneCodes: number;
  sentMail: number;
  /** SMS and WhatsApp messages the provider took, 30 days on (decision 057). */
  sentMessages: number;
  /** Back-office sessions past their idle or hard end (issue 17). */
  staffSessions: number;
}

/** Housekeeping's one query of its own: the lock that lets one instance sweep at a time. */
export function housekeepingRepository(db: Db) {
  return {
    /**
     * In one transaction: take the housekeeping lock without waiting, and if it was free, let each table's owner delete
     * what is past its keep time (issue 36: each module prunes its own rows). Null when another instance holds the lock.
     */
    async sweep<T>(work: (tx: Db) => Promise<T>): Promise<T | null> {
      return db.transaction(async (tx) => {
        const result = await tx.execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(${sql.raw(HOUSEKEEPING_LOCK.toString())}) as locked`);
        const rows = Array.isArray(result) ? result : (result as { rows: { locked: boolean }[] }).rows;
        if (rows[0]?.locked !== true) return null;
        return work(tx);
      });
    },
  };
}
