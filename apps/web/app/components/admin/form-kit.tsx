/**
 * The back office's form kit (issue 17). Every field is labelled, shows its hint, and shows the server's
 * message for it (tied with aria-describedby, aria-invalid set) — the messages come from the API's refusal
 * `{ message, code, fields }`, read in the action with `apiFieldErrors(refusal, names)` (lib/field-errors.ts):
 *
 *   <AdminForm method="post" error={result?.refusal?.message} saved={result?.saved && 'Product saved.'}>
 *     <TextField name="name" label="Name" defaultValue={p.name} error={errors.name} required />
 *     <Select name="category" label="Category" options={[{ value: '1', label: 'Rings' }]} error={errors.category} />
 *     <NumberField name="stock" label="Stock" min={0} defaultValue={p.stock} error={errors.stock} />
 *     <MoneyField name="salePricePaise" label="Sale price" defaultPaise={p.salePricePaise} error={errors.salePricePaise} />
 *     <Checkbox name="hallmarked" label="HUID hallmarked" defaultChecked={p.hallmarked} />
 *     <FormActions><SubmitButton>Save</SubmitButton></FormActions>
 *   </AdminForm>
 *
 * A MoneyField's box is typed in rupees and posts rupees under its name; the action turns it into paise with
 * `parseRupees` (lib/admin-form.ts). Every form works without JavaScript (a plain POST to the route's action).
 */
import { useId, type ReactNode } from 'react';
import { Form, useNavigation, type FormProps } from 'react-router';
import { fieldErrorId, fieldErrorProps } from '../../lib/field-errors.ts';
import { paiseToRupeesInput } from '../../lib/admin-form.ts';

interface FieldFrameProps {
  /** The input's id; made up when not given. */
  id?: string | undefined;
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  /** The field's width in the form's grid: 'wide' spans the whole row. */
  size?: 'narrow' | 'normal' | 'wide';
  required?: boolean | undefined;
}

/**
 * The frame every field shares (label, hint, error); `children` renders the control with the id and
 * attributes it is given, for a control the kit does not have (a textarea, a file input).
 */
export function Field({
  id,
  label,
  hint,
  error,
  size = 'normal',
  required,
  children,
}: FieldFrameProps & { children: (control: { id: string; required?: boolean } & ReturnType<typeof fieldErrorProps>) => ReactNode }) {
  const made = useId();
  const inputId = id ?? `f${made.replace(/[^a-zA-Z0-9_-]/g, '')}`;
  // An error replaces the hint's place in what is read first, but both stay on screen.
  const hintId = hint ? `${inputId}-hint` : undefined;
  return (
    <div className={`adm-field adm-field--${size}${error ? ' adm-field--invalid' : ''}`}>
      <label htmlFor={inputId} className="adm-label">
        {label}
        {required && (
          <span className="adm-required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children({ id: inputId, ...(required ? { required: true } : {}), ...fieldErrorProps(inputId, error, hintId) })}
      <FieldNotes inputId={inputId} hintId={hintId} hint={hint} error={error} />
    </div>
  );
}

/** A field's hint and its error message, under it, with the ids its input's aria-describedby names. */
function FieldNotes({ inputId, hintId, hint, error }: { inputId: string; hintId: string | undefined; hint?: ReactNode; error?: string | undefined }) {
  return (
    <>
      {hint && (
        <p id={hintId} className="adm-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={fieldErrorId(inputId)} className="adm-error">
          {error}
        </p>
      )}
    </>
  );
}

type InputBase = FieldFrameProps & { name: string; disabled?: boolean; placeholder?: string; autoComplete?: string };

export function TextField({
  type = 'text',
  defaultValue,
  maxLength,
  multiline,
  rows = 4,
  inputMode,
  pattern,
  ...props
}: InputBase & {
  type?: 'text' | 'email' | 'url' | 'tel' | 'password' | 'date' | 'search';
  defaultValue?: string | null | undefined;
  maxLength?: number;
  /** A textarea instead of a one-line box. */
  multiline?: boolean;
  rows?: number;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric' | 'decimal' | 'url';
  pattern?: string;
}) {
  const { name, disabled, placeholder, autoComplete } = props;
  return (
    <Field {...props}>
      {(control) =>
        multiline ? (
          <textarea
            {...control}
            name={name}
            rows={rows}
            defaultValue={defaultValue ?? ''}
            maxLength={maxLength}
            disabled={disabled}
            placeholder={placeholder}
            className="adm-input"
          />
        ) : (
          <input
            {...control}
            name={name}
            type={type}
            defaultValue={defaultValue ?? ''}
            maxLength={maxLength}
            disabled={disabled}
            placeholder={placeholder}
            autoComplete={autoComplete}
            inputMode={inputMode}
            pattern={pattern}
            className="adm-input"
          />
        )
      }
    </Field>
  );
}

export function NumberField({
  defaultValue,
  min,
  max,
  step = 1,
  unit,
  ...props
}: InputBase & { defaultValue?: number | null | undefined; min?: number; max?: number; step?: number | 'any'; unit?: string }) {
  const { name, disabled, placeholder } = props;
  return (
    <Field {...props}>
      {(control) => (
        <span className="adm-affix">
          <input
            {...control}
            name={name}
            type="number"
            defaultValue={defaultValue ?? ''}
            min={min}
            max={max}
            step={step}
            disabled={disabled}
            placeholder={placeholder}
            className="adm-input adm-input--number"
          />
          {unit && <span className="adm-affix__text">{unit}</span>}
        </span>
      )}
    </Field>
  );
}

/** Rupees typed (₹ shown before the box), posted as typed; the action sends `parseRupees(value)` paise. */
export function MoneyField({ defaultPaise, ...props }: InputBase & { defaultPaise?: number | null | undefined }) {
  const { name, disabled, placeholder } = props;
  return (
    <Field {...props}>
      {(control) => (
        <span className="adm-affix">
          <span className="adm-affix__text" aria-hidden="true">
            ₹
          </span>
          <input
            {...control}
            name={name}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            defaultValue={paiseToRupeesInput(defaultPaise)}
            disabled={disabled}
            placeholder={placeholder ?? '0.00'}
            pattern={String.raw`\s*(₹|Rs\.?)?\s*-?[\d,]+(\.\d{0,2})?\s*`}
            title="An amount in rupees, with at most two decimals (e.g. 1250.50)"
            className="adm-input adm-input--money"
          />
        </span>
      )}
    </Field>
  );
}

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export function Select({
  options,
  defaultValue,
  placeholder,
  multiple,
  ...props
}: Omit<InputBase, 'placeholder'> & {
  options: readonly SelectOption[];
  defaultValue?: string | readonly string[] | null | undefined;
  /** A first, empty choice ('Choose a category'); with `required`, choosing it is refused by the browser. */
  placeholder?: string;
  multiple?: boolean;
}) {
  const { name, disabled } = props;
  return (
    <Field {...props}>
      {(control) => (
        <select
          {...control}
          name={name}
          defaultValue={defaultValue ?? (multiple ? [] : '')}
          multiple={multiple}
          disabled={disabled}
          className="adm-input adm-select"
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value} disabled={o.disabled}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** A labelled checkbox (posts `value`, 'on' by default, only when ticked: read it with `formFlag`). */
export function Checkbox({
  id,
  name,
  label,
  hint,
  error,
  defaultChecked,
  value,
  disabled,
}: {
  id?: string;
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  defaultChecked?: boolean | undefined;
  value?: string;
  disabled?: boolean;
}) {
  const made = useId();
  const inputId = id ?? `c${made.replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  return (
    <div className={`adm-check${error ? ' adm-field--invalid' : ''}`}>
      <input
        id={inputId}
        type="checkbox"
        name={name}
        value={value}
        defaultChecked={defaultChecked}
        disabled={disabled}
        {...fieldErrorProps(inputId, error, hintId)}
      />
      <label htmlFor={inputId}>{label}</label>
      <FieldNotes inputId={inputId} hintId={hintId} hint={hint} error={error} />
    </div>
  );
}

/** A set of fields under a heading (a fieldset with its legend), laid out in the form's grid. */
export function FieldGroup({ legend, children, description }: { legend: string; children: ReactNode; description?: ReactNode }) {
  return (
    <fieldset className="adm-fieldset">
      <legend>{legend}</legend>
      {description && <p className="adm-hint">{description}</p>}
      <div className="adm-grid">{children}</div>
    </fieldset>
  );
}

/** The form-level error banner: read out at once (role alert). Nothing renders without a message. */
export function FormError({ message, children }: { message?: string | null | undefined; children?: ReactNode }) {
  if (!message && !children) return null;
  return (
    <div className="adm-banner adm-banner--error" role="alert">
      {message && <p>{message}</p>}
      {children}
    </div>
  );
}

/** The saved notice ('Product saved.'), a polite status. Nothing renders without a message. */
export function SavedNotice({ message }: { message?: string | null | false | undefined }) {
  if (!message) return null;
  return (
    <div className="adm-banner adm-banner--success" role="status">
      <p>{message}</p>
    </div>
  );
}

/** A submit button that says it is working while its form is on its way (`pending`, e.g. 'Saving…'). */
export function SubmitButton({
  children,
  pending,
  name,
  value,
  tone = 'primary',
}: {
  children: ReactNode;
  pending?: ReactNode;
  name?: string;
  value?: string;
  tone?: 'primary' | 'secondary' | 'danger';
}) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && (name === undefined || navigation.formData?.get(name) === value);
  return (
    <button type="submit" name={name} value={value} className={`adm-button adm-button--${tone}`} aria-disabled={busy || undefined}>
      {busy && pending ? pending : children}
    </button>
  );
}

/** The row of buttons under a form. */
export function FormActions({ children }: { children: ReactNode }) {
  return <div className="adm-form-actions">{children}</div>;
}

/**
 * A back-office form: a React Router <Form> (a plain POST without JavaScript) with its error banner and saved
 * notice above the fields. `noValidate` is off: the browser's own checks help, the server's are the rule.
 */
export function AdminForm({
  error,
  saved,
  children,
  className,
  ...props
}: FormProps & { error?: string | null | undefined; saved?: string | null | false | undefined }) {
  return (
    <Form method="post" {...props} className={`adm-form${className ? ` ${className}` : ''}`}>
      <FormError message={error} />
      <SavedNotice message={saved} />
      {children}
    </Form>
  );
}
