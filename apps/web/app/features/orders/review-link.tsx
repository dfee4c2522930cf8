import { Link } from 'react-router';
import type { OrderDetail } from '@milli/contracts';

/**
 * "Review this piece" under a line of a delivered order (issue 20): the buyer's own review page (/review/{id},
 * issue 21), rendered for them, where they write their review or edit the one they wrote, with or without
 * JavaScript. Nothing for a deleted product or an order not delivered.
 */
export function ReviewLink({ detail, productId, name }: { detail: OrderDetail; productId: number | null; name: string }) {
  if (productId === null || detail.order.status !== 'Delivered') return null;
  return (
    <p className="order-review-link">
      <Link to={`/review/${productId}`}>
        Review this piece<span className="visually-hidden">: {name}</span>
      </Link>
    </p>
  );
}
