import { isUniqueViolation, type Db } from '@milli/db';
import { ADMIN_FAILED_JOBS_PER_PAGE, toAdminPage, type AdminFailedJobPage, type AdminJobActionAnswer, type AdminJobsOverview } from '@milli/contracts/schemas';
import { DomainError } from '../../domain-error.ts';
import { jobErrorMessage, type JobEngine } from '../../lib/jobs.ts';
import { recordAudit, type AuditActor } from '../audit/service.ts';
import { jobsRepository } from './repository.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How a job's state reads in a refusal. */
const STATE_WORDS: Record<string, string> = {
  created: 'waiting to run',
  retry: 'waiting to be retried',
  active: 'running',
  completed: 'done',
  cancelled: 'cancelled',
};

/** The error a failed job keeps (pg-boss's output: `{ message }` from our engine, an error object from pg-boss itself). */
function errorOf(output: unknown): string {
  const message = output && typeof output === 'object' && 'message' in output ? (output as { message: unknown }).message : null;
  // Passed through the engine's cleaning again: an expired job's error is pg-boss's, and no address may reach the screen.
  return typeof message === 'string' && message ? jobErrorMessage(message) : 'No error was recorded.';
}

/**
 * The Jobs screen's desk (decision 042, permission 'jobs'): how the store's queues are doing, the jobs that failed for
 * good, and retrying (one more attempt) or discarding one. Both writes lock the job, check it is a failed job of that
 * queue, let pg-boss change it in the same transaction as the audit line, and answer 404 or 409 otherwise.
 */
export function createJobsDesk(db: Db, engine: Pick<JobEngine, 'queues' | 'queue' | 'running' | 'retry' | 'discard'>) {
  function definedQueue(name: string) {
    const queue = engine.queue(name);
    if (!queue) throw new DomainError('NOT_FOUND', `There is no job queue named “${name}”.`);
    return queue;
  }

  async function failedJobTo(action: 'retry' | 'discard', actor: AuditActor, name: string, id: string): Promise<AdminJobActionAnswer> {
    const queue = definedQueue(name);
    if (!UUID.test(id)) throw new DomainError('NOT_FOUND', `The queue ${name} has no job ${id}.`);
    if (!engine.running) {
      throw new DomainError('UNAVAILABLE', 'The job engine is not running on this instance, so its jobs cannot be changed here.');
    }
    return db.transaction(async (tx) => {
      const repo = jobsRepository(tx);
      const job = await repo.lockJob(queue.name, id);
      if (!job) throw new DomainError('NOT_FOUND', `The queue ${name} has no job ${id}.`);
      if (job.state !== 'failed') {
        throw new DomainError(
          'CONFLICT',
          `Job ${id} is ${STATE_WORDS[job.state] ?? job.state}: only a failed job can be ${action === 'retry' ? 'retried' : 'discarded'}.`,
        );
      }
      const before = { state: 'failed', attempts: job.retryCount + 1, error: errorOf(job.output) };
      let changed: boolean;
      try {
        changed = action === 'retry' ? await engine.retry(queue.name, id, repo.asJobsDb()) : await engine.discard(queue.name, id, repo.asJobsDb());
      } catch (error) {
        // The queue holds one job per key waiting or running (a mail's job, a scheduled run): one is there already.
        if (isUniqueViolation(error)) {
          throw new DomainError(
            'CONFLICT',
            `Another job of ${name} for the same work is already waiting or running: job ${id} stays failed. Discard it instead.`,
          );
        }
        throw error;
      }
      if (!changed) throw new DomainError('CONFLICT', `Job ${id} changed meanwhile: only a failed job can be ${action === 'retry' ? 'retried' : 'discarded'}.`);
      await recordAudit(tx, actor, {
        action: action === 'retry' ? 'retry' : 'discard',
        entity: 'job',
        entityId: `${queue.name}/${id}`,
        before,
        after: action === 'retry' ? { state: 'retry' } : null,
      });
      return action === 'retry'
        ? { message: `Job ${id} of ${name} is queued again for one more attempt.`, queue: queue.name, id, state: 'retry' as const }
        : { message: `Job ${id} of ${name} is discarded.`, queue: queue.name, id, state: 'discarded' as const };
    });
  }

  return {
    async overview(): Promise<AdminJobsOverview> {
      const queues = engine.queues();
      const counts = new Map((await jobsRepository(db).counts(queues.map((q) => q.name))).map((c) => [c.name, c]));
      return {
        engine: engine.running ? 'running' : 'off',
        queues: queues.map((q) => {
          const c = counts.get(q.name);
          return {
            name: q.name,
            schedule: q.schedule?.label ?? null,
            depth: c?.depth ?? 0,
            retrying: c?.retrying ?? 0,
            active: c?.active ?? 0,
            failed: c?.failed ?? 0,
            oldestWaitingSeconds: c?.oldestWaitingSeconds ?? null,
            lastCompletedAt: c?.lastCompletedAt?.toISOString() ?? null,
            retryLimit: q.retryLimit,
            retryDelaySeconds: q.retryDelaySeconds,
            expireInSeconds: q.expireInSeconds,
          };
        }),
      };
    },

    async failed(query: { queue?: string | undefined; page: number }): Promise<AdminFailedJobPage> {
      const queues = query.queue ? [definedQueue(query.queue)] : engine.queues();
      const perPage = ADMIN_FAILED_JOBS_PER_PAGE;
      const { rows, total } = await jobsRepository(db).failed(
        queues.map((q) => q.name),
        { limit: perPage, offset: (query.page - 1) * perPage },
      );
      const describe = new Map(queues.map((q) => [q.name, q.describe]));
      return toAdminPage(
        rows.map((r) => ({
          queue: r.name,
          id: r.id,
          summary: describe.get(r.name)?.(r.data) ?? '—',
          error: errorOf(r.output),
          attempts: r.retryCount + 1,
          createdAt: r.createdOn.toISOString(),
          failedAt: r.completedOn.toISOString(),
        })),
        total,
        { page: query.page, perPage },
      );
    },

    retry: (actor: AuditActor, queue: string, id: string) => failedJobTo('retry', actor, queue, id),
    discard: (actor: AuditActor, queue: string, id: string) => failedJobTo('discard', actor, queue, id),
  };
}
