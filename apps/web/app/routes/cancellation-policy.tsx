import type { Route } from './+types/cancellation-policy';
import { SHARED_PAGE, sharedPageHeaders } from '../lib/shared-page.ts';
import { pageTitle } from '../lib/meta.ts';
import { CANCELLATION } from '../features/legal/policies.tsx';
import { PolicyPage } from '../features/legal/policy-page.tsx';
import '../styles/screens/legal.css';

export const meta: Route.MetaFunction = () => [{ title: pageTitle(CANCELLATION.title) }, { name: 'description', content: CANCELLATION.description }];

/** DECISIONS §7: a legal page the Consumer Protection (E-Commerce) Rules 2020 ask for. */
export default function Page() {
  return <PolicyPage policy={CANCELLATION} />;
}

/** Shared (decision 032): rendered without the visitor's cookies, kept and served to everyone. */
export const handle = SHARED_PAGE;

/** Marked public, so the server and a CDN may keep it (lib/shared-page.ts). */
export function headers(args: Route.HeadersArgs) {
  return sharedPageHeaders(args);
}
