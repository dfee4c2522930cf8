/**
 * /admin/orders (issues 19 and 39): the orders desk's queues. A tab per status with how many orders wait in it (the
 * API's `counts`), and All; the search (order number, customer's name or e-mail, phone, PIN), the days placed
 * (`from`, `to`) and the payment method keep the tab, all in one GET form; the list exports as CSV with the same
 * filters. Rows are one line each, so twenty fit a 900 px screen. Ticked rows move on together: Mark picked, and on
 * the Picked tab Dispatch, with the courier once and each row's own AWB (an AWB is issued per parcel). Each order
 * is moved by the single order's step on the server, and the answer says what happened to each.
 * Above the list, the tax invoices of the orders dispatched between two dates print as one PDF.
 */
import { Form, Link, useActionData, useNavigation } from 'react-router';
import { formatRupees } from '@milli/pricing';
import type { AdminOrderRow } from '@milli/contracts/schemas';
import type { Route } from './+types/orders';
import { PageHeader, StatusBadge } from '../../components/admin/admin-shell.tsx';
import { EmptyState, ListTable, ListToolbar, Pagination } from '../../components/admin/list-kit.tsx';
import { FormError, SavedNotice } from '../../components/admin/form-kit.tsx';
import { adminApi } from '../../lib/admin.server.ts';
import { apiListQuery, listHref, readListState, type ListDefaults } from '../../lib/admin-list.ts';
import { ADMIN_PATHS } from '../../lib/admin-nav.ts';
import { ORDER_QUEUES, ORDER_TONE, bulkOrders, shortDateTime } from '../../features/admin-orders/order-desk.ts';
import { InvoiceBatchForm } from '../../features/admin-orders/print-links.tsx';
import '../../features/admin-orders/admin-orders.css';

export const meta: Route.MetaFunction = () => [{ title: 'Orders · Back office' }];

const FILTERS = ['status', 'from', 'to', 'method'] as const;
const DEFAULTS: ListDefaults = { sort: 'placed', dir: 'desc', filters: FILTERS };
const METHOD_OPTIONS = [
  { value: 'online', label: 'Online' },
  { value: 'cod', label: 'Pay on delivery' },
] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const list = readListState(url, DEFAULTS);
  // A status the queues do not know is left out rather than refused: the tab falls back to All.
  if (list.filters.status && !ORDER_QUEUES.some((q) => q.status === list.filters.status)) {
    list.filters.status = '';
    url.searchParams.delete('status');
  }
  const query = new URLSearchParams(apiListQuery(url, FILTERS));
  if (!query.has('dir')) query.set('dir', list.dir);
  const page = await adminApi(context, request).get(`/api/admin/orders?${query}`);
  // The export takes the same search, queue, filters and order (GET /api/admin/orders.csv); never a page.
  query.delete('page');
  query.delete('perPage');
  return { page, list, exportHref: `/api/admin/orders.csv?${query}` };
}

/** Bulk moves: the ticked orders (`orders`), Mark picked or Dispatch with the courier and each row's `awb:<number>`. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const request_ = bulkOrders(form);
  if (!request_.ok) return { ok: false as const, message: request_.message, results: [] };
  const result = await adminApi(context, request).send('POST', '/api/admin/orders/bulk-status', request_.body);
  if (!result.ok) return { ok: false as const, message: result.refusal.message, results: [] };
  const { moved, refused } = result.data;
  // The API's one line names every refusal; the page lists them by order instead, so its banner says the counts.
  const summary = refused === 0 ? result.data.message : `${moved > 0 ? `${moved} marked ${request_.body.status}; ` : ''}${refused} refused:`;
  return { ok: refused === 0, message: summary, results: result.data.results.filter((r) => !r.ok) };
}

export default function Orders({ loaderData: { page, list, exportHref } }: Route.ComponentProps) {
  const current = list.filters.status ?? '';
  const total = Object.values(page.counts).reduce((sum, n) => sum + (n ?? 0), 0);
  const done = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formMethod?.toUpperCase() === 'POST';
  const dispatching = current === 'Picked';
  return (
    <div className="adm-orders-desk">
      <PageHeader
        title="Orders"
        description="Open an order to pack, dispatch or cancel it; tick several to move them together."
        actions={
          <a href={exportHref} className="adm-button adm-button--secondary" download>
            Export these as CSV
          </a>
        }
      />
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
      <ListToolbar
        list={list}
        searchLabel="Search orders"
        searchPlaceholder="Order number, customer, phone or PIN"
        filters={[{ name: 'method', label: 'Payment', options: METHOD_OPTIONS, allLabel: 'Any' }]}
        fields={
          <>
            <div className="adm-toolbar__filter adm-toolbar__filter--date">
              <label htmlFor="adm-list-from" className="adm-label">
                Placed from
              </label>
              <input id="adm-list-from" type="date" name="from" defaultValue={list.filters.from ?? ''} className="adm-input" />
            </div>
            <div className="adm-toolbar__filter adm-toolbar__filter--date">
              <label htmlFor="adm-list-to" className="adm-label">
                to
              </label>
              <input id="adm-list-to" type="date" name="to" defaultValue={list.filters.to ?? ''} className="adm-input" />
            </div>
          </>
        }
      >
        {current && <input type="hidden" name="status" value={current} />}
      </ListToolbar>
      {done &&
        (done.ok ? (
          <SavedNotice message={done.message} />
        ) : (
          <FormError message={done.message}>
            {done.results.length > 0 && (
              <ul className="adm-order-refusals">
                {done.results.map((r) => (
                  <li key={r.orderNumber}>
                    <Link to={ADMIN_PATHS.order(r.orderNumber)}>{r.orderNumber}</Link> {r.message.replace(`${r.orderNumber}: `, '')}
                  </li>
                ))}
              </ul>
            )}
          </FormError>
        ))}
      <Form method="post" className="adm-order-bulk">
        <ListTable
          list={list}
          page={page}
          defaults={DEFAULTS}
          caption={`Orders${current ? `: ${current}` : ''}, ${list.sort === 'total' ? 'by total' : 'by date placed'}`}
          rowKey={(r) => r.orderNumber}
          bulk={{
            name: 'orders',
            label: (r) => `Select ${r.orderNumber}`,
            actions: (
              <>
                <button type="submit" name="intent" value="picked" className="adm-button adm-button--secondary adm-button--small" disabled={busy}>
                  Mark picked
                </button>
                {dispatching && (
                  <>
                    <label htmlFor="adm-bulk-courier" className="adm-label adm-order-bulk__courier">
                      Courier
                    </label>
                    <input id="adm-bulk-courier" name="courierName" className="adm-input adm-input--small" maxLength={60} placeholder="Blue Dart" />
                    <button type="submit" name="intent" value="dispatch" className="adm-button adm-button--primary adm-button--small" disabled={busy}>
                      Dispatch ticked
                    </button>
                  </>
                )}
              </>
            ),
          }}
          columns={[
            {
              key: 'order',
              label: 'Order',
              rowHeader: true,
              className: 'adm-nowrap',
              cell: (r) => (
                <>
                  <Link to={ADMIN_PATHS.order(r.orderNumber)}>{r.orderNumber}</Link>
                  {r.custom && (
                    <abbr className="adm-order-mark" title="Made to order">
                      MTO
                    </abbr>
                  )}
                </>
              ),
            },
            {
              key: 'placed',
              label: 'Placed',
              sort: 'placed',
              className: 'adm-nowrap',
              cell: (r) => <time dateTime={r.placedAt}>{shortDateTime(r.placedAt)}</time>,
            },
            { key: 'customer', label: 'Customer', className: 'adm-order-clip', cell: (r) => <span title={r.customerEmail}>{r.customerName}</span> },
            { key: 'phone', label: 'Phone', className: 'adm-nowrap adm-order-wide', cell: (r) => r.phone ?? '' },
            { key: 'ship', label: 'Ship to', className: 'adm-order-clip', cell: (r) => [r.city, r.pincode].filter(Boolean).join(' ') },
            { key: 'pieces', label: 'Pcs', align: 'end', className: 'adm-order-wide', cell: (r) => r.itemCount },
            {
              key: 'total',
              label: 'Total',
              sort: 'total',
              align: 'end',
              className: 'adm-nowrap',
              cell: (r) => formatRupees(r.totalPaise),
            },
            { key: 'pay', label: 'Pay', className: 'adm-nowrap adm-order-wide', cell: (r) => (r.paymentMethod === 'cod' ? 'On delivery' : 'Online') },
            dispatching
              ? { key: 'awb', label: 'AWB', cell: (r: AdminOrderRow) => <AwbInput orderNumber={r.orderNumber} /> }
              : { key: 'awb', label: 'AWB', className: 'adm-nowrap adm-order-wide', cell: (r: AdminOrderRow) => r.awbNumber ?? '' },
            { key: 'status', label: 'Status', className: 'adm-nowrap', cell: (r) => <StatusBadge tone={ORDER_TONE[r.status]}>{r.status}</StatusBadge> },
          ]}
          empty={
            <EmptyState
              title={
                list.q || list.filters.from || list.filters.to || list.filters.method
                  ? 'No order matches'
                  : current
                    ? `No orders ${current === 'Cancelled' || current === 'Delivered' ? '' : 'waiting '}in ${current}`
                    : 'No orders yet'
              }
            />
          }
        />
      </Form>
      <Pagination list={list} page={page} defaults={DEFAULTS} />
    </div>
  );
}

function AwbInput({ orderNumber }: { orderNumber: string }) {
  return (
    <input
      name={`awb:${orderNumber}`}
      aria-label={`AWB number of ${orderNumber}`}
      className="adm-input adm-input--small adm-order-awb"
      maxLength={30}
      pattern="[A-Za-z0-9\-]{6,30}"
      autoComplete="off"
    />
  );
}
