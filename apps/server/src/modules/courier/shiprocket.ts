import { createHash, timingSafeEqual } from 'node:crypto';
import type { CourierConfig } from '../../config.ts';
import {
  CourierError,
  type CourierParcel,
  type CourierParty,
  type CourierProvider,
  type CourierReturnRequest,
  type CourierShipmentRequest,
  type ProviderAwb,
  type ProviderOrder,
} from './provider.ts';

/**
 * Shiprocket's REST API (issue 39): a login that returns a bearer token (valid ten days; the store keeps it for nine and
 * logs in again on a 401), ad-hoc orders, AWB assignment, pickup, label, tracking by AWB, and return orders for reverse
 * pickups. Called with fetch at SHIPROCKET_API_URL, so the tests point it at the simulator (simulator.ts).
 */
export function createShiprocketProvider(config: Pick<CourierConfig, 'apiUrl' | 'email' | 'password' | 'webhookToken' | 'pickupLocation' | 'timeoutMs'>) {
  const base = config.apiUrl.replace(/\/+$/, '');
  const timeoutMs = config.timeoutMs ?? 15_000;
  const TOKEN_LIFE_MS = 9 * 24 * 3600 * 1000;
  // A cache of the login, not state another instance needs: each instance logs in for itself.
  let token: { value: string; until: number } | null = null;

  async function send(method: 'GET' | 'POST', path: string, body: unknown, bearer: string | null): Promise<{ status: number; json: unknown }> {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      throw new CourierError('unavailable', 'Shiprocket could not be reached. Nothing was booked; try again in a few minutes.');
    }
    const text = await res.text().catch(() => '');
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { status: res.status, json };
  }

  /** Shiprocket's refusal in its own words: `message`, and the first of `errors` when it names fields. */
  function wordsOf(json: unknown): string {
    const j = (json ?? {}) as { message?: unknown; errors?: unknown };
    const errors = j.errors && typeof j.errors === 'object' ? Object.values(j.errors as Record<string, unknown>).flat() : [];
    const first = errors.find((e) => typeof e === 'string');
    const message = typeof j.message === 'string' ? j.message : '';
    return [message, typeof first === 'string' ? first : ''].filter(Boolean).join(' ').slice(0, 300) || 'no reason given';
  }

  async function login(): Promise<string> {
    const { status, json } = await send('POST', '/v1/external/auth/login', { email: config.email, password: config.password }, null);
    const value = (json as { token?: unknown } | null)?.token;
    if (status >= 200 && status < 300 && typeof value === 'string' && value) {
      token = { value, until: Date.now() + TOKEN_LIFE_MS };
      return value;
    }
    if (status >= 500)
      throw new CourierError('unavailable', `Shiprocket answered ${status} to the login. Nothing was booked; try again in a few minutes.`, status);
    throw new CourierError('unauthorized', 'Shiprocket refused the store’s API login (SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD). Nothing was booked.', status);
  }

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    let bearer = token && token.until > Date.now() ? token.value : await login();
    let answer = await send(method, path, body, bearer);
    if (answer.status === 401) {
      // The token was revoked or expired early: one new login, then the call once more.
      token = null;
      bearer = await login();
      answer = await send(method, path, body, bearer);
    }
    const { status, json } = answer;
    if (status >= 200 && status < 300 && json && typeof json === 'object') return json as T;
    if (status >= 500 || (status >= 200 && status < 300))
      throw new CourierError('unavailable', `Shiprocket answered ${status}. Try again in a few minutes.`, status);
    if (status === 401 || status === 403) throw new CourierError('unauthorized', 'Shiprocket refused the store’s API login.', status);
    throw new CourierError('refused', `Shiprocket refused it: ${wordsOf(json)}`, status);
  }

  const rupees = (paise: number) => Math.round(paise) / 100;
  const parcel = (p: CourierParcel) => ({
    order_id: p.reference,
    order_date: p.date,
    order_items: p.items.map((i) => ({ name: i.name, sku: i.sku, units: i.units, selling_price: rupees(i.sellingPricePaise) })),
    payment_method: p.codPaise > 0 ? 'COD' : 'Prepaid',
    sub_total: rupees(p.subtotalPaise),
    length: p.lengthCm,
    breadth: p.breadthCm,
    height: p.heightCm,
    weight: Math.max(p.weightG, 1) / 1000,
  });
  const party = (prefix: string, who: CourierParty) => {
    const [first, ...rest] = who.name.trim().split(/\s+/);
    return {
      [`${prefix}_customer_name`]: first ?? who.name,
      [`${prefix}_last_name`]: rest.join(' '),
      [`${prefix}_address`]: who.address,
      [`${prefix}_city`]: who.city,
      [`${prefix}_state`]: who.state,
      [`${prefix}_country`]: who.country,
      [`${prefix}_pincode`]: who.pincode,
      [`${prefix}_email`]: who.email,
      [`${prefix}_phone`]: who.phone,
    };
  };
  const orderOf = (json: { order_id?: unknown; shipment_id?: unknown }): ProviderOrder => {
    if (json.order_id === undefined || json.shipment_id === undefined || json.shipment_id === null)
      throw new CourierError('unavailable', 'Shiprocket’s answer had no order or shipment id. Try again in a few minutes.');
    return { providerOrderId: String(json.order_id), shipmentId: String(json.shipment_id) };
  };
  /** '2026-11-30 10:00:00' or an ISO time: the calendar day, when there is one. */
  const dayOf = (value: unknown) => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null);
  const digest = (value: string) => createHash('sha256').update(value).digest();

  const provider: CourierProvider = {
    name: 'shiprocket',

    async createShipment(request: CourierShipmentRequest) {
      const json = await call<{ order_id?: unknown; shipment_id?: unknown }>('POST', '/v1/external/orders/create/adhoc', {
        ...parcel(request),
        pickup_location: config.pickupLocation,
        ...party('billing', request.billing),
        shipping_is_billing: false,
        ...party('shipping', request.deliverTo),
        ...(request.codPaise > 0 ? { cod_amount: rupees(request.codPaise) } : {}),
      });
      return orderOf(json);
    },

    async createReturn(request: CourierReturnRequest) {
      const json = await call<{ order_id?: unknown; shipment_id?: unknown }>('POST', '/v1/external/orders/create/return', {
        ...parcel({ ...request, codPaise: 0 }),
        ...party('pickup', request.collectFrom),
        ...party('shipping', request.deliverTo),
      });
      return orderOf(json);
    },

    async assignAwb(shipmentId: string, options: { isReturn?: boolean } = {}): Promise<ProviderAwb> {
      const json = await call<{ awb_assign_status?: unknown; message?: unknown; response?: { data?: Record<string, unknown> } }>(
        'POST',
        '/v1/external/courier/assign/awb',
        { shipment_id: shipmentId, ...(options.isReturn ? { is_return: 1 } : {}) },
      );
      const data = json.response?.data ?? {};
      const awb = typeof data.awb_code === 'string' ? data.awb_code.trim() : '';
      const courierName = typeof data.courier_name === 'string' ? data.courier_name.trim() : '';
      if (json.awb_assign_status !== 1 || !awb || !courierName) throw new CourierError('refused', `Shiprocket did not assign an AWB: ${wordsOf(json)}`);
      return { awb, courierName, pickupDate: dayOf(data.pickup_scheduled_date) };
    },

    async requestPickup(shipmentId: string) {
      const json = await call<{ pickup_status?: unknown; message?: unknown; response?: Record<string, unknown> }>(
        'POST',
        '/v1/external/courier/generate/pickup',
        {
          shipment_id: [shipmentId],
        },
      );
      if (json.pickup_status !== 1) throw new CourierError('refused', `Shiprocket did not schedule the pickup: ${wordsOf(json)}`);
      return { pickupDate: dayOf(json.response?.pickup_scheduled_date) };
    },

    async label(shipmentId: string) {
      const json = await call<{ label_created?: unknown; label_url?: unknown; message?: unknown }>('POST', '/v1/external/courier/generate/label', {
        shipment_id: [shipmentId],
      });
      if (json.label_created !== 1 || typeof json.label_url !== 'string' || !/^https?:\/\//.test(json.label_url))
        throw new CourierError('refused', `Shiprocket did not make the label: ${wordsOf(json)}`);
      return { labelUrl: json.label_url };
    },

    async track(awb: string) {
      const json = await call<{ tracking_data?: { shipment_status?: unknown; shipment_track?: { current_status?: unknown }[] } }>(
        'GET',
        `/v1/external/courier/track/awb/${encodeURIComponent(awb)}`,
      );
      const data = json.tracking_data ?? {};
      const status = data.shipment_track?.[0]?.current_status;
      return { status: typeof status === 'string' ? status : 'unknown', statusId: typeof data.shipment_status === 'number' ? data.shipment_status : null };
    },

    webhookTokenValid(given: string | undefined) {
      // Digests of equal length, so neither the token's length nor its first differing byte shows in the time taken.
      return typeof given === 'string' && given.length > 0 && timingSafeEqual(digest(given), digest(config.webhookToken));
    },
  };
  return provider;
}
