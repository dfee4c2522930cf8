import { useEffect, useRef } from 'react';
import { useActionData, useFetcher } from 'react-router';
import type { UserDetails } from '@milli/contracts';
import { ACCOUNT_TEXT, type ProfileField, type ProfileResult } from './auth-results.ts';
import { Field, FormAlert } from '../../components/forms/form-bits.tsx';
import { tabHref } from './account-tabs.tsx';

interface FieldSpec {
  name: ProfileField;
  label: string;
  type: 'text' | 'email' | 'tel' | 'password';
  autoComplete: string;
  hint?: string;
}

const DETAILS: FieldSpec[] = [
  { name: 'firstName', label: 'First name', type: 'text', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last name', type: 'text', autoComplete: 'family-name' },
  { name: 'email', label: 'E-mail', type: 'email', autoComplete: 'email', hint: ACCOUNT_TEXT.emailHint },
  { name: 'mobile', label: 'Mobile number', type: 'tel', autoComplete: 'tel', hint: '10-digit Indian mobile number' },
];

/** Asked for when the e-mail or the password changes: whoever holds a session must still know the password. */
const CURRENT: FieldSpec = {
  name: 'currentPassword',
  label: 'Current password',
  type: 'password',
  autoComplete: 'current-password',
  hint: ACCOUNT_TEXT.currentPasswordHint,
};

const NEW_PASSWORDS: FieldSpec[] = [
  { name: 'newPassword', label: 'New password', type: 'password', autoComplete: 'new-password', hint: ACCOUNT_TEXT.passwordHint },
  { name: 'confirmPassword', label: 'Confirm password', type: 'password', autoComplete: 'new-password' },
];

const PASSWORDS = [CURRENT, ...NEW_PASSWORDS];
const LABELS = Object.fromEntries([...DETAILS, ...PASSWORDS].map((f) => [f.name, f.label])) as Record<ProfileField, string>;

const inputId = (name: ProfileField) => `profile-${name}`;

function initialValues(details: UserDetails['user'] | null): Partial<Record<ProfileField, string>> {
  if (!details) return {};
  return { firstName: details.first_name, lastName: details.last_name, email: details.user_email, mobile: details.mobile ?? '' };
}

/**
 * Edit Profile (DECISIONS §2): names, e-mail and mobile are saved with PUT /api/users/user-details/{id};
 * a new e-mail needs the current password (decision 020), and the password changes only when the current
 * one and the new one twice are given. A refusal is shown under
 * the field the server names, and the keyboard is taken there.
 *
 * With script the form is a fetcher: saving is not a navigation, so the open tab and the address stay as
 * they are while the page's data reloads. Without script it is a plain POST to /account?tab=edit, and the
 * answer comes back as the page's action data.
 */
export function EditProfileForm({ details }: { details: UserDetails['user'] | null }) {
  const fetcher = useFetcher<ProfileResult>({ key: 'save-profile' });
  const posted = useActionData<ProfileResult | { intent: string } | undefined>();
  // The page's other forms (the sign-in number's, without script) answer here too: only this form's answer is read.
  const result = fetcher.data ?? (posted?.intent === 'save-profile' ? (posted as ProfileResult) : undefined);
  const submitting = fetcher.state === 'submitting';
  const form = useRef<HTMLFormElement>(null);
  const values = { ...initialValues(details), ...(result && !result.ok ? result.values : {}) };
  const errorField = result && !result.ok ? result.field : undefined;

  useEffect(() => {
    if (errorField) document.getElementById(inputId(errorField))?.focus();
  }, [errorField, result]);

  // Saved: the password boxes empty again (the other fields already show what was saved).
  const savedAt = result?.ok ? result.savedAt : undefined;
  useEffect(() => {
    if (savedAt === undefined) return;
    for (const f of PASSWORDS) {
      const input = form.current?.elements.namedItem(f.name);
      if (input instanceof HTMLInputElement) input.value = '';
    }
  }, [savedAt]);

  const field = (f: FieldSpec) => (
    <Field
      key={f.name}
      id={inputId(f.name)}
      name={f.name}
      label={f.label}
      type={f.type}
      autoComplete={f.autoComplete}
      {...(f.type === 'tel' ? { inputMode: 'tel' as const } : {})}
      {...(f.hint ? { hint: f.hint } : {})}
      defaultValue={f.type === 'password' ? undefined : values[f.name]}
      error={errorField === f.name ? result?.message : undefined}
    />
  );

  return (
    <>
      {result?.ok && <FormAlert tone="success">{result.message}</FormAlert>}
      {result && !result.ok && (
        <FormAlert tone="error">{errorField ? `Your changes were not saved: please check ${LABELS[errorField].toLowerCase()}.` : result.message}</FormAlert>
      )}
      <fetcher.Form ref={form} method="post" action={tabHref('edit')} className="profile-form">
        <input type="hidden" name="intent" value="save-profile" />
        <div className="form-grid">{DETAILS.map(field)}</div>
        <fieldset className="form-section profile-passwords">
          <legend>Confirm it is you</legend>
          <div className="form-grid">{field(CURRENT)}</div>
        </fieldset>
        <fieldset className="form-section profile-passwords">
          <legend>Change password</legend>
          <p className="field-hint">Leave these empty to keep your password. To change it, give the new one twice (and your current one above).</p>
          <div className="form-grid">{NEW_PASSWORDS.map(field)}</div>
        </fieldset>
        <button type="submit" className="btn btn-primary" disabled={submitting}>
          {submitting ? 'Saving…' : 'Save Changes'}
        </button>
      </fetcher.Form>
    </>
  );
}
