import { useEffect, useMemo, useState } from 'react';
import { Form, Link, useNavigation, useSearchParams } from 'react-router';
import type { Route } from './+types/cart';
import { serverApi } from '../lib/api.server.ts';
import { pageTitle } from '../lib/meta.ts';
import { loadSessionUser } from '../lib/session.ts';
import { PageBanner } from '../components/layout/page-banner.tsx';
import { FormAlert } from '../components/forms/form-bits.tsx';
import { cartAction } from '../features/cart/cart-actions.server.ts';
import { loadCartView, needed } from '../features/cart/cart-data.server.ts';
import { CartTable } from '../features/cart/cart-table.tsx';
import { EmptyCart } from '../features/cart/empty-cart.tsx';
import { CART_NOTES, cartTotals } from '../features/cart/cart-view.ts';
import { CouponOffers, OfferApplyForm } from '../features/cart/coupon-offers.tsx';
import { TotalsList } from '../features/cart/totals-list.tsx';
import '../styles/screens/shells.css';
import '../styles/screens/cart.css';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Cart') }, { name: 'robots', content: 'noindex' }];

/** The server's cart for a customer, the cartItems cookie's for a guest (spec §4), priced today, with the remembered coupon. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = serverApi(context);
  const [user, settings] = await Promise.all([loadSessionUser(api), needed(api.get('/api/settings'))]);
  return loadCartView(api, request, user, settings.shippingFeePaise);
}

export async function action({ request, context }: Route.ActionArgs) {
  return cartAction(serverApi(context), request);
}

/**
 * Cart (spec §2): the table, Continue Shoping and Update Cart, the coupon box with Apply, and Subtotal,
 * Shipping and Total with two decimals, computed by the pricing package's totals function.
 */
export default function Cart({ loaderData, actionData }: Route.ComponentProps) {
  const view = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const [hydrated, setHydrated] = useState(false);
  const saved = useMemo(() => Object.fromEntries(view.lines.map((l) => [l.key, l.quantity])), [view.lines]);
  const [quantities, setQuantities] = useState<Record<string, number>>(saved);
  const [params] = useSearchParams();
  const notes = { updated: params.get(CART_NOTES.updated) === '1', coupon: params.get(CART_NOTES.coupon) === '1' };
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    // The banner is shown once: a reload or a bookmark of this address does not show it again.
    const url = new URL(window.location.href);
    if (url.searchParams.has(CART_NOTES.updated) || url.searchParams.has(CART_NOTES.coupon)) {
      url.searchParams.delete(CART_NOTES.updated);
      url.searchParams.delete(CART_NOTES.coupon);
      window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    }
  }, [params]);
  useEffect(() => setQuantities(saved), [saved]);

  const step = (key: string, delta: -1 | 1) =>
    setQuantities((q) => {
      const line = view.lines.find((l) => l.key === key);
      const next = Math.max(0, (q[key] ?? 0) + delta);
      return { ...q, [key]: line?.stock !== null && line?.stock !== undefined ? Math.min(next, Math.max(line.stock, q[key] ?? 0)) : Math.min(next, 99) };
    });
  const dirty = view.lines.some((l) => quantities[l.key] !== l.quantity);
  const totals = cartTotals(
    // A rate lock's advance was planned for the saved quantities: a changed line shows none until the cart is updated.
    view.lines.map((l) => {
      const quantity = quantities[l.key] ?? l.quantity;
      return { unitPricePaise: l.unitPricePaise, quantity, rateLock: quantity === l.quantity ? (l.rateLock ?? null) : null };
    }),
    view.shippingFeePaise,
    view.coupon,
  );
  const hasLines = view.lines.length > 0;
  const updateResult = actionData?.intent === 'update' ? actionData : null;
  const couponResult = actionData?.intent === 'coupon' ? actionData : null;

  return (
    <>
      <PageBanner title="Cart" />
      <div className="section">
        <div className="container cart">
          {updateResult ? (
            <FormAlert tone={updateResult.ok ? 'success' : 'error'}>{updateResult.message}</FormAlert>
          ) : (
            notes.updated && <FormAlert tone="success">Cart updated.</FormAlert>
          )}
          {hasLines ? <CartTable lines={view.lines} quantities={quantities} onStep={step} hydrated={hydrated} busy={busy} /> : <EmptyCart />}

          {hasLines && (
            <>
              <div className="cart-buttons">
                <Link to="/alljewellery" className="btn btn-outline">
                  Continue Shoping
                </Link>
                <div className="cart-update">
                  {dirty && <span className="cart-dirty">Quantities changed: press Update Cart to save them.</span>}
                  <button type="submit" form="cart-form" name="intent" value="update" className="btn btn-outline" disabled={busy}>
                    Update Cart
                  </button>
                </div>
              </div>

              <div className="cart-bottom">
                <section className="card card-pad coupon" aria-labelledby="coupon-title">
                  <h2 id="coupon-title" className="shell-h3">
                    Coupon
                  </h2>
                  {view.couponNotice && !couponResult && <FormAlert tone="info">{view.couponNotice}</FormAlert>}
                  {couponResult && <FormAlert tone={couponResult.ok ? 'success' : 'error'}>{couponResult.message}</FormAlert>}
                  {!couponResult && notes.coupon && view.coupon && <FormAlert tone="success">{view.coupon.message}</FormAlert>}
                  {view.coupon ? (
                    <Form method="post" className="coupon-applied">
                      <p>
                        <strong>{view.coupon.code}</strong> is applied.
                      </p>
                      <button type="submit" name="intent" value="remove-coupon" className="btn btn-outline btn-sm" disabled={busy}>
                        Remove coupon
                      </button>
                    </Form>
                  ) : (
                    <Form method="post">
                      <input type="hidden" name="intent" value="coupon" />
                      <div className="form-field">
                        <label htmlFor="coupon-code">Coupon code</label>
                        <div className="inline-field">
                          <input id="coupon-code" name="coupon" type="text" autoComplete="off" autoCapitalize="characters" maxLength={40} />
                          <button type="submit" className="btn btn-primary" disabled={busy}>
                            Apply
                          </button>
                        </div>
                      </div>
                    </Form>
                  )}
                  {!view.coupon && (
                    <>
                      <CouponOffers offers={view.offers} busy={busy} />
                      <OfferApplyForm />
                    </>
                  )}
                </section>

                <section className="card card-pad cart-totals" aria-labelledby="cart-totals-title">
                  <h2 id="cart-totals-title" className="shell-h3">
                    Cart totals
                  </h2>
                  <TotalsList totals={totals} couponCode={view.coupon?.code} />
                  <Link to="/checkout" className="btn btn-primary btn-block">
                    Proceed to Checkout
                  </Link>
                </section>
              </div>
            </>
          )}
        </div>
      </div>
    </>
  );
}
