import { z } from 'zod';

/** GET /api/health/live: the process answers (nothing else is asked). */
export const HealthLiveSchema = z.object({ ok: z.literal(true) });

/** The checks GET /api/health/ready makes, each named in `failed` when it fails. */
export const READINESS_CHECKS = ['database', 'migrations', 'draining'] as const;

/**
 * GET /api/health/ready, 200 or 503 (issue 37): whether a load balancer should send this instance requests. Ready
 * when the database answers within two seconds, this build's migrations are all applied, and the instance is not
 * draining for a shutdown.
 */
export const HealthReadySchema = z.object({
  ok: z.boolean(),
  checks: z.object({
    database: z.enum(['ok', 'failed', 'timeout']).describe("'timeout': no answer within two seconds"),
    migrations: z.enum(['done', 'pending', 'unknown']).describe("'unknown' while the database does not answer"),
    draining: z.boolean().describe('True once SIGTERM or SIGINT was received: the instance finishes its work and stops'),
  }),
  /** The checks that failed (empty when ready). */
  failed: z.array(z.enum(READINESS_CHECKS)),
});
export type HealthReady = z.infer<typeof HealthReadySchema>;
