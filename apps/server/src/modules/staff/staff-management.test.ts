/**
 * The owner's staff management, a member's own password and API tokens, the first owner at start, and the audit
 * log (issue 17): every write recorded, readable with filters, never changed (on PGlite and on PostgreSQL with
 * TEST_DATABASE_URL).
 */
import { arrayContains, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@milli/db';
import { createTestDatabase } from '@milli/db/testing';
import { createTestApp, type TestApp } from '../../testing.ts';
import { createStaff, type TestStaff } from '../../testing-factories.ts';
import { createRateLimiter } from '../../plugins/rate-limit.ts';
import { firstOwnerAtStart } from './service.ts';

let t: TestApp;
let owner: TestStaff;
let address = 0;
const newIp = () => `10.8.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  owner = await createStaff(t.app, { role: 'owner', email: 'first-owner@milli.example' });
}, 60_000);
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';
function call(who: { cookie: string } | { bearer: string }, method: Method, url: string, payload?: unknown) {
  const headers = 'cookie' in who ? { cookie: who.cookie } : { authorization: `Bearer ${who.bearer}` };
  return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}
async function signIn(email: string, password: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: { email, password }, remoteAddress: newIp() });
  expect(res.statusCode).toBe(200);
  const cookie = [res.headers['set-cookie']].flat().find((c) => String(c).startsWith('milli_staff='))!;
  return { cookie: String(cookie).split(';')[0]! };
}

describe('staff management', () => {
  it('the owner invites with exactly email, name and roles: a password, an unknown role or no role is refused', async () => {
    const withPassword = await call(owner, 'POST', '/api/admin/staff', {
      email: 'asha@milli.example',
      name: 'Asha Rao',
      roles: ['catalogue'],
      password: 'correct horse battery',
    });
    expect(withPassword.statusCode).toBe(400);
    expect(withPassword.json().message).toMatch(/choose[s]? their own password/);
    const role = await call(owner, 'POST', '/api/admin/staff', { email: 'w@milli.example', name: 'W', roles: ['king'] });
    expect(role.statusCode).toBe(400);
    expect(role.json().fields['roles.0'] ?? role.json().fields.roles).toBeTruthy();
    const none = await call(owner, 'POST', '/api/admin/staff', { email: 'w@milli.example', name: 'W', roles: [] });
    expect(none.json().fields.roles).toBe('Choose at least one role.');
    const twice = await call(owner, 'POST', '/api/admin/staff', { email: 'w@milli.example', name: 'W', roles: ['orders', 'orders'] });
    expect(twice.statusCode).toBe(400);
    const invited = await call(owner, 'POST', '/api/admin/staff', { email: 'Asha@Milli.example', name: 'Asha Rao', roles: ['design', 'catalogue'] });
    expect(invited.statusCode).toBe(200);
    expect(invited.json()).toMatchObject({ email: 'asha@milli.example', roles: ['catalogue', 'design'], status: 'invited', twoFactor: false, removedAt: null });
    const again = await call(owner, 'POST', '/api/admin/staff', { email: 'asha@milli.example', name: 'Another', roles: 'orders' });
    expect(again.statusCode).toBe(409);
    expect(again.json().fields.email).toBeTruthy();
  });

  it('lists staff with the list kit (search, role filter, sort, pages)', async () => {
    await createStaff(t.app, { role: 'orders', name: 'Zubin Orders' });
    const res = await call(owner, 'GET', '/api/admin/staff?q=zubin&sort=name&dir=desc');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ page: 1, perPage: 25, total: 1 });
    expect(res.json().data[0].name).toBe('Zubin Orders');
    await createStaff(t.app, { roles: ['orders', 'owner'], name: 'Both' });
    const byRole = await call(owner, 'GET', '/api/admin/staff?role=owner');
    expect(byRole.json().data.every((m: { roles: string[] }) => m.roles.includes('owner'))).toBe(true);
    expect(byRole.json().data.map((m: { name: string }) => m.name)).toContain('Both');
    expect((await call(owner, 'GET', '/api/admin/staff?perPage=7')).statusCode).toBe(400);
  });

  it('changing roles changes the member’s rights at their next request, session and token alike; removing them ends sessions and revokes tokens', async () => {
    const member = await createStaff(t.app, { role: 'orders' });
    const session = await signIn(member.email, member.password);
    const token = (await call(session, 'POST', '/api/admin/me/tokens', { name: 'rates feed' })).json().token as string;
    expect((await call({ bearer: token }, 'GET', '/api/admin/me')).statusCode).toBe(200);

    const patched = await call(owner, 'PATCH', `/api/admin/staff/${member.id}`, { roles: ['catalogue'], name: 'Renamed' });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ roles: ['catalogue'], name: 'Renamed' });
    // The session stays, with the new roles' rights and without the old ones.
    expect((await call(session, 'GET', '/api/admin/me')).json()).toMatchObject({ roles: ['catalogue'] });
    expect((await call(session, 'GET', '/api/admin/orders')).statusCode).toBe(403);
    expect((await call(session, 'GET', '/api/admin/products')).statusCode).toBe(200);
    // The token acts with the member's current roles.
    expect((await call({ bearer: token }, 'GET', '/api/admin/me')).json().roles).toEqual(['catalogue']);

    const removed = await call(owner, 'DELETE', `/api/admin/staff/${member.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().removedAt).toBeTruthy();
    expect((await call({ bearer: token }, 'GET', '/api/admin/me')).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/auth/login',
      payload: { email: member.email, password: member.password },
      remoteAddress: newIp(),
    });
    expect(login.json().code).toBe('BAD_CREDENTIALS');
    expect((await call(owner, 'DELETE', `/api/admin/staff/${member.id}`)).statusCode).toBe(404);
    expect((await call(owner, 'PATCH', '/api/admin/staff/99999', { name: 'Nobody' })).json().code).toBe('STAFF_NOT_FOUND');
  });

  it('never removes or demotes the last owner', async () => {
    const db = t.database.db;
    const owners = await db
      .select()
      .from(schema.staff)
      .where(arrayContains(schema.staff.roles, ['owner']));
    // Leave exactly one active owner: the test's own.
    for (const o of owners)
      if (o.id !== owner.id && !o.removedAt) await db.update(schema.staff).set({ removedAt: new Date() }).where(eq(schema.staff.id, o.id));
    const demote = await call(owner, 'PATCH', `/api/admin/staff/${owner.id}`, { roles: ['catalogue'] });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().code).toBe('LAST_OWNER');
    const remove = await call(owner, 'DELETE', `/api/admin/staff/${owner.id}`);
    expect(remove.json().code).toBe('LAST_OWNER');
    // With a second owner, one may step down.
    // Keeping owner beside another role is no demotion.
    expect((await call(owner, 'PATCH', `/api/admin/staff/${owner.id}`, { roles: ['owner', 'orders'] })).statusCode).toBe(200);
    // An invited owner who has not yet set a password does not keep the store owned.
    await call(owner, 'POST', '/api/admin/staff', { email: 'invited-owner@milli.example', name: 'Invited', roles: ['owner'] });
    expect((await call(owner, 'PATCH', `/api/admin/staff/${owner.id}`, { roles: ['orders'] })).json().code).toBe('LAST_OWNER');
    const second = await createStaff(t.app, { role: 'owner' });
    const stepDown = await call(second, 'PATCH', `/api/admin/staff/${second.id}`, { roles: ['orders'] });
    expect(stepDown.statusCode).toBe(200);
  });

  it('resets a member’s two-factor', async () => {
    const member = await createStaff(t.app);
    await t.database.db.update(schema.staff).set({ totpSecret: 'JBSWY3DPEHPK3PXP', totpEnabledAt: new Date() }).where(eq(schema.staff.id, member.id));
    const res = await call(owner, 'POST', `/api/admin/staff/${member.id}/reset-two-factor`);
    expect(res.statusCode).toBe(200);
    expect(res.json().twoFactor).toBe(false);
    expect((await call(member, 'GET', '/api/admin/me')).statusCode).toBe(401);
  });
});

describe('a member’s own password and tokens', () => {
  it('changes the password with the current one, ending the other sessions and revoking the tokens', async () => {
    const member = await createStaff(t.app, { role: 'design' });
    const here = await signIn(member.email, member.password);
    const made = await call(here, 'POST', '/api/admin/me/tokens', { name: 'made by whoever held the password' });
    expect(made.statusCode).toBe(200);
    const bearer = { authorization: `Bearer ${made.json().token as string}` };
    expect((await t.app.inject({ url: '/api/admin/me', headers: bearer })).statusCode).toBe(200);
    const wrong = await call(here, 'POST', '/api/admin/me/password', { currentPassword: 'not-it-at-all', newPassword: 'a brand new long pass' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.currentPassword).toBeTruthy();
    const ok = await call(here, 'POST', '/api/admin/me/password', { currentPassword: member.password, newPassword: 'a brand new long pass' });
    expect(ok.statusCode).toBe(200);
    expect((await call(here, 'GET', '/api/admin/me')).statusCode).toBe(200);
    expect((await call(member, 'GET', '/api/admin/me')).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/admin/me', headers: bearer })).statusCode).toBe(401);
    await signIn(member.email, 'a brand new long pass');
  });

  it('makes a token shown once (mst_, 43 characters), lists it without the token, and revokes only its own', async () => {
    const member = await createStaff(t.app, { role: 'catalogue' });
    const other = await createStaff(t.app, { role: 'catalogue' });
    const made = await call(member, 'POST', '/api/admin/me/tokens', { name: 'daily rates', expiresInDays: 30 });
    expect(made.statusCode).toBe(200);
    const { token, id, prefix } = made.json();
    expect(token).toMatch(/^mst_[\w-]{43}$/);
    expect(token.startsWith(prefix)).toBe(true);
    const [row] = await t.database.db.select().from(schema.staffApiTokens).where(eq(schema.staffApiTokens.id, id));
    expect(row!.tokenHash).not.toContain(token);
    const list = await call(member, 'GET', '/api/admin/me/tokens');
    expect(JSON.stringify(list.json())).not.toContain(token);
    expect(list.json().data[0]).toMatchObject({ id, name: 'daily rates', prefix, revokedAt: null });

    // A token cannot manage tokens, passwords, two-factor or staff.
    const bearer = { bearer: token };
    for (const [method, url] of [
      ['GET', '/api/admin/me/tokens'],
      ['POST', '/api/admin/me/tokens'],
      ['POST', '/api/admin/me/two-factor'],
      ['POST', '/api/admin/me/password'],
    ] as const) {
      const res = await call(bearer, method, url, method === 'POST' ? {} : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    const ownerToken = (await call(owner, 'POST', '/api/admin/me/tokens', { name: 'owner automation' })).json().token as string;
    expect((await call({ bearer: ownerToken }, 'GET', '/api/admin/staff')).statusCode).toBe(403);
    expect((await call({ bearer: ownerToken }, 'GET', '/api/admin/audit')).statusCode).toBe(200);

    expect((await call(other, 'DELETE', `/api/admin/me/tokens/${id}`)).statusCode).toBe(404);
    expect((await call(member, 'DELETE', `/api/admin/me/tokens/${id}`)).statusCode).toBe(200);
    expect((await call(bearer, 'GET', '/api/admin/me')).statusCode).toBe(401);
    expect((await call(member, 'DELETE', `/api/admin/me/tokens/${id}`)).json().code).toBe('TOKEN_NOT_FOUND');

    // The owner may revoke anyone's token.
    const second = (await call(member, 'POST', '/api/admin/me/tokens', { name: 'second' })).json();
    expect((await call(owner, 'GET', `/api/admin/staff/${member.id}/tokens`)).json().data.length).toBe(2);
    expect((await call(owner, 'DELETE', `/api/admin/staff/${member.id}/tokens/${second.id}`)).statusCode).toBe(200);
    expect((await call({ bearer: second.token }, 'GET', '/api/admin/me')).statusCode).toBe(401);
  });
});

describe('the audit log', () => {
  it('records staff writes with who, what, before and after, never secrets; filters and pages', async () => {
    const member = await createStaff(t.app, { role: 'accounts' });
    await call(owner, 'PATCH', `/api/admin/staff/${member.id}`, { name: 'Audited Name' });
    const res = await call(owner, 'GET', `/api/admin/audit?entity=staff&staff=${owner.email.toUpperCase()}&limit=500`);
    expect(res.statusCode).toBe(200);
    const entries = res.json().data as {
      id: number;
      at: string;
      staff: string;
      action: string;
      entity: string;
      entityId: string;
      before: { name: string };
      after: { name: string };
      via: string;
    }[];
    const entry = entries.find((e) => e.action === 'update' && e.entityId === String(member.id))!;
    expect(entry).toMatchObject({ staff: owner.email, entity: 'staff', via: 'session', before: { name: member.name }, after: { name: 'Audited Name' } });
    expect(Object.keys(entry).sort()).toEqual(['action', 'after', 'at', 'before', 'entity', 'entityId', 'id', 'staff', 'via']);
    expect(entries.every((e) => e.staff === owner.email && e.entity === 'staff')).toBe(true);
    // Newest first, and before=<id> pages on.
    const ids = entries.map((e) => e.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const all = (await call(owner, 'GET', '/api/admin/audit?limit=2')).json().data as { id: number }[];
    expect(all).toHaveLength(2);
    const older = (await call(owner, 'GET', `/api/admin/audit?limit=2&before=${all[1]!.id}`)).json().data as { id: number }[];
    expect(older.every((e) => e.id < all[1]!.id)).toBe(true);
    const today = new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10);
    expect((await call(owner, 'GET', `/api/admin/audit?from=${today}&to=${today}&action=update`)).json().data.length).toBeGreaterThan(0);
    expect((await call(owner, 'GET', '/api/admin/audit?from=2001-01-01&to=2001-01-02')).json().data).toEqual([]);
    expect((await call(owner, 'GET', '/api/admin/audit?limit=501')).statusCode).toBe(400);
    expect((await call(owner, 'GET', '/api/admin/audit?from=yesterday')).statusCode).toBe(400);
    const everything = JSON.stringify((await call(owner, 'GET', '/api/admin/audit?limit=500')).json());
    expect(everything).not.toMatch(/\$argon2|password_?hash|totpSecret|tokenHash/i);
  });

  it('cannot be changed or deleted through the database', async () => {
    const db = t.database.db;
    await expect(db.execute(sql`update audit_log set action = 'forged'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_log`)).rejects.toThrow();
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(schema.auditLog);
    expect(row!.n).toBeGreaterThan(0);
  });
});

describe('the first owner at start', () => {
  it('is made from ADMIN_EMAIL and ADMIN_PASSWORD only while no staff exists; without them the start says how', async () => {
    const database = await createTestDatabase({ seed: false });
    try {
      const limiter = createRateLimiter(database.db);
      expect(await firstOwnerAtStart(database.db, limiter, undefined)).toMatch(/npm run staff -- create/);
      await expect(firstOwnerAtStart(database.db, limiter, { email: 'boss@milli.example', password: 'short' })).rejects.toThrow(/ADMIN_PASSWORD/);
      const line = await firstOwnerAtStart(database.db, limiter, { email: 'boss@milli.example', password: 'the-boss-of-milli-2026' });
      expect(line).toMatch(/boss@milli\.example/);
      expect(line).not.toContain('the-boss-of-milli-2026');
      const [boss] = await database.db.select().from(schema.staff);
      expect(boss).toMatchObject({ email: 'boss@milli.example', roles: ['owner'] });
      expect(await firstOwnerAtStart(database.db, limiter, { email: 'other@milli.example', password: 'the-boss-of-milli-2026' })).toBeNull();
      expect(await database.db.select().from(schema.staff)).toHaveLength(1);
      const [audit] = await database.db.select().from(schema.auditLog);
      expect(audit).toMatchObject({ staffEmail: 'system', action: 'create', entity: 'staff' });
    } finally {
      await database.dispose();
    }
  }, 60_000);
});
