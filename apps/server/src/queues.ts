/**
 * Every background job of the store, one queue each (decision 042): what runs it, when, and how it is retried. The
 * composition root (app.ts) builds the pieces and hands them here; the job engine (lib/jobs.ts) runs the queues on
 * every instance, each job once across all of them, and the back office's Jobs screen (modules/jobs) shows them.
 *
 * Times are India's (Asia/Kolkata). Retries wait about retryDelay·2^(n-1) to retryDelay·2^n seconds before attempt
 * n+1 (pg-boss's backoff with jitter); a job whose retries are spent stays `failed` with its error for a week.
 */
import type { JobEngine } from './lib/jobs.ts';
import type { AppointmentKeeper } from './modules/appointments/keeper.ts';
import type { HarvestKeeper } from './modules/harvest/keeper.ts';
import type { Housekeeper } from './modules/housekeeping/service.ts';
import type { Mailer, MailJob } from './modules/mail/sender.ts';
import type { MessageJob, Messenger } from './modules/messages/sender.ts';
import type { PaymentKeeper } from './modules/payments/keeper.ts';
import type { RateLockKeeper } from './modules/rate-locks/keeper.ts';
import type { MetalKeeper } from './modules/metal-accounts/keeper.ts';

/** The queues' names, as jobs, logs and the Jobs screen call them. */
export const QUEUE = {
  paymentsReconcile: 'payments.reconcile',
  harvestDaily: 'harvest.daily',
  rateLocksEnd: 'rate-locks.end',
  metalExpire: 'metal-accounts.expire',
  catalogSales: 'catalog.sales',
  appointmentsRemind: 'appointments.remind',
  housekeepingSweep: 'housekeeping.sweep',
  mailFlush: 'mail.flush',
  mailSend: 'mail.send',
  messagesFlush: 'messages.flush',
  messagesSend: 'messages.send',
  cdnPurge: 'cdn.purge',
  backupNightly: 'backup.nightly',
} as const;

/** A burst of catalogue changes becomes one purge this long after the first (the queue holds one waiting purge). */
export const CDN_PURGE_DELAY_SECONDS = 10;

export interface StoreWork {
  payments: PaymentKeeper;
  harvest: HarvestKeeper;
  /** Issue 42: rate locks whose period is over end, their unused advance refunded or kept. */
  rateLocks: RateLockKeeper;
  /** Issue 42: metal account credits past their 365 days expire into the ledger. */
  metal: MetalKeeper;
  appointments: AppointmentKeeper;
  housekeeper: Housekeeper;
  /** The catalogue's stored sale cuts brought to the day's sales (the catalogue service's applySales). */
  sales: { applySales(): Promise<number> };
  mailer: Pick<Mailer, 'deliver' | 'handOver'>;
  /** The SMS and WhatsApp outbox's sender (decision 057). */
  messenger: Pick<Messenger, 'deliver' | 'handOver'>;
  /** The CDN purge (CDN_PURGE_URL): the `cdn.purge` queue exists only with it. */
  purgeCdn?: (() => Promise<void>) | undefined;
  /**
   * The nightly backup to the bucket (lib/backup.ts's `backupToBucket`, connected by the composition root where
   * backups are configured): the `backup.nightly` queue and its schedule exist only when it is given.
   */
  nightlyBackup?: (() => Promise<unknown>) | undefined;
}

/** Defines the store's queues on the engine (before it starts). */
export function defineQueues(jobs: JobEngine, work: StoreWork): void {
  // Unpaid orders lapse, lost webhooks are made good, unprocessed refunds are sent again. Every minute; a failed run is
  // retried twice within the minute, and the next minute's run comes anyway.
  jobs.define(QUEUE.paymentsReconcile, () => work.payments.run(), { retryLimit: 2, retryDelaySeconds: 10, expireInSeconds: 10 * 60 });
  jobs.schedule(QUEUE.paymentsReconcile, '* * * * *', { label: 'Every minute' });

  // Harvest plans mature and instalment reminders go out: each morning at 6:30, before customers wake; a morning missed
  // while every instance was down is run when one is back.
  jobs.define(QUEUE.harvestDaily, () => work.harvest.run(), { retryLimit: 4, retryDelaySeconds: 5 * 60, expireInSeconds: 30 * 60 });
  jobs.schedule(QUEUE.harvestDaily, '30 6 * * *', { label: 'Daily at 6:30 am', missed: 'once' });

  // Rate locks whose period is over end (issue 42): hourly, so a lock ends within the hour after its last moment; its unused
  // advance is refunded once (the refund's key is the lock's) or kept. An hour missed while every instance was down is run
  // when one is back.
  jobs.define(QUEUE.rateLocksEnd, () => work.rateLocks.run(), { retryLimit: 3, retryDelaySeconds: 5 * 60, expireInSeconds: 30 * 60 });
  jobs.schedule(QUEUE.rateLocksEnd, '40 * * * *', { label: 'Hourly, at 40 past', missed: 'once' });

  // Metal account credits past their 365 days expire (issue 42): hourly, each credit once under its row lock; a credit is
  // never usable after its moment whatever the job's delay (checkout and buy-back read expires_at).
  jobs.define(QUEUE.metalExpire, () => work.metal.run(), { retryLimit: 3, retryDelaySeconds: 5 * 60, expireInSeconds: 30 * 60 });
  jobs.schedule(QUEUE.metalExpire, '50 * * * *', { label: 'Hourly, at 50 past', missed: 'once' });

  // Sales begin and end by date: the price the listings filter and sort by follows them at each Indian day's start (and
  // once at server start, app.ts). A midnight missed while every instance was down is run when one is back.
  jobs.define(QUEUE.catalogSales, () => work.sales.applySales(), { retryLimit: 5, retryDelaySeconds: 60, expireInSeconds: 10 * 60 });
  jobs.schedule(QUEUE.catalogSales, '0 0 * * *', { label: 'Daily at midnight, and at start', missed: 'once' });

  // Tomorrow's appointments are reminded: hourly, so a reminder goes out within the hour after the day before begins.
  jobs.define(QUEUE.appointmentsRemind, () => work.appointments.run(), { retryLimit: 3, retryDelaySeconds: 2 * 60, expireInSeconds: 10 * 60 });
  jobs.schedule(QUEUE.appointmentsRemind, '5 * * * *', { label: 'Hourly, at 5 past', missed: 'once' });

  // Expired sessions, old rate-limit windows, dead reset codes and old sent mail go (decision 025): hourly.
  jobs.define(QUEUE.housekeepingSweep, () => work.housekeeper.run(), { retryLimit: 2, retryDelaySeconds: 5 * 60, expireInSeconds: 15 * 60 });
  jobs.schedule(QUEUE.housekeepingSweep, '17 * * * *', { label: 'Hourly, at 17 past' });

  // The outbox is handed to mail.send jobs: every minute, and at once after a request queued mail (Mailer.kick). The
  // queue holds one waiting flush: a burst of kicks is one flush.
  jobs.define(QUEUE.mailFlush, () => work.mailer.handOver(), { policy: 'short', retryLimit: 2, retryDelaySeconds: 10, expireInSeconds: 2 * 60 });
  jobs.schedule(QUEUE.mailFlush, '* * * * *', { label: 'Every minute, and when mail is queued' });

  // One mail each (its row id and kind: never the address). Retried for about two hours (1, 2, 4 … 64 minutes); a mail
  // server's final refusal (5xx) fails it at once. One job per mail at a time (the singleton key mail-<id>).
  jobs.define<MailJob>(QUEUE.mailSend, (data, job) => work.mailer.deliver(data.mailId, job), {
    retryLimit: 7,
    retryDelaySeconds: 60,
    retryDelayMaxSeconds: 60 * 60,
    expireInSeconds: 5 * 60,
    concurrency: 2,
    describe: (data) => `mail ${data.mailId} (${data.kind})`,
  });

  // SMS and WhatsApp messages (decision 057), as mail: the outbox handed over every minute and when a request queued one.
  jobs.define(QUEUE.messagesFlush, () => work.messenger.handOver(), { policy: 'short', retryLimit: 2, retryDelaySeconds: 10, expireInSeconds: 2 * 60 });
  jobs.schedule(QUEUE.messagesFlush, '* * * * *', { label: 'Every minute, and when a message is queued' });

  // One message each (its row id and kind: never the number or a code). Retried for about an hour (30 s, 1, 2 … 16
  // minutes): a sign-in code later than that is no use. A provider's refusal (4xx) fails it at once.
  jobs.define<MessageJob>(QUEUE.messagesSend, (data, job) => work.messenger.deliver(data.messageId, job), {
    retryLimit: 6,
    retryDelaySeconds: 30,
    retryDelayMaxSeconds: 30 * 60,
    expireInSeconds: 2 * 60,
    concurrency: 2,
    describe: (data) => `message ${data.messageId} (${data.kind})`,
  });

  if (work.purgeCdn) {
    const purge = work.purgeCdn;
    // The CDN drops the shared pages after a catalogue change (decision 032).
    jobs.define(QUEUE.cdnPurge, () => purge(), { policy: 'short', retryLimit: 3, retryDelaySeconds: 30, expireInSeconds: 60 });
  }

  if (work.nightlyBackup) {
    const backup = work.nightlyBackup;
    // The database and uploads to the bucket: at 2:30 at night, the quietest hour; a night missed is run when an
    // instance is back. Retried after about 10, 20 and 40 minutes.
    jobs.define(QUEUE.backupNightly, () => backup(), { retryLimit: 3, retryDelaySeconds: 10 * 60, expireInSeconds: 2 * 60 * 60 });
    jobs.schedule(QUEUE.backupNightly, '30 2 * * *', { label: 'Nightly at 2:30 am', missed: 'once' });
  }
}
