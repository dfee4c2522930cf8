/**
 * The health checks (decision 021, issue 37): live answers while the process does; ready asks the database every time,
 * knows whether the migrations are applied and whether the instance is draining, and says which check failed;
 * /healthz gives ready's verdict in its old body. None is ever cached.
 */
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing.ts';

const apps: TestApp[] = [];
afterAll(async () => {
  for (const t of apps) await t.app.close().catch(() => undefined);
});

async function testApp() {
  const t = await createTestApp({ seed: false });
  apps.push(t);
  return t;
}

describe('GET /api/health/live, /api/health/ready and /healthz', () => {
  it('ready says which check fails: migrations not applied, draining after SIGTERM, a database gone; live answers throughout', async () => {
    const t = await testApp();
    const ready = () => t.app.inject({ url: '/api/health/ready' });

    // The newest migration taken away: this build's schema is not all there.
    const rows = (await t.database.db.execute(sql`delete from drizzle.__drizzle_migrations
      where created_at = (select max(created_at) from drizzle.__drizzle_migrations) returning hash, created_at`)) as unknown as {
      rows: { hash: string; created_at: string }[];
    };
    const newest = rows.rows[0]!;
    const pending = await ready();
    expect(pending.statusCode).toBe(503);
    expect(pending.json()).toEqual({ ok: false, checks: { database: 'ok', migrations: 'pending', draining: false }, failed: ['migrations'] });
    expect(pending.headers['cache-control']).toBe('no-store');
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ ok: false });

    await t.database.db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${newest.hash}, ${newest.created_at})`);
    const ok = await ready();
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ok: true, checks: { database: 'ok', migrations: 'done', draining: false }, failed: [] });
    expect(ok.headers['cache-control']).toBe('no-store');
    expect(ok.headers.connection).not.toBe('close');
    const healthz = await t.app.inject({ url: '/healthz' });
    expect([healthz.statusCode, healthz.json(), healthz.headers['cache-control']]).toEqual([200, { ok: true }, 'no-store']);

    // SIGTERM: not ready at once, while every other call is still answered, each closing its connection.
    t.app.lifecycle.startDraining();
    const draining = await ready();
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toEqual({ ok: false, checks: { database: 'ok', migrations: 'done', draining: true }, failed: ['draining'] });
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(503);
    const settings = await t.app.inject({ url: '/api/category' });
    expect(settings.statusCode).toBe(200);
    expect(settings.headers.connection).toBe('close');
    const live = await t.app.inject({ url: '/api/health/live' });
    expect([live.statusCode, live.json(), live.headers['cache-control']]).toEqual([200, { ok: true }, 'no-store']);

    // The database gone: named too. The settings answer, the old advice for a health check, is kept by the read
    // cache; ready is not.
    await t.database.dispose();
    const down = await ready();
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ ok: false, checks: { database: 'failed', migrations: 'done', draining: true }, failed: ['database', 'draining'] });
    const healthzDown = await t.app.inject({ url: '/healthz' });
    expect([healthzDown.statusCode, healthzDown.json(), healthzDown.headers['cache-control']]).toEqual([503, { ok: false }, 'no-store']);
    expect((await t.app.inject({ url: '/api/health/live' })).statusCode).toBe(200);
  });

  it('a database that answers nothing at all makes ready answer 503 with the migrations unknown', async () => {
    const t = await testApp();
    await t.database.dispose();
    const down = await t.app.inject({ url: '/api/health/ready' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ ok: false, checks: { database: 'failed', migrations: 'unknown', draining: false }, failed: ['database', 'migrations'] });
  });
});

describe('the lifecycle’s background stops', () => {
  it('close waits for registered background work, which may still use the database, and runs each stop once', async () => {
    const t = await testApp();
    const steps: string[] = [];
    // The app registers its job engine as 'jobs' (app.ts): this test's stand-in work goes under a name of its own.
    t.app.lifecycle.onStop('slow-work', async () => {
      steps.push('stop asked');
      await new Promise((resolve) => setTimeout(resolve, 200));
      await t.database.db.execute(sql`select 1`);
      steps.push('job finished');
    });
    expect(() => t.app.lifecycle.onStop('slow-work', async () => {})).toThrow(/registered already/);
    expect(() => t.app.lifecycle.onStop('jobs', async () => {})).toThrow(/registered already/);
    await t.app.close();
    steps.push('closed');
    expect(steps).toEqual(['stop asked', 'job finished', 'closed']);
    await t.app.lifecycle.stopBackground();
    expect(steps).toHaveLength(3);
    expect(t.app.lifecycle.pending()).toEqual([]);
    await t.database.dispose();
  });
});
