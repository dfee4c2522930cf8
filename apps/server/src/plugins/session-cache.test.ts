/**
 * Sessions kept in memory (plugins/session.ts, migration 0005): read from the database once, then forgotten
 * by every instance as soon as one is ended or changed, whether by this instance (logout, password reset) or
 * outside it (staff or another instance writing SQL, heard through the database's notification). Runs on
 * PGlite and, in the PostgreSQL pass, on PostgreSQL, where the notification arrives on its own connection.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@milli/db';
import { createTestDatabase } from '@milli/db/testing';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import { createTestApp, type TestApp } from '../testing.ts';
import { createShopper } from '../testing-factories.ts';
import { hashToken } from './session.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** A customer logged in, with the session token their cookie carries (what the sessions table keeps a hash of). */
async function shopper() {
  const who = await createShopper(t.app);
  return { ...who, token: who.cookie.slice('milli_session='.length) };
}

const me = (cookie: string) => t.app.inject({ url: '/api/auth/me', headers: { cookie } });

describe('session cache', () => {
  it('reads a session from the database once, then answers from memory', async () => {
    const who = await shopper();
    const before = t.app.sessionCache.stats();
    for (let i = 0; i < 5; i++) expect((await me(who.cookie)).json()).toEqual({ userId: who.userId, userName: who.username });
    const after = t.app.sessionCache.stats();
    console.log(`session cache: ${JSON.stringify(after)}`);
    expect(after.listening).toBe(true);
    expect(after.misses).toBe(before.misses + 1);
    expect(after.hits).toBe(before.hits + 4);
  });

  it('keeps nothing for a token nobody holds', async () => {
    const before = t.app.sessionCache.stats();
    for (let i = 0; i < 3; i++) expect((await me(`milli_session=guessed-token-${i}`)).statusCode).toBe(401);
    expect(t.app.sessionCache.stats().entries).toBe(before.entries);
  });

  it('ends a session at once on logout', async () => {
    const who = await shopper();
    expect((await me(who.cookie)).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: who.cookie } });
    expect(out.statusCode).toBe(200);
    expect((await me(who.cookie)).statusCode).toBe(401);
  });

  it('ends a session removed outside the API once the database announces it', async () => {
    const who = await shopper();
    const other = await shopper();
    expect((await me(who.cookie)).statusCode).toBe(200);
    expect((await me(other.cookie)).statusCode).toBe(200);
    await t.database.db.delete(schema.sessions).where(eq(schema.sessions.tokenHash, hashToken(who.token)));
    await t.app.sessionCache.caughtUp();
    expect((await me(who.cookie)).statusCode).toBe(401);
    // Everyone else is read again, and still logged in.
    expect((await me(other.cookie)).statusCode).toBe(200);
  });

  it('ends a session whose end staff moved into the past, and shows a renamed customer', async () => {
    const who = await shopper();
    const other = await shopper();
    expect((await me(who.cookie)).statusCode).toBe(200);
    expect((await me(other.cookie)).statusCode).toBe(200);
    await t.database.db
      .update(schema.sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.sessions.tokenHash, hashToken(who.token)));
    await t.database.db
      .update(schema.customers)
      .set({ username: `${other.username}x` })
      .where(eq(schema.customers.id, other.userId));
    await t.app.sessionCache.caughtUp();
    expect((await me(who.cookie)).statusCode).toBe(401);
    expect((await me(other.cookie)).json()).toEqual({ userId: other.userId, userName: `${other.username}x` });
  });

  it('extends a session in its last half once, and keeps answering for it', async () => {
    const who = await shopper();
    const soon = new Date(Date.now() + 3 * 86_400_000);
    await t.database.db
      .update(schema.sessions)
      .set({ expiresAt: soon })
      .where(eq(schema.sessions.tokenHash, hashToken(who.token)));
    await t.app.sessionCache.caughtUp();
    expect((await me(who.cookie)).statusCode).toBe(200);
    await t.app.sessionCache.caughtUp();
    const [row] = await t.database.db
      .select()
      .from(schema.sessions)
      .where(eq(schema.sessions.tokenHash, hashToken(who.token)));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    expect((await me(who.cookie)).statusCode).toBe(200);
  });

  it('extends the browser’s cookie with the session, on an answer no cache keeps', async () => {
    const who = await shopper();
    const soon = new Date(Date.now() + 3 * 86_400_000);
    await t.database.db
      .update(schema.sessions)
      .set({ expiresAt: soon })
      .where(eq(schema.sessions.tokenHash, hashToken(who.token)));
    await t.app.sessionCache.caughtUp();
    // An answer every visitor may share (public settings): the one that extends the session carries its cookie.
    const extended = await t.app.inject({ url: '/api/settings', headers: { cookie: who.cookie } });
    expect(extended.statusCode).toBe(200);
    const cookie = [extended.headers['set-cookie']].flat().find((c) => String(c).startsWith('milli_session='));
    expect(cookie, 'the cookie is sent again').toBeDefined();
    expect(String(cookie)).toContain(`milli_session=${who.token};`);
    expect(String(cookie)).toMatch(/Max-Age=2592000/);
    expect(String(cookie)).toMatch(/HttpOnly/);
    expect(extended.headers['cache-control']).toBe('private, no-store');
    // Once: the next answer is the shared one again, with no cookie.
    await t.app.sessionCache.caughtUp();
    const next = await t.app.inject({ url: '/api/settings', headers: { cookie: who.cookie } });
    expect(next.headers['set-cookie']).toBeUndefined();
    expect(next.headers['cache-control']).toBe('public, max-age=60');
  });
});

describe('a session extended by an answer that sets the session cookie itself', () => {
  it('leaves that answer’s cookie alone: a login, a logout, or a page passing on the API’s', async () => {
    // The store, plus an address answering as the web plugin answers a page: the page's own Set-Cookie header,
    // here the one a login page passes on from POST /api/auth/login (web.ts, sendWebResponse).
    const database = await createTestDatabase({ seed: true });
    const app = await buildApp({ config: testConfig(), database }, { web: false });
    app.post('/page-like/:cookie', async (request, reply) => {
      const { cookie } = request.params as { cookie: string };
      reply.header('set-cookie', [`milli_session=${cookie}; Path=/; HttpOnly`]);
      return 'ok';
    });
    await app.ready();
    try {
      const a = await createShopper(app);
      const aToken = a.cookie.slice('milli_session='.length);
      const inLastHalf = async () => {
        await database.db
          .update(schema.sessions)
          .set({ expiresAt: new Date(Date.now() + 3 * 86_400_000) })
          .where(eq(schema.sessions.tokenHash, hashToken(aToken)));
        await app.sessionCache.caughtUp();
      };
      const sessionCookies = (res: { headers: Record<string, unknown> }) =>
        [res.headers['set-cookie']]
          .flat()
          .map(String)
          .filter((c) => c.startsWith('milli_session='));
      const own = { 'sec-fetch-site': 'same-origin' };

      await inLastHalf();
      const page = await app.inject({ method: 'POST', url: '/page-like/b-token', headers: { cookie: a.cookie, ...own } });
      expect(sessionCookies(page), 'only the page’s own session cookie').toEqual(['milli_session=b-token; Path=/; HttpOnly']);

      await inLastHalf();
      const b = await createShopper(app);
      const form = new URLSearchParams({ username: b.username, password: b.password }).toString();
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: form,
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: a.cookie, ...own },
      });
      expect(login.statusCode, login.body).toBe(200);
      const fresh = sessionCookies(login);
      expect(fresh, 'only the new login’s cookie').toHaveLength(1);
      expect(fresh[0]).not.toContain(aToken);
      expect((await app.inject({ url: '/api/auth/me', headers: { cookie: fresh[0]!.split(';')[0]! } })).json()).toMatchObject({ userId: b.userId });

      await inLastHalf();
      const out = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: a.cookie, ...own } });
      expect(out.statusCode).toBe(200);
      const cleared = sessionCookies(out);
      expect(cleared, 'the logout clears the cookie, and nothing sends it again').toHaveLength(1);
      expect(cleared[0]).toMatch(/^milli_session=;/);
    } finally {
      await app.close();
      await database.dispose();
    }
  });
});
