import { Link } from 'react-router';
import type { PaymentRow } from '@milli/contracts';
import { formatRupees } from '@milli/pricing';

const STATUS: Record<PaymentRow['status'], string> = { created: 'Processing', paid: 'Paid', failed: 'Failed', refunded: 'Refunded' };
const when = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Kolkata' });

/** The customer's payments (CAD advances, harvest instalments), newest first, with an empty state. */
export function PaymentsTable({ payments }: { payments: PaymentRow[] | null }) {
  if (payments === null) {
    return (
      <p className="alert-error" role="alert">
        Your payments could not be loaded just now. Please try again in a moment.
      </p>
    );
  }
  if (payments.length === 0) {
    return (
      <div className="empty-state payments-empty">
        <p className="empty-state-title">No payments yet</p>
        <p className="muted">Advances for your custom designs and your Milli Harvest instalments will be listed here.</p>
        <Link to="/milli-harvest" className="btn btn-outline btn-sm">
          Discover Milli Harvest
        </Link>
      </div>
    );
  }
  return (
    <div className="table-wrap">
      <table className="table payments-table">
        <caption className="visually-hidden">Your payments, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Payment</th>
            <th scope="col">Method</th>
            <th scope="col">Amount</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {payments.map((p) => (
            <tr key={p.id}>
              <td data-label="Date">{when(p.paidAt ?? p.createdAt)}</td>
              <td data-label="Payment">{p.description}</td>
              <td data-label="Method">{p.method ?? '–'}</td>
              <td data-label="Amount">{formatRupees(p.amountPaise)}</td>
              <td data-label="Status">
                <span>
                  <span className={`badge payment-status--${p.status}`}>{STATUS[p.status]}</span>
                  {p.status !== 'paid' && p.failureReason && <span className="payment-reason">{p.failureReason}</span>}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
