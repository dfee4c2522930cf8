import { Link } from 'react-router';
import { CONFETTI_TWEEN_MS, MESSAGES, deliveryDate, streetLine, type OrderAddress } from '@milli/contracts';
import { formatRupees } from '@milli/pricing';
import { useStoreShell } from '../../components/layout/shell-data.ts';

/** How the order was paid, as the thank-you page tells it: online (paid now) or in cash on delivery. */
export type PlacedPayment = { kind: 'paid'; amountPaise: number; methodLabel: string | null } | { kind: 'cod'; amountPaise: number } | null;

/** The sentence about the money: what was received, or what to keep ready for the courier. */
function paymentText(payment: PlacedPayment): string | null {
  if (!payment) return null;
  // The method ('Visa •••• 1111') is kept on one line.
  if (payment.kind === 'paid')
    return `We have received your payment of ${formatRupees(payment.amountPaise)}${payment.methodLabel ? ` (${payment.methodLabel.replace(/ /g, '\u00a0')})` : ''}.`;
  return `You pay ${formatRupees(payment.amountPaise)} on delivery, in cash or by UPI at the door.`;
}

/** The order at a glance under the thanks: its pieces, what it came to, when it should arrive and where. */
export interface PlacedSummary {
  pieces: { name: string; quantity: number }[];
  totalPaise: number;
  /** When the order was placed (ISO): the delivery promise counts from it. */
  placedAt: string;
  address: OrderAddress | null;
}

/** 'Tuesday, 8 December 2026' from a calendar date. */
function dayText(isoDate: string): string {
  return new Date(`${isoDate}T00:00:00Z`).toLocaleDateString('en-IN', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

function OrderSummary({ summary }: { summary: PlacedSummary }) {
  const { settings } = useStoreShell();
  const placed = new Date(summary.placedAt);
  // The store's own promise (its settings' delivery days, as the product page's pincode check gives it); none when unknown.
  const by = settings && !Number.isNaN(placed.getTime()) ? deliveryDate(placed, settings.deliveryDays) : null;
  const a = summary.address;
  const count = summary.pieces.reduce((n, p) => n + p.quantity, 0);
  return (
    <section className="thanks-summary" aria-labelledby="thanks-summary-title">
      <h2 id="thanks-summary-title" className="thanks-summary-title">
        Order summary
      </h2>
      <dl>
        <div>
          <dt>{count === 1 ? 'Piece' : `${count} pieces`}</dt>
          <dd>
            <ul className="thanks-pieces">
              {summary.pieces.map((p, i) => (
                <li key={i}>
                  {p.name}
                  {p.quantity > 1 ? ` × ${p.quantity}` : ''}
                </li>
              ))}
            </ul>
          </dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd className="price">{formatRupees(summary.totalPaise)}</dd>
        </div>
        {by && (
          <div>
            <dt>Delivery by</dt>
            <dd>
              <time dateTime={by}>{dayText(by)}</time>
            </dd>
          </div>
        )}
        {a && (
          <div>
            <dt>Delivering to</dt>
            <dd>
              {`${a.firstName} ${a.lastName}`.trim()}, {streetLine(a.address, a.city)}, {a.city}
              {a.state ? `, ${a.state}` : ''} {a.pincode}
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}

/**
 * The thank-you card. It rises into view over CONFETTI_TWEEN_MS with a CSS animation, so it appears even
 * before (or without) the page's script; reduced-motion visitors get it at once (global.css).
 */
export function OrderPlaced({
  orderNumber = null,
  payment = null,
  confirming = false,
  summary = null,
}: {
  orderNumber?: string | null;
  payment?: PlacedPayment;
  confirming?: boolean;
  summary?: PlacedSummary | null;
}) {
  const paid = paymentText(payment);
  return (
    <section className="thanks-card" style={{ animationDuration: `${CONFETTI_TWEEN_MS}ms` }} aria-labelledby="thanks-title">
      <svg className="thanks-seal" viewBox="0 0 96 96" width="96" height="96" aria-hidden="true" focusable="false">
        <defs>
          <linearGradient id="thanks-gold" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#f3deb0" />
            <stop offset="0.55" stopColor="#c99a3d" />
            <stop offset="1" stopColor="#9a6c1c" />
          </linearGradient>
        </defs>
        <path d="M48 4l9 7 11-2 4 10 10 5-2 11 7 9-7 9 2 11-10 5-4 10-11-2-9 7-9-7-11 2-4-10-10-5 2-11-7-9 7-9-2-11 10-5 4-10 11 2Z" fill="url(#thanks-gold)" />
        <circle cx="48" cy="48" r="27" fill="#7b2d26" />
        <path d="M36 49l8 8 17-18" fill="none" stroke="#fff4dc" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <p className="thanks-eyebrow">Thank you for choosing Milli</p>
      <h1 id="thanks-title" className="thanks-title">
        {confirming ? 'Your order has been received' : MESSAGES.orderPlaced}
      </h1>
      {orderNumber && (
        <p className="thanks-order">
          Order number <strong data-testid="order-number">{orderNumber}</strong>
        </p>
      )}
      {paid && (
        <p className={`thanks-payment thanks-payment--${payment!.kind}`} data-testid="payment-note">
          {paid}
        </p>
      )}
      {summary && <OrderSummary summary={summary} />}
      <p className="thanks-follow-up">
        {confirming
          ? 'You chose to pay on delivery: our team will call you to confirm the order before we send it. Your pieces are kept for you meanwhile.'
          : MESSAGES.orderFollowUp}
      </p>
      <figure className="thanks-quote">
        <blockquote>
          <p>Trust is the finest thing we craft. We set it with care, we polish it with every promise kept, and we never let it slip.</p>
        </blockquote>
        <figcaption>The karigars of Milli, Chennai</figcaption>
      </figure>
      <div className="thanks-actions">
        <Link to="/alljewellery" className="btn btn-outline">
          Continue Shopping
        </Link>
        <Link to="/active-orders" className="btn btn-primary">
          View My Orders
        </Link>
      </div>
    </section>
  );
}
