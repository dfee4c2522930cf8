import type { Db } from '@milli/db';
import { pruneRateLimits } from '../../plugins/rate-limit.ts';
import { pruneSessions } from '../../plugins/session.ts';
import { staffSessions } from '../../plugins/staff.ts';
import { prunePhoneCodes, pruneResets } from '../accounts/service.ts';
import { pruneMail } from '../mail/service.ts';
import { pruneMessages } from '../messages/service.ts';
import { housekeepingRepository, type SweepCounts, type SweepCutoffs } from './repository.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * How long each kind of row is kept once it is of no more use (decision 025). Nothing here is needed
 * after its keep time: a session past its expiry never logs anyone in, a rate-limit window is at most an
 * hour long, a reset code lives ten minutes, and a sent mail's copy is only for questions soon after.
 */
export const KEEP = {
  /** Past its expiry a session is refused anyway. */
  expiredSessionMs: 0,
  /** The longest limit window is an hour; a day leaves room for any window added later. */
  rateWindowMs: DAY_MS,
  /** A code or verified reset is dead after ten minutes; a day keeps it for a support question. */
  passwordResetMs: DAY_MS,
  /** Sent mail: 30 days for "I never got the e-mail". Failed mail stays for staff to look into. */
  sentMailMs: 30 * DAY_MS,
  /** SMS and WhatsApp messages the provider took: the same 30 days as mail (decision 057). Failed ones stay. */
  sentMessageMs: 30 * DAY_MS,
  /** A message with an opt-out link: a year, its values blanked after 30 days, so the link in an old SMS still works. */
  optOutLinkMs: 365 * DAY_MS,
} as const;

export function cutoffsAt(now: Date): SweepCutoffs {
  const t = now.getTime();
  return {
    sessionsExpiredBefore: new Date(t - KEEP.expiredSessionMs),
    rateWindowsBefore: new Date(t - KEEP.rateWindowMs),
    resetsExpiredBefore: new Date(t - KEEP.passwordResetMs),
    mailSentBefore: new Date(t - KEEP.sentMailMs),
    messagesSentBefore: new Date(t - KEEP.sentMessageMs),
    optOutLinksSentBefore: new Date(t - KEEP.optOutLinkMs),
  };
}

export type SweepResult = { ran: true; deleted: SweepCounts } | { ran: false; reason: 'running-here' | 'running-elsewhere' };

export interface HousekeeperOptions {
  now?: () => Date;
  log?: { info(obj: object, msg: string): void };
}

/**
 * Deletes what the store no longer needs: the queue `housekeeping.sweep`, hourly (queues.ts; tests call run()). The
 * database lock lets one run at a time do it, and a run still going here is never overlapped by another. Deleting
 * what is past its keep time is idempotent: a job run twice finds nothing more to delete.
 */
export function createHousekeeper(db: Db, options: HousekeeperOptions) {
  const now = options.now ?? (() => new Date());
  let running = false;

  async function run(): Promise<SweepResult> {
    if (running) return { ran: false, reason: 'running-here' };
    running = true;
    try {
      const cutoffs = cutoffsAt(now());
      // Each table's owner deletes its own rows, one after another in the lock's transaction.
      const deleted = await housekeepingRepository(db).sweep(async (tx): Promise<SweepCounts> => ({
        sessions: await pruneSessions(tx, cutoffs.sessionsExpiredBefore),
        rateLimitHits: await pruneRateLimits(tx, cutoffs.rateWindowsBefore),
        passwordResets: await pruneResets(tx, cutoffs.resetsExpiredBefore),
        phoneCodes: await prunePhoneCodes(tx, cutoffs.resetsExpiredBefore),
        sentMail: await pruneMail(tx, cutoffs.mailSentBefore),
        sentMessages: await pruneMessages(tx, cutoffs.messagesSentBefore, cutoffs.optOutLinksSentBefore),
        staffSessions: await staffSessions(tx).prune(cutoffs.sessionsExpiredBefore),
      }));
      if (!deleted) return { ran: false, reason: 'running-elsewhere' };
      options.log?.info({ deleted }, 'housekeeping done');
      return { ran: true, deleted };
    } finally {
      running = false;
    }
  }

  return { run };
}

export type Housekeeper = ReturnType<typeof createHousekeeper>;
