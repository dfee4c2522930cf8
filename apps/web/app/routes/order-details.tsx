import { Link, useSearchParams } from 'react-router';
import type { Route } from './+types/order-details';
import { ORDER_STEPS } from '@milli/contracts';
import { pageTitle } from '../lib/meta.ts';
import { PageBanner } from '../components/layout/page-banner.tsx';
import '../styles/screens/shells.css';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Order Details') }, { name: 'robots', content: 'noindex' }];

const DETAIL_ROWS = ['Product name', 'Quantity', 'Shipping address', 'Billing address', 'Invoice number'];

/**
 * Order tracking (spec §2; DECISIONS §2: the real status history). Loading an order by its id is a later
 * issue: with no id the screen points to the order lists; with one it shows the structure, unfilled.
 */
export default function OrderDetails() {
  const [params] = useSearchParams();
  const id = params.get('id')?.trim().slice(0, 40) || null;
  return (
    <>
      <PageBanner title="Order Details" parents={[{ label: 'My Account', href: '/account?tab=orders' }]} />
      <div className="section">
        <div className="container stack-lg">
          {!id ? (
            <div className="card card-pad empty-state">
              <p className="empty-state-title">Which order would you like to follow?</p>
              <p className="muted">Choose an order from your lists to see where it is.</p>
              <Link to="/active-orders" className="btn btn-primary btn-sm">
                Active Orders
              </Link>
            </div>
          ) : (
            <>
              <section className="card card-pad" aria-labelledby="tracking-title">
                <h2 id="tracking-title" className="shell-h2">
                  Order {id}
                </h2>
                <ol className="timeline">
                  {ORDER_STEPS.map((step, i) => (
                    <li key={step} className="timeline-step">
                      <span className="timeline-dot" aria-hidden="true">
                        {i + 1}
                      </span>
                      <span className="timeline-label">{step}</span>
                    </li>
                  ))}
                </ol>
                <p className="muted" role="status">
                  The tracking details of this order are not available yet.
                </p>
              </section>
              <section className="card card-pad" aria-labelledby="order-facts-title">
                <h2 id="order-facts-title" className="shell-h2">
                  Order summary
                </h2>
                <div className="table-wrap">
                  <table className="table table--facts">
                    <tbody>
                      {DETAIL_ROWS.map((row) => (
                        <tr key={row}>
                          <th scope="row">{row}</th>
                          <td className="muted">Not available yet</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </section>
            </>
          )}
        </div>
      </div>
    </>
  );
}
