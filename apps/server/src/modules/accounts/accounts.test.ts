import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { schema } from '@milli/db';
import { COMMON_PASSWORD } from '@milli/contracts/schemas';
import { createTestApp, postForm, type TestApp } from '../../testing.ts';
import { createShopper } from '../../testing-factories.ts';
import { startTestSmtp } from '../../testing-smtp.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
let ipCounter = 1;
/** Each test gets its own client address, so per-IP limits of one test do not spill into the next. */
const freshIp = () => `10.0.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ seed: false, config: { smtpUrl: smtp.url } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** Posts a multipart form, as the spec's client does. */
/**
 * The reset code in the latest mail to an address that carries one. The welcome mail and the code mail may be
 * flushed together and reach the SMTP server in either order, so the last mail is not always the code's.
 */
const codeMailedTo = (address: string) =>
  smtp
    .to(address)
    .map((m) => /^(\d{4}) /.exec(m.subject)?.[1])
    .filter((c): c is string => c !== undefined)
    .at(-1);

const post = (url: string, fields: Record<string, string>, opts: { cookie?: string; ip?: string } = {}) =>
  postForm(t.app, url, fields, { cookie: opts.cookie, ip: opts.ip ?? freshIp() });

describe('sign-up', () => {
  it('creates an account and welcomes it by mail', async () => {
    const res = await post('/api/auth/register', { username: 'priya', email: 'Priya@Example.in', password: 'jhumka2024' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Registration successful. Kindly login.' });
    await t.app.mailer.flush();
    const mails = smtp.to('priya@example.in');
    expect(mails.map((m) => m.subject)).toContain('Welcome to Milli');
    expect(mails[0]!.raw).toContain('text/html');
  });

  it('answers per field when the username or e-mail is taken', async () => {
    await post('/api/auth/register', { username: 'arjun', email: 'arjun@example.in', password: 'bangle123' });
    const res = await post('/api/auth/register', { username: 'ARJUN', email: 'arjun@example.in', password: 'bangle123' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual({
      username: 'This username is already taken.',
      email: 'An account with this e-mail already exists.',
    });
  });

  it('explains invalid fields', async () => {
    const res = await post('/api/auth/register', { username: 'a', email: 'not-an-email', password: 'short' });
    expect(res.statusCode).toBe(400);
    const { message } = res.json();
    expect(message.username).toMatch(/at least 3/);
    expect(message.email).toMatch(/valid e-mail/);
    expect(message.password).toMatch(/at least 8/);
  });

  it('refuses one of the most common passwords at sign-up, reset and change, under the password field', async () => {
    const common = 'Password1';
    const signUp = await post('/api/auth/register', { username: 'nisha', email: 'nisha@example.in', password: common });
    expect(signUp.statusCode).toBe(400);
    expect(signUp.json().message).toEqual({ password: COMMON_PASSWORD });
    expect(await t.database.db.query.customers.findFirst({ where: (c, { eq }) => eq(c.username, 'nisha') })).toBeUndefined();

    const a = await createShopper(t.app, { username: 'nisha', password: 'tanmaniya88' });
    const change = await t.app.inject({
      method: 'PUT',
      url: `/api/users/user-details/${a.userId}`,
      headers: { cookie: a.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'nisha@example.in', currentPassword: 'tanmaniya88', newPassword: 'iloveyou1', confirmPassword: 'iloveyou1' }),
    });
    expect(change.statusCode).toBe(400);
    expect(change.json()).toMatchObject({ code: 'COMMON_PASSWORD', fields: { newPassword: COMMON_PASSWORD }, message: COMMON_PASSWORD });

    await post('/api/auth/forgot-password', { email: 'nisha@example.in' });
    await t.app.mailer.flush();
    const code = codeMailedTo('nisha@example.in')!;
    const { resetToken } = (await post('/api/auth/verify-otp', { email: 'nisha@example.in', otp: code })).json();
    const reset = await post('/api/auth/reset-password', { resetToken, password: 'QWERTY123', confirmPassword: 'QWERTY123' });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().message).toBe(COMMON_PASSWORD);
    expect((await post('/api/auth/login', { username: 'nisha', password: 'tanmaniya88' })).statusCode).toBe(200);
  });

  it('never stores or returns the password', async () => {
    const res = await post('/api/auth/register', { username: 'meera', email: 'meera@example.in', password: 'pearl12345' });
    expect(res.body).not.toContain('pearl12345');
    const rows = await t.database.db.query.customers.findMany();
    expect(rows.find((r) => r.username === 'meera')!.passwordHash).toMatch(/^\$argon2id\$/);
  });
});

describe('login and sessions', () => {
  it('logs in by e-mail or username with the exact message, and sets an http-only cookie', async () => {
    await post('/api/auth/register', { username: 'kavya', email: 'kavya@example.in', password: 'navaratna9' });
    for (const username of ['kavya@example.in', 'Kavya']) {
      const res = await post('/api/auth/login', { username, password: 'navaratna9' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ message: 'Login Succesful', userName: 'kavya' });
      const setCookie = String(res.headers['set-cookie']);
      expect(setCookie).toMatch(/milli_session=/);
      expect(setCookie).toMatch(/HttpOnly/i);
      expect(setCookie).toMatch(/SameSite=Lax/i);
    }
  });

  it('refuses a wrong password or unknown account with 401 and the same message', async () => {
    await post('/api/auth/register', { username: 'rohan', email: 'rohan@example.in', password: 'chain12345' });
    const wrong = await post('/api/auth/login', { username: 'rohan', password: 'nope12345' });
    const unknown = await post('/api/auth/login', { username: 'nobody@example.in', password: 'nope12345' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(unknown.json().message);
  });

  it('tells who is logged in from the cookie only, and logout ends the session on the server', async () => {
    const { cookie, userId } = await createShopper(t.app, { username: 'isha' });
    const me = await t.app.inject({ url: '/api/auth/me', headers: { cookie } });
    expect(me.json()).toEqual({ userId, userName: 'isha' });
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect(out.json().message).toBeTruthy();
    const after = await t.app.inject({ url: '/api/auth/me', headers: { cookie } });
    expect(after.statusCode).toBe(401);
  });

  it('limits login attempts per account', async () => {
    await post('/api/auth/register', { username: 'vikram', email: 'vikram@example.in', password: 'ruby123456' });
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) codes.push((await post('/api/auth/login', { username: 'vikram', password: `guess${i}xx1` })).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
    expect(codes.slice(10)).toEqual([429, 429]);
    const res = await post('/api/auth/login', { username: 'vikram', password: 'ruby123456' });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/Too many attempts/);
  });

  it('limits login attempts per IP', async () => {
    const ip = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) codes.push((await post('/api/auth/login', { username: `user${i}`, password: 'x1234567' }, { ip })).statusCode);
    expect(codes[29]).toBe(401);
    expect(codes[30]).toBe(429);
  });

  it('limits sign-ups per IP', async () => {
    const ip = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < 11; i++)
      codes.push((await post('/api/auth/register', { username: `bulk${i}`, email: `bulk${i}@example.in`, password: 'bulk12345' }, { ip })).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 200)).toBe(true);
    expect(codes[10]).toBe(429);
  });

  it('answers 400 with a message to an empty or malformed login', async () => {
    const res = await post('/api/auth/login', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/e-mail or username/);
    const json = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{bad' });
    expect(json.statusCode).toBe(400);
  });
});

describe('user details: the guard of every call that names a user', () => {
  it('answers the owner, 401 without a session, 403 for another customer', async () => {
    const a = await createShopper(t.app, { username: 'anita' });
    const b = await createShopper(t.app, { username: 'bharat' });
    const own = await t.app.inject({ url: `/api/users/user-details/${a.userId}`, headers: { cookie: a.cookie } });
    expect(own.statusCode).toBe(200);
    expect(own.json().user).toMatchObject({ user_name: 'anita', user_email: 'anita@example.in' });
    expect(own.body).not.toMatch(/argon2|password/i);
    expect((await t.app.inject({ url: `/api/users/user-details/${a.userId}` })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/users/user-details/${a.userId}`, headers: { cookie: b.cookie } })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/users/user-details/abc', headers: { cookie: b.cookie } })).statusCode).toBe(403);
    const forged = await t.app.inject({ url: `/api/users/user-details/${a.userId}`, headers: { cookie: 'milli_session=forged-token' } });
    expect(forged.statusCode).toBe(401);
  });

  it('saves the profile, checks the mobile number, and changes the password only with the current one', async () => {
    const a = await createShopper(t.app, { username: 'deepa', password: 'pendant123' });
    const url = `/api/users/user-details/${a.userId}`;
    const put = (body: object) =>
      t.app.inject({ method: 'PUT', url, headers: { cookie: a.cookie, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
    const bad = await put({ firstName: 'Deepa', email: 'deepa@example.in', mobile: '12345' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/mobile/);
    const ok = await put({ firstName: 'Deepa', lastName: 'Iyer', email: 'deepa@example.in', mobile: '+91 98400 12345' });
    expect(ok.statusCode).toBe(200);
    const details = await t.app.inject({ url, headers: { cookie: a.cookie } });
    expect(details.json().user).toMatchObject({ first_name: 'Deepa', last_name: 'Iyer', mobile: '+91 98400 12345' });
    const wrongCurrent = await put({ email: 'deepa@example.in', currentPassword: 'nope', newPassword: 'newpass123', confirmPassword: 'newpass123' });
    expect(wrongCurrent.statusCode).toBe(400);
    expect(wrongCurrent.json().message).toMatch(/current password/);
    const mismatch = await put({ email: 'deepa@example.in', currentPassword: 'pendant123', newPassword: 'newpass123', confirmPassword: 'other1234' });
    expect(mismatch.statusCode).toBe(400);
    const changed = await put({ email: 'deepa@example.in', currentPassword: 'pendant123', newPassword: 'newpass123', confirmPassword: 'newpass123' });
    expect(changed.statusCode).toBe(200);
    expect((await post('/api/auth/login', { username: 'deepa', password: 'newpass123' })).statusCode).toBe(200);
  });
});

describe('changing the e-mail address', () => {
  const put = (a: { cookie: string; userId: number }, body: object) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/users/user-details/${a.userId}`,
      headers: { cookie: a.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  /** The undo link's token in the latest mail to `to` (quoted-printable undone). */
  const undoToken = (to: string) => {
    const raw = smtp
      .to(to)
      .filter((m) => m.subject === 'Your Milli e-mail address was changed')
      .at(-1)!
      .raw.replace(/=\r?\n/g, '')
      .replace(/=3D/gi, '=');
    return /undo-email-change\?token=([\w-]+)/.exec(raw)?.[1];
  };
  const undo = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/undo-email-change', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ token }) });

  it('needs the current password, tells the old address, and its link puts the address back once', async () => {
    const a = await createShopper(t.app, { username: 'farah', password: 'zardozi4455' });
    const email = async () => (await t.database.db.query.customers.findFirst({ where: (c, { eq }) => eq(c.username, 'farah') }))!.email;

    const none = await put(a, { firstName: 'Farah', email: 'intruder@example.in' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({
      fields: { currentPassword: 'Please enter your current password to change your e-mail address.' },
      message: 'Please enter your current password to change your e-mail address.',
    });
    const wrong = await put(a, { email: 'intruder@example.in', currentPassword: 'guess12345' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      fields: { currentPassword: 'Your current password is not correct.' },
      message: 'Your current password is not correct.',
    });
    expect(await email()).toBe('farah@example.in');
    // Names and mobile still save without it while the address stays.
    expect((await put(a, { firstName: 'Farah', email: 'farah@example.in' })).statusCode).toBe(200);

    const changed = await put(a, { firstName: 'Farah', email: 'intruder@example.in', currentPassword: 'zardozi4455' });
    expect(changed.statusCode).toBe(200);
    expect(await email()).toBe('intruder@example.in');
    // The intruder asks for a reset code at the new address before the owner reads the mail.
    await post('/api/auth/forgot-password', { email: 'intruder@example.in' });
    await t.app.mailer.flush();
    const told = smtp
      .to('farah@example.in')
      .filter((m) => m.subject === 'Your Milli e-mail address was changed')
      .at(-1)!;
    expect(told).toBeDefined();
    expect(told.raw).toContain('intruder@example.in');
    const token = undoToken('farah@example.in')!;
    expect(token).toMatch(/^[\w-]{40,}$/);
    const code = codeMailedTo('intruder@example.in')!;

    const undone = await undo(token);
    expect(undone.statusCode).toBe(200);
    expect(undone.json().email).toBe('farah@example.in');
    expect(await email()).toBe('farah@example.in');
    expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie: a.cookie } })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { username: 'farah', password: 'zardozi4455' })).statusCode).toBe(401);
    expect((await post('/api/auth/verify-otp', { email: 'farah@example.in', otp: code })).statusCode).toBe(400);
    expect((await post('/api/auth/verify-otp', { email: 'intruder@example.in', otp: code })).statusCode).toBe(400);

    const again = await undo(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('UNDO_INVALID');
  });

  it('refuses a made-up or malformed undo token with a message', async () => {
    expect((await undo('x'.repeat(43))).statusCode).toBe(400);
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/undo-email-change',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/link/);
  });

  it('mails at most 5 notices a day from one account: switching between two spellings of an inbox floods it no more', async () => {
    const a = await createShopper(t.app, { username: 'switcher', password: 'switch12345' });
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await put(a, { email: `switch.target+${i % 2}@example.in`, currentPassword: 'switch12345' })).statusCode);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
    const notices = await t.database.db
      .select()
      .from(schema.mailOutbox)
      .where(and(eq(schema.mailOutbox.kind, 'email-changed'), like(schema.mailOutbox.toAddress, 'switch.target+%')));
    expect(notices).toHaveLength(4);
    // Names and the mobile number, which mail nothing, still save.
    expect((await put(a, { firstName: 'Still', email: 'switch.target+0@example.in' })).statusCode).toBe(200);
  });
});

describe('forgot password → OTP → reset', () => {
  it('mails a 4-digit code, verifies it, sets the new password and ends other sessions', async () => {
    const a = await createShopper(t.app, { username: 'lakshmi', password: 'bangles123' });
    const forgot = await post('/api/auth/forgot-password', { email: 'lakshmi@example.in' });
    expect(forgot.statusCode).toBe(200);
    await t.app.mailer.flush();
    const code = codeMailedTo('lakshmi@example.in')!;
    expect(code).toMatch(/^\d{4}$/);
    const verified = await post('/api/auth/verify-otp', { email: 'lakshmi@example.in', otp: code });
    expect(verified.statusCode).toBe(200);
    const { resetToken } = verified.json();
    const mismatch = await post('/api/auth/reset-password', { resetToken, password: 'emerald123', confirmPassword: 'emerald124' });
    expect(mismatch.statusCode).toBe(400);
    const reset = await post('/api/auth/reset-password', { resetToken, password: 'emerald123', confirmPassword: 'emerald123' });
    expect(reset.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie: a.cookie } })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { username: 'lakshmi', password: 'bangles123' })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { username: 'lakshmi', password: 'emerald123' })).statusCode).toBe(200);
    const again = await post('/api/auth/reset-password', { resetToken, password: 'another123', confirmPassword: 'another123' });
    expect(again.statusCode).toBe(400);
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    await post('/api/auth/register', { username: 'known', email: 'known@example.in', password: 'known12345' });
    const known = await post('/api/auth/forgot-password', { email: 'known@example.in' });
    const unknown = await post('/api/auth/forgot-password', { email: 'ghost@example.in' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(unknown.headers['content-type']).toBe(known.headers['content-type']);
    await t.app.mailer.flush();
    expect(smtp.to('ghost@example.in')).toHaveLength(0);
    const { schema } = await import('@milli/db');
    const resets = await t.database.db.select().from(schema.passwordResets);
    expect(resets.every((r) => r.customerId > 0)).toBe(true);
  });

  it('answers a wrong code for a real account exactly as for an address with no account', async () => {
    await post('/api/auth/register', { username: 'real', email: 'real@example.in', password: 'real123456' });
    await post('/api/auth/forgot-password', { email: 'real@example.in' });
    await t.app.mailer.flush();
    const code = codeMailedTo('real@example.in')!;
    const wrong = code === '0000' ? '1111' : '0000';
    const real = await post('/api/auth/verify-otp', { email: 'real@example.in', otp: wrong });
    const none = await post('/api/auth/verify-otp', { email: 'nobody-here@example.in', otp: wrong });
    expect(real.statusCode).toBe(400);
    expect(none.statusCode).toBe(real.statusCode);
    expect(none.body).toBe(real.body);
    // Spent codes answer in the same words as well.
    for (let i = 0; i < 5; i++) await post('/api/auth/verify-otp', { email: 'real@example.in', otp: wrong });
    const spent = await post('/api/auth/verify-otp', { email: 'real@example.in', otp: wrong });
    expect(spent.body).toBe(real.body);
  });

  it('kills the code after 5 wrong tries', async () => {
    await post('/api/auth/register', { username: 'sunil', email: 'sunil@example.in', password: 'sunil12345' });
    await post('/api/auth/forgot-password', { email: 'sunil@example.in' });
    await t.app.mailer.flush();
    const code = codeMailedTo('sunil@example.in')!;
    const wrong = code === '0000' ? '1111' : '0000';
    for (let i = 0; i < 5; i++) expect((await post('/api/auth/verify-otp', { email: 'sunil@example.in', otp: wrong })).statusCode).toBe(400);
    const right = await post('/api/auth/verify-otp', { email: 'sunil@example.in', otp: code });
    expect(right.statusCode).toBe(400);
  });

  it('refuses an expired code', async () => {
    await post('/api/auth/register', { username: 'gita', email: 'gita@example.in', password: 'gita123456' });
    await post('/api/auth/forgot-password', { email: 'gita@example.in' });
    await t.app.mailer.flush();
    const code = codeMailedTo('gita@example.in')!;
    const { schema } = await import('@milli/db');
    await t.database.db.update(schema.passwordResets).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await post('/api/auth/verify-otp', { email: 'gita@example.in', otp: code })).statusCode).toBe(400);
  });

  it('limits how often a code can be asked for', async () => {
    const ip = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await post('/api/auth/forgot-password', { email: 'flood@example.in' }, { ip })).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
  });
});

describe('cross-site requests', () => {
  it('refuses a state-changing call from another origin', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: 'https://evil.example', host: 'localhost' },
    });
    expect(res.statusCode).toBe(403);
  });
});
