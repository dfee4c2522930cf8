import { useEffect, useState, type ReactNode } from 'react';
import { Form, Link } from 'react-router';
import { DEMO_INSTRUMENTS, type HarvestInstalment } from '@milli/contracts';
import { formatRupees } from '@milli/pricing';
import { FormAlert, useSubmitting } from '../../components/forms/form-bits.tsx';
import { InstrumentChoices } from '../../components/payments/demo-checkout.tsx';
import { HARVEST_PLAN_PATH, type PayResult } from './harvest-text.ts';

/**
 * Paying one instalment (?pay=id). With JavaScript its button opens the gateway's checkout (the demo dialog or
 * Razorpay's window, through `onPay`). Before the page has hydrated, or without JavaScript, it is a form that
 * posts the chosen test instrument to the page's action, which pays through the demo gateway on the server.
 * No card number is asked for either way.
 */
export function InstalmentPay({
  instalment,
  result,
  onPay,
  busy,
}: {
  instalment: HarvestInstalment;
  result: PayResult | undefined;
  onPay: (instalment: HarvestInstalment) => void;
  busy: boolean;
}) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const submitting = useSubmitting();
  const amount = formatRupees(instalment.payablePaise, { decimals: false });
  const chosen = DEMO_INSTRUMENTS.find((i) => i.id === result?.instrument)?.id ?? 'card_success';
  return (
    <section id="pay-form" className="card card-pad harvest-pay" aria-labelledby="pay-title">
      <h3 id="pay-title">
        Pay instalment {instalment.number}: <span className="nowrap">{amount}</span>
      </h3>
      {result && <FormAlert tone="error">{result.message}</FormAlert>}
      {hydrated ? (
        <PayActions>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => onPay(instalment)}>
            {busy ? 'Opening the payment window…' : `Pay ${amount}`}
          </button>
        </PayActions>
      ) : (
        <Form method="post" className="stack">
          <input type="hidden" name="intent" value="pay" />
          <input type="hidden" name="instalmentId" value={instalment.id} />
          <InstrumentChoices instruments={DEMO_INSTRUMENTS} idPrefix="harvest-pay" defaultChosen={chosen} />
          <PayActions>
            <button type="submit" className="btn btn-primary" disabled={submitting}>
              {submitting ? 'Paying…' : `Pay ${amount}`}
            </button>
          </PayActions>
        </Form>
      )}
      <p className="field-hint harvest-pay-note">
        {hydrated
          ? 'You pay in the payment gateway’s own window: the store never sees your card number.'
          : 'Test payments only: no money moves, and no card number is asked for.'}
      </p>
    </section>
  );
}

/** The Pay button, then Cancel (back to the schedule). */
function PayActions({ children }: { children: ReactNode }) {
  return (
    <div className="harvest-pay-actions">
      {children}
      <Link to={`${HARVEST_PLAN_PATH}#plan`} className="btn btn-outline">
        Cancel
      </Link>
    </div>
  );
}
