import { Link, useLocation } from 'react-router';
import { formatRupees } from '@milli/pricing';
import { OrderListNav, orderListFor as listFor, OrderTableHead } from '../features/orders/order-lists.tsx';
import { loginRedirect } from '../lib/safe-redirect.ts';
import { listKindOf, loadOrderList, type OrderListData } from '../features/orders/orders.server.ts';
import { StatusBadge, orderDate } from '../features/orders/order-parts.tsx';
import { FormAlert } from '../components/forms/form-bits.tsx';
import type { Route } from './+types/order-list';
import { serverApi } from '../lib/api.server.ts';
import { loadSessionUser } from '../lib/session.ts';
import { pageTitle } from '../lib/meta.ts';
import { payPagePath } from '../lib/payment-step.ts';
import { PageBanner } from '../components/layout/page-banner.tsx';
import '../styles/screens/shells.css';
import '../styles/screens/orders.css';

export const meta: Route.MetaFunction = ({ location }) => [{ title: pageTitle(listFor(location.pathname).title) }, { name: 'robots', content: 'noindex' }];

/**
 * Order lists (spec §2; DECISIONS §2: the customer's real orders, not sample rows). Guests go to /login.
 * The custom list belongs to the custom-design module; until it takes /custom-orders over, that list
 * stays empty here.
 */
export async function loader({ request, context }: Route.LoaderArgs): Promise<OrderListData> {
  const url = new URL(request.url);
  const api = serverApi(context);
  const kind = listKindOf(listFor(url.pathname).path);
  if (!kind) {
    if (!(await loadSessionUser(api))) throw loginRedirect(url);
    return { orders: { data: [], currentPage: 1, totalPages: 0, totalResults: 0 } };
  }
  return loadOrderList(api, kind, url);
}

const EMPTY: Record<string, { title: string; text: string }> = {
  '/active-orders': { title: 'No active orders', text: 'When you place an order, you can follow it here until it reaches you.' },
  '/completed-orders': { title: 'No delivered orders yet', text: 'Orders that have reached you are kept here, with their invoices.' },
  '/custom-orders': { title: 'No orders yet', text: 'When you place an order, you can follow it here.' },
  '/cancelled-orders': { title: 'No cancelled orders', text: 'Orders you cancel are listed here.' },
};

export default function OrderList({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const list = listFor(pathname);
  const { orders } = loaderData;
  const rows = orders?.data ?? [];
  const empty = EMPTY[list.path]!;
  const pageLink = (page: number) => `${list.path}${page > 1 ? `?page=${page}` : ''}`;
  return (
    <>
      <PageBanner title={list.title} parents={[{ label: 'My Account', href: '/account?tab=orders' }]} />
      <div className="section">
        <div className="container">
          <OrderListNav current={list.path} />
          {!orders && <FormAlert tone="error">We could not load your orders just now. Please try again in a moment.</FormAlert>}
          <div className="table-wrap card">
            <table className="table order-table">
              <caption className="visually-hidden">
                {list.title}
                {orders && orders.totalPages > 1 ? `, page ${orders.currentPage} of ${orders.totalPages}` : ''}
              </caption>
              <OrderTableHead action={list.action} />
              <tbody>
                {rows.map((row) => (
                  <tr key={row.orderId}>
                    <td data-label="My Order">
                      <div className="order-item">
                        {row.firstItemImage && <img src={row.firstItemImage} alt="" width={56} height={56} loading="lazy" className="order-item-image" />}
                        <div>
                          <p className="order-item-name">{row.firstItemName}</p>
                          <p className="muted order-item-meta">
                            {row.itemCount > 1 ? `${row.itemCount} items · ` : ''}
                            {formatRupees(row.totalPaise)}
                          </p>
                        </div>
                      </div>
                    </td>
                    <td data-label="Order ID" className="order-number">
                      {row.orderNumber}
                    </td>
                    <td data-label="Order Date">
                      <time dateTime={row.date}>{orderDate(row.date)}</time>
                    </td>
                    <td data-label="Order Status">
                      <StatusBadge status={row.displayStatus} />
                    </td>
                    <td className="order-action">
                      {row.status === 'Awaiting payment' && (
                        // A whole new document: only the payment step's CSP lets the gateway's checkout in.
                        <Link to={payPagePath(row.orderNumber)} reloadDocument className="btn btn-primary btn-sm">
                          Pay now
                          <span className="visually-hidden"> for order {row.orderNumber}</span>
                        </Link>
                      )}
                      <Link to={`/order-details?order=${encodeURIComponent(row.orderNumber)}`} className="btn btn-outline btn-sm">
                        {list.action}
                        <span className="visually-hidden"> of order {row.orderNumber}</span>
                      </Link>
                    </td>
                  </tr>
                ))}
                {orders && rows.length === 0 && (
                  <tr>
                    <td colSpan={5}>
                      <div className="empty-state">
                        <p className="empty-state-title">{empty.title}</p>
                        <p className="muted">{empty.text}</p>
                        <Link to={list.path === '/custom-orders' ? '/custom-design' : '/alljewellery'} className="btn btn-outline btn-sm">
                          {list.path === '/custom-orders' ? 'Design a piece' : 'Start shopping'}
                        </Link>
                      </div>
                    </td>
                  </tr>
                )}
              </tbody>
            </table>
          </div>
          {orders && orders.totalPages > 1 && (
            <nav aria-label="Pages of this list" className="order-pages">
              {orders.currentPage > 1 ? (
                <Link to={pageLink(orders.currentPage - 1)} className="btn btn-outline btn-sm" rel="prev">
                  Previous
                </Link>
              ) : (
                <span />
              )}
              <span className="muted">
                Page {orders.currentPage} of {orders.totalPages}
              </span>
              {orders.currentPage < orders.totalPages ? (
                <Link to={pageLink(orders.currentPage + 1)} className="btn btn-outline btn-sm" rel="next">
                  Next
                </Link>
              ) : (
                <span />
              )}
            </nav>
          )}
        </div>
      </div>
    </>
  );
}
