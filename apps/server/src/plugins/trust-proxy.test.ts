/**
 * TRUST_PROXY (decision 021): X-Forwarded-For is believed only from the proxies the operator lists (or the
 * number of hops they name), so a client that connects directly cannot choose the address its per-address
 * limits are counted under; 'true' is refused at start.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseTrustProxy } from '../config.ts';
import { createTestApp, postForm, type TestApp } from '../testing.ts';

describe('TRUST_PROXY syntax', () => {
  it('takes addresses and CIDR ranges, a hop count, or false', () => {
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1,::1,fd00::/8')).toEqual(['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8']);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(loadConfig({}).trustProxy).toBe(false);
  });

  it("refuses 'true' and says what to write instead", () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=10\.0\.0\.0\/8,127\.0\.0\.1/);
  });

  it('refuses what is not an address or a range', () => {
    for (const bad of ['yes', '10.0.0.0/33', '10.0.0/8', 'proxy.internal', '::1/129', '10.0.0.1/8/2', ',', '-1']) {
      expect(() => parseTrustProxy(bad), bad).toThrow(ConfigError);
    }
  });
});

describe('per-address limits behind a listed proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, config: { trustProxy: parseTrustProxy('10.0.0.0/8,127.0.0.1') } });
  });
  afterAll(() => t?.close());

  /** Asks for a reset code for an unknown address (cheap; counted per address: 10 in 15 minutes). */
  function forgot(n: number, socket: string, forwardedFor: string) {
    return t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: `nobody${n}@example.in` },
      remoteAddress: socket,
      headers: { 'x-forwarded-for': forwardedFor },
    });
  }

  it('counts a client that is not a listed proxy by its socket address, whatever X-Forwarded-For it sends', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 11; n++) statuses.push((await forgot(n, '203.0.113.7', `198.51.100.${n + 1}`)).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("counts a listed proxy's clients by the address it forwards", async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 11; n++) statuses.push((await forgot(100 + n, '10.1.2.3', `192.0.2.${n + 1}`)).statusCode);
    expect(statuses.every((s) => s === 200)).toBe(true);
    // A forged first entry is ignored: the proxy's own entry (the last) names the client.
    const forged: number[] = [];
    for (let n = 0; n < 11; n++) forged.push((await forgot(200 + n, '10.1.2.3', `198.18.0.${n + 1}, 192.0.2.200`)).statusCode);
    expect(forged[10]).toBe(429);
  });

  it('signs up and logs in normally through a listed proxy', async () => {
    const ip = '127.0.0.1';
    const res = await postForm(t.app, '/api/auth/register', { username: 'proxied', email: 'proxied@example.in', password: 'proxied123' }, { ip });
    expect(res.statusCode).toBe(200);
  });
});

describe('a hop count', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, config: { trustProxy: parseTrustProxy('1') } });
  });
  afterAll(() => t?.close());

  it('believes the entry the nearest proxy added, not what its client wrote before it', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 11; n++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: `hop${n}@example.in` },
        remoteAddress: '10.9.9.9',
        headers: { 'x-forwarded-for': `198.18.1.${n + 1}, 192.0.2.77` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses[9]).toBe(200);
    expect(statuses[10]).toBe(429);
  });
});
