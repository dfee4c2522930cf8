import { data, redirect } from 'react-router';
import { MARKETING_CHANNELS } from '@milli/contracts';
import { NomineeUpdateSchema } from '@milli/contracts/schemas';
import type { ApiClient } from '../../lib/api.ts';
import { replyTo, type ApiReply } from '../../lib/api.server.ts';
import { apiFieldErrors } from '../../lib/field-errors.ts';
import { loginRedirect } from '../../lib/safe-redirect.ts';
import { loadSessionUser } from '../../lib/session.ts';
import { NOMINEE_FIELDS, PRIVACY_INTENTS, type PrivacyIntent, type PrivacyResult } from './privacy-results.ts';

const FAILED = 'We could not do that just now. Please try again in a moment.';

/** My privacy's data: the overview (nominee, what blocks an erasure) and the consents, or a redirect to log in. */
export async function loadPrivacy(api: ApiClient, request: Request) {
  const user = await loadSessionUser(api);
  if (!user) throw loginRedirect(request);
  const [overview, consents] = await Promise.all([replyTo(api, 'GET', '/api/account/privacy'), replyTo(api, 'GET', '/api/account/consents')]);
  if (overview?.status === 401 || consents?.status === 401) throw loginRedirect(request);
  return {
    user,
    overview: overview?.ok ? overview.data : null,
    consents: consents?.ok ? consents.data : null,
    download: new URL(request.url).searchParams.get('download'),
  };
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
};

/** The API's words for a refusal (4xx), else the fallback; and the status the page answers with. */
function refused(answer: ApiReply<unknown> | null, intent: PrivacyIntent, extra: Partial<PrivacyResult> = {}) {
  const body = answer && !answer.ok && answer.status < 500 ? (answer.body as { message?: unknown } | null) : null;
  const message = typeof body?.message === 'string' && body.message !== '' ? body.message : FAILED;
  return data<PrivacyResult>({ intent, ok: false, message, ...extra }, { status: answer && answer.status < 500 ? answer.status : 502 });
}

/**
 * My privacy's forms, each a route action so everything works without script: consents, the nominee (removal asks
 * first), the erasure code and the erasure itself, which logs the customer out and leads to /account/erased.
 */
export async function privacyAction(api: ApiClient, request: Request) {
  const form = await request.formData();
  const intent = text(form, 'intent') as PrivacyIntent;
  if (!PRIVACY_INTENTS.includes(intent)) return data<PrivacyResult>({ intent: 'save-consents', ok: false, message: 'Unknown request.' }, { status: 400 });
  if (!(await loadSessionUser(api))) throw loginRedirect(request);

  if (intent === 'save-consents') {
    // A checkbox not ticked sends nothing: that channel is off.
    const choice = Object.fromEntries(MARKETING_CHANNELS.map((c) => [c, form.get(c) === 'on']));
    const answer = await replyTo(api, 'PUT', '/api/account/consents', choice);
    if (answer?.status === 401) throw loginRedirect(request);
    return answer?.ok ? data<PrivacyResult>({ intent, ok: true, message: 'Your choices are saved.' }) : refused(answer, intent);
  }

  if (intent === 'save-nominee') {
    const values = Object.fromEntries(NOMINEE_FIELDS.map((f) => [f, text(form, f)]));
    const answer = await replyTo(api, 'PUT', '/api/account/nominee', values, NomineeUpdateSchema);
    if (answer?.status === 401) throw loginRedirect(request);
    if (answer?.ok)
      return data<PrivacyResult>({
        intent,
        ok: true,
        message: `${answer.data.nominee?.name ?? 'Your nominee'} is now your nominee. We have mailed you to say so.`,
      });
    return refused(answer, intent, { fields: apiFieldErrors(answer?.ok === false ? answer.body : null, NOMINEE_FIELDS), values });
  }

  if (intent === 'remove-nominee') {
    // Asks first: the page shows the question, and only its Yes sends confirmed=yes.
    if (form.get('confirmed') !== 'yes') return data<PrivacyResult>({ intent, ok: false, confirm: true, message: '' });
    const answer = await replyTo(api, 'DELETE', '/api/account/nominee');
    if (answer?.status === 401) throw loginRedirect(request);
    return answer?.ok
      ? data<PrivacyResult>({ intent, ok: true, message: 'Your nominee has been removed. We have mailed you to say so.' })
      : refused(answer, intent);
  }

  if (intent === 'erasure-code') {
    const answer = await replyTo(api, 'POST', '/api/account/privacy/erase/code');
    if (answer?.status === 401) throw loginRedirect(request);
    return answer?.ok ? data<PrivacyResult>({ intent, ok: true, message: answer.data.message, codeSent: true }) : refused(answer, intent);
  }

  // erase: by the password, or by the mailed code when that form was used.
  const byCode = form.has('code');
  const body = { ...(byCode ? { code: text(form, 'code') } : { password: String(form.get('password') ?? '') }), confirm: text(form, 'confirm') };
  const answer = await replyTo(api, 'POST', '/api/account/privacy/erase', body);
  if (answer?.ok) {
    // The API ended the session; its cleared cookie goes on to the browser with the way to the page that says what was kept.
    const headers = new Headers();
    for (const cookie of answer.setCookies) headers.append('Set-Cookie', cookie);
    throw redirect('/account/erased#erased-title', { headers });
  }
  if (answer?.status === 401) throw loginRedirect(request);
  return refused(answer, intent, { fields: apiFieldErrors(answer?.ok === false ? answer.body : null, ['password', 'code', 'confirm']), codeSent: byCode });
}
