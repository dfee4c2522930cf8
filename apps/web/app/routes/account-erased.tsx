import { Link } from 'react-router';
import type { Route } from './+types/account-erased';
import { pageTitle } from '../lib/meta.ts';
import { PageBanner } from '../components/layout/page-banner.tsx';
import { ErasureFacts } from '../features/privacy/privacy-sections.tsx';
import '../styles/screens/privacy.css';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Account erased') }, { name: 'robots', content: 'noindex' }];

/** Where an erasure leads (issue 38): the customer is logged out; the page says again what went and what was kept, and why. */
export default function AccountErased() {
  return (
    <>
      <PageBanner title="Account erased" />
      <div className="section">
        <div className="container privacy">
          <section className="card card-pad privacy-section" aria-labelledby="erased-title">
            <h2 id="erased-title" className="privacy-title">
              Your account has been erased
            </h2>
            <p>You have been logged out on every device, and nobody can log in to the account again. We have sent a last mail to your address to confirm it.</p>
            <ErasureFacts />
            <p>
              Questions? See our <Link to="/legal">privacy policy</Link> or write to our Grievance Officer. You are welcome back any time with a new account.
            </p>
            <p>
              <Link to="/" className="btn btn-primary">
                Back to Home
              </Link>
            </p>
          </section>
        </div>
      </div>
    </>
  );
}
