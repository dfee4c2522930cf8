import { Form, Link, useNavigation } from 'react-router';
import { PHONE_CHANNEL_LABELS, PHONE_CHANNELS, PHONE_CODE_DIGITS, PHONE_CODE_MINUTES } from '@milli/contracts';
import type { Route } from './+types/login-mobile';
import { serverApi } from '../lib/api.server.ts';
import { pageTitle } from '../lib/meta.ts';
import { safeRedirect } from '../lib/safe-redirect.ts';
import { fieldErrorId, fieldErrorProps } from '../lib/field-errors.ts';
import { AuthCard, SubmitButton } from '../components/forms/auth-card.tsx';
import { redirectIfLoggedIn } from '../features/account/auth-actions.server.ts';
import { phoneSignInAction, readPhoneState, resendIn } from '../features/account/phone-actions.server.ts';
import { PHONE_SCREEN_TEXT } from '../features/account/phone-results.ts';
import { ResendButton } from '../features/account/resend-countdown.tsx';
import { Field, FormAlert } from '../components/forms/form-bits.tsx';
import '../styles/screens/shells.css';
import '../styles/screens/account.css';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Continue with mobile number') }];

/** Which step: the number (no code asked for yet), or the code sent to it (the number kept in an http-only cookie). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const state = readPhoneState(request);
  const next = state?.next ?? safeRedirect(params.get('next'));
  await redirectIfLoggedIn(serverApi(context), next);
  if (!state) return { step: 'number' as const, next };
  return { step: 'code' as const, phone: state.phone, channel: state.channel, waitSeconds: resendIn(state), resent: params.get('resent') === '1' };
}

export async function action({ request, context }: Route.ActionArgs) {
  return phoneSignInAction(serverApi(context), request);
}

/**
 * Signing in or up with a mobile number (issue 41): the number, then the 6-digit code sent to it by SMS or WhatsApp.
 * A number with no account makes one (its name is asked next). Plain form posts: it works without script.
 */
export default function LoginMobile({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busyWith = navigation.state === 'submitting' ? navigation.formData?.get('intent') : null;

  if (loaderData.step === 'number' || (actionData && actionData.intent === 'start')) {
    const phoneError = actionData?.field === 'phone' ? actionData.message : undefined;
    return (
      <AuthCard
        banner="Login"
        crumb="Mobile number"
        title="Continue with your mobile number"
        lead="We will send a one-time code to your mobile. New to Milli? The code creates your account."
        footer={
          <>
            Prefer e-mail? <Link to="/login">Log in with e-mail</Link> or <Link to="/register">sign up</Link>
          </>
        }
      >
        {actionData && !phoneError && <FormAlert tone="error">{actionData.message}</FormAlert>}
        <Form method="post" className="auth-form">
          <input type="hidden" name="intent" value="start" />
          {loaderData.step === 'number' && loaderData.next && <input type="hidden" name="next" value={loaderData.next} />}
          <Field
            id="mobile-number"
            name="phone"
            label="Mobile number"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            required
            defaultValue={actionData?.phone}
            hint="An Indian mobile number, e.g. 98765 43210"
            error={phoneError}
          />
          <fieldset className="phone-channel">
            <legend>Send the code by</legend>
            {PHONE_CHANNELS.map((channel) => (
              <label key={channel}>
                <input type="radio" name="channel" value={channel} defaultChecked={(actionData?.channel ?? 'sms') === channel} />{' '}
                {PHONE_CHANNEL_LABELS[channel]}
              </label>
            ))}
          </fieldset>
          <SubmitButton busy={busyWith === 'start'} label="Send code" busyLabel="Sending…" />
        </Form>
      </AuthCard>
    );
  }

  const codeError = actionData?.intent === 'verify' ? actionData.message : undefined;
  const resendError = actionData?.intent === 'resend' ? actionData.message : undefined;
  const code = loaderData.step === 'code' ? loaderData : null;
  return (
    <AuthCard
      banner="Login"
      crumb="Enter code"
      title="Enter the code"
      lead={`We have sent a ${PHONE_CODE_DIGITS}-digit code by ${code ? PHONE_CHANNEL_LABELS[code.channel] : 'SMS'} to ${code?.phone ?? 'your mobile'}. It works for ${PHONE_CODE_MINUTES} minutes.`}
      footer={<Link to="/login">Log in with e-mail instead</Link>}
    >
      {code?.resent && !actionData && <FormAlert tone="success">{PHONE_SCREEN_TEXT.resent}</FormAlert>}
      {resendError && <FormAlert tone="error">{resendError}</FormAlert>}
      <Form method="post" className="auth-form">
        <input type="hidden" name="intent" value="verify" />
        <div className="form-field">
          <label htmlFor="mobile-code">One-time code</label>
          <input
            id="mobile-code"
            name="code"
            type="text"
            autoComplete="one-time-code"
            inputMode="numeric"
            pattern={`[0-9]{${PHONE_CODE_DIGITS}}`}
            maxLength={PHONE_CODE_DIGITS}
            required
            {...fieldErrorProps('mobile-code', codeError)}
          />
          {codeError && (
            <p id={fieldErrorId('mobile-code')} className="field-error" role="alert">
              {codeError}
            </p>
          )}
        </div>
        <SubmitButton busy={busyWith === 'verify'} label="Verify and continue" busyLabel="Checking…" />
      </Form>
      <div className="otp-resend">
        <span>Did not get it?</span>
        <Form method="post" className="inline-form">
          <input type="hidden" name="intent" value="resend" />
          <ResendButton waitSeconds={code?.waitSeconds ?? 0} busy={busyWith === 'resend'} />
        </Form>
        <span aria-hidden="true">·</span>
        <Form method="post" className="inline-form">
          <input type="hidden" name="intent" value="change" />
          <button type="submit" className="link-button">
            Use a different number
          </button>
        </Form>
      </div>
    </AuthCard>
  );
}
