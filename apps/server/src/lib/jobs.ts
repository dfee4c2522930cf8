/**
 * The store's job engine (decision 042): pg-boss over the store's own database, one engine per instance. Work that
 * happens away from a request (payment reconciliation, Harvest, reminders, mail, housekeeping, CDN purges, the
 * nightly backup) is a job in a named queue: retried with exponential backoff when it throws, left in pg-boss's
 * `failed` state with its error when its retries are spent (the back office's Jobs screen shows it), and run once
 * across all instances, whether it was sent or comes from a schedule.
 *
 * On PostgreSQL the engine opens a small pool of its own to DATABASE_URL and keeps its tables in the schema `pgboss`;
 * on the embedded PGlite it shares the one PGlite through pg-boss's adapter (same schema). pg-boss creates and
 * migrates that schema itself at start.
 *
 *   const jobs = createJobEngine({ database, databaseUrl, log });
 *   jobs.define('mail.send', (data, job) => deliver(data.mailId), { retryLimit: 7, retryDelaySeconds: 60, expireInSeconds: 300 });
 *   jobs.schedule('payments.reconcile', '* * * * *');
 *   await jobs.start();                        // creates the queues, their schedules and this instance's workers
 *   await jobs.send('cdn.purge', {}, { startAfterSeconds: 10 });
 *   await jobs.stop();                         // graceful: waits for the jobs running here (SIGTERM's drain)
 *
 * An engine made with `mode: 'inline'` (tests, where ~100 files build the app and none should wait for pg-boss) never
 * touches pg-boss: `send` runs the queue's handler here at once, one attempt, its failure logged; schedules are kept
 * for the record only; tests call the keepers' run() themselves.
 */
import { PgBoss, fromPglite, type Db as JobsDb, type JobWithMetadata, type PGliteLike, type QueuePolicy } from 'pg-boss';
import type { Database } from '@milli/db';

/** Where pg-boss keeps its tables, on PostgreSQL and on PGlite alike. */
export const JOBS_SCHEMA = 'pgboss';

/** India keeps one time zone and no daylight saving: schedules read as the shop's clock. */
export const SHOP_TIME_ZONE = 'Asia/Kolkata';

export interface QueueOptions<T> {
  /** Attempts after the first before the job lands `failed`. */
  retryLimit: number;
  /** Seconds before the first retry; with backoff each next waits about twice as long (pg-boss adds jitter). */
  retryDelaySeconds: number;
  /** The longest wait between two attempts, in seconds. */
  retryDelayMaxSeconds?: number;
  /** Seconds a run may take before the engine counts it as failed (and retries it). */
  expireInSeconds: number;
  /**
   * pg-boss's queue policy. 'exclusive' (the default): at most one job of the queue, or of one singletonKey, waiting
   * or running at a time, so a scheduled job never piles up behind a slow one. 'short': at most one waiting (a burst
   * of sends becomes one job), one more may run meanwhile.
   */
  policy?: Extract<QueuePolicy, 'standard' | 'exclusive' | 'short' | 'singleton'>;
  /** How many of the queue's jobs this instance runs at once (1). */
  concurrency?: number;
  /** What the back office may show of a job's data: an id and a kind, never an address, a name or an amount. */
  describe?: (data: T) => string;
}

/** A queue as it was defined: for the Jobs screen. */
export interface QueueDefinition {
  name: string;
  retryLimit: number;
  retryDelaySeconds: number;
  retryDelayMaxSeconds: number | null;
  expireInSeconds: number;
  policy: string;
  schedule: { cron: string; tz: string; label: string } | null;
  describe: (data: unknown) => string;
}

export interface RunningJob {
  id: string;
  /** 1 for the first run, 2 for the first retry … */
  attempt: number;
  /** This run is the queue's last attempt: if it fails, the job lands `failed`. */
  finalAttempt: boolean;
  /** Aborted when the engine stops without waiting any longer. */
  signal: AbortSignal;
}

export type JobHandler<T> = (data: T, job: RunningJob) => Promise<unknown>;

/**
 * A failure no retry can mend (a mail server refusing the recipient, 5xx): the job lands `failed` at once, with this
 * message, instead of trying again later.
 */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobError';
  }
}

/** Speeds for tests that run the engine: the defaults suit production. */
export interface JobEngineTuning {
  /** Seconds between a worker's looks for a job when no notification woke it (2). */
  pollingSeconds?: number;
  /** Seconds between the schedule checks (30; pg-boss's own claim makes one instance send each occurrence). */
  cronSeconds?: number;
  /** Seconds a graceful stop waits for running jobs (30). */
  stopTimeoutSeconds?: number;
}

export interface JobEngineOptions {
  database: Pick<Database, 'kind' | 'db'>;
  /** DATABASE_URL: on PostgreSQL the engine opens its own pool there. */
  databaseUrl: string | undefined;
  /** 'engine' (pg-boss, started by start()) or 'inline' (tests: a sent job runs here at once, no pg-boss at all). */
  mode: 'engine' | 'inline';
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  tuning?: JobEngineTuning;
}

export interface SendOptions {
  /** With the queue's policy: one job per key waiting (or running) at a time; a second send is dropped (null). */
  singletonKey?: string;
  /** Run no earlier than this many seconds from now. */
  startAfterSeconds?: number;
}

export interface JobEngine {
  /** Adds a queue and its handler; before start(). */
  define<T>(queue: string, handler: JobHandler<T>, options: QueueOptions<T>): void;
  /**
   * Sends the queue a job on a cron expression (in India's time by default; `label` says it in words for the Jobs
   * screen); `missed: 'once'` sends one job for occurrences missed while no instance ran. Before start().
   */
  schedule(queue: string, cron: string, options: { label: string; tz?: string; missed?: 'skip' | 'once' }): void;
  /** Queues a job: its id, or null when the queue's policy dropped it as a duplicate. */
  send(queue: string, data?: object | null, options?: SendOptions): Promise<string | null>;
  /** Starts pg-boss (its schema, the queues, their schedules, this instance's workers). */
  start(): Promise<void>;
  /** Graceful: takes no new job, waits for the jobs running here (up to the stop timeout), closes the engine's pool. */
  stop(): Promise<void>;
  /** pg-boss is started here (false in inline mode). */
  readonly running: boolean;
  readonly mode: 'engine' | 'inline';
  /** The queues defined here, in the order they were defined. */
  queues(): readonly QueueDefinition[];
  queue(name: string): QueueDefinition | undefined;
  /** Moves a failed job back to waiting, due now, for one more attempt, on the given connection (the caller's transaction). */
  retry(queue: string, id: string, db: JobsDb): Promise<boolean>;
  /** Deletes a job, on the given connection (the caller's transaction). */
  discard(queue: string, id: string, db: JobsDb): Promise<boolean>;
}

interface Defined {
  handler: JobHandler<unknown>;
  options: QueueOptions<unknown>;
  schedule: { cron: string; tz: string; missed: 'skip' | 'once'; label: string } | null;
}

/** A failure's message as the job keeps it: first line, no e-mail address (a mail server's answer names them: issue 35). */
export function jobErrorMessage(error: unknown): string {
  const raw = error instanceof Error ? error.message : String(error);
  return (
    raw
      .replace(/[^\s<>()[\]"',;:]+@[^\s<>()[\]"',;:]+/g, '~')
      .split('\n')[0]!
      .slice(0, 500) || 'failed'
  );
}

export function createJobEngine(options: JobEngineOptions): JobEngine {
  const defined = new Map<string, Defined>();
  const tuning = options.tuning ?? {};
  let boss: PgBoss | null = null;
  let running = false;
  let starting: Promise<void> | null = null;
  let stopping: Promise<void> | null = null;
  /** Inline runs not yet finished (inline mode), awaited by stop(). */
  const inline = new Set<Promise<unknown>>();
  const stopped = new AbortController();

  function definitionOf(name: string, entry: Defined): QueueDefinition {
    return {
      name,
      retryLimit: entry.options.retryLimit,
      retryDelaySeconds: entry.options.retryDelaySeconds,
      retryDelayMaxSeconds: entry.options.retryDelayMaxSeconds ?? null,
      expireInSeconds: entry.options.expireInSeconds,
      policy: entry.options.policy ?? 'exclusive',
      schedule: entry.schedule ? { cron: entry.schedule.cron, tz: entry.schedule.tz, label: entry.schedule.label } : null,
      describe: (data) => (entry.options.describe && data ? entry.options.describe(data as never) : 'no data'),
    };
  }

  function must(queue: string): Defined {
    const entry = defined.get(queue);
    if (!entry) throw new Error(`No job queue named ${queue}`);
    return entry;
  }

  function makeBoss(): PgBoss {
    const common = {
      schema: JOBS_SCHEMA,
      // Workers wake when a job is sent (LISTEN/NOTIFY: PGlite in process, PostgreSQL on one connection of its own)
      // and poll as a backstop.
      useListenNotify: true,
      cronMonitorIntervalSeconds: tuning.cronSeconds ?? 30,
      cronWorkerIntervalSeconds: Math.min(5, tuning.cronSeconds ?? 5),
      instanceName: 'milli',
    };
    if (options.database.kind === 'pglite') {
      const client = (options.database.db as unknown as { $client: PGliteLike }).$client;
      return new PgBoss({ ...common, db: fromPglite(client), backend: 'pglite' });
    }
    if (!options.databaseUrl) throw new Error('The job engine needs DATABASE_URL to open its own connections to PostgreSQL.');
    return new PgBoss({ ...common, connectionString: options.databaseUrl, max: 4, application_name: 'milli-jobs' });
  }

  async function work(b: PgBoss, name: string, entry: Defined) {
    const { handler, options: queue } = entry;
    const polling = tuning.pollingSeconds ?? 2;
    // Woken by a notification when a job is sent, a worker polls as a backstop: for a retry or a delayed job coming
    // due, which no notification announces (every 10 s; tests that tune the polling poll that often).
    const backstop = tuning.pollingSeconds ?? 10;
    await b.work(
      name,
      {
        includeMetadata: true,
        perJobResults: true,
        batchSize: 1,
        localConcurrency: queue.concurrency ?? 1,
        pollingIntervalSeconds: polling,
        notifyPollingIntervalSeconds: backstop,
      },
      async (batch: JobWithMetadata<unknown>[]) => {
        const results = [];
        for (const job of batch) {
          const attempt = job.retryCount + 1;
          try {
            const output = await handler(job.data, {
              id: job.id,
              attempt,
              finalAttempt: job.retryCount >= job.retryLimit,
              signal: AbortSignal.any([job.signal, stopped.signal]),
            });
            results.push({ id: job.id, status: 'completed' as const, output: output && typeof output === 'object' ? output : { result: output ?? null } });
          } catch (error) {
            const message = jobErrorMessage(error);
            const permanent = error instanceof PermanentJobError;
            const last = permanent || job.retryCount >= job.retryLimit;
            options.log[last ? 'error' : 'warn'](
              { queue: name, jobId: job.id, attempt, err: message },
              last ? 'job failed for good' : 'job failed; it will be retried',
            );
            // Only the message: a stack names the server's files, and the back office shows this.
            results.push({ id: job.id, status: permanent ? ('deadletter' as const) : ('failed' as const), output: { message } });
          }
        }
        return results;
      },
    );
  }

  async function startEngine() {
    const started = performance.now();
    const b = makeBoss();
    b.on('error', (error: Error) => options.log.error({ err: jobErrorMessage(error) }, 'job engine error'));
    b.on('warning', (warning: { message: string }) => options.log.warn({ warning: warning.message }, 'job engine warning'));
    await b.start();
    for (const [name, entry] of defined) {
      const q = entry.options;
      const queueOptions = {
        policy: q.policy ?? 'exclusive',
        retryLimit: q.retryLimit,
        retryDelay: q.retryDelaySeconds,
        retryBackoff: true,
        ...(q.retryDelayMaxSeconds ? { retryDelayMax: q.retryDelayMaxSeconds } : {}),
        expireInSeconds: q.expireInSeconds,
        // A finished job (done or failed) stays a week: the Jobs screen shows a failure that long.
        deleteAfterSeconds: 7 * 24 * 3600,
        notify: true,
      };
      // Made if missing (pg-boss does nothing to a queue that exists); then its options follow the code, all but the
      // policy, which pg-boss fixes when the queue is made.
      await b.createQueue(name, queueOptions);
      const { policy: _policy, ...rest } = queueOptions;
      await b.updateQueue(name, rest);
    }
    for (const [name, entry] of defined) {
      if (entry.schedule) await b.schedule(name, entry.schedule.cron, null, { tz: entry.schedule.tz, missed: entry.schedule.missed });
    }
    for (const [name, entry] of defined) await work(b, name, entry);
    boss = b;
    running = true;
    options.log.info({ queues: defined.size, ms: Math.round(performance.now() - started) }, 'job engine started');
  }

  function runInline(queue: string, data: unknown) {
    const entry = must(queue);
    const run = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => entry.handler(data, { id: 'inline', attempt: 1, finalAttempt: true, signal: stopped.signal }))
      .catch((error: unknown) => options.log.warn({ queue, err: jobErrorMessage(error) }, 'inline job failed'))
      .finally(() => inline.delete(run));
    inline.add(run);
  }

  return {
    mode: options.mode,
    get running() {
      return running;
    },
    define(queue, handler, queueOptions) {
      if (defined.has(queue)) throw new Error(`The job queue ${queue} is defined twice`);
      if (starting) throw new Error(`The job queue ${queue} is defined after the engine started`);
      defined.set(queue, { handler: handler as JobHandler<unknown>, options: queueOptions as QueueOptions<unknown>, schedule: null });
    },
    schedule(queue, cron, scheduleOptions) {
      must(queue).schedule = { cron, tz: scheduleOptions.tz ?? SHOP_TIME_ZONE, missed: scheduleOptions.missed ?? 'skip', label: scheduleOptions.label };
    },
    async send(queue, data = null, sendOptions = {}) {
      must(queue);
      if (options.mode === 'inline') {
        if (!stopping) runInline(queue, data);
        return null;
      }
      if (starting) await starting;
      if (!boss || !running) throw new Error(`The job engine is not running: ${queue} cannot be sent`);
      return boss.send(queue, data, {
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
        ...(sendOptions.startAfterSeconds ? { startAfter: sendOptions.startAfterSeconds } : {}),
      });
    },
    start() {
      if (options.mode === 'inline') return Promise.resolve();
      starting ??= startEngine();
      return starting;
    },
    stop() {
      stopping ??= (async () => {
        if (starting) await starting.catch(() => undefined);
        const timeout = (tuning.stopTimeoutSeconds ?? 30) * 1000;
        if (boss) {
          const b = boss;
          running = false;
          // Graceful: no new job is fetched, and the jobs running here finish (a job still running at the timeout
          // is aborted and counts as a failed attempt, to be retried by whichever instance is up).
          await b.stop({ graceful: true, timeout, close: true });
        }
        stopped.abort();
        await Promise.allSettled([...inline]);
      })();
      return stopping;
    },
    queues: () => [...defined].map(([name, entry]) => definitionOf(name, entry)),
    queue(name) {
      const entry = defined.get(name);
      return entry ? definitionOf(name, entry) : undefined;
    },
    async retry(queue, id, db) {
      if (!boss || !running) throw new Error('The job engine is not running here');
      const answer = (await boss.retry(queue, id, { db })) as { affected?: number };
      if ((answer.affected ?? 0) === 0) return false;
      // pg-boss keeps the wait the next retry would have had (up to an hour for a mail): asked by a person, it runs now.
      await boss.update(queue, undefined, { id, startAfter: new Date(), db });
      return true;
    },
    async discard(queue, id, db) {
      if (!boss || !running) throw new Error('The job engine is not running here');
      const answer = (await boss.deleteJob(queue, id, { db })) as { affected?: number };
      return (answer.affected ?? 0) > 0;
    },
  };
}
