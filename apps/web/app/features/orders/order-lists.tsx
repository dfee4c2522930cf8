import { Link } from 'react-router';

/** The four order lists of My Account (spec §2); the custom list opens designs, the others order details. */
export const ORDER_LISTS = [
  { path: '/active-orders', title: 'Active Orders', action: 'View details' },
  { path: '/completed-orders', title: 'Delivered Orders', action: 'View details' },
  { path: '/custom-orders', title: 'Customized Orders', action: 'View Design' },
  { path: '/cancelled-orders', title: 'Cancelled Orders', action: 'View details' },
] as const;

export type OrderList = (typeof ORDER_LISTS)[number];

export function orderListFor(pathname: string): OrderList {
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  return ORDER_LISTS.find((l) => l.path === path) ?? ORDER_LISTS[0];
}

/** The pills that switch between the four lists, shared by every list screen. */
export function OrderListNav({ current }: { current: OrderList['path'] }) {
  return (
    <nav aria-label="Order lists" className="pill-nav">
      <ul>
        {ORDER_LISTS.map((l) => (
          <li key={l.path}>
            <Link to={l.path} aria-current={l.path === current ? 'page' : undefined}>
              {l.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The spec's columns of every order list (My Order, Order ID, Order Date, Order Status, and the action). */
export function OrderTableHead({ action }: { action: OrderList['action'] }) {
  return (
    <thead>
      <tr>
        <th scope="col">My Order</th>
        <th scope="col">Order ID</th>
        <th scope="col">Order Date</th>
        <th scope="col">Order Status</th>
        <th scope="col">
          <span className="visually-hidden">{action}</span>
        </th>
      </tr>
    </thead>
  );
}
