import { Link } from 'react-router';
import type { StoreCreditStatement } from '@milli/contracts';
import { formatRupees } from '@milli/pricing';
import type { ApiClient } from '../../lib/api.ts';
import { FormAlert } from '../../components/forms/form-bits.tsx';

/** My Account → Store credit (GET /api/account/store-credit), or null when it could not be loaded. */
export async function loadStoreCredit(api: ApiClient): Promise<StoreCreditStatement | null> {
  try {
    return await api.get('/api/account/store-credit');
  } catch {
    return null;
  }
}

const KIND: Record<StoreCreditStatement['entries'][number]['kind'], string> = {
  exchange: 'Exchange',
  return: 'Return',
  goodwill: 'From our team',
  spent: 'Spent',
  given_back: 'Given back',
  correction: 'Correction',
  gold_sold: 'Gold sold back',
};
const when = (iso: string) => new Date(iso).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });

/** The balance and its statement: every entry, newest first; spent at checkout with "Use my store credit". */
export function StoreCreditPane({ statement }: { statement: StoreCreditStatement | null }) {
  if (!statement) return <FormAlert tone="error">We could not load your store credit just now. Please try again in a moment.</FormAlert>;
  return (
    <div className="stack">
      <p className="store-credit-balance">
        Balance: <strong>{formatRupees(statement.balancePaise)}</strong>
      </p>
      <p className="muted">
        Store credit comes from exchanging a piece bought here, a return refunded as credit, or our team. Spend it on any order at checkout; it is given back if
        the order is cancelled.
      </p>
      {statement.entries.length === 0 ? (
        <p className="muted">No store credit yet.</p>
      ) : (
        <div className="table-wrap">
          <table className="table store-credit-table">
            <caption className="visually-hidden">Store credit statement</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Entry</th>
                <th scope="col">Details</th>
                <th scope="col" className="num">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {statement.entries.map((e) => (
                <tr key={e.id}>
                  <td data-label="Date">
                    <time dateTime={e.at}>{when(e.at)}</time>
                  </td>
                  <td data-label="Entry">{KIND[e.kind]}</td>
                  <td data-label="Details">
                    {e.note}
                    {e.orderNumber && (
                      <>
                        {' '}
                        <Link to={`/order-details?order=${encodeURIComponent(e.orderNumber)}`}>Order {e.orderNumber}</Link>
                      </>
                    )}
                  </td>
                  <td data-label="Amount" className="num" style={{ whiteSpace: 'nowrap' }}>
                    {e.amountPaise < 0 ? `-${formatRupees(-e.amountPaise)}` : `+${formatRupees(e.amountPaise)}`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
