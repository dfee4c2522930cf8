/**
 * The back office's role table and every staff route's declared permission, held to a statement of who may do what
 * written apart from them (testing-staff-policy.ts, issue 36). admin-permissions.test.ts then calls every route as
 * each role and expects what this statement allows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS, STAFF_PERMISSIONS, STAFF_ROLES } from '@milli/contracts';
import { createTestApp, type TestApp } from './testing.ts';
import { PUBLIC_ADMIN_PATHS, STAFF_SIGN_IN_PATHS } from './plugins/staff.ts';
import { WHO_HOLDS, deskOf } from './testing-staff-policy.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
}, 120_000);
afterAll(() => t?.close());

describe('who may do what', () => {
  it('each role holds exactly the permissions the statement gives it', () => {
    for (const role of STAFF_ROLES) {
      const stated = STAFF_PERMISSIONS.filter((p) => WHO_HOLDS[p].includes(role));
      expect([...ROLE_PERMISSIONS[role]].sort(), role).toEqual([...stated].sort());
    }
  });

  it('each staff route declares the permission of the desk the statement puts it on', () => {
    const wrong: string[] = [];
    for (const route of t.app.routeList) {
      if (!route.url.startsWith('/api/admin') || route.method === 'HEAD' || PUBLIC_ADMIN_PATHS.has(route.url) || STAFF_SIGN_IN_PATHS.has(route.url)) continue;
      const desk = deskOf(route.method, route.url);
      if (desk === undefined || route.permission !== desk)
        wrong.push(`${route.method} ${route.url}: declares ${route.permission ?? 'nothing'}, the statement says ${desk ?? 'nothing'}`);
    }
    expect(wrong).toEqual([]);
  });

  it('would catch a role given another desk, or a money route moved to the orders desk (planted)', () => {
    const planted = { ...ROLE_PERMISSIONS, orders: [...ROLE_PERMISSIONS.orders, 'catalogue'] };
    expect(STAFF_PERMISSIONS.filter((p) => WHO_HOLDS[p].includes('orders'))).not.toEqual(planted.orders);
    expect(deskOf('POST', '/api/admin/orders/:orderNumber/adjustments/:id/approve')).toBe('accounts');
    expect(deskOf('POST', '/api/admin/orders/:orderNumber/pieces')).toBe('orders');
  });
});
