import { Link } from 'react-router';
import type { OrderDetail } from '@milli/contracts';

/**
 * "Review this piece" under a line of a delivered order (issue 20): the product page's review form, which only
 * a customer who received the piece may use. Nothing for a deleted product or an order not delivered.
 */
export function ReviewLink({ detail, productId, name }: { detail: OrderDetail; productId: number | null; name: string }) {
  if (productId === null || detail.order.status !== 'Delivered') return null;
  return (
    <p className="order-review-link">
      <Link to={`/product-detail/${productId}#reviews`}>
        Review this piece<span className="visually-hidden">: {name}</span>
      </Link>
    </p>
  );
}
