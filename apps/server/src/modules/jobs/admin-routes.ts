import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminFailedJobPageSchema,
  AdminFailedJobsQuerySchema,
  AdminJobActionAnswerSchema,
  AdminJobParamsSchema,
  AdminJobsOverviewSchema,
  ErrorSchema,
} from '@milli/contracts/schemas';
import type { ModuleDeps } from '../../deps.ts';
import { actorOf } from '../audit/service.ts';
import { createJobsDesk } from './service.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };
const writeErrors = { ...errors, 409: ErrorSchema, 503: ErrorSchema };
const staff = { access: 'staff', permission: 'jobs' } as const;

/**
 * The back office's Jobs screen (decision 042, permission 'jobs': the owner): the store's job queues, the jobs that
 * failed for good, and retrying or discarding one (each audited).
 */
export const jobsAdminModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const desk = createJobsDesk(deps.database.db, deps.jobs);

  api.get(
    '/admin/jobs',
    {
      config: staff,
      schema: {
        summary: "The store's job queues: how many jobs wait (and wait to be retried), run and failed, the oldest wait, the last success",
        response: { 200: AdminJobsOverviewSchema, ...errors },
      },
    },
    () => desk.overview(),
  );

  api.get(
    '/admin/jobs/failed',
    {
      config: staff,
      schema: {
        summary: 'Jobs that failed for good, newest first, of one queue or all: what each was about (no personal values), its error and attempts',
        querystring: AdminFailedJobsQuerySchema,
        response: { 200: AdminFailedJobPageSchema, ...errors },
      },
    },
    (req) => desk.failed(req.query),
  );

  api.post(
    '/admin/jobs/:queue/:id/retry',
    {
      config: staff,
      schema: {
        summary: 'Queues a failed job again for one more attempt (404 for a job not in that queue, 409 for one that has not failed)',
        params: AdminJobParamsSchema,
        response: { 200: AdminJobActionAnswerSchema, ...writeErrors },
      },
    },
    (req) => desk.retry(actorOf(req), req.params.queue, req.params.id),
  );

  api.post(
    '/admin/jobs/:queue/:id/discard',
    {
      config: staff,
      schema: {
        summary: 'Deletes a failed job: its work is given up (404 for a job not in that queue, 409 for one that has not failed)',
        params: AdminJobParamsSchema,
        response: { 200: AdminJobActionAnswerSchema, ...writeErrors },
      },
    },
    (req) => desk.discard(actorOf(req), req.params.queue, req.params.id),
  );
};
