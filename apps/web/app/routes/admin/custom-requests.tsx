/**
 * /admin/custom-requests (issue 19): the design desk's queue of custom design requests. New work first (Requested,
 * and Rejected: a new version is due), then Approved (to start making), Making, and what waits on the customer;
 * oldest first within each. Filtered by status with a plain GET form. Each row links to the request's page.
 */
import { Form, Link } from 'react-router';
import type { Route } from './+types/custom-requests';
import { PageHeader, StatusBadge } from '../../components/admin/admin-shell.tsx';
import { EmptyState } from '../../components/admin/list-kit.tsx';
import { adminApi } from '../../lib/admin.server.ts';
import { ADMIN_PATHS } from '../../lib/admin-nav.ts';
import { STATUS_TONE, dayOf } from '../../features/admin-design/design-format.ts';
import '../../features/admin-design/admin-design.css';

export const meta: Route.MetaFunction = () => [{ title: 'Custom requests · Back office' }];

const STATUSES = ['Requested', 'Rejected', 'Design Shared', 'Approved', 'Making', 'Picked', 'Out for Delivery', 'Delivered', 'Cancelled'] as const;
const PER_PAGE = 50;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const status = url.searchParams.get('status') ?? '';
  const pageNo = Math.max(1, Math.min(100_000, Number(url.searchParams.get('page')) || 1));
  const query = new URLSearchParams({ page: String(pageNo), perPage: String(PER_PAGE) });
  if ((STATUSES as readonly string[]).includes(status)) query.set('status', status);
  const page = await adminApi(context, request).get(`/api/admin/custom-requests?${query}`);
  return { page, status: query.get('status') ?? '' };
}

export default function CustomRequests({ loaderData: { page, status } }: Route.ComponentProps) {
  const pages = Math.max(1, Math.ceil(page.total / page.perPage));
  const link = (n: number) => `?${new URLSearchParams({ ...(status ? { status } : {}), page: String(n) })}`;
  return (
    <>
      <PageHeader
        title="Custom requests"
        description="Customers’ requests for a made-to-order piece: share a CAD design, start making once the advance is paid, record the made piece."
      />
      <Form method="get" className="adm-toolbar" role="search" aria-label="Filter custom requests">
        <div className="adm-toolbar__filter">
          <label htmlFor="status-filter" className="adm-label">
            Status
          </label>
          <select id="status-filter" name="status" defaultValue={status} className="adm-input adm-select">
            <option value="">All (new work first)</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        <div className="adm-toolbar__actions">
          <button type="submit" className="adm-button adm-button--secondary">
            Show
          </button>
        </div>
      </Form>
      {page.data.length === 0 ? (
        <EmptyState title={status ? `No request is ${status}` : 'No custom design requests yet'} />
      ) : (
        <div className="adm-table-wrap">
          <table className="adm-table">
            <caption className="adm-visually-hidden">Custom design requests{status ? `, ${status}` : ', new work first'}</caption>
            <thead>
              <tr>
                <th scope="col">Picture</th>
                <th scope="col">Request</th>
                <th scope="col">Customer</th>
                <th scope="col">Status</th>
                <th scope="col">Design</th>
                <th scope="col">Asked</th>
              </tr>
            </thead>
            <tbody>
              {page.data.map((r) => (
                <tr key={r.id}>
                  <td>{r.thumbUrl ? <img className="adm-design-thumb" src={r.thumbUrl} alt="" loading="lazy" /> : <span className="adm-muted">—</span>}</td>
                  <th scope="row">
                    <Link to={ADMIN_PATHS.customRequest(r.id)}>{r.number}</Link>
                    <br />
                    <span className="adm-muted">{r.title}</span>
                  </th>
                  <td>
                    {r.customerName}
                    <br />
                    <a href={`mailto:${r.customerEmail}`} style={{ overflowWrap: 'anywhere' }}>
                      {r.customerEmail}
                    </a>
                  </td>
                  <td>
                    <StatusBadge tone={STATUS_TONE[r.status] ?? 'neutral'}>{r.status}</StatusBadge>
                  </td>
                  <td>{r.latestDesign ? `v${r.latestDesign.version} ${r.latestDesign.status}` : <span className="adm-muted">None yet</span>}</td>
                  <td className="adm-nowrap">
                    <time dateTime={r.createdAt}>{dayOf(r.createdAt)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 && (
        <nav className="adm-pagination" aria-label="Pages">
          <span className="adm-pagination__summary">
            Page {page.page} of {pages} ({page.total} requests)
          </span>
          {page.page > 1 && <Link to={link(page.page - 1)}>Previous</Link>}
          {page.page < pages && <Link to={link(page.page + 1)}>Next</Link>}
        </nav>
      )}
    </>
  );
}
