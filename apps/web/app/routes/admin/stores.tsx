/**
 * /admin/stores (issue 17): the showrooms the store locator (/store) lists, searched by name, city, address or
 * pincode, filtered open or hidden, sorted as the locator shows them, by name or by city.
 */
import { Link } from 'react-router';
import type { Route } from './+types/stores';
import { PageHeader, StatusBadge } from '../../components/admin/admin-shell.tsx';
import { EmptyState, ListTable, ListToolbar, Pagination } from '../../components/admin/list-kit.tsx';
import { adminApi } from '../../lib/admin.server.ts';
import { apiListQuery, readListState, type ListDefaults } from '../../lib/admin-list.ts';
import { ADMIN_PATHS } from '../../lib/admin-nav.ts';
import '../../features/admin-shop/admin-shop.css';

export const meta: Route.MetaFunction = () => [{ title: 'Stores · Back office' }];

const DEFAULTS: ListDefaults = { sort: 'order', filters: ['active'] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = await adminApi(context, request).get(`/api/admin/stores?${apiListQuery(url, DEFAULTS.filters)}`);
  return { page, list: readListState(url, DEFAULTS), deleted: url.searchParams.get('deleted') };
}

export default function Stores({ loaderData: { page, list, deleted } }: Route.ComponentProps) {
  const add = (
    <Link to={`${ADMIN_PATHS.stores}/new`} className="adm-button adm-button--primary">
      New store
    </Link>
  );
  return (
    <>
      <PageHeader
        title="Stores"
        description={
          <>
            The showrooms the <a href="/store">store locator</a> lists, city by city in the order given here. Changes show there at once.
          </>
        }
        actions={add}
      />
      {deleted && (
        <div className="adm-banner adm-banner--success" role="status">
          <p>{deleted} is removed from the store locator.</p>
        </div>
      )}
      <ListToolbar
        list={list}
        searchLabel="Search stores"
        searchPlaceholder="Name, city, address or pincode"
        filters={[
          {
            name: 'active',
            label: 'Shown',
            options: [
              { value: 'yes', label: 'In the locator' },
              { value: 'no', label: 'Hidden' },
            ],
          },
        ]}
      />
      <ListTable
        list={list}
        page={page}
        defaults={DEFAULTS}
        caption="Stores"
        rowKey={(s) => s.id}
        columns={[
          { key: 'city', label: 'City', sort: 'city', cell: (s) => s.city },
          { key: 'name', label: 'Name', sort: 'name', rowHeader: true, cell: (s) => <Link to={`${ADMIN_PATHS.stores}/${s.id}`}>{s.name}</Link> },
          { key: 'pincode', label: 'Pincode', cell: (s) => s.pincode },
          { key: 'phone', label: 'Phone', className: 'adm-nowrap', cell: (s) => s.phone },
          { key: 'order', label: 'Order', sort: 'order', align: 'end', cell: (s) => s.sortOrder },
          {
            key: 'active',
            label: 'Shown',
            cell: (s) => (s.active ? <StatusBadge tone="success">In the locator</StatusBadge> : <StatusBadge tone="warning">Hidden</StatusBadge>),
          },
        ]}
        empty={<EmptyState title={list.q || list.filters.active ? 'No store matches' : 'No stores yet'} action={add} />}
      />
      <Pagination list={list} page={page} defaults={DEFAULTS} />
    </>
  );
}
