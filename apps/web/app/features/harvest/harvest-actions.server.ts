import { data, redirect } from 'react-router';
import { DEMO_INSTRUMENTS, type HarvestPlan } from '@milli/contracts';
import { refusalCode, refusalMessage, type ApiClient } from '../../lib/api.ts';
import { HarvestEnrolSchema } from '@milli/contracts/schemas';
import { replyTo, type ApiReply } from '../../lib/api.server.ts';
import { storeCookie } from '../../lib/cookies.ts';
import { loadSessionUser, type SessionUser } from '../../lib/session.ts';
import { apiFieldErrors } from '../../lib/field-errors.ts';
import { loginRedirect } from '../../lib/safe-redirect.ts';
import { ENROL_FIELDS, HARVEST_PLAN_PATH, HARVEST_TEXT, type EnrolResult, type PayResult } from './harvest-text.ts';

/** The amount a guest typed, kept for an hour so it is still there after logging in. */
const amountCookie = storeCookie('milli_harvest_amount', { maxAgeS: 3600, httpOnly: true });

type Answer = ApiReply<unknown>;

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
};
/** A refusal's readable message (4xx), or the screen's fallback. */
const messageOf = (answer: Answer | null, fallback: string) => (answer && !answer.ok && answer.status < 500 && refusalMessage(answer.body)) || fallback;
const failStatus = (answer: Answer | null) => (answer && answer.status >= 400 && answer.status < 500 ? answer.status : 502);

/** A monthly amount as typed (digits only, up to Rs. 99,99,999), or null. */
const amountOf = (value: string | null | undefined) => (value && /^\d{1,7}$/.test(value) ? value : null);

/** The amount a guest typed before logging in (its cookie: digits, so nothing to decode), or null. */
const keptAmount = (request: Request) => amountOf(amountCookie.read(request.headers.get('cookie')));

/**
 * /milli-harvest (shared, decision 032): nothing of anyone's. The form's amount is the address's (?amount=, where
 * the login link brings a guest back with the amount they chose), else Rs. 1,000.
 */
export function loadHarvestPitch(request: Request): { amount: string } {
  return { amount: amountOf(new URL(request.url).searchParams.get('amount')) ?? '1000' };
}

/** The customer's current plan (the running one, else the latest) and their account's e-mail. */
async function ownPlan(api: ApiClient, user: SessionUser): Promise<{ plan: HarvestPlan | null; email: string }> {
  const [plans, email] = await Promise.all([replyTo(api, 'GET', '/api/harvest/plans'), ownEmail(api, user)]);
  const list = plans?.ok ? plans.data.data : [];
  return { plan: list.find((p) => p.status === 'Active') ?? list.at(-1) ?? null, email: email ?? '' };
}

/** What the shared /milli-harvest fills in once the browser asks (GET /milli-harvest/mine): never kept by anyone. */
export interface HarvestMine {
  signedIn: boolean;
  plan: HarvestPlan | null;
  /** The account's e-mail, for the form. */
  email: string;
  /** The amount typed as a guest before logging in (kept an hour), or null. */
  amount: string | null;
}

export async function loadHarvestMine(api: ApiClient, request: Request): Promise<HarvestMine> {
  const user = await loadSessionUser(api);
  const amount = keptAmount(request);
  if (!user) return { signedIn: false, plan: null, email: '', amount };
  return { signedIn: true, ...(await ownPlan(api, user)), amount };
}

export interface HarvestPlanData {
  plan: HarvestPlan | null;
  email: string;
  /** The instalment whose payment form is open (?pay=id), when it is the one that can be paid. */
  payingId: number | null;
  banner: string | null;
}

/** /milli-harvest/plan: the customer's own plan, which form is open, and the banner after starting or paying. A guest is asked to log in. */
export async function loadHarvestPlan(api: ApiClient, request: Request): Promise<HarvestPlanData> {
  const url = new URL(request.url);
  const user = await loadSessionUser(api);
  if (!user) throw loginRedirect(request);
  const { plan, email } = await ownPlan(api, user);
  const asked = Number(url.searchParams.get('pay'));
  const paid = Number(url.searchParams.get('paid'));
  // "Paid" only for an instalment the plan shows paid: a link with ?paid=3 cannot say an unpaid one was.
  const banner =
    url.searchParams.has('started') && plan
      ? HARVEST_TEXT.started
      : Number.isInteger(paid) && paid >= 1 && paid <= 10 && plan?.instalments.some((i) => i.number === paid && i.status === 'Paid')
        ? HARVEST_TEXT.paid(paid)
        : null;
  return { plan, email, payingId: plan && plan.nextDueId !== null && plan.nextDueId === asked ? asked : null, banner };
}

export async function harvestAction(api: ApiClient, request: Request) {
  const form = await request.formData();
  return form.get('intent') === 'pay' ? pay(api, form) : enrol(api, request, form);
}

/**
 * Start Now: guests are asked to log in (their amount kept in a cookie, and in the login link's way back);
 * customers are enrolled and taken to their plan. The shared page cannot fill in a customer's e-mail without
 * JavaScript: left empty, it is their account's.
 */
async function enrol(api: ApiClient, request: Request, form: FormData) {
  const values = { monthlyAmount: text(form, 'monthlyAmount'), email: text(form, 'email') };
  const user = await loadSessionUser(api);
  if (!user) {
    const amount = values.monthlyAmount.replace(/\D/g, '').slice(0, 7);
    const headers = new Headers({ 'Set-Cookie': amountCookie.set(amount, request) });
    return data<EnrolResult>({ intent: 'enrol', loginNeeded: true, message: HARVEST_TEXT.loginNeeded, fieldErrors: {}, values }, { status: 401, headers });
  }
  if (values.email === '') values.email = (await ownEmail(api, user)) ?? '';
  const answer = await replyTo(api, 'POST', '/api/harvest/enrol', values, HarvestEnrolSchema);
  if (answer?.ok) {
    // The plan has started: the typed amount has done its job. Its schedule is the customer's own page.
    return redirect(`${HARVEST_PLAN_PATH}?started=1`, { headers: { 'Set-Cookie': amountCookie.clear(request) } });
  }
  const message = messageOf(answer, HARVEST_TEXT.enrolFallback);
  const fieldErrors: EnrolResult['fieldErrors'] = answer && answer.status < 500 ? apiFieldErrors(answer.body, ENROL_FIELDS) : {};
  // The plan's own rules (a multiple of Rs. 500) come as one message: it is shown by the field it is about.
  if (Object.keys(fieldErrors).length === 0) {
    if (/e-mail/i.test(message)) fieldErrors.email = message;
    else if (/amount/i.test(message)) fieldErrors.monthlyAmount = message;
  }
  const planExists = answer !== null && refusalCode(answer.body) === 'PLAN_EXISTS';
  return data<EnrolResult>({ intent: 'enrol', loginNeeded: answer?.status === 401, planExists, message, fieldErrors, values }, { status: failStatus(answer) });
}

/** The account's e-mail (GET /api/users/user-details/{id}), or null. */
async function ownEmail(api: ApiClient, user: SessionUser): Promise<string | null> {
  const details = await replyTo(api, 'GET', `/api/users/user-details/${user.userId}`);
  return details?.ok && details.data.user.user_email !== '' ? details.data.user.user_email : null;
}

/**
 * Pay without JavaScript: the page cannot open a gateway's window, so with the demo gateway the server does
 * what its checkout would (start the payment, pay with the chosen test instrument, verify) and goes back to the
 * schedule. No card is ever asked for. With Razorpay the customer is told to turn JavaScript on.
 */
async function pay(api: ApiClient, form: FormData) {
  const instalmentId = text(form, 'instalmentId');
  const instrument = text(form, 'instrument');
  const refuse = (message: string, status: number) => data<PayResult>({ intent: 'pay', message, instrument }, { status });
  if (!/^\d{1,10}$/.test(instalmentId)) return refuse(HARVEST_TEXT.payFallback, 400);
  if (!DEMO_INSTRUMENTS.some((i) => i.id === instrument)) return refuse(HARVEST_TEXT.chooseInstrument, 400);
  const started = await replyTo(api, 'POST', `/api/harvest/instalments/${instalmentId}/pay`, {});
  if (!started?.ok) return refuse(messageOf(started, HARVEST_TEXT.payFallback), failStatus(started));
  const { payment } = started.data;
  if (payment.gateway !== 'demo') return refuse(HARVEST_TEXT.needsScript, 409);
  const paid = await replyTo(api, 'POST', '/api/payments/demo/checkout', { gatewayOrderId: payment.gatewayOrderId, instrument });
  if (!paid?.ok) return refuse(messageOf(paid, HARVEST_TEXT.payFallback), failStatus(paid));
  const verified = await replyTo(api, 'POST', '/api/payments/razorpay/verify', paid.data);
  if (!verified?.ok) return refuse(messageOf(verified, HARVEST_TEXT.payFallback), failStatus(verified));
  const number = started.data.plan.instalments.find((i) => String(i.id) === instalmentId)?.number ?? 1;
  return redirect(`${HARVEST_PLAN_PATH}?paid=${number}#plan`);
}
