/**
 * Starts the built Milli server once for the whole e2e run, the way production runs it:
 * `node apps/server/build/main.mjs`, the bundle `npm run build` makes and `npm start` runs, from the repo
 * root (never through an npm wrapper, whose process would outlive a kill), on a free port (PORT=0), with its own throw-away DATA_DIR,
 * so the first start migrates and seeds a fresh demo store and nothing touches ./data.
 *
 * The URL comes from the line the server prints ("Milli is serving http://… on …") and reaches the
 * tests as process.env.MILLI_E2E_URL (workers inherit the runner's environment), read by fixtures.ts;
 * its DATA_DIR (where the local mailbox lives) as process.env.MILLI_E2E_DATA_DIR (fixtures' e2eDataDir()).
 * The returned function is Playwright's teardown: it stops that very process and removes DATA_DIR.
 *
 * Set E2E_BASE_URL to run the specs against a server that is already running instead (and E2E_DATA_DIR
 * to that server's DATA_DIR, for specs that read its mailbox).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FullConfig } from '@playwright/test';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** First start migrates and seeds the demo store: several seconds on a quiet machine, more on a busy one. */
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 15_000;
const SERVING = /Milli is serving (https?:\/\/\S+)/;

export default async function globalSetup(_config: FullConfig): Promise<() => Promise<void>> {
  const external = process.env.E2E_BASE_URL;
  if (external) {
    process.env.MILLI_E2E_URL = external.replace(/\/$/, '');
    if (process.env.E2E_DATA_DIR) process.env.MILLI_E2E_DATA_DIR = path.resolve(process.env.E2E_DATA_DIR);
    return async () => {};
  }

  if (!existsSync(path.join(repoRoot, 'apps/web/build/server/index.js'))) {
    throw new Error('apps/web/build is missing: run `npm run build` first (the root `npm run test:e2e` does).');
  }

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'milli-e2e-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    // Each test sends its own X-Forwarded-For (fixtures.ts), so rate limits count test shoppers apart: the
    // browsers and request contexts connect from this machine, the one proxy believed.
    TRUST_PROXY: '127.0.0.1',
    // The back office's first owner (issue 17), made at the first start: fixtures.ts's E2E_OWNER signs in with it.
    ADMIN_EMAIL: 'owner@milli.example',
    ADMIN_PASSWORD: 'Owner-of-Milli-2026',
  };
  // The e2e server always runs on its own embedded database, whatever the shell points at.
  for (const key of ['DATABASE_URL', 'PUBLIC_URL', 'SMTP_URL', 'REDIS_URL']) delete env[key];

  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/build/main.mjs'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Belt and braces: if the runner itself dies, the server must not outlive it.
  const killOnExit = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  process.once('exit', killOnExit);

  let url: string;
  try {
    url = await waitForUrl(child);
  } catch (error) {
    await stop(child);
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  process.env.MILLI_E2E_URL = url;
  process.env.MILLI_E2E_DATA_DIR = dataDir;
  await warmUp(url);
  console.log(`[e2e] server ${url} (pid ${child.pid}, DATA_DIR ${dataDir})`);

  return async () => {
    process.off('exit', killOnExit);
    await stop(child);
    await rm(dataDir, { recursive: true, force: true });
  };
}

/** Resolves with the served URL; rejects (with the server's own output) if it exits or takes too long. */
function waitForUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    let settled = false;
    const finish = (error: Error | null, url?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(url!);
    };
    const timer = setTimeout(
      () => finish(new Error(`the server did not start within ${START_TIMEOUT_MS / 1000} s. Output:\n${output}`)),
      START_TIMEOUT_MS,
    );
    const onData = (stream: 'out' | 'err') => (chunk: Buffer) => {
      const text = chunk.toString();
      if (!settled) {
        output += text;
        const match = SERVING.exec(output);
        if (match) finish(null, match[1]!.replace(/\/$/, ''));
      }
      // After start-up, keep showing what the server says (warnings and errors only, at LOG_LEVEL=warn).
      if (settled || stream === 'err') {
        for (const line of text.split('\n')) if (line.trim()) process.stderr.write(`[server] ${line}\n`);
      }
    };
    child.stdout!.on('data', onData('out'));
    child.stderr!.on('data', onData('err'));
    child.once('error', (error) => finish(error));
    child.once('exit', (code, signal) =>
      finish(new Error(`the server exited (code ${code}, signal ${signal}) before serving. Output:\n${output}`)),
    );
  });
}

/** One request per kind of page, so the first test does not pay for cold code paths and caches. */
async function warmUp(url: string): Promise<void> {
  for (const path of ['/', '/about-us', '/alljewellery', '/api/settings']) {
    await fetch(url + path)
      .then((res) => res.arrayBuffer())
      .catch(() => undefined);
  }
}

/** SIGTERM (the server closes cleanly), then SIGKILL if it lingers. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}
