/**
 * The Jobs screen's parts (decision 042): the queues at a glance, and the failed jobs with Retry and Discard, each
 * asking first (ConfirmAction), with or without JavaScript. The route (routes/admin/jobs.tsx) loads and acts.
 */
import { Fragment } from 'react';
import { Form, Link } from 'react-router';
import type { AdminFailedJob, AdminFailedJobPage, AdminJobQueue } from '@milli/contracts/schemas';
import { StatusBadge } from '../../components/admin/admin-shell.tsx';
import { ConfirmAction } from '../../components/admin/confirm-dialog.tsx';
import { EmptyState, ListTable, Pagination } from '../../components/admin/list-kit.tsx';
import type { ListDefaults, ListState } from '../../lib/admin-list.ts';
import { ADMIN_PATHS } from '../../lib/admin-nav.ts';
import { formatDay, formatTime, formatWhen, queueLabel, retryText, shortId, spanText } from './format.ts';

export const FAILED_DEFAULTS: ListDefaults = { sort: 'failed', filters: ['queue'] };

function QueueName({ name }: { name: string }) {
  return (
    <>
      <span className="jobs-queue-name">{queueLabel(name)}</span>
      <span className="jobs-queue-code">
        {/* A long name breaks after its dots, not inside a word. */}
        {name.split('.').map((part, i) => (
          <Fragment key={i}>
            {i > 0 && (
              <>
                .<wbr />
              </>
            )}
            {part}
          </Fragment>
        ))}
      </span>
    </>
  );
}

/** Every queue: its schedule, what waits, runs and failed, the oldest wait and the last success. */
export function QueueTable({ queues }: { queues: AdminJobQueue[] }) {
  return (
    <div className="adm-table-wrap" tabIndex={0} role="region" aria-label="The store’s job queues">
      <table className="adm-table jobs-queues">
        <caption className="adm-visually-hidden">The store’s job queues</caption>
        <thead>
          <tr>
            <th scope="col">Queue</th>
            <th scope="col">Runs</th>
            <th scope="col" className="adm-align-end">
              Waiting
            </th>
            <th scope="col" className="adm-align-end">
              Running
            </th>
            <th scope="col" className="adm-align-end">
              Failed
            </th>
            <th scope="col">Oldest wait</th>
            <th scope="col">Last done</th>
          </tr>
        </thead>
        <tbody>
          {queues.map((q) => (
            <tr key={q.name}>
              <th scope="row">
                <QueueName name={q.name} />
              </th>
              <td>
                {q.schedule ?? 'When there is work'}
                <span className="jobs-retries">
                  {retryText(q.retryLimit, q.retryDelaySeconds)}; a run may take {spanText(q.expireInSeconds)}
                </span>
              </td>
              <td className="adm-align-end">
                {q.depth}
                {q.retrying > 0 && <span className="adm-muted"> ({q.retrying} to retry)</span>}
              </td>
              <td className="adm-align-end">{q.active}</td>
              <td className="adm-align-end">
                {q.failed > 0 ? (
                  <Link
                    to={`${ADMIN_PATHS.jobs}?queue=${encodeURIComponent(q.name)}#failed-jobs`}
                    aria-label={`${q.failed} failed in ${queueLabel(q.name)}: show them`}
                  >
                    <StatusBadge tone="danger">{q.failed}</StatusBadge>
                  </Link>
                ) : (
                  0
                )}
              </td>
              <td>
                {q.oldestWaitingSeconds === null ? (
                  <span className="adm-muted">—</span>
                ) : q.oldestWaitingSeconds > 10 * 60 ? (
                  <StatusBadge tone="warning">{spanText(q.oldestWaitingSeconds)}</StatusBadge>
                ) : (
                  spanText(q.oldestWaitingSeconds)
                )}
              </td>
              <td className="adm-nowrap">
                {q.lastCompletedAt ? (
                  <time dateTime={q.lastCompletedAt}>
                    {formatDay(q.lastCompletedAt)}
                    <br />
                    <span className="adm-muted">{formatTime(q.lastCompletedAt)}</span>
                  </time>
                ) : (
                  <span className="adm-muted">Not yet</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Shows one queue's failures, or all: a GET form, so it works without JavaScript. */
export function FailedFilter({ queues, current }: { queues: AdminJobQueue[]; current: string }) {
  return (
    <Form method="get" className="jobs-filter" preventScrollReset>
      <div className="adm-field">
        <label className="adm-label" htmlFor="jobs-queue">
          Queue
        </label>
        <select id="jobs-queue" name="queue" className="adm-input" defaultValue={current}>
          <option value="">All queues</option>
          {queues.map((q) => (
            <option key={q.name} value={q.name}>
              {queueLabel(q.name)} ({q.failed} failed)
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="adm-button adm-button--secondary">
        Show
      </button>
    </Form>
  );
}

function Actions({ job, open }: { job: AdminFailedJob; open: string | undefined }) {
  const what = `${queueLabel(job.queue)} job ${shortId(job.id)}`;
  return (
    <Form method="post" className="jobs-actions">
      <input type="hidden" name="queue" value={job.queue} />
      <input type="hidden" name="id" value={job.id} />
      <ConfirmAction
        intent="retry"
        label={
          <>
            Retry<span className="adm-visually-hidden"> {what}</span>
          </>
        }
        title={`Retry ${what}?`}
        confirmLabel="Retry now"
        tone="primary"
        buttonTone="primary"
        open={open === `retry:${job.id}`}
      >
        <p>It runs again at once, one more attempt. If what made it fail is not fixed, it fails again and comes back here.</p>
      </ConfirmAction>
      <ConfirmAction
        intent="discard"
        label={
          <>
            Discard<span className="adm-visually-hidden"> {what}</span>
          </>
        }
        title={`Discard ${what}?`}
        confirmLabel="Discard the job"
        open={open === `discard:${job.id}`}
      >
        <p>
          Its work is given up and the job is deleted: {job.summary}. This cannot be undone.
          {job.queue === 'mail.send' ? ' The e-mail is not sent; it stays marked failed in the outbox.' : ''}
        </p>
      </ConfirmAction>
    </Form>
  );
}

/** The failed jobs, the newest failure first, with their error and what to do. */
export function FailedJobs({ page, list, open, filtered }: { page: AdminFailedJobPage; list: ListState; open: string | undefined; filtered: boolean }) {
  return (
    <>
      <ListTable
        list={list}
        page={page}
        defaults={FAILED_DEFAULTS}
        caption="Failed jobs, the newest failure first"
        rowKey={(j) => j.id}
        columns={[
          {
            key: 'job',
            label: 'Job',
            rowHeader: true,
            cell: (j) => (
              <>
                <QueueName name={j.queue} />
                <span className="adm-muted">
                  {j.summary} · job {shortId(j.id)}
                </span>
              </>
            ),
          },
          { key: 'error', label: 'Error', cell: (j) => <span className="jobs-error">{j.error}</span> },
          { key: 'attempts', label: 'Attempts', align: 'end', cell: (j) => j.attempts },
          {
            key: 'failed',
            label: 'Failed',
            cell: (j) => (
              <time dateTime={j.failedAt} className="adm-nowrap">
                {formatWhen(j.failedAt)}
              </time>
            ),
          },
          { key: 'actions', label: 'Actions', cell: (j) => <Actions job={j} open={open} /> },
        ]}
        empty={
          <EmptyState title={filtered ? 'No failed job in this queue' : 'No failed jobs'}>
            <p>Every job has run, or is waiting for its next attempt.</p>
          </EmptyState>
        }
      />
      <Pagination list={list} page={page} defaults={FAILED_DEFAULTS} />
    </>
  );
}
