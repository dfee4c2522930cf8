import { data, redirect } from 'react-router';
import { DEMO_INSTRUMENTS, RATE_LOCK_PATH, type RateLock, type RateLockTerms } from '@milli/contracts';
import { RateLockCreateSchema } from '@milli/contracts/schemas';
import { refusalMessage, type ApiClient } from '../../lib/api.ts';
import { replyTo, type ApiReply } from '../../lib/api.server.ts';
import { apiFieldErrors } from '../../lib/field-errors.ts';
import { loginRedirect } from '../../lib/safe-redirect.ts';
import { loadSessionUser } from '../../lib/session.ts';
import { LOCK_FIELDS, RATE_LOCK_TEXT, type LockResult, type LockPayResult } from './rate-lock-text.ts';

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim().slice(0, 40) : '';
};
const messageOf = (answer: ApiReply<unknown> | null, fallback: string) =>
  (answer && !answer.ok && answer.status < 500 && refusalMessage(answer.body)) || fallback;
const failStatus = (answer: ApiReply<unknown> | null) => (answer && answer.status >= 400 && answer.status < 500 ? answer.status : 502);

export interface RateLockPageData {
  terms: RateLockTerms | null;
  signedIn: boolean;
  locks: RateLock[] | null;
  /** The pending lock whose payment is open (?pay=id). */
  paying: RateLock | null;
  banner: string | null;
}

/**
 * /rate-lock: the terms with their figures and today's rates (anyone), the shopper's own locks, the payment of a pending
 * one (?pay=id) and the banner after paying (?paid=id, only for a lock the list shows live).
 */
export async function loadRateLockPage(api: ApiClient, request: Request): Promise<RateLockPageData> {
  const url = new URL(request.url);
  const [terms, user] = await Promise.all([replyTo(api, 'GET', '/api/rate-locks/terms'), loadSessionUser(api)]);
  const mine = user ? await replyTo(api, 'GET', '/api/rate-locks') : null;
  const locks = user ? (mine?.ok ? mine.data.data : null) : [];
  const asked = Number(url.searchParams.get('pay'));
  const paid = Number(url.searchParams.get('paid'));
  const paying = locks?.find((l) => l.id === asked && l.status === 'Pending payment') ?? null;
  const live = locks?.find((l) => l.id === paid && l.status === 'Live');
  return { terms: terms?.ok ? terms.data : null, signedIn: Boolean(user), locks, paying, banner: live ? RATE_LOCK_TEXT.paid(live) : null };
}

export async function rateLockAction(api: ApiClient, request: Request) {
  const form = await request.formData();
  return form.get('intent') === 'pay' ? pay(api, form) : lock(api, request, form);
}

/** Lock: a guest is sent to log in (and back here); a shopper's lock is written pending, and its payment opens. */
async function lock(api: ApiClient, request: Request, form: FormData) {
  const [metal = '', purity = ''] = text(form, 'choice').split('-');
  const values = { choice: text(form, 'choice'), grams: text(form, 'grams'), period: text(form, 'period') };
  if (!(await loadSessionUser(api))) throw loginRedirect(new URL(RATE_LOCK_PATH, request.url));
  const answer = await replyTo(api, 'POST', '/api/rate-locks', { metal, purity, grams: values.grams, period: values.period }, RateLockCreateSchema);
  if (answer?.ok) return redirect(`${RATE_LOCK_PATH}?pay=${answer.data.lock.id}#pay`);
  const fieldErrors = answer && answer.status < 500 ? apiFieldErrors(answer.body, LOCK_FIELDS) : {};
  // The form asks metal and purity in one choice: a refusal of either is shown under it.
  const { metal: metalError, purity: purityError, ...rest } = fieldErrors;
  const choiceError = metalError ?? purityError;
  return data<LockResult>(
    {
      intent: 'lock',
      message: messageOf(answer, RATE_LOCK_TEXT.lockFallback),
      fieldErrors: { ...rest, ...(choiceError ? { choice: choiceError } : {}) },
      values,
    },
    { status: failStatus(answer) },
  );
}

/**
 * Pay without JavaScript: with the demo gateway the server does what its checkout would (start the payment, pay with
 * the chosen test instrument, verify). With Razorpay the shopper is told to turn JavaScript on. No card is asked for.
 */
async function pay(api: ApiClient, form: FormData) {
  const lockId = text(form, 'lockId');
  const instrument = text(form, 'instrument');
  const refuse = (message: string, status: number) => data<LockPayResult>({ intent: 'pay', message, instrument }, { status });
  if (!/^\d{1,10}$/.test(lockId)) return refuse(RATE_LOCK_TEXT.payFallback, 400);
  if (!DEMO_INSTRUMENTS.some((i) => i.id === instrument)) return refuse(RATE_LOCK_TEXT.chooseInstrument, 400);
  const started = await replyTo(api, 'POST', `/api/rate-locks/${lockId}/pay`, {});
  if (!started?.ok) return refuse(messageOf(started, RATE_LOCK_TEXT.payFallback), failStatus(started));
  const { payment } = started.data;
  if (payment.gateway !== 'demo') return refuse(RATE_LOCK_TEXT.needsScript, 409);
  const paid = await replyTo(api, 'POST', '/api/payments/demo/checkout', { gatewayOrderId: payment.gatewayOrderId, instrument });
  if (!paid?.ok) return refuse(messageOf(paid, RATE_LOCK_TEXT.payFallback), failStatus(paid));
  const verified = await replyTo(api, 'POST', '/api/payments/razorpay/verify', paid.data);
  if (!verified?.ok) return refuse(messageOf(verified, RATE_LOCK_TEXT.payFallback), failStatus(verified));
  return redirect(`${RATE_LOCK_PATH}?paid=${lockId}#locks`);
}
