import { useState } from 'react';
import { Form, Link, useNavigate } from 'react-router';
import type { Route } from './+types/milli-harvest';
import { HARVEST, type HarvestInstalment, type HarvestPayAnswer } from '@milli/contracts';
import { formatRupees, rupeesToPaise } from '@milli/pricing';
import { serverApi } from '../lib/api.server.ts';
import { fieldErrorId, fieldErrorProps } from '../lib/field-errors.ts';
import { pageTitle } from '../lib/meta.ts';
import { PageBanner } from '../components/layout/page-banner.tsx';
import { FormAlert, useSubmitting } from '../components/forms/form-bits.tsx';
import { harvestAction, loadHarvestPage } from '../features/harvest/harvest-actions.server.ts';
import { HarvestBreakdown } from '../features/harvest/harvest-breakdown.tsx';
import { PlanSchedule, PlanSummary } from '../features/harvest/harvest-schedule.tsx';
import { InstalmentPay } from '../features/harvest/instalment-pay.tsx';
import { useGatewayCheckout } from '../features/payments/gateway-checkout.tsx';
import type { EnrolResult, PayResult } from '../features/harvest/harvest-text.ts';
import '../styles/screens/shells.css';
import '../styles/screens/harvest.css';
import '../styles/screens/payments.css';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Milli Harvest') },
  { name: 'description', content: 'Milli Harvest: pay ten monthly instalments and we pay the eleventh. Save towards the jewellery you love.' },
];

const WHY = [
  { title: 'The 11th instalment is on us', text: 'Pay ten months and we add the eleventh, in full.' },
  { title: `${HARVEST.firstInstalmentDiscountPercent}% off your first instalment`, text: 'A head start for your savings from the very first month.' },
  { title: 'Any piece, any collection', text: 'Redeem the whole amount on gold, diamond, platinum or silver.' },
  { title: 'Plan at your pace', text: 'Choose the monthly amount that suits you and follow every payment online.' },
];

const STEPS = [
  { title: 'Pay monthly', text: `Choose an amount and pay it every month for ${HARVEST.instalments} months, online or in a store.` },
  { title: 'Special discounts', text: `Get ${HARVEST.firstInstalmentDiscountPercent}% off your first instalment, and the ${HARVEST.freeInstalment}th instalment free.` },
  { title: 'Happy shopping', text: 'At maturity, redeem your savings at checkout on the piece you have been dreaming of.' },
];

/** Who is here, their plan (if any), and which payment form is open (?pay=id, the way without JavaScript). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadHarvestPage(serverApi(context), request);
}

/** Start Now (intent enrol) and Pay (intent pay, with a test instrument: the demo gateway without script). */
export async function action({ request, context }: Route.ActionArgs) {
  return harvestAction(serverApi(context), request);
}

function EnrolForm({ amount, email, loggedIn, result }: { amount: string; email: string; loggedIn: boolean; result: EnrolResult | undefined }) {
  const [typed, setTyped] = useState(result?.values.monthlyAmount ?? amount);
  const submitting = useSubmitting();
  const errors = result?.fieldErrors ?? {};
  return (
    <Form method="post" className="card card-pad harvest-form" aria-labelledby="harvest-form-title" noValidate>
      <h3 id="harvest-form-title" className="shell-h3">
        Start your plan
      </h3>
      <input type="hidden" name="intent" value="enrol" />
      {result && (
        <FormAlert tone="error">
          {result.message}
          {result.loginNeeded && (
            <>
              {' '}
              <Link to="/login?next=%2Fmilli-harvest">Login</Link> · <Link to="/register">Sign up</Link>
            </>
          )}
        </FormAlert>
      )}
      <div className="form-field">
        <label htmlFor="harvest-amount">Monthly amount (Rs.)</label>
        <input
          id="harvest-amount"
          name="monthlyAmount"
          type="number"
          min={1000}
          step={500}
          inputMode="numeric"
          required
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          {...fieldErrorProps('harvest-amount', errors.monthlyAmount, 'harvest-amount-hint', 'harvest-breakdown')}
        />
        {errors.monthlyAmount && (
          <p id={fieldErrorId('harvest-amount')} className="field-error">
            {errors.monthlyAmount}
          </p>
        )}
        <p id="harvest-amount-hint" className="field-hint">
          From Rs. 1,000, in steps of Rs. 500.
        </p>
      </div>
      <HarvestBreakdown amount={typed} id="harvest-breakdown" />
      <div className="form-field">
        <label htmlFor="harvest-email">E-mail</label>
        <input
          id="harvest-email"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={result?.values.email ?? email}
          {...fieldErrorProps('harvest-email', errors.email)}
        />
        {errors.email && (
          <p id={fieldErrorId('harvest-email')} className="field-error">
            {errors.email}
          </p>
        )}
      </div>
      <button type="submit" className="btn btn-primary btn-block" disabled={submitting}>
        {submitting ? 'Starting…' : 'Start Now'}
      </button>
      {!loggedIn && <p className="field-hint harvest-login-note">You will be asked to log in or sign up first; the amount you chose is kept.</p>}
    </Form>
  );
}

/**
 * Milli Harvest (spec §2 '10 + 1' plan, DECISIONS §2): a logged-in customer enrols with a monthly amount,
 * sees the schedule and pays the next due instalment in the payment gateway's checkout (issue 18).
 */
export default function MilliHarvest({ loaderData, actionData }: Route.ComponentProps) {
  const { user, email, amount, plan, payingId, banner } = loaderData;
  const sample = rupeesToPaise(HARVEST.sampleAmount);
  const enrolResult = actionData?.intent === 'enrol' ? (actionData as EnrolResult) : undefined;
  const payResult = actionData?.intent === 'pay' ? (actionData as PayResult) : undefined;
  const running = plan?.status === 'Active';
  const paying = plan && payingId !== null ? plan.instalments.find((i) => i.id === payingId) : undefined;
  const navigate = useNavigate();
  const [payingNumber, setPayingNumber] = useState(0);
  const checkout = useGatewayCheckout({
    // Paid: the schedule again, from the server, with the paid banner.
    onPaid: () => void navigate(`/milli-harvest?paid=${payingNumber}#plan`),
  });
  const onPay = (instalment: HarvestInstalment) => {
    setPayingNumber(instalment.number);
    void checkout.pay<HarvestPayAnswer>(`/api/harvest/instalments/${instalment.id}/pay`, {
      name: 'Milli Harvest',
      description: `Instalment ${instalment.number} of ${HARVEST.instalments}`,
      prefill: { email },
    });
  };
  return (
    <>
      <PageBanner title="Milli Harvest" />
      <section className="section harvest-hero" aria-labelledby="harvest-title">
        <div className="container harvest-hero-inner">
          <div>
            <span className="section-eyebrow">Monthly savings plan</span>
            <h2 id="harvest-title" className="harvest-plan">
              <span className="harvest-number">{HARVEST.instalments}</span>
              <span className="harvest-plus">+</span>
              <span className="harvest-number">1</span>
            </h2>
            <p className="harvest-lead">
              Pay {HARVEST.instalments} monthly instalments, and we pay the {HARVEST.freeInstalment}th. Save{' '}
              {formatRupees(sample, { decimals: false })} a month and shop for{' '}
              {formatRupees(sample * HARVEST.freeInstalment, { decimals: false })} at maturity.
            </p>
          </div>
          {plan && running ? (
            <PlanSummary plan={plan} onPay={onPay} />
          ) : (
            <EnrolForm amount={amount} email={email} loggedIn={!!user} result={enrolResult} />
          )}
        </div>
      </section>

      {plan && (
        <section id="plan" className="section harvest-plan-section" aria-labelledby="harvest-schedule-title">
          <div className="container stack">
            <h2 id="harvest-schedule-title" className="section-title">
              Your instalments
            </h2>
            {banner && <FormAlert tone="success">{banner}</FormAlert>}
            {checkout.error && <FormAlert tone="error">{checkout.error}</FormAlert>}
            {!running && <PlanSummary plan={plan} onPay={onPay} />}
            <PlanSchedule plan={plan} payingId={payingId} onPay={onPay} />
            {paying && <InstalmentPay instalment={paying} result={payResult} onPay={onPay} busy={checkout.busy} />}
            {checkout.dialog}
          </div>
        </section>
      )}

      <section className="section section--warm" aria-labelledby="harvest-why-title">
        <div className="container">
          <h2 id="harvest-why-title" className="section-title">
            Why Milli Harvest plan
          </h2>
          <ul className="harvest-why">
            {WHY.map((w) => (
              <li key={w.title} className="card card-pad">
                <h3 className="shell-h3">{w.title}</h3>
                <p className="muted">{w.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="harvest-how-title">
        <div className="container">
          <h2 id="harvest-how-title" className="section-title">
            How does it work?
          </h2>
          <ol className="harvest-steps">
            {STEPS.map((s, i) => (
              <li key={s.title}>
                <span className="harvest-step-num" aria-hidden="true">
                  {i + 1}
                </span>
                <h3 className="shell-h3">{s.title}</h3>
                <p className="muted">{s.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>
    </>
  );
}
