import type { Route } from './+types/cancellation-policy';
import { sharedPageHeaders } from '../lib/shared-page.ts';
import { pageTitle } from '../lib/meta.ts';
import { CANCELLATION } from '../features/legal/policies.tsx';
import { PolicyPage } from '../features/legal/policy-page.tsx';
import '../styles/screens/legal.css';

export const meta: Route.MetaFunction = () => [{ title: pageTitle(CANCELLATION.title) }, { name: 'description', content: CANCELLATION.description }];

/** DECISIONS §7: a legal page the Consumer Protection (E-Commerce) Rules 2020 ask for. */
export default function Page() {
  return <PolicyPage policy={CANCELLATION} />;
}

/** The same page for every visitor without cookies: the server may keep it (decision 017). */
export function headers(args: Route.HeadersArgs) {
  return sharedPageHeaders(args);
}
