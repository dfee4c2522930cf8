import { data } from 'react-router';
import type { Route } from './+types/error';
import { pageTitle } from '../lib/meta.ts';
import { NotFoundScreen } from '../components/layout/status-screens.tsx';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Page not found') }, { name: 'robots', content: 'noindex' }];

/**
 * /error shows the same screen as an unknown path (spec §2) and answers 404 like it, so a link to it is
 * never mistaken for a real page.
 */
export function loader() {
  return data(null, { status: 404 });
}

export default function ErrorPage() {
  return <NotFoundScreen />;
}
