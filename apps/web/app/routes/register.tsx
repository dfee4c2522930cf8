import { useEffect } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import type { Route } from './+types/register';
import { serverApi } from '../lib/api.server.ts';
import { pageTitle } from '../lib/meta.ts';
import { flagRegistrationSuccess } from '../lib/session.ts';
import { AuthCard, SubmitButton } from '../components/forms/auth-card.tsx';
import { redirectIfLoggedIn, signUp } from '../features/account/auth-actions.server.ts';
import { ACCOUNT_TEXT, LOGIN_BANNER_PARAMS } from '../features/account/auth-results.ts';
import { Field, FormAlert, useSubmitting } from '../components/forms/form-bits.tsx';
import { MobileSignInLink } from '../features/account/mobile-sign-in-link.tsx';
import '../styles/screens/shells.css';
import '../styles/screens/account.css';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Sign Up') }];

/** A customer who is already logged in has an account: their account page, not a second sign-up. */
export async function loader({ context }: Route.LoaderArgs) {
  await redirectIfLoggedIn(serverApi(context), '/account');
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  return signUp(serverApi(context), request);
}

/**
 * Spec §4: an ok sign-up sets the registrationSuccess flag and goes to /login. The action's redirect
 * carries ?registered=1 (which works without script); as the router follows it, the flag is set too.
 */
function useFlagOnSuccess() {
  const navigation = useNavigation();
  const target = navigation.state === 'loading' ? navigation.location : null;
  const toLogin = !!target && target.pathname === '/login' && new URLSearchParams(target.search).get(LOGIN_BANNER_PARAMS.registered) === '1';
  useEffect(() => {
    if (toLogin) flagRegistrationSuccess();
  }, [toLogin]);
}

/** Sign up (spec §2, §8): username, e-mail and password; the server's messages show under each field. */
export default function Register({ actionData }: Route.ComponentProps) {
  useFlagOnSuccess();
  const submitting = useSubmitting();
  const errors = actionData?.fieldErrors ?? {};

  return (
    <AuthCard
      banner="Sign Up"
      title="Join the Milli family"
      lead="An account keeps your orders, wish list and custom designs in one place."
      footer={
        <>
          Already have an account? <Link to="/login">Login</Link>
        </>
      }
    >
      {actionData && <FormAlert tone="error">{actionData.message}</FormAlert>}
      <Form method="post" className="auth-form">
        <Field
          id="register-username"
          name="username"
          label="Username"
          autoComplete="username"
          defaultValue={actionData?.values.username}
          error={errors.username}
        />
        <Field id="register-email" name="email" label="E-mail" type="email" autoComplete="email" defaultValue={actionData?.values.email} error={errors.email} />
        <Field
          id="register-password"
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          error={errors.password}
          hint={ACCOUNT_TEXT.passwordHint}
        />
        <p className="auth-aside">
          <Link to="/forgot-password">Forgot Password?</Link>
        </p>
        <SubmitButton busy={submitting} label="Signup" busyLabel="Signing up…" />
      </Form>
      <MobileSignInLink next={null} />
    </AuthCard>
  );
}
