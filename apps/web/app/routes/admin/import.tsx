/**
 * /admin/import (issue 17): products in and out as CSV. The screen is features/admin-import; with JavaScript it
 * sends the file to the API itself (with progress), without it the form posts here and this action sends it on.
 */
import type { ImportInvalid } from '@milli/contracts/schemas';
import type { Route } from './+types/import';
import { ImportScreen, type ImportActionData } from '../../features/admin-import/import-screen.tsx';
import { adminApi, requirePermission, requireStaff } from '../../lib/admin.server.ts';
import { refusalMessage } from '../../lib/api.ts';

export const meta: Route.MetaFunction = () => [{ title: 'Import and export products · Back office' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(await requireStaff(context, request), 'catalogue');
  return null;
}

export async function action({ request, context }: Route.ActionArgs): Promise<ImportActionData> {
  const form = await request.formData();
  const intent = form.get('intent') === 'import' ? 'import' : 'check';
  const file = form.get('file');
  if (!(file instanceof File) || file.size === 0) return { intent, message: 'Please choose a CSV file first.' };
  const body = new FormData();
  body.append('dryRun', String(intent === 'check'));
  body.append('file', file, file.name);
  const sent = await adminApi(context, request).reply('POST', '/api/admin/products/import', body);
  if (sent.ok) return { intent, report: sent.data };
  // A file that cannot be imported is refused (422) with its report: what is wrong, row by row.
  const report = sent.status === 422 ? (sent.body as ImportInvalid | null)?.report : undefined;
  const message = refusalMessage(sent.body);
  if (report) return { intent, report, ...(message ? { message } : {}) };
  return { intent, message: message ?? `The import could not be sent (${sent.status}). Please try again.` };
}

export default function AdminImport({ actionData }: Route.ComponentProps) {
  return <ImportScreen actionData={actionData} />;
}
