import type { FastifyInstance } from 'fastify';
import type { Db } from '@milli/db';
import { healthRepository } from './repository.ts';

/** How long the database may take to answer before the instance reports itself unhealthy. */
const PING_TIMEOUT_MS = 2_000;

/**
 * GET /healthz, for a load balancer: 200 `{ ok: true }` when this instance's database answers a `select 1`,
 * 503 `{ ok: false }` when it fails or takes longer than two seconds. Never cached (unlike /api/settings,
 * which the read cache answers without the database), so it tells whether the database is reachable now.
 */
export function healthRoutes(app: FastifyInstance, db: Db) {
  const repo = healthRepository(db);
  app.get('/healthz', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        repo.ping(),
        new Promise((_resolve, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${PING_TIMEOUT_MS} ms`)), PING_TIMEOUT_MS);
        }),
      ]);
      return { ok: true };
    } catch (error) {
      request.log.warn({ err: error }, 'health check: the database did not answer');
      return reply.status(503).send({ ok: false });
    } finally {
      clearTimeout(timer);
    }
  });
}
