/**
 * /admin/security (issue 17): the member's own password, two-factor sign-in (QR code, a typed code, recovery codes
 * shown once) and personal API tokens (shown once, listed with last use, revocable). Every member may open it,
 * also while the store requires a second factor they have not set up yet (the layout sends them here).
 */
import { useActionData, useLoaderData } from 'react-router';
import type { Route } from './+types/security';
import { adminApi, requireStaff } from '../../lib/admin.server.ts';
import { isConfirmed } from '../../lib/admin-confirm.ts';
import { apiFieldErrors } from '../../lib/field-errors.ts';
import { PageHeader } from '../../components/admin/admin-shell.tsx';
import { SecurityScreen, type SecurityResult } from '../../features/admin-staff/security-screen.tsx';
import '../../styles/admin.css';
import '../../features/admin-staff/staff.css';

export const meta: Route.MetaFunction = () => [{ title: 'My security · Back office' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireStaff(context, request);
  const api = adminApi(context, request);
  const [twoFactor, tokens] = await Promise.all([api.get('/api/admin/me/two-factor'), api.get('/api/admin/me/tokens')]);
  return { me, twoFactor, tokens: tokens.data };
}

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === 'string' ? v : '';
};

export async function action({ request, context }: Route.ActionArgs): Promise<SecurityResult> {
  const form = await request.formData();
  const intent = text(form, 'intent');
  const api = adminApi(context, request);
  const refused = (r: { message: string; fields?: Record<string, string> }, names: readonly string[]) => ({
    intent,
    error: r.message,
    fields: apiFieldErrors(r, names),
  });

  switch (intent) {
    case 'password': {
      const newPassword = text(form, 'newPassword');
      if (newPassword !== text(form, 'repeatPassword')) {
        return { intent, error: 'The two new passwords are not the same.', fields: { repeatPassword: 'Type the same new password twice.' } };
      }
      const r = await api.send('POST', '/api/admin/me/password', { currentPassword: text(form, 'currentPassword'), newPassword });
      return r.ok
        ? { intent, saved: 'Your password has been changed. Your other sessions have been signed out and your API tokens revoked.' }
        : refused(r.refusal, ['currentPassword', 'newPassword']);
    }
    case 'start-two-factor': {
      const r = await api.send('POST', '/api/admin/me/two-factor');
      return r.ok ? { intent } : refused(r.refusal, []);
    }
    case 'confirm-two-factor': {
      const r = await api.send('POST', '/api/admin/me/two-factor/confirm', { code: text(form, 'code') });
      return r.ok ? { intent, saved: 'Two-factor sign-in is on.', recoveryCodes: r.data.recoveryCodes } : refused(r.refusal, ['code']);
    }
    case 'recovery-codes': {
      if (!isConfirmed(form)) return { intent, confirm: intent };
      const r = await api.send('POST', '/api/admin/me/two-factor/recovery-codes');
      return r.ok
        ? { intent, saved: 'New recovery codes are ready; the old ones no longer work.', recoveryCodes: r.data.recoveryCodes }
        : refused(r.refusal, []);
    }
    case 'disable-two-factor': {
      const r = await api.send('DELETE', '/api/admin/me/two-factor', { password: text(form, 'password') });
      return r.ok ? { intent, saved: 'Two-factor sign-in is off.' } : refused(r.refusal, ['password']);
    }
    case 'create-token': {
      const days = text(form, 'expiresInDays').trim();
      const r = await api.send('POST', '/api/admin/me/tokens', {
        name: text(form, 'name'),
        ...(days ? { expiresInDays: days } : {}),
      });
      return r.ok ? { intent, saved: `Token “${r.data.name}” made.`, token: r.data.token } : refused(r.refusal, ['name', 'expiresInDays']);
    }
    case 'revoke-token': {
      const id = text(form, 'id');
      if (!isConfirmed(form)) return { intent, confirm: intent, id };
      const r = await api.send('DELETE', `/api/admin/me/tokens/${encodeURIComponent(id)}`);
      return r.ok ? { intent, saved: 'The token was revoked.' } : refused(r.refusal, []);
    }
    case 'desk-mail': {
      const r = await api.send('PATCH', '/api/admin/me/notifications', { deskMail: text(form, 'deskMail') === 'true' });
      return r.ok ? { intent, saved: r.data.message } : refused(r.refusal, []);
    }
    default:
      return { intent, error: 'Unknown request.' };
  }
}

export default function Security() {
  const { me, twoFactor, tokens } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <>
      <PageHeader title="My security" description={`${me.name} · ${me.email}`} />
      <SecurityScreen me={me} twoFactor={twoFactor} tokens={tokens} result={result} />
    </>
  );
}
