import { Link } from 'react-router';
import type { OrderPayment } from '@milli/contracts';
import { paidBeforeWords } from '@milli/contracts';
import { formatRupees } from '@milli/pricing';
import { holdTime, payPagePath } from '../../lib/payment-step.ts';

/**
 * How the order is paid (issue 18), under its tracking: awaiting (Pay now, and until when the pieces are
 * held), lapsed (the pieces were released), due on delivery, or what was paid and refunded, and how.
 */
export function OrderPaymentPanel({ orderNumber, payment }: { orderNumber: string; payment: OrderPayment }) {
  switch (payment.state) {
    case 'awaiting':
      return (
        <div className="order-pay order-pay--awaiting" role="region" aria-labelledby="order-pay-title">
          <div>
            <h3 id="order-pay-title" className="order-pay-title">
              Awaiting payment of {formatRupees(payment.payNowPaise)}
            </h3>
            {payment.payBy && (
              <p className="order-pay-text">
                Your pieces are held until{' '}
                <time dateTime={payment.payBy}>
                  <strong>{holdTime(payment.payBy)}</strong> IST
                </time>
                . Pay before then to place the order.
              </p>
            )}
          </div>
          {/* A whole new document: the payment step's own CSP lets the gateway's checkout in. */}
          <Link to={payPagePath(orderNumber)} reloadDocument className="btn btn-primary">
            Pay now<span className="visually-hidden"> for order {orderNumber}</span>
          </Link>
        </div>
      );
    case 'lapsed':
      return (
        <div className="order-pay order-pay--lapsed" role="note">
          <p className="order-pay-text">
            The time to pay for this order passed before it was paid, so it lapsed and its pieces were released. Nothing was charged.
          </p>
        </div>
      );
    case 'cod_due':
      return (
        <div className="order-pay order-pay--cod" role="note">
          <p className="order-pay-text">
            Pay on delivery: <strong>{formatRupees(payment.payOnDeliveryPaise)}</strong> is due in cash when the order reaches you.
            {payment.paidPaise > 0 ? ` ${formatRupees(payment.paidPaise)} was paid online.` : ''}
          </p>
        </div>
      );
    case 'covered':
      return (
        <div className="order-pay order-pay--paid" role="note">
          <p className="order-pay-text">Nothing to pay: {paidBeforeWords(payment.paidBefore, 'your')} covered this order.</p>
        </div>
      );
    case 'cancelled':
      return (
        <div className="order-pay order-pay--lapsed" role="note">
          <p className="order-pay-text">Cancelled before it was paid: nothing was charged.</p>
        </div>
      );
    case 'paid':
    case 'refunded':
    case 'partially_refunded':
      return (
        <dl className="order-pay order-pay--paid order-pay-facts">
          <div>
            <dt>Paid</dt>
            <dd>
              {formatRupees(payment.paidPaise)}
              {payment.methodLabel ? ` · ${payment.methodLabel}` : ''}
            </dd>
          </div>
          {payment.refundedPaise > 0 && (
            <div>
              <dt>Refunded</dt>
              <dd>{formatRupees(payment.refundedPaise)}</dd>
            </div>
          )}
          {payment.payOnDeliveryPaise > 0 && (
            <div>
              <dt>Due on delivery</dt>
              <dd>{formatRupees(payment.payOnDeliveryPaise)}</dd>
            </div>
          )}
        </dl>
      );
  }
}
