import type { HTMLInputTypeAttribute, ReactNode } from 'react';
import { useNavigation } from 'react-router';
import { fieldErrorId, fieldErrorProps } from '../../lib/field-errors.ts';

export interface FieldProps {
  id: string;
  name: string;
  label: string;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric';
  defaultValue?: string;
  required?: boolean;
  hint?: string;
  /** The server's message for this field: shown under it, tied to it with aria-describedby. */
  error?: string | undefined;
  className?: string;
}

/** A labelled input with its hint and error, both read out with the field. */
export function Field({ id, name, label, type = 'text', autoComplete, inputMode, defaultValue, required, hint, error, className }: FieldProps) {
  // An error replaces the hint: it says the same rule, for what was typed.
  const hintId = hint && !error ? `${id}-hint` : undefined;
  return (
    <div className={`form-field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode}
        defaultValue={defaultValue}
        required={required}
        {...fieldErrorProps(id, error, hintId)}
      />
      {error && (
        <p id={fieldErrorId(id)} className="field-error">
          {error}
        </p>
      )}
      {hintId && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
    </div>
  );
}

/** A message banner: errors are alerts (read out at once), the rest polite status messages. */
export function FormAlert({ tone, children }: { tone: 'error' | 'success' | 'info'; children: ReactNode }) {
  return (
    <p className={`alert-${tone} form-alert`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}

/** Whether a form of this page is on its way to the server (for 'Logging in…' style buttons). */
export function useSubmitting(): boolean {
  const navigation = useNavigation();
  return navigation.state === 'submitting';
}
