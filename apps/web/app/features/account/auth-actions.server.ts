import { data, redirect } from 'react-router';
import { loginRedirect, safeRedirect } from '../../lib/safe-redirect.ts';
import { MESSAGES, type UserDetails } from '@milli/contracts';
import { onCode, refusalCode, type ApiClient } from '../../lib/api.ts';
import { ProfileUpdateSchema } from '@milli/contracts/schemas';
import { replyTo, type ApiReply } from '../../lib/api.server.ts';
import { readCartCookie } from '../../lib/cart-cookie.ts';
import { storeCookie } from '../../lib/cookies.ts';
import { apiFieldErrors } from '../../lib/field-errors.ts';
import { loadSessionUser, type SessionUser } from '../../lib/session.ts';
import { readWishlistCookie } from '../../lib/wishlist-cookie.ts';
import {
  ACCOUNT_TEXT,
  LOGIN_BANNER_PARAMS,
  PROFILE_FIELDS,
  type ForgotResult,
  type LoginResult,
  type OtpResult,
  type ProfileField,
  type ProfileResult,
  REGISTER_FIELDS,
  type RegisterResult,
  type ResetResult,
  type UndoResult,
} from './auth-results.ts';

/**
 * The account screens' actions: each reads its form, makes the one API call the specification names
 * (in process, with the visitor's cookie), and either redirects — passing on the API's Set-Cookie
 * headers (session, cleared guest cart) — or answers what the screen should show.
 */

/** One API call's reply (replyTo); null when it could not be made at all (the screens then show their fallback text). */
type ApiAnswer = ApiReply<unknown>;

function field(body: unknown, name: string): unknown {
  return body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
}

/** The API's readable message for a refused call (4xx), else null: a 5xx or a missing answer gets the screen's fallback. */
function refusal(answer: ApiAnswer | null): string | null {
  if (!answer || answer.ok || answer.status >= 500) return null;
  const message = field(answer.body, 'message');
  return typeof message === 'string' && message.trim() !== '' ? message : null;
}

/** The status an action answers with when the API refused (its own 4xx) or failed (502). */
const failStatus = (answer: ApiAnswer | null) => (answer && answer.status >= 400 && answer.status < 500 ? answer.status : 502);

function withCookies(cookies: readonly string[]): Headers {
  const headers = new Headers();
  for (const cookie of cookies) headers.append('Set-Cookie', cookie);
  return headers;
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
};
/** Passwords are sent exactly as typed: spaces count. */
const secret = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

const multipart = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
};

// ---------- login and sign-up ----------

/**
 * Already logged in: the login screen sends the visitor home (spec §2), or back to the page that sent
 * them to log in (`next`, a path on this site only).
 */
export async function redirectIfLoggedIn(api: ApiClient, next?: string | null): Promise<void> {
  if (await loadSessionUser(api)) throw redirect(safeRedirect(next) ?? '/');
}

/**
 * Login (spec §7, §8): multipart username + password, plus the guest cart from the cartItems cookie
 * so the server merges it. Success is an ok answer whose message is exactly 'Login Succesful'; then the
 * session cookie (and the cleared guest cart) go back with the redirect home.
 */
export async function logIn(api: ApiClient, request: Request) {
  const form = await request.formData();
  const username = text(form, 'username');
  const fields: Record<string, string> = { username, password: secret(form, 'password') };
  const cart = readCartCookie(request.headers.get('cookie'));
  if (cart.length > 0) fields.cartItems = JSON.stringify(cart);
  // The guest wish list too (DECISIONS §2); the API merges it and clears the cookie, like the cart's.
  const wished = readWishlistCookie(request.headers.get('cookie'));
  if (wished.length > 0) fields.wishlistItems = JSON.stringify(wished);

  const answer = await replyTo(api, 'POST', '/api/auth/login', multipart(fields));
  if (answer?.ok && answer.data.message === MESSAGES.loginSuccess) {
    // Home (spec §4), unless a page sent the shopper here to log in first (checkout, orders, harvest…).
    return redirect(safeRedirect(form.get('next')) ?? '/', { headers: withCookies(answer.setCookies) });
  }
  const message = (answer && !answer.ok && refusal(answer)) || MESSAGES.loginFallback;
  return data<LoginResult>({ message, username }, { status: answer && !answer.ok ? failStatus(answer) : 502 });
}

/**
 * Sign up (spec §7, §8): multipart username, email, password. Success goes to /login with the banner;
 * a refusal shows the fallback line plus the server's message per field (or its one message, e.g. 429).
 */
export async function signUp(api: ApiClient, request: Request) {
  const form = await request.formData();
  const values = { username: text(form, 'username'), email: text(form, 'email') };
  const answer = await replyTo(api, 'POST', '/api/auth/register', multipart({ ...values, password: secret(form, 'password') }));
  if (answer?.ok) return redirect(`/login?${LOGIN_BANNER_PARAMS.registered}=1`);

  const message = answer && answer.status < 500 ? field(answer.body, 'message') : undefined;
  // The spec's register answer names each field's problem in `message` itself.
  const fieldErrors = answer && answer.status < 500 ? apiFieldErrors(answer.body, REGISTER_FIELDS, 'message') : {};
  // A refusal the person can fix (a taken username) leads with the field's own message: 'try again
  // later' alone would send them away from a form that only needs another name. The spec's line follows.
  const own = Object.values(fieldErrors);
  const alert = typeof message === 'string' && message ? message : own.length > 0 ? `${own.join(' ')} ${MESSAGES.registerFallback}` : MESSAGES.registerFallback;
  return data<RegisterResult>({ message: alert, fieldErrors, values }, { status: failStatus(answer) });
}

// ---------- forgotten password: e-mail, code, new password ----------

/** The verified reset state, carried from /otp to /reset-password. */
export const RESET_COOKIE = 'milli_reset';
/**
 * Http-only, so page scripts never see the token, and not in the URL, so it stays out of history and logs.
 * Path=/ (as every storeCookie) rather than /reset-password: with script, the form posts to
 * /reset-password.data, which a cookie scoped to /reset-password would not reach.
 */
const resetCookie = storeCookie(RESET_COOKIE, { maxAgeS: 600, httpOnly: true });

function readResetToken(request: Request): string | null {
  const raw = resetCookie.read(request.headers.get('cookie'));
  if (!raw) return null;
  try {
    return decodeURIComponent(raw) || null;
  } catch {
    return null;
  }
}

export const hasResetToken = (request: Request) => readResetToken(request) !== null;

/**
 * The code mail's link (/reset-password?link=…, decision 020) opens the new-password form with the link in a hidden
 * field; nothing is spent by opening it (a mail scanner fetching it changes nothing). The form's post exchanges the
 * link, once, for a reset token (POST /api/auth/reset-link, issue 35). Null when the address has no well-formed link.
 */
export function resetLinkOf(request: Request): string | null {
  const link = new URL(request.url).searchParams.get('link');
  return link && RESET_LINK.test(link) ? link : null;
}
const RESET_LINK = /^[A-Za-z0-9_-]{20,200}$/;

/** Forgot password: its own call; the answer never says whether the account exists. Then /otp for that e-mail. */
export async function requestCode(api: ApiClient, request: Request) {
  const form = await request.formData();
  const email = text(form, 'email');
  const answer = await replyTo(api, 'POST', '/api/auth/forgot-password', { email });
  if (answer?.ok) return redirect(`/otp?email=${encodeURIComponent(email)}`);
  return data<ForgotResult>({ message: refusal(answer) ?? ACCOUNT_TEXT.forgotFallback, email }, { status: failStatus(answer) });
}

/**
 * /otp: 'verify' checks the four boxes' code (then the reset token goes into the short-lived cookie and
 * the visitor to /reset-password); 'resend' asks for a fresh code for the same e-mail.
 */
export async function checkCode(api: ApiClient, request: Request) {
  const form = await request.formData();
  const email = text(form, 'email');

  if (form.get('intent') === 'resend') {
    const answer = await replyTo(api, 'POST', '/api/auth/forgot-password', { email });
    const result: OtpResult = answer?.ok
      ? { intent: 'resend', ok: true, message: ACCOUNT_TEXT.codeResent(email) }
      : { intent: 'resend', ok: false, message: refusal(answer) ?? ACCOUNT_TEXT.forgotFallback };
    return data(result, { status: answer?.ok ? 200 : failStatus(answer) });
  }

  const otp = [1, 2, 3, 4].map((n) => text(form, `otp${n}`)).join('');
  const answer = await replyTo(api, 'POST', '/api/auth/verify-otp', { email, otp });
  const token = answer?.ok ? answer.data.resetToken : undefined;
  if (token) {
    return redirect('/reset-password', { headers: withCookies([resetCookie.set(encodeURIComponent(token), request)]) });
  }
  return data<OtpResult>({ intent: 'verify', ok: false, message: refusal(answer) ?? ACCOUNT_TEXT.otpFallback }, { status: failStatus(answer) });
}

/** The codes POST /api/auth/reset-password refuses with, and what the screen does for each. */
type ResetCode = 'RESET_EXPIRED' | 'COMMON_PASSWORD' | 'INVALID_REQUEST' | 'RATE_LIMITED';
type ResetReaction = 'offer-new-code' | 'show-message';
const RESET_REACTIONS = {
  // The verified state is spent or too old: the cookie goes and the screen offers a new code.
  RESET_EXPIRED: () => 'offer-new-code',
  COMMON_PASSWORD: () => 'show-message',
  INVALID_REQUEST: () => 'show-message',
  RATE_LIMITED: () => 'show-message',
} as const satisfies { readonly [K in ResetCode]: () => ResetReaction };

/**
 * /reset-password: new + confirm with the token from the cookie, or with the mail's link from the form, exchanged for a
 * token first. Success ends the cookie and goes to /login; a refused password keeps the exchanged token in the cookie,
 * since the link is spent and the person only needs to choose another password.
 */
export async function setNewPassword(api: ApiClient, request: Request) {
  const form = await request.formData();
  const link = text(form, 'link');
  let resetToken = readResetToken(request);
  let exchanged = false;
  if (link && RESET_LINK.test(link)) {
    const answer = await replyTo(api, 'POST', '/api/auth/reset-link', { link });
    const token = answer?.ok ? answer.data.resetToken : undefined;
    if (!token) {
      return data<ResetResult>({ message: refusal(answer) ?? ACCOUNT_TEXT.resetExpired, expired: true }, { status: failStatus(answer) });
    }
    resetToken = token;
    exchanged = true;
  }
  if (!resetToken) return data<ResetResult>({ message: ACCOUNT_TEXT.resetExpired, expired: true }, { status: 400 });

  const answer = await replyTo(api, 'POST', '/api/auth/reset-password', {
    resetToken,
    password: secret(form, 'newPassword'),
    confirmPassword: secret(form, 'confirmPassword'),
  });
  if (answer?.ok) {
    return redirect(`/login?${LOGIN_BANNER_PARAMS.reset}=1`, { headers: withCookies([resetCookie.clear(request)]) });
  }
  const expired = onCode<ResetCode, ResetReaction>(refusalCode(answer?.body), RESET_REACTIONS, () => 'show-message') === 'offer-new-code';
  const cookie = expired ? resetCookie.clear(request) : exchanged ? resetCookie.set(encodeURIComponent(resetToken), request) : null;
  return data<ResetResult>(
    { message: refusal(answer) ?? ACCOUNT_TEXT.resetFallback, expired },
    { status: failStatus(answer), ...(cookie ? { headers: withCookies([cookie]) } : {}) },
  );
}

// ---------- undoing an e-mail change (the link mailed to the old address) ----------

/**
 * The link opens a page (a mail scanner fetching it changes nothing); its button posts the token here.
 * Success: the old address is back and the password retired, so the screen offers a code to that address.
 */
export async function undoEmailChange(api: ApiClient, request: Request) {
  const form = await request.formData();
  const token = text(form, 'token');
  if (!token) return data<UndoResult>({ ok: false, message: ACCOUNT_TEXT.undoMissing }, { status: 400 });
  const answer = await replyTo(api, 'POST', '/api/auth/undo-email-change', { token });
  if (answer?.ok) return data<UndoResult>({ ok: true, message: answer.data.message, email: answer.data.email });
  return data<UndoResult>({ ok: false, message: refusal(answer) ?? ACCOUNT_TEXT.undoFallback }, { status: failStatus(answer) });
}

// ---------- My Account ----------

export interface AccountData {
  user: SessionUser;
  /** Null when the details could not be read just now (the page still shows, with a message). */
  details: UserDetails['user'] | null;
}

/** Guests go to /login (spec §6); a logged-in customer gets their details (GET /api/users/user-details/{id}). */
export async function loadAccount(api: ApiClient, request?: Request): Promise<AccountData> {
  const user = await loadSessionUser(api);
  if (!user) throw request ? loginRedirect(request) : redirect('/login');
  const answer = await replyTo(api, 'GET', `/api/users/user-details/${user.userId}`);
  if (answer?.status === 401) throw redirect('/login');
  return { user, details: answer?.ok ? answer.data.user : null };
}

const isProfileField = (name: unknown): name is ProfileField => PROFILE_FIELDS.includes(name as ProfileField);

/** Edit Profile's Save Changes: PUT /api/users/user-details/{id}; the answer names the field at fault. */
export async function saveProfile(api: ApiClient, form: FormData) {
  const user = await loadSessionUser(api);
  if (!user) throw redirect('/login');
  const payload = Object.fromEntries(PROFILE_FIELDS.map((name) => [name, name.endsWith('Password') ? secret(form, name) : text(form, name)]));
  const answer = await replyTo(api, 'PUT', `/api/users/user-details/${user.userId}`, payload, ProfileUpdateSchema);
  if (answer?.status === 401) throw redirect('/login');
  if (answer?.ok) {
    return data<ProfileResult>({
      intent: 'save-profile',
      ok: true,
      message: answer.data.message || 'Your profile has been saved.',
      savedAt: Date.now(),
    });
  }
  // The field at fault is the first of the answer's per-field messages (the API's `fields`, decision 027).
  const faults = field(answer?.body, 'fields');
  const at = faults && typeof faults === 'object' ? Object.keys(faults)[0] : undefined;
  return data<ProfileResult>(
    {
      intent: 'save-profile',
      ok: false,
      message: refusal(answer) ?? ACCOUNT_TEXT.profileFallback,
      ...(isProfileField(at) ? { field: at } : {}),
      values: Object.fromEntries(Object.entries(payload).filter(([name]) => !name.endsWith('Password'))),
    },
    { status: failStatus(answer) },
  );
}
