import { Link } from 'react-router';
import { formatRupees } from '@milli/pricing';
import type { MiniCart } from '../../lib/cart-cookie.ts';
import { Drawer } from './drawer.tsx';
import { HeaderSearch } from './header-search.tsx';
import { BagIcon } from './icons.tsx';

export const SIDE_PANEL_ID = 'side-panel';
const PANEL_SEARCH_ID = 'panel-search-q';

/** The slide-out panel: product search, the mini cart with its subtotal, and the way to cart and checkout. */
export function SidePanel({
  open,
  onClose,
  cart,
  cartKnown,
  focusSearch = false,
}: {
  open: boolean;
  onClose: () => void;
  cart: MiniCart;
  cartKnown: boolean;
  /** Opened from the search icon: the search field takes focus, ready for typing (issue 40). */
  focusSearch?: boolean;
}) {
  return (
    <Drawer
      id={SIDE_PANEL_ID}
      open={open}
      onClose={onClose}
      side="right"
      title="Search & cart"
      className="side-panel"
      initialFocusId={focusSearch ? PANEL_SEARCH_ID : undefined}
    >
      <HeaderSearch id={PANEL_SEARCH_ID} />

      <section className="mini-cart" aria-labelledby="mini-cart-title">
        <h3 className="mini-cart-title" id="mini-cart-title">
          Your cart{' '}
          {cartKnown && (
            <span className="mini-cart-count">
              ({cart.count} {cart.count === 1 ? 'item' : 'items'})
            </span>
          )}
        </h3>
        {!cartKnown ? (
          // A shared page before (or without) the visitor's summary: the cart page knows what is in it.
          <div className="mini-cart-empty">
            <BagIcon size={40} />
            <p>Your cart and its pieces are one step away.</p>
          </div>
        ) : cart.lines.length === 0 ? (
          <div className="mini-cart-empty">
            <BagIcon size={40} />
            <p>Your cart is empty.</p>
            <p className="muted">Find something that sparkles and it will wait for you here.</p>
            <Link to="/alljewellery" className="btn btn-outline">
              Browse jewellery
            </Link>
          </div>
        ) : (
          <>
            <ul className="mini-cart-lines">
              {cart.lines.map((line, i) => (
                // A piece can be in the cart twice, with different choices (size, purity).
                <li key={`${line.productId}-${i}`} className="mini-cart-line">
                  <img src={line.image || '/placeholder-jewel.svg'} alt="" width={64} height={64} loading="lazy" decoding="async" />
                  <div>
                    <Link to={`/product-detail/${line.productId}`} className="mini-cart-name">
                      {line.name}
                    </Link>
                    {line.choices && <p className="mini-cart-choices">{line.choices}</p>}
                    <p className="mini-cart-qty">
                      {line.quantity} × {formatRupees(line.unitPricePaise)}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
            <p className="mini-cart-subtotal">
              <span>Subtotal</span>
              <strong>{formatRupees(cart.subtotalPaise)}</strong>
            </p>
          </>
        )}
        <div className="mini-cart-actions">
          {cart.lines.length > 0 && (
            <Link to="/checkout" className="btn btn-primary">
              Checkout
            </Link>
          )}
          <Link to="/cart" className="btn btn-outline">
            View Cart
          </Link>
        </div>
      </section>
    </Drawer>
  );
}
