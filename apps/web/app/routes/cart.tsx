import { Link } from 'react-router';
import type { Route } from './+types/cart';
import { formatRupees } from '@milli/pricing';
import { pageTitle } from '../lib/meta.ts';
import { PageBanner } from '../components/layout/page-banner.tsx';
import { useShellData } from '../components/layout/shell-data.ts';
import '../styles/screens/shells.css';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Cart') }, { name: 'robots', content: 'noindex' }];

/**
 * The cart (spec §2). It shows the lines the header's cart already knows (root loader); changing
 * quantities, removing lines, coupons and Update Cart arrive with the cart issue.
 */
export default function Cart() {
  const { cart, settings } = useShellData();
  const hasLines = cart.lines.length > 0;
  const shipping = hasLines ? settings.shippingFeePaise : 0;
  return (
    <>
      <PageBanner title="Cart" />
      <div className="section">
        <div className="container cart">
          <div className="table-wrap card">
            <table className="table cart-table">
              <caption className="visually-hidden">Pieces in your cart</caption>
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col">Price</th>
                  <th scope="col">Quantity</th>
                  <th scope="col">Total</th>
                </tr>
              </thead>
              <tbody>
                {hasLines ? (
                  cart.lines.map((line) => (
                    <tr key={line.productId}>
                      <td>
                        <div className="cart-product">
                          <img src={line.image || '/placeholder-jewel.svg'} alt="" width={64} height={64} loading="lazy" />
                          <Link to={`/product-detail/${line.productId}`}>{line.name}</Link>
                        </div>
                      </td>
                      <td className="price">{formatRupees(line.unitPricePaise)}</td>
                      <td>
                        <label htmlFor={`qty-${line.productId}`} className="visually-hidden">
                          Quantity of {line.name}
                        </label>
                        <input id={`qty-${line.productId}`} className="qty-box" type="number" value={line.quantity} readOnly />
                      </td>
                      <td className="price">{formatRupees(line.lineTotalPaise)}</td>
                    </tr>
                  ))
                ) : (
                  <tr>
                    <td colSpan={4}>
                      <div className="empty-state">
                        <p className="empty-state-title">Your cart is empty</p>
                        <p className="muted">Find something you love in our collections.</p>
                      </div>
                    </td>
                  </tr>
                )}
              </tbody>
            </table>
          </div>

          <div className="cart-buttons">
            <Link to="/alljewellery" className="btn btn-outline">
              Continue Shoping
            </Link>
            {/* Quantities become editable with the cart issue; until then there is nothing to update. */}
            <button type="button" className="btn btn-outline" disabled>
              Update Cart
            </button>
          </div>

          <div className="cart-bottom">
            <form method="post" className="card card-pad coupon">
              <h2 className="shell-h3">Coupon</h2>
              <div className="form-field">
                <label htmlFor="coupon-code">Coupon code</label>
                <div className="inline-field">
                  <input id="coupon-code" name="coupon" type="text" autoComplete="off" />
                  <button type="submit" className="btn btn-primary" disabled={!hasLines}>
                    Apply
                  </button>
                </div>
              </div>
            </form>

            <section className="card card-pad cart-totals" aria-labelledby="cart-totals-title">
              <h2 id="cart-totals-title" className="shell-h3">
                Cart totals
              </h2>
              <dl className="totals">
                <dt>Subtotal</dt>
                <dd>{formatRupees(cart.subtotalPaise)}</dd>
                <dt>Shipping</dt>
                <dd>{formatRupees(shipping)}</dd>
                <dt className="totals-grand">Total</dt>
                <dd className="totals-grand">{formatRupees(cart.subtotalPaise + shipping)}</dd>
              </dl>
              {hasLines ? (
                <Link to="/checkout" className="btn btn-primary btn-block">
                  Proceed to Checkout
                </Link>
              ) : (
                <span className="btn btn-primary btn-block" aria-disabled="true">
                  Proceed to Checkout
                </span>
              )}
            </section>
          </div>
        </div>
      </div>
    </>
  );
}
