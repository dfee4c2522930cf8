import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ANSWERS, type ApiRoute } from '@milli/contracts/api';
import { createTestApp, type TestApp } from './testing.ts';

/**
 * The API map of packages/contracts (src/api.ts) is what the web types its calls by and checks answers with, so it
 * must be the server's own word: each entry a route the server registers, declaring that very schema object for its
 * success answer, and every /api route that declares a JSON success answer in the map. A route added, renamed or given
 * another answer schema fails here until the map says the same.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t?.close());

/** Routes that declare a JSON success answer and are deliberately not in the map. */
const NOT_IN_MAP: Record<string, string> = {
  'POST /api/payments/razorpay/webhook':
    'Razorpay calls it with its signed events, never the web nor any client of ours; its answer only tells the gateway to stop retrying',
  'POST /api/courier/shiprocket/webhook':
    'Shiprocket calls it with its tracking updates and the configured token, never the web nor any client of ours; its answer only tells the courier to stop retrying',
  'POST /api/messages/msg91/webhook':
    'MSG91 calls it with its delivery reports and the configured token (issue 41); its answer only tells MSG91 to stop retrying',
  'POST /api/messages/whatsapp/webhook': 'Meta calls it with its signed WhatsApp events (issue 41); its answer only tells Meta to stop retrying',
  'GET /api/messages/whatsapp/webhook': 'Meta’s subscription check: the challenge echoed as text (issue 41)',
};

/** Routes under /api without a JSON success answer, so nothing for the map to hold. */
const NO_JSON_ANSWER: Record<string, string> = {
  'GET /api/openapi.json': 'the API document itself, made from the routes',
  'GET /api/docs': 'the HTML page of that document',
  'GET /api/orders/:orderNumber/invoice.pdf': 'a PDF download',
  'GET /api/orders/:orderNumber/credit-notes/:id.pdf': 'a PDF download',
  'GET /api/orders/:orderNumber/pieces/:pieceId/certificate': 'a PDF download',
  'GET /api/orders/:orderNumber/returns/:id/photos/:photo': 'a picture',
  'GET /api/admin/orders/:orderNumber/invoice.pdf': 'a PDF download',
  'GET /api/admin/orders/:orderNumber/credit-notes/:id.pdf': 'a PDF download',
  'GET /api/admin/orders/:orderNumber/packing-slip.pdf': 'a PDF download (issue 39)',
  'GET /api/admin/orders/:orderNumber/label.pdf': 'a PDF download (issue 39)',
  'GET /api/admin/orders/:orderNumber/tags.pdf': 'a PDF download (issue 39)',
  'GET /api/admin/invoices/batch.pdf': 'a PDF download (issue 39)',
  'GET /api/admin/orders/:orderNumber/pieces/:pieceId/certificate': 'a PDF download',
  'GET /api/admin/returns/:id/photos/:photo': 'a picture',
  'GET /api/admin/products/csv-template': 'a CSV download',
  'GET /api/admin/products/export.csv': 'a CSV download',
  'GET /api/admin/orders.csv': 'a CSV download',
};

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * The API's routes as registered, by `METHOD pattern`: Fastify's automatic HEAD twin of each GET, and the catch-all
 * that answers an unknown path with a JSON 404, are no calls anyone makes.
 */
function apiRoutes() {
  return new Map(
    t.app.routeList.filter((r) => r.url.startsWith('/api/') && r.url !== '/api/*' && METHODS.includes(r.method)).map((r) => [`${r.method} ${r.url}`, r]),
  );
}

describe('the API map of packages/contracts', () => {
  it('names only registered routes, each with the very schema object the route declares for its success', () => {
    const routes = apiRoutes();
    const wrong: string[] = [];
    for (const [route, schema] of Object.entries(API_ANSWERS) as [ApiRoute, unknown][]) {
      const registered = routes.get(route);
      if (!registered) wrong.push(`${route}: no such route is registered`);
      else if (registered.answer === undefined) wrong.push(`${route}: the route declares no success answer`);
      else if (registered.answer !== schema) wrong.push(`${route}: the route declares another schema than the map's`);
    }
    expect(wrong).toEqual([]);
  });

  it('holds every /api route that declares a JSON success answer, but the listed exceptions', () => {
    const routes = apiRoutes();
    const missing = [...routes.values()]
      .filter((r) => r.answer !== undefined)
      .map((r) => `${r.method} ${r.url}`)
      .filter((route) => !Object.hasOwn(API_ANSWERS, route) && !Object.hasOwn(NOT_IN_MAP, route));
    expect(missing).toEqual([]);
    const mapped = Object.keys(API_ANSWERS).length;
    console.log(
      `API map: ${mapped} of ${routes.size} /api routes; not in it: ${Object.keys(NOT_IN_MAP).length} by choice, ${Object.keys(NO_JSON_ANSWER).length} without a JSON answer`,
    );
  });

  it('lists its exceptions truly: each is a registered route, and those without a JSON answer declare none', () => {
    const routes = apiRoutes();
    for (const route of Object.keys(NOT_IN_MAP)) {
      expect(routes.get(route)?.answer, route).toBeDefined();
      expect(Object.hasOwn(API_ANSWERS, route), route).toBe(false);
    }
    const withoutAnswer = [...routes.values()].filter((r) => r.answer === undefined).map((r) => `${r.method} ${r.url}`);
    expect(withoutAnswer.sort()).toEqual(Object.keys(NO_JSON_ANSWER).sort());
  });
});
