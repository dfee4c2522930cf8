import { Link } from 'react-router';
import type { Route } from './+types/cad-design';
import { CAD_ADVANCE_PERCENT, ORDER_STEPS } from '@milli/contracts';
import { pageTitle } from '../lib/meta.ts';
import { PageBanner } from '../components/layout/page-banner.tsx';
import '../styles/screens/shells.css';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Design') }, { name: 'robots', content: 'noindex' }];

const SHEET_ROWS = [
  'Metal',
  'Category',
  'Metal weight',
  'Metal quality',
  'Colour',
  'Diamond quality',
  'Diamond weight',
  'Stone',
  'Stone weight',
  'Total amount',
];

/**
 * The CAD design of a custom order (spec §2; DECISIONS §2: the real design sheet, Approve then a 30 %
 * advance through the gateway, Reject with a reason). Loading a design and the actions are a later issue.
 */
export default function CadDesign() {
  return (
    <>
      <PageBanner title="Design" parents={[{ label: 'Customized Orders', href: '/custom-orders' }]} />
      <div className="section">
        <div className="container cad">
          <section className="card card-pad" aria-labelledby="cad-progress-title">
            <h2 id="cad-progress-title" className="shell-h2">
              Progress
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
          </section>

          <section className="card card-pad" aria-labelledby="cad-sheet-title">
            <h2 id="cad-sheet-title" className="shell-h2">
              Design specification
            </h2>
            <p className="muted">Your designer has not shared a CAD design yet. It will appear here for your approval.</p>
            <div className="table-wrap">
              <table className="table table--facts">
                <tbody>
                  {SHEET_ROWS.map((row) => (
                    <tr key={row}>
                      <th scope="row">{row}</th>
                      <td className="muted">Awaiting design</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <div className="cad-actions">
              <button type="button" className="btn btn-primary" disabled>
                Approve
              </button>
              <button type="button" className="btn btn-outline" disabled>
                Reject
              </button>
            </div>
          </section>

          <section className="card card-pad" aria-labelledby="cad-payment-title">
            <h2 id="cad-payment-title" className="shell-h2">
              Payment
            </h2>
            <p>
              Once you approve the design, an advance of {CAD_ADVANCE_PERCENT}% of the total starts the making of your
              piece. The balance is due when it is ready.
            </p>
            <Link to="/custom-orders">Back to Customized Orders</Link>
          </section>
        </div>
      </div>
    </>
  );
}
