import { Form, Link, useNavigation } from 'react-router';
import type { Route } from './+types/otp';
import { MESSAGES } from '@milli/contracts';
import { serverApi } from '../lib/api.server.ts';
import { pageTitle } from '../lib/meta.ts';
import { AuthCard, SubmitButton } from '../components/forms/auth-card.tsx';
import { checkCode } from '../features/account/auth-actions.server.ts';
import { ACCOUNT_TEXT } from '../features/account/auth-results.ts';
import { Field, FormAlert } from '../components/forms/form-bits.tsx';
import { OtpBoxes } from '../features/account/otp-boxes.tsx';
import '../styles/screens/shells.css';
import '../styles/screens/account.css';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('One Time Password') }, { name: 'robots', content: 'noindex' }];

/** The e-mail the code was sent to comes along from the forgot-password screen (?email=). */
export function loader({ request }: Route.LoaderArgs) {
  return { email: new URL(request.url).searchParams.get('email')?.trim().slice(0, 254) ?? '' };
}

export async function action({ request, context }: Route.ActionArgs) {
  return checkCode(serverApi(context), request);
}

/**
 * OTP entry (spec §2; DECISIONS §2): four one-digit boxes; Validate OTP checks the code (10 minutes,
 * 5 tries) and moves on to /reset-password. Resend code asks for a fresh one for the same address.
 */
export default function Otp({ loaderData, actionData }: Route.ComponentProps) {
  const { email } = loaderData;
  const navigation = useNavigation();
  const busyWith = navigation.state === 'submitting' ? navigation.formData?.get('intent') : null;
  const verifyError = actionData?.intent === 'verify' && !actionData.ok ? actionData.message : null;

  return (
    <AuthCard banner="One Time Password" crumb="OTP" title="Check your e-mail">
      {email && !actionData && <FormAlert tone="info">{ACCOUNT_TEXT.codeSent(email)}</FormAlert>}
      {actionData?.intent === 'resend' && <FormAlert tone={actionData.ok ? 'success' : 'error'}>{actionData.message}</FormAlert>}
      {verifyError && (
        <p id="otp-error" className="alert-error form-alert" role="alert">
          {verifyError}
        </p>
      )}
      <Form method="post" className="auth-form" key={email}>
        <input type="hidden" name="intent" value="verify" />
        {email ? (
          <input type="hidden" name="email" value={email} />
        ) : (
          <Field id="otp-email" name="email" label="E-mail" type="email" autoComplete="email" required />
        )}
        <fieldset className="otp-fieldset">
          <legend className="auth-lead">{MESSAGES.otpPrompt}</legend>
          <OtpBoxes invalid={!!verifyError} describedBy={verifyError ? 'otp-error' : undefined} />
        </fieldset>
        <SubmitButton busy={busyWith === 'verify'} label="Validate OTP" busyLabel="Checking…" />
      </Form>
      <div className="otp-resend">
        <span>Did not get it?</span>
        {email ? (
          <Form method="post" className="inline-form">
            <input type="hidden" name="intent" value="resend" />
            <input type="hidden" name="email" value={email} />
            <button type="submit" className="link-button" disabled={busyWith === 'resend'}>
              {busyWith === 'resend' ? 'Sending…' : 'Resend code'}
            </button>
          </Form>
        ) : (
          <Link to="/forgot-password">Resend code</Link>
        )}
      </div>
    </AuthCard>
  );
}
