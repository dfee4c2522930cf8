/**
 * THE PERMISSION MATRIX (issue 17, DECISIONS §5): every route under /api/admin, except the specification's three
 * public paths and sign-in/out, is walked with no session, a customer's shop session, a staff session of each
 * role, and an API token of each role. A route answers 401 to the first two, 403 PERMISSION_DENIED exactly when
 * the role lacks the permission the route declares (or a token calls a session-only route), and neither 401 nor
 * 403 otherwise. A route that forgets its permission is refused to the owner too, so this test fails for it.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import Fastify from 'fastify';
import cookie from '@fastify/cookie';
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_PERMISSIONS, STAFF_ROLES, type StaffRole } from '@milli/contracts';
import { policyAllows } from './testing-staff-policy.ts';
import { schema } from '@milli/db';
import { createTestDatabase } from '@milli/db/testing';
import { createTestApp, type TestApp } from './testing.ts';
import { createShopper, createStaff, type TestStaff } from './testing-factories.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { PUBLIC_ADMIN_PATHS, STAFF_SIGN_IN_PATHS, staffPlugin } from './plugins/staff.ts';

let t: TestApp;
let shopperCookie: string;
const members = {} as Record<StaffRole, TestStaff>;
const tokens = {} as Record<StaffRole, string>;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  shopperCookie = (await createShopper(t.app)).cookie;
  for (const role of STAFF_ROLES) {
    members[role] = await createStaff(t.app, { role, email: `matrix-${role}@milli.example` });
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/admin/me/tokens',
      headers: { cookie: members[role].cookie },
      payload: { name: `matrix ${role}` },
    });
    expect(made.statusCode).toBe(200);
    tokens[role] = made.json().token as string;
  }
}, 120_000);
afterAll(() => t?.close());

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

function adminRoutes() {
  return t.app.routeList.filter(
    (r) => r.url.startsWith('/api/admin') && METHODS.includes(r.method) && !PUBLIC_ADMIN_PATHS.has(r.url) && !STAFF_SIGN_IN_PATHS.has(r.url),
  );
}
/** A path's parameters filled with ids no row has, so writes the matrix is allowed through touch nothing. */
const pathOf = (url: string) => url.replace(/:[A-Za-z_]+/g, '999999').replace(/\*/g, 'x');

async function send(method: string, url: string, headers: Record<string, string>) {
  const res = await t.app.inject({ method: method as 'GET', url, headers });
  let code: string | undefined;
  try {
    code = (res.json() as { code?: string }).code;
  } catch {
    code = undefined;
  }
  return { status: res.statusCode, code };
}

describe('the back office permission matrix', () => {
  it('every /api/admin route declares staff access and one permission of the list', () => {
    const routes = adminRoutes();
    expect(routes.length).toBeGreaterThan(15);
    const undeclared = routes.filter((r) => r.access !== 'staff' || !r.permission || !(STAFF_PERMISSIONS as readonly string[]).includes(r.permission));
    expect(undeclared.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('answers 401 without a session and to a customer’s shop session', async () => {
    const wrong: string[] = [];
    for (const route of adminRoutes()) {
      for (const [who, headers] of [
        ['nobody', {}],
        ['customer', { cookie: shopperCookie }],
      ] as const) {
        const { status, code } = await send(route.method, pathOf(route.url), headers);
        if (status !== 401 || code !== 'STAFF_SIGN_IN_REQUIRED') wrong.push(`${route.method} ${route.url} as ${who}: ${status} ${code}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('answers 403 PERMISSION_DENIED exactly when the role lacks the route’s permission, for sessions and API tokens', async () => {
    const wrong: string[] = [];
    let checks = 0;
    for (const route of adminRoutes()) {
      for (const role of STAFF_ROLES) {
        const allowed = route.permission !== undefined && policyAllows(role, route.permission);
        const tokenAllowed = allowed && !route.sessionOnly && route.permission !== 'staff';
        for (const [how, headers, expectAllowed] of [
          ['session', { cookie: members[role].cookie }, allowed],
          ['token', { authorization: `Bearer ${tokens[role]}` }, tokenAllowed],
        ] as const) {
          checks++;
          const { status, code } = await send(route.method, pathOf(route.url), headers);
          const ok = expectAllowed ? status !== 401 && status !== 403 : status === 403 && code === 'PERMISSION_DENIED';
          if (!ok)
            wrong.push(`${route.method} ${route.url} as ${role} (${how}): ${status} ${code}, expected ${expectAllowed ? 'allowed' : '403 PERMISSION_DENIED'}`);
        }
      }
    }
    console.log(`permission matrix: ${adminRoutes().length} routes, ${checks} staff checks`);
    expect(wrong).toEqual([]);
  }, 300_000);

  it('while the store requires two-factor, a member without it reaches only their own routes', async () => {
    const db = t.database.db;
    const member = await createStaff(t.app, { role: 'owner' });
    await db.update(schema.storeSettings).set({ staffTwoFactorRequired: true });
    try {
      const me = await t.app.inject({ url: '/api/admin/me', headers: { cookie: member.cookie } });
      expect(me.statusCode).toBe(200);
      expect(me.json().mustEnrolTwoFactor).toBe(true);
      const wrong: string[] = [];
      for (const route of adminRoutes().filter((r) => r.permission !== 'self')) {
        const { status, code } = await send(route.method, pathOf(route.url), { cookie: member.cookie });
        if (status !== 403 || code !== 'TWO_FACTOR_SETUP_REQUIRED') wrong.push(`${route.method} ${route.url}: ${status} ${code}`);
      }
      expect(wrong).toEqual([]);
      const start = await t.app.inject({ method: 'POST', url: '/api/admin/me/two-factor', headers: { cookie: member.cookie } });
      expect(start.statusCode).toBe(200);
    } finally {
      await db.update(schema.storeSettings).set({ staffTwoFactorRequired: false });
    }
  }, 120_000);
});

describe('deny by default', () => {
  it('refuses an /api/admin route that declares no permission, even to an owner', async () => {
    const database = await createTestDatabase({ seed: false });
    const app = Fastify();
    try {
      errorsPlugin(app);
      await app.register(cookie);
      staffPlugin(app, database.db);
      app.get('/api/admin/forgotten', async () => ({ open: true }));
      app.get('/api/admin/declared-without-permission', { config: { access: 'staff' } }, async () => ({ open: true }));
      app.get('/api/admin/declared', { config: { access: 'staff', permission: 'catalogue' } }, async () => ({ open: true }));
      await app.ready();
      const [owner] = await database.db
        .insert(schema.staff)
        .values({ email: 'deny-owner@milli.example', name: 'Owner', roles: ['owner'], passwordHash: 'x' })
        .returning();
      const token = randomBytes(32).toString('base64url');
      await database.db.insert(schema.staffSessions).values({
        tokenHash: createHash('sha256').update(token).digest('hex'),
        staffId: owner!.id,
        idleExpiresAt: new Date(Date.now() + 600_000),
        expiresAt: new Date(Date.now() + 3_600_000),
      });
      const cookieHeader = { cookie: `milli_staff=${token}` };
      for (const url of ['/api/admin/forgotten', '/api/admin/declared-without-permission']) {
        const res = await app.inject({ url, headers: cookieHeader });
        expect(res.statusCode, url).toBe(403);
        expect(res.json().code).toBe('PERMISSION_DENIED');
      }
      expect((await app.inject({ url: '/api/admin/declared', headers: cookieHeader })).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.dispose();
    }
  }, 60_000);
});
