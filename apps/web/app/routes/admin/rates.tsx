/** The day's rates (/admin/rates, issue 17): what a jeweller does first every morning. Permission 'catalogue'. */
import type { Route } from './+types/rates';
import { adminApi } from '../../lib/admin.server.ts';
import { loadRates, saveRates } from '../../features/admin-rates/rates-actions.server.ts';
import { RatesScreen } from '../../features/admin-rates/rates-screen.tsx';
import '../../styles/screens/admin-rates.css';

export const meta: Route.MetaFunction = () => [{ title: 'Rates · Back office' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadRates(adminApi(context, request), request);
}

export async function action({ request, context }: Route.ActionArgs) {
  return saveRates(adminApi(context, request), request);
}

export default function Rates({ loaderData, actionData }: Route.ComponentProps) {
  return <RatesScreen {...loaderData} result={actionData} />;
}
