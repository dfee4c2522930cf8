import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO_INSTRUMENTS, type DemoInstrument } from '@milli/contracts/schemas';
import { GatewayError, sameSignature, type GatewayPayment } from './gateway.ts';
import { createRazorpaySimulator, type RazorpaySimulator, type WebhookDelivery } from './simulator.ts';

/**
 * The simulator behind Razorpay's REST paths, on a real port: what the store's Razorpay client
 * (razorpay-gateway.ts) talks to in tests, the end-to-end runs and the bench, so the same bytes cross the
 * same kind of socket as with Razorpay. It checks the keys as Razorpay does (HTTP Basic), answers errors in
 * Razorpay's JSON, and can be told to fail: the next N calls answer 500 or never answer (`/_sim/faults`), with
 * or without the call having taken effect first (a lost answer is the hard case for idempotency). Webhooks
 * are POSTed, signed, to the store's webhook address, and can be sent again with the same event id.
 *
 * Test controls (no auth; the server listens on 127.0.0.1 only):
 *   POST /_sim/checkout {order_id, instrument, authorize_only?, amount?}: a shopper pays in the checkout
 *   POST /_sim/faults {mode: '5xx'|'timeout'|'none', times, paths?, after_effect?}
 *   POST /_sim/webhooks/replay {event_id?}: sends one delivery (or all) again, same event id
 *   GET  /_sim/deliveries: every webhook sent, with what the store answered
 */
export interface SimServerOptions {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Where webhooks are POSTed; none: they are only recorded (tests take them from `deliveries`). */
  webhookUrl?: string;
  port?: number;
  refundDelayMs?: number;
}

export interface SimFault {
  mode: '5xx' | 'timeout' | 'none';
  /** How many matching API calls fail (then the server answers normally again). */
  times: number;
  /**
   * Which calls: 'POST /v1/orders', '/v1/payments/∗/refund' (a `*` is one path segment, the method optional).
   * None: every /v1 call.
   */
  paths?: string[];
  /** The call takes effect before its answer is lost (a 500 after the refund was made, say). Default: it does not. */
  afterEffect?: boolean;
}

export interface SimCall {
  method: string;
  path: string;
  status: number | 'hung';
  idempotencyKey?: string;
}

export interface SimDeliveryRecord extends WebhookDelivery {
  /** What the store answered (HTTP status), 'error' when it could not be reached, null when not sent. */
  answers: (number | 'error')[];
}

export interface RazorpaySimServer {
  url: string;
  simulator: RazorpaySimulator;
  setWebhookUrl(url: string | undefined): void;
  faults: {
    set(fault: SimFault): void;
    clear(): void;
    /** Failures still to come. */
    remaining(): number;
  };
  /** Every /v1 call the server was asked, oldest first. */
  calls(): readonly SimCall[];
  deliveries(): readonly SimDeliveryRecord[];
  /** Sends one recorded webhook again (by event id) or all of them; answers what the store said to each. */
  replay(eventId?: string): Promise<(number | 'error')[]>;
  close(): Promise<void>;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`HTTP ${status}`);
  }
}

/** Razorpay's error body: every refusal is BAD_REQUEST_ERROR with a description, and what Razorpay adds around it. */
function razorpayError(description: string, extra: { field?: string; reason?: string; source?: string; step?: string } = {}) {
  return {
    error: {
      code: 'BAD_REQUEST_ERROR',
      description,
      source: extra.source ?? 'business',
      step: extra.step ?? 'payment_initiation',
      reason: extra.reason ?? 'input_validation_failed',
      metadata: {},
      ...(extra.field ? { field: extra.field } : {}),
    },
  };
}

const NOT_FOUND_URL = razorpayError('The requested URL was not found on the server.', { source: 'NA', step: 'NA', reason: 'NA' });
const AUTH_FAILED = { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed', source: 'NA', step: 'NA', reason: 'NA', metadata: {} } };

function fromGatewayError(error: GatewayError): HttpError {
  const field = error.kind === 'not_found' ? 'id' : undefined;
  return new HttpError(error.status && error.status >= 400 ? error.status : 400, razorpayError(error.message, field ? { field } : {}));
}

async function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 1024 * 1024) throw new HttpError(413, razorpayError('The request body is too large.'));
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text.trim()) return {};
  const type = String(req.headers['content-type'] ?? '');
  if (type.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text));
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new HttpError(400, razorpayError('The request body is not valid JSON.'));
}

/** A payment as Razorpay shows it: the card only when asked for with expand[]=card. */
function shown(payment: GatewayPayment, expandCard: boolean): GatewayPayment {
  if (expandCard) return payment;
  const { card: _card, ...rest } = payment;
  return rest as GatewayPayment;
}

function pathPattern(entry: string): { method: string | null; re: RegExp } {
  const [first, second] = entry.trim().split(/\s+/, 2);
  const method = second ? first!.toUpperCase() : null;
  const path = second ?? first!;
  const re = new RegExp(
    `^${path
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^/]+')}$`,
  );
  return { method, re };
}

export async function startRazorpaySimServer(options: SimServerOptions): Promise<RazorpaySimServer> {
  let webhookUrl = options.webhookUrl;
  const records: SimDeliveryRecord[] = [];
  const calls: SimCall[] = [];
  const hung = new Set<ServerResponse>();
  let fault: (SimFault & { patterns: { method: string | null; re: RegExp }[] }) | null = null;

  async function send(record: SimDeliveryRecord): Promise<number | 'error'> {
    if (!webhookUrl) return 'error';
    let answer: number | 'error';
    try {
      const res = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': record.signature, 'x-razorpay-event-id': record.eventId },
        body: record.body,
        signal: AbortSignal.timeout(5_000),
      });
      await res.arrayBuffer().catch(() => undefined);
      answer = res.status;
    } catch {
      answer = 'error';
    }
    record.answers.push(answer);
    return answer;
  }

  const simulator = createRazorpaySimulator({
    keyId: options.keyId,
    keySecret: options.keySecret,
    webhookSecret: options.webhookSecret,
    refundDelayMs: options.refundDelayMs ?? 0,
    deliver: (delivery) => {
      const record: SimDeliveryRecord = { ...delivery, answers: [] };
      records.push(record);
      if (records.length > 1000) records.shift();
      if (webhookUrl) return send(record).then(() => undefined);
    },
  });

  const expectedAuth = Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64');
  function authorised(req: IncomingMessage): boolean {
    const header = req.headers.authorization ?? '';
    const match = /^Basic\s+(\S+)$/i.exec(header);
    return Boolean(match && sameSignature(expectedAuth, match[1]!));
  }

  /** The fault for this call, counted down, or null. */
  function faultFor(method: string, path: string): SimFault | null {
    if (!fault || fault.mode === 'none' || fault.times <= 0) return null;
    if (fault.patterns.length > 0 && !fault.patterns.some((p) => (p.method === null || p.method === method) && p.re.test(path))) return null;
    fault.times -= 1;
    const current = fault;
    if (fault.times <= 0) fault = null;
    return current;
  }

  /** Razorpay's REST API over the simulator. */
  async function api(method: string, path: string, query: URLSearchParams, req: IncomingMessage): Promise<unknown> {
    const expandCard = query.getAll('expand[]').includes('card');
    const parts = path
      .split('/')
      .filter(Boolean)
      .map((p) => decodeURIComponent(p));
    const [v1, entity, id, action, actionId] = parts;
    // Five segments only for one refund of a payment (/v1/payments/:id/refunds/:refund_id).
    if (v1 !== 'v1' || parts.length > 5 || (parts.length === 5 && (entity !== 'payments' || action !== 'refunds'))) throw new HttpError(400, NOT_FOUND_URL);
    try {
      if (entity === 'orders') {
        if (method === 'POST' && parts.length === 2) {
          const body = await readBody(req);
          return simulator.createOrder({ ...body, amount: body.amount });
        }
        if (method === 'GET' && parts.length === 3) return simulator.fetchOrder(id!);
        if (method === 'GET' && action === 'payments') {
          const items = simulator.orderPayments(id!).map((p) => shown(p, expandCard));
          return { entity: 'collection', count: items.length, items };
        }
      }
      if (entity === 'payments' && id) {
        if (method === 'GET' && parts.length === 3) return shown(simulator.fetchPayment(id), expandCard);
        if (method === 'POST' && action === 'capture') {
          const body = await readBody(req);
          return shown(simulator.capture(id, typeof body.amount === 'string' ? Number(body.amount) : body.amount, body.currency ?? 'INR'), false);
        }
        if (method === 'POST' && action === 'refund') {
          const body = await readBody(req);
          const key = req.headers['x-refund-idempotency'];
          const amount = typeof body.amount === 'string' ? Number(body.amount) : body.amount;
          return simulator.refund(id, { amount, notes: body.notes }, Array.isArray(key) ? key[0] : key);
        }
        if (method === 'GET' && action === 'refunds' && actionId) return simulator.paymentRefund(id, actionId);
        if (method === 'GET' && action === 'refunds') {
          const items = simulator.paymentRefunds(id);
          return { entity: 'collection', count: items.length, items };
        }
      }
      if (entity === 'refunds' && id && method === 'GET' && parts.length === 3) return simulator.fetchRefund(id);
    } catch (error) {
      if (error instanceof GatewayError) throw fromGatewayError(error);
      throw error;
    }
    throw new HttpError(400, NOT_FOUND_URL);
  }

  /** The test controls. */
  async function controls(method: string, path: string, req: IncomingMessage): Promise<unknown> {
    if (method === 'POST' && path === '/_sim/checkout') {
      const body = await readBody(req);
      const instrument = String(body.instrument ?? 'card_success');
      if (!DEMO_INSTRUMENTS.some((i) => i.id === instrument)) throw new HttpError(400, razorpayError('Unknown test instrument', { field: 'instrument' }));
      try {
        const result = simulator.checkout(String(body.order_id ?? ''), instrument as DemoInstrument, {
          authorizeOnly: body.authorize_only === true,
          ...(typeof body.amount === 'number' ? { amountPaise: body.amount } : {}),
        });
        if (!result.ok)
          throw new HttpError(400, { error: { ...result.error, source: 'customer', step: 'payment_authorization', metadata: result.error.metadata } });
        const { ok: _ok, ...answer } = result;
        return answer;
      } catch (error) {
        if (error instanceof GatewayError) throw fromGatewayError(error);
        throw error;
      }
    }
    if (method === 'POST' && path === '/_sim/faults') {
      const body = await readBody(req);
      const mode = body.mode;
      if (mode !== '5xx' && mode !== 'timeout' && mode !== 'none')
        throw new HttpError(400, razorpayError("mode must be '5xx', 'timeout' or 'none'", { field: 'mode' }));
      const paths = Array.isArray(body.paths) ? body.paths.map(String) : undefined;
      handle.faults.set({ mode, times: Number(body.times ?? 1), ...(paths ? { paths } : {}), afterEffect: body.after_effect === true });
      return { mode, times: handle.faults.remaining() };
    }
    if (method === 'POST' && path === '/_sim/webhooks/replay') {
      const body = await readBody(req);
      const answers = await handle.replay(typeof body.event_id === 'string' ? body.event_id : undefined);
      return { count: answers.length, answers };
    }
    if (method === 'GET' && path === '/_sim/deliveries') {
      return {
        entity: 'collection',
        count: records.length,
        items: records.map((r) => ({ event_id: r.eventId, event: r.event, signature: r.signature, body: r.body, answers: r.answers })),
      };
    }
    throw new HttpError(404, NOT_FOUND_URL);
  }

  function reply(res: ServerResponse, status: number, body: unknown) {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
    res.end(text);
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://sim.local');
    const method = (req.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/\/+$/, '') || '/';
    if (path.startsWith('/_sim/')) {
      controls(method, path, req).then(
        (body) => reply(res, 200, body),
        (error: unknown) =>
          error instanceof HttpError
            ? reply(res, error.status, error.body)
            : reply(res, 500, razorpayError(String(error), { source: 'NA', step: 'NA', reason: 'server_error' })),
      );
      return;
    }
    const key = req.headers['x-refund-idempotency'];
    const call: SimCall = { method, path, status: 200, ...(key ? { idempotencyKey: String(key) } : {}) };
    calls.push(call);
    if (calls.length > 5000) calls.shift();
    if (!authorised(req)) {
      call.status = 401;
      req.resume();
      reply(res, 401, AUTH_FAILED);
      return;
    }
    const failure = faultFor(method, path);
    const fail = () => {
      if (failure!.mode === 'timeout') {
        // Never answered: the client's own timeout ends it (the connection is cut when the server closes).
        call.status = 'hung';
        hung.add(res);
        res.on('close', () => hung.delete(res));
        return;
      }
      call.status = 500;
      reply(res, 500, {
        error: {
          code: 'SERVER_ERROR',
          description: 'The server encountered an error. The incident has been reported to admins.',
          source: 'NA',
          step: 'NA',
          reason: 'NA',
          metadata: {},
        },
      });
    };
    if (failure && !failure.afterEffect) {
      req.resume();
      fail();
      return;
    }
    api(method, path, url.searchParams, req).then(
      (body) => {
        if (failure) return fail();
        reply(res, 200, body);
      },
      (error: unknown) => {
        if (failure) return fail();
        const status = error instanceof HttpError ? error.status : 500;
        call.status = status;
        reply(res, status, error instanceof HttpError ? error.body : razorpayError(String(error), { source: 'NA', step: 'NA', reason: 'server_error' }));
      },
    );
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  const handle: RazorpaySimServer = {
    url: `http://127.0.0.1:${port}`,
    simulator,
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    faults: {
      set(f) {
        fault = f.mode === 'none' || f.times <= 0 ? null : { ...f, patterns: (f.paths ?? []).map(pathPattern) };
      },
      clear() {
        fault = null;
      },
      remaining: () => fault?.times ?? 0,
    },
    calls: () => calls,
    deliveries: () => records,
    async replay(eventId) {
      const chosen = eventId ? records.filter((r) => r.eventId === eventId) : [...records];
      const answers: (number | 'error')[] = [];
      for (const r of chosen) answers.push(await send(r));
      return answers;
    },
    async close() {
      for (const res of hung) res.destroy();
      hung.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return handle;
}
