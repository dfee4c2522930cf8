import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '@milli/db';
import { HealthLiveSchema, HealthReadySchema, type HealthReady } from '@milli/contracts/schemas';
import type { Lifecycle } from '../../lib/lifecycle.ts';
import { healthRepository } from './repository.ts';

/** How long the database may take to answer before the instance reports itself not ready. */
export const PING_TIMEOUT_MS = 2_000;

const NO_STORE = { 'cache-control': 'no-store' };

class TimedOut extends Error {}

/**
 * The health checks (decision 021; issue 37), never cached (unlike GET /api/settings, which the read cache answers
 * without the database):
 * - GET /api/health/live: 200 while the process answers at all; asks nothing else;
 * - GET /api/health/ready: 200 when the database answers a `select 1` within two seconds, this build's migrations are
 *   all applied, and the instance is not draining for a shutdown (lib/lifecycle.ts); else 503, naming what failed.
 *   A load balancer sends requests only to instances that answer 200 here;
 * - GET /healthz: the same verdict as ready, in its older body `{ ok }` (operations.md has documented it).
 */
export function healthRoutes(app: FastifyInstance, db: Db, lifecycle: Lifecycle) {
  const repo = healthRepository(db);
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Migrations only ever move forward: once all are applied, they stay so, and the check stops asking.
  let migrated = false;

  async function readiness(log: FastifyInstance['log']): Promise<HealthReady> {
    const checks: HealthReady['checks'] = { database: 'ok', migrations: migrated ? 'done' : 'unknown', draining: lifecycle.draining };
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        (async () => {
          await repo.ping();
          if (!migrated) {
            const pending = await repo.pendingMigrations();
            migrated = pending === 0;
            checks.migrations = migrated ? 'done' : 'pending';
          }
        })(),
        new Promise((_resolve, reject) => {
          timer = setTimeout(() => reject(new TimedOut(`no answer within ${PING_TIMEOUT_MS} ms`)), PING_TIMEOUT_MS);
        }),
      ]);
    } catch (error) {
      checks.database = error instanceof TimedOut ? 'timeout' : 'failed';
      log.warn({ err: error }, 'health check: the database did not answer');
    } finally {
      clearTimeout(timer);
    }
    const failed: HealthReady['failed'] = [];
    if (checks.database !== 'ok') failed.push('database');
    if (checks.migrations !== 'done') failed.push('migrations');
    if (checks.draining) failed.push('draining');
    return { ok: failed.length === 0, checks, failed };
  }

  api.get(
    '/api/health/live',
    {
      schema: {
        summary: 'Liveness: the process answers (for a supervisor that restarts a stuck process)',
        description: 'Always 200 while the process can answer; asks nothing of the database. Never cached.',
        security: [{}],
        response: { 200: HealthLiveSchema },
      },
    },
    async (_request, reply) => {
      reply.headers(NO_STORE);
      return { ok: true as const };
    },
  );

  api.get(
    '/api/health/ready',
    {
      schema: {
        summary: 'Readiness: whether a load balancer should send this instance requests',
        description:
          '200 when the database answers within two seconds, all migrations are applied and the instance is not draining for a shutdown; ' +
          '503 otherwise, with `failed` naming the checks that failed. Answers 503 from the moment SIGTERM is received. Never cached.',
        security: [{}],
        response: { 200: HealthReadySchema, 503: HealthReadySchema.describe('Not ready: `failed` names the checks that failed.') },
      },
    },
    async (request, reply) => {
      const verdict = await readiness(request.log);
      return reply
        .headers(NO_STORE)
        .status(verdict.ok ? 200 : 503)
        .send(verdict);
    },
  );

  // Not under /api, so not in the API's document; kept for balancers configured with it.
  app.get('/healthz', async (request, reply) => {
    const verdict = await readiness(request.log);
    return reply
      .headers(NO_STORE)
      .status(verdict.ok ? 200 : 503)
      .send({ ok: verdict.ok });
  });
}
