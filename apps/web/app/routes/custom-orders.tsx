import { Link } from 'react-router';
import type { Route } from './+types/custom-orders';
import { serverApi } from '../lib/api.server.ts';
import { pageTitle } from '../lib/meta.ts';
import { PageBanner } from '../components/layout/page-banner.tsx';
import { OrderListNav, ORDER_LISTS, OrderTableHead } from '../features/orders/order-lists.tsx';
import { loadCustomOrders } from '../features/custom-design/actions.server.ts';
import { shortDate } from '../features/custom-design/format.ts';
import { FormAlert } from '../components/forms/form-bits.tsx';
import '../styles/screens/shells.css';
import '../styles/screens/custom-design.css';

const LIST = ORDER_LISTS.find((l) => l.path === '/custom-orders')!;

export const meta: Route.MetaFunction = () => [{ title: pageTitle(LIST.title) }, { name: 'robots', content: 'noindex' }];

/** Guests go to /login; a customer sees their own requests (GET /api/custom-design/requests). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadCustomOrders(serverApi(context), request);
}

/**
 * Customized Orders (spec §2; DECISIONS §2: the customer's real requests): picture and title, number,
 * date, status, and View Design to the CAD page of that request.
 */
export default function CustomOrders({ loaderData }: Route.ComponentProps) {
  const { rows, failed } = loaderData;
  return (
    <>
      <PageBanner title={LIST.title} parents={[{ label: 'My Account', href: '/account?tab=orders' }]} />
      <div className="section">
        <div className="container">
          <OrderListNav current={LIST.path} />
          {failed && <FormAlert tone="error">We could not load your custom orders just now. Please reload the page in a minute.</FormAlert>}
          <div className="table-wrap card">
            <table className="table custom-orders">
              <caption className="visually-hidden">{LIST.title}</caption>
              <OrderTableHead action={LIST.action} />
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id}>
                    <td className="custom-order-first">
                      <div className="custom-order-item">
                        {row.image ? (
                          <img src={row.image} alt="" width={56} height={56} loading="lazy" />
                        ) : (
                          <span className="custom-order-noimage" aria-hidden="true" />
                        )}
                        <span>{row.title}</span>
                      </div>
                    </td>
                    <td className="nowrap" data-label="Order ID">
                      {row.number}
                    </td>
                    <td className="nowrap" data-label="Order Date">
                      <time dateTime={row.date}>{shortDate(row.date)}</time>
                    </td>
                    <td data-label="Order Status">
                      <span className={`status-chip status-chip--${row.status.toLowerCase().replace(/\s+/g, '-')}`}>{row.status}</span>
                    </td>
                    <td className="custom-order-action">
                      <Link to={`/cad-design?request=${row.id}`} className="btn btn-outline btn-sm" aria-label={`View Design of ${row.number}`}>
                        {LIST.action}
                      </Link>
                    </td>
                  </tr>
                ))}
                {rows.length === 0 && !failed && (
                  <tr>
                    <td colSpan={5}>
                      <div className="empty-state">
                        <p className="empty-state-title">No custom orders yet</p>
                        <p className="muted">Ask our designers for a piece made just for you; it will be listed here.</p>
                        <Link to="/custom-design" className="btn btn-outline btn-sm">
                          Design a piece
                        </Link>
                      </div>
                    </td>
                  </tr>
                )}
              </tbody>
            </table>
          </div>
        </div>
      </div>
    </>
  );
}
