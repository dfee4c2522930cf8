/**
 * The storefront's side of complaints (issue 38): filing from /help, the account's tickets, and a guest's ticket by the
 * link in the acknowledgement mail.
 *
 * A guest's link (/help/ticket?key=…) is exchanged at once for an http-only cookie and the page redirects to the bare
 * address, so the token leaves the address bar, the history and any Referer with the first answer; the access log shows
 * that one request as `?key=~` (apps/server/src/lib/logged-url.ts), and the API is given the token only in POST bodies.
 * Opening the link spends nothing (a mail scanner fetching it changes nothing): the link works as often as it is opened,
 * like the appointment manage link, and unlike the reset link, which sets a password once.
 */
import { data, redirect } from 'react-router';
import type { ComplaintCategory } from '@milli/contracts';
import type { Complaint, ComplaintFiled, ComplaintOrderChoices, ComplaintSummary } from '@milli/contracts/schemas';
import { COMPLAINT_TICKET_PATTERN } from '@milli/contracts';
import type { ApiClient } from '../../lib/api.ts';
import { replyTo, type ApiReply } from '../../lib/api.server.ts';
import { storeCookie } from '../../lib/cookies.ts';
import { apiFieldErrors, type FieldErrors } from '../../lib/field-errors.ts';
import type { ComplaintReplyResult } from './complaint-ticket.tsx';
import { COMPLAINT_CATEGORIES, complaintHref } from './complaint-text.ts';

/** The guest's ticket: the link's token, kept a week in an http-only cookie (the link in the mail opens it again). */
export const TICKET_COOKIE = 'milli_ticket';
const ticketCookie = storeCookie(TICKET_COOKIE, { maxAgeS: 7 * 24 * 3600, httpOnly: true });
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;
export const GUEST_TICKET_PATH = '/help/ticket';

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();
const refusal = (body: unknown): string | null =>
  body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string' ? (body as { message: string }).message : null;

// ── /help ──

export const COMPLAINT_FORM_FIELDS = ['category', 'orderNumber', 'subject', 'description', 'name', 'email', 'phone'] as const;
export type ComplaintFormField = (typeof COMPLAINT_FORM_FIELDS)[number];

export type FileComplaintResult =
  | { ok: true; filed: ComplaintFiled }
  | { ok: false; message: string; fields: FieldErrors<ComplaintFormField>; typed: Partial<Record<ComplaintFormField, string>> };

/** The signed-in shopper's orders to choose from, or null when they cannot be read just now (the form still works). */
export async function loadOrderChoices(api: ApiClient): Promise<ComplaintOrderChoices['data'] | null> {
  return api.get('/api/complaints/orders').then(
    (a) => a.data,
    () => null,
  );
}

/**
 * /help's post: POST /api/complaints. A signed-in shopper then goes to the ticket's page; a guest is shown the number
 * on the page (the link to the ticket goes only to the mailbox they gave).
 */
export async function fileComplaint(api: ApiClient, form: FormData, signedIn: boolean) {
  const typed = Object.fromEntries(COMPLAINT_FORM_FIELDS.map((name) => [name, text(form, name)])) as Record<ComplaintFormField, string>;
  const body = Object.fromEntries(Object.entries(typed).filter(([name, value]) => value !== '' && (!signedIn || !['name', 'email'].includes(name))));
  const answer = await replyTo(api, 'POST', '/api/complaints', body);
  if (answer?.ok) {
    if (signedIn) throw redirect(`${complaintHref(answer.data.ticketNumber)}?filed=1`);
    return data<FileComplaintResult>({ ok: true, filed: answer.data });
  }
  return data<FileComplaintResult>(
    {
      ok: false,
      message: refusal(answer?.body) ?? 'We could not send your complaint just now. Please try again, or call us.',
      fields: apiFieldErrors(answer?.body, COMPLAINT_FORM_FIELDS),
      typed,
    },
    { status: answer?.status ?? 503 },
  );
}

export const isCategory = (value: string | null): value is ComplaintCategory => value !== null && (COMPLAINT_CATEGORIES as string[]).includes(value);

// ── My Account ──

/** The shopper's complaints, or null when they cannot be read just now (the page still shows). */
export async function loadMyComplaints(api: ApiClient): Promise<ComplaintSummary[] | null> {
  return api.get('/api/complaints').then(
    (a) => a.data,
    () => null,
  );
}

/** The ticket number of /account/complaints/:ticketNumber, or the 404 screen. */
export function ticketParam(raw: string | undefined): string {
  const ticket = (raw ?? '').trim().toUpperCase();
  if (!COMPLAINT_TICKET_PATTERN.test(ticket)) throw data({ message: 'There is no such complaint.' }, { status: 404 });
  return ticket;
}

/** The shopper's own ticket; someone else's, or none, is the 404 screen. */
export async function loadOwnTicket(api: ApiClient, ticketNumber: string): Promise<Complaint> {
  const answer = await replyTo(api, 'GET', `/api/complaints/${ticketNumber}`);
  if (answer?.ok) return answer.data;
  if (answer?.status === 401) throw redirect(`/login?next=${encodeURIComponent(complaintHref(ticketNumber))}`);
  if (answer?.status === 404) throw data({ message: 'There is no such complaint in your account.' }, { status: 404 });
  throw data({ message: 'We could not load your complaint just now. Please try again.' }, { status: 503 });
}

function replyResult(answer: ApiReply<unknown> | null, sent: string): ComplaintReplyResult {
  if (answer?.ok) return { ok: true, message: sent };
  return {
    ok: false,
    message: refusal(answer?.body) ?? 'We could not send your message just now. Please try again, or call us.',
    fieldError: apiFieldErrors(answer?.body, ['message']).message,
  };
}

export async function replyAsShopper(api: ApiClient, ticketNumber: string, form: FormData) {
  const answer = await replyTo(api, 'POST', `/api/complaints/${ticketNumber}/reply`, { message: text(form, 'message') });
  return data(replyResult(answer, 'Sent. Our team will answer you here and by e-mail.'), { status: answer?.ok ? 200 : (answer?.status ?? 503) });
}

// ── A guest's ticket (/help/ticket) ──

export type GuestTicket = { complaint: Complaint; error: null } | { complaint: null; error: string };

/**
 * /help/ticket: with ?key= from the mail, the token goes into the cookie and the page to its bare address; without, the
 * cookie's token opens the ticket (POST /api/complaints/by-link).
 */
export async function loadGuestTicket(api: ApiClient, request: Request) {
  const key = new URL(request.url).searchParams.get('key');
  if (key !== null) {
    if (!TOKEN.test(key))
      return data<GuestTicket>({ complaint: null, error: 'This link is not complete. Please open the whole link in the mail we sent you.' });
    throw redirect(GUEST_TICKET_PATH, { headers: { 'Set-Cookie': ticketCookie.set(key, request) } });
  }
  const token = ticketCookie.read(request.headers.get('cookie'));
  if (!token || !TOKEN.test(token)) {
    return data<GuestTicket>({ complaint: null, error: 'To see your complaint, open the link in the mail we sent you when you wrote to us.' });
  }
  const answer = await replyTo(api, 'POST', '/api/complaints/by-link', { token });
  if (answer?.ok) return data<GuestTicket>({ complaint: answer.data, error: null });
  if (answer?.status === 404) {
    return data<GuestTicket>(
      { complaint: null, error: 'This link does not match a complaint. Please open the link in the mail we sent you.' },
      { headers: { 'Set-Cookie': ticketCookie.clear(request) } },
    );
  }
  return data<GuestTicket>({ complaint: null, error: 'We could not load your complaint just now. Please try again, or call us.' }, { status: 503 });
}

export async function replyAsGuest(api: ApiClient, request: Request, form: FormData) {
  const token = ticketCookie.read(request.headers.get('cookie')) ?? '';
  if (!TOKEN.test(token)) {
    return data<ComplaintReplyResult>({ ok: false, message: 'Please open the link in the mail we sent you, then write your message.' }, { status: 400 });
  }
  const answer = await replyTo(api, 'POST', '/api/complaints/by-link/reply', { token, message: text(form, 'message') });
  return data(replyResult(answer, 'Sent. Our team will answer you by e-mail.'), { status: answer?.ok ? 200 : (answer?.status ?? 503) });
}
