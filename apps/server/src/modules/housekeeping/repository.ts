import { and, eq, lt, or, sql } from 'drizzle-orm';
import { schema, type Db } from '@milli/db';

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
}

export interface SweepCounts {
  sessions: number;
  rateLimitHits: number;
  passwordResets: number;
  sentMail: number;
  /** Back-office sessions past their idle or hard end (issue 17). */
  staffSessions: number;
}

/** Housekeeping's queries. */
export function housekeepingRepository(db: Db) {
  return {
    /**
     * In one transaction: take the housekeeping lock without waiting, and if it was free, delete what is
     * past its keep time. Null when another instance holds the lock (it is sweeping right now).
     */
    async sweep(cutoffs: SweepCutoffs): Promise<SweepCounts | null> {
      return db.transaction(async (tx) => {
        const result = await tx.execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(${sql.raw(HOUSEKEEPING_LOCK.toString())}) as locked`);
        const rows = Array.isArray(result) ? result : (result as { rows: { locked: boolean }[] }).rows;
        if (rows[0]?.locked !== true) return null;
        // A delete on sessions tells every instance to forget the sessions it keeps (migration 0005), even
        // when it deletes nothing: ask first, so a quiet hour costs no instance its session cache.
        const anyExpired = await tx
          .select({ k: schema.sessions.tokenHash })
          .from(schema.sessions)
          .where(lt(schema.sessions.expiresAt, cutoffs.sessionsExpiredBefore))
          .limit(1);
        const sessions =
          anyExpired.length === 0
            ? []
            : await tx.delete(schema.sessions).where(lt(schema.sessions.expiresAt, cutoffs.sessionsExpiredBefore)).returning({ id: schema.sessions.tokenHash });
        const hits = await tx
          .delete(schema.rateLimitHits)
          .where(lt(schema.rateLimitHits.windowStart, cutoffs.rateWindowsBefore))
          .returning({ key: schema.rateLimitHits.key });
        const resets = await tx
          .delete(schema.passwordResets)
          .where(lt(schema.passwordResets.expiresAt, cutoffs.resetsExpiredBefore))
          .returning({ id: schema.passwordResets.id });
        const mail = await tx
          .delete(schema.mailOutbox)
          .where(and(eq(schema.mailOutbox.status, 'sent'), lt(schema.mailOutbox.sentAt, cutoffs.mailSentBefore)))
          .returning({ id: schema.mailOutbox.id });
        const staffSessions = await tx
          .delete(schema.staffSessions)
          .where(or(lt(schema.staffSessions.expiresAt, cutoffs.sessionsExpiredBefore), lt(schema.staffSessions.idleExpiresAt, cutoffs.sessionsExpiredBefore)))
          .returning({ id: schema.staffSessions.tokenHash });
        return {
          sessions: sessions.length,
          rateLimitHits: hits.length,
          passwordResets: resets.length,
          sentMail: mail.length,
          staffSessions: staffSessions.length,
        };
      });
    },
  };
}
