import { Form, Link } from 'react-router';
import type { Route } from './+types/reset-password';
import { MESSAGES } from '@milli/contracts';
import { serverApi } from '../lib/api.server.ts';
import { pageTitle } from '../lib/meta.ts';
import { AuthCard, SubmitButton } from '../components/forms/auth-card.tsx';
import { hasResetToken, resetLinkOf, setNewPassword } from '../features/account/auth-actions.server.ts';
import { ACCOUNT_TEXT } from '../features/account/auth-results.ts';
import { Field, FormAlert, useSubmitting } from '../components/forms/form-bits.tsx';
import '../styles/screens/shells.css';
import '../styles/screens/account.css';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Reset Password') }, { name: 'robots', content: 'noindex' }];

/**
 * Only a visitor who has just validated a code (the short-lived reset cookie) or who follows the code mail's link
 * (carried in the form, spent by its post) can set a password here.
 */
export function loader({ request }: Route.LoaderArgs) {
  const link = resetLinkOf(request);
  return { verified: link !== null || hasResetToken(request), link };
}

export async function action({ request, context }: Route.ActionArgs) {
  return setNewPassword(serverApi(context), request);
}

/** Reset password (spec §2; DECISIONS §2): new + confirm, then /login with a success banner. */
export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useSubmitting();
  const expired = actionData ? actionData.expired : !loaderData.verified;

  return (
    <AuthCard banner="Reset Password" title={MESSAGES.resetPrompt}>
      {expired ? (
        <div className="stack">
          <FormAlert tone={actionData ? 'error' : 'info'}>{actionData?.message ?? ACCOUNT_TEXT.resetNeedsCode}</FormAlert>
          <Link to="/forgot-password" className="btn btn-primary btn-block">
            {actionData ? 'Get a new code' : 'Get a code by e-mail'}
          </Link>
        </div>
      ) : (
        <>
          <p className="auth-lead">Choose a password you have not used here before.</p>
          {actionData && <FormAlert tone="error">{actionData.message}</FormAlert>}
          {/* Posted to the bare address, so the link leaves the address bar with the first post. */}
          <Form method="post" action="/reset-password" className="auth-form">
            {loaderData.link && <input type="hidden" name="link" value={loaderData.link} />}
            <Field id="reset-new" name="newPassword" label="New password" type="password" autoComplete="new-password" hint={ACCOUNT_TEXT.passwordHint} />
            <Field id="reset-confirm" name="confirmPassword" label="Confirm password" type="password" autoComplete="new-password" />
            <SubmitButton busy={submitting} label="Reset Password" busyLabel="Saving…" />
          </Form>
        </>
      )}
    </AuthCard>
  );
}
