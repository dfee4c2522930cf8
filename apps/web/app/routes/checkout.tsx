import type { Route } from './+types/checkout';
import { DEFAULT_COUNTRY } from '@milli/contracts';
import { formatRupees } from '@milli/pricing';
import { pageTitle } from '../lib/meta.ts';
import { PageBanner } from '../components/layout/page-banner.tsx';
import { useShellData } from '../components/layout/shell-data.ts';
import '../styles/screens/shells.css';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Checkout') }, { name: 'robots', content: 'noindex' }];

const BILLING = [
  { id: 'firstName', label: 'First name', autoComplete: 'given-name', type: 'text' },
  { id: 'lastName', label: 'Last name', autoComplete: 'family-name', type: 'text' },
  { id: 'address', label: 'Address', autoComplete: 'street-address', type: 'text', wide: true },
  { id: 'city', label: 'City', autoComplete: 'address-level2', type: 'text' },
  { id: 'pincode', label: 'Pincode', autoComplete: 'postal-code', type: 'text' },
] as const;

/**
 * Checkout (spec §2). Billing form, order summary, terms and corporate order. Still to come with the
 * checkout issue: the login guard, placing the order (POST /api/orders/placeOrders) and /thank-you.
 */
export default function Checkout() {
  const { cart, settings } = useShellData();
  const shipping = cart.lines.length > 0 ? settings.shippingFeePaise : 0;
  return (
    <>
      <PageBanner title="Checkout" />
      <div className="section">
        <form method="post" className="container checkout">
          <section className="card card-pad" aria-labelledby="billing-title">
            <h2 id="billing-title" className="shell-h2">
              Billing details
            </h2>
            <div className="form-grid">
              {BILLING.map((f) => (
                <div key={f.id} className={`form-field${'wide' in f ? ' span-2' : ''}`}>
                  <label htmlFor={`bill-${f.id}`}>{f.label}</label>
                  <input id={`bill-${f.id}`} name={f.id} type={f.type} autoComplete={f.autoComplete} required />
                </div>
              ))}
              <div className="form-field">
                <label htmlFor="bill-country">Country</label>
                <select id="bill-country" name="country" defaultValue={DEFAULT_COUNTRY.name} autoComplete="country-name" required>
                  <option value={DEFAULT_COUNTRY.name}>{DEFAULT_COUNTRY.name}</option>
                </select>
              </div>
              <div className="form-field">
                <label htmlFor="bill-phone">Phone number</label>
                <div className="inline-field">
                  <label htmlFor="bill-code" className="visually-hidden">
                    Country code
                  </label>
                  <select id="bill-code" name="countryCode" defaultValue={DEFAULT_COUNTRY.dialCode} className="code-select" required>
                    <option value={DEFAULT_COUNTRY.dialCode}>+{DEFAULT_COUNTRY.dialCode}</option>
                  </select>
                  <input id="bill-phone" name="phoneNumber" type="tel" autoComplete="tel-national" required />
                </div>
              </div>
            </div>

            <div className="check-field reveal-toggle">
              <input id="corporate" name="corporate" type="checkbox" data-reveals="" />
              <label htmlFor="corporate">This is a corporate order</label>
            </div>
            <fieldset className="reveal form-grid">
              <legend className="visually-hidden">Company details</legend>
              <div className="form-field">
                <label htmlFor="bill-company">Company name</label>
                <input id="bill-company" name="companyName" type="text" autoComplete="organization" />
              </div>
              <div className="form-field">
                <label htmlFor="bill-company-email">Company e-mail</label>
                <input id="bill-company-email" name="companyEmail" type="email" />
              </div>
              <div className="form-field">
                <label htmlFor="bill-gstin">GSTIN</label>
                <input id="bill-gstin" name="gstin" type="text" />
              </div>
            </fieldset>
          </section>

          <section className="card card-pad checkout-summary" aria-labelledby="summary-title">
            <h2 id="summary-title" className="shell-h2">
              Your order
            </h2>
            {cart.lines.length === 0 ? (
              <p className="muted">Your cart is empty.</p>
            ) : (
              <ul className="summary-lines">
                {cart.lines.map((l) => (
                  <li key={l.productId}>
                    <span>
                      {l.name} × {l.quantity}
                    </span>
                    <span className="price">{formatRupees(l.lineTotalPaise)}</span>
                  </li>
                ))}
              </ul>
            )}
            <dl className="totals">
              <dt>Subtotal</dt>
              <dd>{formatRupees(cart.subtotalPaise)}</dd>
              <dt>Shipping</dt>
              <dd>{formatRupees(shipping)}</dd>
              <dt className="totals-grand">Total</dt>
              <dd className="totals-grand">{formatRupees(cart.subtotalPaise + shipping)}</dd>
            </dl>
            <div className="check-field">
              <input id="terms" name="terms" type="checkbox" required />
              <label htmlFor="terms">I have read and accept the terms and conditions</label>
            </div>
            <button type="submit" className="btn btn-primary btn-block" disabled={cart.lines.length === 0}>
              Place Order
            </button>
          </section>
        </form>
      </div>
    </>
  );
}
