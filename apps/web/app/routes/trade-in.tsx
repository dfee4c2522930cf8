/**
 * /trade-in (issue 20): old gold bought elsewhere. Weight and purity → an estimate at today's rate (GET form, so it
 * works without JavaScript and can be shared), then "Book a store visit" carries it into the booking.
 *
 * A shared page (decision 032): nothing on it is anyone's own (the estimate is the address's: weight, purity and
 * the day's rate), so it is rendered once and kept, ?weightGrams=… included. A day's rate published by staff
 * empties the read cache (decision 017), so a kept estimate never outlives its rate.
 */
import { Form, Link, data } from 'react-router';
import { formatRupees } from '@milli/pricing';
import type { Route } from './+types/trade-in';
import { serverApi } from '../lib/api.server.ts';
import { SHARED_PAGE, sharedPageHeaders } from '../lib/shared-page.ts';
import { apiFailure } from '../lib/api.ts';
import { pageTitle } from '../lib/meta.ts';
import { PageBanner } from '../components/layout/page-banner.tsx';
import { Field, FormAlert } from '../components/forms/form-bits.tsx';
import { TRADE_IN_PURITIES, bookingHref, longDate } from '../features/appointments/labels.ts';
import '../styles/screens/appointments.css';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Old gold trade-in') },
  { name: 'description', content: 'Estimate what your old gold is worth at today’s rate, then book a store visit to trade it in for new Milli jewellery.' },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const q = new URL(request.url).searchParams;
  const weight = q.get('weightGrams')?.trim().slice(0, 12) ?? '';
  const purity = q.get('purity') ?? '22';
  if (!weight) return { weight, purity, estimate: null, error: null };
  try {
    const estimate = await serverApi(context).get(`/api/trade-in/estimate?weightGrams=${encodeURIComponent(weight)}&purity=${encodeURIComponent(purity)}`);
    return { weight, purity, estimate, error: null };
  } catch (error) {
    const failure = apiFailure(error, 'We could not work out an estimate just now. Please try again.');
    // A refused weight is the address's own answer (kept like any other); a failure of the moment is not kept (not 200).
    return data({ weight, purity, estimate: null, error: failure.message }, { status: failure.status >= 500 ? 503 : 200 });
  }
}

/** Shared (decision 032): rendered without the visitor's cookies, kept and served to everyone. */
export const handle = SHARED_PAGE;

/** Marked public, so the server and a CDN may keep it (lib/shared-page.ts). */
export function headers(args: Route.HeadersArgs) {
  return sharedPageHeaders(args);
}

export default function TradeIn({ loaderData: { weight, purity, estimate, error } }: Route.ComponentProps) {
  return (
    <>
      <PageBanner title="Old gold trade-in" crumb="Old gold trade-in" />
      <section className="section">
        <div className="container appt-page">
          <p className="appt-lead">
            Bring gold jewellery bought anywhere and put its value towards a new Milli piece. Tell us its weight and purity for an estimate at today’s rate.
          </p>
          <Form method="get" className="tradein-form">
            <Field
              id="tradein-weight"
              name="weightGrams"
              label="Weight in grams"
              required
              defaultValue={weight}
              hint="As weighed, up to 3 decimals (for example 12.5)."
              error={error ?? undefined}
            />
            <div className="form-field">
              <label htmlFor="tradein-purity">Purity</label>
              <select id="tradein-purity" name="purity" defaultValue={purity}>
                {TRADE_IN_PURITIES.map((p) => (
                  <option key={p} value={p}>
                    {p}K
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="btn btn-primary">
              Estimate
            </button>
          </Form>
          {estimate && (
            <div className="tradein-result" role="status" aria-live="polite">
              <p className="tradein-value">
                Estimated value: <strong>{formatRupees(estimate.estimatePaise)}</strong>
              </p>
              <p className="muted">
                {estimate.weightMg / 1000} g of {estimate.purity}K at {formatRupees(estimate.ratePaisePerGram)} a gram (our rate of{' '}
                {longDate(estimate.rateDate)}) × {estimate.tradeInPercent} %.
              </p>
              <p>
                This is an estimate until your gold is tested in store: we check its purity with a karat meter and melt it only with your consent. Please bring
                photo ID, and your PAN for large amounts.
              </p>
              <Link
                className="btn btn-primary"
                to={bookingHref({ kind: 'store', purpose: 'trade_in', weight: String(estimate.weightMg / 1000), purity: estimate.purity })}
              >
                Book a store visit
              </Link>{' '}
              <Link
                className="btn btn-secondary"
                to={bookingHref({ kind: 'store', purpose: 'assay', weight: String(estimate.weightMg / 1000), purity: estimate.purity })}
              >
                Book an assay to keep it as grams
              </Link>
              <p className="muted">
                At an assay we test your gold and keep its fine gold in your metal account for 365 days, to pay for the gold of a new piece.
              </p>
            </div>
          )}
          {error && !estimate && <FormAlert tone="error">{error}</FormAlert>}
        </div>
      </section>
    </>
  );
}
