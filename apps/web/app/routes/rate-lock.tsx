/**
 * /rate-lock (issue 42): lock today's rate for a weight of gold (or platinum, silver) you mean to buy, by paying an
 * advance through the gateway. The terms with the settings' figures and today's rates for anyone; the form, and the
 * shopper's own locks with grams used and left, once signed in. The lock's payment (?pay=id): with JavaScript the
 * gateway's checkout, without it a test instrument posted to this page's action (the demo gateway). The gold-rate page,
 * the product page and My Account link here; the gateway's script is allowed here (GATEWAY_CHECKOUT_PATHS).
 */
import { useEffect, useState } from 'react';
import { Form, Link, useNavigate } from 'react-router';
import { DEMO_INSTRUMENTS, RATE_LOCK_PATH, type RateLock, type RateLockTerms } from '@milli/contracts';
import { formatGrams, formatRupees, gramsToMg, metalName, rateLockAdvance } from '@milli/pricing';
import type { Route } from './+types/rate-lock';
import { serverApi } from '../lib/api.server.ts';
import { pageTitle } from '../lib/meta.ts';
import { PageBanner } from '../components/layout/page-banner.tsx';
import { FormAlert, useSubmitting } from '../components/forms/form-bits.tsx';
import { InstrumentChoices } from '../components/payments/demo-checkout.tsx';
import { useGatewayCheckout } from '../features/payments/gateway-checkout.tsx';
import { loadRateLockPage, rateLockAction } from '../features/rate-lock/rate-lock-actions.server.ts';
import { RateLockTable } from '../features/rate-lock/rate-lock-table.tsx';
import { termsInWords, type LockPayResult, type LockResult } from '../features/rate-lock/rate-lock-text.ts';
import '../styles/screens/shells.css';
import '../styles/screens/payments.css';
import '../styles/screens/rate-lock.css';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Lock today’s gold rate') },
  { name: 'description', content: 'Pay a small advance to lock today’s gold rate for up to six months: buy at the lower of the locked rate and the day’s.' },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadRateLockPage(serverApi(context), request);
}

export async function action({ request, context }: Route.ActionArgs) {
  return rateLockAction(serverApi(context), request);
}

const choiceOf = (r: { metal: string; purity: number }) => `${r.metal}-${r.purity}`;

export default function RateLockPage({ loaderData, actionData }: Route.ComponentProps) {
  const { terms, signedIn, locks, paying, banner } = loaderData;
  const lockResult = actionData?.intent === 'lock' ? (actionData as LockResult) : undefined;
  const payResult = actionData?.intent === 'pay' ? (actionData as LockPayResult) : undefined;
  return (
    <>
      <PageBanner title="Lock today’s rate" crumb="Rate lock" />
      <section className="section">
        <div className="container rate-lock-page">
          {banner && <FormAlert tone="success">{banner}</FormAlert>}
          {!terms ? (
            <FormAlert tone="error">We could not load today’s rates just now. Please try again in a moment.</FormAlert>
          ) : (
            <div className="rate-lock-grid">
              <div className="stack">
                <h2 className="rate-lock-heading">How it works</h2>
                <ul className="rate-lock-terms">
                  {termsInWords(terms).map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
                <p className="muted">
                  The full terms are on our <Link to="/terms-and-conditions#rate-lock">terms and conditions</Link> page.
                </p>
                <RatesTable terms={terms} />
              </div>
              <div className="stack">
                {paying ? <LockPay lock={paying} result={payResult} /> : <LockForm terms={terms} signedIn={signedIn} result={lockResult} />}
              </div>
            </div>
          )}
          {signedIn && (
            <section id="locks" className="stack rate-lock-mine" aria-labelledby="locks-title">
              <h2 id="locks-title" className="rate-lock-heading">
                Your rate locks
              </h2>
              <RateLockTable locks={locks} />
            </section>
          )}
        </div>
      </section>
    </>
  );
}

function RatesTable({ terms }: { terms: RateLockTerms }) {
  const date = terms.rates[0]?.rateDate;
  return (
    <div className="table-wrap">
      <table className="table rate-lock-rates">
        <caption>
          Today’s rates{date ? ` (${new Date(`${date}T00:00:00Z`).toLocaleDateString('en-IN', { day: 'numeric', month: 'long', timeZone: 'UTC' })})` : ''}
        </caption>
        <thead>
          <tr>
            <th scope="col">Metal</th>
            <th scope="col" className="num">
              Per gram
            </th>
          </tr>
        </thead>
        <tbody>
          {terms.rates.map((r) => (
            <tr key={choiceOf(r)}>
              <th scope="row">{metalName(r.metal, r.purity)}</th>
              <td className="num">{formatRupees(r.ratePaisePerGram)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The form: metal and purity (with today's rate), grams and period; the advance is worked out as the shopper types. */
function LockForm({ terms, signedIn, result }: { terms: RateLockTerms; signedIn: boolean; result: LockResult | undefined }) {
  const submitting = useSubmitting();
  const values = result?.values;
  const [choice, setChoice] = useState(values?.choice ?? 'gold-22');
  const [grams, setGrams] = useState(values?.grams ?? '10');
  const rate = terms.rates.find((r) => choiceOf(r) === choice);
  const mg = gramsToMg(grams);
  const advance = rate && mg && mg > 0 && mg <= terms.maxMg ? rateLockAdvance(mg, rate.ratePaisePerGram, terms.advancePercent) : null;
  const errors = result?.fieldErrors ?? {};
  return (
    <section className="card card-pad rate-lock-form" aria-labelledby="lock-title">
      <h2 id="lock-title" className="rate-lock-heading">
        Lock a rate
      </h2>
      {result && <FormAlert tone="error">{result.message}</FormAlert>}
      <Form method="post" className="stack" noValidate>
        <input type="hidden" name="intent" value="lock" />
        <div className="form-field">
          <label htmlFor="lock-choice">Metal and purity</label>
          <select
            id="lock-choice"
            name="choice"
            value={choice}
            onChange={(e) => setChoice(e.target.value)}
            aria-invalid={errors.choice ? true : undefined}
            aria-describedby={errors.choice ? 'lock-choice-error' : undefined}
          >
            {terms.rates.map((r) => (
              <option key={choiceOf(r)} value={choiceOf(r)}>
                {metalName(r.metal, r.purity)}: {formatRupees(r.ratePaisePerGram)}/g
              </option>
            ))}
          </select>
          {errors.choice && (
            <p id="lock-choice-error" className="field-error">
              {errors.choice}
            </p>
          )}
        </div>
        <div className="form-field">
          <label htmlFor="lock-grams">Weight in grams</label>
          <input
            id="lock-grams"
            name="grams"
            inputMode="decimal"
            value={grams}
            onChange={(e) => setGrams(e.target.value)}
            required
            aria-invalid={errors.grams ? true : undefined}
            aria-describedby={`lock-grams-hint${errors.grams ? ' lock-grams-error' : ''}`}
          />
          <p id="lock-grams-hint" className="field-hint">
            Up to {formatGrams(terms.maxMg)} in all, to a milligram (for example 12.5).
          </p>
          {errors.grams && (
            <p id="lock-grams-error" className="field-error">
              {errors.grams}
            </p>
          )}
        </div>
        <fieldset className="form-field rate-lock-periods" aria-describedby={errors.period ? 'lock-period-error' : undefined}>
          <legend>For how long</legend>
          {terms.periodsDays.map((d, i) => (
            <label key={d} className="rate-lock-period">
              <input type="radio" name="period" value={d} defaultChecked={values ? values.period === String(d) : i === terms.periodsDays.length - 1} /> {d} days
            </label>
          ))}
          {errors.period && (
            <p id="lock-period-error" className="field-error">
              {errors.period}
            </p>
          )}
        </fieldset>
        <p className="rate-lock-advance" role="status" aria-live="polite">
          {advance !== null ? (
            <>
              Advance to pay now: <strong>{formatRupees(advance)}</strong> ({terms.advancePercent} % of {formatGrams(mg!)} at{' '}
              {formatRupees(rate!.ratePaisePerGram)}/g)
            </>
          ) : (
            `The advance is ${terms.advancePercent} % of the metal’s value at today’s rate.`
          )}
        </p>
        <button type="submit" className="btn btn-primary" disabled={submitting}>
          {submitting ? 'Locking…' : signedIn ? 'Lock this rate' : 'Log in to lock this rate'}
        </button>
      </Form>
    </section>
  );
}

/** Paying a pending lock's advance: the gateway's checkout with JavaScript, a test instrument posted here without. */
function LockPay({ lock, result }: { lock: RateLock; result: LockPayResult | undefined }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const submitting = useSubmitting();
  const navigate = useNavigate();
  const checkout = useGatewayCheckout({ onPaid: () => void navigate(`${RATE_LOCK_PATH}?paid=${lock.id}#locks`) });
  const amount = formatRupees(lock.advancePaise);
  const chosen = DEMO_INSTRUMENTS.find((i) => i.id === result?.instrument)?.id ?? 'card_success';
  return (
    <section id="pay" className="card card-pad rate-lock-pay" aria-labelledby="pay-title">
      <h2 id="pay-title" className="rate-lock-heading">
        Pay the advance: <span className="nowrap">{amount}</span>
      </h2>
      <p>
        {formatGrams(lock.lockedMg)} of {metalName(lock.metal, lock.purity)} at {formatRupees(lock.ratePaisePerGram)} a gram, for {lock.periodDays} days from
        your payment.
      </p>
      {(result || checkout.error) && <FormAlert tone="error">{result?.message ?? checkout.error}</FormAlert>}
      {hydrated ? (
        <div className="rate-lock-actions">
          <button
            type="button"
            className="btn btn-primary"
            disabled={checkout.busy}
            onClick={() => void checkout.pay(`/api/rate-locks/${lock.id}/pay`, { name: 'Rate lock', description: `Advance on ${formatGrams(lock.lockedMg)}` })}
          >
            {checkout.busy ? 'Opening the payment window…' : `Pay ${amount}`}
          </button>
          <Link to={`${RATE_LOCK_PATH}#locks`} className="btn btn-outline">
            Not now
          </Link>
        </div>
      ) : (
        <Form method="post" className="stack">
          <input type="hidden" name="intent" value="pay" />
          <input type="hidden" name="lockId" value={lock.id} />
          <InstrumentChoices instruments={DEMO_INSTRUMENTS} idPrefix="lock-pay" defaultChosen={chosen} />
          <div className="rate-lock-actions">
            <button type="submit" className="btn btn-primary" disabled={submitting}>
              {submitting ? 'Paying…' : `Pay ${amount}`}
            </button>
          </div>
        </Form>
      )}
      {checkout.dialog}
      <p className="field-hint">
        {hydrated ? 'You pay in the payment gateway’s own window: the store never sees your card number.' : 'Test payments only: no money moves.'}
      </p>
    </section>
  );
}
