/**
 * Starts the built Milli server the way production runs it: `node apps/server/build/main.mjs`, the bundle
 * `npm run build` makes and `npm start` runs, from the repo root (never through an npm wrapper, whose process
 * would outlive a kill), on a free port (PORT=0), with its own throw-away DATA_DIR, so the first start
 * migrates and seeds a fresh demo store and nothing touches ./data. Global setup starts the suite's server
 * with it; a spec that needs a store configured otherwise (razorpay-mode.spec.ts) starts its own.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** First start migrates and seeds the demo store: several seconds on a quiet machine, more on a busy one. */
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 15_000;
const SERVING = /Milli is serving (https?:\/\/\S+)/;

export interface BuiltServer {
  url: string;
  dataDir: string;
  pid: number | undefined;
  /** Stops that very process (SIGTERM, then SIGKILL if it lingers) and removes its DATA_DIR. */
  stop(): Promise<void>;
}

export interface BuiltServerOptions {
  /** Added to (and overriding) the e2e defaults below. */
  env?: NodeJS.ProcessEnv;
  /** Prefix of the server's lines once it serves (warnings and errors only, at LOG_LEVEL=warn). */
  label?: string;
  /** Prepares the fresh DATA_DIR before the server first opens it (global-setup.ts: an order delivered long ago). */
  prepare?: (dataDir: string) => Promise<void>;
}

export async function startBuiltServer(options: BuiltServerOptions = {}): Promise<BuiltServer> {
  if (!existsSync(path.join(repoRoot, 'apps/web/build/server/index.js'))) {
    throw new Error('apps/web/build is missing: run `npm run build` first (the root `npm run test:e2e` does).');
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'milli-e2e-'));
  if (options.prepare) {
    try {
      await options.prepare(dataDir);
    } catch (error) {
      await rm(dataDir, { recursive: true, force: true });
      throw error;
    }
  }
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
    // No load balancer to notice a shutdown: stop at once on SIGTERM, without the grace (lib/lifecycle.ts).
    SHUTDOWN_GRACE_MS: '0',
  };
  // An e2e server always runs on its own embedded database, whatever the shell points at.
  for (const key of ['DATABASE_URL', 'PUBLIC_URL', 'SMTP_URL', 'REDIS_URL']) delete env[key];
  Object.assign(env, options.env);

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
  const stop = async () => {
    process.off('exit', killOnExit);
    await stopChild(child);
    await rm(dataDir, { recursive: true, force: true });
  };

  let url: string;
  try {
    url = await waitForUrl(child, options.label ?? '[server]');
  } catch (error) {
    await stop();
    throw error;
  }
  await warmUp(url);
  return { url, dataDir, pid: child.pid, stop };
}

/** Resolves with the served URL; rejects (with the server's own output) if it exits or takes too long. */
function waitForUrl(child: ChildProcess, label: string): Promise<string> {
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
    const timer = setTimeout(() => finish(new Error(`the server did not start within ${START_TIMEOUT_MS / 1000} s. Output:\n${output}`)), START_TIMEOUT_MS);
    const onData = (stream: 'out' | 'err') => (chunk: Buffer) => {
      const text = chunk.toString();
      if (!settled) {
        output += text;
        const match = SERVING.exec(output);
        if (match) finish(null, match[1]!.replace(/\/$/, ''));
      }
      // After start-up, keep showing what the server says (warnings and errors only, at LOG_LEVEL=warn).
      if (settled || stream === 'err') {
        for (const line of text.split('\n')) if (line.trim()) process.stderr.write(`${label} ${line}\n`);
      }
    };
    child.stdout!.on('data', onData('out'));
    child.stderr!.on('data', onData('err'));
    child.once('error', (error) => finish(error));
    child.once('exit', (code, signal) => finish(new Error(`the server exited (code ${code}, signal ${signal}) before serving. Output:\n${output}`)));
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
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}
