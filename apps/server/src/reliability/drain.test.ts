/**
 * The drain on SIGTERM (issue 37), on the built server as `npm start` runs it (apps/server/build/main.mjs, bundled
 * afresh here: the server bundle alone takes seconds, and a bundle left from older source would test that source).
 * A request is in flight (its body still arriving) when SIGTERM comes: ready answers 503 at once while everything
 * else is still served, each answer closing its connection; after the grace no new connection is taken; the request
 * in flight completes with its answer; a keep-alive connection does not hold the process; it exits 0. A second signal
 * ends the grace at once. And when a request does not finish within SHUTDOWN_TIMEOUT_MS, it is cut and the process
 * exits 1. On the embedded database,
 * and on PostgreSQL in the PostgreSQL pass.
 */
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@milli/db/testing';
import { repoRoot, startStore, type Running } from '../../../../bench/processes.ts';

let folder: string;
let database: TestDatabase;
const servers: Running[] = [];

beforeAll(async () => {
  execFileSync(process.execPath, ['apps/server/scripts/build.mjs'], { cwd: repoRoot, stdio: 'pipe' });
  folder = await mkdtemp(path.join(os.tmpdir(), 'milli-drain-'));
  database = await createTestDatabase({ seed: false, dataDir: folder });
  // PGlite's files belong to one process at a time: the server's, from here on.
  if (database.kind === 'pglite') await database.close();
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.kill()));
  await database?.dispose().catch(() => {});
  if (folder) await rm(folder, { recursive: true, force: true });
}, 60_000);

async function server(env: Record<string, string>): Promise<Running> {
  const running = await startStore({ dataDir: folder, databaseUrl: database.url, seedDemo: false, serveWeb: false, built: true, timeoutMs: 60_000, env });
  servers.push(running);
  return running;
}

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function read(res: http.IncomingMessage): Promise<Reply> {
  return new Promise((resolve, reject) => {
    let body = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => (body += chunk));
    res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    res.on('error', reject);
  });
}

function get(base: string, path: string, agent?: http.Agent): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${path}`, { agent: agent ?? false }, (res) => void read(res).then(resolve, reject));
    req.on('error', reject);
  });
}

/** A POST whose JSON body arrives in two parts: the request is in flight until `finish()` sends the rest. */
function slowPost(base: string, path: string, body: string) {
  const half = Math.floor(body.length / 2);
  // On a keep-alive connection, as a browser or a balancer sends it: the answer must close it all the same.
  const agent = new http.Agent({ keepAlive: true });
  const req = http.request(`${base}${path}`, {
    method: 'POST',
    agent,
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), origin: base },
  });
  const answer = new Promise<Reply>((resolve, reject) => {
    req.on('response', (res) => void read(res).then(resolve, reject));
    req.on('error', reject);
  });
  req.write(body.slice(0, half));
  void answer.finally(() => agent.destroy()).catch(() => undefined);
  return { answer, finish: () => req.end(body.slice(half)) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Tries `check` every 50 ms until it holds, for at most `ms`; answers how long it took. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check().catch(() => false)) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await sleep(50);
  }
}

describe('SIGTERM on the built server', () => {
  it('answers not-ready at once, serves through the grace, completes the request in flight, and exits 0', async () => {
    const store = await server({ SHUTDOWN_GRACE_MS: '3000', SHUTDOWN_TIMEOUT_MS: '15000' });
    const base = store.url;
    expect((await get(base, '/api/health/ready')).status).toBe(200);
    // A keep-alive connection that has answered once and sits idle: it must not keep the process alive.
    const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const before = await get(base, '/api/category', keepAlive);
    expect([before.status, before.headers.connection]).toEqual([200, 'keep-alive']);

    const username = `drain${process.pid}`;
    const slow = slowPost(base, '/api/auth/register', JSON.stringify({ username, email: `${username}@example.in`, password: 'shop12345' }));
    await sleep(200);
    const signalled = Date.now();
    store.signal('SIGTERM');

    // Not ready at once; live, and every other call, still answered, each closing its connection.
    const notReadyAfter = await within(1_000, async () => (await get(base, '/api/health/ready')).status === 503);
    const ready = await get(base, '/api/health/ready');
    expect(JSON.parse(ready.body)).toMatchObject({ ok: false, checks: { draining: true }, failed: ['draining'] });
    expect(ready.headers['cache-control']).toBe('no-store');
    expect((await get(base, '/api/health/live')).status).toBe(200);
    const during = await get(base, '/api/category', keepAlive);
    expect([during.status, during.headers.connection]).toEqual([200, 'close']);
    expect(Date.now() - signalled, 'all of that within the grace').toBeLessThan(3_000);

    // After the grace no new connection is taken, though the process waits for the request in flight.
    await within(6_000, async () => {
      try {
        await get(base, '/api/health/live');
        return false;
      } catch (error) {
        return (error as NodeJS.ErrnoException).code === 'ECONNREFUSED';
      }
    });
    const refusedAfter = Date.now() - signalled;
    let exited = false;
    void store.exited.then(() => (exited = true));
    await sleep(300);
    expect(exited, 'the request in flight holds the process').toBe(false);

    slow.finish();
    const answer = await slow.answer;
    expect(answer.status, answer.body).toBe(200);
    expect(answer.headers.connection).toBe('close');
    const finished = Date.now();
    const end = await store.exited;
    expect(end).toEqual({ code: 0, signal: null });
    const exitAfter = Date.now() - finished;
    expect(exitAfter, 'nothing (no keep-alive connection) holds the process once the request is answered').toBeLessThan(5_000);
    keepAlive.destroy();
    console.log(
      `[drain] SIGTERM: ready 503 after ${notReadyAfter} ms; new connections refused ${refusedAfter} ms after it (grace 3000 ms); ` +
        `the request in flight answered ${answer.status}; exit 0 ${exitAfter} ms after it`,
    );
  }, 90_000);

  it('ends the grace early on a second signal, as a second Ctrl-C does', async () => {
    const store = await server({ SHUTDOWN_GRACE_MS: '60000' });
    store.signal('SIGINT');
    await within(2_000, async () => (await get(store.url, '/api/health/ready')).status === 503);
    const second = Date.now();
    store.signal('SIGINT');
    expect(await store.exited).toEqual({ code: 0, signal: null });
    expect(Date.now() - second).toBeLessThan(5_000);
  }, 90_000);

  it('cuts a request still in flight at SHUTDOWN_TIMEOUT_MS and exits 1', async () => {
    const store = await server({ SHUTDOWN_GRACE_MS: '100', SHUTDOWN_TIMEOUT_MS: '1000' });
    const stuck = slowPost(store.url, '/api/auth/login', JSON.stringify({ username: 'nobody', password: 'nothing at all' }));
    const cut = stuck.answer.then(
      () => 'answered',
      (error: NodeJS.ErrnoException) => error.code ?? 'error',
    );
    await sleep(200);
    const signalled = Date.now();
    store.signal('SIGTERM');
    const end = await store.exited;
    const took = Date.now() - signalled;
    expect(end).toEqual({ code: 1, signal: null });
    expect(took).toBeGreaterThanOrEqual(1_000);
    expect(took).toBeLessThan(6_000);
    expect(await cut).toBe('ECONNRESET');
    console.log(`[drain] a request never finished: cut, exit 1 ${took} ms after SIGTERM (grace 100 ms, timeout 1000 ms)`);
  }, 90_000);
});
