/**
 * The customer's order page, from packing on (issue 19): the shipment (courier, AWB, the courier's tracking
 * page, when it left and arrived), each line's pieces (HUID, net and gross weight), a weight difference to pay
 * (Pay the difference: the route opens the shared gateway checkout with POST /api/orders/{n}/adjustments/{id}/pay,
 * which answers { payment }) or refunded, the credit notes, and the invoice (issued at dispatch).
 */
import type { ReactNode } from 'react';
import type { OrderAdjustment, OrderDetail } from '@milli/contracts';
import { formatRupees } from '@milli/pricing';
import { orderDate, stepTime } from './order-parts.tsx';

const grams = (mg: number) => `${(mg / 1000).toLocaleString('en-IN', { minimumFractionDigits: 3, maximumFractionDigits: 3 })} g`;
const api = (n: string) => `/api/orders/${encodeURIComponent(n)}` as const;

export const INVOICE_LATER = 'The tax invoice is issued when your order is dispatched.';

/** Download invoice, once it is issued (at dispatch); the sentence saying when, before. Nothing for a cancelled order never invoiced. */
export function InvoiceLink({ detail }: { detail: OrderDetail }) {
  if (detail.invoiceAvailable) {
    return (
      <a className="btn btn-primary btn-sm" href={`${api(detail.order.orderNumber)}/invoice.pdf`} download>
        Download invoice
      </a>
    );
  }
  if (detail.order.status === 'Cancelled' || detail.order.status.startsWith('Awaiting')) return null;
  return <p className="muted order-invoice-later">{INVOICE_LATER}</p>;
}

export function ShipmentPanel({ detail }: { detail: OrderDetail }) {
  const s = detail.shipment;
  if (!s) return null;
  return (
    <section className="card card-pad" aria-labelledby="shipment-title">
      <h2 id="shipment-title" className="shell-h2">
        Shipment
      </h2>
      <table className="table table--facts">
        <tbody>
          <tr>
            <th scope="row">Courier</th>
            <td>{s.courierName}</td>
          </tr>
          <tr>
            <th scope="row">AWB number</th>
            <td>{s.awbNumber}</td>
          </tr>
          <tr>
            <th scope="row">Dispatched</th>
            <td>
              <time dateTime={s.dispatchedAt}>{stepTime(s.dispatchedAt)}</time>
            </td>
          </tr>
          {s.deliveredAt && (
            <tr>
              <th scope="row">Delivered</th>
              <td>
                <time dateTime={s.deliveredAt}>{stepTime(s.deliveredAt)}</time>
              </td>
            </tr>
          )}
        </tbody>
      </table>
      {s.trackingUrl && (
        <p className="order-track">
          <a className="btn btn-outline btn-sm" href={s.trackingUrl} target="_blank" rel="noopener noreferrer">
            Track your parcel<span className="visually-hidden"> on {s.courierName}’s site (opens in a new tab)</span>
          </a>
        </p>
      )}
    </section>
  );
}

/** The packed pieces of one line, under it in the items table. */
export function LinePieces({ detail, lineId }: { detail: OrderDetail; lineId: number }) {
  const pieces = detail.pieces.filter((p) => p.lineId === lineId);
  if (pieces.length === 0) return null;
  return (
    <ul className="order-pieces" aria-label="Packed pieces">
      {pieces.map((p) => (
        <li key={p.id}>
          {/* Issue 38: only a hallmarked piece has a HUID; platinum and unhallmarked silver show their weights. */}
          {p.huid ? (
            <>
              HUID <strong className="order-huid">{p.huid}</strong> ·{' '}
            </>
          ) : null}
          net {grams(p.netWeightMg)} · gross {grams(p.grossWeightMg)}
          {p.certificate && (
            <>
              {' · '}
              <a href={`${api(detail.order.orderNumber)}/pieces/${p.id}/certificate`} download>
                Diamond certificate ({p.certificate.lab} {p.certificate.number})
              </a>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

/** How to check a HUID, once there is one (a diamond certificate's number too). */
export function HuidNote({ detail }: { detail: OrderDetail }) {
  const huids = detail.pieces.some((p) => p.huid);
  const certificates = detail.pieces.some((p) => p.certificate);
  if (!huids && !certificates) return null;
  return (
    <p className="muted order-huid-note">
      {huids && (
        <>
          Each hallmarked piece carries its own 6-character HUID. You can check it in BIS’s <strong>BIS CARE</strong> app (Android and iPhone): open “Verify
          HUID”, type the code shown here, and it shows the piece’s purity, the jeweller and the hallmarking centre.
        </>
      )}
      {certificates && ' A diamond certificate’s number can be checked on its lab’s own website (IGI, GIA, SGL or HRD).'}
    </p>
  );
}

/** The path that starts paying an open charge (answers { payment } like the order's own pay). */
export const adjustmentPayPath = (orderNumber: string, id: number) => `${api(orderNumber)}/adjustments/${id}/pay` as const;

/**
 * Weight differences: an open charge to pay, settled or waived ones, refunds. The page gives it its gateway
 * checkout (`onPay`, `busy`, `error`, the checkout's `dialog`) and whether a payment just went through.
 */
export function AdjustmentsPanel({
  detail,
  onPay,
  busy = false,
  error = null,
  paid = false,
  dialog,
}: {
  detail: OrderDetail;
  onPay: (adjustment: OrderAdjustment) => void;
  busy?: boolean;
  error?: string | null;
  paid?: boolean;
  dialog?: ReactNode;
}) {
  if (detail.adjustments.length === 0) return null;
  const lineName = (id: number | null) => detail.lines.find((l) => l.lineId === id)?.name;
  return (
    <section className="card card-pad" aria-labelledby="adjust-title">
      <h2 id="adjust-title" className="shell-h2">
        Weight differences
      </h2>
      {paid && (
        <p className="alert-success" role="status">
          Thank you: the difference is paid. We will dispatch your order now.
        </p>
      )}
      {error && (
        <p className="alert-error" role="alert">
          {error}
        </p>
      )}
      <ul className="order-adjustments">
        {detail.adjustments.map((a) => (
          <li key={a.id} className={`order-adjustment order-adjustment--${a.status}`}>
            <p>
              <strong>
                {a.kind === 'charge' ? 'To pay' : 'Refund'}: {formatRupees(a.amountPaise)}
              </strong>
              {lineName(a.lineId) ? ` · ${lineName(a.lineId)}` : ''}
            </p>
            <p className="muted">{a.reason}</p>
            {a.kind === 'charge' && a.status === 'open' ? (
              <button type="button" className="btn btn-primary btn-sm" disabled={busy} onClick={() => onPay(a)}>
                Pay the difference<span className="visually-hidden"> of {formatRupees(a.amountPaise)}</span>
              </button>
            ) : (
              <p className="muted">
                {a.status === 'waived'
                  ? 'We have waived this difference: nothing to pay.'
                  : a.status === 'settled'
                    ? `${a.kind === 'charge' ? 'Paid' : 'Refunded'}${a.settledAt ? ` on ${orderDate(a.settledAt)}` : ''}.`
                    : a.kind === 'refund'
                      ? 'To be refunded to the way you paid.'
                      : ''}
              </p>
            )}
          </li>
        ))}
      </ul>
      {dialog}
    </section>
  );
}

const CREDIT_REASON = { cancelled: 'order cancelled', returned: 'return', adjustment: 'weight difference' } as const;

export function CreditNotes({ detail }: { detail: OrderDetail }) {
  if (detail.creditNotes.length === 0) return null;
  return (
    <tr>
      <th scope="row">Credit notes</th>
      <td>
        <ul className="order-credit-notes">
          {detail.creditNotes.map((c) => (
            <li key={c.id}>
              <a href={`${api(detail.order.orderNumber)}/credit-notes/${c.id}.pdf`} download>
                Credit note {c.number}
              </a>{' '}
              · {formatRupees(c.amountPaise)} ({CREDIT_REASON[c.reason]}, {orderDate(c.createdAt)})
            </li>
          ))}
        </ul>
      </td>
    </tr>
  );
}
