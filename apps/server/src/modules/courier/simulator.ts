import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server that speaks Shiprocket's API (issue 39), for the tests: the login and its bearer token, ad-hoc and
 * return orders, AWB assignment, pickup, label and tracking, each refusing as Shiprocket does (401 without a valid
 * token, 422 with `message` and `errors` for a missing field, 404 for an unknown shipment). It can be told to fail the
 * next calls of a path with a 500, and it sends the tracking webhook as Shiprocket does: a JSON POST with the
 * configured token in `x-api-key`.
 */
export interface ShiprocketSimOptions {
  email: string;
  password: string;
  webhookToken: string;
  /** Where tracking webhooks are POSTed. */
  webhookUrl?: string;
}

export interface SimShipment {
  orderId: number;
  shipmentId: number;
  channelOrderId: string;
  isReturn: boolean;
  body: Record<string, unknown>;
  awb: string | null;
  courierName: string | null;
  pickupRequested: boolean;
  labelUrl: string | null;
  status: string;
  statusId: number;
}

/** Shiprocket's numbers and words for the statuses its webhook sends. */
export const SHIPROCKET_STATUSES = {
  'PICKED UP': 42,
  'IN TRANSIT': 18,
  'OUT FOR DELIVERY': 17,
  DELIVERED: 7,
  'RTO INITIATED': 9,
  'RTO DELIVERED': 10,
} as const;
export type ShiprocketStatus = keyof typeof SHIPROCKET_STATUSES;

export interface ShiprocketSim {
  url: string;
  shipments(): readonly SimShipment[];
  /** Every API call, `METHOD /path`, oldest first. */
  calls(): readonly string[];
  /** The next `times` calls whose path ends with `pathEnd` answer 500 without doing anything. */
  failNext(pathEnd: string, times?: number): void;
  setWebhookUrl(url: string): void;
  /** POSTs a tracking update for an AWB as Shiprocket does; answers the store's HTTP status. */
  sendWebhook(awb: string, status: ShiprocketStatus, options?: { at?: string; token?: string }): Promise<number>;
  close(): Promise<void>;
}

const COURIERS = ['Blue Dart Air', 'Delhivery Surface', 'Ekart Logistics'];

export async function startShiprocketSim(options: ShiprocketSimOptions): Promise<ShiprocketSim> {
  const tokens = new Set<string>();
  const shipments: SimShipment[] = [];
  const calls: string[] = [];
  const faults: { pathEnd: string; times: number }[] = [];
  let webhookUrl = options.webhookUrl;
  let nextId = 100_000;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const invalid = (errors: Record<string, string[]>) => ({ message: 'Oops! Invalid Data.', errors, status_code: 422 });

  async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    if (!text) return {};
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  }

  function required(body: Record<string, unknown>, names: string[]): Record<string, string[]> {
    const errors: Record<string, string[]> = {};
    for (const n of names) if (body[n] === undefined || body[n] === null || body[n] === '') errors[n] = [`The ${n.replace(/_/g, ' ')} field is required.`];
    return errors;
  }

  const byShipment = (id: unknown) => shipments.find((s) => String(s.shipmentId) === String(Array.isArray(id) ? id[0] : id));

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://sim');
    const path = url.pathname;
    calls.push(`${req.method} ${path}`);
    const fault = faults.find((f) => f.times > 0 && path.endsWith(f.pathEnd));
    if (fault) {
      fault.times -= 1;
      return send(res, 500, { message: 'Something went wrong. Please try again later.', status_code: 500 });
    }
    let body: Record<string, unknown>;
    try {
      body = req.method === 'POST' ? await readJson(req) : {};
    } catch {
      return send(res, 400, { message: 'The request body is not valid JSON.', status_code: 400 });
    }

    if (req.method === 'POST' && path === '/v1/external/auth/login') {
      if (body.email !== options.email || body.password !== options.password)
        return send(res, 400, { message: 'Invalid email and password combination', status_code: 400 });
      const token = randomBytes(24).toString('base64url');
      tokens.add(token);
      return send(res, 200, { id: 1, email: options.email, company_id: 1, token, created_at: new Date().toISOString() });
    }
    const bearer = /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ''))?.[1];
    if (!bearer || !tokens.has(bearer)) return send(res, 401, { message: 'Token has expired', status_code: 401 });

    if (req.method === 'POST' && (path === '/v1/external/orders/create/adhoc' || path === '/v1/external/orders/create/return')) {
      const isReturn = path.endsWith('/return');
      const errors = required(
        body,
        isReturn
          ? [
              'order_id',
              'order_date',
              'pickup_customer_name',
              'pickup_address',
              'pickup_pincode',
              'pickup_phone',
              'shipping_customer_name',
              'shipping_pincode',
              'order_items',
              'sub_total',
              'weight',
            ]
          : [
              'order_id',
              'order_date',
              'pickup_location',
              'billing_customer_name',
              'billing_address',
              'billing_pincode',
              'billing_phone',
              'shipping_pincode',
              'order_items',
              'payment_method',
              'sub_total',
              'weight',
            ],
      );
      for (const key of ['billing_pincode', 'shipping_pincode', 'pickup_pincode']) {
        if (body[key] !== undefined && !/^[1-9]\d{5}$/.test(String(body[key]))) errors[key] = [`The ${key.replace(/_/g, ' ')} must be 6 digits.`];
      }
      if (Object.keys(errors).length > 0) return send(res, 422, invalid(errors));
      const shipment: SimShipment = {
        orderId: nextId++,
        shipmentId: nextId++,
        channelOrderId: String(body.order_id),
        isReturn,
        body,
        awb: null,
        courierName: null,
        pickupRequested: false,
        labelUrl: null,
        status: isReturn ? 'RETURN PENDING' : 'NEW',
        statusId: isReturn ? 21 : 1,
      };
      shipments.push(shipment);
      return send(res, 200, {
        order_id: shipment.orderId,
        shipment_id: shipment.shipmentId,
        status: shipment.status,
        status_code: shipment.statusId,
        onboarding_completed_now: 0,
        awb_code: null,
        courier_company_id: null,
        courier_name: null,
      });
    }

    if (req.method === 'POST' && path === '/v1/external/courier/assign/awb') {
      const s = byShipment(body.shipment_id);
      if (!s) return send(res, 422, invalid({ shipment_id: ['The selected shipment id is invalid.'] }));
      // Shiprocket refuses a second assignment rather than answering the first again.
      if (s.awb) return send(res, 400, { message: `AWB is already assigned: ${s.awb}`, status_code: 350 });
      s.awb = `${s.isReturn ? 'R' : ''}${(1_000_000_000 + s.shipmentId * 7).toString()}`;
      s.courierName = COURIERS[s.shipmentId % COURIERS.length]!;
      s.status = 'AWB ASSIGNED';
      s.statusId = 3;
      return send(res, 200, {
        awb_assign_status: 1,
        response: {
          data: {
            courier_company_id: 10 + (s.shipmentId % COURIERS.length),
            awb_code: s.awb,
            order_id: s.orderId,
            shipment_id: s.shipmentId,
            courier_name: s.courierName,
            applied_weight: Number(s.body.weight ?? 0.5),
            pickup_scheduled_date: s.isReturn ? tomorrow() : null,
          },
        },
      });
    }

    if (req.method === 'POST' && path === '/v1/external/courier/generate/pickup') {
      const s = byShipment(body.shipment_id);
      if (!s) return send(res, 404, { message: 'Shipment not found', status_code: 404 });
      if (!s.awb) return send(res, 400, { message: 'Please assign an AWB before generating a pickup.', status_code: 400 });
      s.pickupRequested = true;
      s.status = 'PICKUP SCHEDULED';
      return send(res, 200, {
        pickup_status: 1,
        response: {
          pickup_scheduled_date: `${tomorrow()} 10:00:00`,
          pickup_token_number: `Reference No: ${s.shipmentId}`,
          status: 3,
          data: 'Pickup is confirmed',
        },
      });
    }

    if (req.method === 'POST' && path === '/v1/external/courier/generate/label') {
      const s = byShipment(body.shipment_id);
      if (!s || !s.awb) return send(res, 200, { label_created: 0, response: 'Label not generated', not_created: [body.shipment_id] });
      s.labelUrl = `${simUrl}/labels/${s.shipmentId}.pdf`;
      return send(res, 200, { label_created: 1, label_url: s.labelUrl, response: 'Label has been created and uploaded successfully!', not_created: [] });
    }

    const track = /^\/v1\/external\/courier\/track\/awb\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && track) {
      const s = shipments.find((x) => x.awb === decodeURIComponent(track[1]!));
      if (!s) return send(res, 200, { tracking_data: { track_status: 0, shipment_status: 0, shipment_track: [], error: 'Awb not found' } });
      return send(res, 200, {
        tracking_data: {
          track_status: 1,
          shipment_status: s.statusId,
          shipment_track: [{ awb_code: s.awb, current_status: s.status, courier_name: s.courierName }],
        },
      });
    }

    return send(res, 404, { message: 'The requested URL was not found.', status_code: 404 });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => send(res, 500, { message: 'Simulator error', status_code: 500 }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const simUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: simUrl,
    shipments: () => shipments,
    calls: () => calls,
    failNext(pathEnd, times = 1) {
      faults.push({ pathEnd, times });
    },
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    async sendWebhook(awb, status, opts = {}) {
      if (!webhookUrl) throw new Error('no webhook URL');
      const s = shipments.find((x) => x.awb === awb);
      const at = opts.at ?? new Date().toISOString().replace('T', ' ').slice(0, 19);
      const statusId = SHIPROCKET_STATUSES[status];
      if (s) {
        s.status = status;
        s.statusId = statusId;
      }
      const res = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': opts.token ?? options.webhookToken },
        body: JSON.stringify({
          awb,
          courier_name: s?.courierName ?? 'Blue Dart Air',
          current_status: status,
          current_status_id: statusId,
          shipment_status: status,
          shipment_status_id: statusId,
          current_timestamp: at,
          order_id: s?.channelOrderId ?? 'unknown',
          sr_order_id: s?.orderId ?? 0,
          awb_assigned_date: at,
          pickup_scheduled_date: at,
          etd: at,
          scans: [{ date: at, status: String(statusId), activity: status, location: 'MUMBAI_HUB', 'sr-status': statusId, 'sr-status-label': status }],
          is_return: s?.isReturn ? 1 : 0,
          channel_id: 1,
        }),
      });
      await res.arrayBuffer();
      return res.status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function tomorrow(): string {
  return new Date(Date.now() + 86_400_000 + 5.5 * 3600_000).toISOString().slice(0, 10);
}
