/**
 * The back office's sign-in (/admin/login, issue 17), outside the admin layout: it has no member yet. E-mail and
 * password; when the API answers TOTP_REQUIRED the code field appears (with "use a recovery code instead"). On
 * success the API's Set-Cookie (milli_staff) is passed on with the redirect to `next` — only ever a back-office
 * path, so the page cannot be used to send someone elsewhere.
 */
import { useState } from 'react';
import { Form, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/login';
import { serverApi } from '../../lib/api.server.ts';
import { refusalCode } from '../../lib/api.ts';
import { apiFieldErrors } from '../../lib/field-errors.ts';
import { ADMIN_PATHS } from '../../lib/admin-nav.ts';
import { adminNext } from '../../features/admin-staff/next.ts';
import { TextField } from '../../components/admin/form-kit.tsx';
import { AdminBarePage } from '../../components/admin/admin-shell.tsx';
import { STORE_NAME } from '../../lib/meta.ts';
import '../../styles/admin.css';

const HEADERS = { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex, nofollow' } as const;
export const headers: Route.HeadersFunction = () => HEADERS;

export const meta: Route.MetaFunction = () => [{ title: `Sign in · Back office · ${STORE_NAME}` }, { name: 'robots', content: 'noindex, nofollow' }];

/** Already signed in: on to where they were going. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const next = adminNext(new URL(request.url).searchParams.get('next'));
  const me = await serverApi(context)
    .raw('/api/admin/me', { headers: { accept: 'application/json' } })
    .catch(() => null);
  if (me?.ok) throw redirect(next ?? ADMIN_PATHS.dashboard, { headers: HEADERS });
  const storeName = await serverApi(context)
    .get('/api/settings')
    .then((s) => (typeof s?.storeName === 'string' && s.storeName !== '' ? s.storeName : STORE_NAME))
    .catch(() => STORE_NAME);
  return { next, storeName };
}

export interface LoginResult {
  message: string;
  /** The API asked for the second factor (or refused the one sent). */
  totp: boolean;
  email: string;
  fields: { email?: string; password?: string; totp?: string };
}

export async function action({ request, context }: Route.ActionArgs): Promise<LoginResult | Response> {
  const form = await request.formData();
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === 'string' ? v : '';
  };
  const email = text('email').trim();
  const totp = text('totp').trim();
  const next = adminNext(text('next'));
  let res: Response;
  try {
    res = await serverApi(context).raw('/api/admin/auth/login', {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: text('password'), ...(totp ? { totp } : {}) }),
    });
  } catch {
    return { message: 'The store’s server could not be reached. Please try again.', totp: totp !== '', email, fields: {} };
  }
  if (res.ok) {
    const headers = new Headers(HEADERS);
    for (const cookie of res.headers.getSetCookie()) headers.append('Set-Cookie', cookie);
    return redirect(next ?? ADMIN_PATHS.dashboard, { headers });
  }
  const body: unknown = await res.json().catch(() => null);
  const code = refusalCode(body);
  const said =
    body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string'
      ? (body as { message: string }).message
      : 'Sign-in failed. Please try again.';
  const fields = apiFieldErrors(body, ['email', 'password', 'totp'] as const);
  if (code === 'TOTP_REQUIRED') return { message: '', totp: true, email, fields: {} };
  if (code === 'TOTP_INVALID') return { message: said, totp: true, email, fields: { totp: said } };
  return { message: said, totp: totp !== '', email, fields };
}

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as LoginResult | undefined;
  const [recovery, setRecovery] = useState(false);
  const busy = useNavigation().state === 'submitting';
  const askCode = result?.totp === true;
  return (
    <AdminBarePage storeName={loaderData.storeName} title="Back office sign-in">
      <Form method="post" className="adm-form" noValidate={false}>
        {result?.message && (
          <div className="adm-banner adm-banner--error" role="alert">
            <p>{result.message}</p>
          </div>
        )}
        {askCode && !result?.message && (
          <div className="adm-banner adm-banner--info" role="status">
            <p>Two-factor sign-in is on for this account: enter the code from your authenticator app.</p>
          </div>
        )}
        {loaderData.next && <input type="hidden" name="next" value={loaderData.next} />}
        <TextField
          name="email"
          type="email"
          label="E-mail"
          autoComplete="username"
          required
          defaultValue={result?.email ?? ''}
          error={result?.fields.email}
          size="wide"
        />
        <TextField
          name="password"
          type="password"
          label="Password"
          autoComplete="current-password"
          required
          error={result?.fields.password}
          size="wide"
          hint={askCode ? 'Type your password again if the box is empty.' : undefined}
        />
        {askCode &&
          (recovery ? (
            <TextField
              key="recovery"
              name="totp"
              label="Recovery code"
              autoComplete="off"
              required
              error={result?.fields.totp}
              size="wide"
              hint="One of the ten codes you saved when you set up two-factor sign-in; each works once."
            />
          ) : (
            <TextField
              key="totp"
              name="totp"
              label="Authentication code"
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              error={result?.fields.totp}
              size="wide"
              hint="Six digits from your authenticator app (a recovery code works here too)."
            />
          ))}
        <div className="adm-form-actions">
          <button type="submit" className="adm-button adm-button--primary" aria-disabled={busy || undefined}>
            {busy ? 'Signing in…' : 'Sign in'}
          </button>
          {askCode && (
            <button type="button" className="adm-button adm-button--ghost" onClick={() => setRecovery((r) => !r)}>
              {recovery ? 'Use the authenticator app instead' : 'Use a recovery code instead'}
            </button>
          )}
        </div>
      </Form>
    </AdminBarePage>
  );
}
