import { useEffect, useRef, type HTMLInputTypeAttribute } from 'react';
import { fieldErrorId, fieldErrorProps, type FieldErrors } from '../../lib/field-errors.ts';
import type { DialCode, RegistrationResult } from './registration-result.ts';

/** What the last submission said: the values to refill (after a refusal) and each field's message. */
export interface FormState {
  values: Record<string, string>;
  fields: FieldErrors;
}

export function formState(result: RegistrationResult | undefined): FormState {
  return result && !result.ok ? { values: result.values, fields: result.fields } : { values: {}, fields: {} };
}

export interface TextFieldProps {
  /** The API's field name; also the input's name. */
  name: string;
  label: string;
  state: FormState;
  /** Prefix of the element id, so two forms' ids never clash. */
  idPrefix: string;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric' | 'decimal';
  required?: boolean;
  hint?: string;
  wide?: boolean;
  maxLength?: number;
  /** Extra attributes for number and date inputs. */
  min?: string;
  max?: string;
  step?: string;
}

/** A labelled input with its hint and the server's message, both read out with the field. */
export function TextField(props: TextFieldProps) {
  const { name, label, state, idPrefix, type = 'text', required, hint, wide } = props;
  const id = `${idPrefix}-${name}`;
  const error = state.fields[name];
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={`form-field${wide ? ' span-2' : ''}`}>
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={props.autoComplete ?? 'off'}
        inputMode={props.inputMode}
        maxLength={props.maxLength ?? 160}
        min={props.min}
        max={props.max}
        step={props.step}
        defaultValue={state.values[name] ?? ''}
        aria-required={required || undefined}
        {...fieldErrorProps(id, error, hintId)}
      />
      {error && (
        <p id={fieldErrorId(id)} className="field-error">
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
    </div>
  );
}

/** Phone number with its country-code dropdown (India first and preselected). */
export function PhoneField({
  name,
  label,
  state,
  idPrefix,
  dialCodes,
  required,
}: {
  name: string;
  label: string;
  state: FormState;
  idPrefix: string;
  dialCodes: DialCode[];
  required?: boolean;
}) {
  const id = `${idPrefix}-${name}`;
  const codeId = `${idPrefix}-countryCode`;
  const error = state.fields[name];
  const codeError = state.fields.countryCode;
  const selected = (state.values.countryCode ?? '').replace(/^\+/, '') || dialCodes[0]?.dialCode || '91';
  return (
    <div className="form-field">
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <div className="inline-field">
        <label htmlFor={codeId} className="visually-hidden">
          Country code
        </label>
        <select id={codeId} name="countryCode" defaultValue={selected} className="code-select" aria-invalid={codeError ? true : undefined}>
          {dialCodes.map((c) => (
            <option key={c.iso2} value={c.dialCode}>
              {c.name} (+{c.dialCode})
            </option>
          ))}
        </select>
        <input
          id={id}
          name={name}
          type="tel"
          autoComplete="tel-national"
          inputMode="tel"
          maxLength={20}
          defaultValue={state.values[name] ?? ''}
          aria-required={required || undefined}
          {...fieldErrorProps(id, error, codeError ? fieldErrorId(codeId) : undefined)}
        />
      </div>
      {codeError && (
        <p id={fieldErrorId(codeId)} className="field-error">
          {codeError}
        </p>
      )}
      {error && (
        <p id={fieldErrorId(id)} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A group of radios with its legend, the server's message under it. */
export function RadioGroup({
  name,
  legend,
  options,
  state,
  idPrefix,
  defaultValue,
  className,
  revealOn,
}: {
  name: string;
  legend: string;
  options: readonly { value: string; label: string }[];
  state: FormState;
  idPrefix: string;
  defaultValue?: string;
  className?: string;
  /** The option that reveals the .reveal block after this group (company type 'Other'). */
  revealOn?: string;
}) {
  const error = state.fields[name];
  const checked = state.values[name] ?? defaultValue;
  const errorId = fieldErrorId(`${idPrefix}-${name}`);
  return (
    <fieldset id={`${idPrefix}-${name}`} className={`radio-group${className ? ` ${className}` : ''}`} aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      <div className="radio-row">
        {options.map((o) => {
          const id = `${idPrefix}-${name}-${o.value.replace(/[^A-Za-z0-9]/g, '')}`;
          return (
            <div key={o.value} className="check-field">
              <input
                id={id}
                name={name}
                type="radio"
                value={o.value}
                defaultChecked={checked === o.value}
                data-reveals={revealOn === o.value ? '' : undefined}
              />
              <label htmlFor={id}>{o.label}</label>
            </div>
          );
        })}
      </div>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The success banner (the exact message, and the reference to quote) or the error banner. */
export function RegistrationBanner({ result, idPrefix }: { result: RegistrationResult | undefined; idPrefix: string }) {
  const ref = useRef<HTMLDivElement>(null);
  // After a submission the banner takes focus, which also scrolls it into view from the Submit button.
  useEffect(() => {
    if (result) ref.current?.focus();
  }, [result]);
  if (!result) return null;
  if (result.ok) {
    return (
      <div ref={ref} tabIndex={-1} className="alert-success form-alert" role="status">
        <p className="registration-banner-message">{result.message}</p>
        <p className="registration-banner-detail">
          Your reference is <strong>{result.reference}</strong>. We have e-mailed you a copy.
          {result.bankName && <> Bank on record for your IFSC: {result.bankName}.</>}
        </p>
      </div>
    );
  }
  const problems = Object.entries(result.fields);
  // Several problems: one link per field, so a keyboard or screen-reader user can jump to each.
  if (problems.length > 1) {
    return (
      <div ref={ref} tabIndex={-1} className="alert-error form-alert" role="alert">
        <p className="registration-banner-message">Please correct these {problems.length} fields:</p>
        <ul className="registration-problems">
          {problems.map(([field, text]) => (
            <li key={field}>
              <a href={`#${idPrefix}-${field}`}>{text}</a>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  return (
    <div ref={ref} tabIndex={-1} className="alert-error form-alert" role="alert">
      <p className="registration-banner-message">{result.message}</p>
    </div>
  );
}
