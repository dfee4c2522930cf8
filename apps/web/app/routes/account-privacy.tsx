import { Link } from 'react-router';
import type { Route } from './+types/account-privacy';
import { serverApi } from '../lib/api.server.ts';
import { pageTitle } from '../lib/meta.ts';
import { PageBanner } from '../components/layout/page-banner.tsx';
import { loadPrivacy, privacyAction } from '../features/privacy/privacy.server.ts';
import { DOWNLOAD_MESSAGES, type PrivacyResult } from '../features/privacy/privacy-results.ts';
import { ConsentsSection, DownloadSection, ErasureSection, NomineeSection } from '../features/privacy/privacy-sections.tsx';
import '../styles/screens/privacy.css';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('My privacy') }, { name: 'robots', content: 'noindex' }];

/** Guests go to /login (and come back here); a customer sees their own consents, nominee and what erasure would do. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadPrivacy(serverApi(context), request);
}

export async function action({ request, context }: Route.ActionArgs) {
  return privacyAction(serverApi(context), request);
}

/**
 * My privacy (issue 38; the Digital Personal Data Protection Act, 2023): download my data, my consents, my nominee and
 * erasing my account. Every form is a route action, so all of it works without script; erasing asks for the password
 * (or a mailed code) and ERASE typed out, and removing the nominee asks first.
 */
export default function AccountPrivacy({ loaderData, actionData }: Route.ComponentProps) {
  const { overview, consents, download } = loaderData;
  const result = actionData as PrivacyResult | undefined;
  return (
    <>
      <PageBanner title="My privacy" parents={[{ label: 'My Account', href: '/account' }]} />
      <div className="section">
        <div className="container privacy">
          <p className="privacy-lead">
            Under the Digital Personal Data Protection Act, 2023 your data is yours: see all of it, correct it, choose what we may send you, name someone to act
            for you, and erase it. How we handle it is in our <Link to="/legal">privacy policy</Link>.
          </p>
          <DownloadSection problem={download ? (DOWNLOAD_MESSAGES[download] ?? null) : null} />
          <ConsentsSection consents={consents} result={result} />
          <NomineeSection nominee={overview?.nominee ?? null} result={result} />
          <ErasureSection erasure={overview?.erasure ?? null} result={result} />
        </div>
      </div>
    </>
  );
}
