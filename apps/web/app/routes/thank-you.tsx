import type { Route } from './+types/thank-you';
import { pageTitle } from '../lib/meta.ts';
import { Confetti } from '../features/thank-you/confetti.tsx';
import { OrderPlaced } from '../features/thank-you/order-placed.tsx';
import '../styles/screens/thank-you.css';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Thank You') }, { name: 'robots', content: 'noindex' }];

export default function ThankYou() {
  return (
    <div className="thanks">
      <Confetti />
      <div className="container thanks-inner">
        <OrderPlaced />
      </div>
    </div>
  );
}
