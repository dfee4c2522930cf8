import type { Route } from './+types/new-manufacturer';
import { DEFAULT_COUNTRY } from '@milli/contracts';
import { pageTitle } from '../lib/meta.ts';
import { PageBanner } from '../components/layout/page-banner.tsx';
import '../styles/screens/shells.css';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Manufacturer') }];

interface FieldDef {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'tel' | 'date' | 'number';
  autoComplete?: string;
  required?: boolean;
  wide?: boolean;
}

function Field({ def, idSuffix = '' }: { def: FieldDef; idSuffix?: string }) {
  const id = `nm-${def.name}${idSuffix}`;
  return (
    <div className={`form-field${def.wide ? ' span-2' : ''}`}>
      <label htmlFor={id}>
        {def.label}
        {def.required && <span aria-hidden="true"> *</span>}
      </label>
      <input id={id} name={def.name} type={def.type ?? 'text'} autoComplete={def.autoComplete ?? 'off'} required={def.required} />
    </div>
  );
}

function Section({ title, children, hint }: { title: string; children: React.ReactNode; hint?: string }) {
  return (
    <fieldset className="form-section">
      <legend>{title}</legend>
      {hint && <p className="field-hint">{hint}</p>}
      {children}
    </fieldset>
  );
}

const COMPANY_TYPES = ['Individual', 'Proprietor', 'Partnership', 'Pvt Ltd.', 'Public Ltd.', 'Other'];

const ADDRESS: FieldDef[] = [
  { name: 'compAdd1', label: 'Street address line 1', autoComplete: 'address-line1', required: true, wide: true },
  { name: 'compAdd2', label: 'Street address line 2', autoComplete: 'address-line2', required: true, wide: true },
  { name: 'compCity', label: 'City', autoComplete: 'address-level2', required: true },
  { name: 'compState', label: 'State', autoComplete: 'address-level1', required: true },
  { name: 'compPostal', label: 'Postal code', autoComplete: 'postal-code', required: true },
  { name: 'adEmail', label: 'E-mail', type: 'email', autoComplete: 'email', required: true },
];

const OWNER: FieldDef[] = [
  { name: 'ownerName', label: 'Name' },
  { name: 'ownerMobile', label: 'Mobile', type: 'tel' },
  { name: 'ownerEmail', label: 'E-mail', type: 'email' },
  { name: 'ownerDOB', label: 'Date of birth', type: 'date' },
  { name: 'ownerAnniDate', label: 'Anniversary date', type: 'date' },
];

const SHOWROOM: FieldDef[] = [
  { name: 'srName', label: 'Showroom / factory name' },
  { name: 'srArea', label: 'Area (sq. ft.)', type: 'number' },
  { name: 'srEstDate', label: 'Established on', type: 'date' },
  { name: 'srAdd1', label: 'Street address line 1', required: true, wide: true },
  { name: 'srAdd2', label: 'Street address line 2', required: true, wide: true },
  { name: 'srCity', label: 'City', required: true },
  { name: 'srState', label: 'State', required: true },
  { name: 'srPin', label: 'Postal code', required: true },
];

const CONTACTS: { title: string; prefix: string }[] = [
  { title: 'Management', prefix: 'manag' },
  { title: 'Order / Repair', prefix: 'service' },
  { title: 'Logistics', prefix: 'logistics' },
  { title: 'Accounts Manager', prefix: 'acc' },
];

const ACCOUNT: FieldDef[] = [
  { name: 'compPan', label: 'PAN' },
  { name: 'compGST', label: 'GSTIN' },
  { name: 'compInvoiceName', label: 'Name on invoices' },
  { name: 'compWef', label: 'GST registered with effect from', type: 'date' },
  { name: 'compBankName', label: 'Bank name' },
  { name: 'compAccount', label: 'Account number' },
  { name: 'compBranch', label: 'Branch' },
  { name: 'compIfsc', label: 'IFSC' },
];

const OPERATING: FieldDef[] = [
  { name: 'compRetail', label: 'Business currently run as (retail, wholesale, both)', wide: true },
  { name: 'compLocation', label: 'Cities and regions you serve', wide: true },
];

const FAST_MOVING = [
  { name: 'compBA', label: 'Bangles' },
  { name: 'compBR', label: 'Bracelets' },
  { name: 'compER', label: 'Earrings' },
  { name: 'compFR', label: 'Finger rings' },
  { name: 'compNE', label: 'Necklaces' },
  { name: 'compNO', label: 'Nose pins' },
  { name: 'compPE', label: 'Pendants' },
];

/**
 * The long manufacturer / reseller registration (spec §2). Field names are the API's; the three owner
 * slots repeat the owner names, so all filled owners travel together (DECISIONS §2). Sending the form,
 * its banners, and the full dial-code list arrive with the registration issue.
 */
export default function NewManufacturer() {
  return (
    <>
      <PageBanner title="Manufacturer" crumb="Manufacture & Retailers Registration" />
      <div className="section">
        <div className="container narrow">
          <header className="shell-intro">
            <span className="section-eyebrow">KYC Details</span>
            <h2>Manufacture &amp; Retailers Registration</h2>
            <p className="muted">
              Tell us about your business. Our partner team verifies every application and replies within a few working
              days. Fields marked * are required.
            </p>
          </header>
          <form method="post" encType="multipart/form-data" className="card card-pad stack-lg">
            <Section title="Registration type">
              <div className="radio-row">
                {['Manufacture', 'Reseller'].map((type) => (
                  <div key={type} className="check-field">
                    <input id={`nm-type-${type}`} name="adUserType" type="radio" value={type} defaultChecked={type === 'Reseller'} />
                    <label htmlFor={`nm-type-${type}`}>{type}</label>
                  </div>
                ))}
              </div>
            </Section>

            <Section title="Company">
              <Field def={{ name: 'compName', label: 'Company name', autoComplete: 'organization', required: true, wide: true }} />
              <fieldset className="radio-group reveal-toggle">
                <legend>Company type</legend>
                <div className="radio-row">
                  {COMPANY_TYPES.map((type) => (
                    <div key={type} className="check-field">
                      <input id={`nm-ctype-${type}`} name="compType" type="radio" value={type} data-reveals={type === 'Other' ? '' : undefined} />
                      <label htmlFor={`nm-ctype-${type}`}>{type}</label>
                    </div>
                  ))}
                </div>
              </fieldset>
              <div className="reveal">
                <Field def={{ name: 'compTypeOther', label: 'Please describe the company type' }} />
              </div>
            </Section>

            <Section title="Address and contact">
              <div className="form-grid">
                {ADDRESS.map((def) => (
                  <Field key={def.name} def={def} />
                ))}
                <div className="form-field">
                  <label htmlFor="nm-adPhone">
                    Phone number<span aria-hidden="true"> *</span>
                  </label>
                  <div className="inline-field">
                    <label htmlFor="nm-code" className="visually-hidden">
                      Country code
                    </label>
                    <select id="nm-code" name="countryCode" defaultValue={DEFAULT_COUNTRY.dialCode} className="code-select" required>
                      <option value={DEFAULT_COUNTRY.dialCode}>
                        {DEFAULT_COUNTRY.name} (+{DEFAULT_COUNTRY.dialCode})
                      </option>
                    </select>
                    <input id="nm-adPhone" name="adPhone" type="tel" autoComplete="tel-national" required />
                  </div>
                </div>
              </div>
            </Section>

            <Section title="Owner details" hint="Up to three owners or partners.">
              {[1, 2, 3].map((n) => (
                <fieldset key={n} className="sub-section">
                  <legend>Owner {n}</legend>
                  <div className="form-grid form-grid--3">
                    {OWNER.map((def) => (
                      <Field key={def.name} def={def} idSuffix={`-${n}`} />
                    ))}
                  </div>
                </fieldset>
              ))}
            </Section>

            <Section title="Showroom / factory">
              <div className="form-grid">
                {SHOWROOM.map((def) => (
                  <Field key={def.name} def={def} />
                ))}
              </div>
            </Section>

            <Section title="Contact persons">
              {CONTACTS.map((c) => (
                <fieldset key={c.prefix} className="sub-section">
                  <legend>{c.title}</legend>
                  <div className="form-grid form-grid--3">
                    <Field def={{ name: `${c.prefix}Name`, label: 'Name' }} />
                    <Field def={{ name: `${c.prefix}Phone`, label: 'Phone', type: 'tel' }} />
                    <Field def={{ name: `${c.prefix}Email`, label: 'E-mail', type: 'email' }} />
                  </div>
                </fieldset>
              ))}
            </Section>

            <Section title="Account details">
              <div className="form-grid">
                {ACCOUNT.map((def) => (
                  <Field key={def.name} def={def} />
                ))}
              </div>
            </Section>

            <Section title="Current operating status">
              <div className="form-grid">
                {OPERATING.map((def) => (
                  <Field key={def.name} def={def} />
                ))}
              </div>
            </Section>

            <Section title="Fast-moving categories" hint="Roughly what share of your sales each category makes up.">
              <div className="form-grid form-grid--4">
                {FAST_MOVING.map((c) => (
                  <div key={c.name} className="form-field">
                    <label htmlFor={`nm-${c.name}`}>{c.label} (%)</label>
                    <input id={`nm-${c.name}`} name={c.name} type="number" min="0" max="100" step="1" inputMode="numeric" />
                  </div>
                ))}
              </div>
            </Section>

            <div>
              <button type="submit" className="btn btn-primary">
                Submit
              </button>
            </div>
          </form>
        </div>
      </div>
    </>
  );
}
