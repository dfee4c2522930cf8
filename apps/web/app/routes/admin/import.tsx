/**
 * /admin/import (issue 17): products in and out as CSV. The screen is features/admin-import; with JavaScript it
 * sends the file to the API itself (with progress), without it the form posts here and this action sends it on.
 */
import type { ImportReport } from '@milli/contracts/schemas';
import type { Route } from './+types/import';
import { ImportScreen, type ImportActionData } from '../../features/admin-import/import-screen.tsx';
import { adminApi, requirePermission, requireStaff } from '../../lib/admin.server.ts';

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
  const res = await adminApi(context, request).raw('/api/admin/products/import', { method: 'POST', body, headers: { accept: 'application/json' } });
  const answer = (await res.json().catch(() => null)) as (ImportReport & { report?: ImportReport; message?: string }) | null;
  if (res.ok && answer) return { intent, report: answer };
  if (answer?.report) return { intent, report: answer.report, ...(answer.message ? { message: answer.message } : {}) };
  return { intent, message: answer?.message ?? `The import could not be sent (${res.status}). Please try again.` };
}

export default function AdminImport({ actionData }: Route.ComponentProps) {
  return <ImportScreen actionData={actionData} />;
}
