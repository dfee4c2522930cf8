import { Form, Link } from 'react-router';
import { DEMO_TEST_CARDS, type HarvestInstalment } from '@milli/contracts';
import { formatRupees } from '@milli/pricing';
import { Field, FormAlert, useSubmitting } from '../../components/forms/form-bits.tsx';
import type { PayResult } from './harvest-text.ts';

/**
 * The card form for one instalment. Autocomplete cc-* lets the browser fill a saved card; the numeric
 * keyboard comes up for the digits. The card number and CVV go to the server once and are never shown again.
 */
export function PayForm({ instalment, payKey, result }: { instalment: HarvestInstalment; payKey: string; result: PayResult | undefined }) {
  const submitting = useSubmitting();
  const amount = formatRupees(instalment.payablePaise, { decimals: false });
  const errors = result?.fieldErrors ?? {};
  return (
    <section id="pay-form" className="card card-pad harvest-pay" aria-labelledby="pay-title">
      <h3 id="pay-title">
        Pay instalment {instalment.number}: <span className="nowrap">{amount}</span>
      </h3>
      {result && <FormAlert tone="error">{result.message}</FormAlert>}
      {/* A new key after each refusal: the next try is a new payment, a double click is the same one. */}
      <Form method="post" className="form-grid" key={result?.nextKey ?? payKey}>
        <input type="hidden" name="intent" value="pay" />
        <input type="hidden" name="instalmentId" value={instalment.id} />
        <input type="hidden" name="idempotencyKey" value={result?.nextKey ?? payKey} />
        <Field id="card-name" name="nameOnCard" label="Name on card" autoComplete="cc-name" required defaultValue={result?.values?.nameOnCard} error={errors.nameOnCard} className="span-2" />
        <Field id="card-number" name="cardNumber" label="Card number" autoComplete="cc-number" inputMode="numeric" required error={errors.cardNumber} className="span-2" />
        <Field id="card-expiry" name="expiry" label="Expiry (MM/YY)" autoComplete="cc-exp" inputMode="numeric" required defaultValue={result?.values?.expiry} error={errors.expiry} hint="For example 08/29" />
        <Field id="card-cvv" name="cvv" label="CVV" type="password" autoComplete="cc-csc" inputMode="numeric" required error={errors.cvv} hint="3 or 4 digits on the back" />
        <div className="span-2 harvest-pay-actions">
          <button type="submit" className="btn btn-primary" disabled={submitting}>
            {submitting ? 'Paying…' : `Pay ${amount}`}
          </button>
          <Link to="/milli-harvest#plan" className="btn btn-outline">
            Cancel
          </Link>
        </div>
      </Form>
      <div className="alert-info harvest-test-cards" role="note">
        <p>
          <strong>Test payments only.</strong> No money moves. Use any future expiry date and any 3-digit CVV with one of these cards:
        </p>
        <ul>
          {DEMO_TEST_CARDS.map((c) => (
            <li key={c.number}>
              <code>{c.number}</code> {c.outcome}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
