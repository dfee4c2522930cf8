import { useEffect, useState } from 'react';
import { Form, useNavigate, useNavigation, useSearchParams } from 'react-router';
import type { Route } from './+types/checkout';
import { DEFAULT_COUNTRY, INDIAN_STATES, streetLine } from '@milli/contracts';
import { formatGrams, formatRupees } from '@milli/pricing';
import { loadMetalAccount } from '../features/metal-account/metal-account.server.ts';
import { serverApi } from '../lib/api.server.ts';
import { loginRedirect } from '../lib/safe-redirect.ts';
import { pageTitle } from '../lib/meta.ts';
import { loadSessionUser } from '../lib/session.ts';
import { PageBanner } from '../components/layout/page-banner.tsx';
import { FormAlert } from '../components/forms/form-bits.tsx';
import { fieldErrorId, fieldErrorProps } from '../lib/field-errors.ts';
import { loadCartView, needed } from '../features/cart/cart-data.server.ts';
import { countryOptions, loadCheckoutPrefill } from '../features/cart/checkout-data.server.ts';
import { PAN_THRESHOLD_PAISE, payOnDeliveryLimit } from '@milli/contracts/schemas';
import { placeOrder } from '../features/cart/checkout-actions.server.ts';
import { TERMS_MESSAGE, type CheckoutField, type CheckoutResult } from '../features/cart/checkout-form.ts';
import { CART_NOTES, cartDataList, cartTotals, metalAccountUse, rateLockNote } from '../features/cart/cart-view.ts';
import { CouponOffers, OfferApplyForm } from '../features/cart/coupon-offers.tsx';
import { TotalsList } from '../features/cart/totals-list.tsx';
import '../styles/screens/shells.css';
import '../styles/screens/cart.css';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Checkout') }, { name: 'robots', content: 'noindex' }];

/** Guests are sent to /login (spec §2, §6). A fresh idempotency key per visit makes a double Place Order one order. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = serverApi(context);
  const user = await loadSessionUser(api);
  if (!user) throw loginRedirect(request);
  const [settings, plans, book] = await Promise.all([
    needed(api.get('/api/settings')),
    // A matured Milli Harvest plan's balance can pay for the order.
    needed(api.get('/api/harvest/plans')),
    loadCheckoutPrefill(api, user, new URL(request.url)),
  ]);
  // Store credit (exchanges, returns, goodwill) pays what the Harvest balance leaves.
  const storeCredit = await needed(api.get('/api/account/store-credit'));
  // Issue 42: fine gold in the metal account pays the gold pieces' metal (the server plans it again under lock).
  const metal = await loadMetalAccount(api);
  const view = await loadCartView(api, request, user, settings.shippingFeePaise);
  return {
    view,
    // A plan past the 365-day limit cannot be spent (the server refuses it): it is not offered.
    harvestBalancePaise: plans.data.reduce((sum, p) => sum + (Number.isSafeInteger(p.balancePaise) && !p.pastLimit ? p.balancePaise : 0), 0),
    storeCreditPaise: Number.isSafeInteger(storeCredit.balancePaise) && storeCredit.balancePaise > 0 ? storeCredit.balancePaise : 0,
    metalBalanceMg: metal?.balanceMg ?? 0,
    countries: countryOptions(),
    idempotencyKey: crypto.randomUUID(),
    ...book,
    // Pay on delivery below the store's limit, and never at Rs. 2 lakh or more (cash rules); the server decides again.
    codLimitPaise: payOnDeliveryLimit(settings.codLimitPaise),
    panFromPaise: PAN_THRESHOLD_PAISE,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return placeOrder(serverApi(context), request);
}

type Values = CheckoutResult['values'];
type Errors = CheckoutResult['fields'];

/** One address's fields, for billing (the spec's names) and for delivery elsewhere (shipping*). */
const ADDRESS_PARTS = [
  { part: 'firstName', label: 'First name', shipLabel: 'Recipient’s first name', autoComplete: 'given-name' },
  { part: 'lastName', label: 'Last name', shipLabel: 'Recipient’s last name', autoComplete: 'family-name' },
  { part: 'address', label: 'Address', shipLabel: 'Delivery address', autoComplete: 'street-address', wide: true },
  { part: 'landmark', label: 'Landmark (optional)', shipLabel: 'Delivery landmark (optional)', autoComplete: 'off', wide: true, optional: true },
  { part: 'city', label: 'City', shipLabel: 'Delivery city', autoComplete: 'address-level2' },
  { part: 'pincode', label: 'Pincode', shipLabel: 'Delivery pincode', autoComplete: 'postal-code', inputMode: 'numeric' as const },
] as const;
type AddressPart = (typeof ADDRESS_PARTS)[number]['part'] | 'state' | 'phoneNumber';

const BILLING_NAMES: Record<AddressPart, CheckoutField> = {
  firstName: 'firstName',
  lastName: 'lastName',
  address: 'address',
  landmark: 'landmark',
  city: 'city',
  state: 'state',
  pincode: 'pincode',
  phoneNumber: 'phoneNumber',
};
const SHIPPING_NAMES: Record<AddressPart, CheckoutField> = {
  firstName: 'shippingFirstName',
  lastName: 'shippingLastName',
  address: 'shippingAddress',
  landmark: 'shippingLandmark',
  city: 'shippingCity',
  state: 'shippingState',
  pincode: 'shippingPincode',
  phoneNumber: 'shippingPhoneNumber',
};

/** The State select: India's states and union territories (GST codes are the server's business). */
function StateSelect({
  id,
  name,
  label,
  defaultValue,
  fromPin,
  error,
}: {
  id: string;
  name: string;
  label: string;
  defaultValue: string | undefined;
  fromPin: boolean;
  error: string | undefined;
}) {
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={defaultValue ?? ''} autoComplete={name === 'state' ? 'address-level1' : 'off'} {...fieldErrorProps(id, error)}>
        {/* In India a state left unchosen is the PIN's (the server finds it); abroad none is needed. */}
        <option value="">{fromPin ? 'From the pincode' : 'Choose…'}</option>
        {INDIAN_STATES.map((s) => (
          <option key={s.code} value={s.name}>
            {s.name}
          </option>
        ))}
      </select>
      <FieldError id={id} error={error} />
    </div>
  );
}

/** The text fields of one address, then its state select; `required` only where the browser should insist (billing). */
function AddressInputs({
  prefix,
  names,
  values,
  errors,
  required,
  inIndia,
}: {
  prefix: string;
  names: Record<AddressPart, CheckoutField>;
  values: Values;
  errors: Errors;
  required: boolean;
  inIndia: boolean;
}) {
  return (
    <>
      {ADDRESS_PARTS.map((f) => {
        const name = names[f.part];
        const id = `${prefix}-${f.part}`;
        return (
          <div key={f.part} className={`form-field${'wide' in f && f.wide ? ' span-2' : ''}`}>
            <label htmlFor={id}>{prefix === 'ship' ? f.shipLabel : f.label}</label>
            <input
              id={id}
              name={name}
              type="text"
              autoComplete={prefix === 'ship' && f.autoComplete !== 'off' ? `shipping ${f.autoComplete}` : f.autoComplete}
              inputMode={'inputMode' in f ? f.inputMode : undefined}
              maxLength={f.part === 'landmark' ? 120 : undefined}
              defaultValue={values[name]}
              required={required && !('optional' in f && f.optional)}
              {...fieldErrorProps(id, errors[name])}
            />
            <FieldError id={id} error={errors[name]} />
          </div>
        );
      })}
      <StateSelect
        id={`${prefix}-state`}
        name={names.state}
        label={prefix === 'ship' ? 'Delivery state' : 'State'}
        defaultValue={values[names.state]}
        fromPin={inIndia}
        error={errors[names.state]}
      />
    </>
  );
}

/** A field's error under it, tied to it for screen readers by fieldErrorProps. */
function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={fieldErrorId(id)} className="field-error">
      {error}
    </p>
  ) : null;
}

/**
 * Issue 38: the Form 60 declaration (Rule 114B) of a buyer without a PAN, for an order of Rs. 2 lakh or more: what the
 * form asks that a store can take (name, address, the amount, the Aadhaar number or why there is none) and the
 * declaration itself. Shown by its checkbox with CSS alone, so it works without JavaScript. The Aadhaar number is never
 * put back into the page: only its last four digits are kept.
 */
function Form60Fields({ values, fields, amountPaise }: { values: Values; fields: Errors; amountPaise: number }) {
  return (
    <div className="reveal-group form60">
      <div className="check-field reveal-toggle">
        <input id="form60" name="form60" type="checkbox" data-reveals="" defaultChecked={values.form60 === 'on'} aria-describedby="form60-hint" />
        <label htmlFor="form60">I have no PAN: I will give a Form 60 declaration instead</label>
      </div>
      <p id="form60-hint" className="field-hint">
        Form 60 is the income-tax declaration of a buyer who has no PAN. It is kept with your order and noted on your invoice in place of the PAN.
      </p>
      <fieldset className="reveal form-grid" aria-describedby="form60-amount">
        <legend>Form 60 declaration</legend>
        <p id="form60-amount" className="span-2 form60-amount">
          Amount of the transaction: <strong>{formatRupees(amountPaise)}</strong> (this order’s total)
        </p>
        <div className="form-field">
          <label htmlFor="form60-name">Full name for Form 60</label>
          <input
            id="form60-name"
            name="form60Name"
            type="text"
            autoComplete="name"
            maxLength={120}
            defaultValue={values.form60Name}
            {...fieldErrorProps('form60-name', fields.form60Name)}
          />
          <FieldError id="form60-name" error={fields.form60Name} />
        </div>
        <div className="form-field span-2">
          <label htmlFor="form60-address">Address for Form 60</label>
          <textarea
            id="form60-address"
            name="form60Address"
            rows={2}
            maxLength={300}
            autoComplete="street-address"
            defaultValue={values.form60Address}
            {...fieldErrorProps('form60-address', fields.form60Address)}
          />
          <FieldError id="form60-address" error={fields.form60Address} />
        </div>
        <div className="form-field">
          <label htmlFor="form60-aadhaar">Aadhaar number</label>
          <input
            id="form60-aadhaar"
            name="form60Aadhaar"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            maxLength={14}
            defaultValue=""
            aria-describedby={fields.form60Aadhaar ? `${fieldErrorId('form60-aadhaar')} form60-aadhaar-hint` : 'form60-aadhaar-hint'}
            aria-invalid={fields.form60Aadhaar ? true : undefined}
          />
          <p id="form60-aadhaar-hint" className="field-hint">
            12 digits. We check it and keep only its last four digits.
          </p>
          <FieldError id="form60-aadhaar" error={fields.form60Aadhaar} />
        </div>
        <div className="form-field">
          <label htmlFor="form60-reason">Or, if you have no Aadhaar number, why</label>
          <input
            id="form60-reason"
            name="form60NoAadhaarReason"
            type="text"
            maxLength={200}
            defaultValue={values.form60NoAadhaarReason}
            aria-describedby={fields.form60NoAadhaarReason ? `${fieldErrorId('form60-reason')} form60-reason-hint` : 'form60-reason-hint'}
            aria-invalid={fields.form60NoAadhaarReason ? true : undefined}
          />
          <p id="form60-reason-hint" className="field-hint">
            For example: “Applied for PAN, acknowledgement number …”, or “No Aadhaar issued”.
          </p>
          <FieldError id="form60-reason" error={fields.form60NoAadhaarReason} />
        </div>
        <div className="check-field span-2">
          <input
            id="form60-declaration"
            name="form60Declaration"
            type="checkbox"
            defaultChecked={values.form60Declaration === 'on'}
            {...fieldErrorProps('form60-declaration', fields.form60Declaration)}
          />
          <label htmlFor="form60-declaration">
            I declare that I do not have a PAN, and that what I have given above is true, for this purchase of {formatRupees(amountPaise)}.
          </label>
        </div>
        <FieldError id="form60-declaration" error={fields.form60Declaration} />
      </fieldset>
    </div>
  );
}

/**
 * Checkout (spec §2): billing form (India and +91 preselected), order summary with the cart's totals,
 * terms and corporate-order boxes, Place Order → /thank-you.
 */
export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const {
    view,
    countries: list,
    idempotencyKey,
    harvestBalancePaise,
    storeCreditPaise,
    metalBalanceMg,
    addresses,
    prefill,
    codLimitPaise,
    panFromPaise,
  } = loaderData;
  const [useMetal, setUseMetal] = useState(actionData ? actionData.values.useMetalAccount === 'on' : metalBalanceMg > 0);
  const [useHarvest, setUseHarvest] = useState(actionData ? actionData.values.useHarvest === 'on' : harvestBalancePaise > 0);
  const [useStoreCredit, setUseStoreCredit] = useState(actionData ? actionData.values.useStoreCredit === 'on' : storeCreditPaise > 0);
  const navigate = useNavigate();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const navigation = useNavigation();
  const placing = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const [params] = useSearchParams();
  const couponApplied = params.get(CART_NOTES.coupon) === '1' && view.coupon !== null;
  const [termsError, setTermsError] = useState<string | null>(null);
  const [dialCode, setDialCode] = useState(actionData?.values.countryCode || DEFAULT_COUNTRY.dialCode);
  const [country, setCountry] = useState(actionData?.values.country || DEFAULT_COUNTRY.name);
  const fields = actionData?.fields ?? {};
  // After a refusal, what was typed; else the saved address picked (or the default one, or the profile's name and mobile).
  const values: Values = actionData?.values ?? { ...prefill, saveAddress: addresses.length === 0 ? 'on' : undefined };
  const totals = cartTotals(
    view.lines,
    view.shippingFeePaise,
    view.coupon,
    useHarvest ? harvestBalancePaise : 0,
    useStoreCredit ? storeCreditPaise : 0,
    useMetal ? metalBalanceMg : 0,
  );
  const codOpen = codLimitPaise > 0 && totals.payablePaise < codLimitPaise;
  const [chosenMethod, setMethod] = useState(values.paymentMethod === 'cod' ? 'cod' : 'online');
  const method = chosenMethod === 'cod' && codOpen ? 'cod' : 'online';
  const needsPan = totals.totalPaise >= panFromPaise;
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
        {/* The saved-address picker's own form (its select sits in the billing card, tied here by form=…): works without script. */}
        <form id="address-picker" method="get" action="/checkout" hidden />
        {/* "View offers" in the summary applies through this form, outside the order's form (issue 40). */}
        {!view.coupon && hasLines && <OfferApplyForm back="checkout" />}
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
            {addresses.length > 0 && (
              <div className="form-field address-picker">
                <label htmlFor="saved-address">Use a saved address</label>
                <div className="inline-field">
                  <select
                    id="saved-address"
                    name="address"
                    form="address-picker"
                    defaultValue={prefill.addressId ?? 'new'}
                    onChange={(e) => navigate(`/checkout?address=${encodeURIComponent(e.target.value)}`, { replace: true, preventScrollReset: true })}
                  >
                    {addresses.map((a) => (
                      <option key={a.id} value={a.id}>
                        {a.firstName} {a.lastName}, {streetLine(a.address, a.city)}, {a.city} {a.pincode}
                        {a.isDefault ? ' (default)' : ''}
                      </option>
                    ))}
                    <option value="new">A new address</option>
                  </select>
                  {!hydrated && (
                    <button type="submit" form="address-picker" className="btn btn-outline">
                      Use
                    </button>
                  )}
                </div>
              </div>
            )}
            {/* A new key per address picked: the fields start again from its values. */}
            <div className="form-grid" key={actionData ? 'typed' : (prefill.addressId ?? 'new')}>
              <AddressInputs prefix="bill" names={BILLING_NAMES} values={values} errors={fields} required inIndia={country === DEFAULT_COUNTRY.name} />
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
                    setCountry(e.target.value);
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
                  <select
                    id="bill-code"
                    name="countryCode"
                    value={dialCode}
                    onChange={(e) => setDialCode(e.target.value)}
                    className="code-select"
                    required
                    {...fieldErrorProps('bill-code', fields.countryCode)}
                  >
                    {dialCodes.map((c) => (
                      <option key={c.dialCode} value={c.dialCode}>
                        +{c.dialCode}
                      </option>
                    ))}
                  </select>
                  <input
                    id="bill-phone"
                    name="phoneNumber"
                    type="tel"
                    autoComplete="tel-national"
                    defaultValue={values.phoneNumber}
                    required
                    {...fieldErrorProps('bill-phone', fields.phoneNumber)}
                  />
                </div>
                <FieldError id="bill-code" error={fields.countryCode} />
                <FieldError id="bill-phone" error={fields.phoneNumber} />
              </div>
              {needsPan && (
                <div className="form-field">
                  <label htmlFor="bill-pan">PAN</label>
                  {/* Not `required`: a buyer without a PAN gives the Form 60 declaration below instead (the server checks both). */}
                  <input
                    id="bill-pan"
                    name="pan"
                    type="text"
                    autoCapitalize="characters"
                    maxLength={10}
                    defaultValue={values.pan}
                    aria-describedby={fields.pan ? `${fieldErrorId('bill-pan')} pan-hint` : 'pan-hint'}
                    aria-invalid={fields.pan ? true : undefined}
                  />
                  <p id="pan-hint" className="field-hint">
                    Orders of {formatRupees(panFromPaise)} or more need the buyer’s PAN (income-tax rules); it is printed on your invoice. No PAN? Give a Form
                    60 declaration below instead.
                  </p>
                  <FieldError id="bill-pan" error={fields.pan} />
                </div>
              )}
            </div>

            {needsPan && <Form60Fields values={values} fields={fields} amountPaise={totals.totalPaise} />}

            <div className="reveal-group">
              <div className="check-field reveal-toggle">
                <input id="ship-elsewhere" name="shipToDifferent" type="checkbox" data-reveals="" defaultChecked={values.shipToDifferent === 'on'} />
                <label htmlFor="ship-elsewhere">Deliver to a different address</label>
              </div>
              <fieldset className="reveal form-grid">
                <legend className="visually-hidden">Delivery address</legend>
                <AddressInputs
                  prefix="ship"
                  names={SHIPPING_NAMES}
                  values={values}
                  errors={fields}
                  required={false}
                  inIndia={country === DEFAULT_COUNTRY.name}
                />
                <div className="form-field">
                  <label htmlFor="ship-phoneNumber">Delivery phone (optional)</label>
                  <input
                    id="ship-phoneNumber"
                    name="shippingPhoneNumber"
                    type="tel"
                    autoComplete="shipping tel-national"
                    defaultValue={values.shippingPhoneNumber}
                    {...fieldErrorProps('ship-phoneNumber', fields.shippingPhoneNumber)}
                  />
                  <FieldError id="ship-phoneNumber" error={fields.shippingPhoneNumber} />
                </div>
              </fieldset>
            </div>

            <div className="check-field">
              <input id="save-address" name="saveAddress" type="checkbox" defaultChecked={values.saveAddress === 'on'} />
              <label htmlFor="save-address">Save this address to my address book</label>
            </div>

            <div className="reveal-group">
              <div className="check-field reveal-toggle">
                <input id="corporate" name="corporate" type="checkbox" data-reveals="" defaultChecked={values.corporate === 'on'} />
                <label htmlFor="corporate">This is a corporate order</label>
              </div>
              <fieldset className="reveal form-grid">
                <legend className="visually-hidden">Company details</legend>
                <div className="form-field">
                  <label htmlFor="bill-company">Company name</label>
                  <input
                    id="bill-company"
                    name="companyName"
                    type="text"
                    autoComplete="organization"
                    defaultValue={values.companyName}
                    {...fieldErrorProps('bill-company', fields.companyName)}
                  />
                  <FieldError id="bill-company" error={fields.companyName} />
                </div>
                <div className="form-field">
                  <label htmlFor="bill-company-email">Company e-mail</label>
                  <input
                    id="bill-company-email"
                    name="companyEmail"
                    type="email"
                    defaultValue={values.companyEmail}
                    {...fieldErrorProps('bill-company-email', fields.companyEmail)}
                  />
                  <FieldError id="bill-company-email" error={fields.companyEmail} />
                </div>
                <div className="form-field">
                  <label htmlFor="bill-gstin">GSTIN</label>
                  <input
                    id="bill-gstin"
                    name="gstin"
                    type="text"
                    autoCapitalize="characters"
                    maxLength={15}
                    defaultValue={values.gstin}
                    {...fieldErrorProps('bill-gstin', fields.gstin)}
                  />
                  <FieldError id="bill-gstin" error={fields.gstin} />
                </div>
              </fieldset>
            </div>
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
                      {l.rateLock && <span className="summary-choices">{rateLockNote(l.rateLock)}</span>}
                    </span>
                    <span className="price">{formatRupees(l.unitPricePaise * l.quantity)}</span>
                  </li>
                ))}
              </ul>
            )}
            {view.couponNotice && <FormAlert tone="info">{view.couponNotice}</FormAlert>}
            {couponApplied && <FormAlert tone="success">{view.coupon?.message}</FormAlert>}
            {!view.coupon && hasLines && <CouponOffers offers={view.offers} busy={placing} />}
            {metalBalanceMg > 0 && (
              <div className="check-field">
                <input id="use-metal-account" name="useMetalAccount" type="checkbox" checked={useMetal} onChange={(e) => setUseMetal(e.target.checked)} />
                <label htmlFor="use-metal-account">
                  Pay for the gold with my metal account ({formatGrams(metalBalanceMg)} of fine gold): you pay the making, stones and GST
                </label>
              </div>
            )}
            {harvestBalancePaise > 0 && (
              <div className="check-field">
                <input id="use-harvest" name="useHarvest" type="checkbox" checked={useHarvest} onChange={(e) => setUseHarvest(e.target.checked)} />
                <label htmlFor="use-harvest">Pay from my Milli Harvest balance ({formatRupees(harvestBalancePaise)} available)</label>
              </div>
            )}
            {storeCreditPaise > 0 && (
              <div className="check-field">
                <input
                  id="use-store-credit"
                  name="useStoreCredit"
                  type="checkbox"
                  checked={useStoreCredit}
                  onChange={(e) => setUseStoreCredit(e.target.checked)}
                />
                <label htmlFor="use-store-credit">Use my store credit ({formatRupees(storeCreditPaise)})</label>
              </div>
            )}
            <TotalsList totals={totals} couponCode={view.coupon?.code} metalAccountMg={useMetal ? metalAccountUse(view.lines, metalBalanceMg).usedMg : 0} />
            {totals.payablePaise > 0 && (
              <>
                <fieldset className="radio-group payment-methods" aria-describedby={fields.paymentMethod ? fieldErrorId('pay-method') : undefined}>
                  <legend>How would you like to pay?</legend>
                  <div className="check-field">
                    <input
                      id="pay-online"
                      name="paymentMethod"
                      type="radio"
                      value="online"
                      checked={method === 'online'}
                      onChange={() => setMethod('online')}
                    />
                    <label htmlFor="pay-online">Pay online now (cards, UPI, netbanking, wallets)</label>
                  </div>
                  <div className="check-field">
                    <input
                      id="pay-cod"
                      name="paymentMethod"
                      type="radio"
                      value="cod"
                      checked={method === 'cod'}
                      disabled={!codOpen}
                      aria-describedby="pay-cod-note"
                      onChange={() => setMethod('cod')}
                    />
                    <label htmlFor="pay-cod">
                      Pay on delivery (cash or UPI at the door)
                      <span id="pay-cod-note" className="field-hint">
                        {codLimitPaise === 0
                          ? 'Not available for this store just now.'
                          : codOpen
                            ? `For orders under ${formatRupees(codLimitPaise)}. We will call you to confirm before we send it.`
                            : `Not available: pay on delivery is for orders under ${formatRupees(codLimitPaise)}, and this order is ${formatRupees(totals.payablePaise)}.`}
                      </span>
                    </label>
                  </div>
                  <FieldError id="pay-method" error={fields.paymentMethod} />
                </fieldset>
                <dl className="totals pay-split" aria-live="polite">
                  <dt>Pay now</dt>
                  <dd data-testid="pay-now">{formatRupees(method === 'online' ? totals.payablePaise : 0)}</dd>
                  <dt>Pay on delivery</dt>
                  <dd data-testid="pay-on-delivery">{formatRupees(method === 'cod' ? totals.payablePaise : 0)}</dd>
                </dl>
              </>
            )}
            <div className="check-field terms-field">
              <input
                id="terms"
                name="terms"
                type="checkbox"
                aria-describedby={termsMessage ? 'terms-error' : undefined}
                onChange={(e) => e.target.checked && setTermsError(null)}
              />
              <label htmlFor="terms">
                I have read and accept the {/* A new tab, so reading the terms never loses what was typed on this page. */}
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
