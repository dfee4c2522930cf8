import { Form, Link, useLocation, useNavigation } from 'react-router';
import { INDIAN_STATES, streetLine } from '@milli/contracts';
import { FormAlert } from '../../components/forms/form-bits.tsx';
import { fieldErrorId, fieldErrorProps } from '../../lib/field-errors.ts';
import { ADDRESS_BOOK_LIMIT, SAVED_MESSAGES, type AddressFormField, type AddressResult, type BookAddress } from './address-book.ts';

const TEXT_FIELDS: {
  name: AddressFormField;
  label: string;
  autoComplete: string;
  wide?: boolean;
  optional?: boolean;
  inputMode?: 'numeric' | 'tel';
  maxLength?: number;
}[] = [
  { name: 'firstName', label: 'First name', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last name', autoComplete: 'family-name' },
  { name: 'address', label: 'Address', autoComplete: 'street-address', wide: true },
  { name: 'landmark', label: 'Landmark (optional)', autoComplete: 'off', wide: true, optional: true, maxLength: 120 },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'pincode', label: 'Pincode', autoComplete: 'postal-code', inputMode: 'numeric', maxLength: 6 },
];

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={fieldErrorId(id)} className="field-error">
      {error}
    </p>
  ) : null;
}

const ACTION = '/account?tab=addresses';

/** One saved address, as a card: its lines, and Edit, Make default and Delete (each a form of its own). */
function AddressCard({ a }: { a: BookAddress }) {
  const name = `${a.firstName} ${a.lastName}`.trim();
  return (
    <li className="address-card" aria-label={`${name}, ${a.city}${a.isDefault ? ' (default)' : ''}`}>
      <div className="address-card-head">
        <strong>{name}</strong>
        {a.isDefault && <span className="badge">Default</span>}
      </div>
      <address>
        {streetLine(a.address, a.city)}
        {a.landmark && (
          <>
            <br />
            Landmark: {a.landmark}
          </>
        )}
        <br />
        {a.city}, {a.state} {a.pincode}
        <br />+{a.countryCode} {a.phone}
      </address>
      <div className="address-card-actions">
        <Link
          className="btn btn-outline btn-sm"
          to={`/account?tab=addresses&edit=${a.id}#address-form`}
          preventScrollReset
          aria-label={`Edit the address of ${name}, ${a.city}`}
        >
          Edit
        </Link>
        {!a.isDefault && (
          <Form method="post" action={ACTION} className="inline-form" preventScrollReset>
            <input type="hidden" name="intent" value="default-address" />
            <input type="hidden" name="id" value={a.id} />
            <button type="submit" className="btn btn-outline btn-sm">
              Make default
            </button>
          </Form>
        )}
        <Form method="post" action={ACTION} className="inline-form" preventScrollReset>
          <input type="hidden" name="intent" value="delete-address" />
          <input type="hidden" name="id" value={a.id} />
          <button type="submit" className="btn btn-outline btn-sm" aria-label={`Delete the address of ${name}, ${a.city}`}>
            Delete
          </button>
        </Form>
      </div>
    </li>
  );
}

/**
 * My Account's Addresses tab: the saved addresses (the default first) and a form to add one, or to edit the
 * one whose Edit was chosen (?edit=id). Route actions all: everything works without script.
 */
export function AddressBookPane({ addresses, result }: { addresses: BookAddress[] | null; result: AddressResult | undefined }) {
  const location = useLocation();
  const navigation = useNavigation();
  const params = new URLSearchParams(location.search);
  const editing = addresses?.find((a) => String(a.id) === (result?.values.id ?? params.get('edit'))) ?? null;
  const refusedSave = result && !result.ok && result.intent === 'save-address' ? result : undefined;
  const values: Partial<Record<AddressFormField | 'isDefault', string>> = refusedSave
    ? refusedSave.values
    : editing
      ? { ...editing, landmark: editing.landmark ?? '', isDefault: editing.isDefault ? 'on' : '' }
      : {};
  const fields = refusedSave?.fields ?? {};
  const saved = SAVED_MESSAGES[params.get('saved') ?? ''];
  const full = (addresses?.length ?? 0) >= ADDRESS_BOOK_LIMIT && !editing;
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';

  return (
    <div className="address-book">
      {addresses === null && <FormAlert tone="error">We could not load your address book just now. Please reload the page.</FormAlert>}
      {result && (result.ok || result.intent !== 'save-address') && <FormAlert tone={result.ok ? 'success' : 'error'}>{result.message}</FormAlert>}
      {!result && saved && <FormAlert tone="success">{saved}</FormAlert>}
      {addresses && addresses.length === 0 && <p className="muted">No saved addresses yet. Add one below, or tick “Save this address” at checkout.</p>}
      {addresses && addresses.length > 0 && (
        <ul className="address-list" aria-label="Saved addresses">
          {addresses.map((a) => (
            <AddressCard key={a.id} a={a} />
          ))}
        </ul>
      )}

      {full ? (
        <p className="muted">Your address book is full ({ADDRESS_BOOK_LIMIT} addresses). Delete one you no longer use to add another.</p>
      ) : (
        <Form
          method="post"
          action={ACTION}
          id="address-form"
          className="address-form"
          aria-labelledby="address-form-title"
          preventScrollReset
          key={editing?.id ?? 'new'}
        >
          <h3 id="address-form-title" className="shell-h3">
            {editing ? 'Edit address' : 'Add an address'}
          </h3>
          {refusedSave && <FormAlert tone="error">{refusedSave.message}</FormAlert>}
          <input type="hidden" name="intent" value="save-address" />
          {editing && <input type="hidden" name="id" value={editing.id} />}
          <div className="form-grid">
            {TEXT_FIELDS.map((f) => {
              const id = `book-${f.name}`;
              return (
                <div key={f.name} className={`form-field${f.wide ? ' span-2' : ''}`}>
                  <label htmlFor={id}>{f.label}</label>
                  <input
                    id={id}
                    name={f.name}
                    type="text"
                    autoComplete={f.autoComplete}
                    inputMode={f.inputMode}
                    maxLength={f.maxLength}
                    defaultValue={values[f.name]}
                    required={!f.optional}
                    {...fieldErrorProps(id, fields[f.name])}
                  />
                  <FieldError id={id} error={fields[f.name]} />
                </div>
              );
            })}
            <div className="form-field">
              <label htmlFor="book-state">State</label>
              <select
                id="book-state"
                name="state"
                defaultValue={values.state ?? ''}
                autoComplete="address-level1"
                {...fieldErrorProps('book-state', fields.state)}
              >
                {/* Left so, the state is the PIN's (the server finds it). */}
                <option value="">From the pincode</option>
                {INDIAN_STATES.map((s) => (
                  <option key={s.code} value={s.name}>
                    {s.name}
                  </option>
                ))}
              </select>
              <FieldError id="book-state" error={fields.state} />
            </div>
            <div className="form-field">
              <label htmlFor="book-phone">Mobile number</label>
              <div className="inline-field">
                <span className="dial-code" aria-hidden="true">
                  +91
                </span>
                <input
                  id="book-phone"
                  name="phone"
                  type="tel"
                  autoComplete="tel-national"
                  inputMode="tel"
                  defaultValue={values.phone}
                  required
                  {...fieldErrorProps('book-phone', fields.phone)}
                />
              </div>
              <FieldError id="book-phone" error={fields.phone} />
            </div>
          </div>
          <div className="check-field">
            <input id="book-default" name="isDefault" type="checkbox" defaultChecked={values.isDefault === 'on'} disabled={editing?.isDefault} />
            <label htmlFor="book-default">{editing?.isDefault ? 'This is your default address' : 'Make this my default address'}</label>
          </div>
          <div className="address-form-actions">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {editing ? 'Save changes' : 'Save address'}
            </button>
            {editing && (
              <Link to="/account?tab=addresses" className="btn btn-outline" preventScrollReset>
                Cancel
              </Link>
            )}
          </div>
        </Form>
      )}
    </div>
  );
}
