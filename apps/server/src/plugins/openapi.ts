import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import swagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';
import { ERROR_CODES, STAFF_COOKIE, type ErrorCode } from '@milli/contracts';
import { ErrorSchema } from '@milli/contracts/schemas';
import serverPackage from '../../package.json' with { type: 'json' };
import { STATUS_OF } from './errors.ts';
import { brotliOf, sendBrotliKept, type BrotliKept } from './page-cache.ts';
import { SESSION_COOKIE } from './session.ts';

export const OPENAPI_URL = '/api/openapi.json';
export const DOCS_URL = '/api/docs';
/** The component every error answer refers to. */
export const ERROR_COMPONENT = 'Error';
const SESSION_SCHEME = 'sessionCookie';
/** The back office's: the milli_staff cookie of POST /api/admin/auth/login, or a personal API token (issue 17). */
const STAFF_SCHEME = 'staffCookie';
const TOKEN_SCHEME = 'staffToken';

/** Every body parser of app.ts (JSON, formbody, multipart) serves every route, so an object body may come as any of them. */
const OBJECT_BODY_TYPES = ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'];
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const;
type Method = (typeof METHODS)[number];

/** What the renderer reads of the document, typed as loosely as the document allows. */
export interface SchemaObject {
  $ref?: string;
  type?: string | string[];
  format?: string;
  description?: string;
  nullable?: boolean;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  properties?: Record<string, SchemaObject>;
  required?: string[];
  additionalProperties?: boolean | SchemaObject;
  items?: SchemaObject;
  anyOf?: SchemaObject[];
  oneOf?: SchemaObject[];
  allOf?: SchemaObject[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
}
interface MediaObject {
  schema?: SchemaObject;
}
export interface ParameterObject {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: SchemaObject;
}
export interface ResponseObject {
  description: string;
  content?: Record<string, MediaObject>;
}
export interface OperationObject {
  tags?: string[];
  operationId?: string;
  summary?: string;
  description?: string;
  parameters?: ParameterObject[];
  requestBody?: { required?: boolean; content: Record<string, MediaObject> };
  responses: Record<string, ResponseObject>;
  security?: Record<string, string[]>[];
}
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  tags?: { name: string; description?: string }[];
  paths: Record<string, Partial<Record<Method, OperationObject>>>;
  components: { schemas?: Record<string, SchemaObject>; securitySchemes?: Record<string, unknown> };
}

/** Only the API is documented: not the pages, files and health check beside it, its own catch-all, nor these docs. */
function documented(url: string): boolean {
  return url.startsWith('/api/') && url !== '/api/*' && url !== OPENAPI_URL && url !== DOCS_URL;
}

/** `/api/orders/placeOrders` is in "orders": the first segment after /api, so no route has to name its group. */
function tagOf(url: string): string {
  return url.split('/')[2] || 'api';
}

/** Whether a route answers 401 to a visitor without a session: what it declares (`config.access`, session.ts). */
function needsCustomer(route: RouteOptions): boolean {
  return (route.config as { access?: string } | undefined)?.access !== undefined;
}

const PARTS = ['params', 'querystring', 'headers', 'body'] as const;
type Part = (typeof PARTS)[number];
const PART_NAMES: Record<Part, string> = { params: 'path parameters', querystring: 'query string', headers: 'headers', body: 'body' };

/** What a schema becomes when JSON Schema cannot say it: anything, and the description says the route still checks it. */
const LOOSE: SchemaObject = { description: 'Checked by the route, but not expressible as JSON Schema.' };

function isParameterList(schema: unknown): boolean {
  if (!schema || typeof schema !== 'object') return false;
  const s = schema as SchemaObject;
  if (s.properties) return true;
  const members = s.anyOf ?? s.oneOf ?? s.allOf;
  return Array.isArray(members) && members.length > 0 && members.every((m) => isParameterList(m));
}

type TransformArgs = Parameters<SwaggerTransform>[0];

/**
 * One route's schema as the document states it. Each zod schema is converted on its own, so one that zod
 * cannot turn into JSON Schema (a recursive shape without an id, a custom check) becomes LOOSE and the
 * operation says so, instead of costing the route, or the whole document, its entry.
 */
function routeTransform(): SwaggerTransform {
  const zodTransform = createJsonSchemaTransform({ skipList: [] });
  const convert = (
    args: TransformArgs,
    wrap: (schema: unknown) => Record<string, unknown>,
    pick: (schema: Record<string, unknown>) => unknown,
    value: unknown,
  ) => {
    if (!(value instanceof $ZodType)) return value;
    try {
      const { schema } = zodTransform({ ...args, schema: wrap(value) } as TransformArgs);
      return pick(schema as Record<string, unknown>);
    } catch {
      return undefined;
    }
  };

  return (args) => {
    const { url, route } = args;
    const given = (args.schema ?? {}) as Record<string, unknown>;
    if (!documented(url) || given.hide === true) return { schema: { hide: true }, url };
    const schema: Record<string, unknown> = {};
    const loose: string[] = [];

    for (const part of PARTS) {
      if (!given[part]) continue;
      let json = convert(
        args,
        (s) => ({ [part]: s }),
        (s) => s[part],
        given[part],
      );
      // Swagger lists path, query and header schemas field by field: one without fields would list its keywords.
      if (json === undefined || (part !== 'body' && !isParameterList(json))) {
        loose.push(PART_NAMES[part]);
        if (part === 'params') continue;
        json = part === 'body' ? LOOSE : { type: 'object', properties: {} };
      }
      schema[part] = json;
    }
    const body = schema.body as SchemaObject | undefined;
    if (given.consumes) schema.consumes = given.consumes;
    else if (body) schema.consumes = body.type === 'array' ? ['application/json'] : OBJECT_BODY_TYPES;

    const responses = given.response as Record<string, unknown> | undefined;
    if (responses && typeof responses === 'object') {
      const converted: Record<string, unknown> = {};
      for (const [status, value] of Object.entries(responses)) {
        const json = convert(
          args,
          (s) => ({ response: { [status]: s } }),
          (s) => (s.response as Record<string, unknown>)[status],
          value,
        );
        if (json === undefined) loose.push(`${status} answer`);
        converted[status] = json ?? LOOSE;
      }
      schema.response = converted;
    }

    for (const key of ['summary', 'description', 'operationId', 'deprecated', 'produces', 'externalDocs']) {
      if (given[key] !== undefined) schema[key] = given[key];
    }
    schema.tags = given.tags ?? [tagOf(url)];
    // A generated client names each call by its operationId: made from the method and the path unless a route names it.
    schema.operationId ??= operationIdOf([route.method].flat()[0]!, url);
    const config = (route.config ?? {}) as { access?: string; permission?: string; sessionOnly?: boolean };
    if (given.security) schema.security = given.security;
    else if (config.access === 'staff') {
      // A staff route: the staff cookie, or an API token unless the route is the member's own security or staff management.
      const tokenToo = !config.sessionOnly && config.permission !== 'staff';
      schema.security = [{ [STAFF_SCHEME]: [] }, ...(tokenToo ? [{ [TOKEN_SCHEME]: [] }] : [])];
      const note = `Back office: needs the permission '${config.permission ?? '(none: refused to all)'}'${tokenToo ? ', with the staff cookie or an API token' : ', with the staff cookie (an API token is refused)'}.`;
      schema.description = typeof schema.description === 'string' ? `${schema.description}\n\n${note}` : note;
    } else if (needsCustomer(route)) schema.security = [{ [SESSION_SCHEME]: [] }];
    // Anyone may call it; on the storefront a session cookie, when sent, makes the answer the shopper's own (a cart, a
    // greeting). The back office's public calls (signing in, the spec's two lists) take no customer's session.
    else schema.security = url.startsWith('/api/admin/') ? [{}] : [{}, { [SESSION_SCHEME]: [] }];
    if (loose.length > 0) {
      const note = `The ${loose.join(' and ')} of this call cannot be expressed as JSON Schema: shown here as any value, still checked by the route.`;
      schema.description = typeof schema.description === 'string' ? `${schema.description}\n\n${note}` : note;
    }
    return { schema, url };
  };
}

/**
 * An operation's name for a generated client, from its method and path: `GET /api/orders/:orderNumber/invoice.pdf`
 * is `getOrdersByOrderNumberInvoicePdf`. Unique as long as the method and path are (openapi.test.ts checks).
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split('/')
    .flatMap((segment) => (segment.startsWith(':') ? ['by', segment.slice(1)] : segment.split(/[^A-Za-z0-9]+/)))
    .filter(Boolean);
  return method.toLowerCase() + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

/**
 * Each group of calls (the path's first segment after /api) in a sentence, for the document's tags. A group not
 * named here is described by its path alone.
 */
const TAG_DESCRIPTIONS: Record<string, string> = {
  account: "The signed-in customer's address book and privacy.",
  admin: 'The back office: staff routes under /api/admin (and three public lists the specification placed there).',
  appointments: 'Store visits and video calls: slots, booking with an e-mailed confirmation, the guest’s link.',
  auth: 'Sign-up, login, logout, and a forgotten password by code or link.',
  cart: 'The shopping cart of a customer, or of a guest by cookie.',
  category: 'The catalogue’s categories.',
  coupons: 'Coupons applied to a cart.',
  'custom-design': 'A customer’s made-to-order requests and their CAD designs.',
  courier: 'The courier provider’s tracking webhook (Shiprocket), when COURIER_PROVIDER is set.',
  exchanges: 'Lifetime exchange and buy-back of pieces bought here.',
  harvest: 'Milli Harvest, the 10 + 1 monthly savings plan.',
  health: 'For a load balancer or supervisor: liveness, and readiness (database, migrations, draining for a shutdown).',
  manufacturer: 'Trade-partner applications (the specification’s manufacturer forms).',
  'offer-strip': 'The home page’s offers strip that staff write: the messages showing now, each coupon it names live.',
  me: 'What the page shows of the visitor once painted: greeting, cart and wish-list counts.',
  orders: 'Placing, paying, following, cancelling and returning orders; invoices and credit notes.',
  payments: 'Payments through the gateway (Razorpay, or the demo gateway): verify, webhooks, the customer’s payments.',
  product: 'The catalogue: listing, filters, search, a product with its price breakup, reviews.',
  reviews: 'Reviews written by customers who received the piece.',
  settings: 'The store’s public settings: shipping fee, return window, contact details.',
  'sizer-requests': 'Free ring sizers asked for from a product page.',
  'store-credit': 'A customer’s store credit and its statement.',
  stores: 'The store locator and delivery by pincode.',
  'trade-in': 'The old gold trade-in estimate.',
  users: 'A customer’s profile (the specification’s user-details calls).',
  wishlist: 'The wish list of a customer, or of a guest by cookie.',
};

/**
 * zod states a record keyed by an enum (`z.record(z.enum([...]), …)`) as `required` keys with `additionalProperties`,
 * which JSON Schema reads as requiring properties it does not define: each required key gets the value schema.
 */
function defineRequired(schema: unknown): void {
  if (!schema || typeof schema !== 'object') return;
  if (Array.isArray(schema)) {
    for (const item of schema) defineRequired(item);
    return;
  }
  const s = schema as SchemaObject;
  if (Array.isArray(s.required) && s.additionalProperties && typeof s.additionalProperties === 'object') {
    const missing = s.required.filter((name) => !s.properties?.[name]);
    if (missing.length > 0) s.properties = { ...s.properties, ...Object.fromEntries(missing.map((name) => [name, s.additionalProperties as SchemaObject])) };
  }
  for (const value of Object.values(s)) defineRequired(value);
}

/** The codes of the vocabulary answered with each HTTP status (plugins/errors.ts decides them all). */
export function codesByStatus(): Map<number, ErrorCode[]> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const [code, status] of Object.entries(STATUS_OF) as [ErrorCode, number][]) byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  return byStatus;
}

const ERROR_REF = { $ref: `#/components/schemas/${ERROR_COMPONENT}` };

/** The whole document, after swagger and zod have made every path: groups, descriptions of answers, the catch-all refusal. */
function documentTransform(): SwaggerTransformObject {
  const zodComponents = createJsonSchemaTransformObject({});
  const byStatus = codesByStatus();
  return (input) => {
    let doc: OpenApiDocument;
    try {
      doc = zodComponents(input) as unknown as OpenApiDocument;
    } catch {
      // A schema someone gave an id that zod cannot convert must not cost the document: the error answer alone then.
      doc = ('openapiObject' in input ? input.openapiObject : {}) as unknown as OpenApiDocument;
      doc.components.schemas = {
        ...doc.components.schemas,
        [ERROR_COMPONENT]: z.toJSONSchema(ErrorSchema, { target: 'openapi-3.0', io: 'output', metadata: z.registry() }) as SchemaObject,
      };
    }
    const tags = new Set<string>();
    for (const item of Object.values(doc.paths)) {
      for (const method of METHODS) {
        const op = item[method];
        if (!op) continue;
        for (const tag of op.tags ?? []) tags.add(tag);
        for (const [status, response] of Object.entries(op.responses)) {
          if (response.description !== 'Default Response') continue;
          const codes = byStatus.get(Number(status));
          response.description = /^2/.test(status)
            ? 'Success.'
            : codes
              ? `Refused. Codes with this status: ${codes.join(', ')}.`
              : `Answered with status ${status}.`;
        }
        // Any call can be refused: its address or query holding unusable text (400), a foreign origin (403), a fault of ours.
        if (!Object.keys(op.responses).some((status) => /^4/.test(status))) {
          op.responses['400'] = {
            description: `Refused. Codes with this status: ${(byStatus.get(400) ?? []).join(', ')}.`,
            content: { 'application/json': { schema: ERROR_REF } },
          };
        }
        op.responses.default ??= { description: 'Any other refusal: { message, code, fields? }.', content: { 'application/json': { schema: ERROR_REF } } };
      }
    }
    doc.tags = [...tags].sort().map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? `The calls under /api/${name}.` }));
    defineRequired(doc.paths);
    defineRequired(doc.components.schemas);
    // The registry gives ErrorSchema an input twin too; nothing takes an error as input.
    if (!JSON.stringify(doc.paths).includes(`/${ERROR_COMPONENT}Input"`)) delete doc.components.schemas?.[`${ERROR_COMPONENT}Input`];
    return doc as unknown as ReturnType<SwaggerTransformObject>;
  };
}

const DESCRIPTION = [
  `Every call of the Milli store, under \`/api\`. A readable page of this document: \`${DOCS_URL}\`.`,
  '',
  `**Sessions.** Log in with \`POST /api/auth/login\` (a form or JSON with \`username\` and \`password\`); the answer sets the cookie \`${SESSION_COOKIE}\`. Send it back on the calls that need a customer. A state-changing call (POST, PUT, PATCH, DELETE) that carries cookies must also send an \`Origin\` header with the store's own address.`,
  '',
  '**Errors.** Every refusal is JSON `{ message, code, fields? }`: `message` for a person, `code` one of the stable codes of the `Error` schema, `fields` one message per form field when the refusal is about fields. A 500 also carries `requestId`.',
].join('\n');

/**
 * A built answer, kept as Brotli only (as a kept page is): the document and its page are about 0.9 MB of text each
 * (1.8 MB each as the engine holds it, for a character beyond Latin-1) and 30-40 KB as Brotli.
 */
interface Answer extends BrotliKept {
  etag: string;
  type: string;
}

function answer(body: string, type: string): Answer {
  const built: Answer = { body: Buffer.from(body), type, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
  brotliOf(built);
  delete built.body;
  return built;
}

/**
 * Whether If-None-Match names this answer (RFC 9110 §13.1.2): `*`, or any tag of the list compared weakly,
 * since a proxy that compresses passes the tag on as W/"…" and a cache holding several sends them all.
 */
function matchesNoneOf(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * GET /api/openapi.json, the OpenAPI 3 document of every /api route made from the zod schemas the routes
 * declare, and GET /api/docs, a page of it. Registered before the API modules: swagger collects routes as
 * they are added. Both are built once at ready, since routes cannot change afterwards, and kept compressed.
 */
export async function openapiPlugin(app: FastifyInstance) {
  // The shared error answer becomes one component that every refusal refers to.
  if (!z.globalRegistry.has(ErrorSchema))
    z.globalRegistry.add(ErrorSchema, { id: ERROR_COMPONENT, description: 'Every error answer: a message a person can read, and a stable code.' });

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Milli store API', version: serverPackage.version, description: DESCRIPTION, license: { name: 'Proprietary: the Milli store’s own API' } },
      // The store answers its API where it serves its pages, wherever that is deployed.
      servers: [{ url: '/', description: 'This store' }],
      components: {
        securitySchemes: {
          [SESSION_SCHEME]: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'The session cookie that POST /api/auth/login sets.' },
          [STAFF_SCHEME]: { type: 'apiKey', in: 'cookie', name: STAFF_COOKIE, description: 'The back office cookie that POST /api/admin/auth/login sets.' },
          [TOKEN_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            description: 'A personal API token (mst_…) made under My security; it acts with its creator’s current role.',
          },
        },
      },
    },
    transform: routeTransform(),
    transformObject: documentTransform(),
  });

  let json: Answer | undefined;
  let page: Answer | undefined;
  app.addHook('onReady', async () => {
    try {
      const doc = app.swagger() as unknown as OpenApiDocument;
      json = answer(JSON.stringify(doc), 'application/json; charset=utf-8');
      page = answer(renderReference(doc), 'text/html; charset=utf-8');
    } catch (error) {
      // The store serves without its reference rather than not at all; the tests of openapi.test.ts say why.
      app.log.error({ err: error }, 'the OpenAPI document could not be built');
    }
  });

  const send = (built: Answer | undefined, request: FastifyRequest, reply: FastifyReply) => {
    if (!built) return reply.status(503).send({ message: 'The API reference is not available.', code: 'UNAVAILABLE' });
    reply.header('cache-control', 'public, max-age=300').header('etag', built.etag);
    if (matchesNoneOf(request.headers['if-none-match'], built.etag)) return reply.status(304).send();
    return sendBrotliKept(request, reply.type(built.type), built);
  };
  app.get(OPENAPI_URL, (request, reply) => send(json, request, reply));
  app.get(DOCS_URL, (request, reply) => send(page, request, reply));
}

// ---------------------------------------------------------------------------------------------------------
// The reference page: plain HTML from the document, no script, one small stylesheet.

function esc(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function slug(text: string): string {
  return text.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

const STYLE = `
body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1b1b1b;background:#fff}
main{max-width:72rem;margin:0 auto;padding:1rem 1.25rem 4rem}
h1{font-size:1.8rem}h2{margin-top:2.5rem;border-bottom:2px solid #8a5a00;padding-bottom:.25rem}
h3{font-size:1.1rem;margin:0 0 .5rem}h4{font-size:1rem;margin:1rem 0 .25rem}
section.op{border:1px solid #c9c9c9;border-radius:6px;padding:1rem;margin:1rem 0}
code{font-family:ui-monospace,monospace;font-size:.92em;overflow-wrap:anywhere}
.method{display:inline-block;min-width:4.2rem;text-align:center;border-radius:4px;padding:0 .4rem;margin-right:.5rem;color:#fff;background:#444;font-family:ui-monospace,monospace}
.m-get{background:#1d5c96}.m-post{background:#1f6b35}.m-put,.m-patch{background:#7a4b00}.m-delete{background:#a12020}
.auth{color:#6b3e00}
table{border-collapse:collapse;width:100%;margin:.25rem 0 .75rem;font-size:.93rem}
caption{text-align:left;font-weight:600;padding:.25rem 0}
th,td{border:1px solid #d4d4d4;padding:.3rem .5rem;text-align:left;vertical-align:top}
th{background:#f3f0ea}
nav ul{columns:12rem;padding-left:1.2rem}
a{color:#0b4f8a}
`;

interface Renderer {
  doc: OpenApiDocument;
  byStatus: Map<number, ErrorCode[]>;
}

function componentName(ref: string): string {
  return ref.replace('#/components/schemas/', '');
}

function resolve(r: Renderer, schema: SchemaObject | undefined): SchemaObject {
  let current = schema ?? {};
  for (let hops = 0; current.$ref && hops < 10; hops++) current = r.doc.components.schemas?.[componentName(current.$ref)] ?? {};
  return current;
}

function typeLabel(r: Renderer, schema: SchemaObject | undefined, depth = 0): string {
  if (!schema || depth > 4) return 'any';
  if (schema.$ref) {
    const name = componentName(schema.$ref);
    return `<a href="#schema-${esc(slug(name))}">${esc(name)}</a>`;
  }
  let label: string;
  const members = schema.anyOf ?? schema.oneOf;
  if (schema.const !== undefined) label = `<code>${esc(JSON.stringify(schema.const))}</code>`;
  else if (schema.enum && schema.enum.join() === ERROR_CODES.join()) label = 'an error code (<a href="#codes">Error codes</a>)';
  else if (schema.enum)
    label = `one of ${schema.enum
      .filter((v) => v !== null)
      .map((v) => `<code>${esc(JSON.stringify(v))}</code>`)
      .join(', ')}`;
  else if (members) label = members.map((m) => typeLabel(r, m, depth + 1)).join(' or ');
  else if (schema.allOf) label = schema.allOf.map((m) => typeLabel(r, m, depth + 1)).join(' and ');
  else {
    const type = [schema.type ?? (schema.properties ? 'object' : undefined)].flat().filter((t): t is string => !!t);
    if (type.length === 0) label = 'any';
    else
      label = type
        .map((t) => {
          if (t === 'array') return `array of ${typeLabel(r, schema.items, depth + 1)}`;
          if (t === 'object' && !schema.properties && schema.additionalProperties && typeof schema.additionalProperties === 'object')
            return `map of ${typeLabel(r, schema.additionalProperties, depth + 1)}`;
          return schema.format ? `${t} (${esc(schema.format)})` : t;
        })
        .join(' or ');
  }
  return schema.nullable ? `${label} or null` : label;
}

function notes(schema: SchemaObject | undefined): string {
  if (!schema) return '';
  const s = schema;
  const parts: string[] = [];
  if (s.description) parts.push(esc(s.description));
  if (s.minLength !== undefined || s.maxLength !== undefined) parts.push(`length ${s.minLength ?? 0}–${s.maxLength ?? '∞'}`);
  // zod's int() states the safe-integer range, which says nothing to a reader.
  if (s.minimum !== undefined && s.minimum > Number.MIN_SAFE_INTEGER) parts.push(`≥ ${s.minimum}`);
  if (typeof s.exclusiveMinimum === 'number') parts.push(`> ${s.exclusiveMinimum}`);
  if (s.maximum !== undefined && s.maximum < Number.MAX_SAFE_INTEGER) parts.push(`≤ ${s.maximum}`);
  if (typeof s.exclusiveMaximum === 'number') parts.push(`< ${s.exclusiveMaximum}`);
  if (s.minItems !== undefined || s.maxItems !== undefined) parts.push(`${s.minItems ?? 0}–${s.maxItems ?? '∞'} items`);
  if (s.pattern) parts.push(`matches <code>${esc(s.pattern)}</code>`);
  if (s.default !== undefined) parts.push(`default <code>${esc(JSON.stringify(s.default))}</code>`);
  return parts.join('; ');
}

/** One row a field, nested objects as dotted names (`items[].product_id`), a few levels deep. */
function fieldRows(r: Renderer, schema: SchemaObject | undefined, prefix = '', depth = 0): string[] {
  const s = resolve(r, schema);
  if (!s.properties || depth > 3) return [];
  const required = new Set(s.required ?? []);
  const rows: string[] = [];
  for (const [name, property] of Object.entries(s.properties)) {
    const path = `${prefix}${name}`;
    rows.push(
      `<tr><td><code>${esc(path)}</code></td><td>${typeLabel(r, property)}</td><td>${required.has(name) ? 'yes' : 'no'}</td><td>${notes(property)}</td></tr>`,
    );
    // A shared schema has its own table at the end; only inline shapes are opened here.
    if (property.$ref) continue;
    rows.push(...fieldRows(r, property, `${path}.`, depth + 1));
    if (property.items && !property.items.$ref) rows.push(...fieldRows(r, property.items, `${path}[].`, depth + 1));
  }
  return rows;
}

function fieldTable(r: Renderer, schema: SchemaObject | undefined, caption: string): string {
  const s = resolve(r, schema);
  const alternatives = (s.anyOf ?? s.oneOf)?.filter((m) => resolve(r, m).properties);
  if (alternatives && alternatives.length > 0) {
    return alternatives.map((m, i) => fieldTable(r, m, `${caption}, form ${i + 1} of ${alternatives.length}`)).join('');
  }
  const target = s.type === 'array' && s.items ? s.items : s;
  const rows = fieldRows(r, target, s === target ? '' : '[].');
  if (rows.length === 0) return `<p>${esc(caption)}: ${typeLabel(r, schema)}.</p>`;
  return `<table><caption>${esc(caption)}${s === target ? '' : ' (a list; one row a field of each element)'}</caption><thead><tr><th scope="col">Field</th><th scope="col">Type</th><th scope="col">Required</th><th scope="col">Notes</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function renderOperation(r: Renderer, method: Method, path: string, op: OperationObject): string {
  const id = slug(`${method}-${path}`);
  const out: string[] = [`<section class="op" id="${id}" aria-labelledby="${id}-h">`];
  out.push(`<h3 id="${id}-h"><span class="method m-${method}">${method.toUpperCase()}</span><code>${esc(path)}</code></h3>`);
  if (op.summary) out.push(`<p>${esc(op.summary)}</p>`);
  if (op.description) out.push(...op.description.split(/\n\n+/).map((p) => `<p>${esc(p)}</p>`));
  if (op.security?.some((s) => SESSION_SCHEME in s)) out.push(`<p class="auth">Needs a customer: send the session cookie <code>${SESSION_COOKIE}</code>.</p>`);
  if (op.security?.some((s) => STAFF_SCHEME in s)) {
    const token = op.security.some((s) => TOKEN_SCHEME in s) ? ' or <code>Authorization: Bearer mst_…</code> (an API token)' : ' (an API token is refused)';
    out.push(`<p class="auth">Needs a staff member: send the back office cookie <code>${STAFF_COOKIE}</code>${token}.</p>`);
  }

  if (op.parameters && op.parameters.length > 0) {
    const rows = op.parameters.map(
      (p) =>
        `<tr><td><code>${esc(p.name)}</code></td><td>${esc(p.in)}</td><td>${typeLabel(r, p.schema)}</td><td>${p.required ? 'yes' : 'no'}</td><td>${[p.description ? esc(p.description) : '', notes(p.schema)].filter(Boolean).join('; ')}</td></tr>`,
    );
    out.push(
      `<h4>Parameters</h4><table><caption>Parameters of ${method.toUpperCase()} ${esc(path)}</caption><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Type</th><th scope="col">Required</th><th scope="col">Notes</th></tr></thead><tbody>${rows.join('')}</tbody></table>`,
    );
  }

  out.push('<h4>Request body</h4>');
  const content = op.requestBody?.content;
  if (content && Object.keys(content).length > 0) {
    const types = Object.keys(content);
    out.push(
      `<p>Sent as ${types
        .map((t) => `<code>${esc(t)}</code>`)
        .join(types.length > 2 ? ', ' : ' or ')
        .replace(/, ([^,]*)$/, ' or $1')}.</p>`,
    );
    out.push(fieldTable(r, content[types[0]!]?.schema, 'Body fields'));
  } else if (method === 'get' || method === 'head') out.push('<p>None.</p>');
  else out.push('<p>The route declares no body schema.</p>');

  const rows: string[] = [];
  const bodies: string[] = [];
  for (const [status, response] of Object.entries(op.responses)) {
    const schema = response.content?.['application/json']?.schema ?? Object.values(response.content ?? {})[0]?.schema;
    const codes = r.byStatus.get(Number(status));
    const isError = status === 'default' || !/^[23]/.test(status);
    const answer = schema ? typeLabel(r, schema) : 'no declared body';
    // The codes a status can carry are listed once, at the end, rather than under every call.
    const meaning = isError && codes ? `Refused: one of <a href="#codes-${esc(status)}">the codes with status ${esc(status)}</a>.` : esc(response.description);
    rows.push(`<tr><th scope="row">${esc(status)}</th><td>${meaning}</td><td>${answer}</td></tr>`);
    if (!isError && schema && !schema.$ref)
      bodies.push(`<details><summary>Fields of the ${esc(status)} answer</summary>${fieldTable(r, schema, `The ${status} answer`)}</details>`);
  }
  out.push(
    `<h4>Responses</h4><table><caption>Responses of ${method.toUpperCase()} ${esc(path)}</caption><thead><tr><th scope="col">Status</th><th scope="col">Meaning</th><th scope="col">Body</th></tr></thead><tbody>${rows.join('')}</tbody></table>`,
    ...bodies,
    '</section>',
  );
  return out.join('\n');
}

/** The reference page of a document: an introduction, the operations by group, the shared schemas, the error codes. */
export function renderReference(doc: OpenApiDocument): string {
  const r: Renderer = { doc, byStatus: codesByStatus() };
  const groups = new Map<string, string[]>((doc.tags ?? []).map((t) => [t.name, []]));
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      for (const tag of op.tags?.length ? op.tags : ['other']) {
        if (!groups.has(tag)) groups.set(tag, []);
        groups.get(tag)!.push(renderOperation(r, method, path, op));
      }
    }
  }
  const schemas = Object.entries(doc.components.schemas ?? {});
  const title = `${doc.info.title} ${doc.info.version}`;
  const codeRows = [...r.byStatus.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, codes]) => `<tr id="codes-${status}"><th scope="row">${status}</th><td>${codes.map((code) => `<code>${code}</code>`).join(', ')}</td></tr>`);

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}: reference</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${esc(title)}</h1>
<p>Every call of the store, under <code>/api</code>. The same reference as an OpenAPI ${esc(doc.openapi)} document: <a href="${OPENAPI_URL}"><code>${OPENAPI_URL}</code></a>.</p>
<h2 id="sessions">Sessions</h2>
<p>Log in with <a href="#${slug('post-/api/auth/login')}"><code>POST /api/auth/login</code></a> (a form or JSON with <code>username</code> and <code>password</code>).
The answer sets the session cookie <code>${SESSION_COOKIE}</code>; send it back in the <code>Cookie</code> header on the calls marked “Needs a customer”.
A state-changing call (POST, PUT, PATCH, DELETE) that carries cookies must also send an <code>Origin</code> header with the store’s own address; one without cookies needs none.</p>
<h2 id="errors">Errors</h2>
<p>Every refusal is JSON <code>{ message, code, fields? }</code>: <code>message</code> is for a person, <code>code</code> is one of the stable codes below,
and <code>fields</code> holds one message per form field when the refusal is about fields. A 500 also carries <code>requestId</code>, to quote when asking about it.</p>
<nav aria-label="Groups of calls"><h2 id="contents">Groups</h2><ul>
${[...groups.keys()].map((tag) => `<li><a href="#tag-${esc(slug(tag))}">${esc(tag)}</a></li>`).join('\n')}
<li><a href="#schemas">Shared schemas</a></li><li><a href="#codes">Error codes</a></li>
</ul></nav>
${[...groups.entries()].map(([tag, ops]) => `<h2 id="tag-${esc(slug(tag))}">${esc(tag)}</h2>\n${ops.join('\n')}`).join('\n')}
<h2 id="schemas">Shared schemas</h2>
${schemas.map(([name, schema]) => `<section id="schema-${esc(slug(name))}" aria-labelledby="schema-${esc(slug(name))}-h"><h3 id="schema-${esc(slug(name))}-h">${esc(name)}</h3>${schema.description ? `<p>${esc(schema.description)}</p>` : ''}${fieldTable(r, schema, `Fields of ${name}`)}</section>`).join('\n')}
<h2 id="codes">Error codes</h2>
<p>The <code>code</code> of an error answer, by the HTTP status it comes with. Codes are stable; messages may change.</p>
<table><caption>Error codes by HTTP status</caption><thead><tr><th scope="col">Status</th><th scope="col">Codes</th></tr></thead><tbody>
${codeRows.join('\n')}
</tbody></table>
</main>
</body>
</html>
`;
}
