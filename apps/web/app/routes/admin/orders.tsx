/**
 * /admin/orders (issue 19): the orders desk's queues. A tab per status with how many orders wait in it (the
 * API's `counts`), and All; the search (order number, customer's name or e-mail, phone, PIN) keeps the tab; the
 * common list controls sort by date placed or total and page. Each row's order number opens its page
 * (/admin/orders/:orderNumber). Newest first unless the address says otherwise. Above the list, the tax invoices of
 * the orders dispatched between two dates print as one PDF (issue 39).
 */
import { Link } from 'react-router';
import { formatRupees } from '@milli/pricing';
import type { Route } from './+types/orders';
import { PageHeader, StatusBadge } from '../../components/admin/admin-shell.tsx';
import { EmptyState, ListTable, ListToolbar, Pagination } from '../../components/admin/list-kit.tsx';
import { adminApi } from '../../lib/admin.server.ts';
import { apiListQuery, listHref, readListState, type ListDefaults } from '../../lib/admin-list.ts';
import { ADMIN_PATHS } from '../../lib/admin-nav.ts';
import { shopDateTime } from '../../features/admin-shop/shop-forms.ts';
import { ORDER_QUEUES, ORDER_TONE } from '../../features/admin-orders/order-desk.ts';
import { InvoiceBatchForm } from '../../features/admin-orders/print-links.tsx';
import '../../features/admin-orders/admin-orders.css';

export const meta: Route.MetaFunction = () => [{ title: 'Orders · Back office' }];

const DEFAULTS: ListDefaults = { sort: 'placed', dir: 'desc', filters: ['status'] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const list = readListState(url, DEFAULTS);
  // A status the queues do not know is left out rather than refused: the tab falls back to All.
  if (list.filters.status && !ORDER_QUEUES.some((q) => q.status === list.filters.status)) {
    list.filters.status = '';
    url.searchParams.delete('status');
  }
  const query = new URLSearchParams(apiListQuery(url, DEFAULTS.filters));
  if (!query.has('dir')) query.set('dir', list.dir);
  const page = await adminApi(context, request).get(`/api/admin/orders?${query}`);
  return { page, list };
}

export default function Orders({ loaderData: { page, list } }: Route.ComponentProps) {
  const current = list.filters.status ?? '';
  const total = Object.values(page.counts).reduce((sum, n) => sum + (n ?? 0), 0);
  return (
    <>
      <PageHeader title="Orders" description="Every order by where it is. Open one to confirm, pack (HUIDs and weights), dispatch, deliver or cancel it." />
      <nav className="adm-order-tabs" aria-label="Order queues">
        <ul>
          {ORDER_QUEUES.map((q) => {
            const count = q.status === '' ? total : (page.counts[q.status] ?? 0);
            const here = q.status === current;
            return (
              <li key={q.label}>
                <Link
                  to={listHref(list, { filters: { status: q.status } }, DEFAULTS)}
                  aria-current={here ? 'page' : undefined}
                  className={here ? 'is-current' : undefined}
                >
                  {q.label} <span className="adm-order-tabs__count">{count}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <InvoiceBatchForm />
      <ListToolbar list={list} searchLabel="Search orders" searchPlaceholder="Order number, customer, phone or PIN">
        {current && <input type="hidden" name="status" value={current} />}
      </ListToolbar>
      <ListTable
        list={list}
        page={page}
        defaults={DEFAULTS}
        caption={`Orders${current ? `: ${current}` : ''}, ${list.sort === 'total' ? 'by total' : 'by date placed'}`}
        rowKey={(r) => r.orderNumber}
        columns={[
          {
            key: 'order',
            label: 'Order',
            rowHeader: true,
            className: 'adm-nowrap',
            cell: (r) => (
              <>
                <Link to={ADMIN_PATHS.order(r.orderNumber)}>{r.orderNumber}</Link>
                <span className="adm-order-sub">
                  {r.itemCount} {r.itemCount === 1 ? 'piece' : 'pieces'}
                  {r.custom ? ' · made to order' : ''}
                </span>
              </>
            ),
          },
          { key: 'placed', label: 'Placed', sort: 'placed', cell: (r) => <time dateTime={r.placedAt}>{shopDateTime(r.placedAt)}</time> },
          // The customer with where the order goes, folded into one column so the queue fits 1024 px.
          {
            key: 'customer',
            label: 'Customer and ship to',
            cell: (r) => (
              <>
                {r.customerName}
                <span className="adm-order-sub adm-order-email">{r.customerEmail}</span>
                {r.phone && <span className="adm-order-sub">{r.phone}</span>}
                {(r.city || r.pincode) && <span className="adm-order-sub">To {[r.city, r.pincode].filter(Boolean).join(' ')}</span>}
              </>
            ),
          },
          {
            key: 'total',
            label: 'Total',
            sort: 'total',
            align: 'end',
            className: 'adm-nowrap',
            cell: (r) => (
              <>
                {formatRupees(r.totalPaise)}
                <span className="adm-order-sub">{r.paymentMethod === 'cod' ? 'Pay on delivery' : 'Online'}</span>
              </>
            ),
          },
          { key: 'status', label: 'Status', cell: (r) => <StatusBadge tone={ORDER_TONE[r.status]}>{r.status}</StatusBadge> },
        ]}
        empty={
          <EmptyState
            title={
              list.q
                ? 'No order matches'
                : current
                  ? `No orders ${current === 'Cancelled' || current === 'Delivered' ? '' : 'waiting '}in ${current}`
                  : 'No orders yet'
            }
          />
        }
      />
      <Pagination list={list} page={page} defaults={DEFAULTS} />
    </>
  );
}
