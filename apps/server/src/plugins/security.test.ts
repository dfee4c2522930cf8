/**
 * The security headers and cookie flags every answer carries (issue 7), asserted on an API answer, a
 * refused one and the session cookie, with and without an https public address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@milli/db';
import { createTestApp, type TestApp } from '../testing.ts';
import { createShopper } from '../testing-factories.ts';
import { hashToken } from './session.ts';
import { helmetHeaders, newNonce } from './security.ts';

let plain: TestApp;
let https: TestApp;
/** Behind a proxy at 127.0.0.1 (where inject's requests come from) that TRUST_PROXY names. */
let proxied: TestApp;

beforeAll(async () => {
  [plain, https, proxied] = await Promise.all([
    createTestApp({ seed: false }),
    createTestApp({ seed: false, config: { publicUrl: 'https://milli.example' } }),
    createTestApp({ seed: false, config: { trustProxy: ['127.0.0.1'] } }),
  ]);
});
afterAll(async () => {
  await Promise.all([plain?.close(), https?.close(), proxied?.close()]);
});

function csp(header: string | string[] | undefined): Map<string, string> {
  const text = String(header ?? '');
  return new Map(
    text
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.split(/\s+/)[0]!, d.slice(d.indexOf(' ') + 1)] as [string, string]),
  );
}

describe('security headers', () => {
  it('every answer, ok or refused, carries the same protective headers', async () => {
    for (const res of [await https.app.inject({ url: '/api/settings' }), await https.app.inject({ url: '/api/auth/me' })]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
      expect(res.headers['x-powered-by']).toBeUndefined();
      const policy = csp(res.headers['content-security-policy']);
      expect(policy.get('default-src')).toBe("'self'");
      expect(policy.get('script-src')).toMatch(/^'self' 'nonce-[A-Za-z0-9+/=]{20,}'$/);
      expect(policy.get('object-src')).toBe("'none'");
      expect(policy.get('frame-ancestors')).toBe("'self'");
      expect(policy.get('form-action')).toBe("'self'");
    }
  });

  it('sends HSTS only when the request came over https or PUBLIC_URL is https', async () => {
    const hsts = async (t: TestApp, headers: Record<string, string> = {}) => {
      const answers = [
        await t.rawInject({ url: '/api/settings', headers }),
        await t.rawInject({ method: 'POST', url: '/api/auth/logout', headers: { ...headers, 'sec-fetch-site': 'cross-site' } }),
      ];
      return answers.map((res) => res.headers['strict-transport-security']);
    };
    const sent = [expect.stringMatching(/^max-age=\d{7,}/), expect.stringMatching(/^max-age=\d{7,}/)];
    expect(await hsts(plain)).toEqual([undefined, undefined]);
    // X-Forwarded-Proto from a client that is no listed proxy says nothing about how the request came.
    expect(await hsts(plain, { 'x-forwarded-proto': 'https' })).toEqual([undefined, undefined]);
    expect(await hsts(proxied)).toEqual([undefined, undefined]);
    expect(await hsts(proxied, { 'x-forwarded-proto': 'https' })).toEqual(sent);
    expect(await hsts(https)).toEqual(sent);
  });

  it('gives every answer its own script nonce', async () => {
    const a = csp((await plain.app.inject({ url: '/api/settings' })).headers['content-security-policy']).get('script-src');
    const b = csp((await plain.app.inject({ url: '/api/settings' })).headers['content-security-policy']).get('script-src');
    expect(a).not.toBe(b);
  });

  it('carries every header helmet sets, taken from helmet itself, on answers, pages and refusals alike', async () => {
    const helmets = await helmetHeaders({
      contentSecurityPolicy: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
      hsts: true,
    });
    expect(Object.keys(helmets).length).toBeGreaterThanOrEqual(11);
    expect(helmets['x-dns-prefetch-control']).toBe('off');
    expect(helmets['origin-agent-cluster']).toBe('?1');
    for (const res of [
      await https.app.inject({ url: '/api/settings' }),
      await https.app.inject({ url: '/about' }),
      await https.app.inject({ url: '/api/no-such-thing' }),
      await https.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { 'sec-fetch-site': 'cross-site' } }),
    ]) {
      for (const [name, value] of Object.entries(helmets)) expect(res.headers[name], `${res.statusCode} ${name}`).toBe(value);
    }
  });

  it('never hands out a nonce twice', () => {
    const nonces = new Set(Array.from({ length: 2000 }, () => newNonce()));
    expect(nonces.size).toBe(2000);
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
  });

  it('lets Razorpay Checkout run on the payment step only: its script, frames, calls and images', async () => {
    for (const url of [
      '/checkout/pay/MIL-2026-000001',
      '/checkout/pay/MIL-2026-000001?retry=1',
      '/Checkout/Pay/MIL-2026-000001',
      '/checkout/%70ay/MIL-2026-000001',
    ]) {
      const policy = csp((await plain.app.inject({ url })).headers['content-security-policy']);
      expect(policy.get('script-src'), url).toMatch(/^'self' 'nonce-[A-Za-z0-9+/=]{20,}' https:\/\/checkout\.razorpay\.com$/);
      expect(policy.get('frame-src'), url).toBe("'self' https://api.razorpay.com https://checkout.razorpay.com");
      expect(policy.get('connect-src'), url).toBe("'self' https://api.razorpay.com https://lumberjack.razorpay.com");
      expect(policy.get('img-src'), url).toBe("'self' data: blob: https://cdn.razorpay.com");
      expect(policy.get('default-src'), url).toBe("'self'");
    }
    for (const url of [
      '/',
      '/checkout',
      '/checkout/pay',
      '/checkout/pay/MIL-2026-000001/more',
      '/api/settings',
      '/thank-you?next=/checkout/pay/x',
      '/order-list',
    ]) {
      const header = String((await plain.app.inject({ url })).headers['content-security-policy']);
      expect(header, url).not.toContain('razorpay');
      const policy = csp(header);
      expect(policy.get('script-src'), url).toMatch(/^'self' 'nonce-[A-Za-z0-9+/=]{20,}'$/);
      expect(policy.get('frame-src'), url).toBe("'self'");
    }
  });

  it('lets only the pages that take a payment load Razorpay Checkout', async () => {
    const policyOf = async (url: string) => csp((await plain.app.inject({ url })).headers['content-security-policy']);
    for (const url of [
      '/milli-harvest',
      '/milli-harvest/plan?pay=3',
      '/Milli-Harvest/Plan/',
      '/Milli-Harvest/',
      '/cad-design?request=4',
      '/cad%2Ddesign',
      '/checkout/pay/MIL-000123',
      '/checkout/pay/MIL-000123/',
      '/order-details?orderNumber=MIL-000123',
    ]) {
      const policy = await policyOf(url);
      expect(policy.get('script-src'), url).toMatch(/^'self' 'nonce-[A-Za-z0-9+/=]{20,}' https:\/\/checkout\.razorpay\.com$/);
      expect(policy.get('frame-src'), url).toContain('https://api.razorpay.com');
    }
    for (const url of [
      '/',
      '/cart',
      '/checkout',
      '/checkout/pay/',
      '/checkout/pay/a/b',
      '/milli-harvest-x',
      '/milli-harvest/x',
      '/milli-harvest/mine',
      '/milli-harvest/plan/x',
      '/api/payments',
    ]) {
      const policy = await policyOf(url);
      expect(policy.get('script-src'), url).not.toContain('razorpay');
      expect(policy.get('frame-src'), url).toBe("'self'");
    }
  });

  it('refuses a state-changing call from another site', async () => {
    const crossSite = await plain.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.statusCode).toBe(403);
    const otherOrigin = await plain.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { origin: 'https://evil.example' } });
    expect(otherOrigin.statusCode).toBe(403);
    expect(otherOrigin.json()).toMatchObject({ code: 'CROSS_ORIGIN' });
  });
});

describe('state-changing requests must show they come from the store', () => {
  const cookie = 'cartItems=%5B%5D';
  /** A logout: without a session it changes nothing, and answers 200 once past the check. */
  const post = (t: TestApp, headers: Record<string, string>) => t.rawInject({ method: 'POST', url: '/api/auth/logout', headers });

  it("refuses 'Origin: null' and a cookie-carrying request that names no origin", async () => {
    for (const headers of <Record<string, string>[]>[
      { cookie, origin: 'null' },
      { cookie },
      { cookie, 'sec-fetch-site': 'none' },
      { cookie, 'sec-fetch-site': 'same-site' },
      { cookie, origin: 'null', 'sec-fetch-site': 'same-origin' },
      { cookie, origin: 'http://localhost.evil.example' },
    ]) {
      const res = await post(plain, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json(), JSON.stringify(headers)).toMatchObject({ code: 'CROSS_ORIGIN' });
    }
  });

  it("accepts the store's own pages: their Origin, or Sec-Fetch-Site same-origin without one", async () => {
    for (const headers of <Record<string, string>[]>[
      { cookie, host: 'shop.test', origin: 'http://shop.test' },
      { cookie, host: 'shop.test:8080', origin: 'http://shop.test:8080' },
      { cookie, 'sec-fetch-site': 'same-origin' },
    ]) {
      expect((await post(plain, headers)).statusCode, JSON.stringify(headers)).toBe(200);
    }
    // Behind a proxy that rewrites Host, the public address is the store's origin.
    expect((await post(https, { cookie, host: '10.0.0.5:3000', origin: 'https://milli.example' })).statusCode).toBe(200);
  });

  it('compares the whole origin, scheme and port too, for API writes and page form posts alike', async () => {
    const apiWrite = post;
    const pageForm = (t: TestApp, headers: Record<string, string>) =>
      t.rawInject({ method: 'POST', url: '/wishlist', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, payload: 'productId=1' });
    const cases: [TestApp, Record<string, string>, 'refused' | 'passes'][] = [
      // A plain-http store: the https page of its host is another origin, and so is another port.
      [plain, { host: 'shop.test', origin: 'https://shop.test' }, 'refused'],
      [plain, { host: 'shop.test', origin: 'http://shop.test:8080' }, 'refused'],
      [plain, { host: 'shop.test', origin: 'http://shop.test' }, 'passes'],
      [plain, { host: 'shop.test', origin: 'http://shop.test:80' }, 'passes'],
      // X-Forwarded-Proto says how the request arrived only when a proxy TRUST_PROXY names sends it.
      [plain, { host: 'shop.test', 'x-forwarded-proto': 'https', origin: 'https://shop.test' }, 'refused'],
      [proxied, { host: 'shop.test', 'x-forwarded-proto': 'https', origin: 'https://shop.test' }, 'passes'],
      [proxied, { host: 'shop.test', 'x-forwarded-proto': 'https', origin: 'http://shop.test' }, 'refused'],
      [proxied, { host: 'shop.test', origin: 'https://shop.test' }, 'refused'],
      // With PUBLIC_URL the store's origin is that one, whatever address the request came to.
      [https, { host: 'milli.example', origin: 'http://milli.example' }, 'refused'],
      [https, { host: 'milli.example', origin: 'https://milli.example:8443' }, 'refused'],
      [https, { host: '10.0.0.5:3000', origin: 'http://10.0.0.5:3000' }, 'refused'],
      [https, { host: 'milli.example', origin: 'https://milli.example' }, 'passes'],
    ];
    for (const [name, send] of Object.entries({ apiWrite, pageForm })) {
      for (const [t, headers, expected] of cases) {
        const res = await send(t, { cookie, ...headers });
        const what = `${name} ${t === https ? 'PUBLIC_URL=https' : t === proxied ? 'proxied' : 'plain'} ${JSON.stringify(headers)}`;
        if (expected === 'refused') {
          expect(res.statusCode, what).toBe(403);
          expect(res.json(), what).toMatchObject({ code: 'CROSS_ORIGIN' });
        } else {
          expect(res.statusCode, what).not.toBe(403);
        }
      }
    }
  });

  it('lets a request without any cookie through (it cannot ride on anyone’s session), unless it says it is cross-site', async () => {
    expect((await post(plain, {})).statusCode).toBe(200);
    expect((await post(plain, { origin: 'null' })).statusCode).toBe(200);
    expect((await post(plain, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
  });

  it('leaves reading alone', async () => {
    expect((await plain.rawInject({ url: '/api/category', headers: { cookie, origin: 'null' } })).statusCode).toBe(200);
  });
});

describe('session cookie', () => {
  it('is http-only, same-site, site-wide and lasts 30 days; its value is not stored', async () => {
    const cookie = (await createShopper(plain.app, { username: 'cookieplain' })).setCookie;
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).toMatch(/; Max-Age=2592000/);
    const token = decodeURIComponent(/^milli_session=([^;]+)/.exec(cookie)![1]!);
    expect(token.length).toBeGreaterThanOrEqual(40);
    const stored = await plain.database.db.select({ tokenHash: schema.sessions.tokenHash }).from(schema.sessions);
    expect(stored.map((s) => s.tokenHash)).not.toContain(token);
    expect(stored.map((s) => s.tokenHash)).toContain(hashToken(token));
  });

  it('is Secure when the store is served over https', async () => {
    const cookie = (await createShopper(https.app, { username: 'cookiesecure' })).setCookie;
    expect(cookie).toMatch(/; Secure/i);
  });
});
