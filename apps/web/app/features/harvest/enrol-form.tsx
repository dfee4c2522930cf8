import { useEffect, useRef, useState } from 'react';
import { Form, Link } from 'react-router';
import { FormAlert, useSubmitting } from '../../components/forms/form-bits.tsx';
import { fieldErrorId, fieldErrorProps } from '../../lib/field-errors.ts';
import { HarvestBreakdown } from './harvest-breakdown.tsx';
import { HARVEST_PLAN_PATH, harvestLoginHref, type EnrolResult } from './harvest-text.ts';

/** Who the page knows is here: not yet (the shared page as sent, decision 032), a guest, or a customer. */
export type Visitor = 'unknown' | 'guest' | 'customer';

/**
 * Start your plan: the monthly amount with its live breakdown, and the plan's e-mail. The same form for everyone on
 * the shared page (it posts to the page's action, answered for the one who sent it: a guest is asked to log in, a
 * customer is enrolled). What the browser learns afterwards fills in what was the visitor's own: their account's
 * e-mail (`email`) and the amount they chose as a guest (`keptAmount`), each only into a field they have not touched.
 */
export function EnrolForm({
  amount,
  keptAmount,
  email,
  visitor,
  result,
}: {
  amount: string;
  keptAmount: string | null;
  email: string;
  visitor: Visitor;
  result: EnrolResult | undefined;
}) {
  const [typed, setTyped] = useState(result?.values.monthlyAmount ?? amount);
  const [mail, setMail] = useState(result?.values.email ?? '');
  const touched = useRef({ amount: result !== undefined, email: result !== undefined });
  useEffect(() => {
    if (keptAmount && !touched.current.amount) setTyped(keptAmount);
  }, [keptAmount]);
  useEffect(() => {
    if (email && !touched.current.email) setMail(email);
  }, [email]);
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
              <Link to={harvestLoginHref(result.values.monthlyAmount.replace(/\D/g, ''))}>Login</Link> · <Link to="/register">Sign up</Link>
            </>
          )}
          {result.planExists && (
            <>
              {' '}
              <Link to={HARVEST_PLAN_PATH}>See your plan</Link>
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
          onChange={(e) => {
            touched.current.amount = true;
            setTyped(e.target.value);
          }}
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
          value={mail}
          onChange={(e) => {
            touched.current.email = true;
            setMail(e.target.value);
          }}
          {...fieldErrorProps('harvest-email', errors.email, errors.email ? undefined : 'harvest-email-hint')}
        />
        {errors.email ? (
          <p id={fieldErrorId('harvest-email')} className="field-error">
            {errors.email}
          </p>
        ) : (
          // The shared page cannot fill in a customer's e-mail without JavaScript: the action uses the account's.
          <p id="harvest-email-hint" className="field-hint">
            Left empty, we use your account’s e-mail.
          </p>
        )}
      </div>
      <button type="submit" className="btn btn-primary btn-block" disabled={submitting}>
        {submitting ? 'Starting…' : 'Start Now'}
      </button>
      {/* Both lines in one cell (the other hidden), so the form keeps its height when the browser learns who is here. */}
      <p className="field-hint harvest-login-note">
        <span data-shown={visitor !== 'customer'} aria-hidden={visitor === 'customer' || undefined}>
          Not logged in? You will be asked to log in or sign up first; the amount you chose is kept.
        </span>
        <span data-shown={visitor === 'customer'} aria-hidden={visitor !== 'customer' || undefined}>
          Your plan starts at once, and you pay the first instalment next.
        </span>
      </p>
    </Form>
  );
}
