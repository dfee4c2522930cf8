import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** One type for both drivers: repositories never know which database they talk to. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../migrations');

export interface OpenOptions {
  /** postgres://… for a PostgreSQL server; otherwise PGlite. */
  databaseUrl?: string | undefined;
  /** Folder for PGlite's files; 'memory' keeps everything in memory (tests). */
  dataDir?: string;
  /** Largest pool for a PostgreSQL server. */
  poolSize?: number;
  /**
   * PGlite only: start from this dump of a data directory (PGlite's dumpDataDir) instead of an
   * empty cluster. Tests use a migrated template this way: loading it is several times faster
   * than initialising a new cluster and migrating it.
   */
  loadDataDir?: Blob;
}

export class DatabaseOpenError extends Error {}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
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
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db as never, { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  const dir = options.dataDir ?? './data';
  let client: PGlite;
  try {
    if (dir === 'memory') {
      client = await PGlite.create({ extensions: { pg_trgm }, ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) });
    } else {
      const dbDir = path.resolve(dir, 'pglite');
      mkdirSync(dbDir, { recursive: true });
      client = await PGlite.create(dbDir, { extensions: { pg_trgm } });
    }
  } catch (error) {
    throw new DatabaseOpenError(`cannot open the embedded database in ${path.resolve(dir)}: ${(error as Error).message}`);
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
  };
}

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):([^@/]+)@/, '//$1:***@');
}
