import { Form, Link } from 'react-router';
import type { Route } from './+types/manufacturer';
import { serverApi } from '../lib/api.server.ts';
import { SHARED_PAGE, sharedPageHeaders } from '../lib/shared-page.ts';
import { pageTitle } from '../lib/meta.ts';
import { PageBanner } from '../components/layout/page-banner.tsx';
import { dialCodes, submitRegistration } from '../features/trade-partners/registration.server.ts';
import { PhoneField, RadioGroup, RegistrationBanner, TextField, formState } from '../features/trade-partners/form-parts.tsx';
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

const ID = 'mf';

/**
 * The short trade-partner registration (spec §2, §4, §8): names, phone with country code, e-mail,
 * company and type, posted as multipart to /api/manufacturer/register. The exact success message shows
 * and the form clears; any other answer shows the server's message ('Registration Failed.' if none).
 */
export default function Manufacturer({ loaderData, actionData }: Route.ComponentProps) {
  const state = formState(actionData);
  const submitting = useSubmitting();
  return (
    <>
      <PageBanner title="Manufacturer" />
      <div className="section">
        <div className="container narrow">
          <header className="shell-intro registration-intro">
            <h2>Partner with Milli</h2>
            <p className="muted">
              Manufacturers and retailers: tell us who you are, and our partner team will call you to take it from there. Fields marked * are required.
            </p>
            <p className="muted">
              Ready with your PAN, GSTIN and bank details? <Link to="/new-manufacturer">Fill in the full application</Link>.
            </p>
          </header>
          <div className="card card-pad registration-card">
            <RegistrationBanner result={actionData} idPrefix={ID} />
            {/* A new key after each success remounts the form, so every field is empty again. */}
            <Form key={actionData?.ok ? actionData.reference : 'form'} method="post" encType="multipart/form-data" className="registration-form" noValidate>
              <div className="form-grid form-grid--3">
                <TextField idPrefix={ID} state={state} name="firstName" label="First name" autoComplete="given-name" required maxLength={60} />
                {/* DECISIONS §7: optional, though spec §5 required it: many Indian names have no middle name. */}
                <TextField idPrefix={ID} state={state} name="middleName" label="Middle name" autoComplete="additional-name" maxLength={60} />
                <TextField idPrefix={ID} state={state} name="lastName" label="Last name" autoComplete="family-name" required maxLength={60} />
              </div>
              <div className="form-grid">
                <PhoneField idPrefix={ID} state={state} name="phoneNumber" label="Phone number" dialCodes={loaderData.dialCodes} required />
                <TextField
                  idPrefix={ID}
                  state={state}
                  name="email"
                  label="E-mail"
                  type="email"
                  autoComplete="email"
                  inputMode="email"
                  required
                  maxLength={254}
                />
                <TextField idPrefix={ID} state={state} name="companyName" label="Company name" autoComplete="organization" required wide />
              </div>
              <RadioGroup
                idPrefix={ID}
                state={state}
                name="adUserType"
                legend="I am a"
                options={[
                  { value: '2', label: 'Manufacture' },
                  { value: '3', label: 'Retailer' },
                ]}
              />
              <button type="submit" className="btn btn-primary" disabled={submitting}>
                {submitting ? 'Submitting…' : 'Submit'}
              </button>
            </Form>
          </div>
        </div>
      </div>
    </>
  );
}
