import { data, redirect } from 'react-router';
import { PHONE_CHANNELS, PHONE_RESEND_SECONDS, type PhoneChannel } from '@milli/contracts';
import { replyTo, type ApiReply } from '../../lib/api.server.ts';
import type { ApiClient } from '../../lib/api.ts';
import { readCartCookie } from '../../lib/cart-cookie.ts';
import { storeCookie } from '../../lib/cookies.ts';
import { loginRedirect, safeRedirect } from '../../lib/safe-redirect.ts';
import { loadSessionUser } from '../../lib/session.ts';
import { readWishlistCookie } from '../../lib/wishlist-cookie.ts';
import { PHONE_SCREEN_TEXT, type PhoneAddResult, type PhoneNameResult, type PhoneResult } from './phone-results.ts';

/**
 * Signing in and up with a mobile number (issue 41, decision 058), as form posts that work without script: the
 * number goes to POST /api/auth/phone/start, and the code screen (the same address, /login/mobile) keeps which number
 * it is for in a short-lived http-only cookie, never in the address, so no number is written in a log or a history.
 */

/** The number the code was sent to, its channel, when it was sent and where to go after: the code's ten minutes, and a little. */
const phoneCookie = storeCookie('milli_phone', { maxAgeS: 15 * 60, httpOnly: true });

export interface PhoneState {
  /** As the server wrote it back: `+91 98765 43210`. */
  phone: string;
  channel: PhoneChannel;
  /** When the last code was asked for (ms). */
  sentAt: number;
  next: string | null;
}

export function readPhoneState(request: Request): PhoneState | null {
  const raw = phoneCookie.read(request.headers.get('cookie'));
  if (!raw) return null;
  try {
    const value = JSON.parse(decodeURIComponent(raw)) as Partial<PhoneState>;
    if (typeof value.phone !== 'string' || !/^[+\d ]{10,20}$/.test(value.phone) || typeof value.sentAt !== 'number') return null;
    const channel = (PHONE_CHANNELS as readonly string[]).includes(value.channel ?? '') ? (value.channel as PhoneChannel) : 'sms';
    return { phone: value.phone, channel, sentAt: value.sentAt, next: safeRedirect(value.next ?? null) };
  } catch {
    return null;
  }
}

const writeState = (state: PhoneState, request: Request) => phoneCookie.set(encodeURIComponent(JSON.stringify(state)), request);

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
};

function headersWith(cookies: readonly string[]): Headers {
  const headers = new Headers();
  for (const cookie of cookies) headers.append('Set-Cookie', cookie);
  return headers;
}

/** The API's message for a refusal (4xx), else null (a 5xx or no answer gets the screen's fallback). */
function refusal(answer: ApiReply<unknown> | null): { message: string; field?: string } | null {
  if (!answer || answer.ok || answer.status >= 500 || !answer.body || typeof answer.body !== 'object') return null;
  const body = answer.body as { message?: unknown; fields?: Record<string, unknown> };
  if (typeof body.message !== 'string' || !body.message.trim()) return null;
  const fieldMessage =
    body.fields && typeof body.fields.phone === 'string' ? 'phone' : body.fields && typeof body.fields.code === 'string' ? 'code' : undefined;
  return { message: body.message, ...(fieldMessage ? { field: fieldMessage } : {}) };
}
const failStatus = (answer: ApiReply<unknown> | null) => (answer && answer.status >= 400 && answer.status < 500 ? answer.status : 502);

/** Seconds until another code may be asked for (the screen's countdown; the server enforces it). */
export const resendIn = (state: PhoneState, now = Date.now()) => Math.max(0, Math.ceil((state.sentAt + PHONE_RESEND_SECONDS * 1000 - now) / 1000));

/**
 * /login/mobile: 'start' sends a code to the typed number, 'resend' another to the same one, 'change' forgets it,
 * and 'verify' checks the code: a right one signs in (or makes the account, whose name is asked next).
 */
export async function phoneSignInAction(api: ApiClient, request: Request) {
  const form = await request.formData();
  const intent = text(form, 'intent');
  const state = readPhoneState(request);

  if (intent === 'change')
    return redirect(state?.next ? `/login/mobile?next=${encodeURIComponent(state.next)}` : '/login/mobile', {
      headers: headersWith([phoneCookie.clear(request)]),
    });

  if (intent === 'start' || intent === 'resend') {
    const typed = intent === 'resend' ? (state?.phone ?? '') : text(form, 'phone');
    const channelTyped = intent === 'resend' ? (state?.channel ?? 'sms') : text(form, 'channel');
    const channel: PhoneChannel = (PHONE_CHANNELS as readonly string[]).includes(channelTyped) ? (channelTyped as PhoneChannel) : 'sms';
    const next = intent === 'resend' ? (state?.next ?? null) : safeRedirect(form.get('next'));
    const answer = await replyTo(api, 'POST', '/api/auth/phone/start', { phone: typed, channel });
    if (answer?.ok) {
      const sent: PhoneState = { phone: answer.data.phone, channel, sentAt: Date.now(), next };
      // To the code screen by GET, so a reload does not send another code.
      return redirect(`/login/mobile${intent === 'resend' ? '?resent=1' : ''}`, { headers: headersWith([writeState(sent, request)]) });
    }
    const refused = refusal(answer);
    return data<PhoneResult>(
      {
        intent,
        message: refused?.message ?? PHONE_SCREEN_TEXT.startFallback,
        phone: typed,
        channel,
        ...(refused?.field === 'phone' ? { field: 'phone' as const } : {}),
      },
      { status: failStatus(answer) },
    );
  }

  // verify
  if (!state) return redirect('/login/mobile');
  const fields: Record<string, string> = { phone: state.phone, code: text(form, 'code') };
  const cart = readCartCookie(request.headers.get('cookie'));
  if (cart.length > 0) fields.cartItems = JSON.stringify(cart);
  const wished = readWishlistCookie(request.headers.get('cookie'));
  if (wished.length > 0) fields.wishlistItems = JSON.stringify(wished);
  const answer = await replyTo(api, 'POST', '/api/auth/phone/verify', fields);
  if (answer?.ok) {
    const after = state.next ?? '/';
    const to = answer.data.needsName ? `/login/mobile/name${after === '/' ? '' : `?next=${encodeURIComponent(after)}`}` : after;
    return redirect(to, { headers: headersWith([...answer.setCookies, phoneCookie.clear(request)]) });
  }
  const refused = refusal(answer);
  return data<PhoneResult>({ intent: 'verify', message: refused?.message ?? PHONE_SCREEN_TEXT.verifyFallback, field: 'code' }, { status: failStatus(answer) });
}

/** /login/mobile/name: only for a signed-in customer (the account the code just made). */
export async function requireSignedIn(api: ApiClient, request: Request) {
  const user = await loadSessionUser(api);
  if (!user) throw loginRedirect(request);
  return user;
}

export async function saveNameAction(api: ApiClient, request: Request) {
  await requireSignedIn(api, request);
  const form = await request.formData();
  const values = { firstName: text(form, 'firstName'), lastName: text(form, 'lastName') };
  const answer = await replyTo(api, 'POST', '/api/auth/phone/name', values);
  if (answer?.ok) return redirect(safeRedirect(new URL(request.url).searchParams.get('next')) ?? '/');
  const body = !answer || answer.ok ? null : (answer.body as { message?: unknown; fields?: Record<string, string> } | null);
  const fieldErrors = { ...(body?.fields ?? {}) };
  return data<PhoneNameResult>(
    { message: typeof body?.message === 'string' && answer && answer.status < 500 ? body.message : PHONE_SCREEN_TEXT.nameFallback, fieldErrors, values },
    { status: failStatus(answer) },
  );
}

// ---------- My Account → Edit Profile: the number the customer signs in with ----------

/** The new number a code was sent to from Edit Profile, until it is verified (the same shape as the sign-in's). */
const addCookie = storeCookie('milli_phone_add', { maxAgeS: 15 * 60, httpOnly: true });

export function readPhoneAddState(request: Request): (Omit<PhoneState, 'next'> & { waitSeconds: number }) | null {
  const raw = addCookie.read(request.headers.get('cookie'));
  if (!raw) return null;
  try {
    const value = JSON.parse(decodeURIComponent(raw)) as Partial<PhoneState>;
    if (typeof value.phone !== 'string' || !/^[+\d ]{10,20}$/.test(value.phone) || typeof value.sentAt !== 'number') return null;
    const channel = (PHONE_CHANNELS as readonly string[]).includes(value.channel ?? '') ? (value.channel as PhoneChannel) : 'sms';
    const state = { phone: value.phone, channel, sentAt: value.sentAt, next: null };
    return { phone: state.phone, channel, sentAt: state.sentAt, waitSeconds: resendIn(state) };
  } catch {
    return null;
  }
}

export const PHONE_ADD_INTENTS = ['phone-start', 'phone-resend', 'phone-verify', 'phone-cancel'] as const;
const EDIT_TAB = '/account?tab=edit';

/**
 * Edit Profile's number: 'phone-start' sends a code to a new number (refused when it is another account's),
 * 'phone-resend' another, 'phone-verify' makes it the account's, 'phone-cancel' forgets the pending one.
 */
export async function phoneAddAction(api: ApiClient, request: Request, form: FormData, intent: (typeof PHONE_ADD_INTENTS)[number]) {
  const user = await loadSessionUser(api);
  if (!user) throw loginRedirect(request);
  const pending = readPhoneAddState(request);
  if (intent === 'phone-cancel') return redirect(EDIT_TAB, { headers: headersWith([addCookie.clear(request)]) });

  if (intent === 'phone-start' || intent === 'phone-resend') {
    const typed = intent === 'phone-resend' ? (pending?.phone ?? '') : text(form, 'phone');
    const channelTyped = intent === 'phone-resend' ? (pending?.channel ?? 'sms') : text(form, 'channel');
    const channel: PhoneChannel = (PHONE_CHANNELS as readonly string[]).includes(channelTyped) ? (channelTyped as PhoneChannel) : 'sms';
    const answer = await replyTo(api, 'POST', '/api/users/phone/start', { phone: typed, channel });
    if (answer?.ok) {
      const state: PhoneState = { phone: answer.data.phone, channel, sentAt: Date.now(), next: null };
      return redirect(EDIT_TAB, { headers: headersWith([addCookie.set(encodeURIComponent(JSON.stringify(state)), request)]) });
    }
    const refused = refusal(answer);
    return data<PhoneAddResult>(
      { intent, ok: false, message: refused?.message ?? PHONE_SCREEN_TEXT.startFallback, phone: typed },
      { status: failStatus(answer) },
    );
  }

  if (!pending) return redirect(EDIT_TAB);
  const answer = await replyTo(api, 'POST', '/api/users/phone/verify', { phone: pending.phone, code: text(form, 'code') });
  if (answer?.ok) {
    return data<PhoneAddResult>({ intent, ok: true, message: answer.data.message }, { headers: headersWith([addCookie.clear(request)]) });
  }
  const refused = refusal(answer);
  return data<PhoneAddResult>({ intent, ok: false, message: refused?.message ?? PHONE_SCREEN_TEXT.addFallback }, { status: failStatus(answer) });
}
