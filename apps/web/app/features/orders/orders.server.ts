import { data, redirect } from 'react-router';
import type { OrderDetail, OrderListAnswer } from '@milli/contracts';
import { loginRedirect } from '../../lib/safe-redirect.ts';
import { ApiError, type ApiClient } from '../../lib/api.ts';
import { loadSessionUser } from '../../lib/session.ts';

/**
 * The order screens' calls to the orders API, made in process with the visitor's cookie. Guests are sent
 * to /login; an order that is not the visitor's (the API answers 404) is the 404 screen.
 */

export type OrderListKind = 'active' | 'completed' | 'cancelled';

const LIST_OF_PATH: Record<string, OrderListKind> = {
  '/active-orders': 'active',
  '/completed-orders': 'completed',
  '/cancelled-orders': 'cancelled',
};

export function listKindOf(path: string): OrderListKind | null {
  return LIST_OF_PATH[path] ?? null;
}

/** The logged-in customer, or a redirect to /login that comes back to `from` afterwards. */
export async function requireUser(api: ApiClient, from?: Request | URL) {
  const user = await loadSessionUser(api);
  if (!user) throw from ? loginRedirect(from) : redirect('/login');
  return user;
}

const pageOf = (raw: string | null) => {
  const n = Number(raw);
  return Number.isSafeInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
};

export interface OrderListData {
  orders: OrderListAnswer | null;
}

export async function loadOrderList(api: ApiClient, kind: OrderListKind, url: URL): Promise<OrderListData> {
  await requireUser(api, url);
  try {
    return { orders: await api.get(`/api/orders?list=${kind}&page=${pageOf(url.searchParams.get('page'))}`) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw redirect('/login');
    return { orders: null };
  }
}

/** What the details screen was asked for: an order number that could be one, or null. */
export function orderNumberParam(url: URL): string | null {
  const raw = (url.searchParams.get('order') ?? url.searchParams.get('id') ?? '').trim();
  if (!raw) return null;
  return /^[A-Za-z0-9][A-Za-z0-9/_-]{0,39}$/.test(raw) ? raw : '';
}

export async function loadOrderDetail(api: ApiClient, orderNumber: string): Promise<OrderDetail | null> {
  await requireUser(api);
  if (orderNumber === '') throw data(null, { status: 404 });
  try {
    return await api.get(`/api/orders/${encodeURIComponent(orderNumber)}`);
  } catch (error) {
    if (error instanceof ApiError) {
      if (error.status === 401) throw redirect('/login');
      if (error.status === 404 || error.status === 403 || error.status === 400) throw data(null, { status: 404 });
    }
    return null;
  }
}

export interface CancelResult {
  ok: boolean;
  message: string;
}

/** Cancel order: on success back to the order (POST, redirect, GET) with the result banner; otherwise the reason. */
export async function cancelOrder(api: ApiClient, orderNumber: string) {
  await requireUser(api);
  try {
    await api.post(`/api/orders/${encodeURIComponent(orderNumber)}/cancel`);
    return redirect(`/order-details?order=${encodeURIComponent(orderNumber)}&cancelled=1`);
  } catch (error) {
    if (error instanceof ApiError) {
      if (error.status === 401) throw redirect('/login');
      if (error.status === 404) throw data(null, { status: 404 });
      if (error.status < 500) return data<CancelResult>({ ok: false, message: error.message }, { status: error.status });
    }
    return data<CancelResult>({ ok: false, message: 'We could not cancel your order just now. Please try again, or call us.' }, { status: 502 });
  }
}

/**
 * Return pieces (issue 20): the order page's multipart form (qty-{lineId}, reason, refundMethod, photo files) sent on
 * to POST /api/orders/{orderNumber}/returns; on success back to the order (POST, redirect, GET) with a banner.
 */
export async function requestReturn(api: ApiClient, orderNumber: string, form: FormData) {
  await requireUser(api);
  const lines: { lineId: number; quantity: number }[] = [];
  for (const [key, value] of form.entries()) {
    const m = /^qty-(\d{1,10})$/.exec(key);
    const quantity = Number(value);
    if (m && Number.isSafeInteger(quantity) && quantity > 0) lines.push({ lineId: Number(m[1]), quantity });
  }
  const refusal = (message: string, status = 400) => data({ intent: 'return' as const, ok: false as const, message }, { status });
  if (lines.length === 0) return refusal('Choose how many of which piece to return.');
  const body = new FormData();
  body.set('lines', JSON.stringify(lines));
  body.set('reason', String(form.get('reason') ?? ''));
  body.set('refundMethod', String(form.get('refundMethod') ?? 'original'));
  for (const photo of form.getAll('photo')) if (photo instanceof File && photo.size > 0) body.append('photo', photo, photo.name);
  try {
    await api.post(`/api/orders/${encodeURIComponent(orderNumber)}/returns`, body);
    return redirect(`/order-details?order=${encodeURIComponent(orderNumber)}&returned=1#returns`);
  } catch (error) {
    if (error instanceof ApiError) {
      if (error.status === 401) throw redirect('/login');
      if (error.status === 404) throw data(null, { status: 404 });
      if (error.status < 500) return refusal(error.message, error.status);
    }
    return refusal('We could not send your return just now. Please try again, or call us.', 502);
  }
}
