/**
 * /admin/coupons/new and /admin/coupons/:id (issue 17): the coupon form. Saving posts to this route's action,
 * which sends the form to POST or PATCH /api/admin/coupons and shows the API's field messages; Deactivate and
 * Delete (only for a coupon never used) ask first.
 */
import { Form, Link, data, redirect } from 'react-router';
import { COUPON_LIMITS, COUPON_STATUS_LABELS, toShopLocalTime } from '@milli/contracts';
import type { AdminCoupon } from '@milli/contracts/schemas';
import type { Route } from './+types/coupon-edit';
import { PageHeader, Panel, StatusBadge } from '../../components/admin/admin-shell.tsx';
import { AdminForm, Checkbox, FieldGroup, FormActions, MoneyField, NumberField, Select, SubmitButton, TextField } from '../../components/admin/form-kit.tsx';
import { ConfirmAction, isConfirmed } from '../../components/admin/confirm-dialog.tsx';
import { adminApi, type AdminRefusal } from '../../lib/admin.server.ts';
import { ADMIN_PATHS } from '../../lib/admin-nav.ts';
import { apiFieldErrors } from '../../lib/field-errors.ts';
import { parseRupees } from '../../lib/admin-form.ts';
import { COUPON_FIELDS, apiBody, discountText, postedValues, shopDateTime, type CouponField, type FormValues } from '../../features/admin-shop/shop-forms.ts';
import { DateTimeField } from '../../features/admin-shop/date-time-field.tsx';
import '../../features/admin-shop/admin-shop.css';

export const meta: Route.MetaFunction = ({ data: loaded }) => [{ title: `${loaded?.coupon ? `Coupon ${loaded.coupon.code}` : 'New coupon'} · Back office` }];

function idOf(param: string | undefined): number | null {
  if (param === 'new') return null;
  const id = Number(param);
  if (!Number.isSafeInteger(id) || id < 1) throw data({ message: 'There is no such coupon.' }, { status: 404 });
  return id;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = idOf(params.id);
  const coupon = id === null ? null : await adminApi(context, request).get(`/api/admin/coupons/${id}`);
  return { coupon, saved: new URL(request.url).searchParams.has('saved') };
}

type ActionResult = { refusal?: AdminRefusal; values?: FormValues<CouponField>; saved?: string; confirm?: string };

export async function action({ request, context, params }: Route.ActionArgs): Promise<ActionResult | Response> {
  const id = idOf(params.id);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? 'save');
  const api = adminApi(context, request);

  if (intent === 'deactivate' || intent === 'delete') {
    if (id === null) throw data({ message: 'There is no such coupon.' }, { status: 404 });
    if (!isConfirmed(form)) return { confirm: intent };
    if (intent === 'deactivate') {
      const done = await api.send('POST', `/api/admin/coupons/${id}/deactivate`);
      return done.ok ? { saved: `Coupon ${done.data.code} is deactivated: the cart no longer accepts it.` } : { refusal: done.refusal };
    }
    const code = String(form.get('code') ?? '');
    const done = await api.send('DELETE', `/api/admin/coupons/${id}`);
    return done.ok ? redirect(`${ADMIN_PATHS.coupons}?deleted=${encodeURIComponent(code)}`) : { refusal: done.refusal };
  }

  const values = postedValues(form, COUPON_FIELDS, 'active');
  const body = apiBody(values, 'active');
  // The money boxes take '₹ 1,500' as well: the API gets rupees without the sign.
  for (const name of ['maxDiscountRupees', 'minOrderRupees'] as const) {
    const paise = parseRupees(values[name]);
    if (paise !== null && Number.isFinite(paise)) body[name] = String(paise / 100);
  }
  const done = id === null ? await api.send('POST', '/api/admin/coupons', body) : await api.send('PATCH', `/api/admin/coupons/${id}`, body);
  if (!done.ok) return { refusal: done.refusal, values };
  if (id === null) return redirect(`${ADMIN_PATHS.coupons}/${done.data.id}?saved`);
  return { saved: `Coupon ${done.data.code} saved.` };
}

/** The form's values: what was just posted (when it was refused), else the coupon's, else a new coupon's. */
function startValues(coupon: AdminCoupon | null, posted: FormValues<CouponField> | undefined): FormValues<CouponField> {
  if (posted) return posted;
  if (!coupon) {
    return {
      code: '',
      description: '',
      kind: 'percent',
      value: '',
      maxDiscountRupees: '',
      minOrderRupees: '',
      startsAt: '',
      endsAt: '',
      usageLimit: '',
      perCustomerLimit: '',
      active: 'on',
    };
  }
  return {
    code: coupon.code,
    description: coupon.description,
    kind: coupon.kind,
    value: String(coupon.value),
    maxDiscountRupees: coupon.maxDiscountRupees === null ? '' : String(coupon.maxDiscountRupees),
    minOrderRupees: coupon.minOrderPaise === 0 ? '' : String(coupon.minOrderRupees),
    startsAt: toShopLocalTime(coupon.startsAt),
    endsAt: toShopLocalTime(coupon.endsAt),
    usageLimit: coupon.usageLimit === null ? '' : String(coupon.usageLimit),
    perCustomerLimit: coupon.perCustomerLimit === null ? '' : String(coupon.perCustomerLimit),
    active: coupon.active ? 'on' : '',
  };
}

const rupeesToPaise = (text: string) => {
  const paise = parseRupees(text);
  return paise === null || !Number.isFinite(paise) ? null : paise;
};

export default function CouponEdit({ loaderData: { coupon, saved }, actionData }: Route.ComponentProps) {
  const result = actionData as ActionResult | undefined;
  const values = startValues(coupon, result?.values);
  const errors = apiFieldErrors(result?.refusal, COUPON_FIELDS);
  const message = result?.refusal ? (Object.keys(errors).length > 0 ? 'Please correct the fields marked below.' : result.refusal.message) : undefined;
  const formKey = `${coupon?.id ?? 'new'}-${result?.saved ?? ''}`;
  return (
    <>
      <PageHeader
        title={coupon ? `Coupon ${coupon.code}` : 'New coupon'}
        back={{ to: ADMIN_PATHS.coupons, label: 'Coupons' }}
        description={
          coupon ? (
            <>
              <StatusBadge tone={coupon.status === 'active' ? 'success' : coupon.status === 'inactive' ? 'warning' : 'neutral'}>
                {COUPON_STATUS_LABELS[coupon.status]}
              </StatusBadge>{' '}
              {discountText(coupon)} · used on {coupon.used.toLocaleString('en-IN')} order{coupon.used === 1 ? '' : 's'}
            </>
          ) : (
            'Shoppers type the code at the cart; checkout applies it by the rules below.'
          )
        }
      />
      <AdminForm
        key={formKey}
        error={message}
        saved={result?.saved ?? (saved && coupon ? `Coupon ${coupon.code} saved.` : undefined)}
        aria-label={coupon ? `Coupon ${coupon.code}` : 'New coupon'}
      >
        <FieldGroup legend="The code">
          <TextField
            name="code"
            label="Code"
            required
            maxLength={COUPON_LIMITS.code}
            defaultValue={values.code}
            error={errors.code}
            hint="Letters, digits, - and _; stored in capitals (shoppers may type it in any case)."
            autoComplete="off"
          />
          <TextField
            name="description"
            label="Description"
            maxLength={COUPON_LIMITS.description}
            defaultValue={values.description}
            error={errors.description}
            hint="For staff and the cart's message, e.g. “Diwali week: 10% off”."
            size="wide"
          />
        </FieldGroup>
        <FieldGroup legend="The discount">
          <Select
            name="kind"
            label="Kind"
            required
            defaultValue={values.kind}
            error={errors.kind}
            options={[
              { value: 'percent', label: 'Percent off' },
              { value: 'fixed', label: 'Fixed amount off (₹)' },
            ]}
          />
          <TextField
            name="value"
            label="Discount"
            required
            inputMode="decimal"
            defaultValue={values.value}
            error={errors.value}
            hint="Percent off: a whole number from 1 to 100. Fixed: rupees off (e.g. 500)."
          />
          <MoneyField
            name="maxDiscountRupees"
            label="Largest discount"
            defaultPaise={rupeesToPaise(values.maxDiscountRupees)}
            error={errors.maxDiscountRupees}
            hint="Percent coupons only; empty for no ceiling."
            placeholder=""
          />
          <MoneyField
            name="minOrderRupees"
            label="Minimum order"
            defaultPaise={rupeesToPaise(values.minOrderRupees)}
            error={errors.minOrderRupees}
            hint="The cart's subtotal must reach it; empty for none."
            placeholder=""
          />
        </FieldGroup>
        <FieldGroup legend="When and how often" description="Times are India time.">
          <DateTimeField name="startsAt" label="Starts" value={values.startsAt} error={errors.startsAt} hint="Empty: from now." />
          <DateTimeField name="endsAt" label="Ends" value={values.endsAt} error={errors.endsAt} hint="Empty: never. Must be after the start." />
          <NumberField
            name="usageLimit"
            label="Uses in all"
            min={1}
            defaultValue={values.usageLimit === '' ? null : Number(values.usageLimit)}
            error={errors.usageLimit}
            hint="Empty: unlimited."
          />
          <NumberField
            name="perCustomerLimit"
            label="Uses per customer"
            min={1}
            defaultValue={values.perCustomerLimit === '' ? null : Number(values.perCustomerLimit)}
            error={errors.perCustomerLimit}
            hint="Empty: unlimited."
          />
          <Checkbox name="active" label="Active (the cart accepts it in its dates)" defaultChecked={values.active === 'on'} error={errors.active} />
        </FieldGroup>
        <FormActions>
          <SubmitButton name="intent" value="save" pending="Saving…">
            {coupon ? 'Save coupon' : 'Add coupon'}
          </SubmitButton>
          <Link to={ADMIN_PATHS.coupons} className="adm-link">
            Cancel
          </Link>
        </FormActions>
      </AdminForm>

      {coupon && (
        <Panel title="Take it out of use">
          <Form method="post" className="adm-form-actions">
            <input type="hidden" name="code" value={coupon.code} />
            {coupon.active && (
              <ConfirmAction
                intent="deactivate"
                label="Deactivate"
                title={`Deactivate ${coupon.code}?`}
                confirmLabel="Deactivate"
                tone="primary"
                open={result?.confirm === 'deactivate'}
              >
                The cart stops accepting it at once. Orders that used it keep their discount. You can tick Active again later.
              </ConfirmAction>
            )}
            {coupon.used === 0 ? (
              <ConfirmAction
                intent="delete"
                label="Delete"
                buttonTone="danger"
                title={`Delete ${coupon.code}?`}
                confirmLabel="Delete coupon"
                open={result?.confirm === 'delete'}
              >
                No order has used it, so it can go for good. This cannot be undone.
              </ConfirmAction>
            ) : (
              <p className="adm-muted">
                Used on {coupon.used.toLocaleString('en-IN')} order{coupon.used === 1 ? '' : 's'}, so it stays on record: deactivate it instead of deleting it.
              </p>
            )}
          </Form>
          {coupon && <p className="adm-hint">Added {shopDateTime(coupon.createdAt)}.</p>}
        </Panel>
      )}
    </>
  );
}
