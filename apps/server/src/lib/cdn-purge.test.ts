import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { createTestApp } from '../testing.ts';
import { parsePurgeHeader, purgeCdn } from './cdn-purge.ts';

interface Heard {
  method: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A stand-in CDN on loopback: records every purge it is asked for and answers with `status`. */
async function fakeCdn(status = 200) {
  const heard: Heard[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      heard.push({ method: req.method ?? '', headers: req.headers, body });
      res.statusCode = status;
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/purge`;
  return { heard, url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length > 0) await closers.pop()!();
});

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
};

describe('the CDN purge (decision 032)', () => {
  it('posts the body with its credential', async () => {
    const cdn = await fakeCdn();
    closers.push(cdn.close);
    await purgeCdn({ url: cdn.url, header: ['authorization', 'Bearer cdn-token'], body: '{"purge_everything":true}' });
    expect(cdn.heard).toHaveLength(1);
    expect(cdn.heard[0]).toMatchObject({ method: 'POST', body: '{"purge_everything":true}' });
    expect(cdn.heard[0]!.headers.authorization).toBe('Bearer cdn-token');
  });

  it('throws when the CDN refuses or cannot be reached, so the job engine retries the purge', async () => {
    const cdn = await fakeCdn(403);
    closers.push(cdn.close);
    await expect(purgeCdn({ url: cdn.url, header: null, body: '{}' })).rejects.toThrow('the CDN refused the purge of the shared pages (HTTP 403)');
    // A port nobody listens on any more.
    const gone = await fakeCdn();
    await gone.close();
    await expect(purgeCdn({ url: gone.url, header: null, body: '{}' })).rejects.toThrow(
      /^the CDN could not be asked to purge the shared pages: .*ECONNREFUSED/,
    );
  });

  it('never follows a redirect: its credential goes to the purge address alone', async () => {
    const elsewhere = await fakeCdn();
    closers.push(elsewhere.close);
    // A purge address that answers with a redirect (a moved API, or someone on the path of an http address).
    const redirecting = createServer((req, res) => {
      req.resume();
      res.writeHead(307, { location: elsewhere.url }).end();
    });
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise<void>((resolve) => redirecting.close(() => resolve())));
    const url = `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}/purge`;
    // A CDN's own credential header (Cloudflare's X-Auth-Key): fetch drops only Authorization on another origin.
    await expect(purgeCdn({ url, header: ['x-auth-key', 'cdn-secret'], body: '{}' })).rejects.toThrow(
      'the CDN refused the purge of the shared pages (HTTP 307)',
    );
    expect(elsewhere.heard).toEqual([]);
  });

  it('is configured by CDN_PURGE_URL, CDN_PURGE_HEADER and CDN_PURGE_BODY, and refuses half a setting', () => {
    expect(loadConfig({}).cdnPurge).toBeNull();
    expect(loadConfig({ CDN_PURGE_URL: 'https://cdn.example/purge', CDN_PURGE_HEADER: 'Authorization: Bearer abc' }).cdnPurge).toEqual({
      url: 'https://cdn.example/purge',
      header: ['authorization', 'Bearer abc'],
      body: '{"purge_everything":true}',
    });
    expect(() => loadConfig({ CDN_PURGE_HEADER: 'Authorization: Bearer abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ CDN_PURGE_URL: 'ftp://cdn.example/purge' })).toThrow(ConfigError);
    expect(parsePurgeHeader('no colon here')).toBeInstanceOf(Error);
    expect(parsePurgeHeader('  ')).toBeNull();
  });

  it('is sent as a job when the store empties its read cache: a catalogue change announced by the database', async () => {
    const cdn = await fakeCdn();
    closers.push(cdn.close);
    const t = await createTestApp({ config: { cdnPurge: { url: cdn.url, header: ['authorization', 'Bearer store'], body: '{"purge_everything":true}' } } });
    closers.push(t.close);
    // The first purge (the cache starting empty); the tests' inline engine runs each purge job at once.
    await until(() => cdn.heard.length >= 1);
    const before = cdn.heard.length;
    await t.database.db.execute(sql`update store_settings set help_line = help_line`);
    await t.app.readCache.caughtUp();
    await until(() => cdn.heard.length > before);
    expect(cdn.heard.length).toBe(before + 1);
    expect(cdn.heard.at(-1)!.headers.authorization).toBe('Bearer store');
  }, 20_000);
});
