/** Child processes for the benchmarks: the built Milli server and the ceiling, each on a free port. */
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface Running {
  url: string;
  pid: number;
  /** Resident memory of the process now, in MB (Linux /proc). */
  rssMb(): number;
  /** CPU time the process has used so far (user and system, all its threads), in seconds (Linux /proc). */
  cpuSeconds(): number;
  stop(): Promise<void>;
  /** SIGKILL, as a crash or the kernel's OOM killer would: no shutdown code runs. Resolves once it is gone. */
  kill(): Promise<void>;
  /** Sends a signal and returns at once (`exited` says when and how the process ended). */
  signal(signal: NodeJS.Signals): void;
  /** Resolves when the process has ended, with its exit code or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts `node <script>` (through the TypeScript loader for a .ts script) and waits for the line that names its address. The child has this
 * process's environment with `env` laid over it; a variable given as undefined is removed.
 */
export function start(
  script: string,
  args: string[],
  env: Record<string, string | undefined>,
  ready: RegExp,
  timeoutMs = 180_000,
  nodeFlags: string[] = [],
): Promise<Running> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) delete childEnv[key];
    else childEnv[key] = value;
  }
  const loader = script.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child: ChildProcess = spawn(process.execPath, [...nodeFlags, ...loader, script, ...args], {
    cwd: repoRoot,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      process.off('exit', killOnExit);
      resolve({ code, signal });
    });
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script} did not start within ${timeoutMs / 1000} s:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = ready.exec(output);
      if (!match) return;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      // What the child writes from now on is dropped, or appended to BENCH_SERVER_LOG, and never left in a full pipe
      // (a child writing to a pipe nobody reads stops at its next write).
      const log = process.env.BENCH_SERVER_LOG;
      for (const stream of [child.stdout, child.stderr]) stream?.on('data', (chunk: Buffer) => log && appendFileSync(log, chunk));
      resolve({
        url: match[1]!.replace('localhost', '127.0.0.1'),
        pid: child.pid!,
        rssMb: () => rssMb(child.pid!),
        cpuSeconds: () => cpuSeconds(child.pid!),
        stop: () =>
          new Promise<void>((done) => {
            process.off('exit', killOnExit);
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
            // A server writing a CPU profile (BENCH_NODE_FLAGS='--cpu-prof') at exit may take a while.
            setTimeout(() => child.kill('SIGKILL'), 60_000).unref();
          }),
        kill: () =>
          new Promise<void>((done) => {
            process.off('exit', killOnExit);
            if (child.exitCode !== null || child.signalCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGKILL');
          }),
        signal: (signal) => {
          child.kill(signal);
        },
        exited,
      });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code}:\n${output}`));
    });
  });
}

/**
 * The flags `npm start` gives Node (package.json): the heap may grow to half again what was live at the last full
 * collection before the next one, where V8 would otherwise let a busy server's heap grow to several times that
 * (decision 033).
 */
export const SERVER_NODE_FLAGS = ['--heap-growing-percent=50'];

/** What `npm run build` bundles the server into, and `npm start` runs. */
export const SERVER_BUNDLE = 'apps/server/build/main.mjs';
/** The web app's server build, made by the same command. */
export const WEB_BUILD = 'apps/web/build/server/index.js';

export interface StoreOptions {
  /** The store's DATA_DIR (the embedded database, uploads, mail files). */
  dataDir: string;
  /** PostgreSQL; the embedded database when absent. */
  databaseUrl?: string | undefined;
  seedDemo?: boolean;
  /** False serves only the API and /media, without the web build. */
  serveWeb?: boolean;
  timeoutMs?: number;
  nodeFlags?: string[];
  /** Run the bundle `npm start` runs (apps/server/build/main.mjs, made by `npm run build`) instead of the source. */
  built?: boolean;
  /** PUBLIC_URL, when the store should make its links from it. */
  publicUrl?: string;
  /** More environment for the server (PORT, SHUTDOWN_GRACE_MS …), laid over the defaults below. */
  env?: Record<string, string | undefined>;
}

/**
 * The Milli server (apps/server/src/main.ts) in production mode on a free port of 127.0.0.1, trusting
 * X-Forwarded-For (as behind a load balancer) so each simulated shopper can come from an address of its own.
 */
export function startStore(options: StoreOptions): Promise<Running> {
  const env = {
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    DATABASE_URL: options.databaseUrl,
    SEED_DEMO: String(options.seedDemo ?? true),
    SERVE_WEB: String(options.serveWeb ?? true),
    LOG_LEVEL: 'warn',
    // The load generator connects from this machine: it is the one proxy whose X-Forwarded-For is believed.
    TRUST_PROXY: '127.0.0.1',
    ...(options.publicUrl ? { PUBLIC_URL: options.publicUrl } : {}),
    // Nothing balances load in front of it: stopping need not wait for a health check to notice (lib/lifecycle.ts).
    SHUTDOWN_GRACE_MS: '0',
    // As `npm start` runs it (decision 022): two glibc malloc arenas, so memory freed after a burst of
    // picture work can be given back instead of staying spread over one arena per thread.
    MALLOC_ARENA_MAX: '2',
    ...options.env,
  };
  const script = options.built ? SERVER_BUNDLE : 'apps/server/src/main.ts';
  return start(script, [], env, /Milli is serving (https?:\/\/\S+)/, options.timeoutMs, [...SERVER_NODE_FLAGS, ...(options.nodeFlags ?? [])]);
}

function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return 0;
  }
}

/** utime + stime of /proc/<pid>/stat (fields 14 and 15, after the command's parenthesised name), in seconds. */
function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields counted from the state (field 3): utime is field 14, stime 15; the kernel's clock ticks are 100 a second.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}
