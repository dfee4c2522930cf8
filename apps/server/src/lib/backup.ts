/**
 * Backups that restore (issue 37): one file holds the store's database and, when they are kept on disk, its
 * uploads; `npm run backup` and `npm run restore` (cli/backup.ts, cli/restore.ts) and the nightly backup to the
 * bucket (backupToBucket) are made of the functions here. docs/operations.md, "Backups and restore".
 *
 * The file is a plain tar (any tar tool lists it):
 *
 *   MILLI-BACKUP              "Milli backup, format 1": says what the file is
 *   database.pgdump           PostgreSQL: pg_dump's custom format (-Fc), or
 *   database.pglite.tar.gz    the embedded database: PGlite's own dump of its data directory
 *   uploads/<key>             each file under DATA_DIR/uploads (none when the files are kept in a bucket)
 *   manifest.json             what the backup holds: engine and versions, migrations, counts and totals, the rows
 *                             of every table, and each part's size and sha256
 *
 * A restore reads the whole file and checks every part against the manifest before it changes anything, goes
 * only into an empty database (and an empty DATA_DIR/uploads), and compares what it restored with the manifest.
 */
import { execFile, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { link, mkdir, mkdtemp, open, readdir, rename, rm, stat, writeFile, type FileHandle } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { z } from 'zod';
import { openDatabase, type Database } from '@milli/db';
import {
  dumpEmbedded,
  embeddedInUse,
  folderIsEmpty,
  inspectEmbedded,
  inspectPostgres,
  inventoryDifferences,
  knownMigrations,
  loadEmbeddedDump,
  pgliteVersion,
  redactUrl,
  withPostgresSnapshot,
  type StoreInventory,
} from '@milli/db/backup';
import type { Config, S3Config } from '../config.ts';
import { entryBuffer, entryData, TarFormatError, tarEntries, TarWriter, type TarEntry, type WrittenEntry } from './tar.ts';

const MAGIC_NAME = 'MILLI-BACKUP';
const FORMAT_VERSION = 1;
const MAGIC_TEXT = `Milli backup, format ${FORMAT_VERSION}\n`;
const MANIFEST_NAME = 'manifest.json';
const PART = { postgres: 'database.pgdump', pglite: 'database.pglite.tar.gz' } as const;
const UPLOADS = 'uploads/';

/** A refusal or failure, in one line a person can act on; nothing was changed unless it says so. */
export class BackupError extends Error {}

const InventorySchema = z.object({
  migrations: z.object({ count: z.number().int().nonnegative(), last: z.string().nullable() }),
  counts: z.object({
    customers: z.number().int(),
    products: z.number().int(),
    orders: z.number().int(),
    paidOrders: z.number().int(),
    invoices: z.number().int(),
    creditNotes: z.number().int(),
  }),
  totals: z.object({ ordersPaise: z.number().int(), invoicedPaise: z.number().int(), creditNotesPaise: z.number().int() }),
  tables: z.record(z.string(), z.number().int().nonnegative()),
});

const ManifestSchema = z.object({
  format: z.literal('milli-backup'),
  version: z.literal(FORMAT_VERSION),
  createdAt: z.string(),
  engine: z.enum(['pglite', 'postgres']),
  /** PGlite's release, or the PostgreSQL server's version ("15.20 (Debian …)"). */
  engineVersion: z.string(),
  /** PostgreSQL: the pg_dump that wrote the dump ("15.20"). */
  pgDumpVersion: z.string().nullable(),
  inventory: InventorySchema,
  uploads: z.discriminatedUnion('kept', [
    z.object({ kept: z.literal('disk'), files: z.number().int().nonnegative(), bytes: z.number().int().nonnegative() }),
    /** The files were in an S3 bucket, which a backup does not copy. */
    z.object({ kept: z.literal('bucket'), bucket: z.string() }),
  ]),
  /** Every entry but MILLI-BACKUP and the manifest, in the file's order. */
  parts: z.array(z.object({ name: z.string(), bytes: z.number().int().nonnegative(), sha256: z.string().regex(/^[0-9a-f]{64}$/) })),
});
export type BackupManifest = z.infer<typeof ManifestSchema>;

type StoreConfig = Pick<Config, 'databaseUrl' | 'dataDir' | 's3'>;
type Log = (line: string) => void;

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const engineOf = (config: StoreConfig): BackupManifest['engine'] => (config.databaseUrl ? 'postgres' : 'pglite');

/** Where the store's data is, in words: "the PostgreSQL database milli at db.internal:5432", "the embedded database in /var/lib/milli". */
export function describeTarget(config: StoreConfig): string {
  if (config.databaseUrl) {
    try {
      const url = new URL(config.databaseUrl);
      return `the PostgreSQL database ${decodeURIComponent(url.pathname.slice(1)) || '(default)'} at ${url.hostname}${url.port ? `:${url.port}` : ''}`;
    } catch {
      return `the PostgreSQL database at ${redactUrl(config.databaseUrl)}`;
    }
  }
  return `the embedded database in ${config.dataDir}`;
}

/** "1 order", "3 orders". */
const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** One line of what a backup holds, for people. */
export function summary(manifest: BackupManifest): string {
  const { counts, migrations } = manifest.inventory;
  const uploads =
    manifest.uploads.kept === 'disk'
      ? `${count(manifest.uploads.files, 'uploaded file')}, ${megabytes(manifest.uploads.bytes)}`
      : `no uploads (they are in the bucket ${manifest.uploads.bucket})`;
  return (
    `${manifest.engine === 'postgres' ? `PostgreSQL ${manifest.engineVersion.split(' ')[0]}` : `PGlite ${manifest.engineVersion}`}, taken ${manifest.createdAt}; ` +
    `${count(migrations.count, 'migration')} (last ${migrations.last ?? 'none'}); ${count(counts.customers, 'customer')}, ${count(counts.orders, 'order')} ` +
    `(${counts.paidOrders} paid, ${counts.invoices} invoiced), ${count(counts.creditNotes, 'credit note')}, ${count(counts.products, 'product')}; ${uploads}`
  );
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL's tools

interface PgTool {
  name: 'pg_dump' | 'pg_restore';
  version: string;
  major: number;
}

async function pgTool(name: PgTool['name'], serverMajor: number | null): Promise<PgTool> {
  let stdout: string;
  try {
    ({ stdout } = await promisify(execFile)(name, ['--version']));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new BackupError(
        `${name} was not found on PATH: install the PostgreSQL client tools of the server's major version ` +
          `(Debian and Ubuntu: apt-get install postgresql-client${serverMajor ? `-${serverMajor}` : ''})`,
      );
    }
    throw new BackupError(`${name} --version failed: ${(error as Error).message}`);
  }
  const match = /\(PostgreSQL\)\s+(\d+)(?:\.(\d+))?/.exec(stdout);
  if (!match) throw new BackupError(`cannot read ${name}'s version from "${stdout.trim()}"`);
  return { name, version: `${match[1]}${match[2] ? `.${match[2]}` : ''}`, major: Number(match[1]) };
}

/**
 * A libpq connection string for the tools: the address without its password, which goes into a passfile of our
 * own (mode 600, removed after) so it shows neither in the process list nor in the environment.
 */
async function toolConnection(databaseUrl: string, dir: string): Promise<string> {
  const url = new URL(databaseUrl);
  if (url.password) {
    const password = decodeURIComponent(url.password).replaceAll('\\', '\\\\').replaceAll(':', '\\:');
    const passfile = path.join(dir, 'pgpass');
    await writeFile(passfile, `*:*:*:*:${password}\n`, { mode: 0o600 });
    url.password = '';
    url.searchParams.set('passfile', passfile);
  }
  return url.toString();
}

/** Runs a tool; its standard output goes to `stdout` (pg_dump's dump), its standard error is kept for the message. */
function runTool(
  command: string,
  args: string[],
  stdout?: (stream: NodeJS.ReadableStream) => Promise<unknown>,
): Promise<{ code: number | null; stderr: string; out: unknown }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', stdout ? 'pipe' : 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (text: string) => {
      if (stderr.length < 64_000) stderr += text;
    });
    const reading = stdout ? stdout(child.stdout!) : Promise.resolve(undefined);
    reading.catch(() => child.kill());
    child.once('error', reject);
    child.once('close', (code) => {
      reading.then(
        (out) => resolve({ code, stderr, out }),
        (error: unknown) => reject(error as Error),
      );
    });
  });
}

const lastLines = (text: string, n = 3) => text.trim().split('\n').filter(Boolean).slice(-n).join(' / ');

// ---------------------------------------------------------------------------------------------
// Writing

export interface WriteBackupOptions {
  /** The file to write; refused if it exists. Written under a temporary name and renamed when whole. */
  out: string;
  /** The store's configuration: DATABASE_URL (pg_dump) or DATA_DIR (the embedded database), and S3_* (no uploads then). */
  config: StoreConfig;
  /**
   * The embedded database when this process has it open (the server itself): dumped under its own lock while the
   * server serves. Without it, the command line opens DATA_DIR itself, and refuses while another process has it open.
   */
  database?: Database;
  log?: Log;
  now?: Date;
}

/**
 * Writes a backup of the store as configured: PostgreSQL through pg_dump (custom format, the same snapshot as
 * the manifest's counts) or the embedded database through PGlite's own dump, then DATA_DIR/uploads unless
 * S3_BUCKET keeps the files. Answers the manifest and the file's size. Throws BackupError with a one-line reason.
 */
export async function writeBackup(options: WriteBackupOptions): Promise<{ file: string; bytes: number; manifest: BackupManifest }> {
  const { out, config } = options;
  const log = options.log ?? (() => {});
  const file = path.resolve(out);
  if (existsSync(file)) throw new BackupError(`${out} exists already: give a new file name (a backup never overwrites a file)`);
  if (!existsSync(path.dirname(file))) throw new BackupError(`the folder ${path.dirname(file)} does not exist`);
  const partial = `${file}.partial-${randomBytes(4).toString('hex')}`;
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'milli-backup-'));
  let writer: TarWriter | null = null;
  try {
    writer = await TarWriter.create(partial);
    await writer.addBuffer(MAGIC_NAME, Buffer.from(MAGIC_TEXT));
    const engine = engineOf(config);
    const database =
      engine === 'postgres' ? await dumpPostgres(config.databaseUrl!, writer, scratch, log) : await dumpPglite(config, writer, options.database, log);
    if (database.inventory.migrations.count === 0)
      throw new BackupError(`${describeTarget(config)} holds no Milli store (no migrations applied): nothing to back up`);
    log(`database: ${megabytes(database.part.bytes)}, ${summaryOfInventory(database.inventory)}`);

    const parts: WrittenEntry[] = [database.part];
    let uploads: BackupManifest['uploads'];
    if (config.s3) {
      uploads = { kept: 'bucket', bucket: config.s3.bucket };
      log(`uploads: kept in the bucket ${config.s3.bucket}, not copied into the backup (give the bucket versioning or replication of its own)`);
    } else {
      const written = await addUploads(writer, config.dataDir);
      parts.push(...written);
      uploads = { kept: 'disk', files: written.length, bytes: written.reduce((n, p) => n + p.bytes, 0) };
      log(`uploads: ${count(written.length, 'file')}, ${megabytes(uploads.bytes)} from ${path.join(config.dataDir, 'uploads')}`);
    }
    const manifest: BackupManifest = {
      format: 'milli-backup',
      version: FORMAT_VERSION,
      createdAt: (options.now ?? new Date()).toISOString(),
      engine,
      engineVersion: database.engineVersion,
      pgDumpVersion: database.pgDumpVersion,
      inventory: database.inventory,
      uploads,
      parts: parts.map(({ name, bytes, sha256 }) => ({ name, bytes, sha256 })),
    };
    await writer.addBuffer(MANIFEST_NAME, Buffer.from(JSON.stringify(manifest, null, 2) + '\n'));
    const bytes = await writer.finish();
    writer = null;
    // A link, not a rename: it fails rather than replace a file that appeared meanwhile.
    await link(partial, file).catch((error: NodeJS.ErrnoException) => {
      throw error.code === 'EEXIST' ? new BackupError(`${out} exists already: give a new file name (a backup never overwrites a file)`) : error;
    });
    await rm(partial, { force: true });
    return { file, bytes, manifest };
  } catch (error) {
    await writer?.abort();
    await rm(partial, { force: true });
    throw error;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

function summaryOfInventory(inventory: StoreInventory): string {
  const c = inventory.counts;
  return `${count(inventory.migrations.count, 'migration')}, ${count(c.customers, 'customer')}, ${count(c.orders, 'order')}, ${count(c.products, 'product')}`;
}

interface DumpedDatabase {
  part: WrittenEntry;
  inventory: StoreInventory;
  engineVersion: string;
  pgDumpVersion: string | null;
}

async function dumpPostgres(databaseUrl: string, writer: TarWriter, scratch: string, log: Log): Promise<DumpedDatabase> {
  const connection = await toolConnection(databaseUrl, scratch);
  return withPostgresSnapshot(databaseUrl, async ({ id, inventory, server }) => {
    const tool = await pgTool('pg_dump', server.major);
    if (tool.major !== server.major) {
      throw new BackupError(
        `pg_dump is version ${tool.version} but the server is PostgreSQL ${server.version}: install the client tools of the server's major version ` +
          `(Debian and Ubuntu: apt-get install postgresql-client-${server.major}) so that pg_dump ${server.major} is first on PATH`,
      );
    }
    log(`dumping PostgreSQL ${server.version} with pg_dump ${tool.version} (custom format, one snapshot; the store may keep serving) …`);
    let part: WrittenEntry | undefined;
    const { code, stderr } = await runTool('pg_dump', ['--format=custom', `--snapshot=${id}`, '--no-password', `--dbname=${connection}`], async (stream) => {
      part = await writer.addStream(PART.postgres, stream as AsyncIterable<Buffer>);
    });
    if (code !== 0 || !part) throw new BackupError(`pg_dump failed (exit ${code}): ${lastLines(stderr) || 'no message'}`);
    return { part, inventory, engineVersion: server.version, pgDumpVersion: tool.version };
  });
}

async function dumpPglite(config: StoreConfig, writer: TarWriter, open: Database | undefined, log: Log): Promise<DumpedDatabase> {
  const engineVersion = pgliteVersion();
  let dumped: { dump: Buffer; inventory: StoreInventory };
  if (open) {
    if (open.kind !== 'pglite') throw new BackupError('the database given is not the embedded one, but DATABASE_URL is not set');
    log(`dumping the embedded database (PGlite ${engineVersion}) of this process; its other work waits meanwhile …`);
    dumped = await dumpEmbedded(open);
  } else {
    if (config.dataDir === 'memory') throw new BackupError('DATA_DIR=memory holds nothing to back up');
    const clusterDir = path.join(config.dataDir, 'pglite');
    if (folderIsEmpty(clusterDir)) throw new BackupError(`there is no embedded database in ${config.dataDir} (no ${clusterDir}): is DATA_DIR right?`);
    await refuseIfOpen(clusterDir, 'back it up', log);
    log(`dumping the embedded database in ${config.dataDir} (PGlite ${engineVersion}); the server must stay stopped until this ends …`);
    const database = await openDatabase({ dataDir: config.dataDir });
    try {
      dumped = await dumpEmbedded(database);
    } finally {
      await database.close();
    }
  }
  const part = await writer.addBuffer(PART.pglite, dumped.dump);
  return { part, inventory: dumped.inventory, engineVersion, pgDumpVersion: null };
}

/** The embedded database has one user at a time: refuse while another process has it open, or when that cannot be told. */
async function refuseIfOpen(clusterDir: string, what: string, log: Log): Promise<void> {
  const use = await embeddedInUse(clusterDir);
  if (use.state === 'stale') log(`the embedded database was left open by a process that has gone (killed?): it is opened as after a crash`);
  if (use.state === 'open') {
    throw new BackupError(
      `the embedded database in ${path.dirname(clusterDir)} is open in process ${use.pids.join(', ')} (the server?): stop the server first, ` +
        `then ${what} (the embedded database has one user at a time; a running server backs itself up with its nightly job)`,
    );
  }
  if (use.state === 'unknown') {
    throw new BackupError(
      `${path.join(clusterDir, 'postmaster.pid')} says the embedded database is open, and this machine cannot tell by whom: stop the server first; ` +
        `if no server runs on it (it was killed), delete that file and run this again`,
    );
  }
}

async function* walkFiles(dir: string): AsyncGenerator<string> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walkFiles(full);
    else if (entry.isFile()) yield full;
  }
}

/**
 * Every file under DATA_DIR/uploads, after the database: a file the database names was written before its row,
 * so every one the dump names is here; a file added meanwhile is merely extra.
 */
async function addUploads(writer: TarWriter, dataDir: string): Promise<WrittenEntry[]> {
  if (dataDir === 'memory') return [];
  const root = path.join(dataDir, 'uploads');
  const written: WrittenEntry[] = [];
  for await (const file of walkFiles(root)) {
    let handle: FileHandle;
    try {
      handle = await open(file, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue; // removed since it was listed
      throw error;
    }
    try {
      const key = path.relative(root, file).split(path.sep).join('/');
      written.push(await writer.addStream(`${UPLOADS}${key}`, handle.createReadStream({ autoClose: false })));
    } finally {
      await handle.close();
    }
  }
  return written;
}

// ---------------------------------------------------------------------------------------------
// Reading

async function openBackup(file: string): Promise<FileHandle> {
  try {
    return await open(file, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new BackupError(`${file} does not exist`);
    if (code === 'EISDIR') throw new BackupError(`${file} is a folder, not a backup file`);
    throw new BackupError(`cannot read ${file}: ${(error as Error).message}`);
  }
}

/** Walks the file's headers: the magic first, the manifest last, each part the manifest names in between. */
async function scan(handle: FileHandle, file: string): Promise<{ manifest: BackupManifest; parts: TarEntry[] }> {
  const entries: TarEntry[] = [];
  try {
    for await (const entry of tarEntries(handle)) {
      if (entries.length === 0) {
        if (entry.name !== MAGIC_NAME) throw new BackupError(`${file} is a tar file but not a Milli backup (it does not start with ${MAGIC_NAME})`);
        const text = (await entryBuffer(handle, entry)).toString('utf8');
        const version = /^Milli backup, format (\d+)\n$/.exec(text);
        if (!version) throw new BackupError(`${file} is not a Milli backup (its ${MAGIC_NAME} entry says something else)`);
        if (Number(version[1]) !== FORMAT_VERSION)
          throw new BackupError(
            `${file} is a Milli backup of format ${version[1]}, which this release does not read (it reads format ${FORMAT_VERSION}): update Milli`,
          );
      }
      entries.push(entry);
    }
  } catch (error) {
    if (!(error instanceof TarFormatError)) throw error;
    if (error.kind === 'not-tar') throw new BackupError(`${file} is not a Milli backup: ${error.message}`);
    if (error.kind === 'truncated')
      throw new BackupError(`${file} is cut short (${error.message}): the copy is incomplete; copy it again or use another backup`);
    throw new BackupError(`${file} is damaged: ${error.message}`);
  }
  const last = entries.at(-1);
  if (!last || last.name !== MANIFEST_NAME)
    throw new BackupError(`${file} is cut short or damaged: it has no manifest at its end; copy it again or use another backup`);
  let manifest: BackupManifest;
  try {
    const raw = JSON.parse((await entryBuffer(handle, last)).toString('utf8')) as unknown;
    const parsed = ManifestSchema.safeParse(raw);
    if (!parsed.success) throw new Error(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
    manifest = parsed.data;
  } catch (error) {
    throw new BackupError(`${file} is damaged: its manifest cannot be read (${(error as Error).message})`);
  }
  const parts = entries.slice(1, -1);
  const expected = manifest.parts;
  if (parts.length !== expected.length || parts.some((p, i) => p.name !== expected[i]!.name || p.size !== expected[i]!.bytes)) {
    const missing = expected.find((e, i) => parts[i]?.name !== e.name || parts[i]?.size !== e.bytes);
    throw new BackupError(
      `${file} is damaged: its parts are not those its manifest lists${missing ? ` (${missing.name}, ${missing.bytes} bytes, is missing or of another size)` : ' (it holds more)'}`,
    );
  }
  if (parts[0]?.name !== PART[manifest.engine]) throw new BackupError(`${file} is damaged: it holds no ${PART[manifest.engine]}`);
  for (const part of parts.slice(1)) {
    if (!safeUploadKey(part.name)) throw new BackupError(`${file} is damaged: it holds an entry that is not an upload (${JSON.stringify(part.name)})`);
  }
  return { manifest, parts };
}

/** uploads/<relative path> with no '..', no absolute path, nothing odd: the only names a restore writes. */
function safeUploadKey(name: string): boolean {
  if (!name.startsWith(UPLOADS)) return false;
  const key = name.slice(UPLOADS.length);
  return key.length > 0 && key.length <= 1000 && !key.includes('\\') && !key.includes('\0') && key.split('/').every((s) => s !== '' && s !== '.' && s !== '..');
}

/**
 * The manifest of a backup file, after checking that the file is one: a tar that starts with MILLI-BACKUP and
 * ends with a readable manifest listing exactly the parts it holds. Reads headers only (quick on a large file);
 * verifyBackup also checks every part's bytes.
 */
export async function readManifest(file: string): Promise<BackupManifest> {
  const handle = await openBackup(file);
  try {
    return (await scan(handle, file)).manifest;
  } finally {
    await handle.close();
  }
}

async function sha256Of(handle: FileHandle, entry: TarEntry): Promise<string> {
  const hash = createHash('sha256');
  for await (const piece of entryData(handle, entry)) hash.update(piece);
  return hash.digest('hex');
}

/** readManifest, and every part's sha256 against the manifest: the whole file is read once. */
export async function verifyBackup(file: string): Promise<BackupManifest> {
  const handle = await openBackup(file);
  try {
    const { manifest, parts } = await scan(handle, file);
    for (const [i, part] of parts.entries()) {
      if ((await sha256Of(handle, part)) !== manifest.parts[i]!.sha256)
        throw new BackupError(`${file} is damaged: ${part.name} does not match its checksum in the manifest (changed or corrupted since it was written)`);
    }
    return manifest;
  } finally {
    await handle.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Restoring

export interface RestoreOptions {
  from: string;
  /** Where to restore: DATABASE_URL (an empty PostgreSQL database) or DATA_DIR (no embedded database yet), and DATA_DIR/uploads. */
  config: StoreConfig;
  log?: Log;
}

export interface RestoreReport {
  manifest: BackupManifest;
  /** What the restored database holds: the manifest's inventory, checked. */
  inventory: StoreInventory;
  /** Where the uploads went, or null when the backup holds none (kept in a bucket). */
  uploads: { files: number; bytes: number; into: string } | null;
  /** Things the person restoring should know (PGlite release differs, uploads to copy into the bucket …). */
  notes: string[];
}

/**
 * Restores a backup into the configured store, which must be empty: a PostgreSQL database without tables, or a
 * DATA_DIR without an embedded database, and no files under DATA_DIR/uploads. The file's shape, its engine and
 * the target are checked first, then every part's checksum, before anything is written; any refusal changes nothing. The database is restored in one transaction (pg_restore --single-transaction)
 * or loaded beside DATA_DIR/pglite and moved into place once checked; the uploads likewise.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreReport> {
  const { from, config } = options;
  const log = options.log ?? (() => {});
  const manifest = await readManifest(from);
  log(`${from}: ${summary(manifest)}`);
  const notes: string[] = [];

  const configured = engineOf(config);
  if (manifest.engine !== configured) {
    throw new BackupError(
      manifest.engine === 'postgres'
        ? `${from} is a backup of a PostgreSQL database, but this store is configured for the embedded database (DATA_DIR): set DATABASE_URL to an empty PostgreSQL database to restore it there`
        : `${from} is a backup of the embedded database (PGlite), but this store is configured for PostgreSQL (DATABASE_URL): unset DATABASE_URL and set DATA_DIR to a new folder to restore it there`,
    );
  }
  const known = knownMigrations();
  if (manifest.inventory.migrations.count > known.length) {
    throw new BackupError(
      `${from} was taken by a newer release of Milli (${manifest.inventory.migrations.count} migrations, the last ${manifest.inventory.migrations.last}; this checkout has ${known.length}): update Milli, then restore`,
    );
  }
  if (config.dataDir === 'memory') throw new BackupError('DATA_DIR=memory: set DATA_DIR to the folder to restore into');

  // Nothing is touched before every check has passed.
  const uploadsDir = path.join(config.dataDir, 'uploads');
  const withUploads = manifest.uploads.kept === 'disk';
  if (withUploads && !folderIsEmpty(uploadsDir)) {
    throw new BackupError(`${uploadsDir} already holds files: restore only into an empty DATA_DIR/uploads (move them away first); nothing was changed`);
  }
  const handle = await openBackup(from);
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'milli-restore-'));
  const staging = {
    uploads: `${uploadsDir}.restoring-${randomBytes(4).toString('hex')}`,
    cluster: path.join(config.dataDir, `pglite.restoring-${randomBytes(4).toString('hex')}`),
  };
  try {
    const { parts } = await scan(handle, from);
    const [databasePart, ...uploadParts] = parts;
    let inventory: StoreInventory;
    const verify = async () => {
      log(`checking every part of ${from} against its manifest …`);
      await verifyBackup(from);
    };
    if (manifest.engine === 'postgres') {
      const target = await checkPostgresTarget(config, manifest);
      await verify();
      if (withUploads) await extractUploads(handle, uploadParts, staging.uploads);
      inventory = await restorePostgres(handle, databasePart!, config.databaseUrl!, scratch, target, log);
      const differences = inventoryDifferences(manifest.inventory, inventory);
      if (differences.length > 0) {
        throw new BackupError(
          `${describeTarget(config)} was restored but does not hold what the backup's manifest says (${differences.slice(0, 3).join('; ')}): drop it and look into the backup`,
        );
      }
    } else {
      const clusterDir = path.join(config.dataDir, 'pglite');
      const replaceEmpty = await checkPgliteTarget(config, clusterDir, log);
      if (manifest.engineVersion !== pgliteVersion()) {
        notes.push(`the backup was taken with PGlite ${manifest.engineVersion} and this checkout has ${pgliteVersion()}: it loaded and its counts match`);
      }
      await verify();
      if (withUploads) await extractUploads(handle, uploadParts, staging.uploads);
      await mkdir(config.dataDir, { recursive: true });
      log(`loading the embedded database into ${config.dataDir} …`);
      inventory = await loadEmbeddedDump(staging.cluster, await entryBuffer(handle, databasePart!));
      const differences = inventoryDifferences(manifest.inventory, inventory);
      if (differences.length > 0) {
        throw new BackupError(
          `the restored database does not hold what the backup's manifest says (${differences.slice(0, 3).join('; ')}): nothing was changed`,
        );
      }
      if (replaceEmpty) await rm(clusterDir, { recursive: true, force: true });
      await rename(staging.cluster, clusterDir);
    }
    let uploads: RestoreReport['uploads'] = null;
    if (manifest.uploads.kept === 'disk') {
      await rm(uploadsDir, { recursive: true, force: true }); // empty, as checked
      if (existsSync(staging.uploads)) await rename(staging.uploads, uploadsDir);
      uploads = { files: manifest.uploads.files, bytes: manifest.uploads.bytes, into: uploadsDir };
      if (config.s3) {
        notes.push(
          `this store keeps its files in the bucket ${config.s3.bucket}: the backup's ${count(manifest.uploads.files, 'file')} went to ${uploadsDir}; copy them there with npm run files:to-s3`,
        );
      }
    } else if (manifest.uploads.kept === 'bucket') {
      notes.push(
        `the backup holds no uploads: they were in the bucket ${manifest.uploads.bucket}${config.s3?.bucket === manifest.uploads.bucket ? ', which this store uses' : '; point S3_* at that bucket (or a copy of it)'}`,
      );
    }
    return { manifest, inventory, uploads, notes };
  } finally {
    await handle.close();
    await rm(scratch, { recursive: true, force: true });
    await rm(staging.uploads, { recursive: true, force: true });
    await rm(staging.cluster, { recursive: true, force: true });
  }
}

interface PostgresTarget {
  restoreTool: PgTool;
}

async function checkPostgresTarget(config: StoreConfig, manifest: BackupManifest): Promise<PostgresTarget> {
  const { server, tables, migrations } = await inspectPostgres(config.databaseUrl!);
  if (tables.length > 0) {
    throw new BackupError(
      `${describeTarget(config)} is not empty (${tables.length} tables${migrations ? `, ${migrations} migrations applied` : ''}): ` +
        `restore only into a new, empty database (createdb), or drop this one first; nothing was changed`,
    );
  }
  const backupMajor = Number(/^\d+/.exec(manifest.engineVersion)?.[0] ?? 0);
  if (server.major < backupMajor) {
    throw new BackupError(
      `the backup is of PostgreSQL ${manifest.engineVersion} and ${describeTarget(config)} is on ${server.version}, an older major version: restore into PostgreSQL ${backupMajor} or newer; nothing was changed`,
    );
  }
  const restoreTool = await pgTool('pg_restore', server.major);
  const dumpMajor = Number(/^\d+/.exec(manifest.pgDumpVersion ?? '')?.[0] ?? 0);
  if (restoreTool.major < dumpMajor) {
    throw new BackupError(
      `the backup was written by pg_dump ${manifest.pgDumpVersion}, which pg_restore ${restoreTool.version} cannot read: install the PostgreSQL ${dumpMajor} client tools (or newer); nothing was changed`,
    );
  }
  return { restoreTool };
}

/** Whether an empty cluster (no tables) is in the way and is to be replaced; refuses a database with tables, or one in use. */
async function checkPgliteTarget(config: StoreConfig, clusterDir: string, log: Log): Promise<boolean> {
  if (folderIsEmpty(clusterDir)) return false;
  await refuseIfOpen(clusterDir, 'restore into a new DATA_DIR', log);
  const { tables, migrations } = await inspectEmbedded(clusterDir);
  if (tables.length > 0) {
    throw new BackupError(
      `${describeTarget(config)} is not empty (${tables.length} tables${migrations ? `, ${migrations} migrations applied` : ''}): ` +
        `restore only into a new, empty DATA_DIR (or move ${clusterDir} away first); nothing was changed`,
    );
  }
  log(`${clusterDir} holds an empty database (no tables): the restored one replaces it`);
  return true;
}

async function extractUploads(handle: FileHandle, parts: TarEntry[], into: string): Promise<void> {
  await mkdir(into, { recursive: true });
  for (const part of parts) {
    const target = path.join(into, ...part.name.slice(UPLOADS.length).split('/'));
    if (!target.startsWith(into + path.sep)) throw new BackupError(`the backup names an upload outside the uploads folder: ${part.name}`);
    await mkdir(path.dirname(target), { recursive: true });
    const out = await open(target, 'wx', 0o644);
    try {
      let at = 0;
      for await (const piece of entryData(handle, part)) {
        await out.write(piece, 0, piece.length, at);
        at += piece.length;
      }
    } finally {
      await out.close();
    }
  }
}

async function restorePostgres(
  handle: FileHandle,
  part: TarEntry,
  databaseUrl: string,
  scratch: string,
  target: PostgresTarget,
  log: Log,
): Promise<StoreInventory> {
  const dumpFile = path.join(scratch, PART.postgres);
  const out = await open(dumpFile, 'wx', 0o600);
  try {
    let at = 0;
    for await (const piece of entryData(handle, part)) {
      await out.write(piece, 0, piece.length, at);
      at += piece.length;
    }
  } finally {
    await out.close();
  }
  // The archive's table of contents, less the extension's comment: only an extension's owner may set it, and
  // the store's user owns pg_trgm only when it created it itself (what pg_dump writes of it is not needed).
  const listed = await runTool('pg_restore', ['--list', dumpFile], async (stream) => {
    let text = '';
    for await (const chunk of stream) text += String(chunk);
    return text;
  });
  if (listed.code !== 0) throw new BackupError(`pg_restore cannot read the dump: ${lastLines(listed.stderr) || 'no message'}; nothing was changed`);
  const list = path.join(scratch, 'restore.list');
  await writeFile(
    list,
    String(listed.out)
      .split('\n')
      .filter((line) => !/^\d+;.*\bCOMMENT - EXTENSION\b/.test(line))
      .join('\n'),
  );
  const connection = await toolConnection(databaseUrl, scratch);
  log(`restoring with pg_restore ${target.restoreTool.version} in one transaction …`);
  const restored = await runTool('pg_restore', [
    '--single-transaction',
    '--exit-on-error',
    '--no-owner',
    '--no-privileges',
    '--no-password',
    `--use-list=${list}`,
    `--dbname=${connection}`,
    dumpFile,
  ]);
  if (restored.code !== 0) {
    throw new BackupError(`pg_restore failed, and its transaction was rolled back (nothing was changed): ${lastLines(restored.stderr) || 'no message'}`);
  }
  const { inventory } = await inspectPostgres(databaseUrl, { inventory: true });
  return inventory!;
}

// ---------------------------------------------------------------------------------------------
// The nightly backup to the bucket

/** backups/milli-2026-01-02T033000Z.tar: the time it was taken, in UTC, in the name. */
const BUCKET_PREFIX = 'backups/';
const BUCKET_NAME = /^backups\/milli-(\d{4})-(\d{2})-(\d{2})T(\d{2})(\d{2})(\d{2})Z\.tar$/;

export function bucketKeyFor(at: Date): string {
  const iso = at.toISOString(); // 2026-01-02T03:30:00.000Z
  return `${BUCKET_PREFIX}milli-${iso.slice(0, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z.tar`;
}

/** When a bucket backup was taken, read from its name; null for anything else under backups/ (never deleted). */
export function takenAt(key: string): Date | null {
  const m = BUCKET_NAME.exec(key);
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]))) : null;
}

export interface BucketBackup {
  /** The new backup's key in the bucket. */
  key: string;
  bytes: number;
  manifest: BackupManifest;
  /** Backups deleted because they were older than the retention. */
  deleted: string[];
  /** Backups in the bucket after this run, the new one included, oldest first. */
  kept: string[];
}

/**
 * The nightly backup (issue 37), for the job engine to run once a night on one instance when S3_BUCKET is set.
 * Writes a backup of the database (writeBackup: pg_dump on PostgreSQL; on the embedded database this process's
 * own open database, dumped under its lock while the server serves) to a temporary file, uploads it to the
 * bucket as backups/milli-<UTC time>.tar, then deletes the bucket's backups whose name says they were taken more
 * than `retentionDays` days before `now`; anything else under backups/ is left alone, and nothing is deleted if
 * the upload fails. The uploads themselves are in the bucket already, so the backup holds the database only.
 *
 * Call it with the server's own dependencies and the store's setting:
 *
 *   const settings = await createSettingsService(deps.database.db).get();
 *   await backupToBucket({ config: deps.config, database: deps.database, retentionDays: settings?.backupRetentionDays ?? 14 });
 *
 * Throws BackupError (or the bucket's own error) when it cannot; a failed night leaves the earlier backups.
 * Needs pg_dump of the server's major version on PATH on PostgreSQL, and about the backup's size in the temp folder.
 */
export async function backupToBucket(options: {
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 's3'>;
  database: Database;
  /** Days to keep backups (the store setting backupRetentionDays, 1-365). */
  retentionDays: number;
  now?: Date;
  log?: (line: string) => void;
}): Promise<BucketBackup> {
  const { config, database, retentionDays } = options;
  const s3: S3Config | null = config.s3;
  if (!s3) throw new BackupError('no S3 bucket is configured (S3_BUCKET): the nightly backup goes to the bucket');
  if (!Number.isInteger(retentionDays) || retentionDays < 1 || retentionDays > 365)
    throw new BackupError(`retention must be 1 to 365 days, not ${retentionDays}`);
  const now = options.now ?? new Date();
  const log = options.log ?? (() => {});
  const key = bucketKeyFor(now);
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'milli-nightly-'));
  const { createS3Client, listKeys } = await import('./storage-s3.ts');
  const { PutObjectCommand, DeleteObjectsCommand } = await import('@aws-sdk/client-s3');
  const client = createS3Client(s3);
  try {
    const written = await writeBackup({ out: path.join(scratch, 'backup.tar'), config, database, now, log });
    const body = await open(written.file, 'r');
    try {
      await client.send(
        new PutObjectCommand({
          Bucket: s3.bucket,
          Key: key,
          Body: body.createReadStream({ autoClose: false }),
          ContentLength: (await stat(written.file)).size,
          ContentType: 'application/x-tar',
        }),
      );
    } finally {
      await body.close();
    }
    log(`uploaded ${key} (${megabytes(written.bytes)}) to the bucket ${s3.bucket}`);

    const cutoff = now.getTime() - retentionDays * 86_400_000;
    const old: string[] = [];
    const kept: string[] = [];
    for await (const page of listKeys(client, s3.bucket, BUCKET_PREFIX)) {
      for (const name of page) {
        const at = takenAt(name);
        if (!at) continue;
        if (at.getTime() < cutoff && name !== key) old.push(name);
        else kept.push(name);
      }
    }
    for (let i = 0; i < old.length; i += 1000) {
      const done = await client.send(
        new DeleteObjectsCommand({ Bucket: s3.bucket, Delete: { Objects: old.slice(i, i + 1000).map((Key) => ({ Key })), Quiet: true } }),
      );
      if (done.Errors && done.Errors.length > 0) {
        throw new BackupError(
          `the bucket refused to delete ${done.Errors.length} old backup(s), e.g. ${done.Errors[0]!.Key}: ${done.Errors[0]!.Code ?? ''}`.trim(),
        );
      }
    }
    if (old.length > 0) log(`deleted ${count(old.length, 'backup')} older than ${count(retentionDays, 'day')}`);
    return { key, bytes: written.bytes, manifest: written.manifest, deleted: old.sort(), kept: kept.sort() };
  } finally {
    client.destroy();
    await rm(scratch, { recursive: true, force: true });
  }
}
