/**
 * /admin/offer-strip/new and /admin/offer-strip/:id (issue 40): one message of the home page's offers strip. Saving
 * sends the form to POST or PATCH /api/admin/offer-strip and shows the API's field messages (a link that is not a path
 * of this store, a coupon that is not live); Delete asks first.
 */
import { Form, Link, data, redirect } from 'react-router';
import { OFFER_STRIP_LIMITS, OFFER_STRIP_STATUS_LABELS, toShopLocalTime } from '@milli/contracts';
import type { AdminOfferStripMessage } from '@milli/contracts/schemas';
import type { Route } from './+types/offer-strip-edit';
import { PageHeader, Panel, StatusBadge } from '../../components/admin/admin-shell.tsx';
import { AdminForm, Checkbox, FieldGroup, FormActions, NumberField, SubmitButton, TextField } from '../../components/admin/form-kit.tsx';
import { ConfirmAction, isConfirmed } from '../../components/admin/confirm-dialog.tsx';
import { adminApi, type AdminRefusal } from '../../lib/admin.server.ts';
import { ADMIN_PATHS } from '../../lib/admin-nav.ts';
import { apiFieldErrors } from '../../lib/field-errors.ts';
import { OFFER_STRIP_FIELDS, apiBody, postedValues, type FormValues, type OfferStripField } from '../../features/admin-shop/shop-forms.ts';
import { DateTimeField } from '../../features/admin-shop/date-time-field.tsx';
import '../../features/admin-shop/admin-shop.css';

export const meta: Route.MetaFunction = () => [{ title: 'Offers strip message · Back office' }];

function idOf(param: string | undefined): number | null {
  if (param === 'new') return null;
  const id = Number(param);
  if (!Number.isSafeInteger(id) || id < 1) throw data({ message: 'There is no such message.' }, { status: 404 });
  return id;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = idOf(params.id);
  const message = id === null ? null : await adminApi(context, request).get(`/api/admin/offer-strip/${id}`);
  return { message, saved: new URL(request.url).searchParams.has('saved') };
}

type ActionResult = { refusal?: AdminRefusal; values?: FormValues<OfferStripField>; saved?: string; confirm?: string };

export async function action({ request, context, params }: Route.ActionArgs): Promise<ActionResult | Response> {
  const id = idOf(params.id);
  const form = await request.formData();
  const api = adminApi(context, request);
  if (String(form.get('intent') ?? 'save') === 'delete') {
    if (id === null) throw data({ message: 'There is no such message.' }, { status: 404 });
    if (!isConfirmed(form)) return { confirm: 'delete' };
    const done = await api.send('DELETE', `/api/admin/offer-strip/${id}`);
    return done.ok ? redirect(`${ADMIN_PATHS.offerStrip}?deleted`) : { refusal: done.refusal };
  }
  const values = postedValues(form, OFFER_STRIP_FIELDS, 'active');
  const body = apiBody(values, 'active');
  const done = id === null ? await api.send('POST', '/api/admin/offer-strip', body) : await api.send('PATCH', `/api/admin/offer-strip/${id}`, body);
  if (!done.ok) return { refusal: done.refusal, values };
  if (id === null) return redirect(`${ADMIN_PATHS.offerStrip}/${done.data.id}?saved`);
  return { saved: 'Message saved: the home page shows the change now.' };
}

function startValues(message: AdminOfferStripMessage | null, posted: FormValues<OfferStripField> | undefined): FormValues<OfferStripField> {
  if (posted) return posted;
  if (!message) return { text: '', linkPath: '', couponCode: '', startsAt: '', endsAt: '', position: '', active: 'on' };
  return {
    text: message.text,
    linkPath: message.linkPath ?? '',
    couponCode: message.couponCode ?? '',
    startsAt: toShopLocalTime(message.startsAt),
    endsAt: toShopLocalTime(message.endsAt),
    position: String(message.position),
    active: message.active ? 'on' : '',
  };
}

export default function OfferStripEdit({ loaderData: { message, saved }, actionData }: Route.ComponentProps) {
  const result = actionData as ActionResult | undefined;
  const values = startValues(message, result?.values);
  const errors = apiFieldErrors(result?.refusal, OFFER_STRIP_FIELDS);
  const problem = result?.refusal ? (Object.keys(errors).length > 0 ? 'Please correct the fields marked below.' : result.refusal.message) : undefined;
  const title = message ? 'Strip message' : 'New strip message';
  return (
    <>
      <PageHeader
        title={title}
        back={{ to: ADMIN_PATHS.offerStrip, label: 'Offers strip' }}
        description={
          message ? (
            <StatusBadge tone={message.status === 'showing' ? 'success' : message.status === 'coupon-not-live' ? 'warning' : 'neutral'}>
              {OFFER_STRIP_STATUS_LABELS[message.status]}
            </StatusBadge>
          ) : (
            'A line on the home page’s offers strip. Say only what is true: a coupon named here must be live.'
          )
        }
      />
      <AdminForm
        key={`${message?.id ?? 'new'}-${result?.saved ?? ''}`}
        error={problem}
        saved={result?.saved ?? (saved && message ? 'Message saved: the home page shows it now.' : undefined)}
        aria-label={title}
      >
        <FieldGroup legend="What it says">
          <TextField
            name="text"
            label="Text"
            required
            maxLength={OFFER_STRIP_LIMITS.text}
            defaultValue={values.text}
            error={errors.text}
            hint={`At most ${OFFER_STRIP_LIMITS.text} characters, e.g. “Diwali week: 10% off orders over ₹20,000”.`}
            size="wide"
          />
          <TextField
            name="linkPath"
            label="Link (optional)"
            maxLength={OFFER_STRIP_LIMITS.link}
            defaultValue={values.linkPath}
            error={errors.linkPath}
            hint="A page of this store, starting with / (e.g. /alljewellery?material=Gold). Other sites cannot be linked."
            size="wide"
            autoComplete="off"
          />
          <TextField
            name="couponCode"
            label="Coupon it advertises (optional)"
            defaultValue={values.couponCode}
            error={errors.couponCode}
            hint="A live coupon’s code: shoppers apply it with one tap. The message hides by itself once the coupon expires, is used up or deactivated."
            autoComplete="off"
          />
        </FieldGroup>
        <FieldGroup legend="When, and in what order" description="Times are India time.">
          <DateTimeField name="startsAt" label="Shows from" value={values.startsAt} error={errors.startsAt} hint="Empty: from now." />
          <DateTimeField name="endsAt" label="Shows until" value={values.endsAt} error={errors.endsAt} hint="Empty: until turned off." />
          <NumberField
            name="position"
            label="Order"
            min={0}
            max={OFFER_STRIP_LIMITS.position}
            defaultValue={values.position === '' ? null : Number(values.position)}
            error={errors.position}
            hint="Lower first; empty is 0."
          />
          <Checkbox name="active" label="On (shown in its dates)" defaultChecked={values.active === 'on'} error={errors.active} />
        </FieldGroup>
        <FormActions>
          <SubmitButton name="intent" value="save" pending="Saving…">
            {message ? 'Save message' : 'Add message'}
          </SubmitButton>
          <Link to={ADMIN_PATHS.offerStrip} className="adm-link">
            Cancel
          </Link>
        </FormActions>
      </AdminForm>

      {message && (
        <Panel title="Take it off the strip">
          <Form method="post" className="adm-form-actions">
            <ConfirmAction
              intent="delete"
              label="Delete"
              buttonTone="danger"
              title="Delete this message?"
              confirmLabel="Delete message"
              open={result?.confirm === 'delete'}
            >
              The home page stops showing it at once. Untick On instead to keep it for later.
            </ConfirmAction>
          </Form>
        </Panel>
      )}
    </>
  );
}
