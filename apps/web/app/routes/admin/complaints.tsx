/**
 * /admin/complaints (issue 38): the complaints desk's queue, a tab each for open, waiting for the customer and
 * resolved, with the count of each and of the overdue. Each ticket shows how long ago it came, its acknowledge-by
 * (48 hours) and resolve-by (one month), the overdue marked and listed first (the API orders them). Permission
 * `complaints`.
 */
import { Link } from 'react-router';
import type { AdminComplaintQueue } from '@milli/contracts/schemas';
import { COMPLAINT_CATEGORY_LABELS, COMPLAINT_PROMISE } from '@milli/contracts';
import type { Route } from './+types/complaints';
import { PageHeader, StatusBadge } from '../../components/admin/admin-shell.tsx';
import { adminApi } from '../../lib/admin.server.ts';
import { ADMIN_PATHS } from '../../lib/admin-nav.ts';
import { QUEUES, STATUS_LABEL, STATUS_TONE, ago, deskTime, isOverdue, reachedBy } from '../../features/admin-complaints/desk-format.ts';
import { Deadline } from '../../features/admin-complaints/deadline.tsx';
import '../../features/admin-orders/admin-orders.css';
import '../../features/admin-complaints/admin-complaints.css';

export const meta: Route.MetaFunction = () => [{ title: 'Complaints · Back office' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const q = new URL(request.url).searchParams;
  const asked = q.get('queue') ?? 'open';
  const queue: AdminComplaintQueue = QUEUES.some((t) => t.queue === asked) ? (asked as AdminComplaintQueue) : 'open';
  const page = Math.max(1, Math.min(10_000, Number.parseInt(q.get('page') ?? '1', 10) || 1));
  return { list: await adminApi(context, request).get(`/api/admin/complaints?queue=${queue}&page=${page}`) };
}

const queueHref = (queue: AdminComplaintQueue, page = 1) => `${ADMIN_PATHS.complaints}?queue=${queue}${page > 1 ? `&page=${page}` : ''}`;

export default function Complaints({ loaderData: { list } }: Route.ComponentProps) {
  const { now } = list;
  return (
    <>
      <PageHeader
        title="Complaints"
        description={`Every complaint is acknowledged within ${COMPLAINT_PROMISE.acknowledge} and resolved within ${COMPLAINT_PROMISE.resolve} (E-Commerce Rules 2020, rule 4(5)). Overdue tickets come first.`}
      />
      {list.counts.overdue > 0 && (
        <p className="adm-complaint-overdue-note" role="status">
          <strong>{list.counts.overdue}</strong> {list.counts.overdue === 1 ? 'ticket is' : 'tickets are'} past a deadline.
        </p>
      )}
      <nav className="adm-order-tabs" aria-label="Complaint queues">
        <ul>
          {QUEUES.map((t) => {
            const here = t.queue === list.queue;
            return (
              <li key={t.queue}>
                <Link to={queueHref(t.queue)} aria-current={here ? 'page' : undefined} className={here ? 'is-current' : undefined}>
                  {t.label} <span className="adm-order-tabs__count">{list.counts[t.queue]}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {list.data.length === 0 ? (
        <p className="adm-muted">
          {list.queue === 'resolved' ? 'No complaint is resolved yet.' : list.queue === 'waiting' ? 'No complaint waits for a customer.' : 'No open complaint.'}
        </p>
      ) : (
        <div className="adm-order-scroll">
          <table className="adm-order-table adm-complaint-table">
            <caption className="adm-visually-hidden">Complaints: {QUEUES.find((t) => t.queue === list.queue)?.label}</caption>
            <thead>
              <tr>
                <th scope="col">Ticket</th>
                <th scope="col">Complainant</th>
                <th scope="col">Came in</th>
                {list.queue === 'resolved' ? (
                  <th scope="col">Resolved</th>
                ) : (
                  <>
                    <th scope="col">Acknowledge by</th>
                    <th scope="col">Resolve by</th>
                  </>
                )}
              </tr>
            </thead>
            <tbody>
              {list.data.map((c) => (
                <tr key={c.ticketNumber} className={isOverdue(c) ? 'is-overdue' : undefined}>
                  <th scope="row">
                    <Link to={ADMIN_PATHS.complaint(c.ticketNumber)} className="adm-nowrap">
                      {c.ticketNumber}
                    </Link>
                    <span className="adm-complaint-subject">{c.subject}</span>
                    <span className="adm-order-sub">
                      {COMPLAINT_CATEGORY_LABELS[c.category]}
                      {c.orderNumber && <> · order {c.orderNumber}</>}
                    </span>
                    <StatusBadge tone={isOverdue(c) ? 'danger' : STATUS_TONE[c.status]}>{isOverdue(c) ? 'Overdue' : STATUS_LABEL[c.status]}</StatusBadge>
                  </th>
                  <td className="adm-complaint-who-cell">
                    {c.complainant.name ?? '—'}
                    <span className="adm-order-sub" title={c.complainant.email ?? c.complainant.phone ?? undefined}>
                      {reachedBy(c.complainant)}
                    </span>
                  </td>
                  <td>
                    <time dateTime={c.createdAt} title={deskTime(c.createdAt)}>
                      {ago(c.createdAt, now)}
                    </time>
                    <span className="adm-order-sub">{c.lastFrom === 'customer' ? 'Customer wrote last' : 'We wrote last'}</span>
                  </td>
                  {list.queue === 'resolved' ? (
                    <td className="adm-nowrap">{c.resolvedAt && <time dateTime={c.resolvedAt}>{deskTime(c.resolvedAt)}</time>}</td>
                  ) : (
                    <>
                      <td>
                        {c.acknowledgedAt ? (
                          <span className="adm-order-sub">Acknowledged {ago(c.acknowledgedAt, now)}</span>
                        ) : (
                          <Deadline at={c.acknowledgeBy} now={now} overdue={c.overdue.acknowledge} />
                        )}
                      </td>
                      <td>
                        <Deadline at={c.resolveBy} now={now} overdue={c.overdue.resolve} />
                      </td>
                    </>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.totalPages > 1 && (
        <nav className="adm-complaint-pages" aria-label="Pages">
          {list.page > 1 && <Link to={queueHref(list.queue, list.page - 1)}>← Previous page</Link>}
          <span>
            Page {list.page} of {list.totalPages}
          </span>
          {list.page < list.totalPages && <Link to={queueHref(list.queue, list.page + 1)}>Next page →</Link>}
        </nav>
      )}
    </>
  );
}
