/**
 * /admin/orders/:orderNumber (issue 19): one order for the orders desk. The header says where it is and its
 * next step (or what blocks it); then the lines with their sold weights, the packing form (one row per physical
 * piece of each weighed line: the HUID of a hallmarked piece only (issue 38), net and gross weight typed in grams with three decimals, sent as whole
 * milligrams), the dispatch form (courier, AWB, tracking link) when the next step is Out for Delivery, the
 * buttons for Confirm / Mark picked / Mark delivered, Cancel with a reason (asks first), the weight adjustments
 * with Waive, payments and refunds, addresses, PAN and company, the invoice and credit notes, the printing of the
 * packing slip, label and jewellery tags (issue 39), and the timeline.
 * Every form is a plain POST to this route's action, so the page works without JavaScript.
 */
import { Form, Link, data } from 'react-router';
import { formatRupees } from '@milli/pricing';
import type { AdminOrderDetail } from '@milli/contracts/schemas';
import { metalText, paidBeforeWords } from '@milli/contracts';
import type { Route } from './+types/order';
import { PageHeader, Panel, StatusBadge } from '../../components/admin/admin-shell.tsx';
import { ConfirmAction, isConfirmed } from '../../components/admin/confirm-dialog.tsx';
import { AdminForm, FormActions, SubmitButton, TextField } from '../../components/admin/form-kit.tsx';
import { adminApi, type AdminRefusal } from '../../lib/admin.server.ts';
import { ADMIN_PATHS } from '../../lib/admin-nav.ts';
import { adminCan, useAdminMe } from '../../lib/admin-me.ts';
import { apiFieldErrors } from '../../lib/field-errors.ts';
import { shopDateTime } from '../../features/admin-shop/shop-forms.ts';
import { AddressLines } from '../../features/orders/order-parts.tsx';
import { CourierPanel } from '../../features/admin-orders/courier-panel.tsx';
import {
  NEXT_LABEL,
  ORDER_TONE,
  gramsText,
  pieceErrorsOf,
  pieceRows,
  piecesBody,
  typedPieces,
  type PieceErrors,
  type TypedPiece,
} from '../../features/admin-orders/order-desk.ts';
import { GoodwillForm } from '../../features/admin-exchanges/goodwill-form.tsx';
import { Certificates, type CertificateResult } from '../../features/admin-orders/certificates.tsx';
import { OrderReturnsLinks } from '../../features/admin-returns/order-returns-link.tsx';
import { PrintPanel } from '../../features/admin-orders/print-links.tsx';
import '../../features/admin-orders/admin-orders.css';

export const meta: Route.MetaFunction = ({ data: loaded }) => [{ title: `${loaded?.order ? `Order ${loaded.order.orderNumber}` : 'Order'} · Back office` }];

function numberOf(param: string | undefined): string {
  const n = (param ?? '').trim();
  if (n === '' || n.length > 60) throw data({ message: 'There is no such order.' }, { status: 404 });
  return n;
}

const api = (n: string) => `/api/admin/orders/${encodeURIComponent(n)}` as const;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const n = numberOf(params.orderNumber);
  const admin = adminApi(context, request);
  const [order, returns, courier] = await Promise.all([
    admin.get(api(n)),
    admin.get(`/api/admin/returns?order=${encodeURIComponent(n)}`),
    admin.get(`${api(n)}/courier`),
  ]);
  return { order, returns: returns.data, courier };
}

type Intent = 'status' | 'dispatch' | 'book-courier' | 'pieces' | 'cancel' | 'waive' | 'approve' | 'reject';
const INTENTS: readonly Intent[] = ['status', 'dispatch', 'book-courier', 'pieces', 'cancel', 'waive', 'approve', 'reject'];
/** What the accounts desk's decision on a weight difference did (issue 35). */
const DECIDED: Record<'approve' | 'reject', string> = {
  approve: 'Approved: a refund is on its way to the customer, or the charge is put to them to pay; they have been mailed.',
  reject: 'Rejected: nothing moves. The orders desk weighs the pieces again.',
};
const DISPATCH_FIELDS = ['courierName', 'awbNumber', 'trackingUrl', 'note'] as const;

export type OrderActionResult = {
  intent: Intent;
  saved?: string;
  refusal?: AdminRefusal;
  /** The no-JavaScript step of Cancel and Waive: show the dialog open. */
  confirm?: string;
  /** What was typed, to put back after a refusal. */
  typed?: Record<string, string>;
  pieces?: TypedPiece[];
  pieceErrors?: PieceErrors;
};

const SAVED: Record<string, string> = {
  Placed: 'Confirmed: the order is placed.',
  Picked: 'Marked picked.',
  'Out for Delivery': 'Dispatched. The customer has been mailed the courier and tracking link.',
  Delivered: 'Marked delivered. The customer has been mailed.',
};

export async function action({ request, context, params }: Route.ActionArgs): Promise<OrderActionResult | CertificateResult> {
  const n = numberOf(params.orderNumber);
  const form = await request.formData();
  if (form.get('intent') === 'certificate') {
    // A piece's diamond certificate (issue 20): the file and its lab and number, on to the API as multipart.
    const pieceId = String(form.get('pieceId') ?? '');
    const typed = { lab: String(form.get('lab') ?? ''), number: String(form.get('number') ?? '') };
    if (!/^\d{1,10}$/.test(pieceId)) return { intent: 'certificate', pieceId, refusal: { status: 400, message: 'Choose a piece.', code: null } };
    const body = new FormData();
    body.set('lab', typed.lab);
    body.set('number', typed.number);
    const file = form.get('file');
    if (file && typeof file !== 'string' && file.size > 0) body.set('file', file, file.name || 'certificate');
    const r = await adminApi(context, request).send('POST', `${api(n)}/pieces/${pieceId}/certificate`, body);
    return r.ok
      ? { intent: 'certificate', pieceId, saved: 'Certificate saved: the customer can download it from their order.' }
      : { intent: 'certificate', pieceId, refusal: r.refusal, typed };
  }
  const intent = String(form.get('intent') ?? '') as Intent;
  if (!INTENTS.includes(intent)) return { intent: 'status', refusal: { status: 400, message: 'Choose one of the order’s actions.', code: null } };
  const admin = adminApi(context, request);
  const text = (name: string) => String(form.get(name) ?? '');

  if (intent === 'status' || intent === 'dispatch') {
    const status = text('status');
    const typed = Object.fromEntries(DISPATCH_FIELDS.map((f) => [f, text(f)]));
    const body = intent === 'dispatch' ? { status: 'Out for Delivery', ...typed } : { status, ...(typed.note?.trim() ? { note: typed.note } : {}) };
    const r = await admin.send('POST', `${api(n)}/status`, body);
    return r.ok ? { intent, saved: SAVED[r.data.status] ?? r.data.message } : { intent, refusal: r.refusal, typed };
  }

  if (intent === 'book-courier') {
    // Issue 39: the courier provider books the parcel and the order is dispatched with its AWB.
    const r = await admin.send('POST', `${api(n)}/courier/book`);
    return r.ok ? { intent, saved: r.data.message } : { intent, refusal: r.refusal };
  }

  if (intent === 'pieces') {
    const pieces = typedPieces(form);
    const built = piecesBody(pieces);
    if (!built.ok)
      return { intent, pieces, pieceErrors: built.errors, refusal: { status: 400, message: 'Please correct the weights marked below.', code: null } };
    const r = await admin.send('POST', `${api(n)}/pieces`, built.body);
    if (r.ok)
      return {
        intent,
        saved: 'Packing recorded: the weights (and the HUID of each hallmarked piece) are saved. Any weight difference waits for the accounts desk.',
      };
    return { intent, pieces, pieceErrors: pieceErrorsOf(r.refusal.fields), refusal: r.refusal };
  }

  if (intent === 'cancel') {
    const reason = text('reason');
    if (!isConfirmed(form)) return { intent, confirm: 'cancel', typed: { reason } };
    const r = await admin.send('POST', `${api(n)}/cancel`, { reason });
    return r.ok ? { intent, saved: r.data.message || 'The order is cancelled.' } : { intent, refusal: r.refusal, confirm: 'cancel', typed: { reason } };
  }

  // waive, approve, reject: one of the weight differences
  const id = text('id');
  if (!/^\d{1,10}$/.test(id)) return { intent, refusal: { status: 400, message: 'Choose one of the weight differences.', code: null } };
  const note = text('note');
  if (intent === 'approve' || intent === 'reject') {
    if (!isConfirmed(form)) return { intent, confirm: `${intent}:${id}`, typed: { note } };
    const r = await admin.send('POST', `${api(n)}/adjustments/${id}/${intent}`, note.trim() ? { note } : {});
    return r.ok ? { intent, saved: DECIDED[intent] } : { intent, refusal: r.refusal, confirm: `${intent}:${id}`, typed: { note } };
  }
  if (!isConfirmed(form)) return { intent, confirm: `waive:${id}`, typed: { note } };
  const r = await admin.send('POST', `${api(n)}/adjustments/${id}/waive`, note.trim() ? { note } : {});
  return r.ok
    ? { intent, saved: 'The difference is waived: the customer owes nothing for it.' }
    : { intent, refusal: r.refusal, confirm: `waive:${id}`, typed: { note } };
}

const grams = (mg: number | null) => (mg === null ? '—' : gramsText(mg));
const optionText = (options: Record<string, unknown>) =>
  Object.entries(options)
    .filter(([, v]) => typeof v === 'string' || typeof v === 'number')
    .map(([k, v]) => `${k.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()}: ${String(v)}`)
    .join(' · ');

function Lines({ o }: { o: AdminOrderDetail }) {
  return (
    <Panel title="Lines">
      <div className="adm-order-scroll">
        <table className="adm-order-table">
          <caption className="adm-visually-hidden">The order’s lines with their sold weights</caption>
          <thead>
            <tr>
              <th scope="col">Piece</th>
              <th scope="col" className="num">
                Qty
              </th>
              <th scope="col" className="num">
                Sold weight (each)
              </th>
              <th scope="col" className="num">
                Price
              </th>
              <th scope="col" className="num">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {o.lines.map((l) => (
              <tr key={l.lineId}>
                <th scope="row">
                  {l.name}
                  <span className="adm-order-sub">
                    {l.sku}
                    {l.metal ? ` · ${metalText(l.metal, l.purity)}` : ''}
                    {l.hallmarked ? ' · hallmarked (HUID)' : l.recordedAtPacking ? ' · not hallmarked (no HUID)' : ''}
                  </span>
                  {optionText(l.options) && <span className="adm-order-sub">{optionText(l.options)}</span>}
                </th>
                <td className="num">{l.quantity}</td>
                <td className="num">{grams(l.soldWeightMg)}</td>
                <td className="num">{formatRupees(l.unitPricePaise)}</td>
                <td className="num">{formatRupees(l.lineTotalPaise)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="adm-order-dl">
        <dt>Subtotal</dt>
        <dd>{formatRupees(o.totals.subtotalPaise)}</dd>
        {o.totals.discountPaise > 0 && (
          <>
            <dt>Discount{o.couponCode ? ` (${o.couponCode})` : ''}</dt>
            <dd>-{formatRupees(o.totals.discountPaise)}</dd>
          </>
        )}
        <dt>Shipping</dt>
        <dd>{formatRupees(o.totals.shippingPaise)}</dd>
        <dt>GST included</dt>
        <dd>{formatRupees(o.totals.taxPaise)}</dd>
        <dt>Total</dt>
        <dd>
          <strong>{formatRupees(o.totals.totalPaise)}</strong>
        </dd>
        {o.totals.harvestCreditPaise > 0 && (
          <>
            <dt>Milli Harvest credit</dt>
            <dd>-{formatRupees(o.totals.harvestCreditPaise)}</dd>
          </>
        )}
        {o.totals.storeCreditPaise > 0 && (
          <>
            <dt>Store credit</dt>
            <dd>-{formatRupees(o.totals.storeCreditPaise)}</dd>
          </>
        )}
        {o.totals.advancePaise > 0 && (
          <>
            <dt>Advance paid on the design</dt>
            <dd>-{formatRupees(o.totals.advancePaise)}</dd>
          </>
        )}
      </dl>
    </Panel>
  );
}

export function Packing({ o, result }: { o: AdminOrderDetail; result: OrderActionResult | undefined }) {
  const mine = result?.intent === 'pieces' ? result : undefined;
  const rows = pieceRows(o, mine?.saved ? undefined : mine?.pieces);
  if (rows.length === 0) return null;
  const editable = o.status === 'Placed' || o.status === 'Picked';
  const anyHallmarked = rows.some((row) => row.hallmarked);
  const errors = mine?.pieceErrors ?? {};
  const banner = mine?.refusal && (Object.keys(errors).length > 0 ? 'Please correct the pieces marked below.' : mine.refusal.message);
  const cell = (row: (typeof rows)[number], field: 'huid' | 'netWeightMg' | 'grossWeightMg', name: string, label: string, value: string, extra: object) => {
    const id = `piece-${row.index}-${name}`;
    const error = errors[row.index]?.[field];
    return (
      <td>
        <label htmlFor={id} className="adm-visually-hidden">
          {label} of {row.lineName}, piece {row.ordinal} of {row.quantity}
        </label>
        <input
          id={id}
          name={name}
          defaultValue={value}
          className="adm-input"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          readOnly={!editable}
          {...extra}
        />
        {error && (
          <p id={`${id}-error`} className="adm-error">
            {error}
          </p>
        )}
      </td>
    );
  };
  return (
    <Panel title={anyHallmarked ? 'Packing: HUIDs and weights' : 'Packing: weights'} id="packing">
      {!editable && o.pieces.length === 0 && <p className="adm-muted">Packing is recorded once the order is placed.</p>}
      <AdminForm error={banner} saved={mine?.saved} aria-label="Packing" noValidate>
        <input type="hidden" name="intent" value="pieces" />
        <p className="adm-hint">
          One row per piece. A hallmarked piece needs its HUID; platinum and silver that is not hallmarked have none. Weights in grams with 3 decimals (for
          example 4.520); a difference from the sold weight beyond the store’s tolerance becomes an adjustment.
        </p>
        <div className="adm-order-scroll">
          <table className="adm-order-table">
            <caption className="adm-visually-hidden">Pieces to pack</caption>
            <thead>
              <tr>
                <th scope="col">Piece</th>
                <th scope="col">HUID</th>
                <th scope="col">Net weight (g)</th>
                <th scope="col">Gross weight (g)</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                // Keyed on its values too: once saved, the boxes show what the server kept (the HUID in capitals,
                // the weights with three decimals) rather than what was typed, which an uncontrolled box would keep.
                <tr key={`${row.index}:${row.huid}:${row.netGrams}:${row.grossGrams}`}>
                  <th scope="row">
                    <input type="hidden" name="lineId" value={row.lineId} />
                    {row.lineName}
                    {row.quantity > 1 && ` (${row.ordinal} of ${row.quantity})`}
                    {row.soldWeightMg !== null && <span className="adm-order-sub">Sold at {gramsText(row.soldWeightMg)} net</span>}
                  </th>
                  {row.hallmarked ? (
                    cell(row, 'huid', 'huid', 'HUID', row.huid, { maxLength: 6, autoComplete: 'off', spellCheck: false, style: { textTransform: 'uppercase' } })
                  ) : (
                    <td className="adm-muted">
                      {/* Keeps the posted lists in step: this piece has no HUID. */}
                      <input type="hidden" name="huid" value="" />
                      Not hallmarked
                    </td>
                  )}
                  {cell(row, 'netWeightMg', 'net', 'Net weight in grams', row.netGrams, { inputMode: 'decimal' })}
                  {cell(row, 'grossWeightMg', 'gross', 'Gross weight in grams', row.grossGrams, { inputMode: 'decimal' })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {editable && (
          <FormActions>
            <SubmitButton pending="Saving…">{o.pieces.length > 0 ? 'Save the packing again' : 'Record the packing'}</SubmitButton>
          </FormActions>
        )}
      </AdminForm>
    </Panel>
  );
}

export function NextStep({ o, result }: { o: AdminOrderDetail; result: OrderActionResult | undefined }) {
  if (!o.nextStatus) return null;
  const mine = result && (result.intent === 'status' || result.intent === 'dispatch') && !result.saved ? result : undefined;
  if (o.nextStatus === 'Out for Delivery') {
    const fields = mine?.refusal ? apiFieldErrors(mine.refusal, DISPATCH_FIELDS) : {};
    const banner = mine?.refusal && (Object.keys(fields).length > 0 ? 'Please correct the dispatch details below.' : mine.refusal.message);
    return (
      <Panel title="Dispatch" id="dispatch">
        {o.blockedBy && (
          <div className="adm-banner adm-banner--warning" role="note">
            <p>{o.blockedBy}</p>
          </div>
        )}
        <AdminForm error={banner} aria-label="Dispatch">
          <input type="hidden" name="intent" value="dispatch" />
          <TextField name="courierName" label="Courier" required maxLength={60} defaultValue={mine?.typed?.courierName} error={fields.courierName} />
          <TextField
            name="awbNumber"
            label="AWB number"
            required
            maxLength={30}
            defaultValue={mine?.typed?.awbNumber}
            error={fields.awbNumber}
            hint="6 to 30 letters, digits or hyphens."
            autoComplete="off"
          />
          <TextField
            name="trackingUrl"
            type="url"
            label="Tracking link"
            required
            maxLength={300}
            defaultValue={mine?.typed?.trackingUrl}
            error={fields.trackingUrl}
            size="wide"
            hint="The courier’s tracking page for this parcel (https://…). The customer is mailed it."
          />
          <FormActions>
            <SubmitButton pending="Dispatching…">Dispatch and mail the customer</SubmitButton>
          </FormActions>
        </AdminForm>
      </Panel>
    );
  }
  return (
    <Panel title="Next step" id="next-step">
      {o.blockedBy && (
        <div className="adm-banner adm-banner--warning" role="note">
          <p>{o.blockedBy}</p>
        </div>
      )}
      <AdminForm error={mine?.refusal?.message} aria-label="Next step">
        <input type="hidden" name="intent" value="status" />
        <input type="hidden" name="status" value={o.nextStatus} />
        <TextField name="note" label="Note for the timeline (optional)" maxLength={500} defaultValue={mine?.typed?.note} size="wide" />
        <FormActions>
          <SubmitButton pending="Saving…">{NEXT_LABEL[o.nextStatus]}</SubmitButton>
        </FormActions>
      </AdminForm>
    </Panel>
  );
}

function Cancel({ o, result }: { o: AdminOrderDetail; result: OrderActionResult | undefined }) {
  if (!o.canCancel) return null;
  const mine = result?.intent === 'cancel' && !result.saved ? result : undefined;
  const error = mine?.refusal ? (apiFieldErrors(mine.refusal, ['reason']).reason ?? mine.refusal.message) : undefined;
  return (
    <Form method="post" className="adm-form-actions" aria-label="Cancel the order">
      <ConfirmAction
        intent="cancel"
        label="Cancel the order"
        title={`Cancel order ${o.orderNumber}?`}
        confirmLabel="Cancel the order and refund"
        open={mine?.confirm === 'cancel'}
      >
        <p>
          The pieces go back on sale, anything paid is refunded to the way it was paid
          {o.invoiceAvailable ? ' and a credit note is issued against the invoice' : ''}, and the customer is mailed. This cannot be undone.
        </p>
        <TextField
          name="reason"
          label="Why it is cancelled"
          required
          multiline
          rows={3}
          maxLength={500}
          defaultValue={mine?.typed?.reason}
          error={error}
          size="wide"
          hint="Kept on the timeline and in the audit log."
        />
      </ConfirmAction>
    </Form>
  );
}

const ADJUSTMENT_TONE: Record<AdminOrderDetail['adjustments'][number]['status'], 'warning' | 'neutral' | 'success' | 'danger'> = {
  proposed: 'warning',
  open: 'warning',
  settled: 'success',
  waived: 'neutral',
  rejected: 'danger',
};
const ADJUSTMENT_STATE: Record<AdminOrderDetail['adjustments'][number]['status'], string> = {
  proposed: 'to approve',
  open: 'open',
  settled: 'settled',
  waived: 'waived',
  rejected: 'rejected',
};

/**
 * The weight differences packing found. Each is proposed until a member with the accounts permission approves it (a
 * refund is sent, a charge put to the customer) or rejects it (the pieces are weighed again); an open charge may be
 * waived by the same desk (issue 35). The orders desk sees them, and what they wait for.
 */
function Adjustments({ o, result }: { o: AdminOrderDetail; result: OrderActionResult | undefined }) {
  const me = useAdminMe();
  if (o.adjustments.length === 0) return null;
  const accounts = adminCan(me, 'accounts');
  const mine = result && (result.intent === 'waive' || result.intent === 'approve' || result.intent === 'reject') && !result.saved ? result : undefined;
  const lineName = (id: number | null) => o.lines.find((l) => l.lineId === id)?.name;
  return (
    <Panel title="Weight adjustments" tone={o.adjustments.some((a) => a.status === 'open' || a.status === 'proposed') ? 'warning' : undefined}>
      {mine?.refusal && (
        <div className="adm-banner adm-banner--error" role="alert">
          <p>{mine.refusal.message}</p>
        </div>
      )}
      {!accounts && o.adjustments.some((a) => a.status === 'proposed') && (
        <p className="adm-hint">A member with the accounts permission approves or rejects each difference before any money moves.</p>
      )}
      <ul className="adm-order-timeline">
        {o.adjustments.map((a) => (
          <li key={a.id}>
            <span>
              <StatusBadge tone={ADJUSTMENT_TONE[a.status]}>
                {a.kind === 'charge' ? 'Charge' : 'Refund'} {ADJUSTMENT_STATE[a.status]}
              </StatusBadge>
            </span>
            <div>
              <strong>{formatRupees(a.amountPaise)}</strong>
              {lineName(a.lineId) ? ` · ${lineName(a.lineId)}` : ''}
              {a.beyondTolerance && (
                <span className="adm-order-sub adm-order-flag">Outside the packing tolerance: check the scale and the piece before approving.</span>
              )}
              <span className="adm-order-sub">{a.reason}</span>
              <span className="adm-order-sub">
                Raised {shopDateTime(a.createdAt)}
                {a.decidedAt
                  ? `; ${a.status === 'rejected' ? 'rejected' : 'approved'} ${shopDateTime(a.decidedAt)}${a.decidedBy ? ` by ${a.decidedBy}` : ''}`
                  : ''}
                {a.settledAt && a.status !== 'rejected' ? `; ${a.status} ${shopDateTime(a.settledAt)}` : ''}
                {a.decisionNote ? ` (${a.decisionNote})` : ''}
              </span>
              {accounts && a.status === 'proposed' && (
                <div className="adm-form-actions">
                  {(['approve', 'reject'] as const).map((decision) => (
                    <Form method="post" key={decision}>
                      <input type="hidden" name="id" value={a.id} />
                      <ConfirmAction
                        intent={decision}
                        label={
                          <>
                            {decision === 'approve' ? 'Approve' : 'Reject'}
                            <span className="adm-visually-hidden">
                              {' '}
                              the {a.kind} of {formatRupees(a.amountPaise)}
                            </span>
                          </>
                        }
                        title={`${decision === 'approve' ? 'Approve' : 'Reject'} the ${a.kind} of ${formatRupees(a.amountPaise)}?`}
                        confirmLabel={
                          decision === 'approve'
                            ? a.kind === 'refund'
                              ? `Refund ${formatRupees(a.amountPaise)}`
                              : `Ask the customer for ${formatRupees(a.amountPaise)}`
                            : 'Reject: weigh again'
                        }
                        tone={decision === 'approve' ? 'primary' : undefined}
                        open={mine?.confirm === `${decision}:${a.id}`}
                      >
                        <p>
                          {decision === 'reject'
                            ? 'Nothing is refunded or charged. The orders desk must weigh the pieces again and save the packing before the order can leave.'
                            : a.kind === 'refund'
                              ? o.payment.method === 'cod'
                                ? `${formatRupees(a.amountPaise)} comes off what the customer pays on delivery.`
                                : `${formatRupees(a.amountPaise)} goes back to the way the customer paid, through the payment gateway. This cannot be undone.`
                              : `The customer is mailed and asked to pay ${formatRupees(a.amountPaise)} from their order's page; the order leaves once it is paid, or they may cancel it for a full refund.`}
                        </p>
                        <TextField name="note" label="Note for the audit log (optional)" maxLength={500} defaultValue={mine?.typed?.note} />
                      </ConfirmAction>
                    </Form>
                  ))}
                </div>
              )}
              {accounts && a.kind === 'charge' && a.status === 'open' && (
                <Form method="post" className="adm-form-actions">
                  <input type="hidden" name="id" value={a.id} />
                  <ConfirmAction
                    intent="waive"
                    label={
                      <>
                        Waive<span className="adm-visually-hidden"> the charge of {formatRupees(a.amountPaise)}</span>
                      </>
                    }
                    title={`Waive ${formatRupees(a.amountPaise)}?`}
                    confirmLabel="Waive the difference"
                    tone="primary"
                    open={mine?.confirm === `waive:${a.id}`}
                  >
                    <p>The store absorbs the difference; the customer is not asked to pay it and the order can be dispatched.</p>
                    <TextField name="note" label="Note for the audit log (optional)" maxLength={500} defaultValue={mine?.typed?.note} />
                  </ConfirmAction>
                </Form>
              )}
            </div>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const PAYMENT_STATE: Record<AdminOrderDetail['payment']['state'], string> = {
  awaiting: 'Awaiting payment',
  paid: 'Paid',
  cod_due: 'Due on delivery',
  covered: 'Nothing to pay: paid before',
  lapsed: 'Lapsed (not paid in time)',
  cancelled: 'Cancelled before payment',
  refunded: 'Refunded',
  partially_refunded: 'Partly refunded',
};

function Payments({ o }: { o: AdminOrderDetail }) {
  const p = o.payment;
  const refunds = o.adjustments.filter((a) => a.kind === 'refund');
  return (
    <Panel title="Payment">
      <dl className="adm-order-dl">
        <dt>How</dt>
        <dd>
          {/* What paid it (issue 39): an order paid wholly by store credit is not "Online · Covered by Milli Harvest". */}
          {p.state === 'covered' ? (
            upperFirst(paidBeforeWords(p.paidBefore, 'the'))
          ) : (
            <>
              {p.method === 'cod' ? 'Pay on delivery' : 'Online'}
              {p.methodLabel ? ` · ${p.methodLabel}` : ''}
              {p.paidBefore.length > 0 ? `, with ${paidBeforeWords(p.paidBefore, 'the')}` : ''}
            </>
          )}
        </dd>
        <dt>State</dt>
        <dd>{PAYMENT_STATE[p.state]}</dd>
        <dt>Paid</dt>
        <dd>{formatRupees(p.paidPaise)}</dd>
        {p.payNowPaise > 0 && p.state === 'awaiting' && (
          <>
            <dt>To pay online</dt>
            <dd>
              {formatRupees(p.payNowPaise)}
              {p.payBy ? ` by ${shopDateTime(p.payBy)}` : ''}
            </dd>
          </>
        )}
        {p.payOnDeliveryPaise > 0 && (
          <>
            <dt>Due on delivery</dt>
            <dd>{formatRupees(p.payOnDeliveryPaise)}</dd>
          </>
        )}
        {p.refundedPaise > 0 && (
          <>
            <dt>Refunded</dt>
            <dd>{formatRupees(p.refundedPaise)}</dd>
          </>
        )}
        {refunds.map((r) => (
          <div key={r.id} style={{ display: 'contents' }}>
            <dt>Weight refund</dt>
            <dd>
              {formatRupees(r.amountPaise)} ({r.status})
            </dd>
          </div>
        ))}
      </dl>
    </Panel>
  );
}

function Documents({ o }: { o: AdminOrderDetail }) {
  return (
    <Panel title="Invoice and credit notes">
      {o.invoiceAvailable ? (
        <p>
          <a href={`${api(o.orderNumber)}/invoice.pdf`} download>
            Tax invoice {o.invoiceNumber} (PDF)
          </a>
        </p>
      ) : o.status === 'Cancelled' ? (
        <p className="adm-muted">Cancelled before dispatch: no tax invoice was issued.</p>
      ) : (
        <p className="adm-muted">The tax invoice is issued at dispatch, with the next number of its series.</p>
      )}
      {o.creditNotes.length > 0 && (
        <ul>
          {o.creditNotes.map((c) => (
            <li key={c.id}>
              <a href={`${api(o.orderNumber)}/credit-notes/${c.id}.pdf`} download>
                Credit note {c.number} (PDF)
              </a>{' '}
              {formatRupees(c.amountPaise)} · {c.reason} · {shopDateTime(c.createdAt)}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function Customer({ o }: { o: AdminOrderDetail }) {
  return (
    <Panel title="Customer">
      <dl className="adm-order-dl">
        <dt>Name</dt>
        <dd>{o.customer.name}</dd>
        <dt>E-mail</dt>
        <dd>
          <a href={`mailto:${o.customer.email}`}>{o.customer.email}</a>
        </dd>
        {o.customer.phone && (
          <>
            <dt>Phone</dt>
            <dd>
              <a href={`tel:${o.customer.phone}`}>{o.customer.phone}</a>
            </dd>
          </>
        )}
        <dt>Ship to</dt>
        <dd>
          <AddressLines address={o.shippingAddress} />
        </dd>
        <dt>Bill to</dt>
        <dd>
          <AddressLines address={o.billingAddress} />
        </dd>
        {o.pan && (
          <>
            <dt>PAN</dt>
            <dd>{o.pan}</dd>
          </>
        )}
        {o.form60 && (
          <>
            {/* Issue 38: the buyer's Form 60 declaration in place of a PAN; the Aadhaar number masked to its last four digits. */}
            <dt>Form 60</dt>
            <dd>
              Declared instead of a PAN by {o.form60.name}, {o.form60.address}, for {formatRupees(o.form60.amountPaise)} on{' '}
              {new Date(o.form60.declaredAt).toLocaleDateString('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', year: 'numeric' })}.
              <br />
              {o.form60.aadhaar ? `Aadhaar ${o.form60.aadhaar}` : `No Aadhaar number: ${o.form60.noAadhaarReason ?? ''}`}
            </dd>
          </>
        )}
        {(o.companyName || o.companyGstin) && (
          <>
            <dt>Company</dt>
            <dd>{[o.companyName, o.companyGstin && `GSTIN ${o.companyGstin}`].filter(Boolean).join(' · ')}</dd>
          </>
        )}
        {o.customRequestId !== null && (
          <>
            <dt>Made to order</dt>
            <dd>From design request #{o.customRequestId}</dd>
          </>
        )}
      </dl>
    </Panel>
  );
}

function Shipment({ o }: { o: AdminOrderDetail }) {
  if (!o.shipment) return null;
  const s = o.shipment;
  return (
    <Panel title="Shipment">
      <dl className="adm-order-dl">
        <dt>Courier</dt>
        <dd>{s.courierName}</dd>
        <dt>AWB</dt>
        <dd>{s.awbNumber}</dd>
        {s.trackingUrl && (
          <>
            <dt>Tracking</dt>
            <dd>
              <a href={s.trackingUrl} target="_blank" rel="noopener noreferrer">
                The courier’s tracking page<span className="adm-visually-hidden"> (opens in a new tab)</span>
              </a>
            </dd>
          </>
        )}
        <dt>Dispatched</dt>
        <dd>{shopDateTime(s.dispatchedAt)}</dd>
        <dt>Delivered</dt>
        <dd>{s.deliveredAt ? shopDateTime(s.deliveredAt) : 'Not yet'}</dd>
      </dl>
    </Panel>
  );
}

function Timeline({ o }: { o: AdminOrderDetail }) {
  return (
    <Panel title="Timeline">
      {o.timeline.length === 0 ? (
        <p className="adm-muted">Nothing has happened yet.</p>
      ) : (
        <ol className="adm-order-timeline">
          {o.timeline.map((e, i) => (
            <li key={i}>
              <time dateTime={e.at}>{shopDateTime(e.at)}</time>
              <span>
                {e.text}
                {e.by && <span className="adm-order-sub">by {e.by}</span>}
              </span>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}

export default function AdminOrder({ loaderData: { order: o, returns, courier }, actionData }: Route.ComponentProps) {
  const all = actionData as OrderActionResult | CertificateResult | undefined;
  const certificate = all?.intent === 'certificate' ? all : undefined;
  const result = all?.intent === 'certificate' ? undefined : all;
  return (
    <>
      <PageHeader
        title={`Order ${o.orderNumber}`}
        back={{ to: ADMIN_PATHS.orders, label: 'Orders' }}
        description={
          <>
            <StatusBadge tone={ORDER_TONE[o.status]}>{o.status}</StatusBadge> placed {shopDateTime(o.placedAt)} · {o.customer.name} ·{' '}
            {formatRupees(o.totals.totalPaise)}
            {o.nextStatus ? ` · next: ${NEXT_LABEL[o.nextStatus].toLowerCase()}` : ''}
          </>
        }
        actions={<Cancel o={o} result={result} />}
      />
      {result?.saved && result.intent !== 'pieces' && (
        <div className="adm-banner adm-banner--success" role="status">
          <p>{result.saved}</p>
        </div>
      )}
      {o.blockedBy && !o.nextStatus && (
        <div className="adm-banner adm-banner--warning" role="note">
          <p>{o.blockedBy}</p>
        </div>
      )}
      <div className="adm-order-cols">
        <div>
          <Lines o={o} />
          <Packing o={o} result={result} />
          <Certificates o={o} result={certificate} />
          <Adjustments o={o} result={result} />
          <Timeline o={o} />
        </div>
        <div>
          <CourierPanel courier={courier} refusal={result?.intent === 'book-courier' ? result.refusal : undefined} shopDateTime={shopDateTime} />
          {/* Keyed by the step: otherwise React keeps the dispatch form's DOM boxes for the next form, and the AWB
              typed a moment ago lands in the Delivered step's note box (issue 39). */}
          <NextStep key={o.nextStatus ?? 'none'} o={o} result={result} />
          <PrintPanel o={o} />
          <OrderReturnsLinks returns={returns} />
          <Shipment o={o} />
          <Payments o={o} />
          <Documents o={o} />
          <Customer o={o} />
          <GoodwillForm orderNumber={o.orderNumber} />
          <p>
            <Link to={ADMIN_PATHS.orders}>Back to the orders</Link>
          </p>
        </div>
      </div>
    </>
  );
}
