import { useEffect } from 'react';
import { Form } from 'react-router';
import type { UserDetails } from '@milli/contracts';
import { ACCOUNT_TEXT, type ProfileField, type ProfileResult } from './auth-results.ts';
import { Field, FormAlert, useSubmitting } from './form-bits.tsx';
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
  { name: 'email', label: 'E-mail', type: 'email', autoComplete: 'email' },
  { name: 'mobile', label: 'Mobile number', type: 'tel', autoComplete: 'tel', hint: '10-digit Indian mobile number' },
];

const PASSWORDS: FieldSpec[] = [
  { name: 'currentPassword', label: 'Current password', type: 'password', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'New password', type: 'password', autoComplete: 'new-password', hint: ACCOUNT_TEXT.passwordHint },
  { name: 'confirmPassword', label: 'Confirm password', type: 'password', autoComplete: 'new-password' },
];

const LABELS = Object.fromEntries([...DETAILS, ...PASSWORDS].map((f) => [f.name, f.label])) as Record<ProfileField, string>;

const inputId = (name: ProfileField) => `profile-${name}`;

function initialValues(details: UserDetails['user'] | null): Partial<Record<ProfileField, string>> {
  if (!details) return {};
  return { firstName: details.first_name, lastName: details.last_name, email: details.user_email, mobile: details.mobile ?? '' };
}

/**
 * Edit Profile (DECISIONS §2): names, e-mail and mobile are saved with PUT /api/users/user-details/{id};
 * the password changes only when the current one and the new one twice are given. A refusal is shown under
 * the field the server names, and the keyboard is taken there.
 */
export function EditProfileForm({ details, result }: { details: UserDetails['user'] | null; result: ProfileResult | undefined }) {
  const submitting = useSubmitting();
  const values = initialValues(details);
  const errorField = result && !result.ok ? result.field : undefined;

  useEffect(() => {
    if (errorField) document.getElementById(inputId(errorField))?.focus();
  }, [errorField, result]);

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
        <FormAlert tone="error">
          {errorField ? `Your changes were not saved: please check ${LABELS[errorField].toLowerCase()}.` : result.message}
        </FormAlert>
      )}
      {/* A successful save starts the form again from the saved values, with the password boxes empty. */}
      <Form method="post" action={tabHref('edit')} className="profile-form" key={result?.savedAt ?? 'initial'}>
        <input type="hidden" name="intent" value="save-profile" />
        <div className="form-grid">{DETAILS.map(field)}</div>
        <fieldset className="form-section profile-passwords">
          <legend>Change password</legend>
          <p className="field-hint">Leave these empty to keep your password. To change it, give the current one and the new one twice.</p>
          <div className="form-grid form-grid--3">{PASSWORDS.map(field)}</div>
        </fieldset>
        <button type="submit" className="btn btn-primary" disabled={submitting}>
          {submitting ? 'Saving…' : 'Save Changes'}
        </button>
      </Form>
    </>
  );
}
