/**
 * Fresh databases for tests: a migrated PGlite in memory by default, or a brand-new PostgreSQL
 * database when TEST_DATABASE_URL points at a server (each call creates its own database, so test
 * files running in parallel never see each other's rows).
 *
 * Starting PGlite and migrating it takes seconds, mostly cluster initialisation. So the first
 * call builds a template once (migrated, and seeded if asked), dumps its data directory to the
 * system temp folder keyed by a hash of everything that shapes it, and every later call, in this
 * process or another, loads that dump instead.
 *
 * On PostgreSQL migrating and seeding a new database takes a second or two as well, for each of about a
 * hundred test files. The same idea holds there: the first call builds a template database
 * (milli_tpl_<hash>), and every later call copies it with CREATE DATABASE … TEMPLATE, a fraction of that.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { migrationsFolder, openDatabase, type Database } from './client.ts';
import { seedDemoStore } from './seed/index.ts';
import { indianDate } from '@milli/pricing';

export type TestDatabase = Database & {
  /** Closes the connection and, on PostgreSQL, drops the database. */
  dispose(): Promise<void>;
  /** PostgreSQL: the new database's address, for a server process started on it. */
  url?: string;
};

export interface TestDatabaseOptions {
  /**
   * Fill the demo store. `true` seeds as of today (noon in India), so coupon and rate dates are
   * current; pass a date to pin them.
   */
  seed?: boolean | { today: Date };
  /** PostgreSQL server URL; defaults to process.env.TEST_DATABASE_URL, PGlite when neither is set. */
  databaseUrl?: string;
  /** PostgreSQL only: connections in the pool (4 unless asked; a race test wants as many as production has). */
  poolSize?: number;
  /**
   * PGlite only: keep the database on disk in this folder, laid out as the server's DATA_DIR, so a
   * server process can be started on it once this connection is closed.
   */
  dataDir?: string;
}

const here = path.dirname(fileURLToPath(import.meta.url));

/** The PostgreSQL server the tests use when TEST_DATABASE_URL is set (test configuration, read here only). */
export const testServerUrl: string | undefined = process.env.TEST_DATABASE_URL;

export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const today = seedDay(options.seed);
  const serverUrl = options.databaseUrl ?? testServerUrl;
  return serverUrl ? createPostgresDatabase(serverUrl, today, options.poolSize ?? 4) : createPgliteDatabase(today, options.dataDir ?? 'memory');
}

function seedDay(seed: TestDatabaseOptions['seed']): Date | null {
  if (!seed) return null;
  if (seed !== true) return seed.today;
  return new Date(`${indianDate(new Date())}T12:00:00+05:30`);
}

// ---------------------------------------------------------------------------------------------
// PGlite

const templates = new Map<string, Promise<Blob>>();

async function createPgliteDatabase(today: Date | null, dataDir: string): Promise<TestDatabase> {
  const key = templateKey(today);
  let template = templates.get(key);
  if (!template) {
    template = loadOrBuildTemplate(key, today);
    templates.set(key, template);
    // A failed build must not poison later calls in this process.
    template.catch(() => templates.delete(key));
  }
  const database = await openDatabase({ dataDir, loadDataDir: await template });
  return { ...database, dispose: () => database.close() };
}

async function loadOrBuildTemplate(key: string, today: Date | null): Promise<Blob> {
  const dir = path.join(os.tmpdir(), 'milli-db-templates');
  const file = path.join(dir, `${key}.tar`);
  if (existsSync(file)) {
    try {
      return new Blob([await readFile(file)]);
    } catch {
      // Unreadable (another process replacing it): build our own below.
    }
  }
  const database = await openDatabase({ dataDir: 'memory' });
  try {
    await database.migrate();
    if (today) await seedDemoStore(database.db, { today });
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    const bytes = Buffer.from(await dump.arrayBuffer());
    // Write then rename, so a parallel reader sees the whole file or none.
    await mkdir(dir, { recursive: true });
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, bytes);
    await rename(partial, file);
    await pruneTemplates(dir, file);
    return new Blob([bytes]);
  } finally {
    await database.close();
  }
}

/** Templates of older migrations or seed days are dead weight (tens of MB each): drop them after two days. */
async function pruneTemplates(dir: string, keep: string): Promise<void> {
  const cutoff = Date.now() - 2 * 86_400_000;
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const file = path.join(dir, name);
    if (file === keep) continue;
    const info = await stat(file).catch(() => null);
    if (info && info.mtimeMs < cutoff) await unlink(file).catch(() => {});
  }
}

const keys = new Map<string, string>();

/** Changes whenever the migrations, the seed, the pricing rules or the engine (PGlite's release) change. */
function templateKey(today: Date | null, engine: 'pglite' | 'postgres' = 'pglite'): string {
  const memo = `${engine} ${today?.toISOString() ?? ''}`;
  const known = keys.get(memo);
  if (known) return known;
  const key = computeTemplateKey(today, engine);
  keys.set(memo, key);
  return key;
}

function computeTemplateKey(today: Date | null, engine: 'pglite' | 'postgres'): string {
  const hash = createHash('sha256');
  // A PostgreSQL server keeps its own templates: its version does not enter the key.
  hash.update(engine === 'pglite' ? `pglite ${pgliteVersion()}\n` : 'postgres\n');
  hashFolder(hash, migrationsFolder);
  if (today) {
    hash.update(`seed ${today.toISOString()}\n`);
    hashFolder(hash, path.join(here, 'seed'));
    for (const f of ['art.ts', 'search.ts', 'schema.ts']) hashFile(hash, path.join(here, f));
    hashFolder(hash, path.resolve(here, '../../pricing/src'));
  }
  return hash.digest('hex').slice(0, 24);
}

function hashFolder(hash: ReturnType<typeof createHash>, folder: string): void {
  if (!existsSync(folder)) return;
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true }).sort((a, b) =>
    path.join(a.parentPath, a.name).localeCompare(path.join(b.parentPath, b.name)),
  )) {
    if (entry.isFile() && !entry.name.endsWith('.test.ts')) hashFile(hash, path.join(entry.parentPath, entry.name));
  }
}

function hashFile(hash: ReturnType<typeof createHash>, file: string): void {
  hash.update(`${path.basename(file)}\n`);
  hash.update(readFileSync(file));
}

/** PGlite's version: a dump is only loadable by the release that wrote it. */
function pgliteVersion(): string {
  // The package does not export its package.json, so walk up from its entry point.
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (;;) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === '@electric-sql/pglite' && pkg.version) return pkg.version;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('cannot find the version of @electric-sql/pglite');
    dir = parent;
  }
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL

async function createPostgresDatabase(serverUrl: string, today: Date | null, poolSize: number): Promise<TestDatabase> {
  const template = await postgresTemplate(serverUrl, today);
  const name = `milli_test_${randomBytes(6).toString('hex')}`;
  await admin(serverUrl, `CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: databaseAt(serverUrl, name), poolSize });
  } catch (error) {
    await admin(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => {});
    throw error;
  }
  let disposed = false;
  return {
    ...database,
    url: databaseAt(serverUrl, name),
    dispose: async () => {
      if (disposed) return;
      disposed = true;
      await database.close();
      await admin(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

function databaseAt(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const postgresTemplates = new Map<string, Promise<string>>();

/** The name of the server's template database for this seed day, built by the first caller of any process. */
function postgresTemplate(serverUrl: string, today: Date | null): Promise<string> {
  const name = `milli_tpl_${templateKey(today, 'postgres')}`;
  const memo = `${serverUrl} ${name}`;
  let template = postgresTemplates.get(memo);
  if (!template) {
    template = findOrBuildPostgresTemplate(serverUrl, name, today);
    postgresTemplates.set(memo, template);
    template.catch(() => postgresTemplates.delete(memo));
  }
  return template;
}

async function findOrBuildPostgresTemplate(serverUrl: string, name: string, today: Date | null): Promise<string> {
  if (await databaseExists(serverUrl, name)) return name;
  // Built under a name of its own and renamed when whole, so a template by the final name is always complete;
  // when several processes build at once, the first rename wins and the others drop theirs.
  const building = `${name}_${randomBytes(4).toString('hex')}`;
  await admin(serverUrl, `CREATE DATABASE "${building}"`);
  try {
    await admin(serverUrl, `COMMENT ON DATABASE "${building}" IS '${TEMPLATE_COMMENT} ${new Date().toISOString()}'`);
    const database = await openDatabase({ databaseUrl: databaseAt(serverUrl, building), poolSize: 1 });
    try {
      await database.migrate();
      if (today) await seedDemoStore(database.db, { today });
    } finally {
      await database.close();
    }
    // Nobody connects to a template by mistake (a connection would stop every copy of it).
    await admin(serverUrl, `ALTER DATABASE "${building}" WITH ALLOW_CONNECTIONS false`);
    await admin(serverUrl, `ALTER DATABASE "${building}" RENAME TO "${name}"`);
  } catch (error) {
    await admin(serverUrl, `DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`).catch(() => {});
    if ((error as { code?: string }).code === '42P04' && (await databaseExists(serverUrl, name))) return name;
    throw error;
  }
  await prunePostgresTemplates(serverUrl, name);
  return name;
}

const TEMPLATE_COMMENT = 'milli test template, built';

/** Templates of older migrations or seed days (and builds that died half way) are dropped after two days. */
async function prunePostgresTemplates(serverUrl: string, keep: string): Promise<void> {
  const cutoff = Date.now() - 2 * 86_400_000;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string; note: string | null }>(
      "select datname, shobj_description(oid, 'pg_database') as note from pg_database where datname like 'milli\\_tpl\\_%'",
    );
    for (const { datname, note } of rows) {
      const built = note?.startsWith(TEMPLATE_COMMENT) ? Date.parse(note.slice(TEMPLATE_COMMENT.length + 1)) : NaN;
      if (datname === keep || !(built < cutoff)) continue;
      await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`).catch(() => {});
    }
  } finally {
    await client.end();
  }
}

async function databaseExists(serverUrl: string, name: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return (await client.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  } finally {
    await client.end();
  }
}

async function admin(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
