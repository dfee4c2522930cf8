import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local servers that speak MSG91's flow API and Meta's WhatsApp Cloud API (issue 41), for the tests: each checks its
 * key as the provider does (MSG91's `authkey` header, WhatsApp's bearer token), refuses a message without its template
 * or number as the provider does (4xx with the provider's error shape), can be told to answer the next calls with a
 * given status or to hang past the client's timeout, and builds the delivery receipts the provider sends, signed as it
 * signs them (WhatsApp: X-Hub-Signature-256 with the app secret).
 */
interface Fault {
  status: number | 'hang';
  times: number;
}

interface SimBase {
  url: string;
  /** Every request's body, oldest first. */
  received(): readonly Record<string, unknown>[];
  /** The next `times` calls answer `status` (or never answer: 'hang'). */
  failNext(status: number | 'hang', times?: number): void;
  close(): Promise<void>;
}

async function serve(
  handle: (req: IncomingMessage, body: Record<string, unknown>, res: ServerResponse) => void,
  faults: Fault[],
  received: Record<string, unknown>[],
) {
  const hanging = new Set<ServerResponse>();
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
    } catch {
      res.writeHead(400, { 'content-type': 'application/json' }).end('{"type":"error","message":"Invalid JSON"}');
      return;
    }
    received.push(body);
    const fault = faults.find((f) => f.times > 0);
    if (fault) {
      fault.times -= 1;
      if (fault.status === 'hang') {
        hanging.add(res);
        return;
      }
      res
        .writeHead(fault.status, { 'content-type': 'application/json' })
        .end(JSON.stringify({ type: 'error', message: 'Something went wrong', error: { message: 'Service unavailable', code: 2 } }));
      return;
    }
    handle(req, body, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const json = (res: ServerResponse, status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

export interface Msg91Sim extends SimBase {
  /** A delivery report as MSG91 posts it to the webhook, for the message MSG91 took as `requestId`. */
  deliveryReport(requestId: string, desc: 'DELIVERED' | 'FAILED' | 'REJECTED' | 'NDNC', number?: string): string;
}

/** MSG91's POST /api/v5/flow: `authkey` header, template_id, sender and recipients [{ mobiles, var1 … }]. */
export async function startMsg91Sim(options: { authKey: string }): Promise<Msg91Sim> {
  const received: Record<string, unknown>[] = [];
  const faults: Fault[] = [];
  const { url, close } = await serve(
    (req, body, res) => {
      if (req.method !== 'POST' || req.url?.replace(/\/$/, '') !== '/api/v5/flow') return json(res, 404, { type: 'error', message: 'Not found' });
      if (req.headers.authkey !== options.authKey) return json(res, 401, { type: 'error', message: 'Authentication failure', code: '401' });
      const recipients = body.recipients;
      if (typeof body.template_id !== 'string' || body.template_id === '') return json(res, 400, { type: 'error', message: 'Template ID missing' });
      if (!Array.isArray(recipients) || recipients.length === 0 || recipients.some((r) => !/^91[6-9]\d{9}$/.test(String((r as { mobiles?: unknown }).mobiles))))
        return json(res, 400, { type: 'error', message: 'Mobile number not valid' });
      return json(res, 200, { type: 'success', message: randomBytes(12).toString('hex') });
    },
    faults,
    received,
  );
  return {
    url,
    received: () => received,
    failNext: (status, times = 1) => faults.push({ status, times }),
    deliveryReport: (requestId, desc, number = '919876543210') =>
      JSON.stringify({
        data: [
          {
            requestId,
            userId: '123456',
            senderId: 'MILLIJ',
            report: [{ date: '2026-11-29 10:00:00', number, status: { DELIVERED: '1', FAILED: '2', REJECTED: '16', NDNC: '9' }[desc], desc }],
          },
        ],
      }),
    close,
  };
}

export interface WhatsAppSim extends SimBase {
  /** A status webhook as Meta sends it, and its X-Hub-Signature-256 with `secret` (the app secret, or a forger's). */
  statusWebhook(messageId: string, status: 'sent' | 'delivered' | 'read' | 'failed', secret?: string): { body: string; signature: string };
  /** An inbound text message from `from` (digits, no +), as Meta sends it, signed. */
  inboundText(from: string, text: string, secret?: string): { body: string; signature: string };
}

/** Meta's POST /{phone-number-id}/messages: bearer token, messaging_product whatsapp, type template. */
export async function startWhatsAppSim(options: { token: string; phoneNumberId: string; appSecret: string }): Promise<WhatsAppSim> {
  const received: Record<string, unknown>[] = [];
  const faults: Fault[] = [];
  const metaError = (res: ServerResponse, status: number, message: string, code: number) =>
    json(res, status, { error: { message, type: 'OAuthException', code, fbtrace_id: randomBytes(8).toString('base64url') } });
  const { url, close } = await serve(
    (req, body, res) => {
      if (req.method !== 'POST' || req.url !== `/${options.phoneNumberId}/messages`) return metaError(res, 400, 'Unsupported post request.', 100);
      if (req.headers.authorization !== `Bearer ${options.token}`) return metaError(res, 401, 'Error validating access token.', 190);
      const template = body.template as { name?: unknown; language?: { code?: unknown } } | undefined;
      if (
        body.messaging_product !== 'whatsapp' ||
        body.type !== 'template' ||
        typeof template?.name !== 'string' ||
        typeof template.language?.code !== 'string'
      )
        return metaError(res, 400, '(#100) Invalid parameter', 100);
      if (!/^91[6-9]\d{9}$/.test(String(body.to))) return metaError(res, 400, '(#131030) Recipient phone number not in allowed list', 131030);
      return json(res, 200, {
        messaging_product: 'whatsapp',
        contacts: [{ input: body.to, wa_id: body.to }],
        messages: [{ id: `wamid.${randomBytes(16).toString('base64url')}` }],
      });
    },
    faults,
    received,
  );
  const signed = (value: unknown, secret: string) => {
    const body = JSON.stringify({ object: 'whatsapp_business_account', entry: [{ id: '1029384756', changes: [{ field: 'messages', value }] }] });
    return { body, signature: `sha256=${createHmac('sha256', secret).update(body).digest('hex')}` };
  };
  const metadata = { display_phone_number: '919000000000', phone_number_id: options.phoneNumberId };
  return {
    url,
    received: () => received,
    failNext: (status, times = 1) => faults.push({ status, times }),
    statusWebhook: (messageId, status, secret = options.appSecret) =>
      signed(
        {
          messaging_product: 'whatsapp',
          metadata,
          statuses: [
            {
              id: messageId,
              status,
              timestamp: String(Math.floor(Date.now() / 1000)),
              recipient_id: '919876543210',
              ...(status === 'failed' ? { errors: [{ code: 131026, title: 'Message undeliverable' }] } : {}),
            },
          ],
        },
        secret,
      ),
    inboundText: (from, text, secret = options.appSecret) =>
      signed(
        {
          messaging_product: 'whatsapp',
          metadata,
          contacts: [{ profile: { name: 'Customer' }, wa_id: from }],
          messages: [
            {
              from,
              id: `wamid.${randomBytes(12).toString('base64url')}`,
              timestamp: String(Math.floor(Date.now() / 1000)),
              type: 'text',
              text: { body: text },
            },
          ],
        },
        secret,
      ),
    close,
  };
}
