import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testing.ts';

/**
 * Who may call each route is declared on it (`config: { access }`, plugins/session.ts) and nowhere else: the
 * session plugin enforces the declaration and the API document (/api/docs) shows it. This sweep holds the two
 * together: without a session, a route answers 401 exactly when it declares an access, whatever it is sent.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(() => t?.close());

// Bodies that can be read (one that is not JSON at all is refused by the parser, before any route runs).
const BODIES = [undefined, '{}', '[]', '{"userId":"1","user_id":"1","cart_user_id":"1","quantity":-5}'];

describe('declared access, without a session', () => {
  it('answers 401 exactly on the routes that declare an access, before anything sent is looked at', async () => {
    const routes = t.app.routeList.filter(
      (r) => r.url.startsWith('/api/') && r.url !== '/api/*' && ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'].includes(r.method),
    );
    expect(routes.filter((r) => r.access).length).toBeGreaterThan(20);
    const wrong: string[] = [];
    for (const route of routes) {
      const url = route.url.replace(/:[A-Za-z]+/g, '1');
      for (const payload of route.method === 'GET' ? [undefined] : BODIES) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url,
          ...(payload === undefined ? {} : { payload, headers: { 'content-type': 'application/json' } }),
        });
        const declared = route.access !== undefined;
        const code = route.access === 'staff' ? 'STAFF_SIGN_IN_REQUIRED' : 'UNAUTHENTICATED';
        const refused = res.statusCode === 401 && res.json().code === code;
        if (declared !== refused)
          wrong.push(
            `${route.method} ${route.url} (${payload ?? 'no body'}): ${res.statusCode} ${res.body.slice(0, 80)}, declares ${route.access ?? 'nothing'}`,
          );
      }
    }
    console.log(`access sweep: ${routes.length} routes, ${routes.filter((r) => r.access).length} declare a customer`);
    expect(wrong).toEqual([]);
  });
});
