import { data } from 'react-router';
import type { Route } from './+types/not-found';
import { pageTitle } from '../lib/meta.ts';
import { NotFoundScreen } from '../components/layout/status-screens.tsx';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Page not found') }, { name: 'robots', content: 'noindex' }];

/** Any path outside the route table: the 404 screen, answered with HTTP 404 so crawlers drop the address. */
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <NotFoundScreen />;
}
