import { Form, Link } from 'react-router';
import type { Route } from './+types/forgot-password';
import { serverApi } from '../lib/api.server.ts';
import { pageTitle } from '../lib/meta.ts';
import { PageBanner } from '../components/layout/page-banner.tsx';
import { requestCode } from '../features/account/auth-actions.server.ts';
import { Field, FormAlert, useSubmitting } from '../components/forms/form-bits.tsx';
import '../styles/screens/shells.css';
import '../styles/screens/account.css';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Forgot Password') }];

/** ?email= pre-fills the box (the OTP screen links back here with it). */
export function loader({ request }: Route.LoaderArgs) {
  return { email: new URL(request.url).searchParams.get('email')?.slice(0, 254) ?? '' };
}

export async function action({ request, context }: Route.ActionArgs) {
  return requestCode(serverApi(context), request);
}

/**
 * Forgot password (spec §2; DECISIONS §2): its own call, which e-mails a 4-digit code, then /otp.
 * The answer is the same whether or not an account exists for the address.
 */
export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useSubmitting();
  return (
    <>
      <PageBanner title="Forgot Password" />
      <div className="section auth">
        <div className="container">
          <div className="card card-pad auth-card">
            <h2 className="auth-title">Reset your password</h2>
            <p className="auth-lead">Tell us the e-mail address of your account and we will send you a one-time password.</p>
            {actionData && <FormAlert tone="error">{actionData.message}</FormAlert>}
            <Form method="post" className="auth-form">
              <Field
                id="forgot-email"
                name="email"
                label="E-mail"
                type="email"
                autoComplete="email"
                required
                defaultValue={actionData?.email ?? loaderData.email}
              />
              <button type="submit" className="btn btn-primary btn-block" disabled={submitting}>
                {submitting ? 'Sending…' : 'Send One Time Password'}
              </button>
            </Form>
            <p className="auth-switch">
              <Link to="/login">Back to Log-in</Link>
            </p>
          </div>
        </div>
      </div>
    </>
  );
}
