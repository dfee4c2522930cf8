/**
 * What the app is built from (AppDeps) and what every API module is registered with (ModuleDeps): the
 * composition root (app.ts, with the shared services of services.ts) fills them in; modules import only this file,
 * never app.ts or services.ts (decision 027).
 */
import type { Database } from '@milli/db';
import type { Config } from './config.ts';
import type { JobEngine } from './lib/jobs.ts';
import type { FileStore } from './lib/storage.ts';
import type { Mailer } from './modules/mail/sender.ts';
import type { Messenger } from './modules/messages/sender.ts';
import type { PaymentGateway } from './modules/payments/gateway.ts';
import type { PaymentService } from './modules/payments/service.ts';
import type { RateLimiter } from './plugins/rate-limit.ts';
import type { ReadCache } from './plugins/read-cache.ts';
import type { Services } from './services.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  /** The payment gateway; by default the one the configuration names (tests pass their own). */
  gateway?: PaymentGateway;
  /** Where the log goes instead of standard output (tests read it). */
  logStream?: { write(line: string): void };
  /** The nightly backup (lib/backup.ts's backupToBucket): given, the job queue `backup.nightly` runs it at night (queues.ts). */
  nightlyBackup?: () => Promise<unknown>;
}

/** What every API module is registered with: the app's dependencies and its shared services. */
export interface ModuleDeps extends AppDeps {
  limiter: RateLimiter;
  /** What every visitor sees alike, kept until the database announces a change (decision 017). */
  readCache: ReadCache;
  /** Sessions read from the database, kept until one is ended or changed (plugins/session.ts). */
  sessionCache: ReadCache;
  mailer: Mailer;
  /** The SMS and WhatsApp outbox's sender (decision 057): kick() after a commit that queued a message. */
  messenger: Messenger;
  /** The job engine: the Jobs screen reads and retries its jobs (modules/jobs). */
  jobs: JobEngine;
  /** Where uploaded files are kept: the data folder or an S3-compatible bucket (lib/storage.ts). */
  files: FileStore;
  /** Payments through the gateway; each purchase module registers what its payment settles (issue 18). */
  payments: PaymentService;
  /**
   * The services the modules share, built once by the composition root (services.ts): the settings, the catalogue, the
   * cart, the wish list, and what one module is handed of another it may not import (an order's returns, a made piece's
   * request following its order). The settings desk reprices the catalogue through `services.catalog.reprice`, login
   * merges a guest's cart and wish list through `services.cart.mergeGuest` and `services.wishlist.mergeGuest`.
   */
  services: Services;
}
