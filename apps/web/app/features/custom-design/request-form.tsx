import { useEffect, useRef, useState } from 'react';
import { Form } from 'react-router';
import { CUSTOM_GOLD_QUALITIES, DIAMOND_QUALITIES, METAL_COLOURS } from '@milli/contracts';
import { CUSTOM_IMAGE_FIELDS, type CustomDesignField } from '@milli/contracts/custom-design-fields';
import { FormAlert, useSubmitting } from '../../components/forms/form-bits.tsx';
import { fieldErrorId, fieldErrorProps } from '../../lib/field-errors.ts';
import { ImageSlot } from './image-slot.tsx';
import type { CustomFormResult, FieldErrors } from './texts.ts';

const METALS = ['Gold', 'Silver', 'Platinum'];

interface FieldBase {
  id: CustomDesignField;
  label: string;
  required?: boolean;
  errors: FieldErrors;
  values: FieldErrors;
  hint?: string;
}

function Messages({ id, error, hint }: { id: string; error?: string | undefined; hint?: string | undefined }) {
  return (
    <>
      {error && (
        <p id={fieldErrorId(id)} className="field-error">
          {error}
        </p>
      )}
      {hint && !error && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
    </>
  );
}

function Label({ id, label, required, unit }: { id: string; label: string; required?: boolean | undefined; unit?: string | undefined }) {
  return (
    <label htmlFor={id}>
      {label}
      {unit && <span className="muted"> ({unit})</span>}
      {required && <span aria-hidden="true"> *</span>}
    </label>
  );
}

function Select({
  id,
  label,
  options,
  required,
  errors,
  values,
  hint,
  onChange,
}: FieldBase & { options: readonly (string | number)[]; onChange?: (value: string) => void }) {
  const error = errors[id];
  return (
    <div className="form-field">
      <Label id={id} label={label} required={required} />
      <select
        id={id}
        name={id}
        defaultValue={values[id] ?? ''}
        {...fieldErrorProps(id, error, hint && !error ? `${id}-hint` : undefined)}
        aria-required={required || undefined}
        onChange={onChange ? (e) => onChange(e.currentTarget.value) : undefined}
      >
        <option value="">Choose…</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
      <Messages id={id} error={error} hint={hint} />
    </div>
  );
}

function NumberField({ id, label, unit, step = '0.01', required, errors, values, hint }: FieldBase & { unit?: string; step?: string }) {
  const error = errors[id];
  return (
    <div className="form-field">
      <Label id={id} label={label} required={required} unit={unit} />
      <input
        id={id}
        name={id}
        type="number"
        min="0"
        step={step}
        inputMode={step === '1' ? 'numeric' : 'decimal'}
        defaultValue={values[id] ?? ''}
        {...fieldErrorProps(id, error, hint && !error ? `${id}-hint` : undefined)}
        aria-required={required || undefined}
      />
      <Messages id={id} error={error} hint={hint} />
    </div>
  );
}

/** A group shown only when it applies (with script); without script it is always there and the server decides. */
function Conditional({ show, children }: { show: boolean; children: React.ReactNode }) {
  return (
    <div className="custom-conditional" hidden={!show}>
      <fieldset disabled={!show} className="custom-plain-fieldset">
        {children}
      </fieldset>
    </div>
  );
}

/**
 * The custom jewellery request (spec §2, §3, §5): every field the API names, the gold-only fields only
 * for gold and the diamond and stone details only when chosen (a hidden group is disabled, so it is not
 * sent). A successful answer remounts the form (key), which clears every field and preview.
 *
 * `locked`: the page knows the visitor is a guest, whose request the server would refuse: the form stays in its
 * place (nothing moves) as a view of what we will ask, every field disabled, under the card that asks them to log in.
 */
export function CustomRequestForm({
  result,
  categories,
  stones,
  locked = false,
}: {
  result: CustomFormResult | undefined;
  categories: string[];
  stones: string[];
  locked?: boolean;
}) {
  const failed = result && !result.ok ? result : null;
  const errors: FieldErrors = failed?.fields ?? {};
  const values: FieldErrors = failed?.values ?? {};
  const submitting = useSubmitting();
  const [metal, setMetal] = useState(values.custMetalType ?? '');
  const [diamond, setDiamond] = useState(values.custDiamond ?? '');
  const [stone, setStone] = useState(values.custStone ?? '');
  // Until script runs every group shows, so the form works without it; then only what applies.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const alertBox = useRef<HTMLDivElement>(null);
  // A refusal or a success is brought into view (the button may be far below the banner).
  useEffect(() => {
    if (result) alertBox.current?.focus();
  }, [result]);
  const common = { errors, values };
  const isGold = !hydrated || metal === '' || metal.toLowerCase() === 'gold';

  return (
    <>
      <div ref={alertBox} tabIndex={-1} className="custom-alert-anchor">
        {result?.ok && <FormAlert tone="success">{result.message}</FormAlert>}
        {failed && <FormAlert tone="error">{failed.message}</FormAlert>}
      </div>
      <Form
        key={result?.ok ? result.sentAt : 'request'}
        method="post"
        encType="multipart/form-data"
        className="card card-pad stack-lg custom-form"
        aria-label="Custom design request"
        noValidate
      >
        <fieldset className="custom-plain-fieldset stack-lg" disabled={locked}>
          <fieldset className="form-section">
            <legend>Metal</legend>
            <div className="form-grid form-grid--3">
              <Select id="custMetalType" label="Metal" options={METALS} required {...common} onChange={setMetal} />
              <Select id="custCategory" label="Category" options={categories} required {...common} />
              <NumberField id="custMetalWeight" label="Metal weight" unit="grams" {...common} />
            </div>
            <Conditional show={isGold}>
              <div className="form-grid form-grid--3">
                <Select id="custGoldQuality" label="Gold quality (kt)" options={CUSTOM_GOLD_QUALITIES} required hint="For gold only." {...common} />
                <Select id="custGoldColor" label="Gold colour" options={METAL_COLOURS} required hint="For gold only." {...common} />
              </div>
            </Conditional>
          </fieldset>
          <fieldset className="form-section">
            <legend>Diamond</legend>
            <div className="form-grid form-grid--3">
              <Select id="custDiamond" label="Diamond" options={['Yes', 'No']} {...common} onChange={setDiamond} />
            </div>
            <Conditional show={!hydrated || diamond === 'Yes'}>
              <div className="form-grid form-grid--3">
                <Select id="custDiamondQuality" label="Diamond quality" options={DIAMOND_QUALITIES} required {...common} hint="Needed with a diamond." />
                <NumberField id="custDiamondNo" label="Number of diamonds" step="1" {...common} />
                <NumberField id="custDiamondWeight" label="Diamond weight" unit="carats" {...common} />
              </div>
            </Conditional>
          </fieldset>
          <fieldset className="form-section">
            <legend>Stone</legend>
            <div className="form-grid form-grid--3">
              <Select id="custStone" label="Stone" options={['Yes', 'No']} required {...common} onChange={setStone} />
            </div>
            <Conditional show={!hydrated || stone === 'Yes'}>
              <div className="form-grid form-grid--3">
                <Select id="custStoneType" label="Stone type" options={stones} required {...common} hint="Needed with a stone." />
                <NumberField id="custStoneNo" label="Number of stones" step="1" required {...common} />
                <NumberField id="custStoneWeight" label="Stone weight" unit="carats" required {...common} />
              </div>
            </Conditional>
          </fieldset>
          <fieldset className="form-section">
            <legend>Your idea</legend>
            <div className="form-field">
              <Label id="addRemarks" label="Remarks" required />
              <textarea
                id="addRemarks"
                name="addRemarks"
                rows={5}
                maxLength={2000}
                defaultValue={values.addRemarks ?? ''}
                placeholder="The occasion, a size, a memory, anything that helps our designers."
                {...fieldErrorProps('addRemarks', errors.addRemarks)}
                aria-required
              />
              <Messages id="addRemarks" error={errors.addRemarks} />
            </div>
            <div className="image-slots">
              {CUSTOM_IMAGE_FIELDS.map((slot, i) => (
                <ImageSlot key={slot} name={slot} index={i} error={errors[slot]} required={i === 0} />
              ))}
            </div>
            <p className="field-hint">Sketches, photographs or screenshots: JPEG, PNG, WebP, GIF or HEIF, up to 10 MB each. At least one is needed.</p>
            {failed && (
              <noscript>
                <p className="field-hint">Please choose your images again before sending.</p>
              </noscript>
            )}
          </fieldset>
          <div>
            <button type="submit" className="btn btn-primary" disabled={submitting || locked}>
              {submitting ? 'Sending…' : 'Send my request'}
            </button>
          </div>
        </fieldset>
      </Form>
    </>
  );
}
