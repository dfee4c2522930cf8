/**
 * /admin/customers (issue 38): the customer desk's search. By name, username, e-mail, a phone number (the profile's,
 * an address book's or an order's) or an order number; newest customers first. Each row opens the customer's record.
 */
import { Link } from 'react-router';
import type { Route } from './+types/customers';
import { PageHeader, StatusBadge } from '../../components/admin/admin-shell.tsx';
import { EmptyState, ListTable, ListToolbar, Pagination } from '../../components/admin/list-kit.tsx';
import { adminApi } from '../../lib/admin.server.ts';
import { apiListQuery, readListState, type ListDefaults } from '../../lib/admin-list.ts';
import { ADMIN_PATHS } from '../../lib/admin-nav.ts';
import { showDate } from '../../features/admin-customers/customer-view.ts';
import '../../features/admin-customers/admin-customers.css';

export const meta: Route.MetaFunction = () => [{ title: 'Customers · Back office' }];

const DEFAULTS: ListDefaults = { sort: 'newest', filters: [] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = await adminApi(context, request).get(`/api/admin/customers?${apiListQuery(url, DEFAULTS.filters)}`);
  return { page, list: readListState(url, DEFAULTS) };
}

export default function Customers({ loaderData: { page, list } }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Customers"
        description="Find a customer to see what we hold about them, correct it, note a call, or carry out their request to download or erase their data."
      />
      <ListToolbar list={list} searchLabel="Search customers" searchPlaceholder="Name, e-mail, phone or order number" />
      <ListTable
        list={list}
        page={page}
        defaults={DEFAULTS}
        caption="Customers, newest first"
        rowKey={(r) => r.id}
        columns={[
          {
            key: 'name',
            label: 'Customer',
            rowHeader: true,
            sort: 'name',
            cell: (r) => (
              <>
                <Link to={ADMIN_PATHS.customer(r.id)}>{r.name}</Link>
                {r.erased && (
                  <>
                    {' '}
                    <StatusBadge tone="neutral">Erased</StatusBadge>
                  </>
                )}
              </>
            ),
          },
          {
            key: 'contact',
            label: 'E-mail · mobile',
            cell: (r) =>
              r.erased ? (
                <span className="adm-muted">–</span>
              ) : (
                <>
                  <span className="cu-wrap">{r.email}</span>
                  {r.mobile && (
                    <>
                      <br />
                      <span className="adm-muted">{r.mobile}</span>
                    </>
                  )}
                </>
              ),
          },
          { key: 'orders', label: 'Orders', align: 'end', cell: (r) => r.orderCount },
          {
            key: 'last',
            label: 'Last order',
            cell: (r) => (r.lastOrderAt ? <span className="adm-nowrap">{showDate(r.lastOrderAt)}</span> : <span className="adm-muted">–</span>),
          },
          { key: 'joined', label: 'Joined', cell: (r) => <span className="adm-nowrap">{showDate(r.createdAt)}</span> },
        ]}
        empty={<EmptyState title={list.q ? 'No customer matches' : 'No customers yet'} />}
      />
      <Pagination list={list} page={page} defaults={DEFAULTS} />
    </>
  );
}
