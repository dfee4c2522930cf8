import type { Route } from './+types/manufacturer';
import { DEFAULT_COUNTRY } from '@milli/contracts';
import { pageTitle } from '../lib/meta.ts';
import { PageBanner } from '../components/layout/page-banner.tsx';
import '../styles/screens/shells.css';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Manufacturer') }];

const NAME_FIELDS = [
  { id: 'firstName', label: 'First name', autoComplete: 'given-name', star: true },
  { id: 'middleName', label: 'Middle name', autoComplete: 'additional-name', star: false },
  { id: 'lastName', label: 'Last name', autoComplete: 'family-name', star: true },
] as const;

/**
 * The short trade-partner registration (spec §2). Field names are the API's. Sending it (multipart to
 * /api/manufacturer/register, the exact success message, the error banner) and the full dial-code list
 * arrive with the registration issue.
 */
export default function Manufacturer() {
  return (
    <>
      <PageBanner title="Manufacturer" />
      <div className="section">
        <div className="container narrow">
          <header className="shell-intro">
            <h2>Partner with Milli</h2>
            <p className="muted">
              Manufacturers and retailers: tell us who you are, and our partner team will call you to take it from
              there. Fields marked * are required.
            </p>
          </header>
          <form method="post" encType="multipart/form-data" className="card card-pad">
            <div className="form-grid form-grid--3">
              {NAME_FIELDS.map((f) => (
                <div key={f.id} className="form-field">
                  <label htmlFor={`mf-${f.id}`}>
                    {f.label}
                    {f.star && <span aria-hidden="true"> *</span>}
                  </label>
                  <input id={`mf-${f.id}`} name={f.id} type="text" autoComplete={f.autoComplete} />
                </div>
              ))}
            </div>
            <div className="form-grid">
              <div className="form-field">
                <label htmlFor="mf-phone">
                  Phone number<span aria-hidden="true"> *</span>
                </label>
                <div className="inline-field">
                  <label htmlFor="mf-code" className="visually-hidden">
                    Country code
                  </label>
                  <select id="mf-code" name="countryCode" defaultValue={DEFAULT_COUNTRY.dialCode} className="code-select">
                    <option value={DEFAULT_COUNTRY.dialCode}>
                      {DEFAULT_COUNTRY.name} (+{DEFAULT_COUNTRY.dialCode})
                    </option>
                  </select>
                  <input id="mf-phone" name="phoneNumber" type="tel" autoComplete="tel-national" />
                </div>
              </div>
              <div className="form-field">
                <label htmlFor="mf-email">
                  E-mail<span aria-hidden="true"> *</span>
                </label>
                <input id="mf-email" name="email" type="email" autoComplete="email" />
              </div>
              <div className="form-field span-2">
                <label htmlFor="mf-company">
                  Company name<span aria-hidden="true"> *</span>
                </label>
                <input id="mf-company" name="companyName" type="text" autoComplete="organization" />
              </div>
            </div>
            <fieldset className="radio-group">
              <legend>I am a</legend>
              <div className="check-field">
                <input id="mf-type-2" name="adUserType" type="radio" value="2" />
                <label htmlFor="mf-type-2">Manufacture</label>
              </div>
              <div className="check-field">
                <input id="mf-type-3" name="adUserType" type="radio" value="3" />
                <label htmlFor="mf-type-3">Retailer</label>
              </div>
            </fieldset>
            <button type="submit" className="btn btn-primary">
              Submit
            </button>
          </form>
        </div>
      </div>
    </>
  );
}
