/**
 * The OpenAPI document (GET /api/openapi.json) and its reference page (GET /api/docs): every /api route the
 * store registers is in it under its exact path, with what its zod schemas say, and schemas JSON Schema
 * cannot express cost nothing but precision.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ERROR_CODES } from '@milli/contracts';
import { ErrorSchema } from '@milli/contracts/schemas';
import serverPackage from '../../package.json' with { type: 'json' };
import { createTestApp, type TestApp } from '../testing.ts';
import { DOCS_URL, OPENAPI_URL, openapiPlugin, type OpenApiDocument, type OperationObject, type SchemaObject } from './openapi.ts';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const;

/** Fastify's `:name` as OpenAPI's `{name}`. */
function openapiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function operations(doc: OpenApiDocument): { method: string; path: string; op: OperationObject }[] {
  return Object.entries(doc.paths).flatMap(([path, item]) => METHODS.flatMap((method) => (item[method] ? [{ method, path, op: item[method] }] : [])));
}

/** Every `$ref` anywhere in the document, with where it is. */
function refs(value: unknown, at = '#'): { ref: string; at: string }[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => refs(v, `${at}/${i}`));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => (k === '$ref' && typeof v === 'string' ? [{ ref: v, at }] : refs(v, `${at}/${k}`)));
}

function pointer(doc: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), doc);
}

/** What OpenAPI 3 asks of any document, checked by hand: its fields, operations, path parameters and references. */
function shapeProblems(doc: OpenApiDocument): string[] {
  const problems: string[] = [];
  if (!/^3\.\d+\.\d+$/.test(doc.openapi)) problems.push(`openapi is ${doc.openapi}`);
  if (!doc.info?.title || !doc.info?.version) problems.push('info needs a title and a version');
  if (!doc.paths || typeof doc.paths !== 'object') problems.push('no paths');
  const tags = new Set((doc.tags ?? []).map((t) => t.name));
  for (const { method, path, op } of operations(doc)) {
    const where = `${method.toUpperCase()} ${path}`;
    if (!path.startsWith('/')) problems.push(`${where}: a path starts with /`);
    if (!op.responses || Object.keys(op.responses).length === 0) problems.push(`${where}: no responses`);
    for (const [status, response] of Object.entries(op.responses ?? {})) {
      if (!/^(default|[1-5](\d\d|XX))$/.test(status)) problems.push(`${where}: response key ${status}`);
      if (typeof response.description !== 'string') problems.push(`${where}: response ${status} has no description`);
    }
    const seen = new Set<string>();
    for (const p of op.parameters ?? []) {
      if (!['path', 'query', 'header', 'cookie'].includes(p.in)) problems.push(`${where}: parameter ${p.name} in ${p.in}`);
      if (seen.has(`${p.in}:${p.name}`)) problems.push(`${where}: parameter ${p.name} twice`);
      seen.add(`${p.in}:${p.name}`);
      if (p.in === 'path' && p.required !== true) problems.push(`${where}: path parameter ${p.name} must be required`);
    }
    for (const name of [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1])) {
      if (!seen.has(`path:${name}`)) problems.push(`${where}: no parameter for {${name}}`);
    }
    for (const tag of op.tags ?? []) if (!tags.has(tag)) problems.push(`${where}: tag ${tag} not declared`);
    for (const requirement of op.security ?? []) {
      for (const scheme of Object.keys(requirement)) if (!doc.components.securitySchemes?.[scheme]) problems.push(`${where}: no security scheme ${scheme}`);
    }
  }
  for (const { ref, at } of refs(doc)) if (pointer(doc, ref) === undefined) problems.push(`${at}: $ref ${ref} does not resolve`);
  return problems;
}

describe('the store’s own document', () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  let page: string;
  const documentedRoutes = () => {
    const all = t.app.routeList.filter((r) => r.url.startsWith('/api/') && r.url !== '/api/*' && r.url !== OPENAPI_URL && r.url !== DOCS_URL);
    // Fastify answers HEAD for every GET by itself; the document describes the GET.
    return all.filter((r) => r.method !== 'HEAD' || !all.some((o) => o.method === 'GET' && o.url === r.url));
  };

  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    const json = await t.app.inject({ url: OPENAPI_URL });
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    doc = json.json();
    const html = await t.app.inject({ url: DOCS_URL });
    expect(html.statusCode).toBe(200);
    page = html.body;
  }, 120_000);
  afterAll(() => t?.close());

  it('lists every /api route with its method, under the path it is registered at', () => {
    const routes = documentedRoutes();
    expect(routes.length).toBeGreaterThan(40);
    const missing = routes.filter((r) => !doc.paths[openapiPath(r.url)]?.[r.method.toLowerCase() as 'get']).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    // Nothing else: no page, file, health check, catch-all or the docs themselves.
    expect(Object.keys(doc.paths).sort()).toEqual([...new Set(routes.map((r) => openapiPath(r.url)))].sort());
    expect(operations(doc).length).toBe(routes.length);
  });

  it('keeps the spec’s paths exactly, with {param} for each parameter', () => {
    for (const path of [
      '/api/orders/placeOrders',
      '/api/admin/cutom-jewelry/new-request',
      '/api/cart/updateCart',
      '/api/cart/delete/{cartId}/{userId}',
      '/api/cart/find-by-user-id/{userId}',
      '/api/users/user-details/{userId}',
      '/api/product/get_product_detail',
      '/api/product/get_product_by_price/{min}/{max}',
      '/api/auth/login',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    expect(doc.paths['/api/cart/delete/{cartId}/{userId}']!.post!.parameters!.map((p) => `${p.in}:${p.name}`).sort()).toEqual(['path:cartId', 'path:userId']);
    expect(Object.keys(doc.paths).filter((p) => p.includes(':') || p.includes('*'))).toEqual([]);
  });

  it('is an OpenAPI 3 document whose every $ref resolves', () => {
    expect(shapeProblems(doc)).toEqual([]);
    expect(doc.info).toMatchObject({ title: 'Milli store API', version: serverPackage.version });
  });

  it('describes every error answer with ErrorSchema, whose code is the vocabulary of ERROR_CODES', () => {
    const error = doc.components.schemas!.Error!;
    expect(error.properties!.code!.enum).toEqual([...ERROR_CODES]);
    expect(error.required).toEqual(expect.arrayContaining(['message', 'code']));
    expect(error.properties).toHaveProperty('fields');
    const refusal = doc.paths['/api/orders']!.get!.responses['401']!;
    expect(refusal.content!['application/json']!.schema).toEqual({ $ref: '#/components/schemas/Error' });
    expect(refusal.description).toContain('UNAUTHENTICATED');
    for (const { method, path, op } of operations(doc)) expect(op.responses.default, `${method} ${path}`).toBeDefined();
  });

  it('groups the calls by the first segment of their path', () => {
    expect(doc.paths['/api/orders/placeOrders']!.post!.tags).toEqual(['orders']);
    expect(doc.paths['/api/auth/login']!.post!.tags).toEqual(['auth']);
    expect(doc.tags!.map((t) => t.name)).toEqual(expect.arrayContaining(['auth', 'cart', 'orders', 'product', 'wishlist']));
  });

  it('names the session cookie as what the customer’s calls need, and only theirs', () => {
    expect(doc.components.securitySchemes).toEqual({
      sessionCookie: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'milli_session' }),
      staffCookie: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'milli_staff' }),
      staffToken: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    });
    // Needed: the cookie is the only way in; optional ({} is an alternative): anyone may call, a session counts if sent.
    const needs = (method: 'get' | 'post' | 'put', path: string) => {
      const security = doc.paths[path]![method]!.security ?? [];
      return security.some((s) => 'sessionCookie' in s) && !security.some((s) => Object.keys(s).length === 0);
    };
    for (const [method, path] of [
      ['get', '/api/orders'],
      ['get', '/api/auth/me'],
      ['post', '/api/orders/placeOrders'],
      ['get', '/api/cart/find-by-user-id/{userId}'],
      ['put', '/api/users/user-details/{userId}'],
      ['post', '/api/admin/cutom-jewelry/new-request'],
      ['get', '/api/payments'],
    ] as const) {
      expect(needs(method, path), `${method} ${path}`).toBe(true);
    }
    for (const [method, path] of [
      ['get', '/api/category'],
      ['post', '/api/auth/login'],
      ['post', '/api/auth/register'],
      ['get', '/api/product/productList'],
    ] as const) {
      expect(needs(method, path), `${method} ${path}`).toBe(false);
    }
  });

  it('serves a generated client: every operation has a unique operationId, declares its security and a 4xx answer, and requires only properties it defines', () => {
    const ids: string[] = [];
    const problems: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        if (!op) continue;
        ids.push(op.operationId!);
        if (!op.operationId) problems.push(`${method} ${path}: no operationId`);
        if (!op.security) problems.push(`${method} ${path}: no security`);
        if (!Object.keys(op.responses).some((status) => /^4/.test(status))) problems.push(`${method} ${path}: no 4xx answer`);
      }
    }
    const undefinedRequired = (schema: unknown, where: string): void => {
      if (!schema || typeof schema !== 'object') return;
      const s = schema as { required?: string[]; properties?: Record<string, unknown> };
      for (const name of Array.isArray(s.required) ? s.required : []) if (!s.properties?.[name]) problems.push(`${where}: requires ${name}, undefined`);
      for (const [key, value] of Object.entries(s)) undefinedRequired(value, `${where}/${key}`);
    };
    undefinedRequired(doc.paths, '#/paths');
    expect(problems).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/api/orders/{orderNumber}/invoice.pdf']!.get!.operationId).toBe('getOrdersByOrderNumberInvoicePdf');
  });

  it('names the staff cookie, and the API token where a token may call, on the back office’s calls', () => {
    const schemes = (method: 'get' | 'post', path: string) => (doc.paths[path]![method]!.security ?? []).flatMap((s) => Object.keys(s)).sort();
    expect(schemes('get', '/api/admin/me')).toEqual(['staffCookie', 'staffToken']);
    expect(schemes('get', '/api/admin/audit')).toEqual(['staffCookie', 'staffToken']);
    expect(schemes('post', '/api/admin/staff')).toEqual(['staffCookie']);
    expect(schemes('post', '/api/admin/me/tokens')).toEqual(['staffCookie']);
    expect(schemes('post', '/api/admin/auth/login')).toEqual([]);
  });

  it('shows the query string a route declares', () => {
    const names = doc.paths['/api/product/productList']!.get!.parameters!.filter((p) => p.in === 'query').map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['material', 'category', 'page', 'sort']));
  });

  it('renders a reference page naming every path, every error code and how to log in', () => {
    for (const path of Object.keys(doc.paths)) expect(page, path).toContain(path);
    for (const code of ERROR_CODES) expect(page, code).toContain(`<code>${code}</code>`);
    expect(page).toContain('milli_session');
    expect(page).toContain('POST /api/auth/login');
    expect(page).toContain('{ message, code, fields? }');
    expect(page).toMatch(/^<!doctype html>\s*<html lang="en">/);
    expect(page).toContain('<title>');
    expect(page).toContain('<h1>');
  });

  it('needs nothing from elsewhere: no script, no outside address', () => {
    expect(page).not.toMatch(/<script|<link|src=|@import|url\(/i);
    expect(page).not.toMatch(/(href|src)="(https?:)?\/\//i);
    for (const id of [...page.matchAll(/href="#([^"]+)"/g)].map((m) => m[1])) expect(page, `#${id}`).toContain(`id="${id}"`);
  });

  it('is allowed its inline stylesheet by the store’s Content-Security-Policy', async () => {
    const res = await t.app.inject({ url: DOCS_URL });
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const styleSrc = String(res.headers['content-security-policy'])
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('style-src'));
    // A nonce or a hash in style-src would make browsers ignore 'unsafe-inline' and drop the page's <style>.
    expect(styleSrc).toContain("'unsafe-inline'");
    expect(styleSrc).not.toMatch(/'nonce-|'sha\d+-/);
  });

  it('lets both answers be cached and revalidated', async () => {
    for (const url of [OPENAPI_URL, DOCS_URL]) {
      const first = await t.app.inject({ url });
      expect(first.headers['cache-control'], url).toBe('public, max-age=300');
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[^"]+"$/);
      const again = await t.app.inject({ url, headers: { 'if-none-match': etag } });
      expect(again.statusCode, url).toBe(304);
      expect(again.body).toBe('');
      // The same answer with a session: nothing personal in it.
      const withCookie = await t.app.inject({ url, headers: { cookie: 'milli_session=whoever' } });
      expect(withCookie.headers['cache-control']).toBe('public, max-age=300');
      expect(withCookie.body).toBe(first.body);
    }
  });

  it('sends both answers as Brotli or gzip to a client that takes one, and the same text to one that takes neither', async () => {
    for (const url of [OPENAPI_URL, DOCS_URL]) {
      const plain = await t.app.inject({ url });
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.headers.vary, url).toContain('Accept-Encoding');
      expect(plain.body.length, url).toBeGreaterThan(10_000);
      for (const [asked, encoding, decode] of [
        ['br, gzip, deflate', 'br', brotliDecompressSync],
        ['gzip, deflate', 'gzip', gunzipSync],
        ['br;q=0, gzip', 'gzip', gunzipSync],
      ] as const) {
        const res = await t.app.inject({ url, headers: { 'accept-encoding': asked } });
        expect(res.headers['content-encoding'], `${url} ${asked}`).toBe(encoding);
        expect(res.headers.etag).toBe(plain.headers.etag);
        expect(res.rawPayload.length, `${url} ${asked}`).toBeLessThan(plain.rawPayload.length / 10);
        expect(decode(res.rawPayload).toString('utf8'), `${url} ${asked}`).toBe(plain.body);
      }
    }
    expect(JSON.parse((await t.app.inject({ url: OPENAPI_URL })).body)).toMatchObject({ openapi: '3.0.3' });
  });

  it('revalidates as HTTP reads If-None-Match: weakly, from a list, or *', async () => {
    for (const url of [OPENAPI_URL, DOCS_URL]) {
      const etag = String((await t.app.inject({ url })).headers.etag);
      // A proxy that compresses weakens the tag it passes on; a cache holding several sends them all.
      for (const ifNoneMatch of [`W/${etag}`, `"older", ${etag}`, `"older",W/${etag}`, '*']) {
        const res = await t.app.inject({ url, headers: { 'if-none-match': ifNoneMatch } });
        expect(res.statusCode, `${url} If-None-Match: ${ifNoneMatch}`).toBe(304);
      }
      for (const ifNoneMatch of ['"older"', `${etag.slice(0, -2)}"`, 'W/']) {
        const res = await t.app.inject({ url, headers: { 'if-none-match': ifNoneMatch } });
        expect(res.statusCode, `${url} If-None-Match: ${ifNoneMatch}`).toBe(200);
      }
    }
  });
});

describe('schemas of every kind', () => {
  let app: FastifyInstance;
  let doc: OpenApiDocument;
  let page: string;

  interface Tree {
    name: string;
    children: Tree[];
  }
  const TreeSchema: z.ZodType<Tree> = z.lazy(() => z.object({ name: z.string(), children: z.array(TreeSchema) }));
  const ProfileBody = z.object({
    username: z.string().min(3).max(30),
    email: z.email(),
    age: z.coerce.number().int().min(18).optional(),
    address: z.object({ city: z.string(), pincode: z.string().regex(/^\d{6}$/) }),
  });

  // A shared schema zod cannot convert at all, as a module could register one.
  const Broken = z.lazy((): z.ZodString => {
    throw new Error('not today');
  });

  beforeAll(async () => {
    z.globalRegistry.add(Broken, { id: 'Broken' });
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await openapiPlugin(app);
    const ok = async () => ({ message: 'ok' });
    app.post(
      '/api/profile/:userId',
      {
        schema: {
          params: z.object({ userId: z.coerce.number().int() }),
          body: ProfileBody,
          response: { 200: z.object({ message: z.string() }), 400: ErrorSchema },
        },
      },
      ok,
    );
    app.post('/api/lines/update', { schema: { body: z.array(z.object({ product_id: z.number(), quantity: z.number() })) } }, ok);
    app.post('/api/odd/custom', { schema: { body: z.custom<Buffer>((v) => Buffer.isBuffer(v)) } }, ok);
    app.post('/api/odd/tree', { schema: { body: TreeSchema } }, ok);
    app.get('/api/odd/record', { schema: { querystring: z.record(z.string(), z.string()) } }, ok);
    app.get(
      '/api/odd/dates',
      {
        schema: {
          querystring: z.object({ from: z.coerce.date(), n: z.string().transform(Number) }),
          response: { 200: z.object({ at: z.date(), big: z.bigint() }) },
        },
      },
      ok,
    );
    app.get('/api/odd/answer', { schema: { response: { 200: z.object({ n: z.string() }).transform((v) => v.n.length) } } }, ok);
    app.post('/api/odd/broken', { schema: { body: z.object({ name: Broken }) } }, ok);
    app.get('/api/plain/:id/items/:item', ok);
    app.post('/api/plain/form', ok);
    app.get('/api/own', { schema: { security: [], tags: ['mine'], summary: 'Says what it is.' } }, async (request) => {
      void request;
      return { message: 'requireCustomer( is only text here' };
    });
    app.get('/elsewhere', ok);
    app.get('/api/unlisted', { schema: { hide: true } }, ok);
    await app.ready();
    const res = await app.inject({ url: OPENAPI_URL });
    expect(res.statusCode).toBe(200);
    doc = res.json();
    page = (await app.inject({ url: DOCS_URL })).body;
  });
  afterAll(async () => {
    z.globalRegistry.remove(Broken);
    await app?.close();
  });

  it('shows the fields of a zod body, as JSON and as either form encoding', () => {
    const body = doc.paths['/api/profile/{userId}']!.post!.requestBody!;
    expect(Object.keys(body.content).sort()).toEqual(['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data']);
    const schema = body.content['application/json']!.schema!;
    expect(Object.keys(schema.properties!)).toEqual(['username', 'email', 'age', 'address']);
    expect(schema.required).toEqual(['username', 'email', 'address']);
    expect(schema.properties!.username).toMatchObject({ type: 'string', minLength: 3, maxLength: 30 });
    expect(schema.properties!.address!.properties!.pincode).toMatchObject({ type: 'string', pattern: '^\\d{6}$' });
    expect(doc.paths['/api/profile/{userId}']!.post!.parameters).toEqual([expect.objectContaining({ in: 'path', name: 'userId', required: true })]);
    for (const field of ['username', 'email', 'age', 'address.city', 'address.pincode']) expect(page).toContain(`<code>${field}</code>`);
  });

  it('takes a list only as JSON', () => {
    const body = doc.paths['/api/lines/update']!.post!.requestBody!;
    expect(Object.keys(body.content)).toEqual(['application/json']);
    expect(body.content['application/json']!.schema!.items!.properties).toHaveProperty('product_id');
    expect(page).toContain('<code>[].product_id</code>');
  });

  it('keeps a route whose schema JSON Schema cannot express, loosely and saying so', () => {
    expect(shapeProblems(doc)).toEqual([]);
    for (const [method, path] of [
      ['post', '/api/odd/custom'],
      ['post', '/api/odd/tree'],
      ['get', '/api/odd/record'],
      ['get', '/api/odd/dates'],
      ['get', '/api/odd/answer'],
      ['post', '/api/odd/broken'],
    ] as const) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
      expect(page).toContain(path);
    }
    // A query without fields would otherwise come out as parameters named after its keywords.
    expect(doc.paths['/api/odd/record']!.get!.parameters ?? []).toEqual([]);
    expect(doc.paths['/api/odd/record']!.get!.description).toMatch(/query string/);
    // A recursive shape without an id: zod refuses it, the operation says so.
    const tree = doc.paths['/api/odd/tree']!.post!;
    expect(tree.requestBody!.content['application/json']!.schema as SchemaObject).toEqual({ description: expect.stringMatching(/not expressible/) });
    expect(tree.description).toMatch(/body/);
    // What zod can only call "any" (a custom check, a bigint, a transformed answer) is any value.
    expect(doc.paths['/api/odd/custom']!.post!.requestBody!.content['application/json']!.schema).toEqual({});
    expect(doc.paths['/api/odd/answer']!.get!.responses['200']!.content!['application/json']!.schema).toEqual({});
    // The shared schema that cannot be converted costs only itself: the error answer is still described.
    expect(doc.components.schemas!.Error!.properties!.code!.enum).toEqual([...ERROR_CODES]);
    expect(doc.paths['/api/odd/broken']!.post!.description).toMatch(/body/);
  });

  it('keeps a route without schemas, with its path parameters and a plain answer', () => {
    const op = doc.paths['/api/plain/{id}/items/{item}']!.get!;
    expect(op.parameters!.map((p) => p.name)).toEqual(['id', 'item']);
    expect(op.responses['200']).toBeDefined();
    expect(op.tags).toEqual(['plain']);
    expect(doc.paths['/api/plain/form']!.post!.requestBody).toBeUndefined();
    expect(page).toContain('The route declares no body schema.');
  });

  it('lets a route state its own groups, summary and security', () => {
    const op = doc.paths['/api/own']!.get!;
    expect(op).toMatchObject({ tags: ['mine'], summary: 'Says what it is.', security: [] });
    expect(page).toContain('Says what it is.');
  });

  it('leaves out what is not the API', () => {
    expect(doc.paths).not.toHaveProperty(['/elsewhere']);
    expect(doc.paths).not.toHaveProperty([OPENAPI_URL]);
    expect(doc.paths).not.toHaveProperty([DOCS_URL]);
    // A route may still keep itself out, as swagger lets it.
    expect(doc.paths).not.toHaveProperty(['/api/unlisted']);
  });
});
