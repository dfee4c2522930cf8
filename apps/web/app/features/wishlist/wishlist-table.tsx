import type { ReactNode } from 'react';
import { Link, useFetcher, useLocation } from 'react-router';
import { formatRupees } from '@milli/pricing';
import { submitThroughFetcher } from '../../components/wishlist/fetcher-submit.ts';
import type { WishlistActionResult, WishlistItem } from './wishlist-types.ts';

const PLACEHOLDER_IMAGE = '/placeholder-jewel.svg';

function TrashIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.6}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M4.5 7h15M9.5 7V4.8h5V7M6.5 7l.9 12.2a1 1 0 0 0 1 .9h7.2a1 1 0 0 0 1-.9L17.5 7M10 11v5.5M14 11v5.5" />
    </svg>
  );
}

function Row({ item, readOnly }: { item: WishlistItem; readOnly: boolean }) {
  const location = useLocation();
  const back = `${location.pathname}${location.search}`;
  const remover = useFetcher<WishlistActionResult>({ key: `wishlist-remove-${item.productId}` });
  const carter = useFetcher<WishlistActionResult>({ key: `wishlist-cart-${item.productId}` });
  const href = `/product-detail/${item.productId}`;
  const price = formatRupees(item.pricePaise);
  // Hidden at once while the removal is on its way; back with a message if it failed.
  if (remover.state !== 'idle' && remover.formData) return null;
  const note = [remover.data, carter.state === 'idle' ? carter.data : undefined].find((d) => d && (!d.ok || d.intent === 'add-to-cart'));
  const adding = carter.state !== 'idle';

  return (
    <tr>
      <td data-label="Product">
        <div className="wl-product">
          <img src={item.image || PLACEHOLDER_IMAGE} alt="" width={72} height={72} loading="lazy" decoding="async" />
          <Link to={href} className="wl-name">
            {item.name}
          </Link>
        </div>
      </td>
      <td data-label="Price" className="price">
        {price}
      </td>
      <td data-label="Availability">
        <span className={item.inStock ? 'wl-stock' : 'wl-stock wl-stock--out'}>{item.inStock ? 'In Stock' : 'Out of Stock'}</span>
      </td>
      <td data-label="Total" className="price">
        {price}
      </td>
      <td data-label="Actions">
        <div className="wl-actions">
          <form method="post" action="/wishlist" onSubmit={submitThroughFetcher(carter)}>
            <input type="hidden" name="intent" value="add-to-cart" />
            <input type="hidden" name="productId" value={item.productId} />
            <input type="hidden" name="redirectTo" value={back} />
            <button type="submit" className="btn btn-primary btn-sm" disabled={adding} aria-describedby={`wl-name-${item.productId}`}>
              {adding ? 'Adding…' : 'Add to Cart'}
            </button>
          </form>
          {!readOnly && (
            <form method="post" action="/wishlist" onSubmit={submitThroughFetcher(remover)}>
              <input type="hidden" name="intent" value="remove" />
              <input type="hidden" name="productId" value={item.productId} />
              <input type="hidden" name="redirectTo" value={back} />
              <button type="submit" className="wl-remove" aria-label={`Remove ${item.name} from wish list`} title="Remove">
                <TrashIcon />
              </button>
            </form>
          )}
          <span id={`wl-name-${item.productId}`} className="visually-hidden">
            {item.name}
          </span>
        </div>
        {note && (
          <p className={note.ok ? 'wl-note alert-success' : 'wl-note alert-error'} role={note.ok ? 'status' : 'alert'}>
            {note.message}
            {note.ok && note.intent === 'add-to-cart' && (
              <>
                {' '}
                <Link to="/cart">View cart</Link>
              </>
            )}
          </p>
        )}
      </td>
    </tr>
  );
}

/**
 * The spec's wish-list table: Product, Price, Availability, Total (= the price: one of each piece) and
 * Actions (Add to Cart, and the remove icon unless it is someone else's shared list).
 */
export function WishlistTable({
  items,
  readOnly,
  caption,
  empty,
}: {
  items: WishlistItem[];
  readOnly: boolean;
  caption: string;
  /** Shown in the table's one row when there is no piece (the spec's table stays, with its columns). */
  empty: ReactNode;
}) {
  return (
    <div className="table-wrap card wl-table-wrap">
      <table className="table wl-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">Price</th>
            <th scope="col">Availability</th>
            <th scope="col">Total</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {items.length === 0 ? (
            <tr className="wl-empty">
              <td colSpan={5}>{empty}</td>
            </tr>
          ) : (
            items.map((item) => <Row key={item.productId} item={item} readOnly={readOnly} />)
          )}
        </tbody>
      </table>
    </div>
  );
}
