import { describe, expect, it } from 'vitest';
import { MESSAGES, PHONE_TEXT } from '@milli/contracts';
import { fakeApi } from '../../lib/fake-api.ts';
import { phoneSignInAction, readPhoneState, resendIn } from './phone-actions.server.ts';

const json = (status: number, body: unknown, cookies: string[] = []) =>
  new Response(JSON.stringify(body), {
    status,
    headers: [['content-type', 'application/json'], ...cookies.map((c): [string, string] => ['set-cookie', c])],
  });

const post = (fields: Record<string, string>, cookie?: string) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return new Request('http://shop.test/login/mobile', { method: 'POST', body, headers: cookie ? { cookie } : {} });
};

function outcome(result: unknown) {
  if (result instanceof Response) return { redirect: result.headers.get('location'), cookies: result.headers.getSetCookie() };
  const { data, init } = result as { data: unknown; init?: ResponseInit | null };
  return { data, status: init?.status ?? 200, cookies: new Headers(init?.headers).getSetCookie() };
}

const SESSION = 'milli_session=abc; Path=/; HttpOnly; SameSite=Lax';
const stateCookie = (state: object) => `milli_phone=${encodeURIComponent(JSON.stringify(state))}`;

describe('signing in with a mobile number (decision 058)', () => {
  it('sends the number and channel, then shows the code screen with the number in an http-only cookie, not the address', async () => {
    const { api, calls } = fakeApi(() => json(200, { message: PHONE_TEXT.codeSent, phone: '+91 98765 43210', resendAfterSeconds: 30 }));
    const result = outcome(await phoneSignInAction(api, post({ intent: 'start', phone: '98765 43210', channel: 'whatsapp', next: '/checkout' })));
    expect(calls[0]!.path).toBe('/api/auth/phone/start');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ phone: '98765 43210', channel: 'whatsapp' });
    expect(result.redirect).toBe('/login/mobile');
    expect(result.cookies).toHaveLength(1);
    expect(result.cookies[0]).toMatch(/^milli_phone=.*; HttpOnly/);
    const state = readPhoneState(new Request('http://shop.test/login/mobile', { headers: { cookie: result.cookies[0]!.split(';')[0]! } }));
    expect(state).toMatchObject({ phone: '+91 98765 43210', channel: 'whatsapp', next: '/checkout' });
  });

  it('shows the server’s word under the number when it is refused, keeping what was typed', async () => {
    const { api } = fakeApi(() => json(400, { message: PHONE_TEXT.badNumber, code: 'INVALID_REQUEST', fields: { phone: PHONE_TEXT.badNumber } }));
    const result = outcome(await phoneSignInAction(api, post({ intent: 'start', phone: '044 2434 5678' })));
    expect(result).toMatchObject({
      status: 400,
      data: { intent: 'start', field: 'phone', message: PHONE_TEXT.badNumber, phone: '044 2434 5678', channel: 'sms' },
    });
  });

  it('checks the code with the guest cart, passes the session on and asks a new account its name before going on', async () => {
    const { api, calls } = fakeApi(() => json(200, { message: PHONE_TEXT.nameNeeded, userId: 9, userName: 'mobile-3210-ab', needsName: true }, [SESSION]));
    const cart = encodeURIComponent(JSON.stringify([{ productId: 3, quantity: 1 }]));
    const cookie = `${stateCookie({ phone: '+91 98765 43210', channel: 'sms', sentAt: Date.now(), next: '/checkout' })}; cartItems=${cart}`;
    const result = outcome(await phoneSignInAction(api, post({ intent: 'verify', code: ' 123456 ' }, cookie)));
    expect(calls[0]!.path).toBe('/api/auth/phone/verify');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({
      phone: '+91 98765 43210',
      code: '123456',
      cartItems: JSON.stringify([{ productId: 3, quantity: 1 }]),
    });
    expect(result.redirect).toBe('/login/mobile/name?next=%2Fcheckout');
    expect(result.cookies[0]).toBe(SESSION);
    expect(result.cookies[1]).toMatch(/^milli_phone=; .*Max-Age=0/);
  });

  it('signs a known number in straight to where it was going; a wrong code stays on the screen with the message', async () => {
    const ok = fakeApi(() => json(200, { message: MESSAGES.loginSuccess, userId: 9, userName: 'kavya', needsName: false }, [SESSION]));
    const cookie = stateCookie({ phone: '+91 98765 43210', channel: 'sms', sentAt: Date.now(), next: '/checkout' });
    expect(outcome(await phoneSignInAction(ok.api, post({ intent: 'verify', code: '123456' }, cookie))).redirect).toBe('/checkout');
    const wrong = fakeApi(() => json(400, { message: PHONE_TEXT.codeWrong, code: 'OTP_INVALID' }));
    expect(outcome(await phoneSignInAction(wrong.api, post({ intent: 'verify', code: '000000' }, cookie)))).toMatchObject({
      status: 400,
      data: { intent: 'verify', field: 'code', message: PHONE_TEXT.codeWrong },
    });
  });

  it('counts down 30 seconds from the last code, and trusts no tampered cookie', () => {
    expect(resendIn({ phone: '+91 98765 43210', channel: 'sms', sentAt: 1_000_000, next: null }, 1_012_000)).toBe(18);
    expect(resendIn({ phone: '+91 98765 43210', channel: 'sms', sentAt: 1_000_000, next: null }, 1_040_000)).toBe(0);
    const read = (cookie: string) => readPhoneState(new Request('http://shop.test/', { headers: { cookie } }));
    expect(read(stateCookie({ phone: '<script>', channel: 'sms', sentAt: 1 }))).toBeNull();
    expect(read('milli_phone=%7Bnot')).toBeNull();
    expect(read(stateCookie({ phone: '+91 98765 43210', channel: 'pigeon', sentAt: 1, next: 'https://elsewhere.example' }))).toMatchObject({
      channel: 'sms',
      next: null,
    });
  });
});
