import { redirect } from 'react-router';
import type { OrderDetail } from '@milli/contracts';
import type { Route } from './+types/thank-you';
import { serverApi } from '../lib/api.server.ts';
import { pageTitle } from '../lib/meta.ts';
import { Confetti } from '../features/thank-you/confetti.tsx';
import { OrderPlaced } from '../features/thank-you/order-placed.tsx';
import '../styles/screens/thank-you.css';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Thank You') }, { name: 'robots', content: 'noindex' }];

/**
 * Checkout sends the new order's number along (?order=MIL-2026-000123). The page says an order was placed,
 * so it shows only for an order of the visitor's own session that still stands; anyone else (no order, a
 * made-up or someone else's number, a guest, a cancelled order) goes home.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const order = new URL(request.url).searchParams.get('order') ?? '';
  if (!/^[A-Z]{1,10}-\d{4}-\d{6,}$/.test(order)) throw redirect('/');
  let detail: OrderDetail;
  try {
    detail = await serverApi(context).get<OrderDetail>(`/api/orders/${encodeURIComponent(order)}`);
  } catch {
    throw redirect('/');
  }
  if (detail.order.status === 'Cancelled') throw redirect('/');
  // Pay on delivery: the order waits for the team's call before it is placed.
  return { orderNumber: detail.order.orderNumber, confirming: detail.order.status === 'Awaiting confirmation' };
}

export default function ThankYou({ loaderData }: Route.ComponentProps) {
  return (
    <div className="thanks">
      <Confetti />
      <div className="container thanks-inner">
        <OrderPlaced orderNumber={loaderData.orderNumber} confirming={loaderData.confirming} />
      </div>
    </div>
  );
}
