import type { Route } from './+types/thank-you';
import { pageTitle } from '../lib/meta.ts';
import { Confetti } from '../features/thank-you/confetti.tsx';
import { OrderPlaced } from '../features/thank-you/order-placed.tsx';
import '../styles/screens/thank-you.css';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Thank You') }, { name: 'robots', content: 'noindex' }];

/** Checkout sends the new order's number along (?order=MIL-2026-000123); anything else is not shown. */
export function loader({ request }: Route.LoaderArgs) {
  const order = new URL(request.url).searchParams.get('order') ?? '';
  return { orderNumber: /^[A-Z]{1,10}-\d{4}-\d{6,}$/.test(order) ? order : null };
}

export default function ThankYou({ loaderData }: Route.ComponentProps) {
  return (
    <div className="thanks">
      <Confetti />
      <div className="container thanks-inner">
        <OrderPlaced orderNumber={loaderData.orderNumber} />
      </div>
    </div>
  );
}
