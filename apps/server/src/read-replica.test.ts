/**
 * A read replica (issue 37), against a real streaming replica: the test makes its own PostgreSQL primary and a
 * pg_basebackup of it (packages/db/src/testing-replica.ts), opens the store on both, and checks that the catalogue is
 * read from the replica, that a change is never kept stale by the read cache, that a shopper's own writes read back at
 * once, that the store keeps answering when the replica stops, and that bad configuration stops the start.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DatabaseOpenError, openDatabase, type Database } from '@milli/db';
import { createTestDatabase, type TestDatabase } from '@milli/db/testing';
import { createReplicaCluster, replicaTestsSkipReason, type ReplicaCluster } from '@milli/db/testing-replica';
import { ConfigError, loadConfig } from './config.ts';
import { createTestApp, postForm, type TestApp } from './testing.ts';
import { createProduct, createShopper, createStaff, placeOrder } from './testing-factories.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const skipReason = replicaTestsSkipReason();
/** The lag bound the store is opened with here: a change waits at most this long for the replica. */
const MAX_WAIT_MS = 1_500;

describe('DATABASE_READ_URL configuration', () => {
  it('is refused without DATABASE_URL, with what to do', () => {
    expect(() => loadConfig({ DATABASE_READ_URL: 'postgres://reader@replica.internal/milli' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_READ_URL: 'postgres://reader@replica.internal/milli' })).toThrow(/^DATABASE_READ_URL needs DATABASE_URL/);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://a@b/c', DATABASE_READ_URL: 'mysql://x' })).toThrow(/DATABASE_READ_URL must start with postgres/);
    const config = loadConfig({ DATABASE_URL: 'postgres://a@b/c', DATABASE_READ_URL: 'postgres://r@replica/c', DATABASE_READ_POOL_SIZE: '3' });
    expect(config.databaseReadUrl).toBe('postgres://r@replica/c');
    expect(config.databaseReadPoolSize).toBe(3);
    expect(loadConfig({}).databaseReadUrl).toBeUndefined();
  });
});

describe.skipIf(skipReason !== null)(`a read replica${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let cluster: ReplicaCluster;
  let primary: TestDatabase;
  let database: Database;
  let name = '';
  let t: TestApp;
  let staffCookie = '';
  const warnings: string[] = [];

  /** Statements the replica ran that read the products table (pg_stat_statements of the replica's own). */
  async function replicaProductReads(): Promise<number> {
    const client = new pg.Client({ connectionString: cluster.replicaUrl(name) });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: string | null }>(
        `select sum(calls)::text as n from pg_stat_statements s join pg_database d on d.oid = s.dbid where d.datname = $1 and s.query ilike '%from "products"%'`,
        [name],
      );
      return Number(rows[0]?.n ?? 0);
    } finally {
      await client.end();
    }
  }

  const productName = async (id: number) => {
    const res = await t.app.inject({ url: `/api/product/find-by-id/${id}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.product_name as string;
  };

  /** Waits until reads go to the replica (on a busy machine a first wait may pass the bound, and the replica is taken back a second later). */
  async function replicaInUse() {
    const until = Date.now() + 10_000;
    while (!database.replica!.inUse && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(database.replica!.inUse, 'reads go to the replica').toBe(true);
  }

  beforeAll(async () => {
    vi.spyOn(console, 'warn').mockImplementation((message: unknown) => void warnings.push(String(message)));
    cluster = await createReplicaCluster();
    primary = await createTestDatabase({ databaseUrl: cluster.primaryServerUrl, seed: true });
    name = new URL(primary.url!).pathname.slice(1);
    await primary.db.execute(sql`create extension if not exists pg_stat_statements`);
    // The new database reaches the replica a moment later.
    for (let i = 0; ; i++) {
      const client = new pg.Client({ connectionString: cluster.replicaUrl(name) });
      try {
        await client.connect();
        await client.query('select 1 from pg_stat_statements limit 1');
        break;
      } catch (error) {
        if (i > 100) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      } finally {
        await client.end().catch(() => {});
      }
    }
    database = await openDatabase({
      databaseUrl: primary.url!,
      readUrl: cluster.replicaUrl(name),
      poolSize: 4,
      readPoolSize: 2,
      replicaMaxWaitMs: MAX_WAIT_MS,
    });
    t = await createTestApp({ database: { ...database, dispose: () => database.close() } });
    staffCookie = (await createStaff(t.app, { role: 'catalogue' })).cookie;
  }, 90_000);

  afterAll(async () => {
    await t?.close();
    await primary?.dispose().catch(() => {});
    await cluster?.dispose();
    vi.restoreAllMocks();
  }, 30_000);

  it('reads the catalogue and staff reports from the replica', async () => {
    await replicaInUse();
    const [reads] = await database.read
      .execute(sql`select pg_is_in_recovery() as replica`)
      .then((r) => (r as unknown as { rows: { replica: boolean }[] }).rows);
    expect(reads).toEqual({ replica: true });
    const [writes] = await database.db.execute(sql`select pg_is_in_recovery() as replica`).then((r) => (r as unknown as { rows: { replica: boolean }[] }).rows);
    expect(writes).toEqual({ replica: false });

    const before = await replicaProductReads();
    const listing = await t.app.inject({ url: '/api/product/productList?sort=2&page=1&q=gold' });
    expect(listing.statusCode, listing.body).toBe(200);
    expect(listing.json().totalResults).toBeGreaterThan(0);
    expect((await t.app.inject({ url: '/api/product/find-by-id/1' })).statusCode).toBe(200);
    const owner = (await createStaff(t.app, { role: 'owner' })).cookie;
    expect((await t.app.inject({ url: '/api/admin/dashboard', headers: { cookie: owner } })).statusCode).toBe(200);
    expect(await replicaProductReads()).toBeGreaterThan(before);
  });

  it('shows a product changed through the back office within a bounded time, and never keeps the old answer', async () => {
    const id = 1;
    const old = await productName(id);
    const renamed = `${old} (renamed ${Date.now()})`;
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/products/${id}`,
      headers: { cookie: staffCookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: renamed }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const started = Date.now();
    let seenAt = -1;
    while (Date.now() - started < MAX_WAIT_MS + 2_000) {
      if ((await productName(id)) === renamed) {
        seenAt = Date.now() - started;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(seenAt, 'the new name shows within the bound').toBeGreaterThanOrEqual(0);
    console.log(`back office rename shown after ${seenAt} ms; the last replica wait was ${database.replica!.stats().lastWaitMs} ms`);
    await t.app.readCache.caughtUp();
    for (let i = 0; i < 5; i++) expect(await productName(id)).toBe(renamed);
    const listing = await t.app.inject({ url: `/api/product/productList?sort=2&page=1&q=${encodeURIComponent('renamed')}` });
    expect(listing.json().data.map((p: { product_name: string }) => p.product_name)).toContain(renamed);
  });

  it('waits for the replica before forgetting a change another instance made, and leaves a replica that lags past the bound', async () => {
    await replicaInUse();
    const id = 2;
    const old = await productName(id); // kept in the read cache
    await cluster.pauseReplay(true);
    try {
      // Another instance (or a tool) changes the product: only the database's notification tells this one.
      const first = `${old} (A)`;
      await primary.db.execute(sql`update products set name = ${first}, updated_at = now() where id = ${id}`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      // The replica has not replayed it: the kept answer is still served (reading the replica again would give it too).
      expect(await productName(id)).toBe(old);
      expect(database.replica!.inUse).toBe(true);
      // Past the bound the store reads from the primary, and says so once.
      await t.app.readCache.caughtUp();
      expect(database.replica!.inUse).toBe(false);
      expect(await productName(id)).toBe(first);
      expect(warnings.some((w) => w.includes('has not replayed a change within'))).toBe(true);
    } finally {
      await cluster.pauseReplay(false);
    }
    // Caught up again, the replica is used again (asked every second).
    await replicaInUse();
    expect(warnings.some((w) => w.includes('has caught up'))).toBe(true);

    // A change the replica replays within the bound: the cache waits for it, then shows it.
    const second = `${old} (B)`;
    const started = Date.now();
    await primary.db.execute(sql`update products set name = ${second}, updated_at = now() where id = ${id}`);
    await t.app.readCache.caughtUp();
    const waited = Date.now() - started;
    expect(await productName(id)).toBe(second);
    console.log(`a change made elsewhere: shown ${waited} ms after its commit; the cache waited ${database.replica!.stats().lastWaitMs} ms for the replica`);
  });

  it("reads a shopper's own writes back at once, even while the replica lags", async () => {
    const shopper = await createShopper(t.app);
    const piece = await createProduct(primary.db);
    await t.app.readCache.caughtUp(); // the new piece is on the replica
    await cluster.pauseReplay(true);
    try {
      const added = await postForm(t.app, '/api/cart/add', { cart_product_id: piece.id, cart_quantity: 1, cart_user_id: shopper.userId }, shopper);
      expect(added.statusCode, added.body).toBe(200);
      const cart = await t.app.inject({ url: `/api/cart/find-by-user-id/${shopper.userId}`, headers: { cookie: shopper.cookie } });
      expect(cart.statusCode, cart.body).toBe(200);
      expect(JSON.stringify(cart.json())).toContain(piece.name);
      const placed = await placeOrder(t.app, shopper);
      expect(placed.statusCode, placed.body).toBe(200);
      const orders = await t.app.inject({ url: '/api/orders', headers: { cookie: shopper.cookie } });
      expect(orders.statusCode, orders.body).toBe(200);
      expect(orders.body).toContain(placed.json().orderNumber);
    } finally {
      await cluster.pauseReplay(false);
    }
  });

  it('keeps answering from the primary when the replica stops, and readiness does not depend on it', async () => {
    await cluster.stopReplica();
    // Not kept yet: these reach the database.
    const listing = await t.app.inject({ url: '/api/product/productList?sort=4&page=1&q=ring' });
    expect(listing.statusCode, listing.body).toBe(200);
    expect((await t.app.inject({ url: '/api/product/find-by-id/4' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/category' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
    expect(database.replica!.inUse).toBe(false);
    expect(warnings.filter((w) => w.includes('did not answer')).length).toBe(1);
    // A change is forgotten at once while the replica is left.
    await primary.db.execute(sql`update products set name = 'Replica Down Ring', updated_at = now() where id = 4`);
    await t.app.readCache.caughtUp();
    expect(await productName(4)).toBe('Replica Down Ring');
  });

  it('refuses a DATABASE_READ_URL that is not a replica', async () => {
    const refused = openDatabase({ databaseUrl: primary.url!, readUrl: primary.url!, poolSize: 1 });
    await expect(refused).rejects.toThrow(DatabaseOpenError);
    await expect(openDatabase({ databaseUrl: primary.url!, readUrl: primary.url!, poolSize: 1 })).rejects.toThrow(
      /is not a replica: pg_is_in_recovery\(\) is false there.*unset it to read from the primary/,
    );
  });

  it('stops the start when the replica does not answer: one clear line without the password, exit 1, nothing migrated', async () => {
    const admin = new pg.Client({ connectionString: cluster.primaryServerUrl });
    await admin.connect();
    await admin.query('create database milli_empty');
    await admin.end();
    // Only what the child needs: the test's own environment (TEST_DATABASE_URL, secrets of the machine) stays here.
    const env = {
      PATH: process.env.PATH ?? '',
      DATABASE_URL: cluster.primaryUrl('milli_empty'),
      DATABASE_READ_URL: 'postgres://reader:s3cret-pass@127.0.0.1:1/milli',
      DATA_DIR: 'memory',
      SERVE_WEB: 'false',
      PORT: '0',
      LOG_LEVEL: 'silent',
    };
    const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'main.ts')], { env, stdio: ['ignore', 'ignore', 'pipe'] });
      let err = '';
      child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
      child.on('exit', (exit) => resolve({ code: exit, stderr: err }));
    });
    expect(code).toBe(1);
    expect(stderr).toMatch(/^Milli could not start: the read replica at DATABASE_READ_URL did not answer: .*ECONNREFUSED/m);
    expect(stderr).not.toContain('s3cret-pass');
    const check = new pg.Client({ connectionString: cluster.primaryUrl('milli_empty') });
    await check.connect();
    const { rows } = await check.query("select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle')");
    await check.end();
    expect(rows[0].n).toBe(0);
  }, 30_000);
});
