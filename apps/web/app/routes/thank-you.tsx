import { redirect, redirectDocument } from 'react-router';
import type { OrderDetail, OrderPayment } from '@milli/contracts';
import type { Route } from './+types/thank-you';
import { serverApi } from '../lib/api.server.ts';
import { pageTitle } from '../lib/meta.ts';
import { Confetti } from '../features/thank-you/confetti.tsx';
import { OrderPlaced, type PlacedPayment, type PlacedSummary } from '../features/thank-you/order-placed.tsx';
import { payPagePath } from '../lib/payment-step.ts';
import '../styles/screens/thank-you.css';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Thank You') }, { name: 'robots', content: 'noindex' }];

/**
 * Checkout sends the new order's number along (?order=MIL-2026-000123). The page says an order was placed,
 * so it shows only for an order of the visitor's own session that still stands; anyone else (no order, a
 * made-up or someone else's number, a guest, a cancelled order) goes home; one still awaiting payment goes to
 * its payment step. It says how the order is paid: received online, or due in cash on delivery (we call first).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const order = new URL(request.url).searchParams.get('order') ?? '';
  if (!/^[A-Z]{1,10}-\d{4}-\d{6,}$/.test(order)) throw redirect('/');
  let detail: OrderDetail;
  try {
    detail = await serverApi(context).get(`/api/orders/${encodeURIComponent(order)}`);
  } catch {
    throw redirect('/');
  }
  if (detail.order.status === 'Cancelled') throw redirect('/');
  // Not paid yet: not placed either. The payment step (a whole document: its CSP lets the gateway in).
  if (detail.order.status === 'Awaiting payment') throw redirectDocument(payPagePath(detail.order.orderNumber));
  // Pay on delivery: the order waits for the team's call before it is placed.
  return {
    orderNumber: detail.order.orderNumber,
    payment: placedPayment(detail.payment),
    confirming: detail.order.status === 'Awaiting confirmation',
    summary: placedSummary(detail),
  };
}

/** What was bought and where it goes (issue 40): the pieces, the total, the day it was placed and the address. */
function placedSummary(detail: OrderDetail): PlacedSummary {
  return {
    pieces: detail.lines.map((l) => ({ name: l.name, quantity: l.quantity })),
    totalPaise: detail.totals.totalPaise,
    placedAt: detail.order.date,
    address: detail.shippingAddress,
  };
}

/** What the page says about the money: paid online, due on delivery, or nothing (the Harvest balance paid it). */
function placedPayment(payment: OrderPayment): PlacedPayment {
  if (payment.method === 'cod' && payment.payOnDeliveryPaise > 0) return { kind: 'cod', amountPaise: payment.payOnDeliveryPaise };
  if (payment.paidPaise > 0) return { kind: 'paid', amountPaise: payment.paidPaise, methodLabel: payment.methodLabel };
  return null;
}

export default function ThankYou({ loaderData }: Route.ComponentProps) {
  return (
    <div className="thanks">
      <Confetti />
      <div className="container thanks-inner">
        <OrderPlaced orderNumber={loaderData.orderNumber} payment={loaderData.payment} confirming={loaderData.confirming} summary={loaderData.summary} />
      </div>
    </div>
  );
}
