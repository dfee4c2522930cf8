/**
 * /admin/staff (issue 17, owner only — permission 'staff'): the staff list (search, role filter, sort, pages),
 * inviting a member by mail, resending or withdrawing an invitation, changing a member's roles (issue 39), removing a
 * member (with a confirmation), resetting someone's two-factor, and revoking a member's API tokens. Every change goes
 * through the API, which records it in the audit log.
 */
import { rolesLabel, type StaffRole } from '@milli/contracts';
import { useActionData, useLoaderData } from 'react-router';
import type { Route } from './+types/staff';
import { adminApi, requirePermission, requireStaff } from '../../lib/admin.server.ts';
import { apiListQuery, readListState } from '../../lib/admin-list.ts';
import { isConfirmed } from '../../lib/admin-confirm.ts';
import { apiFieldErrors } from '../../lib/field-errors.ts';
import { PageHeader } from '../../components/admin/admin-shell.tsx';
import { STAFF_LIST_DEFAULTS, StaffScreen, type StaffResult } from '../../features/admin-staff/staff-screen.tsx';
import '../../features/admin-staff/staff.css';

export const meta: Route.MetaFunction = () => [{ title: 'Staff · Back office' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireStaff(context, request);
  requirePermission(me, 'staff');
  const url = new URL(request.url);
  const api = adminApi(context, request);
  const page = await api.get(`/api/admin/staff?${apiListQuery(url, STAFF_LIST_DEFAULTS.filters)}`);
  const tokensOf = Number(url.searchParams.get('tokens'));
  const tokens =
    Number.isSafeInteger(tokensOf) && tokensOf > 0 ? { staffId: tokensOf, data: (await api.get(`/api/admin/staff/${tokensOf}/tokens`)).data } : null;
  return { me, page, list: readListState(url, STAFF_LIST_DEFAULTS), tokens };
}

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === 'string' ? v : '';
};
/** The ticked roles, as the API takes them (it says which are not roles). */
const ticked = (form: FormData) => form.getAll('roles').filter((v): v is string => typeof v === 'string');

export async function action({ request, context }: Route.ActionArgs): Promise<StaffResult> {
  const form = await request.formData();
  const intent = text(form, 'intent');
  const id = text(form, 'id');
  const api = adminApi(context, request);
  const path = `/api/admin/staff/${encodeURIComponent(id)}` as const;
  const refused = (r: { message: string; fields?: Record<string, string> }, names: readonly string[]) => ({
    intent,
    id,
    error: r.message,
    fields: apiFieldErrors(r, names),
  });

  switch (intent) {
    case 'add': {
      const body = { email: text(form, 'email'), name: text(form, 'name'), roles: ticked(form) };
      const r = await api.send('POST', '/api/admin/staff', body);
      return r.ok
        ? {
            intent,
            saved: `${r.data.name} (${r.data.email}) is invited as ${rolesLabel(r.data.roles)}: they have a mail with a link to choose their password.`,
          }
        : { ...refused(r.refusal, ['email', 'name', 'roles']), values: body };
    }
    case 'roles': {
      const r = await api.send('PATCH', path, { roles: ticked(form) as StaffRole[] });
      return r.ok
        ? { intent, id, saved: `${r.data.name} now holds ${rolesLabel(r.data.roles)}; the change applies from their next click.` }
        : refused(r.refusal, ['roles']);
    }
    case 'resend': {
      const r = await api.send('POST', `${path}/invitation`);
      return r.ok ? { intent, id, saved: `A new invitation was mailed to ${r.data.email}; the earlier link no longer works.` } : refused(r.refusal, []);
    }
    case 'revoke-invitation': {
      if (!isConfirmed(form)) return { intent, id, confirm: intent };
      const r = await api.send('DELETE', `${path}/invitation`);
      return r.ok ? { intent, id, saved: `${r.data.name}’s invitation was withdrawn: the link no longer works.` } : refused(r.refusal, []);
    }
    case 'remove': {
      if (!isConfirmed(form)) return { intent, id, confirm: intent };
      const r = await api.send('DELETE', path);
      return r.ok ? { intent, id, saved: `${r.data.name} was removed: their sessions have ended and their API tokens are revoked.` } : refused(r.refusal, []);
    }
    case 'reset-two-factor': {
      if (!isConfirmed(form)) return { intent, id, confirm: intent };
      const r = await api.send('POST', `${path}/reset-two-factor`);
      return r.ok
        ? { intent, id, saved: `${r.data.name}’s two-factor sign-in was reset; they set it up again at their next sign-in.` }
        : refused(r.refusal, []);
    }
    case 'revoke-token': {
      const tokenId = text(form, 'tokenId');
      if (!isConfirmed(form)) return { intent, id, confirm: `${intent}:${tokenId}` };
      const r = await api.send('DELETE', `${path}/tokens/${encodeURIComponent(tokenId)}`);
      return r.ok ? { intent, id, saved: 'The token was revoked.' } : refused(r.refusal, []);
    }
    default:
      return { intent, error: 'Unknown request.' };
  }
}

export default function Staff() {
  const { me, page, list, tokens } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <>
      <PageHeader title="Staff" description="Who works in the back office, and what their role lets them do." />
      <StaffScreen me={me} page={page} list={list} tokens={tokens} result={result} />
    </>
  );
}
