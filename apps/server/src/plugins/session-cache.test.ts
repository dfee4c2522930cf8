/**
 * Sessions kept in memory (plugins/session.ts, migration 0005): read from the database once, then forgotten
 * by every instance as soon as one is ended or changed, whether by this instance (logout, password reset) or
 * outside it (staff or another instance writing SQL, heard through the database's notification). Runs on
 * PGlite and, in the PostgreSQL pass, on PostgreSQL, where the notification arrives on its own connection.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@milli/db';
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
    await t.database.db.update(schema.sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(schema.sessions.tokenHash, hashToken(who.token)));
    await t.database.db.update(schema.customers).set({ username: `${other.username}x` }).where(eq(schema.customers.id, other.userId));
    await t.app.sessionCache.caughtUp();
    expect((await me(who.cookie)).statusCode).toBe(401);
    expect((await me(other.cookie)).json()).toEqual({ userId: other.userId, userName: `${other.username}x` });
  });

  it('extends a session in its last half once, and keeps answering for it', async () => {
    const who = await shopper();
    const soon = new Date(Date.now() + 3 * 86_400_000);
    await t.database.db.update(schema.sessions).set({ expiresAt: soon }).where(eq(schema.sessions.tokenHash, hashToken(who.token)));
    await t.app.sessionCache.caughtUp();
    expect((await me(who.cookie)).statusCode).toBe(200);
    await t.app.sessionCache.caughtUp();
    const [row] = await t.database.db.select().from(schema.sessions).where(eq(schema.sessions.tokenHash, hashToken(who.token)));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    expect((await me(who.cookie)).statusCode).toBe(200);
  });
});
