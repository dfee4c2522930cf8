import { data } from 'react-router';
import { MESSAGE_CHANNELS, MESSAGE_PURPOSES } from '@milli/contracts';
import type { ApiClient } from '../../lib/api.ts';
import { replyTo } from '../../lib/api.server.ts';
import { loginRedirect } from '../../lib/safe-redirect.ts';
import { loadSessionUser } from '../../lib/session.ts';

const FAILED = 'We could not do that just now. Please try again in a moment.';

/** The customer's message preferences, or a redirect to log in (issue 41). */
export async function loadMessagePreferences(api: ApiClient, request: Request) {
  const user = await loadSessionUser(api);
  if (!user) throw loginRedirect(request);
  const answer = await replyTo(api, 'GET', '/api/account/messages');
  if (answer?.status === 401) throw loginRedirect(request);
  return { preferences: answer?.ok ? answer.data : null };
}

export interface MessagePreferencesResult {
  ok: boolean;
  message: string;
}

/** The preferences form: each box ticked is on, one not sent is off (so it works without script). */
export async function saveMessagePreferences(api: ApiClient, request: Request) {
  const form = await request.formData();
  if (!(await loadSessionUser(api))) throw loginRedirect(request);
  const choice = Object.fromEntries(MESSAGE_PURPOSES.flatMap((p) => MESSAGE_CHANNELS.map((c) => [`${p}_${c}`, form.get(`${p}_${c}`) === 'on'])));
  const answer = await replyTo(api, 'PUT', '/api/account/messages', choice);
  if (answer?.status === 401) throw loginRedirect(request);
  if (answer?.ok) return data<MessagePreferencesResult>({ ok: true, message: 'Your message preferences are saved.' });
  const body = answer && !answer.ok ? (answer.body as { message?: unknown } | null) : null;
  return data<MessagePreferencesResult>(
    { ok: false, message: typeof body?.message === 'string' ? body.message : FAILED },
    { status: answer && answer.status < 500 ? answer.status : 502 },
  );
}

export type StopState = { state: 'ask'; channel: 'sms' | 'whatsapp'; token: string } | { state: 'done'; channel: 'sms' | 'whatsapp' } | { state: 'invalid' };

/** The opt-out link's page: what it would stop, asked before anything changes (a link preview must not opt anyone out). */
export async function loadStop(api: ApiClient, request: Request): Promise<StopState> {
  const token = new URL(request.url).searchParams.get('t') ?? '';
  if (!token) return { state: 'invalid' };
  const answer = await replyTo(api, 'GET', `/api/messages/opt-out?t=${encodeURIComponent(token)}`);
  return answer?.ok ? { state: 'ask', channel: answer.data.channel, token } : { state: 'invalid' };
}

/** The confirmation: that channel stops at once. */
export async function confirmStop(api: ApiClient, request: Request) {
  const form = await request.formData();
  const token = form.get('t');
  const answer = typeof token === 'string' && token ? await replyTo(api, 'POST', '/api/messages/opt-out', { t: token }) : null;
  return answer?.ok ? data<StopState>({ state: 'done', channel: answer.data.channel }) : data<StopState>({ state: 'invalid' }, { status: 400 });
}
