import { Form } from 'react-router';
import type { CouponOffer } from './cart-view.ts';

/** The form every offer's Apply submits (by the buttons' form attribute): checkout's summary lies inside its order form. */
const OFFER_FORM_ID = 'offer-apply';

/**
 * Where the offers' Apply posts: the cart's own coupon action (the coupon box's rules), which comes back to the cart,
 * or to checkout when `back` says so. Rendered outside any other form; works without JavaScript.
 */
export function OfferApplyForm({ back }: { back?: 'checkout' }) {
  return (
    <Form method="post" action="/cart" id={OFFER_FORM_ID} hidden>
      <input type="hidden" name="intent" value="coupon" />
      {back && <input type="hidden" name="back" value={back} />}
    </Form>
  );
}

/**
 * "View offers" (issue 40), in the cart and at checkout: the coupons this shopper can use now, each applied with one
 * tap, and those the cart has not reached yet with what it still needs. Its page renders OfferApplyForm once.
 */
export function CouponOffers({ offers, busy }: { offers: CouponOffer[]; busy: boolean }) {
  if (offers.length === 0) return null;
  return (
    <details className="coupon-offers">
      <summary>View offers ({offers.length})</summary>
      <ul className="coupon-offer-list">
        {offers.map((offer) => (
          <li key={offer.code} className="coupon-offer">
            <p>
              <strong>{offer.code}</strong> · {offer.description}
              <br />
              <span className={offer.usable ? 'coupon-offer-save' : 'muted'}>{offer.message}</span>
            </p>
            {offer.usable && (
              <button
                type="submit"
                form={OFFER_FORM_ID}
                name="coupon"
                value={offer.code}
                className="btn btn-outline btn-sm"
                disabled={busy}
                aria-label={`Apply ${offer.code}`}
              >
                Apply
              </button>
            )}
          </li>
        ))}
      </ul>
    </details>
  );
}
