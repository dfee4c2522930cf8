/** The store settings (/admin/settings, issue 17): owner only (permission 'settings'). */
import type { Route } from './+types/settings';
import { adminApi } from '../../lib/admin.server.ts';
import { loadSettings, saveSettings } from '../../features/admin-settings/settings-actions.server.ts';
import { SettingsScreen } from '../../features/admin-settings/settings-screen.tsx';

export const meta: Route.MetaFunction = () => [{ title: 'Settings · Back office' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadSettings(adminApi(context, request));
}

export async function action({ request, context }: Route.ActionArgs) {
  return saveSettings(adminApi(context, request), request);
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  return <SettingsScreen settings={loaderData} result={actionData} />;
}
