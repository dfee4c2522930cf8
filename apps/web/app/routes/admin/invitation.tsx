/**
 * The invitation page (/admin/invitation, issue 39), outside the admin layout: whoever holds the mailed link chooses
 * their own password here and is signed in. The link carries its token after `#`, which a browser never sends: the
 * page reads it in the browser, takes it out of the address bar, and posts it in a form body, so no access log, proxy
 * or history entry keeps it (decision 053). The API says plainly when a link was used, has expired or was withdrawn.
 */
import { useEffect, useState } from 'react';
import { redirect, useFetcher } from 'react-router';
import { rolesLabel } from '@milli/contracts';
import type { Invitation } from '@milli/contracts/schemas';
import type { Route } from './+types/invitation';
import { serverApi } from '../../lib/api.server.ts';
import { apiFieldErrors } from '../../lib/field-errors.ts';
import { ADMIN_PATHS } from '../../lib/admin-nav.ts';
import { TextField } from '../../components/admin/form-kit.tsx';
import { AdminBarePage } from '../../components/admin/admin-shell.tsx';
import { STORE_NAME } from '../../lib/meta.ts';
import '../../styles/admin.css';

const HEADERS = { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex, nofollow', 'Referrer-Policy': 'no-referrer' } as const;
export const headers: Route.HeadersFunction = () => HEADERS;

export const meta: Route.MetaFunction = () => [{ title: `Your invitation · Back office · ${STORE_NAME}` }, { name: 'robots', content: 'noindex, nofollow' }];

export async function loader({ context }: Route.LoaderArgs) {
  const storeName = await serverApi(context)
    .get('/api/settings')
    .then((s) => (typeof s?.storeName === 'string' && s.storeName !== '' ? s.storeName : STORE_NAME))
    .catch(() => STORE_NAME);
  return { storeName };
}

export type InvitationResult =
  | { step: 'lookup'; invitation: Invitation }
  | { step: 'lookup' | 'accept'; message: string; ended: boolean; fields: { password?: string; repeatPassword?: string } };

const ENDED = new Set(['INVITATION_INVALID', 'INVITATION_EXPIRED', 'INVITATION_USED', 'INVITATION_REVOKED']);

export async function action({ request, context }: Route.ActionArgs): Promise<InvitationResult | Response> {
  const form = await request.formData();
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === 'string' ? v : '';
  };
  const step = text('intent') === 'accept' ? 'accept' : 'lookup';
  const token = text('token');
  const password = text('password');
  if (step === 'accept' && password !== text('repeatPassword')) {
    return { step, message: 'The two passwords are not the same.', ended: false, fields: { repeatPassword: 'Type the same password twice.' } };
  }
  let res: Response;
  try {
    res = await serverApi(context).raw(step === 'accept' ? '/api/admin/invitation/accept' : '/api/admin/invitation', {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(step === 'accept' ? { token, password } : { token }),
    });
  } catch {
    return { step, message: 'The store’s server could not be reached. Please try again.', ended: false, fields: {} };
  }
  const body: unknown = await res.json().catch(() => null);
  if (res.ok && step === 'lookup') return { step, invitation: body as Invitation };
  if (res.ok) {
    const headers = new Headers(HEADERS);
    for (const cookie of res.headers.getSetCookie()) headers.append('Set-Cookie', cookie);
    const mustEnrol = (body as { staff?: { mustEnrolTwoFactor?: boolean } } | null)?.staff?.mustEnrolTwoFactor === true;
    // A store that requires two-factor sign-in sends the new member to set it up first, as at any sign-in.
    return redirect(mustEnrol ? ADMIN_PATHS.security : ADMIN_PATHS.dashboard, { headers });
  }
  const refusal = (body ?? {}) as { message?: unknown; code?: unknown };
  const message = typeof refusal.message === 'string' ? refusal.message : 'The invitation could not be used. Please try again.';
  const fields = apiFieldErrors(body, ['password'] as const);
  return { step, message, ended: typeof refusal.code === 'string' && ENDED.has(refusal.code), fields };
}

/** The token of the link this page was opened with, read once from the fragment and then taken out of the address. */
function useLinkToken(): string | null | undefined {
  const [token, setToken] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    const found = new URLSearchParams(window.location.hash.slice(1)).get('token');
    if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname);
    setToken(found);
  }, []);
  return token;
}

export default function AdminInvitation({ loaderData }: Route.ComponentProps) {
  const token = useLinkToken();
  const lookup = useFetcher<InvitationResult>();
  const accept = useFetcher<InvitationResult>();
  useEffect(() => {
    if (token && lookup.state === 'idle' && !lookup.data) void lookup.submit({ intent: 'lookup', token }, { method: 'post' });
  }, [token, lookup]);

  const found = lookup.data && 'invitation' in lookup.data ? lookup.data.invitation : null;
  const refused = accept.data && 'message' in accept.data ? accept.data : lookup.data && 'message' in lookup.data ? lookup.data : null;
  const ended = refused?.ended === true || token === null;
  const busy = accept.state !== 'idle';

  return (
    <AdminBarePage storeName={loaderData.storeName} title="Your invitation to the back office">
      <noscript>
        <div className="adm-banner adm-banner--warning">
          <p>This page needs JavaScript to read the link from your mail. Please turn it on and open the link again.</p>
        </div>
      </noscript>
      {ended ? (
        <div className="adm-stack">
          <div className="adm-banner adm-banner--error" role="alert">
            <p>{token === null ? 'This address has no invitation in it. Please open the link from your invitation mail.' : refused?.message}</p>
          </div>
          <p>
            Already set your password? <a href={ADMIN_PATHS.login}>Sign in</a>.
          </p>
        </div>
      ) : !found ? (
        <p role="status">{refused ? refused.message : 'Reading your invitation…'}</p>
      ) : (
        <accept.Form method="post" className="adm-form">
          <p>
            Welcome, <strong>{found.name}</strong>. You are invited as <strong>{rolesLabel(found.roles)}</strong>. Choose the password you will sign in with as{' '}
            <strong>{found.email}</strong>; nobody else will know it.
          </p>
          {found.twoFactorRequired && (
            <div className="adm-banner adm-banner--info" role="status">
              <p>The store requires two-factor sign-in: right after this you will set up your authenticator app.</p>
            </div>
          )}
          {refused && !refused.ended && (
            <div className="adm-banner adm-banner--error" role="alert">
              <p>{refused.message}</p>
            </div>
          )}
          <input type="hidden" name="token" value={token ?? ''} />
          <input type="text" name="username" autoComplete="username" value={found.email} readOnly hidden />
          <TextField
            name="password"
            type="password"
            label="New password"
            autoComplete="new-password"
            required
            error={refused?.fields.password}
            hint="At least 12 characters; a long phrase is best. Common passwords are refused."
            size="wide"
          />
          <TextField
            name="repeatPassword"
            type="password"
            label="Repeat the password"
            autoComplete="new-password"
            required
            error={refused?.fields.repeatPassword}
            size="wide"
          />
          <button type="submit" name="intent" value="accept" className="adm-button adm-button--primary" aria-disabled={busy || undefined}>
            {busy ? 'Setting your password…' : 'Set password and sign in'}
          </button>
          <p className="adm-hint">The link works until {new Date(found.expiresAt).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' })}.</p>
        </accept.Form>
      )}
    </AdminBarePage>
  );
}
