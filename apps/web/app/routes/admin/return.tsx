/**
 * /admin/returns/:id (issue 20): one return for the desk. The order and customer, the lines and their amounts, the
 * customer's reason and photos, the steps with who took them and when, how the refund goes back (the gateway, or
 * store credit: the part paid with Milli Harvest or store credit, or a pay-on-delivery order), and a form for each
 * step allowed now: approve, schedule the pickup, receive, check (restock or write off, the refund), refund
 * (permission accounts), refuse with the reason. Every form is a plain POST to this route's action.
 */
import type { ReactNode } from 'react';
import { Form, Link, data } from 'react-router';
import { formatRupees } from '@milli/pricing';
import type { AdminReturnDetail } from '@milli/contracts/schemas';
import type { Route } from './+types/return';
import { PageHeader, Panel, StatusBadge } from '../../components/admin/admin-shell.tsx';
import { FormActions, MoneyField, Select, SubmitButton, TextField } from '../../components/admin/form-kit.tsx';
import { adminApi, type AdminRefusal } from '../../lib/admin.server.ts';
import { parseRupees } from '../../lib/admin-form.ts';
import { ADMIN_PATHS } from '../../lib/admin-nav.ts';
import { adminCan, useAdminMe } from '../../lib/admin-me.ts';
import { shopDateTime } from '../../features/admin-shop/shop-forms.ts';
import { RETURN_STEPS, RETURN_TONE, STEP_SAVED, stepBody, type ReturnStep } from '../../features/admin-returns/return-desk.ts';
import { REFUND_CONFIRM_FIELD, RefundConfirm, refundBodyOf } from '../../features/admin-returns/refund-confirm.tsx';
import '../../features/admin-orders/admin-orders.css';

export const meta: Route.MetaFunction = ({ data: loaded }) => [{ title: `${loaded?.ret ? `Return ${loaded.ret.id}` : 'Return'} · Back office` }];

function idOf(param: string | undefined): string {
  const id = (param ?? '').trim();
  if (!/^\d{1,10}$/.test(id)) throw data({ message: 'There is no such return.' }, { status: 404 });
  return id;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = adminApi(context, request);
  const ret = await admin.get(`/api/admin/returns/${idOf(params.id)}`);
  // Issue 39: with a courier provider configured, an approved return's pickup is booked with it.
  const courier = ret.status === 'Approved' ? await admin.get(`/api/admin/orders/${encodeURIComponent(ret.orderNumber)}/courier`) : null;
  return { ret, courierProvider: courier?.provider ?? null };
}

export type ReturnActionResult = { step: ReturnStep; saved?: string; refusal?: AdminRefusal; typed?: Record<string, string> };

export async function action({ request, context, params }: Route.ActionArgs): Promise<ReturnActionResult> {
  const id = idOf(params.id);
  const form = await request.formData();
  if (form.get('intent') === 'reverse-pickup') {
    const booked = await adminApi(context, request).send('POST', `/api/admin/returns/${id}/reverse-pickup`);
    return booked.ok ? { step: 'schedule-pickup', saved: booked.data.message } : { step: 'schedule-pickup', refusal: booked.refusal };
  }
  const step = String(form.get('intent') ?? '') as ReturnStep;
  if (!RETURN_STEPS.includes(step)) return { step: 'approve', refusal: { status: 400, message: 'Choose one of the return’s steps.', code: null } };
  const text = (name: string) => String(form.get(name) ?? '');
  const typed = Object.fromEntries(['note', 'pickupDate', 'disposition', 'refund', 'reason'].map((k) => [k, text(k)]));
  // Issue 39: a refund goes only with the amount confirmed.
  const refund = step === 'refund' ? refundBodyOf(form) : null;
  if (refund && 'error' in refund)
    return { step, refusal: { status: 400, message: refund.error, code: null, fields: { [REFUND_CONFIRM_FIELD]: refund.error } }, typed };
  const r = await adminApi(context, request).send(
    'POST',
    `/api/admin/returns/${id}/${step}`,
    refund ? refund.body : stepBody(step, text, (n) => parseRupees(form.get(n))),
  );
  return r.ok ? { step, saved: STEP_SAVED[step] } : { step, refusal: r.refusal, typed };
}

/** Today in India (the store's day), as the date box wants it. */
const today = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

/** One step's form: its refusal when the last try was refused, its fields, and its button (none: `children` say who may). */
function StepForm({
  step,
  label,
  refusal,
  submit,
  children,
}: {
  step: ReturnStep;
  label: string;
  refusal: AdminRefusal | undefined;
  submit: { label: ReactNode; pending: string; tone?: 'primary' | 'secondary' | 'danger' } | null;
  children?: ReactNode;
}) {
  return (
    <Form method="post" className="adm-form adm-return-step" aria-label={label}>
      {refusal && (
        <div className="adm-banner adm-banner--error" role="alert">
          <p>{refusal.message}</p>
        </div>
      )}
      <input type="hidden" name="intent" value={step} />
      {children}
      {submit && (
        <FormActions>
          <SubmitButton name="intent" value={step} tone={submit.tone ?? 'primary'} pending={submit.pending}>
            {submit.label}
          </SubmitButton>
        </FormActions>
      )}
    </Form>
  );
}

function StepForms({ r, result, courierProvider }: { r: AdminReturnDetail; result: ReturnActionResult | undefined; courierProvider: string | null }) {
  const canRefund = adminCan(useAdminMe(), 'accounts');
  const mine = (s: ReturnStep) => (result && !result.saved && result.step === s ? result : undefined);
  const err = (s: ReturnStep, field: string) => mine(s)?.refusal?.fields?.[field];
  const refusal = (s: ReturnStep) => mine(s)?.refusal;
  if (r.nextSteps.length === 0) return null;
  return (
    <Panel title="Next step">
      {r.nextSteps.includes('approve') && (
        <StepForm step="approve" label="Approve the return" refusal={refusal('approve')} submit={{ label: 'Approve', pending: 'Approving…' }}>
          <TextField name="note" label="Note (optional)" maxLength={500} defaultValue={mine('approve')?.typed?.note} />
        </StepForm>
      )}
      {r.nextSteps.includes('schedule-pickup') && r.status === 'Approved' && courierProvider && (
        <Form method="post" className="adm-form adm-return-step" aria-label="Book reverse pickup">
          <input type="hidden" name="intent" value="reverse-pickup" />
          <p>
            The courier provider collects the pieces from the customer and brings them to the store; its AWB is kept on the return and the customer is mailed
            the day.
          </p>
          <FormActions>
            <SubmitButton pending="Booking…">Book reverse pickup</SubmitButton>
          </FormActions>
        </Form>
      )}
      {r.nextSteps.includes('schedule-pickup') && (
        <StepForm
          step="schedule-pickup"
          label="Schedule the pickup"
          refusal={refusal('schedule-pickup')}
          submit={{ label: r.status === 'Pickup scheduled' ? 'Change the pickup' : 'Schedule the pickup', pending: 'Scheduling…' }}
        >
          <TextField
            name="pickupDate"
            type="date"
            label="Pickup date"
            required
            defaultValue={mine('schedule-pickup')?.typed?.pickupDate ?? r.pickupDate ?? today()}
            error={err('schedule-pickup', 'pickupDate')}
          />
          <TextField
            name="note"
            label="Note for the customer (optional)"
            maxLength={500}
            defaultValue={mine('schedule-pickup')?.typed?.note ?? r.pickupNote}
            hint="E.g. the time slot. It goes in the mail."
          />
        </StepForm>
      )}
      {r.nextSteps.includes('receive') && (
        <StepForm
          step="receive"
          label="Mark the pieces received"
          refusal={refusal('receive')}
          submit={{ label: 'The pieces arrived', pending: 'Saving…', tone: 'secondary' }}
        />
      )}
      {r.nextSteps.includes('check') && (
        <StepForm step="check" label="Check the pieces" refusal={refusal('check')} submit={{ label: 'Record the check', pending: 'Saving…' }}>
          <TextField
            name="note"
            label="What the check found"
            required
            multiline
            rows={3}
            maxLength={1000}
            defaultValue={mine('check')?.typed?.note}
            error={err('check', 'note')}
            hint="When refunding less, say why: the customer reads it."
            size="wide"
          />
          <Select
            name="disposition"
            label="The pieces"
            required
            defaultValue={mine('check')?.typed?.disposition ?? 'restock'}
            options={[
              { value: 'restock', label: 'Restock: back on sale, HUIDs released' },
              { value: 'write_off', label: 'Write off: not back on sale' },
            ]}
          />
          <MoneyField
            name="refund"
            label="Refund"
            defaultPaise={r.amountPaise}
            hint={`At most ${formatRupees(r.amountPaise)}; less when damaged.`}
            error={err('check', 'refundPaise')}
          />
        </StepForm>
      )}
      {r.nextSteps.includes('refund') && (
        <StepForm
          step="refund"
          label="Refund the return"
          refusal={refusal('refund')}
          submit={canRefund ? { label: `Refund ${formatRupees(r.refundDuePaise)}`, pending: 'Refunding…' } : null}
        >
          <p>
            Refund <strong>{formatRupees(r.refundDuePaise)}</strong>. {r.refundPlan.explanation}
          </p>
          {canRefund && <RefundConfirm amountPaise={r.refundDuePaise} explanation={r.refundPlan.explanation} error={err('refund', REFUND_CONFIRM_FIELD)} />}
          {!canRefund && <p className="adm-muted">The refund is made by a member with the accounts permission, from Accounts → Refunds due.</p>}
        </StepForm>
      )}
      {r.nextSteps.includes('refuse') && (
        <StepForm
          step="refuse"
          label="Refuse the return"
          refusal={refusal('refuse')}
          submit={{ label: 'Refuse the return', pending: 'Refusing…', tone: 'danger' }}
        >
          <TextField
            name="reason"
            label="Why it is refused"
            required
            multiline
            rows={2}
            maxLength={500}
            defaultValue={mine('refuse')?.typed?.reason}
            error={err('refuse', 'reason')}
            hint="The customer reads it in the mail and on the order page."
            size="wide"
          />
        </StepForm>
      )}
    </Panel>
  );
}

export default function AdminReturn({ loaderData: { ret: r, courierProvider }, actionData }: Route.ComponentProps) {
  const result = actionData as ReturnActionResult | undefined;
  return (
    <>
      <PageHeader
        title={`Return ${r.id}`}
        back={{ to: ADMIN_PATHS.returns, label: 'Returns' }}
        description={
          <>
            <StatusBadge tone={RETURN_TONE[r.status]}>{r.status}</StatusBadge> · order <Link to={ADMIN_PATHS.order(r.orderNumber)}>{r.orderNumber}</Link> ·{' '}
            {r.customer.name} · {formatRupees(r.amountPaise)}
          </>
        }
      />
      {result?.saved && (
        <div className="adm-banner adm-banner--success" role="status">
          <p>{result.saved}</p>
        </div>
      )}
      <div className="adm-order-cols">
        <div>
          <Panel title="Pieces">
            <div className="adm-order-scroll">
              <table className="adm-order-table">
                <caption className="adm-visually-hidden">The pieces returned and what each is worth</caption>
                <thead>
                  <tr>
                    <th scope="col">Piece</th>
                    <th scope="col" className="num">
                      Qty
                    </th>
                    <th scope="col" className="num">
                      Amount
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {r.lines.map((l) => (
                    <tr key={l.lineId}>
                      <th scope="row">
                        {l.name}
                        <span className="adm-order-sub">{l.sku}</span>
                      </th>
                      <td className="num">{l.quantity}</td>
                      <td className="num adm-nowrap">{formatRupees(l.amountPaise)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <dl className="adm-order-dl">
              <dt>Reason</dt>
              <dd>{r.reason}</dd>
              <dt>Refund to</dt>
              <dd>{r.refundMethod === 'store_credit' ? 'Store credit (the customer’s choice)' : 'The original payment'}</dd>
              <dt>How it goes back</dt>
              <dd>{r.refundPlan.explanation}</dd>
              {r.pickupDate && (
                <>
                  <dt>Pickup</dt>
                  <dd>
                    {r.pickupDate}
                    {r.pickupNote ? ` · ${r.pickupNote}` : ''}
                  </dd>
                </>
              )}
              {r.pickupAwb && (
                <>
                  <dt>Pickup AWB</dt>
                  <dd>
                    {r.pickupAwb}
                    {r.pickupCourierName ? ` · ${r.pickupCourierName}` : ''}
                  </dd>
                </>
              )}
              {r.checkNote && (
                <>
                  <dt>Check</dt>
                  <dd>
                    {r.checkNote}
                    {r.disposition ? ` · ${r.disposition === 'restock' ? 'restocked' : 'written off'}` : ''}
                  </dd>
                </>
              )}
              {r.status === 'Refunded' && (
                <>
                  <dt>Refunded</dt>
                  <dd>
                    {formatRupees(r.refundedPaise)}
                    {r.refundedToPaymentPaise > 0 ? ` · ${formatRupees(r.refundedToPaymentPaise)} to the payment` : ''}
                    {r.refundedAsStoreCreditPaise > 0 ? ` · ${formatRupees(r.refundedAsStoreCreditPaise)} as store credit` : ''}
                  </dd>
                </>
              )}
              {r.refusedReason && (
                <>
                  <dt>Refused</dt>
                  <dd>{r.refusedReason}</dd>
                </>
              )}
              {r.creditNoteId !== null && (
                <>
                  <dt>Credit note</dt>
                  <dd>
                    <a href={`/api/admin/orders/${encodeURIComponent(r.orderNumber)}/credit-notes/${r.creditNoteId}.pdf`} download>
                      {r.creditNoteNumber ?? 'Credit note'} (PDF)
                    </a>
                  </dd>
                </>
              )}
            </dl>
          </Panel>
          {r.photos.length > 0 && (
            <Panel title="Photos">
              <ul className="adm-return-photos">
                {r.photos.map((p, i) => (
                  <li key={p.id}>
                    <a href={p.url} target="_blank" rel="noopener noreferrer">
                      <img
                        src={p.thumbUrl ?? p.url}
                        alt={`The customer’s photo ${i + 1} of the return`}
                        width={160}
                        height={Math.round((160 * p.height) / Math.max(p.width, 1))}
                        loading="lazy"
                      />
                    </a>
                  </li>
                ))}
              </ul>
            </Panel>
          )}
          <Panel title="Steps">
            <ol className="adm-order-timeline">
              {r.steps.map((s, i) => (
                <li key={i}>
                  <time dateTime={s.at}>{shopDateTime(s.at)}</time>
                  <span>
                    {s.status}
                    {s.note ? `: ${s.note}` : ''}
                    <span className="adm-order-sub">{s.by ? `by ${s.by}` : 'by the customer'}</span>
                  </span>
                </li>
              ))}
            </ol>
          </Panel>
        </div>
        <div>
          <StepForms r={r} result={result} courierProvider={courierProvider} />
          <Panel title="Order and customer">
            <dl className="adm-order-dl">
              <dt>Order</dt>
              <dd>
                <Link to={ADMIN_PATHS.order(r.orderNumber)}>{r.orderNumber}</Link> · {r.orderStatus}
              </dd>
              <dt>Paid</dt>
              <dd>{r.paymentMethod === 'cod' ? 'On delivery' : 'Online'}</dd>
              {r.deliveredAt && (
                <>
                  <dt>Delivered</dt>
                  <dd>{shopDateTime(r.deliveredAt)}</dd>
                </>
              )}
              <dt>Customer</dt>
              <dd>{r.customer.name}</dd>
              <dt>E-mail</dt>
              <dd>
                <a href={`mailto:${r.customer.email}`}>{r.customer.email}</a>
              </dd>
              {r.customer.phone && (
                <>
                  <dt>Phone</dt>
                  <dd>
                    <a href={`tel:${r.customer.phone}`}>{r.customer.phone}</a>
                  </dd>
                </>
              )}
            </dl>
          </Panel>
        </div>
      </div>
    </>
  );
}
