import type { Route } from './+types/legal';
import { SHARED_PAGE, sharedPageHeaders } from '../lib/shared-page.ts';
import { pageTitle } from '../lib/meta.ts';
import { PageBanner } from '../components/layout/page-banner.tsx';
import { useStoreShell } from '../components/layout/shell-data.ts';
import { PrivacyPolicy } from '../features/legal/privacy-policy.tsx';
import { LegalUnavailable } from '../features/legal/legal-document.tsx';
import '../styles/screens/legal.css';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Privacy Policy') },
  { name: 'description', content: 'How Milli collects, uses and protects your personal data, and how to reach our Grievance Officer.' },
];

/** The return window, office address and contact details come from the store settings (root loader). */
export default function Legal() {
  const { settings } = useStoreShell();
  return (
    <>
      <PageBanner title="Privacy Policy" />
      <div className="section">{settings ? <PrivacyPolicy settings={settings} /> : <LegalUnavailable />}</div>
    </>
  );
}

/** Shared (decision 032): rendered without the visitor's cookies, kept and served to everyone. */
export const handle = SHARED_PAGE;

/** Marked public, so the server and a CDN may keep it (lib/shared-page.ts). */
export function headers(args: Route.HeadersArgs) {
  return sharedPageHeaders(args);
}
