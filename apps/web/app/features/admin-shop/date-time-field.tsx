import { Field } from '../../components/admin/form-kit.tsx';

/** A moment typed as India time (a datetime-local box): the coupon's and the offers strip's dates. */
export function DateTimeField({ name, label, hint, value, error }: { name: string; label: string; hint: string; value: string; error?: string | undefined }) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => <input {...control} type="datetime-local" name={name} defaultValue={value} className="adm-input" />}
    </Field>
  );
}
