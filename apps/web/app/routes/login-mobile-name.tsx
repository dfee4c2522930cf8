import { Form } from 'react-router';
import type { Route } from './+types/login-mobile-name';
import { serverApi } from '../lib/api.server.ts';
import { pageTitle } from '../lib/meta.ts';
import { safeRedirect } from '../lib/safe-redirect.ts';
import { AuthCard, SubmitButton } from '../components/forms/auth-card.tsx';
import { requireSignedIn, saveNameAction } from '../features/account/phone-actions.server.ts';
import { Field, FormAlert, useSubmitting } from '../components/forms/form-bits.tsx';
import '../styles/screens/shells.css';
import '../styles/screens/account.css';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Your name') }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSignedIn(serverApi(context), request);
  return { next: safeRedirect(new URL(request.url).searchParams.get('next')) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return saveNameAction(serverApi(context), request);
}

/** Right after a new number's first code (decision 058): the account's name, then the page the shopper was going to. */
export default function LoginMobileName({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useSubmitting();
  const errors = actionData?.fieldErrors ?? {};
  return (
    <AuthCard banner="Sign Up" crumb="Your name" title="Welcome to Milli" lead="Your number is verified. What should we call you?" footer={null}>
      {actionData && <FormAlert tone="error">{actionData.message}</FormAlert>}
      <Form method="post" className="auth-form" action={loaderData.next ? `?next=${encodeURIComponent(loaderData.next)}` : undefined}>
        <Field
          id="name-first"
          name="firstName"
          label="First name"
          autoComplete="given-name"
          required
          defaultValue={actionData?.values.firstName}
          error={errors.firstName}
        />
        <Field id="name-last" name="lastName" label="Last name" autoComplete="family-name" defaultValue={actionData?.values.lastName} error={errors.lastName} />
        <SubmitButton busy={submitting} label="Save and continue" busyLabel="Saving…" />
      </Form>
    </AuthCard>
  );
}
