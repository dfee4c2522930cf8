import { z } from 'zod';
import { adminListPage } from './admin-list.ts';

/**
 * The back office's Jobs screen (decision 042, permission 'jobs': the owner). The store's background work runs as jobs
 * in named queues (payments.reconcile, mail.send …); the owner sees how each queue is doing and the jobs that failed
 * for good, and retries or discards them. A job's data is shown as a summary that names no person: a mail job shows
 * the mail's id and kind, never its address; an error keeps no address either.
 */

/** One queue: GET /api/admin/jobs. */
export const AdminJobQueueSchema = z.object({
  name: z.string(),
  /** When the queue runs by itself, in words ('Every minute', 'Daily at 6:30'), or null for a queue run when sent. */
  schedule: z.string().nullable(),
  /** Waiting to run: queued, and waiting for a retry. */
  depth: z.number().int(),
  /** Of those, waiting for a retry after a failed attempt. */
  retrying: z.number().int(),
  /** Running now, on any instance. */
  active: z.number().int(),
  /** Failed for good and kept (a week): the list below. */
  failed: z.number().int(),
  /** Seconds since the oldest waiting job was queued, or null when none waits. */
  oldestWaitingSeconds: z.number().int().nullable(),
  /** When a job of the queue last finished well (ISO time), or null. */
  lastCompletedAt: z.string().nullable(),
  /** Attempts after the first, the first retry's wait in seconds (each next about twice as long), a run's time limit. */
  retryLimit: z.number().int(),
  retryDelaySeconds: z.number().int(),
  expireInSeconds: z.number().int(),
});
export type AdminJobQueue = z.infer<typeof AdminJobQueueSchema>;

export const AdminJobsOverviewSchema = z.object({
  /** Whether this instance runs the job engine ('off' only in tests: then nothing runs on a schedule). */
  engine: z.enum(['running', 'off']),
  queues: z.array(AdminJobQueueSchema),
});
export type AdminJobsOverview = z.infer<typeof AdminJobsOverviewSchema>;

/** One failed job: GET /api/admin/jobs/failed. */
export const AdminFailedJobSchema = z.object({
  queue: z.string(),
  id: z.string(),
  /** What the job was about, without personal values ('mail 42 (order-placed)', 'scheduled run'). */
  summary: z.string(),
  /** The last attempt's error, first line, no address in it. */
  error: z.string(),
  attempts: z.number().int(),
  createdAt: z.string(),
  failedAt: z.string(),
});
export type AdminFailedJob = z.infer<typeof AdminFailedJobSchema>;

export const AdminFailedJobsQuerySchema = z.object({
  /** One queue's failures; all queues when absent. */
  queue: z.string().trim().max(100).optional(),
  page: z.coerce.number({ error: 'The page is a whole number.' }).int('The page is a whole number.').min(1, 'Pages start at 1.').max(100_000).default(1),
});

export const AdminFailedJobPageSchema = adminListPage(AdminFailedJobSchema);
export type AdminFailedJobPage = z.infer<typeof AdminFailedJobPageSchema>;

/** A job named in the path: POST /api/admin/jobs/:queue/:id/retry and …/discard. */
export const AdminJobParamsSchema = z.object({ queue: z.string().max(100), id: z.string().max(100) });

/** What retry and discard answer. */
export const AdminJobActionAnswerSchema = z.object({
  message: z.string(),
  queue: z.string(),
  id: z.string(),
  /** 'retry': waiting to run again (one more attempt); 'discarded': deleted. */
  state: z.enum(['retry', 'discarded']),
});
export type AdminJobActionAnswer = z.infer<typeof AdminJobActionAnswerSchema>;

/** Failed jobs per page on the Jobs screen. */
export const ADMIN_FAILED_JOBS_PER_PAGE = 25;
