import { useEffect, useState } from 'react';
import { Form, useNavigation } from 'react-router';
import type { Route } from './+types/checkout';
import { DEFAULT_COUNTRY } from '@milli/contracts';
import { formatRupees } from '@milli/pricing';
import { serverApi } from '../lib/api.server.ts';
import { loginRedirect } from '../lib/safe-redirect.ts';
import { pageTitle } from '../lib/meta.ts';
import { loadSessionUser } from '../lib/session.ts';
import { PageBanner } from '../components/layout/page-banner.tsx';
import { FormAlert } from '../components/forms/form-bits.tsx';
import { fieldErrorId, fieldErrorProps } from '../lib/field-errors.ts';
import { loadCartView } from '../features/cart/cart-data.server.ts';
import { countryOptions } from '../features/cart/checkout-data.server.ts';
import { placeOrder } from '../features/cart/checkout-actions.server.ts';
import { TERMS_MESSAGE, type BillingField } from '../features/cart/checkout-form.ts';
import { cartDataList, cartTotals } from '../features/cart/cart-view.ts';
import { TotalsList } from '../features/cart/totals-list.tsx';
import '../styles/screens/shells.css';
import '../styles/screens/cart.css';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Checkout') }, { name: 'robots', content: 'noindex' }];

/** Guests are sent to /login (spec §2, §6). A fresh idempotency key per visit makes a double Place Order one order. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = serverApi(context);
  const user = await loadSessionUser(api);
  if (!user) throw loginRedirect(request);
  const [settings, plans] = await Promise.all([
    api.get<{ shippingFeePaise: number }>('/api/settings').catch(() => ({ shippingFeePaise: 299 })),
    // A matured Milli Harvest plan's balance can pay for the order; no plan (or no answer) means none.
    api.get<{ data: { balancePaise: number }[] }>('/api/harvest/plans').catch(() => ({ data: [] })),
  ]);
  const view = await loadCartView(api, request, user, settings.shippingFeePaise);
  return {
    view,
    harvestBalancePaise: plans.data.reduce((sum, p) => sum + (Number.isSafeInteger(p.balancePaise) ? p.balancePaise : 0), 0),
    countries: countryOptions(),
    idempotencyKey: crypto.randomUUID(),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return placeOrder(serverApi(context), request);
}

const BILLING: { id: BillingField; label: string; autoComplete: string; type: string; wide?: boolean; inputMode?: 'numeric' | 'tel' }[] = [
  { id: 'firstName', label: 'First name', autoComplete: 'given-name', type: 'text' },
  { id: 'lastName', label: 'Last name', autoComplete: 'family-name', type: 'text' },
  { id: 'address', label: 'Address', autoComplete: 'street-address', type: 'text', wide: true },
  { id: 'city', label: 'City', autoComplete: 'address-level2', type: 'text' },
  { id: 'pincode', label: 'Pincode', autoComplete: 'postal-code', type: 'text', inputMode: 'numeric' },
];

/** A field's error under it, tied to it for screen readers by fieldErrorProps. */
function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={fieldErrorId(id)} className="field-error">
      {error}
    </p>
  ) : null;
}

/**
 * Checkout (spec §2): billing form (India and +91 preselected), order summary with the cart's totals,
 * terms and corporate-order boxes, Place Order → /thank-you.
 */
export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const { view, countries: list, idempotencyKey, harvestBalancePaise } = loaderData;
  const [useHarvest, setUseHarvest] = useState(actionData ? actionData.values.useHarvest === 'on' : harvestBalancePaise > 0);
  const navigation = useNavigation();
  const placing = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const [termsError, setTermsError] = useState<string | null>(null);
  const [dialCode, setDialCode] = useState(actionData?.values.countryCode || DEFAULT_COUNTRY.dialCode);
  const fields = actionData?.fields ?? {};
  const values = actionData?.values ?? {};
  const totals = cartTotals(view.lines, view.shippingFeePaise, view.coupon, useHarvest ? harvestBalancePaise : 0);
  const termsMessage = termsError ?? fields.terms;
  const hasLines = view.lines.length > 0;
  // After a refusal, the first field to fix gets the focus (and the screen scrolls to it), so the message is not missed.
  useEffect(() => {
    if (actionData) document.querySelector<HTMLElement>('.checkout [aria-invalid="true"]')?.focus();
  }, [actionData]);
  const dialCodes = [...new Map(list.map((c) => [c.dialCode, c])).values()].sort((a, b) => Number(a.dialCode) - Number(b.dialCode));

  return (
    <>
      <PageBanner title="Checkout" />
      <div className="section">
        <Form
          method="post"
          className="container checkout"
          onSubmit={(e) => {
            const terms = e.currentTarget.elements.namedItem('terms') as HTMLInputElement | null;
            if (terms && !terms.checked) {
              e.preventDefault();
              setTermsError(TERMS_MESSAGE);
              terms.focus();
            } else setTermsError(null);
          }}
        >
          <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
          <input type="hidden" name="cartDataList" value={cartDataList(view.lines)} />
          {/* The coupon whose totals this page shows; the server checks it again. */}
          <input type="hidden" name="couponCode" value={view.coupon?.code ?? ''} />
          <section className="card card-pad" aria-labelledby="billing-title">
            <h2 id="billing-title" className="shell-h2">
              Billing details
            </h2>
            {actionData && !fields.terms && <FormAlert tone="error">{actionData.message}</FormAlert>}
            <div className="form-grid">
              {BILLING.map((f) => (
                <div key={f.id} className={`form-field${f.wide ? ' span-2' : ''}`}>
                  <label htmlFor={`bill-${f.id}`}>{f.label}</label>
                  <input
                    id={`bill-${f.id}`}
                    name={f.id}
                    type={f.type}
                    autoComplete={f.autoComplete}
                    inputMode={f.inputMode}
                    defaultValue={values[f.id]}
                    required
                    {...fieldErrorProps(`bill-${f.id}`, fields[f.id])}
                  />
                  <FieldError id={`bill-${f.id}`} error={fields[f.id]} />
                </div>
              ))}
              <div className="form-field">
                <label htmlFor="bill-country">Country</label>
                <select
                  id="bill-country"
                  name="country"
                  defaultValue={values.country || DEFAULT_COUNTRY.name}
                  autoComplete="country-name"
                  required
                  onChange={(e) => {
                    const chosen = list.find((c) => c.name === e.target.value);
                    if (chosen) setDialCode(chosen.dialCode);
                  }}
                  {...fieldErrorProps('bill-country', fields.country)}
                >
                  {list.map((c) => (
                    <option key={c.iso2} value={c.name}>
                      {c.name}
                    </option>
                  ))}
                </select>
                <FieldError id="bill-country" error={fields.country} />
              </div>
              <div className="form-field">
                <label htmlFor="bill-phone">Phone number</label>
                <div className="inline-field">
                  <label htmlFor="bill-code" className="visually-hidden">
                    Country code
                  </label>
                  <select id="bill-code" name="countryCode" value={dialCode} onChange={(e) => setDialCode(e.target.value)} className="code-select" required {...fieldErrorProps('bill-code', fields.countryCode)}>
                    {dialCodes.map((c) => (
                      <option key={c.dialCode} value={c.dialCode}>
                        +{c.dialCode}
                      </option>
                    ))}
                  </select>
                  <input id="bill-phone" name="phoneNumber" type="tel" autoComplete="tel-national" defaultValue={values.phoneNumber} required {...fieldErrorProps('bill-phone', fields.phoneNumber)} />
                </div>
                <FieldError id="bill-code" error={fields.countryCode} />
                <FieldError id="bill-phone" error={fields.phoneNumber} />
              </div>
            </div>

            <div className="check-field reveal-toggle">
              <input id="corporate" name="corporate" type="checkbox" data-reveals="" defaultChecked={values.corporate === 'on'} />
              <label htmlFor="corporate">This is a corporate order</label>
            </div>
            <fieldset className="reveal form-grid">
              <legend className="visually-hidden">Company details</legend>
              <div className="form-field">
                <label htmlFor="bill-company">Company name</label>
                <input id="bill-company" name="companyName" type="text" autoComplete="organization" defaultValue={values.companyName} {...fieldErrorProps('bill-company', fields.companyName)} />
                <FieldError id="bill-company" error={fields.companyName} />
              </div>
              <div className="form-field">
                <label htmlFor="bill-company-email">Company e-mail</label>
                <input id="bill-company-email" name="companyEmail" type="email" defaultValue={values.companyEmail} {...fieldErrorProps('bill-company-email', fields.companyEmail)} />
                <FieldError id="bill-company-email" error={fields.companyEmail} />
              </div>
              <div className="form-field">
                <label htmlFor="bill-gstin">GSTIN</label>
                <input id="bill-gstin" name="gstin" type="text" autoCapitalize="characters" maxLength={15} defaultValue={values.gstin} {...fieldErrorProps('bill-gstin', fields.gstin)} />
                <FieldError id="bill-gstin" error={fields.gstin} />
              </div>
            </fieldset>
          </section>

          <section className="card card-pad checkout-summary" aria-labelledby="summary-title">
            <h2 id="summary-title" className="shell-h2">
              Your order
            </h2>
            {!hasLines ? (
              <p className="muted">Your cart is empty.</p>
            ) : (
              <ul className="summary-lines">
                {view.lines.map((l) => (
                  <li key={l.key}>
                    <span>
                      {l.name} × {l.quantity}
                      {l.choices && <span className="summary-choices">{l.choices}</span>}
                    </span>
                    <span className="price">{formatRupees(l.unitPricePaise * l.quantity)}</span>
                  </li>
                ))}
              </ul>
            )}
            {view.couponNotice && <FormAlert tone="info">{view.couponNotice}</FormAlert>}
            {harvestBalancePaise > 0 && (
              <div className="check-field">
                <input id="use-harvest" name="useHarvest" type="checkbox" checked={useHarvest} onChange={(e) => setUseHarvest(e.target.checked)} />
                <label htmlFor="use-harvest">Pay from my Milli Harvest balance ({formatRupees(harvestBalancePaise)} available)</label>
              </div>
            )}
            <TotalsList totals={totals} couponCode={view.coupon?.code} />
            <div className="check-field terms-field">
              <input id="terms" name="terms" type="checkbox" aria-describedby={termsMessage ? 'terms-error' : undefined} onChange={(e) => e.target.checked && setTermsError(null)} />
              <label htmlFor="terms">
                I have read and accept the{' '}
                {/* A new tab, so reading the terms never loses what was typed on this page. */}
                <a href="/terms-and-conditions" target="_blank" rel="noopener">
                  terms and conditions<span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </label>
            </div>
            {termsMessage && (
              <p id="terms-error" className="terms-error" role="alert">
                {termsMessage}
              </p>
            )}
            <button type="submit" className="btn btn-primary btn-block" disabled={!hasLines || placing}>
              {placing ? 'Placing your order…' : 'Place Order'}
            </button>
          </section>
        </Form>
      </div>
    </>
  );
}
