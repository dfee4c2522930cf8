import { Form, Link } from 'react-router';
import { formatRupees } from '@milli/pricing';
import { SearchIcon, SketchIcon } from '../../components/layout/icons.tsx';
import type { MiniCart } from '../../lib/cart-cookie.ts';
import { formTarget, listingHref, withoutKeys, type ListingState } from './listing-url.ts';
import { PLACEHOLDER_IMAGE } from './product-card.tsx';

/** Lines shown in the sidebar's mini cart; the rest are one click away on the cart page. */
const MINI_CART_LINES = 3;

/** Searches within the current filters: the query goes into the address with them. */
export function ListingSearch({ state }: { state: ListingState }) {
  const { action, hidden } = formTarget(listingHref({ ...state, filter: withoutKeys(state.filter, 'q'), page: 1 }));
  return (
    <Form method="get" action={action} role="search" className="side-block listing-search">
      {hidden.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor="listing-q" className="side-title">
        Search
      </label>
      <div className="panel-search">
        <input
          id="listing-q"
          name="q"
          type="search"
          placeholder="Search jewellery…"
          defaultValue={state.filter.q ?? ''}
          key={state.filter.q ?? ''}
          maxLength={200}
          enterKeyHint="search"
          autoComplete="off"
        />
        <button type="submit" className="panel-search-btn" aria-label="Search">
          <SearchIcon size={20} />
        </button>
      </div>
    </Form>
  );
}

/**
 * The custom-design link, the mini cart from the shell's data, and the way to cart and checkout. On the shared
 * page as the server sends it (`known` false, decision 032) only the way to the cart, until the summary arrives.
 */
export function ListingCartBlock({ cart, known }: { cart: MiniCart; known: boolean }) {
  const shown = cart.lines.slice(0, MINI_CART_LINES);
  return (
    <>
      <div className="side-block side-promo">
        <p className="side-title">Can’t find it?</p>
        <p className="muted">Our designers will make it for you, from your sketch or photo.</p>
        <Link to="/custom-design" className="btn btn-gold btn-sm">
          <SketchIcon size={18} /> Custom design
        </Link>
      </div>
      <section className="side-block side-cart" aria-labelledby="side-cart-title">
        <h3 id="side-cart-title" className="side-title">
          Your cart{' '}
          {known && (
            <span className="mini-cart-count">
              ({cart.count} {cart.count === 1 ? 'item' : 'items'})
            </span>
          )}
        </h3>
        {!known ? null : shown.length === 0 ? (
          <p className="muted">Nothing here yet.</p>
        ) : (
          <>
            <ul className="side-cart-lines">
              {shown.map((line) => (
                <li key={line.productId}>
                  <img src={line.image || PLACEHOLDER_IMAGE} alt="" width={48} height={48} loading="lazy" decoding="async" />
                  <div>
                    <Link to={`/product-detail/${line.productId}`}>{line.name}</Link>
                    <span className="muted">
                      {line.quantity} × {formatRupees(line.unitPricePaise)}
                    </span>
                  </div>
                </li>
              ))}
            </ul>
            {cart.lines.length > shown.length && <p className="muted">and {cart.lines.length - shown.length} more</p>}
            <p className="side-cart-subtotal">
              <span>Subtotal</span>
              <strong className="price">{formatRupees(cart.subtotalPaise)}</strong>
            </p>
          </>
        )}
        <p className="side-cart-links">
          <Link to="/cart" className="btn btn-outline btn-sm">
            View Cart
          </Link>
          <Link to="/checkout" className="btn btn-primary btn-sm">
            Checkout
          </Link>
        </p>
      </section>
    </>
  );
}
