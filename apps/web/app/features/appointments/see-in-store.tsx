import { Link } from 'react-router';
import { bookingHref } from './labels.ts';

/** The product page's "See it in store": a store visit booked with this piece (purpose product). */
export function SeeInStore({ productId }: { productId: number }) {
  return (
    <p className="see-in-store">
      <Link to={bookingHref({ kind: 'store', purpose: 'product', product: productId })} className="btn btn-outline btn-sm">
        See it in store
      </Link>{' '}
      <span className="muted">
        or <Link to={bookingHref({ kind: 'video', purpose: 'product', product: productId })}>on a video call</Link>
      </span>
    </p>
  );
}
