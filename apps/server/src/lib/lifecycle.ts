/**
 * An instance's readiness and its orderly end (issue 37). On SIGTERM (or SIGINT) main.ts calls `shutDown`:
 *
 * 1. draining begins: GET /api/health/ready (and /healthz) answer 503 at once, and every answer from then on says
 *    `Connection: close`, so no client or balancer keeps a connection to this instance past its current request;
 * 2. for SHUTDOWN_GRACE_MS everything else is served as before, while the balancer's health check notices and
 *    stops sending requests here (a second signal ends the grace at once);
 * 3. Fastify's close: the server stops accepting connections, idle keep-alive connections are closed, a request
 *    arriving on an open connection is still served (return503OnClosing is off: the balancer may have sent it
 *    before it noticed), and the requests in flight finish; meanwhile the background work registered with
 *    `onStop` stops taking new work and finishes what it holds; then the onClose hooks (timers, caches, mail);
 * 4. the database is closed and the process exits 0, or 1 when SHUTDOWN_TIMEOUT_MS ran out first and the
 *    connections and work still open were cut.
 */
import type { FastifyInstance } from 'fastify';

export interface Lifecycle {
  /** True once a shutdown has begun: the instance answers not-ready and closes each connection after its answer. */
  readonly draining: boolean;
  startDraining(): void;
  /**
   * Background work a shutdown waits for, before the database closes: `stop` stops taking new work and resolves once
   * the work in flight is done (a job engine's graceful stop). Called once, when the server starts closing (after the
   * grace), alongside the requests still in flight; the shutdown waits up to SHUTDOWN_TIMEOUT_MS for both.
   */
  onStop(name: string, stop: () => Promise<void>): void;
  /** Runs every registered stop (once; later calls answer the same promise). */
  stopBackground(): Promise<void>;
  /** The names of the registered stops not yet finished (for the log when the timeout cuts them). */
  pending(): string[];
}

/**
 * The instance's lifecycle, wired into the app: answers say `Connection: close` while draining, and the registered
 * background stops begin when Fastify's close does. app.ts calls it first thing and `awaitBackgroundOnClose` last.
 */
export function createLifecycle(app: FastifyInstance): Lifecycle {
  let draining = false;
  const stops = new Map<string, () => Promise<void>>();
  const unfinished = new Set<string>();
  let stopping: Promise<void> | null = null;

  const lifecycle: Lifecycle = {
    get draining() {
      return draining;
    },
    startDraining() {
      draining = true;
    },
    onStop(name, stop) {
      if (stops.has(name)) throw new Error(`a background stop named '${name}' is registered already`);
      stops.set(name, stop);
    },
    stopBackground() {
      stopping ??= Promise.all(
        [...stops].map(async ([name, stop]) => {
          unfinished.add(name);
          try {
            await stop();
          } catch (err) {
            app.log.error({ err }, `shutdown: stopping '${name}' failed`);
          } finally {
            unfinished.delete(name);
          }
        }),
      ).then(() => undefined);
      return stopping;
    },
    pending: () => [...unfinished],
  };

  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });
  // Started when the close begins, so the work stops while the requests in flight finish.
  app.addHook('preClose', async () => {
    void lifecycle.stopBackground();
  });
  return lifecycle;
}

/**
 * The onClose hook that waits for the registered background work: registered last in app.ts, so it runs first of the
 * onClose hooks (Fastify runs them last-registered first), before the caches, the mailer and the timers close.
 */
export function awaitBackgroundOnClose(app: FastifyInstance, lifecycle: Lifecycle): void {
  app.addHook('onClose', async () => lifecycle.stopBackground());
}

export interface ShutDownOptions {
  signal: string;
  graceMs: number;
  timeoutMs: number;
  /** Closes the database: after everything else, since the requests and jobs in flight still use it. */
  closeDatabase: () => Promise<void>;
  /** Resolves when the grace should end early (a second signal). */
  hurry?: Promise<unknown>;
  /** Writes a line to the log (the app's logger, or the console when the log is silent). */
  say?: (line: string) => void;
}

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });

/** Drains and closes the instance (the steps at the top of this file). Answers the exit code: 0, or 1 when cut. */
export async function shutDown(app: FastifyInstance & { lifecycle: Lifecycle }, options: ShutDownOptions): Promise<0 | 1> {
  const say = options.say ?? ((line: string) => app.log.info(line));
  const started = Date.now();
  app.lifecycle.startDraining();
  say(`${options.signal} received: not ready from now on; serving ${options.graceMs} ms more while the load balancer notices, then closing`);
  await Promise.race([sleep(options.graceMs), options.hurry ?? new Promise<never>(() => {})]);

  const closing = app.close().then(
    () => true,
    (err: unknown) => {
      app.log.error({ err }, 'shutdown: closing the server failed');
      return true;
    },
  );
  // Node closes the connections idle when the server closes, not those that fall idle later; answers made while
  // draining say Connection: close, and this sweep ends any connection left idle all the same.
  const sweep = setInterval(() => app.server.closeIdleConnections(), 250);
  const inTime = await Promise.race([closing, sleep(options.timeoutMs).then(() => false)]);
  clearInterval(sweep);
  if (!inTime) {
    const waiting = app.lifecycle.pending();
    say(
      `shutdown: still busy after ${options.timeoutMs} ms (SHUTDOWN_TIMEOUT_MS): cutting the connections still open` +
        (waiting.length ? ` and no longer waiting for ${waiting.join(', ')}` : ''),
    );
    app.server.closeAllConnections();
    await Promise.race([closing, sleep(2_000)]);
  }
  await options.closeDatabase().catch((err: unknown) => app.log.error({ err }, 'shutdown: closing the database failed'));
  say(`shutdown: ${inTime ? 'drained and closed' : 'closed, cut short'} in ${Date.now() - started} ms`);
  return inTime ? 0 : 1;
}
