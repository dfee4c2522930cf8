/**
 * The store's queues (queues.ts) on a running engine: the CDN purge and the nightly backup exist only when their
 * pieces are given; a burst of catalogue changes is one waiting purge; the backup runs on its schedule's queue; the
 * sale prices' pass runs at start and has its midnight schedule.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { JOBS_SCHEMA } from './lib/jobs.ts';
import { CDN_PURGE_DELAY_SECONDS, QUEUE } from './queues.ts';
import { createTestApp, type TestApp } from './testing.ts';

let t: TestApp;
let backups = 0;
const purges: string[] = [];
const cdn = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    purges.push(req.method ?? '');
    res.end('{}');
  });
});

async function rows(query: ReturnType<typeof sql>) {
  return (await t.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
}

beforeAll(async () => {
  await new Promise<void>((resolve) => cdn.listen(0, '127.0.0.1', resolve));
  t = await createTestApp({
    seed: false,
    config: { cdnPurge: { url: `http://127.0.0.1:${(cdn.address() as AddressInfo).port}/purge`, header: null, body: '{}' } },
    jobs: { pollingSeconds: 0.5, cronSeconds: 1, stopTimeoutSeconds: 5 },
    nightlyBackup: async () => {
      backups++;
      return { uploaded: 'nightly.tar' };
    },
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => cdn.close(() => resolve()));
});

describe('the store’s queues', () => {
  it('has a nightly backup and a CDN purge when their pieces are given, the backup on its schedule in India’s night', async () => {
    const names = t.app.jobs.queues().map((q) => q.name);
    expect(names).toEqual(expect.arrayContaining([QUEUE.cdnPurge, QUEUE.backupNightly]));
    const { rows: schedules } = await rows(sql`select name, cron, timezone from ${sql.raw(JOBS_SCHEMA)}.schedule order by name`);
    expect(schedules).toContainEqual({ name: 'backup.nightly', cron: '30 2 * * *', timezone: 'Asia/Kolkata' });
    await t.app.jobs.send(QUEUE.backupNightly);
    await expect.poll(() => backups, { timeout: 15_000 }).toBe(1);
  });

  it('brings the sale prices to the day at each Indian midnight, and once at start (issue 38)', async () => {
    const { rows: schedules } = await rows(sql`select name, cron, timezone from ${sql.raw(JOBS_SCHEMA)}.schedule where name = ${QUEUE.catalogSales}`);
    expect(schedules).toEqual([{ name: 'catalog.sales', cron: '0 0 * * *', timezone: 'Asia/Kolkata' }]);
    const done = async () =>
      (await rows(sql`select count(*)::int as n from ${sql.raw(JOBS_SCHEMA)}.job where name = ${QUEUE.catalogSales} and state = 'completed'`)).rows[0]!.n;
    await expect.poll(done, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
  });

  it('turns a burst of catalogue changes into one waiting purge, sent a few seconds later', { timeout: 40_000 }, async () => {
    const before = purges.length;
    const sent = await Promise.all(Array.from({ length: 10 }, () => t.app.jobs.send(QUEUE.cdnPurge, null, { startAfterSeconds: CDN_PURGE_DELAY_SECONDS })));
    // The queue holds one waiting purge: the first send makes it and the others are dropped (all ten are, when the
    // purge of the read cache's first emptying, at start, is still waiting).
    expect(sent.filter((id) => id !== null).length).toBeLessThanOrEqual(1);
    const { rows: waiting } = await rows(
      sql`select count(*)::int as n from ${sql.raw(JOBS_SCHEMA)}.job where name = ${QUEUE.cdnPurge} and state in ('created', 'retry')`,
    );
    expect(waiting[0]!.n).toBe(1);
    await expect.poll(() => purges.length - before, { timeout: (CDN_PURGE_DELAY_SECONDS + 15) * 1000 }).toBe(1);
  });
});

describe('the queues without their optional pieces', () => {
  it('has neither a CDN purge nor a backup', async () => {
    const bare = await createTestApp({ seed: false });
    try {
      const names = bare.app.jobs.queues().map((q) => q.name);
      expect(names).not.toContain(QUEUE.cdnPurge);
      expect(names).not.toContain(QUEUE.backupNightly);
      expect(bare.app.jobs.mode).toBe('inline');
    } finally {
      await bare.close();
    }
  });
});
