/**
 * The job engine (decision 042) on the store's database: PGlite by default, PostgreSQL with TEST_DATABASE_URL. A job
 * that keeps failing is retried with growing waits and then lands `failed` with its error; a permanent failure lands
 * there at once; a schedule sends each occurrence once however many engines share the database; a graceful stop
 * waits for the job running; an inline engine (the tests' app) runs a sent job at once without pg-boss.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '@milli/db/testing';
import { createJobEngine, JOBS_SCHEMA, PermanentJobError, type JobEngine, type JobEngineOptions } from './jobs.ts';

let database: TestDatabase;
const engines: JobEngine[] = [];
const quiet: JobEngineOptions['log'] = { info: () => {}, warn: () => {}, error: () => {} };

function engine(tuning: JobEngineOptions['tuning'] = {}): JobEngine {
  const made = createJobEngine({
    database,
    databaseUrl: database.url,
    mode: 'engine',
    log: quiet,
    tuning: { pollingSeconds: 0.5, cronSeconds: 1, stopTimeoutSeconds: 10, ...tuning },
  });
  engines.push(made);
  return made;
}

interface JobRow extends Record<string, unknown> {
  id: string;
  state: string;
  retry_count: number;
  output: { message?: string } | null;
  singleton_on: string | null;
  created_on: Date;
}

async function jobsOf(queue: string): Promise<JobRow[]> {
  const result = await database.db.execute(
    sql`select id, state, retry_count, output, created_on from ${sql.raw(JOBS_SCHEMA)}.job where name = ${queue} order by created_on`,
  );
  return (result as unknown as { rows: JobRow[] }).rows;
}

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 25_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
});
afterAll(async () => {
  for (const e of engines) await e.stop().catch(() => undefined);
  await database?.dispose();
});

describe('the job engine', () => {
  it('retries a failing job with growing waits, then keeps it failed with its error (and no address in it)', { timeout: 60_000 }, async () => {
    const jobs = engine();
    const attempts: number[] = [];
    jobs.define(
      'test.flaky',
      async (_data, job) => {
        attempts.push(Date.now());
        throw new Error(`refused for asha@example.in, attempt ${job.attempt}${job.finalAttempt ? ' (last)' : ''}`);
      },
      { retryLimit: 3, retryDelaySeconds: 1, expireInSeconds: 30 },
    );
    const started = performance.now();
    await jobs.start();
    console.log(`job engine start on ${database.kind}: ${Math.round(performance.now() - started)} ms`);
    const id = await jobs.send('test.flaky', { n: 1 });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await until(async () => (await jobsOf('test.flaky'))[0]?.state === 'failed');
    expect(attempts).toHaveLength(4);
    const gaps = attempts.slice(1).map((at, i) => at - attempts[i]!);
    // pg-boss waits between retryDelay·2^(n-1) and retryDelay·2^n seconds before retry n (jitter), plus a poll.
    gaps.forEach((gap, i) => expect(gap).toBeGreaterThanOrEqual(2 ** i * 1000 * 0.9));
    expect(gaps[2]!).toBeGreaterThan(gaps[0]!);
    const [row] = await jobsOf('test.flaky');
    expect(row).toMatchObject({ state: 'failed', retry_count: 3 });
    expect(row!.output).toEqual({ message: 'refused for ~, attempt 4 (last)' });
  });

  it('fails a job at once, without retrying, when its handler says the failure is permanent', async () => {
    const jobs = engine();
    let runs = 0;
    jobs.define(
      'test.permanent',
      async () => {
        runs++;
        throw new PermanentJobError('550 Recipient address rejected');
      },
      { retryLimit: 5, retryDelaySeconds: 1, expireInSeconds: 30 },
    );
    await jobs.start();
    await jobs.send('test.permanent', {});
    await until(async () => (await jobsOf('test.permanent'))[0]?.state === 'failed');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(runs).toBe(1);
    expect((await jobsOf('test.permanent'))[0]).toMatchObject({ retry_count: 0, output: { message: '550 Recipient address rejected' } });
  });

  it('drops a second job with the same singleton key while the first waits', async () => {
    const jobs = engine();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    jobs.define('test.single', () => held, { retryLimit: 0, retryDelaySeconds: 1, expireInSeconds: 30 });
    await jobs.start();
    const first = await jobs.send('test.single', { n: 1 }, { singletonKey: 'one' });
    expect(first).not.toBeNull();
    expect(await jobs.send('test.single', { n: 2 }, { singletonKey: 'one' })).toBeNull();
    expect(await jobs.send('test.single', { n: 3 }, { singletonKey: 'two' })).not.toBeNull();
    release();
    await until(async () => (await jobsOf('test.single')).every((j) => j.state === 'completed'));
  });

  it('sends a scheduled job once a minute however many engines share the database', { timeout: 60_000 }, async () => {
    const runs: string[] = [];
    const [a, b] = [engine(), engine()];
    for (const [name, jobs] of [
      ['a', a],
      ['b', b],
    ] as const) {
      jobs.define(
        'test.tick',
        async () => {
          runs.push(name);
        },
        { retryLimit: 0, retryDelaySeconds: 1, expireInSeconds: 30 },
      );
      jobs.schedule('test.tick', '* * * * *', { label: 'Every minute' });
    }
    await Promise.all([a.start(), b.start()]);
    await until(() => runs.length > 0);
    // Several schedule checks by both engines (every second each) after the first job.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const jobs = await jobsOf('test.tick');
    const minutes = new Set(jobs.map((j) => new Date(j.created_on).toISOString().slice(0, 16)));
    // One job per minute of the schedule (two if the test crossed a minute), never two for one minute.
    expect(jobs.length).toBe(minutes.size);
    expect(runs.length).toBe(jobs.length);
  });

  it('waits for a job in flight when it stops', async () => {
    const jobs = engine();
    const events: string[] = [];
    jobs.define(
      'test.slow',
      async () => {
        events.push('began');
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        events.push('ended');
      },
      { retryLimit: 0, retryDelaySeconds: 1, expireInSeconds: 30 },
    );
    await jobs.start();
    await jobs.send('test.slow', {});
    await until(() => events.includes('began'));
    await jobs.stop();
    events.push('stopped');
    expect(events).toEqual(['began', 'ended', 'stopped']);
    expect((await jobsOf('test.slow'))[0]?.state).toBe('completed');
  });
});

describe('an inline engine (the tests’ app)', () => {
  it('runs a sent job at once, once, and its stop waits for it; pg-boss is never started', async () => {
    const jobs = createJobEngine({ database, databaseUrl: undefined, mode: 'inline', log: quiet });
    const seen: unknown[] = [];
    jobs.define(
      'test.inline',
      async (data) => {
        await new Promise((resolve) => setTimeout(resolve, 200));
        seen.push(data);
      },
      { retryLimit: 3, retryDelaySeconds: 1, expireInSeconds: 30 },
    );
    jobs.schedule('test.inline', '* * * * *', { label: 'Every minute' });
    await jobs.start();
    expect(jobs.running).toBe(false);
    expect(await jobs.send('test.inline', { n: 1 })).toBeNull();
    await jobs.stop();
    expect(seen).toEqual([{ n: 1 }]);
    await expect(jobs.send('nope', {})).rejects.toThrow(/No job queue named nope/);
  });
});
