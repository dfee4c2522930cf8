import { Form, Link } from 'react-router';
import type { ApiAnswer } from '@milli/contracts';
import type { ApiClient } from '../../lib/api.ts';

export type StripMessage = ApiAnswer<'GET', '/api/offer-strip'>['data'][number];

/**
 * The offers strip's messages (GET /api/offer-strip: those showing now, each coupon live). A failed call shows no
 * strip, never the page's error: a missing offer is better than a page that will not open.
 */
export async function loadOfferStrip(api: ApiClient): Promise<StripMessage[]> {
  try {
    return (await api.get('/api/offer-strip')).data;
  } catch {
    return [];
  }
}

/**
 * The home page's offers strip (issue 40, decision 063): what staff wrote, in their order, all shown at once (nothing
 * rotates, so nothing needs pausing). Rendered with the page, so it takes its height before the first paint. A message
 * with a coupon applies it with one tap: the cart's coupon action, by a form that works without JavaScript.
 */
export function OffersStrip({ messages }: { messages: StripMessage[] }) {
  if (messages.length === 0) return null;
  return (
    <section className="offers-strip" aria-label="Offers">
      <ul className="container offers-strip-list">
        {messages.map((m) => (
          <li key={m.id} className="offers-strip-item">
            {m.linkPath ? (
              <Link to={m.linkPath} className="offers-strip-text">
                {m.text}
              </Link>
            ) : (
              <span className="offers-strip-text">{m.text}</span>
            )}
            {m.couponCode && (
              <Form method="post" action="/cart" className="offers-strip-apply">
                <input type="hidden" name="intent" value="coupon" />
                <button type="submit" name="coupon" value={m.couponCode} className="offers-strip-code">
                  Use <strong>{m.couponCode}</strong>
                  <span className="visually-hidden">: apply it to your cart</span>
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
