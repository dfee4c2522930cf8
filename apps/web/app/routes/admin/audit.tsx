/**
 * /admin/audit (issue 17, permission 'audit'): who changed what, newest first, filtered by entity, staff e-mail,
 * action and Indian dates; each entry's before and after shown as a readable diff. Read-only: the log cannot be
 * changed. "Older entries" pages on with before=<the last entry's id>.
 */
import { useLoaderData } from 'react-router';
import type { AuditEntryRow } from '@milli/contracts/schemas';
import type { Route } from './+types/audit';
import { adminApi, requirePermission, requireStaff } from '../../lib/admin.server.ts';
import { refusalMessage } from '../../lib/api.ts';
import { PageHeader } from '../../components/admin/admin-shell.tsx';
import { AUDIT_FILTERS, AuditScreen } from '../../features/admin-staff/audit-screen.tsx';
import '../../features/admin-staff/staff.css';

export const meta: Route.MetaFunction = () => [{ title: 'Audit log · Back office' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireStaff(context, request);
  requirePermission(me, 'audit');
  const url = new URL(request.url);
  const query = new URLSearchParams();
  const filters: Record<string, string> = {};
  for (const name of [...AUDIT_FILTERS, 'before', 'limit']) {
    const value = (url.searchParams.get(name) ?? '').trim();
    if (value) query.set(name, value);
    filters[name] = value;
  }
  if (!query.has('limit')) query.set('limit', '50');
  // A filter the API refuses (a malformed date) is shown above the form, not as an error page.
  const log = await adminApi(context, request).reply('GET', `/api/admin/audit?${query.toString()}`);
  const limit = Number(query.get('limit'));
  if (!log.ok) {
    if (log.status >= 500) throw new Response('The audit log could not be read.', { status: 502 });
    return { entries: [] as AuditEntryRow[], filters, error: refusalMessage(log.body) ?? 'The audit log could not be read.', limit };
  }
  return { entries: log.data.data, filters, error: null as string | null, limit };
}

export default function Audit() {
  const { entries, filters, error, limit } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="Audit log" description="Every change made in the back office: when, who, what, before and after. It cannot be edited." />
      <AuditScreen entries={entries} filters={filters} error={error} limit={limit} />
    </>
  );
}
