import { Form, useNavigation } from 'react-router';
import { PHONE_CHANNEL_LABELS, PHONE_CHANNELS, PHONE_CODE_DIGITS, type PhoneChannel } from '@milli/contracts';
import { Field, FormAlert } from '../../components/forms/form-bits.tsx';
import { fieldErrorId, fieldErrorProps } from '../../lib/field-errors.ts';
import { tabHref } from './account-tabs.tsx';
import type { PhoneAddResult } from './phone-results.ts';
import { ResendButton } from './resend-countdown.tsx';

/**
 * Edit Profile's mobile number for signing in (issue 41, decision 058): the verified one, and a form that sends a code
 * to a new one and takes the code back; the number changes only once the code is entered. Plain form posts to
 * /account?tab=edit, so it works without script.
 */
export function SignInNumber({
  phone,
  pending,
  result,
}: {
  phone: string | null;
  pending: { phone: string; channel: PhoneChannel; waitSeconds: number } | null;
  result: PhoneAddResult | undefined;
}) {
  const navigation = useNavigation();
  const busyWith = navigation.state === 'submitting' ? navigation.formData?.get('intent') : null;
  const verifyError = result && !result.ok && result.intent === 'phone-verify' ? result.message : undefined;
  const startError = result && !result.ok && result.intent !== 'phone-verify' ? result.message : undefined;
  const showCode = pending && !(result?.ok && result.intent === 'phone-verify');

  return (
    <section className="form-section sign-in-number" aria-labelledby="sign-in-number-title">
      <h3 id="sign-in-number-title">Sign in by phone</h3>
      <p className="phone-verified">
        {phone ? (
          <>
            You can sign in with <strong>{phone}</strong> (verified) and a code sent to it.
          </>
        ) : (
          'Add your mobile to sign in with a code sent to it, without a password.'
        )}
      </p>
      {result?.ok && <FormAlert tone="success">{result.message}</FormAlert>}
      {showCode ? (
        <>
          {startError && <FormAlert tone="error">{startError}</FormAlert>}
          <Form method="post" action={tabHref('edit')} className="auth-form">
            <input type="hidden" name="intent" value="phone-verify" />
            <div className="form-field">
              <label htmlFor="add-phone-code">
                Code sent by {PHONE_CHANNEL_LABELS[pending.channel]} to {pending.phone}
              </label>
              <input
                id="add-phone-code"
                name="code"
                type="text"
                autoComplete="one-time-code"
                inputMode="numeric"
                pattern={`[0-9]{${PHONE_CODE_DIGITS}}`}
                maxLength={PHONE_CODE_DIGITS}
                required
                {...fieldErrorProps('add-phone-code', verifyError)}
              />
              {verifyError && (
                <p id={fieldErrorId('add-phone-code')} className="field-error" role="alert">
                  {verifyError}
                </p>
              )}
            </div>
            <button type="submit" className="btn btn-primary" disabled={busyWith === 'phone-verify'}>
              {busyWith === 'phone-verify' ? 'Checking…' : 'Verify number'}
            </button>
          </Form>
          <div className="otp-resend">
            <Form method="post" action={tabHref('edit')} className="inline-form">
              <input type="hidden" name="intent" value="phone-resend" />
              <ResendButton waitSeconds={pending.waitSeconds} busy={busyWith === 'phone-resend'} />
            </Form>
            <span aria-hidden="true">·</span>
            <Form method="post" action={tabHref('edit')} className="inline-form">
              <input type="hidden" name="intent" value="phone-cancel" />
              <button type="submit" className="link-button">
                Cancel
              </button>
            </Form>
          </div>
        </>
      ) : (
        <Form method="post" action={tabHref('edit')} className="auth-form">
          <input type="hidden" name="intent" value="phone-start" />
          <Field
            id="add-phone-number"
            name="phone"
            label={phone ? 'New phone to sign in with' : 'Phone to sign in with'}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            required
            defaultValue={startError ? result?.phone : undefined}
            error={startError}
          />
          <fieldset className="phone-channel">
            <legend>Send the code by</legend>
            {PHONE_CHANNELS.map((channel) => (
              <label key={channel}>
                <input type="radio" name="channel" value={channel} defaultChecked={channel === 'sms'} /> {PHONE_CHANNEL_LABELS[channel]}
              </label>
            ))}
          </fieldset>
          <button type="submit" className="btn btn-outline" disabled={busyWith === 'phone-start'}>
            {busyWith === 'phone-start' ? 'Sending…' : phone ? 'Change number' : 'Send code'}
          </button>
        </Form>
      )}
    </section>
  );
}
