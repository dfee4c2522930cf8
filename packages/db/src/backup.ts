/**
 * The database's side of backups (issue 37; apps/server/src/lib/backup.ts writes and reads the backup file):
 * what a store holds (its inventory: migrations, key counts and totals, the rows of every table), whether a
 * database is empty, the embedded database's own dump and load, and a PostgreSQL snapshot that pg_dump and the
 * inventory share, so a backup's manifest describes exactly what its dump holds.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { DatabaseOpenError, migrationsFolder, pgliteStartParams, type Database } from './client.ts';
export { embeddedInUse, type EmbeddedUse } from './embedded-use.ts';

/** Runs one statement and answers its rows (a PGlite transaction, a pg client): the inventory speaks to both. */
export type RowsOf = (text: string) => Promise<Record<string, unknown>[]>;

export interface StoreInventory {
  /** Migrations applied (drizzle.__drizzle_migrations), and the tag of the last one as this checkout's journal names it. */
  migrations: { count: number; last: string | null };
  /** Key counts: what a person checks after a restore. `paidOrders`: orders with a paid (or since refunded) online payment; `invoices`: orders invoiced at dispatch. */
  counts: { customers: number; products: number; orders: number; paidOrders: number; invoices: number; creditNotes: number };
  /** Sums in paise: every order's total, the invoiced orders' totals, the credit notes' amounts. */
  totals: { ordersPaise: number; invoicedPaise: number; creditNotesPaise: number };
  /** Rows of every table, by schema-qualified name ("public.orders", "drizzle.__drizzle_migrations"). */
  tables: Record<string, number>;
}

/** Ordinary and partitioned tables outside PostgreSQL's own schemas, extensions' own tables left out. */
const USER_TABLES = `
  select n.nspname as schema_name, c.relname as table_name
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p')
    and n.nspname not in ('pg_catalog', 'information_schema')
    and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'
    and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
  order by 1, 2`;

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Every user table's schema-qualified name. */
export async function userTables(rows: RowsOf): Promise<string[]> {
  return (await rows(USER_TABLES)).map((r) => `${String(r.schema_name)}.${String(r.table_name)}`);
}

/** What makes a database not empty, cheaply: its user tables and how many migrations it has applied. */
async function contents(rows: RowsOf): Promise<{ tables: string[]; migrations: number }> {
  const tables = await userTables(rows);
  const migrations = tables.includes('drizzle.__drizzle_migrations') ? Number((await rows('select count(*) as n from drizzle.__drizzle_migrations'))[0]!.n) : 0;
  return { tables, migrations };
}

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

let journal: JournalEntry[] | null = null;
/** This checkout's migrations, in order (packages/db/migrations/meta/_journal.json). */
export function knownMigrations(): JournalEntry[] {
  journal ??= (JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] }).entries;
  return journal;
}

/** What the store in this database holds. Run it inside one snapshot (a transaction) for a consistent answer. */
export async function storeInventory(rows: RowsOf): Promise<StoreInventory> {
  const tables: Record<string, number> = {};
  for (const name of await userTables(rows)) {
    const [schemaName, tableName] = [name.slice(0, name.indexOf('.')), name.slice(name.indexOf('.') + 1)];
    const [row] = await rows(`select count(*) as n from ${quoted(schemaName)}.${quoted(tableName)}`);
    tables[name] = Number(row!.n);
  }
  let migrations: StoreInventory['migrations'] = { count: 0, last: null };
  if ('drizzle.__drizzle_migrations' in tables) {
    const applied = await rows('select created_at from drizzle.__drizzle_migrations order by created_at');
    const lastWhen = applied.length > 0 ? Number(applied.at(-1)!.created_at) : null;
    const known = knownMigrations().find((m) => m.when === lastWhen);
    migrations = { count: applied.length, last: lastWhen === null ? null : (known?.tag ?? `unknown to this checkout (${lastWhen})`) };
  }
  const has = (...names: string[]) => names.every((n) => `public.${n}` in tables);
  let counts: StoreInventory['counts'] = { customers: 0, products: 0, orders: 0, paidOrders: 0, invoices: 0, creditNotes: 0 };
  let totals: StoreInventory['totals'] = { ordersPaise: 0, invoicedPaise: 0, creditNotesPaise: 0 };
  if (has('customers', 'products', 'orders', 'payments', 'credit_notes')) {
    const [row] = await rows(`select
      (select count(*) from customers) as customers,
      (select count(*) from products) as products,
      (select count(*) from orders) as orders,
      (select count(distinct order_id) from payments where purpose = 'order' and status in ('paid', 'refunded') and order_id is not null) as paid_orders,
      (select count(*) from orders where invoiced_at is not null) as invoices,
      (select count(*) from credit_notes) as credit_notes,
      (select coalesce(sum(total_paise), 0) from orders) as orders_paise,
      (select coalesce(sum(total_paise), 0) from orders where invoiced_at is not null) as invoiced_paise,
      (select coalesce(sum(amount_paise), 0) from credit_notes) as credit_notes_paise`);
    counts = {
      customers: Number(row!.customers),
      products: Number(row!.products),
      orders: Number(row!.orders),
      paidOrders: Number(row!.paid_orders),
      invoices: Number(row!.invoices),
      creditNotes: Number(row!.credit_notes),
    };
    totals = { ordersPaise: Number(row!.orders_paise), invoicedPaise: Number(row!.invoiced_paise), creditNotesPaise: Number(row!.credit_notes_paise) };
  }
  return { migrations, counts, totals, tables };
}

/** The differences between two inventories, in words (empty when they agree). */
export function inventoryDifferences(expected: StoreInventory, found: StoreInventory): string[] {
  const out: string[] = [];
  const names = new Set([...Object.keys(expected.tables), ...Object.keys(found.tables)]);
  for (const name of [...names].sort()) {
    if (expected.tables[name] !== found.tables[name])
      out.push(`${name}: ${expected.tables[name] ?? 'no table'} expected, ${found.tables[name] ?? 'no table'} found`);
  }
  for (const [key, value] of Object.entries(expected.totals) as [keyof StoreInventory['totals'], number][]) {
    if (found.totals[key] !== value) out.push(`${key}: ${value} expected, ${found.totals[key]} found`);
  }
  for (const [key, value] of Object.entries(expected.counts) as [keyof StoreInventory['counts'], number][]) {
    if (found.counts[key] !== value) out.push(`${key}: ${value} expected, ${found.counts[key]} found`);
  }
  if (found.migrations.count !== expected.migrations.count) out.push(`migrations: ${expected.migrations.count} expected, ${found.migrations.count} found`);
  return out;
}

// ---------------------------------------------------------------------------------------------
// The embedded database (PGlite)

/** PGlite's release: its dumps are made for the release that wrote them. */
export function pgliteVersion(): string {
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

function pgliteOf(database: Database): PGlite {
  if (database.kind !== 'pglite') throw new Error('not the embedded database');
  return (database.db as unknown as { $client: PGlite }).$client;
}

/**
 * The embedded database's own dump (PGlite's dumpDataDir, gzipped) and its inventory, taken while nobody else
 * can run a statement: inside a transaction of our own, which holds PGlite's transaction lock, so every other
 * caller of this process waits (a second or two for the demo store) and the dump and the counts are one
 * moment's. A checkpoint first writes every change to the data files, so loading the dump replays little.
 * Safe on the server's own open database; never open the same folder from a second process.
 */
export async function dumpEmbedded(database: Database): Promise<{ dump: Buffer; inventory: StoreInventory }> {
  const client = pgliteOf(database);
  await client.exec('CHECKPOINT');
  return client.transaction(async (tx) => {
    const inventory = await storeInventory(async (text) => (await tx.query<Record<string, unknown>>(text)).rows);
    const blob = await client.dumpDataDir('gzip');
    return { dump: Buffer.from(await blob.arrayBuffer()), inventory };
  });
}

/**
 * Loads a dump into `clusterDir` (a folder that must not hold a database yet) and answers what it holds, then
 * closes it: the folder is then a data directory the server opens (as DATA_DIR/pglite).
 */
export async function loadEmbeddedDump(clusterDir: string, dump: Buffer): Promise<StoreInventory> {
  const [{ PGlite }, { pg_trgm }] = await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite/contrib/pg_trgm')]);
  let client: PGlite;
  try {
    client = await PGlite.create(clusterDir, {
      extensions: { pg_trgm },
      startParams: pgliteStartParams(PGlite.defaultStartParams),
      loadDataDir: new Blob([Uint8Array.from(dump)], { type: 'application/x-gzip' }),
    });
  } catch (error) {
    throw new DatabaseOpenError(`the embedded database's dump does not load: ${(error as Error).message}`);
  }
  try {
    return await storeInventory(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
  } finally {
    await client.close();
  }
}

/** What an embedded database folder holds, opened on its own (nobody else may have it open): its user tables and applied migrations. */
export async function inspectEmbedded(clusterDir: string): Promise<{ tables: string[]; migrations: number }> {
  const [{ PGlite }, { pg_trgm }] = await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite/contrib/pg_trgm')]);
  let client: PGlite;
  try {
    client = await PGlite.create(clusterDir, { extensions: { pg_trgm }, startParams: pgliteStartParams(PGlite.defaultStartParams) });
  } catch (error) {
    throw new DatabaseOpenError(`cannot open the embedded database in ${clusterDir}: ${(error as Error).message}`);
  }
  try {
    return await contents(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
  } finally {
    await client.close();
  }
}

/** Whether a folder is missing or holds nothing at all. */
export function folderIsEmpty(dir: string): boolean {
  try {
    return readdirSync(dir).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL

export interface PostgresServer {
  /** "15.20 (Debian 15.20-0+deb12u1)" */
  version: string;
  major: number;
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => {});
    const message = (error as Error).message;
    const missing = /database "([^"]+)" does not exist/.exec(message);
    throw new DatabaseOpenError(
      missing
        ? `the PostgreSQL database ${missing[1]} does not exist at ${redactUrl(url)}: create it first (createdb ${missing[1]})`
        : `cannot connect to PostgreSQL at ${redactUrl(url)}: ${message}`,
    );
  }
  return client;
}

async function serverOf(client: pg.Client): Promise<PostgresServer> {
  const { rows } = await client.query<{ version: string; num: string }>(
    "select current_setting('server_version') as version, current_setting('server_version_num') as num",
  );
  return { version: rows[0]!.version, major: Math.floor(Number(rows[0]!.num) / 10_000) };
}

const rowsOf =
  (client: pg.Client): RowsOf =>
  async (text) =>
    (await client.query(text)).rows as Record<string, unknown>[];

/**
 * Opens a read-only snapshot of the database, takes its inventory and exports the snapshot, then runs `fn`
 * (pg_dump --snapshot=…) while the snapshot is held: the dump and the inventory see the same moment.
 */
export async function withPostgresSnapshot<T>(
  url: string,
  fn: (snapshot: { id: string; inventory: StoreInventory; server: PostgresServer }) => Promise<T>,
): Promise<T> {
  const client = await connect(url);
  try {
    const server = await serverOf(client);
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ id: string }>('select pg_export_snapshot() as id');
    const inventory = await storeInventory(rowsOf(client));
    const result = await fn({ id: rows[0]!.id, inventory, server });
    await client.query('commit');
    return result;
  } finally {
    await client.end().catch(() => {});
  }
}

/** The server's version, the database's user tables and applied migrations and, when asked, its inventory. */
export async function inspectPostgres(
  url: string,
  opts: { inventory?: boolean } = {},
): Promise<{ server: PostgresServer; tables: string[]; migrations: number; inventory: StoreInventory | null }> {
  const client = await connect(url);
  try {
    const server = await serverOf(client);
    return { server, ...(await contents(rowsOf(client))), inventory: opts.inventory ? await storeInventory(rowsOf(client)) : null };
  } finally {
    await client.end().catch(() => {});
  }
}

/** The address without its password, for messages. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url.replace(/\/\/([^:@/]+):([^@/]+)@/, '//$1:***@');
  }
}
