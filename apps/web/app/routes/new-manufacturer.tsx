import type { ReactNode } from 'react';
import { Form, Link } from 'react-router';
import { COMPANY_TYPES, CONTACT_ROLES, FAST_MOVING, OWNER_SLOTS, ownerFields } from '@milli/contracts/trade-partner-fields';
import type { Route } from './+types/new-manufacturer';
import { serverApi } from '../lib/api.server.ts';
import { SHARED_PAGE, sharedPageHeaders } from '../lib/shared-page.ts';
import { pageTitle } from '../lib/meta.ts';
import { PageBanner } from '../components/layout/page-banner.tsx';
import { dialCodes, submitRegistration } from '../features/trade-partners/registration.server.ts';
import {
  PhoneField,
  RadioGroup,
  RegistrationBanner,
  TextField,
  formState,
  type FormState,
  type TextFieldProps,
} from '../features/trade-partners/form-parts.tsx';
import { useSubmitting } from '../features/trade-partners/use-submitting.ts';
import '../styles/screens/shells.css';
import '../styles/screens/trade-partners.css';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Manufacturer') }];

export function loader() {
  return { dialCodes: dialCodes() };
}

export async function action({ request, context }: Route.ActionArgs) {
  return submitRegistration(serverApi(context), request);
}

/**
 * Shared (decision 032): the trade-partner form is the same for everyone (an applicant need not have an account,
 * and nothing on it reads who is here), so it is rendered once and kept. The form posts to this page's action,
 * which is answered for the one who sent it.
 */
export const handle = SHARED_PAGE;

/** Marked public, so the server and a CDN may keep it (lib/shared-page.ts). */
export function headers(args: Route.HeadersArgs) {
  return sharedPageHeaders(args);
}

const ID = 'nm';

type FieldDef = Omit<TextFieldProps, 'state' | 'idPrefix'>;

function Section({ title, children, hint, id }: { title: string; children: ReactNode; hint?: string; id?: string }) {
  return (
    <fieldset className="form-section" id={id}>
      <legend>{title}</legend>
      {hint && <p className="field-hint section-hint">{hint}</p>}
      {children}
    </fieldset>
  );
}

function Fields({ defs, state, className = 'form-grid' }: { defs: FieldDef[]; state: FormState; className?: string }) {
  return (
    <div className={className}>
      {defs.map((def) => (
        <TextField key={def.name} idPrefix={ID} state={state} {...def} />
      ))}
    </div>
  );
}

const ADDRESS: FieldDef[] = [
  { name: 'compAdd1', label: 'Street address line 1', autoComplete: 'address-line1', required: true, wide: true, maxLength: 200 },
  { name: 'compAdd2', label: 'Street address line 2', autoComplete: 'address-line2', required: true, wide: true, maxLength: 200 },
  { name: 'compCity', label: 'City', autoComplete: 'address-level2', required: true },
  { name: 'compState', label: 'State', autoComplete: 'address-level1', required: true },
  {
    name: 'compPostal',
    label: 'Postal code',
    autoComplete: 'postal-code',
    inputMode: 'numeric',
    required: true,
    maxLength: 10,
    hint: 'A 6-digit PIN for Indian addresses.',
  },
  { name: 'adEmail', label: 'E-mail', type: 'email', autoComplete: 'email', inputMode: 'email', required: true, maxLength: 254 },
];

function ownerDefs(slot: 1 | 2 | 3): FieldDef[] {
  const f = ownerFields(slot);
  return [
    { name: f.name, label: 'Name' },
    { name: f.mobile, label: 'Mobile', type: 'tel', inputMode: 'tel', maxLength: 20 },
    { name: f.email, label: 'E-mail', type: 'email', inputMode: 'email', maxLength: 254 },
    { name: f.dob, label: 'Date of birth', type: 'date' },
    { name: f.anniversary, label: 'Anniversary date', type: 'date' },
  ];
}

const SHOWROOM: FieldDef[] = [
  { name: 'srName', label: 'Showroom / factory name' },
  { name: 'srArea', label: 'Area (sq. ft.)', type: 'number', inputMode: 'decimal', min: '1', step: 'any' },
  { name: 'srEstDate', label: 'Established on', type: 'date' },
  { name: 'srAdd1', label: 'Street address line 1', required: true, wide: true, maxLength: 200 },
  { name: 'srAdd2', label: 'Street address line 2', required: true, wide: true, maxLength: 200 },
  { name: 'srCity', label: 'City', required: true },
  { name: 'srState', label: 'State', required: true },
  { name: 'srPin', label: 'PIN code', inputMode: 'numeric', required: true, maxLength: 10 },
];

const ACCOUNT: FieldDef[] = [
  { name: 'compPan', label: 'PAN', maxLength: 10, hint: 'e.g. ABCPE1234F' },
  { name: 'compGST', label: 'GSTIN', maxLength: 15, hint: 'Its PAN part must match the PAN.' },
  { name: 'compInvoiceName', label: 'Name on invoices' },
  { name: 'compWef', label: 'GST registered with effect from', type: 'date' },
  { name: 'compBankName', label: 'Bank name', hint: 'With an IFSC, we keep the bank it belongs to.' },
  { name: 'compAccount', label: 'Account number', inputMode: 'numeric', maxLength: 24 },
  { name: 'compBranch', label: 'Branch' },
  { name: 'compIfsc', label: 'IFSC', maxLength: 11, hint: 'On your cheque leaf, e.g. SBIN0001234.' },
];

const OPERATING: FieldDef[] = [
  { name: 'compRetail', label: 'Business currently run as (retail, wholesale, both)', wide: true, maxLength: 300 },
  { name: 'compLocation', label: 'Cities and regions you serve', wide: true, maxLength: 300 },
];

/**
 * The long manufacturer / reseller registration (spec §2, §3, §5; DECISIONS §2). Field names are the
 * API's; all three owner slots are sent (slots 2 and 3 as ownerName2 …, ownerName3 …). On success the
 * exact message shows and every field clears; a refusal shows the server's message and each field's
 * problem beside it. The 'Other' company-type box shows only while Other is chosen (CSS :has()).
 */
export default function NewManufacturer({ loaderData, actionData }: Route.ComponentProps) {
  const state = formState(actionData);
  const submitting = useSubmitting();
  return (
    <>
      <PageBanner title="Manufacturer" crumb="Manufacture & Retailers Registration" />
      <div className="section">
        <div className="container narrow">
          <header className="shell-intro registration-intro">
            <span className="section-eyebrow">KYC Details</span>
            <h2>Manufacture &amp; Retailers Registration</h2>
            <p className="muted">
              Tell us about your business. Our partner team verifies every application and replies within a few working days. Fields marked * are required.
            </p>
            <p className="muted">
              Not ready for the full application? <Link to="/manufacturer">Send a short enquiry</Link> with your name, phone and company, and our partner team
              will call you.
            </p>
          </header>
          <div className="card card-pad registration-card">
            <RegistrationBanner result={actionData} idPrefix={ID} />
            <Form
              key={actionData?.ok ? actionData.reference : 'form'}
              method="post"
              encType="multipart/form-data"
              className="registration-form stack-lg"
              noValidate
            >
              <Section title="Registration type">
                <RadioGroup
                  idPrefix={ID}
                  state={state}
                  name="adUserType"
                  legend="Register as"
                  defaultValue="Reseller"
                  options={[
                    { value: 'Manufacture', label: 'Manufacture' },
                    { value: 'Reseller', label: 'Reseller' },
                  ]}
                />
              </Section>

              <Section title="Company">
                <Fields state={state} defs={[{ name: 'compName', label: 'Company name', autoComplete: 'organization', required: true, wide: true }]} />
                <div className="company-type">
                  <RadioGroup
                    idPrefix={ID}
                    state={state}
                    name="compType"
                    legend="Company type"
                    className="reveal-toggle"
                    revealOn="Other"
                    options={COMPANY_TYPES.map((t) => ({ value: t, label: t }))}
                  />
                  <div className="reveal company-type-other">
                    <TextField idPrefix={ID} state={state} name="compTypeOther" label="Please describe the company type" />
                  </div>
                </div>
              </Section>

              <Section title="Address and contact">
                <div className="form-grid">
                  {ADDRESS.map((def) => (
                    <TextField key={def.name} idPrefix={ID} state={state} {...def} />
                  ))}
                  <PhoneField idPrefix={ID} state={state} name="adPhone" label="Phone number" dialCodes={loaderData.dialCodes} required />
                </div>
              </Section>

              <Section title="Owner details" hint="Up to three owners or partners. Phone numbers use the country code above.">
                {OWNER_SLOTS.map((slot) => (
                  <fieldset key={slot} className="sub-section">
                    <legend>Owner {slot}</legend>
                    <Fields state={state} defs={ownerDefs(slot)} className="form-grid form-grid--3" />
                  </fieldset>
                ))}
              </Section>

              <Section title="Showroom / factory">
                <Fields state={state} defs={SHOWROOM} />
              </Section>

              <Section title="Contact persons">
                {CONTACT_ROLES.map((c) => (
                  <fieldset key={c.prefix} className="sub-section">
                    <legend>{c.title}</legend>
                    <Fields
                      state={state}
                      className="form-grid form-grid--3"
                      defs={[
                        { name: `${c.prefix}Name`, label: 'Name' },
                        { name: `${c.prefix}Phone`, label: 'Phone', type: 'tel', inputMode: 'tel', maxLength: 20 },
                        { name: `${c.prefix}Email`, label: 'E-mail', type: 'email', inputMode: 'email', maxLength: 254 },
                      ]}
                    />
                  </fieldset>
                ))}
              </Section>

              <Section title="Account details">
                <Fields state={state} defs={ACCOUNT} />
              </Section>

              <Section title="Current operating status">
                <Fields state={state} defs={OPERATING} />
              </Section>

              <Section
                id={`${ID}-fastMoving`}
                title="Fast-moving categories"
                hint="Roughly what share of your sales each category makes up, in whole percent (together at most 100)."
              >
                {state.fields.fastMoving && (
                  <p className="field-error" id={`${ID}-fastMoving-error`}>
                    {state.fields.fastMoving}
                  </p>
                )}
                <Fields
                  state={state}
                  className="form-grid form-grid--4"
                  defs={FAST_MOVING.map((c) => ({
                    name: c.field,
                    label: `${c.label} (%)`,
                    type: 'number',
                    inputMode: 'numeric',
                    min: '0',
                    max: '100',
                    step: '1',
                    maxLength: 3,
                  }))}
                />
              </Section>

              <div>
                <button type="submit" className="btn btn-primary" disabled={submitting}>
                  {submitting ? 'Submitting…' : 'Submit'}
                </button>
              </div>
            </Form>
          </div>
        </div>
      </div>
    </>
  );
}
