/**
 * Backups that restore (issue 37). The restore drill: a store with customers, paid and invoiced orders, a credit
 * note and a customer's uploaded picture, all made through the API, is backed up, restored into an empty
 * database and data folder elsewhere, and a server opened on the copy shows the same counts and totals, serves
 * the same picture and lets the customer log in. Then the refusals: a store that is not empty, files that are
 * not whole backups of this engine; and the nightly backup to a bucket with its retention. Runs on PGlite, and on
 * PostgreSQL with TEST_DATABASE_URL (pg_dump and pg_restore of the server's major version on PATH).
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { GetObjectCommand, ListObjectsCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, schema, type Database, type Db } from '@milli/db';
import { testServerUrl } from '@milli/db/testing';
import { buildApp } from '../app.ts';
import { testConfig, type Config } from '../config.ts';
import { packAndDispatch } from '../modules/orders/testing.ts';
import { createTestApp, postForm, type TestApp } from '../testing.ts';
import { createProduct, createShopper, createStaff, placeOrder, type TestShopper } from '../testing-factories.ts';
import { startTestBucket, type TestBucket } from '../testing-s3.ts';
import { createS3Client } from '../lib/storage-s3.ts';
import { BackupError, backupToBucket, bucketKeyFor, readManifest, restoreBackup, verifyBackup, writeBackup } from '../lib/backup.ts';
import { tarEntries, TarWriter } from '../lib/tar.ts';

const engine = testServerUrl ? 'PostgreSQL' : 'PGlite';
const run = promisify(execFile);
const CLI = (name: string) => path.resolve(import.meta.dirname, `${name}.ts`);

let t: TestApp;
let db: Db;
let work: string;
let sourceDir: string;
let source: StoreConfig;
let shoppers: TestShopper[];
/** The customer's picture: its key in the store and its bytes. */
let picture: { key: string; bytes: Buffer };
let backupFile: string;
const created: string[] = [];

type StoreConfig = Pick<Config, 'databaseUrl' | 'dataDir' | 's3'>;

/** A new empty target: a new PostgreSQL database on the test server, or nothing yet (PGlite) in a new DATA_DIR. */
async function emptyTarget(): Promise<StoreConfig> {
  const dataDir = mkdtempSync(path.join(work, 'target-'));
  if (!testServerUrl) return { databaseUrl: undefined, dataDir, s3: null };
  const name = `milli_restore_${randomBytes(5).toString('hex')}`;
  await admin(`CREATE DATABASE "${name}"`);
  created.push(name);
  const url = new URL(testServerUrl);
  url.pathname = `/${name}`;
  return { databaseUrl: url.toString(), dataDir, s3: null };
}

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: testServerUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** What the store's owner would check after a restore, asked with plain SQL (not through the backup module). */
async function facts(database: Db) {
  const rows = async (q: string) => ((await database.execute(sql.raw(q))) as unknown as { rows: Record<string, unknown>[] }).rows;
  const one = async (q: string) => Number((await rows(q))[0]!.n);
  return {
    customers: await one('select count(*) as n from customers'),
    products: await one('select count(*) as n from products'),
    orders: await one('select count(*) as n from orders'),
    paidOrders: await one("select count(distinct order_id) as n from payments where purpose = 'order' and status in ('paid', 'refunded')"),
    invoices: (await rows('select order_number, total_paise from orders where invoiced_at is not null order by order_number')).map((r) => [
      String(r.order_number),
      Number(r.total_paise),
    ]),
    invoicedPaise: await one('select coalesce(sum(total_paise), 0) as n from orders where invoiced_at is not null'),
    creditNotes: (await rows('select number, amount_paise from credit_notes order by number')).map((r) => [String(r.number), Number(r.amount_paise)]),
    rowsEverywhere: await one('select (select count(*) from audit_log) + (select count(*) from mail_outbox) + (select count(*) from order_pieces) as n'),
  };
}

/** A server on a restored store, as main.ts opens one (migrations first: none are pending). */
async function serverOn(config: StoreConfig): Promise<{ app: FastifyInstance; database: Database; close(): Promise<void> }> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  await database.migrate();
  const app = await buildApp({ config: testConfig({ dataDir: config.dataDir, databaseUrl: config.databaseUrl }), database }, { web: false });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

const uploadsOf = (dataDir: string) =>
  existsSync(path.join(dataDir, 'uploads')) ? readdirSync(path.join(dataDir, 'uploads'), { recursive: true }).sort() : [];

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'milli-backup-test-'));
  sourceDir = mkdtempSync(path.join(work, 'source-'));
  t = await createTestApp({ seed: true, config: { dataDir: sourceDir } });
  db = t.database.db;
  source = { databaseUrl: t.database.url, dataDir: sourceDir, s3: null };

  // Customers, paid orders, invoices (issued at dispatch) and a credit note (a dispatched order cancelled), through the API.
  const owner = await createStaff(t.app, { role: 'owner' });
  const desk = await createStaff(t.app, { role: 'orders' });
  shoppers = [await createShopper(t.app), await createShopper(t.app), await createShopper(t.app)];
  const product = await createProduct(db, { name: 'Drill Pendant', stock: 20 });
  const numbers: string[] = [];
  for (const shopper of shoppers) {
    const placed = await placeOrder(t.app, shopper, { productId: product.id });
    expect(placed.statusCode, placed.body).toBe(200);
    numbers.push(placed.json().orderNumber as string);
  }
  await packAndDispatch(t.app, desk.cookie, numbers[0]!);
  await packAndDispatch(t.app, desk.cookie, numbers[1]!);
  const cancelled = await t.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${numbers[1]}/cancel`,
    headers: { cookie: owner.cookie },
    payload: { reason: 'The courier brought it back.' },
  });
  expect(cancelled.statusCode, cancelled.body).toBe(200);

  // A customer's picture for a custom design, uploaded as the storefront's form sends it.
  const form = new FormData();
  const fields: Record<string, string> = {
    custMetalType: 'gold',
    custGoldQuality: '18',
    custMetalWeight: '4.5',
    custGoldColor: 'Yellow Gold',
    custCategory: 'Rings',
    custDiamond: 'No',
    custStone: 'No',
    addRemarks: 'A slim band with a leaf pattern.',
    userId: String(shoppers[0]!.userId),
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 160, b: 60 } } })
    .png()
    .toBuffer();
  form.append('custImgOne', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'ring.png');
  const encoded = new Response(form);
  const uploaded = await t.app.inject({
    method: 'POST',
    url: '/api/admin/cutom-jewelry/new-request',
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')!, cookie: shoppers[0]!.cookie },
  });
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  const [image] = await db.select().from(schema.customDesignImages).orderBy(schema.customDesignImages.id).limit(1);
  picture = { key: image!.path, bytes: readFileSync(path.join(sourceDir, 'uploads', image!.path)) };
}, 300_000);

afterAll(async () => {
  await t?.close();
  for (const name of created) await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => {});
  if (work) rmSync(work, { recursive: true, force: true });
});

describe(`the restore drill (${engine})`, () => {
  let target: StoreConfig;

  it('a backup restored into an empty database elsewhere is the same store: counts, invoice totals, the upload, a customer’s login', async () => {
    const before = await facts(db);
    expect(before).toMatchObject({ customers: expect.any(Number), paidOrders: 3 });
    expect(before.invoices).toHaveLength(2);
    expect(before.creditNotes).toHaveLength(1);

    backupFile = path.join(work, 'store.tar');
    const written = await writeBackup({ out: backupFile, config: source, database: t.database });
    expect(written.manifest).toMatchObject({
      engine: testServerUrl ? 'postgres' : 'pglite',
      uploads: { kept: 'disk' },
      inventory: {
        counts: { customers: before.customers, orders: 3, paidOrders: 3, invoices: 2, creditNotes: 1, products: before.products },
        totals: { invoicedPaise: before.invoicedPaise, creditNotesPaise: before.creditNotes[0]![1] },
      },
    });
    expect(written.manifest.parts.map((p) => p.name)).toContain(`uploads/${picture.key}`);
    expect(written.manifest.inventory.migrations.last).toMatch(/^\d{4}_/);
    // Nothing half-written is left beside it.
    expect(readdirSync(work).filter((n) => n.startsWith('store.tar'))).toEqual(['store.tar']);
    expect(await verifyBackup(backupFile)).toEqual(written.manifest);

    target = await emptyTarget();
    const report = await restoreBackup({ from: backupFile, config: target });
    expect(report.inventory).toEqual(written.manifest.inventory);
    expect(report.uploads).toMatchObject({ files: written.manifest.uploads.kept === 'disk' ? written.manifest.uploads.files : -1 });

    const restored = await serverOn(target);
    try {
      expect(await facts(restored.database.db)).toEqual(before);
      // The customer logs in with the same password, and sees their picture and their invoice.
      const shopper = shoppers[0]!;
      const login = await postForm(restored.app, '/api/auth/login', { username: shopper.username, password: shopper.password });
      expect(login.statusCode, login.body).toBe(200);
      const cookie = String([login.headers['set-cookie']].flat().find((c) => String(c).startsWith('milli_session='))).split(';')[0]!;
      const media = await restored.app.inject({ url: `/media/uploads/${picture.key}`, headers: { cookie, 'sec-fetch-site': 'same-origin' } });
      expect(media.statusCode).toBe(200);
      expect(media.rawPayload.equals(picture.bytes)).toBe(true);
      const [invoiced] = before.invoices;
      const invoice = await restored.app.inject({ url: `/api/orders/${invoiced![0]}/invoice.pdf`, headers: { cookie, 'sec-fetch-site': 'same-origin' } });
      expect(invoice.statusCode).toBe(200);
      expect(invoice.headers['content-type']).toContain('application/pdf');
    } finally {
      await restored.close();
    }
    expect(readFileSync(path.join(target.dataDir, 'uploads', picture.key)).equals(picture.bytes)).toBe(true);
  }, 300_000);

  it('refuses to restore into a store that is not empty, and changes nothing', async () => {
    // The store just restored: its database has tables (and its uploads folder files).
    const restored = await serverOn(target);
    const before = await facts(restored.database.db);
    await restored.close();
    const uploadsBefore = uploadsOf(target.dataDir);
    await expect(restoreBackup({ from: backupFile, config: target })).rejects.toThrow(/already holds files: restore only into an empty/);
    // With the uploads moved away, the database itself is refused.
    const moved = path.join(target.dataDir, 'uploads-moved');
    rmSync(moved, { recursive: true, force: true });
    renameSync(path.join(target.dataDir, 'uploads'), moved);
    const refusal = await restoreBackup({ from: backupFile, config: target }).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(BackupError);
    expect((refusal as Error).message).toMatch(/is not empty \(\d+ tables, \d+ migrations applied\): restore only into a new, empty .*; nothing was changed$/);
    expect((refusal as Error).message).not.toContain('\n');
    expect(existsSync(path.join(target.dataDir, 'uploads'))).toBe(false);
    renameSync(moved, path.join(target.dataDir, 'uploads'));
    const again = await serverOn(target);
    try {
      expect(await facts(again.database.db)).toEqual(before);
    } finally {
      await again.close();
    }
    expect(uploadsOf(target.dataDir)).toEqual(uploadsBefore);
    expect(readdirSync(target.dataDir).sort()).toEqual(testServerUrl ? ['uploads'] : ['pglite', 'uploads']);
  }, 180_000);

  it('refuses a file that is not a whole backup of this engine, with a clear message, changing nothing', async () => {
    const bytes = readFileSync(backupFile);
    const file = (name: string, content: Buffer) => {
      const p = path.join(work, name);
      writeFileSync(p, content);
      return p;
    };
    const random = file('random.bin', randomBytes(64 * 1024));
    const truncated = file('truncated.tar', bytes.subarray(0, Math.floor(bytes.length / 2)));
    const cutAtEnd = file('cut-at-end.tar', bytes.subarray(0, bytes.length - 1024));
    // One byte changed in the middle of the database's dump.
    const tamperedBytes = Buffer.from(bytes);
    const handle = await open(backupFile, 'r');
    let dumpEntry: { offset: number; size: number } | undefined;
    for await (const entry of tarEntries(handle)) if (entry.name.startsWith('database.')) dumpEntry = entry;
    await handle.close();
    tamperedBytes[dumpEntry!.offset + Math.floor(dumpEntry!.size / 2)]! ^= 0xff;
    const tampered = file('tampered.tar', tamperedBytes);
    // A tar file, but some other one.
    const otherTar = path.join(work, 'other.tar');
    const writer = await TarWriter.create(otherTar);
    await writer.addBuffer('notes.txt', Buffer.from('hello'));
    await writer.finish();
    // A whole backup of the other engine (its manifest and checksums in order).
    const otherEngine = path.join(work, 'other-engine.tar');
    await craftBackup(otherEngine, testServerUrl ? 'pglite' : 'postgres');

    const cases: [string, RegExp][] = [
      [random, /is not a Milli backup: it does not start with a tar header/],
      [path.join(work, 'missing.tar'), /does not exist/],
      [truncated, /is cut short \(.*\): the copy is incomplete/],
      [cutAtEnd, /is cut short/],
      [tampered, /is damaged: database\.\S+ does not match its checksum/],
      [otherTar, /is a tar file but not a Milli backup/],
      [
        otherEngine,
        testServerUrl
          ? /is a backup of the embedded database \(PGlite\), but this store is configured for PostgreSQL/
          : /is a backup of a PostgreSQL database, but this store is configured for the embedded database/,
      ],
    ];
    const into = await emptyTarget();
    for (const [from, message] of cases) {
      const refusal = await restoreBackup({ from, config: into }).catch((e: unknown) => e);
      expect(refusal, from).toBeInstanceOf(BackupError);
      expect((refusal as Error).message, from).toMatch(message);
      expect((refusal as Error).message).not.toContain('\n');
    }
    // The manifest alone is readable from a tampered file (headers only); its checksum fails only when verified.
    expect((await readManifest(tampered)).engine).toBe(testServerUrl ? 'postgres' : 'pglite');
    // Nothing was written: no database, no uploads.
    expect(readdirSync(into.dataDir)).toEqual([]);
    if (into.databaseUrl) {
      const client = new pg.Client({ connectionString: into.databaseUrl });
      await client.connect();
      const { rows } = await client.query("select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')");
      await client.end();
      expect(rows[0].n).toBe(0);
    }
  }, 180_000);

  it('npm run backup and npm run restore do the same from the command line, one line and exit code 1 when refused', async () => {
    const env = (config: StoreConfig) => ({
      PATH: process.env.PATH,
      DATA_DIR: config.dataDir,
      ...(config.databaseUrl ? { DATABASE_URL: config.databaseUrl } : {}),
    });
    const out = path.join(work, 'cli.tar');
    const backedUp = await run(process.execPath, ['--import', 'tsx', CLI('backup'), '--out', out], { env: env(target) });
    expect(backedUp.stdout).toMatch(/^Backup written to .*cli\.tar \([\d.]+ MB\) in [\d.]+ s: /m);
    if (!testServerUrl) expect(backedUp.stdout).toContain('the server must be stopped');

    const again = await run(process.execPath, ['--import', 'tsx', CLI('backup'), '--out', out], { env: env(target) }).catch((e: RunError) => e);
    expect(again).toMatchObject({ code: 1 });
    expect((again as RunError).stderr.trim()).toBe(`backup: ${out} exists already: give a new file name (a backup never overwrites a file)`);

    const into = await emptyTarget();
    const restored = await run(process.execPath, ['--import', 'tsx', CLI('restore'), '--from', out], { env: env(into) });
    expect(restored.stdout).toMatch(/^Restored in [\d.]+ s: every table holds the rows the backup's manifest lists; 2 uploaded files in /m);
    const refused = await run(process.execPath, ['--import', 'tsx', CLI('restore'), '--from', out], { env: env(into) }).catch((e: RunError) => e);
    expect(refused).toMatchObject({ code: 1 });
    expect((refused as RunError).stderr.trim().split('\n')).toHaveLength(1);
    expect((refused as RunError).stderr).toMatch(/^restore: .*(already holds files|is not empty)/);

    const checked = await run(process.execPath, ['--import', 'tsx', CLI('restore'), '--from', out, '--check'], { env: env(into) });
    expect(checked.stdout).toMatch(/is a whole backup: /);
    const usage = await run(process.execPath, ['--import', 'tsx', CLI('restore')], { env: env(into) }).catch((e: RunError) => e);
    expect(usage).toMatchObject({ code: 2 });
  }, 300_000);

  it.skipIf(testServerUrl)(
    'the command line refuses to open the embedded database while another process has it open',
    async () => {
      // This test's process holds the restored store open, as a running server would.
      const open = await openDatabase({ dataDir: target.dataDir });
      try {
        const refused = await run(process.execPath, ['--import', 'tsx', CLI('backup'), '--out', path.join(work, 'while-open.tar')], {
          env: { PATH: process.env.PATH, DATA_DIR: target.dataDir },
        }).catch((e: RunError) => e);
        expect(refused).toMatchObject({ code: 1 });
        expect((refused as RunError).stderr).toContain(`is open in process ${process.pid}`);
        expect((refused as RunError).stderr).toContain('stop the server first');
        expect(existsSync(path.join(work, 'while-open.tar'))).toBe(false);
      } finally {
        await open.close();
      }
    },
    120_000,
  );

  it.skipIf(testServerUrl)(
    'no command opens the embedded database while another process has it open (a staff command beside the server)',
    async () => {
      const open = await openDatabase({ dataDir: target.dataDir });
      try {
        const refused = await run(process.execPath, ['--import', 'tsx', CLI('staff'), 'list'], {
          env: { PATH: process.env.PATH, DATA_DIR: target.dataDir },
        }).catch((e: RunError) => e);
        expect(refused).toMatchObject({ code: 1 });
        expect((refused as RunError).stderr).toContain(`is open in process ${process.pid} (the server?)`);
        // Its postmaster.pid is still there: the refused command did not open the folder and close it under us.
        expect(existsSync(path.join(target.dataDir, 'pglite', 'postmaster.pid'))).toBe(true);
      } finally {
        await open.close();
      }
    },
    120_000,
  );
});

type RunError = { code: number; stdout: string; stderr: string };

/** A whole, well-formed backup of `engine` with made-up contents: only its engine is wrong for the store. */
async function craftBackup(file: string, kind: 'pglite' | 'postgres') {
  const writer = await TarWriter.create(file);
  await writer.addBuffer('MILLI-BACKUP', Buffer.from('Milli backup, format 1\n'));
  const part = await writer.addBuffer(kind === 'postgres' ? 'database.pgdump' : 'database.pglite.tar.gz', randomBytes(2048));
  const manifest = {
    format: 'milli-backup',
    version: 1,
    createdAt: new Date().toISOString(),
    engine: kind,
    engineVersion: kind === 'postgres' ? '15.20' : '0.5.16',
    pgDumpVersion: kind === 'postgres' ? '15.20' : null,
    inventory: {
      migrations: { count: 1, last: '0000_extensions' },
      counts: { customers: 0, products: 0, orders: 0, paidOrders: 0, invoices: 0, creditNotes: 0 },
      totals: { ordersPaise: 0, invoicedPaise: 0, creditNotesPaise: 0 },
      tables: {},
    },
    uploads: { kept: 'disk', files: 0, bytes: 0 },
    parts: [part],
  };
  await writer.addBuffer('manifest.json', Buffer.from(JSON.stringify(manifest)));
  await writer.finish();
}

describe(`the nightly backup to the bucket (${engine})`, () => {
  let bucket: TestBucket;
  beforeAll(async () => {
    bucket = await startTestBucket('milli-nightly');
  });
  afterAll(async () => {
    await bucket?.close();
  });

  it('uploads a dated backup under backups/ and deletes only the backups older than the retention', async () => {
    const now = new Date('2026-03-20T21:30:00Z');
    const client = createS3Client(bucket.s3);
    const put = (Key: string) => client.send(new PutObjectCommand({ Bucket: bucket.s3.bucket, Key, Body: 'an old backup' }));
    const daysAgo = (days: number) => bucketKeyFor(new Date(now.getTime() - days * 86_400_000));
    try {
      for (const days of [40, 15, 14.5, 13, 1]) await put(daysAgo(days));
      await put('backups/notes.txt');
      await put('products/1/abcdef0123456789-640.webp');

      const result = await backupToBucket({ config: { ...source, s3: bucket.s3 }, database: t.database, retentionDays: 14, now });
      expect(result.key).toBe('backups/milli-2026-03-20T213000Z.tar');
      expect(result.deleted).toEqual([daysAgo(40), daysAgo(15), daysAgo(14.5)].sort());
      expect(result.kept).toEqual([daysAgo(13), daysAgo(1), result.key].sort());
      const listed = await client.send(new ListObjectsCommand({ Bucket: bucket.s3.bucket }));
      expect((listed.Contents ?? []).map((o) => o.Key).sort()).toEqual(
        [daysAgo(13), daysAgo(1), result.key, 'backups/notes.txt', 'products/1/abcdef0123456789-640.webp'].sort(),
      );

      // The object is a whole backup of the database; the uploads are the bucket's own.
      const object = await client.send(new GetObjectCommand({ Bucket: bucket.s3.bucket, Key: result.key }));
      const downloaded = path.join(work, 'from-bucket.tar');
      writeFileSync(downloaded, Buffer.from(await object.Body!.transformToByteArray()));
      expect(statSync(downloaded).size).toBe(result.bytes);
      const manifest = await verifyBackup(downloaded);
      expect(manifest.uploads).toEqual({ kept: 'bucket', bucket: 'milli-nightly' });
      expect(manifest.parts).toHaveLength(1);
      expect(manifest.inventory.counts.orders).toBe(3);

      // A second night with a 1-day retention keeps only what is at most a day old.
      const next = await backupToBucket({
        config: { ...source, s3: bucket.s3 },
        database: t.database,
        retentionDays: 1,
        now: new Date(now.getTime() + 86_400_000),
      });
      expect(next.kept).toEqual([result.key, next.key].sort());
      expect(next.deleted).toEqual([daysAgo(13), daysAgo(1)].sort());
    } finally {
      client.destroy();
    }
  }, 180_000);

  it('refuses without a bucket or with a retention out of range, uploading nothing', async () => {
    await expect(backupToBucket({ config: source, database: t.database, retentionDays: 14 })).rejects.toThrow(/no S3 bucket is configured/);
    await expect(backupToBucket({ config: { ...source, s3: bucket.s3 }, database: t.database, retentionDays: 0 })).rejects.toThrow(/1 to 365 days/);
  });
});

describe('the settings field the nightly job reads', () => {
  it('is 14 days by default', async () => {
    const [settings] = await db.select().from(schema.storeSettings).where(eq(schema.storeSettings.id, 1));
    expect(settings!.backupRetentionDays).toBe(14);
  });
});
