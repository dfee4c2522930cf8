/**
 * /admin/returns (issue 20): the returns desk's queue, a tab per status with its count (the oldest first in a
 * status, the newest first in All). Each row opens the return (/admin/returns/:id).
 */
import { Link } from 'react-router';
import { formatRupees } from '@milli/pricing';
import type { ReturnStatus } from '@milli/contracts/schemas';
import type { Route } from './+types/returns';
import { PageHeader, StatusBadge } from '../../components/admin/admin-shell.tsx';
import { adminApi } from '../../lib/admin.server.ts';
import { ADMIN_PATHS } from '../../lib/admin-nav.ts';
import { shopDateTime } from '../../features/admin-shop/shop-forms.ts';
import { RETURN_QUEUES, RETURN_TONE } from '../../features/admin-returns/return-desk.ts';
import '../../features/admin-orders/admin-orders.css';

export const meta: Route.MetaFunction = () => [{ title: 'Returns · Back office' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const asked = new URL(request.url).searchParams.get('status') ?? '';
  const status = RETURN_QUEUES.some((q) => q.status === asked) ? (asked as ReturnStatus | '') : '';
  const admin = adminApi(context, request);
  const page = await (status ? admin.get(`/api/admin/returns?status=${encodeURIComponent(status)}`) : admin.get('/api/admin/returns'));
  return { page, status };
}

export default function Returns({ loaderData: { page, status } }: Route.ComponentProps) {
  const total = Object.values(page.counts).reduce((sum, n) => sum + (n ?? 0), 0);
  return (
    <>
      <PageHeader
        title="Returns"
        description="Returns asked for within the window. Open one to approve, schedule the pickup, receive, check, refund or refuse it."
      />
      <nav className="adm-order-tabs" aria-label="Return queues">
        <ul>
          {RETURN_QUEUES.map((q) => {
            const here = q.status === status;
            return (
              <li key={q.label}>
                <Link
                  to={q.status ? `${ADMIN_PATHS.returns}?status=${encodeURIComponent(q.status)}` : ADMIN_PATHS.returns}
                  aria-current={here ? 'page' : undefined}
                  className={here ? 'is-current' : undefined}
                >
                  {q.label} <span className="adm-order-tabs__count">{q.status === '' ? total : (page.counts[q.status] ?? 0)}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {page.data.length === 0 ? (
        <p className="adm-muted">{status ? `No returns are ${status.toLowerCase()}.` : 'No returns yet.'}</p>
      ) : (
        <div className="adm-order-scroll">
          <table className="adm-order-table">
            <caption className="adm-visually-hidden">Returns{status ? `: ${status}` : ''}</caption>
            <thead>
              <tr>
                <th scope="col">Return</th>
                <th scope="col">Asked</th>
                <th scope="col">Customer</th>
                <th scope="col" className="num">
                  Amount
                </th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {page.data.map((r) => (
                <tr key={r.id}>
                  <th scope="row" className="adm-nowrap">
                    <Link to={ADMIN_PATHS.returnCase(r.id)}>Return {r.id}</Link>
                    <span className="adm-order-sub">
                      Order {r.orderNumber} · {r.pieces} {r.pieces === 1 ? 'piece' : 'pieces'}
                    </span>
                  </th>
                  <td className="adm-nowrap">
                    <time dateTime={r.createdAt}>{shopDateTime(r.createdAt)}</time>
                  </td>
                  <td>
                    {r.customerName}
                    <span className="adm-order-sub adm-order-email">{r.customerEmail}</span>
                  </td>
                  <td className="num adm-nowrap">
                    {formatRupees(r.amountPaise)}
                    <span className="adm-order-sub">{r.refundMethod === 'store_credit' ? 'Store credit' : 'Original payment'}</span>
                  </td>
                  <td>
                    <StatusBadge tone={RETURN_TONE[r.status]}>{r.status}</StatusBadge>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
