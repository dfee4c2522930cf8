import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';
import { keptPlansClient } from './pg-plans.ts';

export type Schema = typeof schema;
/** One type for both drivers: repositories never know which database they talk to. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * Hears NOTIFY on a channel. PostgreSQL: on a connection of its own, opened again (after a second) when it
   * drops; `onListening(false)` says notifications may be missed until `onListening(true)`. Returns a stop function.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

export interface ListenHandlers {
  onMessage(payload: string): void;
  onListening(listening: boolean): void;
}

/**
 * packages/db/migrations, found through the package itself (its entry is src/index.ts), so it is the same
 * folder whether this file runs from its source or bundled into the server's build.
 */
export const migrationsFolder = path.resolve(path.dirname(createRequire(import.meta.url).resolve('@milli/db')), '../migrations');

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
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder }),
      listen: (channel, handlers) => listenPg(options.databaseUrl!, channel, handlers),
      notify: async (channel, payload) => {
        await pool.query('select pg_notify($1, $2)', [channel, payload]);
      },
      close: () => pool.end(),
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
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((setting) => ['-c', setting])],
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  };
  try {
    if (dir === 'memory') {
      client = await PGlite.create(pgliteOptions);
    } else {
      const dbDir = path.resolve(dir, 'pglite');
      mkdirSync(dbDir, { recursive: true });
      client = await PGlite.create(dbDir, pgliteOptions);
    }
  } catch (error) {
    throw new DatabaseOpenError(`cannot open the embedded database in ${path.resolve(dir)}: ${(error as Error).message}`);
  }
  // Statements that come again run on plans PGlite keeps (decision 037): planning was most of a statement's time.
  const db = drizzlePglite(withKeptPlans(client), { schema });
  return {
    db,
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
