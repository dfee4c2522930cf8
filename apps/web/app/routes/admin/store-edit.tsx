/**
 * /admin/stores/new and /admin/stores/:id (issue 17): a showroom's details and its map position. The map is drawn
 * here (features/admin-shop/india-map.tsx, no tiles) and follows the latitude and longitude as they are typed;
 * "Use the pincode's position" fills them with the centre of the pincode's city, as the store locator places it.
 * Saving sends the form to POST or PATCH /api/admin/stores; Remove asks first.
 */
import { useEffect, useState } from 'react';
import { Form, Link, data, redirect } from 'react-router';
import { STORE_LIMITS } from '@milli/contracts';
import type { AdminStore } from '@milli/contracts/schemas';
import type { Route } from './+types/store-edit';
import { PageHeader, Panel } from '../../components/admin/admin-shell.tsx';
import { AdminForm, Checkbox, Field, FieldGroup, FormActions, NumberField, SubmitButton, TextField } from '../../components/admin/form-kit.tsx';
import { ConfirmAction, isConfirmed } from '../../components/admin/confirm-dialog.tsx';
import { adminApi, refusalFields, type AdminRefusal } from '../../lib/admin.server.ts';
import { refusalMessage } from '../../lib/api.ts';
import { ADMIN_PATHS } from '../../lib/admin-nav.ts';
import { apiFieldErrors } from '../../lib/field-errors.ts';
import { IndiaMap, readCoordinate } from '../../features/admin-shop/india-map.tsx';
import { STORE_FIELDS, apiBody, postedValues, type FormValues, type StoreField } from '../../features/admin-shop/shop-forms.ts';
import '../../features/admin-shop/admin-shop.css';

export const meta: Route.MetaFunction = ({ data: loaded }) => [{ title: `${loaded?.store ? loaded.store.name : 'New store'} · Back office` }];

function idOf(param: string | undefined): number | null {
  if (param === 'new') return null;
  const id = Number(param);
  if (!Number.isSafeInteger(id) || id < 1) throw data({ message: 'There is no such store.' }, { status: 404 });
  return id;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = idOf(params.id);
  const store = id === null ? null : await adminApi(context, request).get(`/api/admin/stores/${id}`);
  return { store, saved: new URL(request.url).searchParams.has('saved') };
}

type ActionResult = { refusal?: AdminRefusal; values?: FormValues<StoreField>; saved?: string; notice?: string; confirm?: string };

export async function action({ request, context, params }: Route.ActionArgs): Promise<ActionResult | Response> {
  const id = idOf(params.id);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? 'save');
  const api = adminApi(context, request);

  if (intent === 'delete') {
    if (id === null) throw data({ message: 'There is no such store.' }, { status: 404 });
    if (!isConfirmed(form)) return { confirm: 'delete' };
    const name = String(form.get('storeName') ?? 'The store');
    const done = await api.send('DELETE', `/api/admin/stores/${id}`);
    return done.ok ? redirect(`${ADMIN_PATHS.stores}?deleted=${encodeURIComponent(name)}`) : { refusal: done.refusal };
  }

  const values = postedValues(form, STORE_FIELDS, 'active');
  if (intent === 'position') {
    // The form comes back with the pincode's position filled in; nothing is saved yet.
    const pin = values.pincode.replace(/\s+/g, '');
    const found = await api.reply('GET', `/api/admin/stores/position/${encodeURIComponent(pin || '-')}`);
    if (!found.ok) {
      const said = refusalMessage(found.body);
      return {
        values,
        refusal: {
          status: found.status,
          message: said ?? 'No position is known for that pincode.',
          code: null,
          fields: { pincode: refusalFields(found.body)?.pincode ?? said ?? 'No position is known for that pincode.' },
        },
      };
    }
    const answer = found.data;
    return {
      values: { ...values, latitude: String(answer.latitude), longitude: String(answer.longitude) },
      notice: `The centre of ${answer.place} is filled in for pincode ${answer.pincode}. Move it to the shop's door if you know it, then save.`,
    };
  }

  const body = apiBody(values, 'active');
  const done = id === null ? await api.send('POST', '/api/admin/stores', body) : await api.send('PATCH', `/api/admin/stores/${id}`, body);
  if (!done.ok) return { refusal: done.refusal, values };
  if (id === null) return redirect(`${ADMIN_PATHS.stores}/${done.data.id}?saved`);
  return { saved: `${done.data.name} saved. The store locator shows it now.` };
}

function startValues(store: AdminStore | null, posted: FormValues<StoreField> | undefined): FormValues<StoreField> {
  if (posted) return posted;
  if (!store) return { name: '', city: '', address: '', pincode: '', phone: '', hours: '', latitude: '', longitude: '', sortOrder: '0', active: 'on' };
  return {
    name: store.name,
    city: store.city,
    address: store.address,
    pincode: store.pincode,
    phone: store.phone,
    hours: store.hours,
    latitude: String(store.latitude),
    longitude: String(store.longitude),
    sortOrder: String(store.sortOrder),
    active: store.active ? 'on' : '',
  };
}

/** A coordinate box whose value the map follows as it is typed. */
function CoordinateField({
  name,
  label,
  hint,
  value,
  onChange,
  error,
}: {
  name: string;
  label: string;
  hint: string;
  value: string;
  onChange: (v: string) => void;
  error?: string | undefined;
}) {
  return (
    <Field label={label} hint={hint} error={error} required>
      {(control) => (
        <input
          {...control}
          name={name}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          className="adm-input"
        />
      )}
    </Field>
  );
}

export default function StoreEdit({ loaderData: { store, saved }, actionData }: Route.ComponentProps) {
  const result = actionData as ActionResult | undefined;
  const values = startValues(store, result?.values);
  const errors = apiFieldErrors(result?.refusal, STORE_FIELDS);
  const message = result?.refusal
    ? Object.keys(errors).length > 0
      ? result.refusal.status === 404
        ? undefined
        : 'Please correct the fields marked below.'
      : result.refusal.message
    : undefined;
  const [latitude, setLatitude] = useState(values.latitude);
  const [longitude, setLongitude] = useState(values.longitude);
  // A new position from the server (the pincode's, or the saved store's) replaces what the boxes hold.
  useEffect(() => {
    setLatitude(values.latitude);
    setLongitude(values.longitude);
  }, [values.latitude, values.longitude]);
  const formKey = `${store?.id ?? 'new'}-${result?.saved ?? ''}`;
  return (
    <>
      <PageHeader
        title={store ? store.name : 'New store'}
        back={{ to: ADMIN_PATHS.stores, label: 'Stores' }}
        description={store ? `${store.city} · ${store.active ? 'in the store locator' : 'hidden from the store locator'}` : 'A showroom for the store locator.'}
      />
      <AdminForm
        key={formKey}
        error={message}
        saved={result?.saved ?? (saved && store ? `${store.name} saved. The store locator shows it now.` : undefined)}
        aria-label={store ? store.name : 'New store'}
      >
        {result?.notice && (
          <div className="adm-banner adm-banner--info" role="status">
            <p>{result.notice}</p>
          </div>
        )}
        <div className="adm-store-layout">
          <div>
            <FieldGroup legend="The showroom">
              <TextField
                name="name"
                label="Name"
                required
                maxLength={STORE_LIMITS.name}
                defaultValue={values.name}
                error={errors.name}
                hint="As the locator shows it, e.g. Milli T. Nagar."
              />
              <TextField name="city" label="City" required maxLength={STORE_LIMITS.city} defaultValue={values.city} error={errors.city} />
              <TextField
                name="address"
                label="Address"
                required
                multiline
                rows={3}
                maxLength={STORE_LIMITS.address}
                defaultValue={values.address}
                error={errors.address}
                size="wide"
              />
              <TextField
                name="pincode"
                label="Pincode"
                required
                inputMode="numeric"
                maxLength={6}
                defaultValue={values.pincode}
                error={errors.pincode}
                hint="6 digits, e.g. 600017."
                autoComplete="off"
              />
              <TextField name="phone" label="Phone" required type="tel" defaultValue={values.phone} error={errors.phone} hint="e.g. +91 44 4000 1101." />
              <TextField
                name="hours"
                label="Opening hours"
                required
                maxLength={STORE_LIMITS.hours}
                defaultValue={values.hours}
                error={errors.hours}
                hint="As shoppers read them, e.g. Mon–Sun 10:30 am – 8:30 pm."
                size="wide"
              />
            </FieldGroup>
            <FieldGroup legend="In the locator">
              <NumberField
                name="sortOrder"
                label="Order in its city"
                min={0}
                max={STORE_LIMITS.sortOrder}
                defaultValue={values.sortOrder === '' ? null : Number(values.sortOrder)}
                error={errors.sortOrder}
                hint="Lower numbers come first."
              />
              <Checkbox name="active" label="Shown in the store locator" defaultChecked={values.active === 'on'} error={errors.active} />
            </FieldGroup>
          </div>
          <FieldGroup legend="Map position" description="Decimal degrees: latitude north, longitude east.">
            <CoordinateField name="latitude" label="Latitude" hint="e.g. 13.0418" value={latitude} onChange={setLatitude} error={errors.latitude} />
            <CoordinateField name="longitude" label="Longitude" hint="e.g. 80.2341" value={longitude} onChange={setLongitude} error={errors.longitude} />
            <div className="adm-field adm-field--wide">
              <IndiaMap latitude={readCoordinate(latitude)} longitude={readCoordinate(longitude)} label={values.name || 'The store'} />
              <div className="adm-position">
                <button type="submit" name="intent" value="position" formNoValidate className="adm-button adm-button--secondary">
                  Use the pincode’s position
                </button>
              </div>
            </div>
          </FieldGroup>
        </div>
        <FormActions>
          <SubmitButton name="intent" value="save" pending="Saving…">
            {store ? 'Save store' : 'Add store'}
          </SubmitButton>
          <Link to={ADMIN_PATHS.stores} className="adm-link">
            Cancel
          </Link>
        </FormActions>
      </AdminForm>

      {store && (
        <Panel title="Remove">
          <Form method="post" className="adm-form-actions">
            <input type="hidden" name="storeName" value={store.name} />
            <ConfirmAction
              intent="delete"
              label="Remove store"
              buttonTone="danger"
              title={`Remove ${store.name}?`}
              confirmLabel="Remove store"
              open={result?.confirm === 'delete'}
            >
              It leaves the store locator at once and for good. To take it out for a while, untick “Shown in the store locator” instead.
            </ConfirmAction>
          </Form>
        </Panel>
      )}
    </>
  );
}
