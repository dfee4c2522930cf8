import { Form, Link } from 'react-router';
import type { Route } from './+types/undo-email-change';
import { serverApi } from '../lib/api.server.ts';
import { pageTitle } from '../lib/meta.ts';
import { AuthCard, SubmitButton } from '../components/forms/auth-card.tsx';
import { undoEmailChange } from '../features/account/auth-actions.server.ts';
import { ACCOUNT_TEXT } from '../features/account/auth-results.ts';
import { FormAlert, useSubmitting } from '../components/forms/form-bits.tsx';
import '../styles/screens/shells.css';
import '../styles/screens/account.css';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Undo E-mail Change') }, { name: 'robots', content: 'noindex' }];

/** The token comes from the link in the mail; opening the page changes nothing until the button is pressed. */
export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get('token')?.slice(0, 200) ?? '' };
}

export async function action({ request, context }: Route.ActionArgs) {
  return undoEmailChange(serverApi(context), request);
}

/** The page the old address's mail links to after an e-mail change (decision 020). */
export default function UndoEmailChange({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useSubmitting();
  const done = actionData?.ok === true;
  return (
    <AuthCard banner="Undo E-mail Change" title={done ? 'Your e-mail address is back' : 'Was this not you?'}>
      {done ? (
        <div className="stack">
          <FormAlert tone="success">{actionData.message}</FormAlert>
          <Link
            to={actionData.email ? `/forgot-password?email=${encodeURIComponent(actionData.email)}` : '/forgot-password'}
            className="btn btn-primary btn-block"
          >
            Set a new password
          </Link>
        </div>
      ) : !loaderData.token ? (
        <FormAlert tone="error">{ACCOUNT_TEXT.undoMissing}</FormAlert>
      ) : (
        <>
          <p className="auth-lead">
            The e-mail address of your account was changed. If you did not change it, put your old address back: every device will be logged out, and you will
            set a new password with a code sent to your old address.
          </p>
          {actionData && <FormAlert tone="error">{actionData.message}</FormAlert>}
          <Form method="post" className="auth-form">
            <input type="hidden" name="token" value={loaderData.token} />
            <SubmitButton busy={submitting} label="Put my old address back" busyLabel="Putting it back…" />
          </Form>
        </>
      )}
    </AuthCard>
  );
}
