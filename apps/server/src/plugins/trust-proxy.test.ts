/**
 * TRUST_PROXY (decision 021): X-Forwarded-For is believed only from the proxies the operator lists (or the
 * number of hops they name), so a client that connects directly cannot choose the address its per-address
 * limits are counted under; 'true' is refused at start.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
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
    // Private, loopback, link-local, CGNAT and unique local ranges, in IPv4, IPv6 and IPv4-mapped forms.
    const inside =
      '10.0.0.0/8,172.16.0.0/12,192.168.1.0/24,127.0.0.1,169.254.0.0/16,100.64.0.0/10,::1,fe80::/10,fe80::1%eth0,fc00::/7,fd12:3456::/32,::ffff:10.0.0.0/104,::ffff:192.168.0.1';
    expect(parseTrustProxy(inside)).toEqual(inside.split(','));
  });

  it("refuses 'true' and says what to write instead", () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=10\.0\.0\.0\/8,127\.0\.0\.1/);
  });

  it('refuses what is not an address or a range, and says which entry', () => {
    for (const bad of ['yes', 'abc', '10.0.0.0/33', '10.0.0/8', 'proxy.internal', '::1/129', '10.0.0.1/8/2', ',', '-1', '10.0.0.0/x']) {
      expect(() => parseTrustProxy(bad), bad).toThrow(ConfigError);
    }
    expect(() => parseTrustProxy('10.0.0.0/8,10.0.0.0/33')).toThrow("TRUST_PROXY: '10.0.0.0/33' is not an address or CIDR range");
    expect(() => loadConfig({ TRUST_PROXY: 'abc' })).toThrow("TRUST_PROXY: 'abc' is not an address or CIDR range");
  });

  it('refuses a range that holds any public address unless TRUST_PROXY_PUBLIC=true says the proxies are there', () => {
    for (const wide of [
      '10.0.0.0/7',
      '172.0.0.0/8',
      '100.0.0.0/8',
      '203.0.113.7',
      '8.8.8.0/24',
      '192.0.0.0/2',
      '::ffff:8.8.8.8',
      '::ffff:8.0.0.0/104',
      '2001:db8::/32',
      'fc00::/6',
      '64:ff9b::/96',
      '10.0.0.0/8,198.51.100.0/24',
    ]) {
      expect(() => parseTrustProxy(wide), wide).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: wide }), wide).toThrow(/public addresses.*TRUST_PROXY_PUBLIC=true/);
      expect(loadConfig({ TRUST_PROXY: wide, TRUST_PROXY_PUBLIC: 'true' }).trustProxy, wide).toEqual(wide.split(','));
    }
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/8,203.0.113.0/24,::ffff:8.8.8.8' })).toThrow(
      'TRUST_PROXY: 203.0.113.0/24, ::ffff:8.8.8.8 hold public addresses',
    );
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/8', TRUST_PROXY_PUBLIC: 'yes' })).toThrow(/TRUST_PROXY_PUBLIC is true or false/);
  });

  it('refuses a list that holds every public address, even with TRUST_PROXY_PUBLIC=true: it is TRUST_PROXY=true by another name', () => {
    for (const everyone of [
      '0.0.0.0/0',
      '::/0',
      '::ffff:0:0/96',
      '::ffff:10.0.0.0/95',
      '0.0.0.0/1,128.0.0.0/1',
      '::ffff:0:0/96,2000::/3',
      '::/1',
      '0.0.0.0/2,64.0.0.0/2,128.0.0.0/2,192.0.0.0/2',
      '1.0.0.0/8,0.0.0.0/1,128.0.0.0/1',
    ]) {
      for (const force of ['false', 'true']) {
        expect(() => loadConfig({ TRUST_PROXY: everyone, TRUST_PROXY_PUBLIC: force }), `${everyone} ${force}`).toThrow(
          /every public address, which is TRUST_PROXY=true by another name/,
        );
      }
    }
  });

  it("ends a start it refuses with the configuration's one-line message, never a stack trace", async () => {
    const main = fileURLToPath(new URL('../main.ts', import.meta.url));
    for (const trust of ['0.0.0.0/0', '0.0.0.0/1,128.0.0.0/1', '10.0.0.0/33']) {
      const started = await promisify(execFile)(process.execPath, ['--import', 'tsx', main], {
        env: {
          PATH: process.env.PATH,
          DATA_DIR: 'memory',
          SEED_DEMO: 'false',
          SERVE_WEB: 'false',
          PORT: '0',
          HOST: '127.0.0.1',
          LOG_LEVEL: 'silent',
          TRUST_PROXY: trust,
        },
        timeout: 60_000,
      }).then(
        () => ({ code: 0, stderr: '' }),
        (error: { code: number; stderr: string }) => error,
      );
      expect(started.code, trust).toBe(1);
      expect(started.stderr.trim(), trust).toMatch(/^Milli could not start: TRUST_PROXY[^\n]*$/);
    }
  }, 120_000);
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
