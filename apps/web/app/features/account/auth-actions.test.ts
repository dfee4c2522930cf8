import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@milli/contracts';
import { fakeApi } from '../../lib/fake-api.ts';
import { RESET_COOKIE, checkCode, logIn, saveProfile, resetLinkOf, setNewPassword, signUp, undoEmailChange } from './auth-actions.server.ts';

const json = (status: number, body: unknown, cookies: string[] = []) =>
  new Response(JSON.stringify(body), {
    status,
    headers: [['content-type', 'application/json'], ...cookies.map((c): [string, string] => ['set-cookie', c])],
  });

const post = (path: string, fields: Record<string, string>, cookie?: string) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return new Request(`http://shop.test${path}`, { method: 'POST', body, headers: cookie ? { cookie } : {} });
};

/** What an action answered: a redirect Response, or data() with its status. */
function outcome(result: unknown) {
  if (result instanceof Response) {
    return { redirect: result.headers.get('location'), cookies: result.headers.getSetCookie() };
  }
  const { data, init } = result as { data: unknown; init?: ResponseInit | null };
  return { data, status: init?.status ?? 200, cookies: new Headers(init?.headers).getSetCookie() };
}

const SESSION = 'milli_session=abc; Path=/; HttpOnly; SameSite=Lax';
const CLEAR_CART = 'cartItems=; Path=/; Max-Age=0';

describe('logIn (spec §7 login, §8)', () => {
  it('sends the guest cart from its cookie and passes the session cookie on with the redirect home', async () => {
    const { api, calls } = fakeApi(() => json(200, { message: MESSAGES.loginSuccess, userId: 7, userName: 'asha' }, [SESSION, CLEAR_CART]));
    const cart = encodeURIComponent(JSON.stringify([{ productId: 3, quantity: 2 }]));
    const result = outcome(await logIn(api, post('/login', { username: ' asha@example.in ', password: ' pw 1 ' }, `cartItems=${cart}`)));

    expect(result).toEqual({ redirect: '/', cookies: [SESSION, CLEAR_CART] });
    const sent = calls[0]!.init.body as FormData;
    expect(calls[0]!.path).toBe('/api/auth/login');
    expect(sent).toBeInstanceOf(FormData);
    expect(Object.fromEntries(sent)).toEqual({
      username: 'asha@example.in',
      password: ' pw 1 ',
      cartItems: JSON.stringify([{ productId: 3, quantity: 2 }]),
    });
  });

  it('sends the guest wish list from its cookie as wishlistItems, and passes its clearing on', async () => {
    const clearWishlist = 'wishlistItems=; Path=/; Max-Age=0';
    const { api, calls } = fakeApi(() => json(200, { message: MESSAGES.loginSuccess, userId: 7, userName: 'asha' }, [SESSION, clearWishlist]));
    const wished = encodeURIComponent(JSON.stringify([12, 40, 'x', 12]));
    const result = outcome(await logIn(api, post('/login', { username: 'asha', password: 'x' }, `wishlistItems=${wished}`)));
    expect(result).toEqual({ redirect: '/', cookies: [SESSION, clearWishlist] });
    expect((calls[0]!.init.body as FormData).get('wishlistItems')).toBe('[12,40]');
  });

  it('leaves cartItems out when the guest cart is empty', async () => {
    const { api, calls } = fakeApi(() => json(200, { message: MESSAGES.loginSuccess, userId: 7, userName: 'asha' }));
    await logIn(api, post('/login', { username: 'asha', password: 'x' }));
    expect((calls[0]!.init.body as FormData).has('cartItems')).toBe(false);
    expect((calls[0]!.init.body as FormData).has('wishlistItems')).toBe(false);
  });

  it('counts only the exact message as success: anything else keeps the visitor logged out', async () => {
    const { api } = fakeApi(() => json(200, { message: 'Login Successful', userId: 7, userName: 'asha' }, [SESSION]));
    expect(outcome(await logIn(api, post('/login', { username: 'asha', password: 'x' })))).toEqual({
      data: { message: MESSAGES.loginFallback, username: 'asha' },
      status: 502,
      cookies: [],
    });
  });

  it("shows the server's message on a refusal, and the fallback when the call fails", async () => {
    const refused = fakeApi(() => json(401, { message: 'The e-mail/username or password is not correct.' }));
    expect(outcome(await logIn(refused.api, post('/login', { username: 'asha', password: 'x' })))).toMatchObject({
      data: { message: 'The e-mail/username or password is not correct.' },
      status: 401,
    });
    const down = fakeApi(() => {
      throw new Error('connection refused');
    });
    expect(outcome(await logIn(down.api, post('/login', { username: 'asha', password: 'x' })))).toMatchObject({
      data: { message: MESSAGES.loginFallback },
      status: 502,
    });
  });
});

describe('signUp (spec §7 register, §8)', () => {
  it('goes to /login with the banner flag on success', async () => {
    const { api, calls } = fakeApi(() => json(200, { message: 'Registration successful. Kindly login.' }));
    const result = outcome(await signUp(api, post('/register', { username: 'asha', email: 'a@b.in', password: 'Secret123' })));
    expect(result.redirect).toBe('/login?registered=1');
    expect(Object.fromEntries(calls[0]!.init.body as FormData)).toEqual({ username: 'asha', email: 'a@b.in', password: 'Secret123' });
  });

  it("puts the per-field messages under their fields, and leads the alert with them before the spec's line", async () => {
    const { api } = fakeApi(() => json(400, { message: { username: 'This username is already taken.', email: 'Taken too.' }, code: 'TAKEN' }));
    expect(outcome(await signUp(api, post('/register', { username: 'asha', email: 'a@b.in', password: 'Secret123' })))).toEqual({
      data: {
        message: `This username is already taken. Taken too. ${MESSAGES.registerFallback}`,
        fieldErrors: { username: 'This username is already taken.', email: 'Taken too.' },
        values: { username: 'asha', email: 'a@b.in' },
      },
      status: 400,
      cookies: [],
    });
  });

  it('shows a single message (too many sign-ups) as it is', async () => {
    const { api } = fakeApi(() => json(429, { message: 'Too many sign-ups from your network.' }));
    expect(outcome(await signUp(api, post('/register', { username: 'asha', email: 'a@b.in', password: 'x' })))).toMatchObject({
      data: { message: 'Too many sign-ups from your network.', fieldErrors: {} },
      status: 429,
    });
  });

  it('a server failure (no field to blame) shows only the fallback line', async () => {
    const { api } = fakeApi(() => json(500, { message: 'Internal Server Error' }));
    expect(outcome(await signUp(api, post('/register', { username: 'asha', email: 'a@b.in', password: 'Secret123' })))).toMatchObject({
      data: { message: MESSAGES.registerFallback, fieldErrors: {} },
      status: 502,
    });
  });
});

describe('the code and the new password', () => {
  it('a right code puts the reset token in a short-lived http-only cookie, never in the address', async () => {
    const { api, calls } = fakeApi(() => json(200, { message: 'Code verified.', resetToken: 'tok_123-456' }));
    const result = outcome(await checkCode(api, post('/otp', { intent: 'verify', email: 'a@b.in', otp1: '1', otp2: '2', otp3: '3', otp4: '4' })));
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ email: 'a@b.in', otp: '1234' });
    expect(result.redirect).toBe('/reset-password');
    expect(result.cookies).toHaveLength(1);
    expect(result.cookies[0]).toMatch(new RegExp(`^${RESET_COOKIE}=tok_123-456; Path=/; Max-Age=600; HttpOnly; SameSite=Lax$`));
  });

  it("a wrong code shows the server's message", async () => {
    const { api } = fakeApi(() => json(400, { message: 'The code is not correct.', code: 'OTP_INVALID' }));
    expect(outcome(await checkCode(api, post('/otp', { intent: 'verify', email: 'a@b.in', otp1: '0', otp2: '0', otp3: '0', otp4: '0' })))).toMatchObject({
      data: { intent: 'verify', ok: false, message: 'The code is not correct.' },
      status: 400,
    });
  });

  it('resend asks for a fresh code for the same address', async () => {
    const { api, calls } = fakeApi(() => json(200, { message: 'sent' }));
    const result = outcome(await checkCode(api, post('/otp', { intent: 'resend', email: 'a@b.in' })));
    expect(calls[0]!.path).toBe('/api/auth/forgot-password');
    expect(result).toMatchObject({ data: { intent: 'resend', ok: true }, status: 200 });
  });

  it('without the verified state there is nothing to send: the screen offers a new code', async () => {
    const { api, calls } = fakeApi(() => json(200, {}));
    expect(outcome(await setNewPassword(api, post('/reset-password', { newPassword: 'a', confirmPassword: 'a' })))).toMatchObject({
      data: { expired: true },
      status: 400,
    });
    expect(calls).toHaveLength(0);
  });

  it("the code mail's link is read from the address only when well formed; opening it sets no cookie", () => {
    const token = 'Ab_-0123456789abcdefghijklmnopqrstuvwxyzABC';
    expect(resetLinkOf(new Request(`http://shop.test/reset-password?link=${token}`))).toBe(token);
    expect(resetLinkOf(new Request('http://shop.test/reset-password'))).toBeNull();
    expect(resetLinkOf(new Request('http://shop.test/reset-password?link=short'))).toBeNull();
    expect(resetLinkOf(new Request('http://shop.test/reset-password?link=%3Cscript%3E1234567890123456789012'))).toBeNull();
  });

  it('the link posted with the new password is exchanged once, then the password is set with the token it gave (issue 35)', async () => {
    const link = 'Ab_-0123456789abcdefghijklmnopqrstuvwxyzABC';
    const { api, calls } = fakeApi((path) =>
      path === '/api/auth/reset-link' ? json(200, { message: 'ok', resetToken: 'tok_from_link' }) : json(200, { message: 'Your password has been changed.' }),
    );
    const result = outcome(await setNewPassword(api, post('/reset-password', { link, newPassword: 'Fresh2024x', confirmPassword: 'Fresh2024x' })));
    expect(calls.map((c) => c.path)).toEqual(['/api/auth/reset-link', '/api/auth/reset-password']);
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ link });
    expect(JSON.parse(String(calls[1]!.init.body))).toMatchObject({ resetToken: 'tok_from_link' });
    expect(result.redirect).toBe('/login?reset=1');
  });

  it('a spent link offers a new code; a refused password after the exchange keeps its token in the cookie for the next try', async () => {
    const link = 'Ab_-0123456789abcdefghijklmnopqrstuvwxyzABC';
    const spent = fakeApi(() => json(400, { message: 'Your reset link has expired.', code: 'RESET_EXPIRED' }));
    expect(outcome(await setNewPassword(spent.api, post('/reset-password', { link, newPassword: 'a', confirmPassword: 'a' })))).toMatchObject({
      data: { expired: true },
      status: 400,
    });
    expect(spent.calls).toHaveLength(1);
    const common = fakeApi((path) =>
      path === '/api/auth/reset-link' ? json(200, { message: 'ok', resetToken: 'tok_kept' }) : json(400, { message: 'Too common.', code: 'COMMON_PASSWORD' }),
    );
    const result = outcome(await setNewPassword(common.api, post('/reset-password', { link, newPassword: 'password1', confirmPassword: 'password1' })));
    expect(result).toMatchObject({ data: { expired: false, message: 'Too common.' }, status: 400 });
    expect(result.cookies[0]).toMatch(new RegExp(`^${RESET_COOKIE}=tok_kept; Path=/; Max-Age=600; HttpOnly; SameSite=Lax$`));
  });

  it('sets the password with the token from the cookie, then ends the cookie and goes to /login', async () => {
    const { api, calls } = fakeApi(() => json(200, { message: 'Your password has been changed.' }));
    const request = post('/reset-password', { newPassword: 'Fresh2024x', confirmPassword: 'Fresh2024x' }, `${RESET_COOKIE}=tok_123`);
    const result = outcome(await setNewPassword(api, request));
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ resetToken: 'tok_123', password: 'Fresh2024x', confirmPassword: 'Fresh2024x' });
    expect(result.redirect).toBe('/login?reset=1');
    expect(result.cookies[0]).toMatch(new RegExp(`^${RESET_COOKIE}=; Path=/; Max-Age=0;`));
  });
});

describe('saveProfile (Edit Profile)', () => {
  const me = () => json(200, { userId: 7, userName: 'asha' });

  it("saves to the session's own id and names the field at fault, keeping what was typed but no password", async () => {
    const { api, calls } = fakeApi((path) =>
      path === '/api/auth/me'
        ? me()
        : json(400, {
            message: 'Your current password is not correct.',
            code: 'INVALID_REQUEST',
            fields: { currentPassword: 'Your current password is not correct.' },
          }),
    );
    const form = new FormData();
    for (const [k, v] of Object.entries({
      firstName: ' Asha ',
      lastName: 'Raman',
      email: 'a@b.in',
      mobile: '',
      currentPassword: 'old',
      newPassword: 'New12345',
      confirmPassword: 'New12345',
    }))
      form.set(k, v);
    const result = outcome(await saveProfile(api, form));

    expect(calls[1]!.path).toBe('/api/users/user-details/7');
    expect(calls[1]!.init.method).toBe('PUT');
    expect(JSON.parse(String(calls[1]!.init.body))).toMatchObject({ firstName: 'Asha', currentPassword: 'old', newPassword: 'New12345' });
    expect(result).toMatchObject({
      data: { ok: false, field: 'currentPassword', values: { firstName: 'Asha', lastName: 'Raman', email: 'a@b.in', mobile: '' } },
      status: 400,
    });
    expect(JSON.stringify(result.data)).not.toContain('New12345');
  });

  it('sends a visitor whose session has gone to /login', async () => {
    const { api } = fakeApi(() => json(401, { message: 'Please log in.' }));
    await expect(saveProfile(api, new FormData())).rejects.toSatisfy((r: unknown) => r instanceof Response && r.headers.get('location') === '/login');
  });
});

describe('undoEmailChange (the link mailed to the old address)', () => {
  it('posts the token and offers a code to the address that is back', async () => {
    const { api, calls } = fakeApi(() => json(200, { message: 'Your old e-mail address is back.', email: 'asha@example.in' }));
    const result = outcome(await undoEmailChange(api, post('/undo-email-change', { token: 'a'.repeat(43) })));
    expect(calls[0]!.path).toBe('/api/auth/undo-email-change');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ token: 'a'.repeat(43) });
    expect(result).toMatchObject({ status: 200, data: { ok: true, message: 'Your old e-mail address is back.', email: 'asha@example.in' } });
  });

  it("shows the server's refusal, and needs no call without a token", async () => {
    const { api, calls } = fakeApi(() => json(400, { message: 'This link has already been used or has expired.', code: 'UNDO_INVALID' }));
    expect(outcome(await undoEmailChange(api, post('/undo-email-change', { token: 'b'.repeat(43) })))).toMatchObject({
      status: 400,
      data: { ok: false, message: 'This link has already been used or has expired.' },
    });
    expect(outcome(await undoEmailChange(api, post('/undo-email-change', {})))).toMatchObject({ status: 400, data: { ok: false } });
    expect(calls).toHaveLength(1);
  });
});
