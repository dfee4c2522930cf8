/**
 * Staff sign-in (issue 17): the milli_staff cookie and its flags, the same answer for an unknown e-mail and a
 * wrong password, removed members, two-factor with one-use codes and recovery codes, rate limits, sign-out.
 */
import { eq } from 'drizzle-orm';
import { TOTP, Secret } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@milli/db';
import { createTestApp, type TestApp } from '../../testing.ts';
import { createStaff } from '../../testing-factories.ts';

let t: TestApp;
let address = 0;
const newIp = () => `10.9.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
}, 60_000);
afterAll(() => t?.close());

function login(body: Record<string, unknown>, ip = newIp()) {
  return t.app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: body, remoteAddress: ip });
}
const cookieOf = (res: { headers: Record<string, unknown> }) => {
  const header = [res.headers['set-cookie']].flat().find((c) => typeof c === 'string' && c.startsWith('milli_staff=')) as string | undefined;
  return header?.split(';')[0];
};
const codeAt = (secret: string, ms: number) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: ms });

describe('staff sign-in', () => {
  it('signs in with e-mail and password, sets a strict HttpOnly cookie, and /me answers the member', async () => {
    const member = await createStaff(t.app, { role: 'catalogue' });
    const res = await login({ email: member.email.toUpperCase(), password: member.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().staff).toMatchObject({
      id: member.id,
      roles: ['catalogue'],
      permissions: ['self', 'catalogue'],
      twoFactor: false,
      mustEnrolTwoFactor: false,
    });
    const setCookie = [res.headers['set-cookie']].flat().join('\n');
    expect(setCookie).toMatch(/milli_staff=[\w-]{43};/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toMatch(/Path=\//);
    const me = await t.app.inject({ url: '/api/admin/me', headers: { cookie: cookieOf(res)! } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: member.email, roles: ['catalogue'], permissions: ['self', 'catalogue'] });
    // Only the token's hash is kept.
    const token = cookieOf(res)!.split('=')[1]!;
    const rows = await t.database.db.select().from(schema.staffSessions).where(eq(schema.staffSessions.staffId, member.id));
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
    const audit = await t.database.db.select().from(schema.auditLog).where(eq(schema.auditLog.staffEmail, member.email));
    expect(audit.map((a) => a.action)).toContain('sign-in');
  });

  it('the cookie is Secure when the public address is https', async () => {
    const secure = await createTestApp({ seed: false, config: { publicUrl: 'https://milli.example' } });
    try {
      const member = await createStaff(secure.app);
      const res = await secure.app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: { email: member.email, password: member.password } });
      expect(res.statusCode).toBe(200);
      expect([res.headers['set-cookie']].flat().join('\n')).toMatch(/Secure/);
    } finally {
      await secure.close();
    }
  }, 60_000);

  it('answers an unknown e-mail, a wrong password and a removed member alike', async () => {
    const member = await createStaff(t.app);
    const removed = await createStaff(t.app);
    await t.database.db.update(schema.staff).set({ removedAt: new Date() }).where(eq(schema.staff.id, removed.id));
    const answers = await Promise.all([
      login({ email: 'nobody@milli.example', password: 'whatever-it-is-1' }),
      login({ email: member.email, password: 'not-the-password-1' }),
      login({ email: removed.email, password: removed.password }),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'BAD_CREDENTIALS', message: 'The e-mail or password is not correct.' });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('refuses a session that was signed out, and clears the cookie', async () => {
    const member = await createStaff(t.app);
    const res = await login({ email: member.email, password: member.password });
    const cookie = cookieOf(res)!;
    const out = await t.app.inject({ method: 'POST', url: '/api/admin/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect([out.headers['set-cookie']].flat().join('')).toMatch(/milli_staff=;/);
    const me = await t.app.inject({ url: '/api/admin/me', headers: { cookie } });
    expect(me.statusCode).toBe(401);
    expect(me.json().code).toBe('STAFF_SIGN_IN_REQUIRED');
    // Signing out without a session is harmless.
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/auth/logout' })).statusCode).toBe(200);
  });

  it('limits wrong passwords per member whatever the address', async () => {
    const member = await createStaff(t.app);
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await login({ email: member.email, password: `wrong-password-${i}` })).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
    expect(codes[10]).toBe(429);
    // The right password now waits too.
    expect((await login({ email: member.email, password: member.password })).statusCode).toBe(429);
  }, 60_000);

  it('limits sign-ins per address', async () => {
    const ip = newIp();
    let last = 0;
    for (let i = 0; i < 31; i++) last = (await login({ email: `x${i}@milli.example`, password: 'p' }, ip)).statusCode;
    expect(last).toBe(429);
  }, 120_000);

  it('asks for the second factor, accepts a code once, and takes each recovery code once', async () => {
    const member = await createStaff(t.app);
    const start = await t.app.inject({ method: 'POST', url: '/api/admin/me/two-factor', headers: { cookie: member.cookie } });
    expect(start.statusCode).toBe(200);
    const { secret, otpauthUrl, qrSvg } = start.json();
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(qrSvg).toMatch(/^<svg/);
    // A code from 60 s ago confirms; the sign-in below uses the current one.
    const now = Date.now();
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/admin/me/two-factor/confirm',
      headers: { cookie: member.cookie },
      payload: { code: '000000' === codeAt(secret, now) ? '111111' : '000000' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.code).toBeTruthy();
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/admin/me/two-factor/confirm',
      headers: { cookie: member.cookie },
      payload: { code: codeAt(secret, now - 30_000) },
    });
    expect(confirm.statusCode).toBe(200);
    const { recoveryCodes } = confirm.json() as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    const stored = await t.database.db.select().from(schema.staffRecoveryCodes).where(eq(schema.staffRecoveryCodes.staffId, member.id));
    expect(stored).toHaveLength(10);
    expect(stored.some((r) => recoveryCodes.includes(r.codeHash))).toBe(false);

    const noCode = await login({ email: member.email, password: member.password });
    expect(noCode.statusCode).toBe(401);
    expect(noCode.json().code).toBe('TOTP_REQUIRED');
    const badCode = await login({ email: member.email, password: member.password, totp: '12345x' });
    expect(badCode.json().code).toBe('TOTP_INVALID');
    const code = codeAt(secret, Date.now());
    const ok = await login({ email: member.email, password: member.password, totp: code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().staff.twoFactor).toBe(true);
    const replay = await login({ email: member.email, password: member.password, totp: code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('TOTP_INVALID');

    const recovery = await login({ email: member.email, password: member.password, totp: recoveryCodes[3]!.toUpperCase() });
    expect(recovery.statusCode).toBe(200);
    const again = await login({ email: member.email, password: member.password, totp: recoveryCodes[3]! });
    expect(again.json().code).toBe('TOTP_INVALID');
  });
});
