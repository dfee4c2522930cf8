import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';
import { keptPlansClient } from './pg-plans.ts';
import { embeddedInUse } from './embedded-use.ts';
import { createReadReplica, type ReadReplica } from './replica.ts';

export type { ReadReplica } from './replica.ts';

export type Schema = typeof schema;
/** One type for both drivers: repositories never know which database they talk to. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  /**
   * For reads that tolerate a moment's lag (the catalogue, staff reports): a second, smaller pool on the read replica
   * (DATABASE_READ_URL), falling back to the primary while the replica is down or behind; the very same `db` when no
   * replica is configured, and on PGlite. A transaction begun on it runs on the primary.
   */
  read: Db;
  /** The read replica, when one is configured: the read cache waits on it before forgetting (issue 37). */
  replica: ReadReplica | null;
  kind: 'pglite' | 'postgres';
  /**
   * Applies the pending migrations. On PostgreSQL under a session-level advisory lock (MIGRATIONS_LOCK), so
   * instances starting together on one database apply each migration once: the first migrates, the others wait
   * for it and then find nothing left to do. `waiting` is called when another session holds the lock.
   */
  migrate(options?: MigrateOptions): Promise<void>;
  /**
   * Hears NOTIFY on a channel. PostgreSQL: on a connection of its own, opened again (after a second) when it
   * drops; `onListening(false)` says notifications may be missed until `onListening(true)`. Returns a stop function.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

export interface MigrateOptions {
  /** PostgreSQL: another instance is migrating; this one waits for it (called once, before waiting). */
  waiting?: () => void;
}

/**
 * The advisory lock migrations are applied under on PostgreSQL: any fixed 64-bit number the store uses for
 * nothing else ('milli-mg' in ASCII; housekeeping has 'milli-hk', the seed its own).
 */
export const MIGRATIONS_LOCK = 0x6d696c6c692d6d67n;

export interface ListenHandlers {
  onMessage(payload: string): void;
  onListening(listening: boolean): void;
}

/**
 * packages/db/migrations, found through the package itself (its entry is src/index.ts), so it is the same
 * folder whether this file runs from its source or bundled into the server's build.
 */
export const migrationsFolder = path.resolve(path.dirname(createRequire(import.meta.url).resolve('@milli/db')), '../migrations');

let migrationTimes: number[] | undefined;

/**
 * How many of this build's migrations the database has not applied: those newer than the newest in Drizzle's own
 * table (which is how its migrator decides), all of them when the table is not there yet. The health check asks it
 * until it answers 0.
 */
export async function pendingMigrations(db: Db): Promise<number> {
  migrationTimes ??= readMigrationFiles({ migrationsFolder }).map((m) => m.folderMillis);
  const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows);
  const [table] = rowsOf<{ present: boolean }>(await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`));
  if (!table?.present) return migrationTimes.length;
  const [newest] = rowsOf<{ last: string | number | null }>(await db.execute(sql`select max(created_at) as last from drizzle.__drizzle_migrations`));
  const last = newest?.last === null || newest?.last === undefined ? -Infinity : Number(newest.last);
  return migrationTimes.filter((when) => when > last).length;
}

export interface OpenOptions {
  /** postgres://… for a PostgreSQL server; otherwise PGlite. */
  databaseUrl?: string | undefined;
  /** Folder for PGlite's files; 'memory' keeps everything in memory (tests). */
  dataDir?: string;
  /** Largest pool for a PostgreSQL server. */
  poolSize?: number;
  /**
   * PGlite only: start from this dump of a data directory (PGlite's dumpDataDir) instead of an
   * empty cluster, in memory or in a new folder. Tests use a migrated template this way: loading it
   * is several times faster than initialising a new cluster and migrating it.
   */
  loadDataDir?: Blob;
  /** postgres://… of a streaming replica of `databaseUrl`'s server, for `read` (PostgreSQL only). */
  readUrl?: string | undefined;
  /** Largest pool for the replica. */
  readPoolSize?: number;
  /** How long a change may wait for the replica before reads leave it for the primary (tests shorten it). */
  replicaMaxWaitMs?: number;
}

export class DatabaseOpenError extends Error {}

/**
 * PostgreSQL settings the embedded database starts with, after PGlite's own (decision 043). PGlite keeps PostgreSQL's
 * shared memory inside its WebAssembly memory and touches all of it at start, and a WebAssembly memory never gives
 * memory back: PostgreSQL's default 128 MB of shared buffers (145 MB of shared memory) were 150-160 MB of the
 * server's resident memory from its first second, whatever the store held. 32 MB (42 MB of shared memory, about 50 MB
 * resident) hold the demo store's whole database (13 MB; 22 MB after the benchmark's orders) with room to spare; a
 * page that does not fit is read from the kernel's file cache, a system call away.
 */
const PGLITE_SETTINGS = ['shared_buffers=32MB'];

/** PGlite's start parameters with the store's settings: every place that opens the embedded database uses them. */
export function pgliteStartParams(defaults: readonly string[]): string[] {
  return [...defaults, ...PGLITE_SETTINGS.flatMap((setting) => ['-c', setting])];
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    // Statements that come again run on plans each connection keeps (decision 037).
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10, Client: keptPlansClient() });
    // An idle connection that the server ends (restart, failover, an administrator, a dropped test
    // database) is reported here; without a listener Node treats it as an uncaught error and the whole
    // store stops. The pool opens a fresh connection for the next query.
    pool.on('error', (error) => {
      console.warn(`PostgreSQL closed an idle connection: ${error.message}`);
    });
    try {
      const client = await pool.connect();
      client.release();
    } catch (error) {
      await pool.end().catch(() => {});
      throw new DatabaseOpenError(`cannot connect to PostgreSQL at ${redact(options.databaseUrl)}: ${(error as Error).message}`);
    }
    const db = drizzlePg(pool, { schema });
    let replica: (ReadReplica & { reader: pg.Pool }) | null = null;
    if (options.readUrl) {
      try {
        replica = await openReplica(pool, options.readUrl, options);
      } catch (error) {
        await pool.end().catch(() => {});
        throw error;
      }
    }
    return {
      db,
      read: replica ? drizzlePg(replica.reader, { schema }) : db,
      replica,
      kind: 'postgres',
      // Migrations run on the primary only: the replica replays them.
      migrate: (migrateOptions) => migratePgLocked(pool, migrateOptions),
      listen: (channel, handlers) => listenPg(options.databaseUrl!, channel, handlers),
      notify: async (channel, payload) => {
        await pool.query('select pg_notify($1, $2)', [channel, payload]);
      },
      close: async () => {
        await replica?.close();
        await pool.end();
      },
    };
  }
  const dir = options.dataDir ?? './data';
  // Loaded only when the embedded database is used: the module alone costs a server on PostgreSQL about 40 MB.
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }, { withKeptPlans }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
    import('./pglite-plans.ts'),
  ]);
  let client: PGlite;
  const pgliteOptions = {
    extensions: { pg_trgm },
    startParams: pgliteStartParams(PGlite.defaultStartParams),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  };
  try {
    if (dir === 'memory') {
      client = await PGlite.create(pgliteOptions);
    } else {
      const dbDir = path.resolve(dir, 'pglite');
      mkdirSync(dbDir, { recursive: true });
      // One user at a time: PGlite takes no lock, and a second process opening the folder would damage it (a staff
      // command run beside the server, a second server on the same DATA_DIR). A folder left open by a killed process
      // opens as after a crash; where this machine cannot tell who has it, it opens (a start must not be blocked).
      const use = await embeddedInUse(dbDir);
      if (use.state === 'open') {
        throw new DatabaseOpenError(
          `the embedded database in ${path.resolve(dir)} is open in process ${use.pids.join(', ')} (the server?): it has one user at a time; ` +
            'stop that process first, or use PostgreSQL (DATABASE_URL) to run more than one',
        );
      }
      client = await PGlite.create(dbDir, pgliteOptions);
    }
  } catch (error) {
    if (error instanceof DatabaseOpenError) throw error;
    throw new DatabaseOpenError(`cannot open the embedded database in ${path.resolve(dir)}: ${(error as Error).message}`);
  }
  // Statements that come again run on plans PGlite keeps (decision 037): planning was most of a statement's time.
  const db = drizzlePglite(withKeptPlans(client), { schema });
  return {
    db,
    read: db,
    replica: null,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    listen: async (channel, handlers) => {
      const unlisten = await client.listen(channel, (payload) => handlers.onMessage(payload));
      handlers.onListening(true);
      return async () => {
        handlers.onListening(false);
        if (!client.closed) await unlisten();
      };
    },
    notify: async (channel, payload) => {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    close: () => client.close(),
  };
}

/**
 * Drizzle's migrator under MIGRATIONS_LOCK, all on one connection of the pool: the lock is the session's, so
 * it is let go when the migrations are done or fail, and by PostgreSQL itself if this process dies holding it.
 * Drizzle's migrator takes no lock of its own: two instances at once would both create its table and apply
 * the same migration, and one of them fail.
 */
async function migratePgLocked(pool: pg.Pool, options: MigrateOptions = {}): Promise<void> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    const key = MIGRATIONS_LOCK.toString();
    const free = await client.query<{ locked: boolean }>(`select pg_try_advisory_lock(${key}) as locked`);
    if (!free.rows[0]?.locked) {
      options.waiting?.();
      await client.query(`select pg_advisory_lock(${key})`);
    }
    try {
      // The migrator runs its transaction on this very connection (a client, not the pool).
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query(`select pg_advisory_unlock(${key})`).catch((error: Error) => {
        broken = error;
      });
    }
  } catch (error) {
    broken ??= error as Error;
    throw error;
  } finally {
    // A connection that failed mid-way may still hold the lock: it is closed, not given back to the pool.
    client.release(broken);
  }
}

/**
 * The replica's pool, checked before anything else happens: it answers, it is a replica (in recovery), and of the
 * primary's own cluster (the same system identifier). Anything else stops the start with what is wrong and how to
 * fix it: a server that is not replaying the primary's changes would show shoppers another catalogue, and the read
 * cache could never tell when it has caught up with a change.
 */
async function openReplica(primary: pg.Pool, url: string, options: OpenOptions) {
  const pool = new pg.Pool({ connectionString: url, max: options.readPoolSize ?? 5, Client: keptPlansClient(), connectionTimeoutMillis: 3_000 });
  pool.on('error', () => {
    // An idle connection the replica ended (a restart): the next read opens another, or falls back to the primary.
  });
  let facts: { recovery: boolean; system: string };
  try {
    const { rows } = await pool.query<{ recovery: boolean; system: string }>(
      'select pg_is_in_recovery() as recovery, (select system_identifier::text from pg_control_system()) as system',
    );
    facts = rows[0]!;
  } catch (error) {
    await pool.end().catch(() => {});
    throw new DatabaseOpenError(`the read replica at DATABASE_READ_URL did not answer: ${(error as Error).message} (${redact(url)})`);
  }
  const problem = await (async () => {
    if (!facts.recovery)
      return `DATABASE_READ_URL (${redact(url)}) is not a replica: pg_is_in_recovery() is false there, so it would never replay the primary's changes`;
    const { rows } = await primary.query<{ system: string }>('select system_identifier::text as system from pg_control_system()');
    if (rows[0]!.system !== facts.system)
      return `DATABASE_READ_URL (${redact(url)}) is a replica of another server than DATABASE_URL's (system identifier ${facts.system}, the primary's is ${rows[0]!.system})`;
    return null;
  })();
  if (problem) {
    await pool.end().catch(() => {});
    throw new DatabaseOpenError(
      `${problem}. Point it at a streaming replica of DATABASE_URL's server (docs/operations.md, "A read replica"), or unset it to read from the primary`,
    );
  }
  return createReadReplica({ primary, replica: pool, ...(options.replicaMaxWaitMs !== undefined ? { maxWaitMs: options.replicaMaxWaitMs } : {}) });
}

const LISTEN_RETRY_MS = 1_000;

/** LISTEN on a dedicated connection, opened again after a second whenever it fails or drops. */
async function listenPg(url: string, channel: string, handlers: ListenHandlers): Promise<() => Promise<void>> {
  let current: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const lost = (client: pg.Client) => {
    if (current === client) current = null;
    handlers.onListening(false);
    if (!stopped && retry === undefined) {
      retry = setTimeout(() => {
        retry = undefined;
        void connect();
      }, LISTEN_RETRY_MS);
      retry.unref();
    }
  };

  async function connect() {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.onMessage(message.payload ?? '');
    });
    // Errors end the connection; 'end' starts the retry.
    client.on('error', () => {});
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
    } catch {
      await client.end().catch(() => {});
      lost(client);
      return;
    }
    if (stopped) {
      await client.end().catch(() => {});
      return;
    }
    current = client;
    handlers.onListening(true);
  }

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = null;
    handlers.onListening(false);
    await client?.end().catch(() => {});
  };
}

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):([^@/]+)@/, '//$1:***@');
}
