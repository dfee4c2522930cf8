import { Form } from 'react-router';
import type { Route } from './+types/forgot-password';
import { serverApi } from '../lib/api.server.ts';
import { pageTitle } from '../lib/meta.ts';
import { AuthCard, SubmitButton } from '../components/forms/auth-card.tsx';
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
    <AuthCard banner="Forgot Password" title="Reset your password" lead="Tell us the e-mail address of your account and we will send you a one-time password.">
      {actionData && <FormAlert tone="error">{actionData.message}</FormAlert>}
      <Form method="post" className="auth-form">
        <Field id="forgot-email" name="email" label="E-mail" type="email" autoComplete="email" required defaultValue={actionData?.email ?? loaderData.email} />
        <SubmitButton busy={submitting} label="Send One Time Password" busyLabel="Sending…" />
      </Form>
    </AuthCard>
  );
}
