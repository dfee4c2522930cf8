import { data } from 'react-router';
import { MESSAGES, type CustomRequestRow } from '@milli/contracts';
import { CUSTOM_DESIGN_FIELD_LABELS, CUSTOM_IMAGE_FIELDS, type CustomDesignField } from '@milli/contracts/custom-design-fields';
import type { ApiClient } from '../../lib/api.ts';
import { replyTo } from '../../lib/api.server.ts';
import { apiFieldErrors } from '../../lib/field-errors.ts';
import { loadSessionUser } from '../../lib/session.ts';
import { loginRedirect } from '../../lib/safe-redirect.ts';
import { CUSTOM_TEXT, type CadLoad, type CustomFormResult, type FieldErrors, type RejectResult } from './texts.ts';

/**
 * The custom design screens' loaders and actions: each makes the API call the screen stands for, in
 * process with the visitor's cookie, and answers what the screen shows.
 */

/** 4 × 10 MB of pictures plus the text fields; anything beyond is refused before it is read. */
const MAX_FORM_BYTES = 41 * 1024 * 1024;

const TEXT_FIELDS = (Object.keys(CUSTOM_DESIGN_FIELD_LABELS) as CustomDesignField[]).filter((n) => !(CUSTOM_IMAGE_FIELDS as readonly string[]).includes(n));

const prop = (body: unknown, name: string): unknown => (body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined);

/** /custom-design's action: the form goes on, as multipart with the pictures, to the spec's call. */
export async function sendCustomRequest(api: ApiClient, request: Request) {
  const fail = (message: string, status: number, fields: FieldErrors = {}, values: FieldErrors = {}) =>
    data<CustomFormResult>({ ok: false, message, fields, values }, { status });

  if (Number(request.headers.get('content-length') ?? 0) > MAX_FORM_BYTES) return fail(CUSTOM_TEXT.tooLarge, 413);
  const user = await loadSessionUser(api);
  if (!user) return fail(CUSTOM_TEXT.loginNeeded, 401);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return fail(CUSTOM_TEXT.fallback, 400);
  }

  const values: FieldErrors = {};
  const body = new FormData();
  for (const name of TEXT_FIELDS) {
    const value = form.get(name);
    if (typeof value === 'string') {
      values[name] = value;
      body.set(name, value);
    }
  }
  for (const name of CUSTOM_IMAGE_FIELDS) {
    const file = form.get(name);
    // An empty slot arrives as a nameless, empty file: it is simply not sent on.
    if (file && typeof file !== 'string' && file.size > 0) body.set(name, file, file.name || `${name}.img`);
  }
  body.set('userId', String(user.userId));

  const reply = await replyTo(api, 'POST', '/api/admin/cutom-jewelry/new-request', body);
  if (!reply) return fail(CUSTOM_TEXT.fallback, 502, {}, values);
  // Spec §4, §8: success is exactly this message; the form is then cleared.
  if (reply.ok && reply.data.message === MESSAGES.customRequestSuccess) {
    return data<CustomFormResult>({ ok: true, message: reply.data.message, sentAt: Date.now() });
  }
  const answer = reply.ok ? reply.data : reply.body;
  const message = prop(answer, 'message');
  const readable = reply.status < 500 && typeof message === 'string' && message ? message : CUSTOM_TEXT.fallback;
  return fail(
    reply.status === 401 ? CUSTOM_TEXT.loginNeeded : readable,
    reply.ok ? 502 : reply.status >= 500 ? 502 : reply.status,
    reply.status < 500 ? apiFieldErrors(answer, Object.keys(CUSTOM_DESIGN_FIELD_LABELS) as CustomDesignField[]) : {},
    values,
  );
}

/** Guests are sent to log in; the list is the session customer's own (GET /api/custom-design/requests). */
export async function loadCustomOrders(api: ApiClient, request: Request): Promise<{ rows: CustomRequestRow[]; failed: boolean }> {
  const user = await loadSessionUser(api);
  if (!user) throw loginRedirect(request);
  const reply = await replyTo(api, 'GET', '/api/custom-design/requests');
  if (reply?.status === 401) throw loginRedirect(request);
  return reply?.ok ? { rows: reply.data.data, failed: false } : { rows: [], failed: true };
}

/** /cad-design?request={id}: the customer's own request and its latest design sheet. */
export async function loadCadDesign(api: ApiClient, request: Request) {
  const user = await loadSessionUser(api);
  if (!user) throw loginRedirect(request);
  const id = new URL(request.url).searchParams.get('request') ?? '';
  if (!/^\d{1,10}$/.test(id)) return data<CadLoad>({ state: 'choose' });
  try {
    const reply = await replyTo(api, 'GET', `/api/custom-design/requests/${id}`);
    if (reply?.status === 401) throw loginRedirect(request);
    if (reply?.status === 404 || reply?.status === 400) return data<CadLoad>({ state: 'missing' }, { status: 404 });
    if (!reply?.ok) return data<CadLoad>({ state: 'failed' }, { status: 502 });
    const detail = reply.data;
    // A made piece whose balance is not ordered yet: the address book, to choose where it goes.
    const addresses =
      detail.piece && !detail.order
        ? await api.get('/api/account/addresses').then(
            (b) => b.data,
            () => [],
          )
        : [];
    return data<CadLoad>({ state: 'ok', detail, addresses });
  } catch (error) {
    if (error instanceof Response) throw error;
    return data<CadLoad>({ state: 'failed' }, { status: 502 });
  }
}

/** Reject (DECISIONS §2): the reason goes to the design team; the page then shows the new state. */
export async function rejectDesign(api: ApiClient, request: Request) {
  const id = new URL(request.url).searchParams.get('request') ?? '';
  const form = await request.formData();
  const reason = typeof form.get('reason') === 'string' ? String(form.get('reason')) : '';
  if (!/^\d{1,10}$/.test(id)) return data<RejectResult>({ ok: false, message: 'Unknown design.', reason }, { status: 400 });
  const reply = await replyTo(api, 'POST', `/api/custom-design/requests/${id}/reject`, { reason });
  if (!reply) return data<RejectResult>({ ok: false, message: CUSTOM_TEXT.rejectFallback, reason }, { status: 502 });
  if (reply.status === 401) throw loginRedirect(request);
  if (reply.ok) return data<RejectResult>({ ok: true, message: reply.data.message });
  const message = prop(reply.body, 'message');
  return data<RejectResult>(
    { ok: false, message: reply.status < 500 && typeof message === 'string' ? message : CUSTOM_TEXT.rejectFallback, reason },
    { status: reply.status >= 500 ? 502 : reply.status },
  );
}
