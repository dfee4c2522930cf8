import { Link } from 'react-router';
import { filterHref } from '../../components/layout/nav-links.ts';
import { useStoreShell } from '../../components/layout/shell-data.ts';

/** How many categories the empty cart offers as a way in. */
const CATEGORY_LINKS = 4;

/**
 * An empty cart (issue 40): a word and ways to find something, not a coupon box with nothing to apply it to and
 * totals of Rs. 0.00.
 */
export function EmptyCart() {
  const { categories } = useStoreShell();
  return (
    <section className="card empty-state cart-empty" aria-labelledby="cart-empty-title">
      <h2 id="cart-empty-title" className="empty-state-title">
        Your cart is empty
      </h2>
      <p className="muted">Find something you love: every piece is hallmarked and priced at today’s rates.</p>
      <p className="cart-empty-actions">
        <Link to="/alljewellery" className="btn btn-primary">
          Browse all jewellery
        </Link>
        <Link to="/wishlist" className="btn btn-outline">
          Your wish list
        </Link>
      </p>
      {categories.length > 0 && (
        <nav aria-label="Shop by category" className="cart-empty-categories">
          <ul>
            {categories.slice(0, CATEGORY_LINKS).map((c) => (
              <li key={c}>
                <Link to={filterHref({ category: c })}>{c}</Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </section>
  );
}
