/**
 * The back office's server side for loaders and actions (issue 17). Two things every admin screen needs:
 *
 *   // The signed-in member, or a redirect to /admin/login?next=<this page> (thrown, so the loader stops):
 *   const me = await requireStaff(context, request);
 *
 *   // The admin API, with the back office's reactions built in:
 *   const api = adminApi(context, request);
 *   const page = await api.get(`/api/admin/products?${apiListQuery(url)}`); // typed by its path: AdminListPage<AdminProductRow>
 *   const saved = await api.send('PATCH', `/api/admin/products/${id}`, body); // → { ok: true, data } | { ok: false, refusal }
 *
 * Every call of `adminApi` turns 401 (signed out, session expired) into the login redirect, 403
 * TWO_FACTOR_SETUP_REQUIRED into a redirect to /admin/security, and any other 403 into a thrown 403 page
 * ("You do not have access"). `get` throws any other failure as a page error (404 → not found page);
 * `send` (for actions) answers a 4xx refusal `{ message, code, fields }` as a value, so the form can show the
 * field messages (`apiFieldErrors(result.refusal, names)` from lib/field-errors.ts) and its banner.
 */
import { data, redirect } from 'react-router';
import type { ApiAnswer, ApiPath, ErrorCode, StaffMe } from '@milli/contracts';
import { refusalCode, refusalMessage, type ApiClient, type Fetcher } from './api.ts';
import { serverApi, type ApiReply } from './api.server.ts';
import { ADMIN_PATHS } from './admin-nav.ts';

interface AdminContext {
  fetch: Fetcher;
  checkAnswers: boolean;
}

/** A refusal as the API answers it. */
export interface AdminRefusal {
  status: number;
  message: string;
  code: ErrorCode | null;
  fields?: Record<string, string>;
}

type WriteMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type AdminSendResult<T> = { ok: true; status: number; data: T } | { ok: false; refusal: AdminRefusal };

/** The URL of the back office's sign-in, bringing the member back to `request`'s page afterwards. */
export function adminLoginUrl(request: Request): string {
  const url = new URL(request.url);
  return `${ADMIN_PATHS.login}?next=${encodeURIComponent(`${url.pathname}${url.search}`)}`;
}

/** What a 403 page says, for the layout's error boundary. */
export const NO_ACCESS_MESSAGE = 'You do not have access to this part of the back office. Ask the store’s owner if you need it.';

async function readBody(res: Response): Promise<unknown> {
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('application/json')) return res.json().catch(() => null);
  return res.text().catch(() => '');
}

/** A refusal's messages by field (`{ fields }`), when it has any. */
export function refusalFields(body: unknown): Record<string, string> | undefined {
  const fields = body && typeof body === 'object' ? (body as { fields?: unknown }).fields : undefined;
  return fields && typeof fields === 'object' && !Array.isArray(fields)
    ? Object.fromEntries(Object.entries(fields as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string'))
    : undefined;
}

function refusalOf(status: number, body: unknown): AdminRefusal {
  const fields = refusalFields(body);
  return { status, message: refusalMessage(body) ?? `The request failed (${status}).`, code: refusalCode(body), ...(fields ? { fields } : {}) };
}

/**
 * The reactions every admin call shares: throws the login redirect on 401, the enrolment redirect on
 * TWO_FACTOR_SETUP_REQUIRED (unless already there), and a 403 page on any other 403.
 */
function guard(request: Request, status: number, body: unknown): void {
  if (status === 401) throw redirect(adminLoginUrl(request));
  if (status === 403) {
    const code = refusalCode(body);
    if (code === 'TWO_FACTOR_SETUP_REQUIRED') {
      if (new URL(request.url).pathname !== ADMIN_PATHS.security) throw redirect(ADMIN_PATHS.security);
    }
    throw data({ message: code === 'TWO_FACTOR_SETUP_REQUIRED' ? refusalOf(status, body).message : NO_ACCESS_MESSAGE }, { status: 403 });
  }
}

export interface AdminApi {
  /**
   * GET a JSON answer, typed by its path from the API map (as ApiClient's); any failure is thrown (401/403 as above,
   * others as a page error with the API's status and message).
   */
  get<P extends string>(path: ApiPath<'GET', P>): Promise<ApiAnswer<'GET', P>>;
  /**
   * A write (POST/PUT/PATCH/DELETE) with a JSON body, FormData or nothing. 401/403 are thrown as above; a 4xx refusal
   * comes back as `{ ok: false, refusal }` for the form; a 5xx is a refusal too (status 502, a plain message).
   */
  send<M extends WriteMethod, P extends string>(method: M, path: ApiPath<M, P>, body?: object | FormData): Promise<AdminSendResult<ApiAnswer<M, P>>>;
  /**
   * A call whose reply is read whole, for a screen that shows what a refusal carries beyond its message (the import's
   * report, a form's field messages): the success typed by its path, a refusal's body as it came. 401/403 are thrown as
   * above, and so is a call that could not be made.
   */
  reply<M extends 'GET' | WriteMethod, P extends string>(method: M, path: ApiPath<M, P>, body?: object | FormData): Promise<ApiReply<ApiAnswer<M, P>>>;
  /** The raw Response (a CSV download, an upload's headers); 401/403 are thrown as above. */
  raw(path: string, init?: RequestInit): Promise<Response>;
  /** The underlying client, for anything else. */
  client: ApiClient;
}

export function adminApi(context: AdminContext, request: Request): AdminApi {
  const client = serverApi(context);
  async function raw(path: string, init: RequestInit = {}): Promise<Response> {
    const res = await client.raw(path, init);
    if (res.status === 401 || res.status === 403) guard(request, res.status, await readBody(res.clone()));
    return res;
  }
  return {
    client,
    raw,
    async reply<M extends 'GET' | WriteMethod, P extends string>(method: M, path: ApiPath<M, P>, body?: object | FormData) {
      const form = body instanceof FormData;
      const res = await raw(path, {
        method,
        headers: { accept: 'application/json', ...(body !== undefined && !form ? { 'content-type': 'application/json' } : {}) },
        ...(body === undefined ? {} : { body: form ? body : JSON.stringify(body) }),
      });
      const answer = await readBody(res);
      const setCookies = res.headers.getSetCookie();
      return res.ok
        ? { ok: true, status: res.status, data: answer as ApiAnswer<M, P>, setCookies }
        : { ok: false, status: res.status, body: answer, setCookies };
    },
    async get<P extends string>(path: ApiPath<'GET', P>): Promise<ApiAnswer<'GET', P>> {
      const res = await raw(path, { method: 'GET', headers: { accept: 'application/json' } });
      const body = await readBody(res);
      if (!res.ok) {
        const refusal = refusalOf(res.status, body);
        throw data({ message: refusal.message, code: refusal.code }, { status: res.status >= 500 ? 502 : res.status });
      }
      return body as ApiAnswer<'GET', P>;
    },
    async send<M extends WriteMethod, P extends string>(method: M, path: ApiPath<M, P>, body?: object | FormData): Promise<AdminSendResult<ApiAnswer<M, P>>> {
      const init: RequestInit = { method, headers: { accept: 'application/json' } };
      if (body instanceof FormData) init.body = body;
      else if (body !== undefined) {
        init.body = JSON.stringify(body);
        init.headers = { accept: 'application/json', 'content-type': 'application/json' };
      }
      let res: Response;
      try {
        res = await client.raw(path, init);
      } catch {
        return { ok: false, refusal: { status: 502, message: 'The store’s server could not be reached. Please try again.', code: null } };
      }
      if (res.status === 401 || res.status === 403) guard(request, res.status, await readBody(res.clone()));
      const answer = await readBody(res);
      if (res.ok) return { ok: true, status: res.status, data: answer as ApiAnswer<M, P> };
      // A 502 naming its code is an outside service's failure the store explains (the courier provider, issue 39).
      if (res.status === 502 && typeof (answer as { code?: unknown } | null)?.code === 'string') return { ok: false, refusal: refusalOf(res.status, answer) };
      if (res.status >= 500) {
        return {
          ok: false,
          refusal: { status: 502, message: 'Something went wrong on the store’s server; nothing was changed. Please try again.', code: null },
        };
      }
      return { ok: false, refusal: refusalOf(res.status, answer) };
    },
  };
}

/**
 * The signed-in member (GET /api/admin/me), or a thrown redirect: to /admin/login?next=… when signed out,
 * to /admin/security when the store requires two-factor sign-in and the member has not set it up yet.
 */
export async function requireStaff(context: AdminContext, request: Request): Promise<StaffMe> {
  const me = await adminApi(context, request).get('/api/admin/me');
  if (me.mustEnrolTwoFactor && new URL(request.url).pathname !== ADMIN_PATHS.security) throw redirect(ADMIN_PATHS.security);
  return me;
}

/** Refuses (403 page) a member whose role lacks `permission`, for screens that check before calling the API. */
export function requirePermission(me: StaffMe, permission: StaffMe['permissions'][number]): void {
  if (!me.permissions.includes(permission)) throw data({ message: NO_ACCESS_MESSAGE }, { status: 403 });
}
