/**
 * /admin/jobs (decision 042, permission 'jobs': the owner): the store's background work. Each queue's schedule, what
 * waits (and waits to be retried), runs and failed, the oldest wait and the last success; below, the jobs that failed
 * for good, newest first, with their error (no personal values: a mail job names its mail's id and kind, never the
 * address). Retry runs one once more at once; Discard gives its work up. Both ask first and are audited.
 */
import { useActionData } from 'react-router';
import type { Route } from './+types/jobs';
import { PageHeader, Panel } from '../../components/admin/admin-shell.tsx';
import { isConfirmed } from '../../components/admin/confirm-dialog.tsx';
import { adminApi } from '../../lib/admin.server.ts';
import { readListState } from '../../lib/admin-list.ts';
import { FAILED_DEFAULTS, FailedFilter, FailedJobs, QueueTable } from '../../features/admin-jobs/jobs-screen.tsx';
import '../../features/admin-jobs/admin-jobs.css';

export const meta: Route.MetaFunction = () => [{ title: 'Jobs · Back office' }];

type Result = { ok: boolean; message: string } | { confirm: string };

const QUEUE_NAME = /^[a-z][a-z0-9.-]{0,99}$/;
const JOB_ID = /^[0-9a-f-]{36}$/;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const queue = url.searchParams.get('queue') ?? '';
  const page = Math.min(100_000, Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1));
  const query = new URLSearchParams({ page: String(page), ...(QUEUE_NAME.test(queue) ? { queue } : {}) });
  const api = adminApi(context, request);
  const [overview, failed] = await Promise.all([api.get('/api/admin/jobs'), api.get(`/api/admin/jobs/failed?${query.toString()}`)]);
  return { overview, failed, queue: QUEUE_NAME.test(queue) ? queue : '', list: readListState(url, FAILED_DEFAULTS) };
}

export async function action({ request, context }: Route.ActionArgs): Promise<Result> {
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const queue = String(form.get('queue') ?? '');
  const id = String(form.get('id') ?? '');
  if ((intent !== 'retry' && intent !== 'discard') || !QUEUE_NAME.test(queue) || !JOB_ID.test(id)) {
    return { ok: false, message: 'Choose Retry or Discard on one of the failed jobs.' };
  }
  if (!isConfirmed(form)) return { confirm: `${intent}:${id}` };
  const r = await adminApi(context, request).send('POST', `/api/admin/jobs/${encodeURIComponent(queue)}/${id}/${intent}`);
  return r.ok ? { ok: true, message: r.data.message } : { ok: false, message: r.refusal.message };
}

export default function Jobs({ loaderData: { overview, failed, queue, list } }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const open = result && 'confirm' in result ? result.confirm : undefined;
  return (
    <>
      <PageHeader
        title="Jobs"
        description="The store’s background work: payments checked every minute, e-mail, reminders, housekeeping. A job that fails is tried again a few times, waiting longer each time; one that still fails waits here, for a week, to be retried once its cause is fixed, or discarded."
      />
      {result && 'ok' in result && (
        <div className={`adm-banner adm-banner--${result.ok ? 'success' : 'error'}`} role={result.ok ? 'status' : 'alert'}>
          <p>{result.message}</p>
        </div>
      )}
      {overview.engine === 'off' && (
        <div className="adm-banner adm-banner--warning" role="status">
          <p>The job engine is not running on this server: nothing runs on its schedule here.</p>
        </div>
      )}
      <Panel title="Queues" id="queues">
        <QueueTable queues={overview.queues} />
      </Panel>
      <h2 className="jobs-section-title" id="failed-jobs">
        Failed jobs
      </h2>
      <FailedFilter queues={overview.queues} current={queue} />
      <FailedJobs page={failed} list={list} open={open} filtered={queue !== ''} />
    </>
  );
}
