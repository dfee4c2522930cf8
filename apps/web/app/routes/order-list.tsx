import { Link, useLocation } from 'react-router';
import { OrderListNav, orderListFor as listFor } from '../features/orders/order-lists.tsx';
import type { Route } from './+types/order-list';
import { pageTitle } from '../lib/meta.ts';
import { PageBanner } from '../components/layout/page-banner.tsx';
import '../styles/screens/shells.css';

export const meta: Route.MetaFunction = ({ location }) => [
  { title: pageTitle(listFor(location.pathname).title) },
  { name: 'robots', content: 'noindex' },
];

/**
 * Order lists (spec §2; DECISIONS §2: the customer's real orders, not sample rows). Loading the orders
 * is a later issue; until then the list is empty, and says so.
 */
export default function OrderList() {
  const { pathname } = useLocation();
  const list = listFor(pathname);
  return (
    <>
      <PageBanner title={list.title} parents={[{ label: 'My Account', href: '/account?tab=orders' }]} />
      <div className="section">
        <div className="container">
          <OrderListNav current={list.path} />
          <div className="table-wrap card">
            <table className="table">
              <caption className="visually-hidden">{list.title}</caption>
              <thead>
                <tr>
                  <th scope="col">My Order</th>
                  <th scope="col">Order ID</th>
                  <th scope="col">Order Date</th>
                  <th scope="col">Order Status</th>
                  <th scope="col">{list.action}</th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <td colSpan={5}>
                    <div className="empty-state">
                      <p className="empty-state-title">No orders yet</p>
                      <p className="muted">When you place an order, you can follow it here.</p>
                      <Link to={list.path === '/custom-orders' ? '/custom-design' : '/alljewellery'} className="btn btn-outline btn-sm">
                        {list.path === '/custom-orders' ? 'Design a piece' : 'Start shopping'}
                      </Link>
                    </div>
                  </td>
                </tr>
              </tbody>
            </table>
          </div>
        </div>
      </div>
    </>
  );
}
