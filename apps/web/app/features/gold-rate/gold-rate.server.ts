/**
 * /gold-rate's side on the server (issue 42): the day's rates and one metal's history for the page, and its rate-alert
 * form, posted to POST /api/rate-alerts with the visitor's own cookies (the page itself is shared and cookie-free; the
 * action is not kept). The links mailed for an alert (/rate-alerts/confirm and /rate-alerts/stop, ?token=…) open a page
 * whose button posts the token: opening a link changes nothing, so a mail scanner fetching it confirms or stops nothing.
 */
import { data } from 'react-router';
import { PUBLIC_RATE_KEYS, PURITIES_OF, RATE_HISTORY_PERIODS, type RateMetal } from '@milli/contracts/schemas';
import type { RateAlert, RateAlertCreated, RateHistory, RatesToday } from '@milli/contracts/schemas';
import { refusalMessage, type ApiClient } from '../../lib/api.ts';
import { replyTo } from '../../lib/api.server.ts';
import { apiFieldErrors, type FieldErrors } from '../../lib/field-errors.ts';
import { STOP_RATE_ALERT_INTENT, type StopRateAlertResult } from './my-rate-alerts.tsx';

export const ALERT_FIELDS = ['rate', 'direction', 'rupeesPerGram', 'channel', 'email'] as const;
export type AlertField = (typeof ALERT_FIELDS)[number];

export type AlertResult =
  { ok: true; created: RateAlertCreated } | { ok: false; message: string; fields: FieldErrors<AlertField>; typed: Partial<Record<AlertField, string>> };

/** The chart asked for by the address (?metal=gold&purity=22&days=90), anything else falling back to 22 kt over 30 days. */
export function chartChoice(url: URL): { metal: RateMetal; purity: number; days: number } {
  const metal = (['gold', 'platinum', 'silver'] as const).find((m) => m === url.searchParams.get('metal')) ?? 'gold';
  const purityAsked = Number(url.searchParams.get('purity'));
  const purity = PURITIES_OF[metal].includes(purityAsked) ? purityAsked : metal === 'gold' ? 22 : PURITIES_OF[metal][0]!;
  const daysAsked = Number(url.searchParams.get('days'));
  const days = (RATE_HISTORY_PERIODS as readonly number[]).includes(daysAsked) ? daysAsked : 30;
  return { metal, purity, days };
}

export async function loadGoldRate(api: ApiClient, url: URL): Promise<{ today: RatesToday; history: RateHistory }> {
  const choice = chartChoice(url);
  const [today, history] = await Promise.all([
    api.get('/api/rates/today'),
    api.get(`/api/rates/history?metal=${choice.metal}&purity=${choice.purity}&days=${choice.days}`),
  ]);
  return { today, history };
}

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();

/** '6,500' or '6500.50' (rupees a gram) as paise; null when it is not such a number. */
export function rupeesToPaise(typed: string): number | null {
  const plain = typed.replace(/[₹,\s]/g, '').replace(/^rs\.?/i, '');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(plain)) return null;
  const [whole, fraction = ''] = plain.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** The alert form's post: a message on the page, or the fields refused with what was typed kept. */
export async function askForAlert(api: ApiClient, form: FormData) {
  const typed = Object.fromEntries(ALERT_FIELDS.map((name) => [name, text(form, name)])) as Record<AlertField, string>;
  const refuse = (message: string, fields: FieldErrors<AlertField>, status = 400) => data<AlertResult>({ ok: false, message, fields, typed }, { status });
  const key = PUBLIC_RATE_KEYS.find((k) => k === typed.rate);
  const paise = rupeesToPaise(typed.rupeesPerGram);
  const local: FieldErrors<AlertField> = {};
  if (!key) local.rate = 'Please choose a metal and purity.';
  if (paise === null || paise <= 0) local.rupeesPerGram = 'Please give the rate in rupees a gram, for example 6500.';
  if (Object.keys(local).length > 0) return refuse('Please check the fields marked.', local);
  const [metal, purity] = key!.split(':') as [RateMetal, string];
  const answer = await replyTo(api, 'POST', '/api/rate-alerts', {
    metal,
    purity: Number(purity),
    direction: typed.direction,
    paisePerGram: paise!,
    channel: typed.channel || 'email',
    email: typed.email,
  });
  if (answer?.ok) return data<AlertResult>({ ok: true, created: answer.data });
  const fields = apiFieldErrors(answer?.body, ['metal', 'purity', 'direction', 'paisePerGram', 'channel', 'email'] as const);
  const message = refusalMessage(answer?.body) ?? 'We could not set your alert just now. Please try again.';
  return refuse(
    message,
    {
      rate: fields.metal ?? fields.purity,
      direction: fields.direction,
      rupeesPerGram: fields.paisePerGram,
      channel: fields.channel,
      email: fields.email,
    },
    answer?.status ?? 503,
  );
}

export type TokenResult = { ok: true; message: string } | { ok: false; message: string };

/** A mailed link's button: confirm or stop with the token the page carried in its form. */
export async function postAlertToken(api: ApiClient, form: FormData, what: 'confirm' | 'stop') {
  const token = text(form, 'token');
  const answer = await replyTo(api, 'POST', what === 'confirm' ? '/api/rate-alerts/confirm' : '/api/rate-alerts/stop', { token });
  if (answer?.ok) return data<TokenResult>({ ok: true, message: answer.data.message });
  const message = refusalMessage(answer?.body) ?? 'We could not do that just now. Please try again.';
  return data<TokenResult>({ ok: false, message }, { status: answer?.status ?? 503 });
}

// ── My Account ──

/** The shopper's rate alerts, or null when they cannot be read just now (the page still shows). */
export async function loadMyRateAlerts(api: ApiClient): Promise<RateAlert[] | null> {
  return api.get('/api/rate-alerts').then(
    (a) => a.data,
    () => null,
  );
}

export async function stopMyRateAlert(api: ApiClient, form: FormData): Promise<StopRateAlertResult> {
  const id = text(form, 'alertId');
  if (!/^\d{1,10}$/.test(id)) return { intent: STOP_RATE_ALERT_INTENT, ok: false, message: 'Choose an alert to stop.' };
  const answer = await replyTo(api, 'POST', `/api/rate-alerts/${id}/stop`, {});
  if (answer?.ok) return { intent: STOP_RATE_ALERT_INTENT, ok: true, message: 'Your alert is stopped.' };
  return { intent: STOP_RATE_ALERT_INTENT, ok: false, message: refusalMessage(answer?.body) ?? 'We could not stop it just now. Please try again.' };
}
