import { useEffect, useState } from 'react';
import { Form, Link, isRouteErrorResponse, type ShouldRevalidateFunctionArgs } from 'react-router';
import { safeRedirect } from '../lib/safe-redirect.ts';
import { isOfflineResult } from '../lib/offline.ts';
import { MESSAGES } from '@milli/contracts';
import type { Route } from './+types/login';
import { serverApi } from '../lib/api.server.ts';
import { pageTitle } from '../lib/meta.ts';
import { takeRegistrationSuccess } from '../lib/session.ts';
import { AuthCard, SubmitButton } from '../components/forms/auth-card.tsx';
import { logIn, redirectIfLoggedIn } from '../features/account/auth-actions.server.ts';
import { ACCOUNT_TEXT, LOGIN_BANNER_PARAMS } from '../features/account/auth-results.ts';
import { Field, FormAlert, useSubmitting } from '../components/forms/form-bits.tsx';
import { MobileSignInLink } from '../features/account/mobile-sign-in-link.tsx';
import '../styles/screens/shells.css';
import '../styles/screens/account.css';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Login') }];

/** Already logged in: straight home (spec §2). The query flags carry one-time banners across a redirect. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const next = safeRedirect(params.get('next'));
  await redirectIfLoggedIn(serverApi(context), next);
  return {
    next,
    registered: params.get(LOGIN_BANNER_PARAMS.registered) === '1',
    reset: params.get(LOGIN_BANNER_PARAMS.reset) === '1',
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return logIn(serverApi(context), request);
}

/**
 * In the browser the form goes to the server as a fetch; when that fetch itself fails (the network or the
 * server is down), the spec's red alert with the fallback line shows instead of the error page. Answers
 * the server did give (a refusal, the redirect after success, its own error) pass through unchanged.
 */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const form = await request.clone().formData();
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response || isRouteErrorResponse(error)) throw error;
    const username = form.get('username');
    return { message: MESSAGES.loginFallback, username: typeof username === 'string' ? username.trim() : '', offline: true as const };
  }
}

/** Nothing to reload when the server could not be reached: the page keeps what it shows, with the alert. */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return isOfflineResult(actionResult) ? false : defaultShouldRevalidate;
}

/** The banner flags are shown once: a reload or a bookmark of this address does not show them again. */
function useOneTimeBanners(fromServer: { registered: boolean; reset: boolean }) {
  const [registeredHere, setRegisteredHere] = useState(false);
  useEffect(() => {
    // Spec §3: the registrationSuccess flag is read once on the login screen, then removed.
    if (takeRegistrationSuccess()) setRegisteredHere(true);
    const url = new URL(window.location.href);
    const flags = Object.values(LOGIN_BANNER_PARAMS);
    if (flags.some((name) => url.searchParams.has(name))) {
      for (const name of flags) url.searchParams.delete(name);
      // history.state is the router's own entry: kept as is, only the address changes.
      window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    }
  }, []);
  return { registered: fromServer.registered || registeredHere, reset: fromServer.reset };
}

/**
 * Login (spec §2, §8): E-mail Id (or username) and password; the guest cart goes along and is merged.
 * Success lands on the home page logged in; a refusal shows the server's message in a red alert.
 */
export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const banners = useOneTimeBanners(loaderData);
  const submitting = useSubmitting();

  return (
    <AuthCard
      banner="Login"
      title="Welcome back"
      lead="Log in to follow your orders, keep a wish list and see your custom designs."
      footer={
        <>
          New to Milli? <Link to="/register">Create One</Link>
        </>
      }
    >
      {banners.registered && !actionData && <FormAlert tone="success">{MESSAGES.registrationSuccessBanner}</FormAlert>}
      {banners.reset && !actionData && <FormAlert tone="success">{ACCOUNT_TEXT.resetDone}</FormAlert>}
      {actionData && <FormAlert tone="error">{actionData.message}</FormAlert>}
      <Form method="post" className="auth-form">
        {loaderData.next && <input type="hidden" name="next" value={loaderData.next} />}
        <Field id="login-username" name="username" label="E-mail Id" autoComplete="username" inputMode="email" defaultValue={actionData?.username} />
        <Field id="login-password" name="password" label="Password" type="password" autoComplete="current-password" />
        <p className="auth-aside">
          <Link to="/forgot-password">Forgot Password</Link>
        </p>
        <SubmitButton busy={submitting} label="Login" busyLabel="Logging in…" />
      </Form>
      <MobileSignInLink next={loaderData.next} />
    </AuthCard>
  );
}
