/** GET /healthz (decision 021): asks the database every time, and says 503 when it cannot answer. */
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing.ts';

let t: TestApp | undefined;
afterAll(async () => {
  await t?.app.close().catch(() => undefined);
});

describe('GET /healthz', () => {
  it('answers ok from the database, never from a cache, and 503 once the database is gone', async () => {
    t = await createTestApp({ seed: false });
    const ok = await t.app.inject({ url: '/healthz' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ok: true });
    expect(ok.headers['cache-control']).toBe('no-store');
    // The settings answer, the old advice for a health check, is kept by the read cache; /healthz is not.
    await t.database.dispose();
    const down = await t.app.inject({ url: '/healthz' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ ok: false });
    expect(down.headers['cache-control']).toBe('no-store');
  });
});
