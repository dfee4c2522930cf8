import { Form, Link, useNavigation } from 'react-router';
import {
  ERASED_ON_ERASURE,
  ERASURE_CODE_DIGITS,
  EXPORTS_A_DAY,
  MARKETING_CHANNEL_LABELS,
  NOMINEE_RELATIONSHIPS,
  RETAINED_ON_ERASURE,
  RETENTION_YEARS,
  type Consents,
  type Nominee,
  type PrivacyOverview,
} from '@milli/contracts';
import { FormAlert } from '../../components/forms/form-bits.tsx';
import { fieldErrorId, fieldErrorProps } from '../../lib/field-errors.ts';
import type { PrivacyIntent, PrivacyResult } from './privacy-results.ts';

const ACTION = '/account/privacy';
const when = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Kolkata' });

/** The result of this section's forms, if the last post was one of them. */
const resultOf = (result: PrivacyResult | undefined, ...intents: PrivacyIntent[]) => (result && intents.includes(result.intent) ? result : undefined);

function Busy({ intent, idle, busy }: { intent: PrivacyIntent; idle: string; busy: string }) {
  const navigation = useNavigation();
  const mine = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  return (
    <button type="submit" name="intent" value={intent} className="btn btn-primary" disabled={mine}>
      {mine ? busy : idle}
    </button>
  );
}

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={fieldErrorId(id)} className="field-error">
      {error}
    </p>
  ) : null;
}

/** Download my data: the file of everything held about the customer (the API's export, through /account/privacy/download). */
export function DownloadSection({ problem }: { problem: string | null }) {
  return (
    <section className="card card-pad privacy-section" id="download" aria-labelledby="download-title">
      <h2 id="download-title" className="privacy-title">
        Download my data
      </h2>
      {problem && <FormAlert tone="error">{problem}</FormAlert>}
      <p>
        One file (JSON) with everything we hold about you: your profile, addresses, orders and their invoices’ details, payments (the payment gateway’s
        references, never a card number), Milli Harvest plans, returns, exchanges and buy-backs, reviews, appointments, custom designs, store credit, your metal
        account, rate locks and rate alerts, complaints, trade partner applications, sizer requests, your cart and wish list, your consents and SMS and WhatsApp
        choices, your nominee, and the mails, SMS and WhatsApp messages we sent you.
      </p>
      <p>
        <a className="btn btn-primary" href={`${ACTION}/download`} download>
          Download my data
        </a>
      </p>
      <p className="muted">
        Up to {EXPORTS_A_DAY} downloads a day. Something wrong? Correct it yourself under <Link to="/account?tab=edit">Edit Profile</Link> and{' '}
        <Link to="/account?tab=addresses">Addresses</Link>, or write to our Grievance Officer (see the <Link to="/legal#grievance-officer">privacy policy</Link>
        ).
      </p>
    </section>
  );
}

/** My consents: order messages always on (and why); each marketing channel off until given, withdrawn by unticking; every change listed. */
export function ConsentsSection({ consents, result }: { consents: Consents | null; result: PrivacyResult | undefined }) {
  const mine = resultOf(result, 'save-consents');
  return (
    <section className="card card-pad privacy-section" id="consents" aria-labelledby="consents-title">
      <h2 id="consents-title" className="privacy-title">
        My consents
      </h2>
      {mine && <FormAlert tone={mine.ok ? 'success' : 'error'}>{mine.message}</FormAlert>}
      {!consents ? (
        <FormAlert tone="error">We could not load your consents just now. Please reload the page.</FormAlert>
      ) : (
        <>
          <div className="privacy-always">
            <p>
              <strong>Order messages: always on.</strong> {consents.orderMessages.note}
            </p>
          </div>
          <Form method="post" action={`${ACTION}#consents`} preventScrollReset className="privacy-consents">
            <fieldset>
              <legend>Marketing messages: news and offers. Each is off until you tick it; untick it to withdraw.</legend>
              {consents.marketing.map((c) => (
                <div key={c.channel} className="privacy-check">
                  <input
                    id={`consent-${c.channel}`}
                    type="checkbox"
                    name={c.channel}
                    defaultChecked={c.granted}
                    aria-describedby={`consent-${c.channel}-state`}
                  />
                  <label htmlFor={`consent-${c.channel}`}>{MARKETING_CHANNEL_LABELS[c.channel]}</label>
                  <span id={`consent-${c.channel}-state`} className="muted privacy-check-state">
                    {c.changedAt ? `${c.granted ? 'Given' : 'Withdrawn'} ${when(c.changedAt)}` : 'Never given'}
                  </span>
                </div>
              ))}
            </fieldset>
            <Busy intent="save-consents" idle="Save my choices" busy="Saving…" />
          </Form>
          <details className="privacy-history">
            <summary>Every change ({consents.history.length})</summary>
            {consents.history.length === 0 ? (
              <p className="muted">You have not given any marketing consent.</p>
            ) : (
              <ul>
                {consents.history.map((h, n) => (
                  <li key={n}>
                    {when(h.at)}: {MARKETING_CHANNEL_LABELS[h.channel]} {h.granted ? 'given' : 'withdrawn'}
                    {h.source === 'erasure' ? ' (erasure)' : ''}
                  </li>
                ))}
              </ul>
            )}
          </details>
        </>
      )}
    </section>
  );
}

/** A nominee (DPDP Act s.14): who may exercise these rights on the customer's death or incapacity; set, change, remove (asked first). */
export function NomineeSection({ nominee, result }: { nominee: Nominee | null; result: PrivacyResult | undefined }) {
  const mine = resultOf(result, 'save-nominee', 'remove-nominee');
  const refused = mine && !mine.ok && mine.intent === 'save-nominee' ? mine : undefined;
  const values =
    refused?.values ?? (nominee ? { name: nominee.name, relationship: nominee.relationship, email: nominee.email ?? '', phone: nominee.phone ?? '' } : {});
  const fields = refused?.fields ?? {};
  const confirming = mine?.confirm === true;
  return (
    <section className="card card-pad privacy-section" id="nominee" aria-labelledby="nominee-title">
      <h2 id="nominee-title" className="privacy-title">
        My nominee
      </h2>
      {mine && !confirming && <FormAlert tone={mine.ok ? 'success' : 'error'}>{mine.message}</FormAlert>}
      <p>
        A person you trust who may exercise your rights over your data (see it, correct it, erase it) if you die or can no longer do so yourself. We contact
        them only then, and ask for proof.
      </p>
      {nominee ? (
        <p>
          Your nominee: <strong>{nominee.name}</strong> ({nominee.relationship}){nominee.email ? `, ${nominee.email}` : ''}
          {nominee.phone ? `, ${nominee.phone}` : ''}. <span className="muted">Set {when(nominee.updatedAt)}.</span>
        </p>
      ) : (
        <p className="muted">You have not named a nominee.</p>
      )}
      {confirming && nominee && (
        <div className="privacy-confirm" role="group" aria-labelledby="nominee-confirm-title" aria-describedby="nominee-confirm-text">
          <p id="nominee-confirm-title">
            <strong>Remove {nominee.name} as your nominee?</strong>
          </p>
          <p id="nominee-confirm-text">Nobody could then exercise your rights for you. We will mail you to say so.</p>
          <div className="privacy-actions">
            <Form method="post" action={`${ACTION}#nominee`} preventScrollReset className="inline-form">
              <input type="hidden" name="confirmed" value="yes" />
              <button type="submit" name="intent" value="remove-nominee" className="btn btn-primary">
                Yes, remove my nominee
              </button>
            </Form>
            <Link to={`${ACTION}#nominee`} className="btn btn-outline" preventScrollReset>
              Keep my nominee
            </Link>
          </div>
        </div>
      )}
      <Form
        method="post"
        action={`${ACTION}#nominee`}
        preventScrollReset
        className="privacy-nominee-form"
        aria-label={nominee ? 'Change your nominee' : 'Name a nominee'}
        // A new key whenever the nominee changes (set, changed, removed): the form starts again from what is saved.
        key={nominee?.updatedAt ?? 'none'}
      >
        {refused && <FormAlert tone="error">{refused.message}</FormAlert>}
        <div className="form-grid">
          <div className="form-field">
            <label htmlFor="nominee-name">Their full name</label>
            <input
              id="nominee-name"
              name="name"
              autoComplete="off"
              maxLength={100}
              required
              defaultValue={values.name}
              {...fieldErrorProps('nominee-name', fields.name)}
            />
            <FieldError id="nominee-name" error={fields.name} />
          </div>
          <div className="form-field">
            <label htmlFor="nominee-relationship">They are your</label>
            <select
              id="nominee-relationship"
              name="relationship"
              required
              defaultValue={values.relationship ?? ''}
              {...fieldErrorProps('nominee-relationship', fields.relationship)}
            >
              <option value="" disabled>
                Choose…
              </option>
              {NOMINEE_RELATIONSHIPS.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
            <FieldError id="nominee-relationship" error={fields.relationship} />
          </div>
          <div className="form-field">
            <label htmlFor="nominee-email">Their e-mail</label>
            <input
              id="nominee-email"
              name="email"
              type="email"
              autoComplete="off"
              defaultValue={values.email}
              {...fieldErrorProps('nominee-email', fields.email, 'nominee-contact-hint')}
            />
            <FieldError id="nominee-email" error={fields.email} />
          </div>
          <div className="form-field">
            <label htmlFor="nominee-phone">Their mobile number</label>
            <input
              id="nominee-phone"
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="off"
              defaultValue={values.phone}
              {...fieldErrorProps('nominee-phone', fields.phone, 'nominee-contact-hint')}
            />
            <FieldError id="nominee-phone" error={fields.phone} />
          </div>
        </div>
        <p id="nominee-contact-hint" className="field-hint">
          An e-mail address or a mobile number, or both, so we can reach them.
        </p>
        <div className="privacy-actions">
          <Busy intent="save-nominee" idle={nominee ? 'Change my nominee' : 'Name my nominee'} busy="Saving…" />
        </div>
      </Form>
      {nominee && !confirming && (
        <Form method="post" action={`${ACTION}#nominee`} preventScrollReset className="privacy-remove">
          <button type="submit" name="intent" value="remove-nominee" className="btn btn-outline">
            Remove my nominee
          </button>
        </Form>
      )}
    </section>
  );
}

/** What erasure removes and what it keeps (and why, and how long): said before an erasure and after it. */
export function ErasureFacts() {
  return (
    <div className="privacy-facts">
      <div>
        <h3 className="privacy-subtitle">What is erased</h3>
        <ul>
          {ERASED_ON_ERASURE.map((e) => (
            <li key={e.key}>{e.text.charAt(0).toUpperCase() + e.text.slice(1)}.</li>
          ))}
        </ul>
      </div>
      <div>
        <h3 className="privacy-subtitle">What we must keep, locked</h3>
        <ul>
          {RETAINED_ON_ERASURE.map((r) => (
            <li key={r.key}>
              {r.text.charAt(0).toUpperCase() + r.text.slice(1)}: {r.why}.
            </li>
          ))}
        </ul>
        <p className="muted">
          Nobody can change what is kept. Tax records are kept for {RETENTION_YEARS} years after the end of the financial year of each sale, then deleted.
        </p>
      </div>
    </div>
  );
}

/**
 * Erase my account: what blocks it now (each reason), else what goes and what stays, and the form: the password and
 * ERASE typed out, or a code mailed to the account for one without a password it knows.
 */
export function ErasureSection({ erasure, result }: { erasure: PrivacyOverview['erasure'] | null; result: PrivacyResult | undefined }) {
  const mine = resultOf(result, 'erasure-code', 'erase');
  const fields = mine?.fields ?? {};
  const byCode = mine?.codeSent === true;
  return (
    <section className="card card-pad privacy-section privacy-erase" id="erase" aria-labelledby="erase-title">
      <h2 id="erase-title" className="privacy-title">
        Erase my account
      </h2>
      {mine && <FormAlert tone={mine.ok ? 'success' : 'error'}>{mine.message}</FormAlert>}
      {!erasure ? (
        <FormAlert tone="error">We could not check your account just now. Please reload the page.</FormAlert>
      ) : erasure.blockers.length > 0 ? (
        <div className="stack-sm">
          <p>
            <strong>Your account cannot be erased yet.</strong> We still owe you something, or must be able to reach you about it:
          </p>
          <ul className="privacy-blockers">
            {erasure.blockers.map((b, n) => (
              <li key={n}>{b.message}</li>
            ))}
          </ul>
          <p className="muted">Once these are settled, come back here. You can withdraw your marketing consents above at any time.</p>
        </div>
      ) : (
        <>
          <p>
            Erasing cannot be undone. You are logged out everywhere and nobody can log in to this account again; to shop with us later you would make a new one.
          </p>
          <ErasureFacts />
          {byCode ? (
            <Form method="post" action={`${ACTION}#erase`} preventScrollReset className="privacy-erase-form" aria-label="Erase my account with the mailed code">
              <div className="form-grid">
                <div className="form-field">
                  <label htmlFor="erase-code">The {ERASURE_CODE_DIGITS}-digit code we mailed you</label>
                  <input
                    id="erase-code"
                    name="code"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={ERASURE_CODE_DIGITS}
                    required
                    {...fieldErrorProps('erase-code', fields.code)}
                  />
                  <FieldError id="erase-code" error={fields.code} />
                </div>
                <ConfirmField error={fields.confirm} />
              </div>
              <button type="submit" name="intent" value="erase" className="btn btn-danger">
                Erase my account
              </button>
            </Form>
          ) : (
            <Form method="post" action={`${ACTION}#erase`} preventScrollReset className="privacy-erase-form" aria-label="Erase my account with my password">
              <div className="form-grid">
                <div className="form-field">
                  <label htmlFor="erase-password">Your password</label>
                  <input
                    id="erase-password"
                    name="password"
                    type="password"
                    autoComplete="current-password"
                    required
                    {...fieldErrorProps('erase-password', fields.password)}
                  />
                  <FieldError id="erase-password" error={fields.password} />
                </div>
                <ConfirmField error={fields.confirm} />
              </div>
              <button type="submit" name="intent" value="erase" className="btn btn-danger">
                Erase my account
              </button>
            </Form>
          )}
          <Form method="post" action={`${ACTION}#erase`} preventScrollReset className="privacy-code-form">
            <p className="muted">
              {byCode ? 'No mail? ' : 'No password, or it was retired after an e-mail change was undone? '}
              <button type="submit" name="intent" value="erasure-code" className="link-button">
                {byCode ? 'Mail me a new code' : 'Confirm with a code mailed to you instead'}
              </button>
            </p>
          </Form>
        </>
      )}
    </section>
  );
}

function ConfirmField({ error }: { error: string | undefined }) {
  return (
    <div className="form-field">
      <label htmlFor="erase-confirm">Type ERASE to confirm</label>
      <input
        id="erase-confirm"
        name="confirm"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        required
        pattern="ERASE"
        title="Type ERASE in capitals"
        {...fieldErrorProps('erase-confirm', error)}
      />
      <FieldError id="erase-confirm" error={error} />
    </div>
  );
}
