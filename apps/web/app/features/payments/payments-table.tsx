import { Link } from 'react-router';
import type { PaymentRow, RefundRow } from '@milli/contracts';
import { formatRupees } from '@milli/pricing';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Kolkata' });

/** How a payment stands, in the customer's words: its badge, and the line under it. */
export function paymentStanding(p: PaymentRow): { tone: 'paid' | 'waiting' | 'failed' | 'refunded'; label: string; note: string | null } {
  const pending = p.refunds.filter((r) => r.status === 'pending').reduce((n, r) => n + r.amountPaise, 0);
  switch (p.status) {
    case 'refunded':
      return { tone: 'refunded', label: 'Refunded', note: `${formatRupees(p.refundedPaise || p.amountPaise)} back to you` };
    case 'failed':
      return { tone: 'failed', label: 'Failed', note: p.failureReason };
    case 'created':
      // Started, not paid: the last attempt's reason, if one failed.
      return { tone: 'waiting', label: 'Not paid yet', note: p.failureReason ? `Last try: ${p.failureReason}` : null };
    case 'paid':
      if (p.refundedPaise > 0)
        return { tone: 'refunded', label: 'Partly refunded', note: `${formatRupees(p.refundedPaise)} of ${formatRupees(p.amountPaise)} back to you` };
      if (pending > 0) return { tone: 'refunded', label: 'Refund on its way', note: `${formatRupees(pending)} is being refunded` };
      return { tone: 'paid', label: 'Paid', note: null };
  }
}

function RefundLine({ refund }: { refund: RefundRow }) {
  const state =
    refund.status === 'processed'
      ? `refunded on ${when(refund.processedAt ?? refund.createdAt)}`
      : refund.status === 'pending'
        ? 'refund on its way (5–7 working days)'
        : 'refund held up: we are looking into it';
  return (
    <li>
      <strong>{formatRupees(refund.amountPaise)}</strong> {state}
      {refund.reason && <span className="payment-reason">{refund.reason}</span>}
    </li>
  );
}

/** What the payment was for: the order (with a link to it), the instalment, the design advance. */
function PaymentFor({ p }: { p: PaymentRow }) {
  if (p.orderNumber) {
    return (
      <>
        Order <Link to={`/order-details?order=${encodeURIComponent(p.orderNumber)}`}>{p.orderNumber}</Link>
      </>
    );
  }
  return <>{p.description}</>;
}

/** The customer's payments (orders paid online, CAD advances, harvest instalments), newest first, with each refund. */
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
        <p className="muted">Orders you pay online, advances for your custom designs and your Milli Harvest instalments will be listed here.</p>
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
          {payments.map((p) => {
            const standing = paymentStanding(p);
            return (
              <tr key={p.id}>
                <td data-label="Date">{when(p.paidAt ?? p.createdAt)}</td>
                <td data-label="Payment">
                  <PaymentFor p={p} />
                </td>
                <td data-label="Method">{p.method ?? '–'}</td>
                <td data-label="Amount">{formatRupees(p.amountPaise)}</td>
                <td data-label="Status">
                  <span className="payment-standing">
                    <span className={`badge payment-status--${standing.tone}`}>{standing.label}</span>
                    {standing.note && <span className="payment-reason">{standing.note}</span>}
                    {p.refunds.length > 0 && (
                      <ul className="payment-refunds" aria-label="Refunds">
                        {p.refunds.map((r, i) => (
                          <RefundLine key={`${r.createdAt}-${i}`} refund={r} />
                        ))}
                      </ul>
                    )}
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
