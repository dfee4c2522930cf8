/**
 * The pages a rate alert's mail links to (issue 42): /rate-alerts/confirm?token=… and /rate-alerts/stop?token=….
 * Opening one changes nothing (a mail scanner fetching the link confirms or stops nothing); its button posts the
 * token, which the access log never shows (?token=~, apps/server/src/lib/logged-url.ts).
 */
import { Form, Link } from 'react-router';
import type { Route } from './+types/rate-alert-link';
import { serverApi } from '../lib/api.server.ts';
import { pageTitle } from '../lib/meta.ts';
import { AuthCard, SubmitButton } from '../components/forms/auth-card.tsx';
import { FormAlert, useSubmitting } from '../components/forms/form-bits.tsx';
import { postAlertToken } from '../features/gold-rate/gold-rate.server.ts';
import '../styles/screens/shells.css';
import '../styles/screens/account.css';

const whatOf = (url: string): 'confirm' | 'stop' => (new URL(url).pathname.endsWith('/stop') ? 'stop' : 'confirm');

export const meta: Route.MetaFunction = ({ location }) => [
  { title: pageTitle(location.pathname.endsWith('/stop') ? 'Stop a rate alert' : 'Confirm a rate alert') },
  { name: 'robots', content: 'noindex' },
];

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get('token')?.slice(0, 200) ?? '', what: whatOf(request.url) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return postAlertToken(serverApi(context), await request.formData(), whatOf(request.url));
}

/** Never kept: the address carries the alert's token. */
export function headers() {
  return { 'Cache-Control': 'no-store' };
}

export default function RateAlertLink({ loaderData: { token, what }, actionData }: Route.ComponentProps) {
  const submitting = useSubmitting();
  const stop = what === 'stop';
  const banner = stop ? 'Stop a rate alert' : 'Confirm a rate alert';
  if (actionData?.ok) {
    return (
      <AuthCard banner={banner} title={stop ? 'Alert stopped' : 'Alert confirmed'}>
        <div className="stack">
          <FormAlert tone="success">{actionData.message}</FormAlert>
          <Link to="/gold-rate" className="btn btn-primary btn-block">
            See today’s rates
          </Link>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard banner={banner} title={stop ? 'Stop this rate alert?' : 'Start this rate alert?'}>
      {!token ? (
        <FormAlert tone="error">This link is incomplete. Please open it again from the mail.</FormAlert>
      ) : (
        <>
          <p className="auth-lead">
            {stop
              ? 'We will send nothing more about this alert. You can set another on the gold rate page at any time.'
              : 'We will e-mail you once when our rate crosses the level you chose, and the alert then ends.'}
          </p>
          {actionData && <FormAlert tone="error">{actionData.message}</FormAlert>}
          <Form method="post" className="auth-form">
            <input type="hidden" name="token" value={token} />
            <SubmitButton busy={submitting} label={stop ? 'Stop my alert' : 'Confirm my alert'} busyLabel={stop ? 'Stopping…' : 'Confirming…'} />
          </Form>
        </>
      )}
    </AuthCard>
  );
}
