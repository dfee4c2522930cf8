/**
 * Migrations under a lock (issue 37): instances started at the same moment on one fresh PostgreSQL database each run
 * migrate(), and each migration is applied exactly once, with every instance ready after. Drizzle's migrator takes no
 * lock of its own: without MIGRATIONS_LOCK two of three such starts fail (both create its table at once). PostgreSQL
 * only: the embedded database belongs to one process, so there is never a second migrator.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_LOCK, migrationsFolder, openDatabase, type Database } from './client.ts';
import { testServerUrl } from './testing.ts';

const why = 'skipped: the migrations lock is PostgreSQL’s (set TEST_DATABASE_URL); PGlite is one process, so one migrator';
if (!testServerUrl) console.log(`[migrations lock] ${why}`);

async function admin<T extends pg.QueryResultRow = pg.QueryResultRow>(statement: string, database?: string): Promise<T[]> {
  const url = new URL(testServerUrl!);
  if (database) url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return (await client.query<T>(statement)).rows;
  } finally {
    await client.end();
  }
}

function urlOf(database: string): string {
  const url = new URL(testServerUrl!);
  url.pathname = `/${database}`;
  return url.toString();
}

describe.skipIf(!testServerUrl)('migrate() on PostgreSQL, under an advisory lock', () => {
  const names: string[] = [];
  const opened: Database[] = [];

  /** A brand-new empty database (not the tests' migrated template). */
  async function freshDatabase(): Promise<string> {
    const name = `milli_lock_${randomBytes(5).toString('hex')}`;
    await admin(`CREATE DATABASE "${name}"`);
    names.push(name);
    return name;
  }

  async function open(name: string, poolSize = 2): Promise<Database> {
    const database = await openDatabase({ databaseUrl: urlOf(name), poolSize });
    opened.push(database);
    return database;
  }

  beforeAll(() => {
    expect(readMigrationFiles({ migrationsFolder }).length).toBeGreaterThan(1);
  });

  afterAll(async () => {
    await Promise.all(opened.map((d) => d.close().catch(() => undefined)));
    for (const name of names) await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
  }, 60_000);

  it('three instances migrating a fresh database at once apply each migration exactly once, and all three succeed', async () => {
    const name = await freshDatabase();
    // One connection each: migrate() must hold its lock and run the migrations on that one connection.
    const instances = await Promise.all([open(name, 1), open(name, 1), open(name, 1)]);
    let waited = 0;
    const started = Date.now();
    const results = await Promise.allSettled(instances.map((d) => d.migrate({ waiting: () => waited++ })));
    const took = Date.now() - started;

    expect(results.map((r) => (r.status === 'fulfilled' ? 'ok' : String((r.reason as Error).message)))).toEqual(['ok', 'ok', 'ok']);
    // They really did meet at the lock: the two that came second waited for the first.
    expect(waited).toBe(2);
    const files = readMigrationFiles({ migrationsFolder });
    const applied = await admin<{ hash: string; created_at: string; times: number }>(
      'select hash, created_at, count(*)::int as times from drizzle.__drizzle_migrations group by hash, created_at order by created_at',
      name,
    );
    expect(applied.map((m) => [m.hash, Number(m.created_at), m.times])).toEqual(files.map((f) => [f.hash, f.folderMillis, 1]));
    // Each instance reads the migrated schema, and nothing holds the lock any more.
    for (const d of instances) await d.db.execute(sql`select count(*) from products`);
    const locks = await admin<{ n: number }>(
      `select count(*)::int as n from pg_locks l join pg_database d on d.oid = l.database where l.locktype = 'advisory' and d.datname = '${name}'`,
    );
    expect(locks[0]!.n).toBe(0);
    // Once more on the migrated database: nothing to do, nothing added.
    await instances[0]!.migrate();
    const after = await admin<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations', name);
    expect(after[0]!.n).toBe(files.length);
    console.log(`[migrations lock] 3 instances at once on a fresh database: ${files.length} migrations applied once each, 2 waited, ${took} ms in all`);
  }, 60_000);

  it('waits while another session holds the lock, and migrates once it is let go', async () => {
    const name = await freshDatabase();
    const holder = new pg.Client({ connectionString: urlOf(name) });
    await holder.connect();
    try {
      await holder.query(`select pg_advisory_lock(${MIGRATIONS_LOCK.toString()})`);
      const instance = await open(name);
      let waiting = false;
      let done = false;
      const migrating = instance.migrate({ waiting: () => (waiting = true) }).then(() => (done = true));
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(waiting).toBe(true);
      expect(done).toBe(false);
      const before = await admin<{ n: number }>("select count(*)::int as n from pg_namespace where nspname = 'drizzle'", name);
      expect(before[0]!.n, 'nothing is migrated while another holds the lock').toBe(0);
      await holder.query(`select pg_advisory_unlock(${MIGRATIONS_LOCK.toString()})`);
      await migrating;
      expect(done).toBe(true);
      const applied = await admin<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations', name);
      expect(applied[0]!.n).toBe(readMigrationFiles({ migrationsFolder }).length);
    } finally {
      await holder.end();
    }
  }, 60_000);
});
