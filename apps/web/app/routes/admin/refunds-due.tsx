/**
 * /admin/refunds-due (issue 20, permission accounts): what the accounts desk owes customers, oldest first. The
 * checked returns waiting for their refund, each with what the check found, the amount, how it goes back (the
 * gateway or store credit) and its Refund button; and the exchanges and buy-backs whose piece the orders desk has
 * received, each with its value and the form that settles it. Accounts need not hold the orders desk's permission.
 */
import { Form } from 'react-router';
import { formatRupees } from '@milli/pricing';
import type { Route } from './+types/refunds-due';
import { PageHeader, Panel } from '../../components/admin/admin-shell.tsx';
import { FormActions, SubmitButton } from '../../components/admin/form-kit.tsx';
import { adminApi, type AdminRefusal } from '../../lib/admin.server.ts';
import { EXCHANGE_KIND_LABEL, grams } from '../../features/admin-exchanges/exchange-view.ts';
import { SettleForm } from '../../features/admin-exchanges/settle-form.tsx';
import { settleExchange, type SettleResult } from '../../features/admin-exchanges/settle.server.ts';
import { REFUND_CONFIRM_FIELD, RefundConfirm, refundBodyOf } from '../../features/admin-returns/refund-confirm.tsx';
import '../../features/admin-orders/admin-orders.css';
import '../../features/admin-exchanges/admin-exchanges.css';

export const meta: Route.MetaFunction = () => [{ title: 'Refunds due · Back office' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = adminApi(context, request);
  const [due, toSettle] = await Promise.all([api.get('/api/admin/refunds-due'), api.get('/api/admin/exchanges-to-settle')]);
  return { due, toSettle };
}

export type RefundResult = { id: string; saved?: string; refusal?: AdminRefusal };

export async function action({ request, context }: Route.ActionArgs): Promise<RefundResult | SettleResult> {
  const form = await request.formData();
  const id = String(form.get('id') ?? '');
  if (form.get('intent') === 'settle') {
    if (!/^\d{1,10}$/.test(id)) return { intent: 'settle', id: 0, ok: false, message: 'Choose Settle on one of the requests.' };
    return settleExchange(adminApi(context, request), Number(id), form);
  }
  if (!/^\d{1,10}$/.test(id)) return { id, refusal: { status: 400, message: 'Choose Refund on one of the returns.', code: null } };
  // Issue 39: a refund goes only with the amount confirmed.
  const refund = refundBodyOf(form);
  if ('error' in refund) return { id, refusal: { status: 400, message: refund.error, code: null, fields: { [REFUND_CONFIRM_FIELD]: refund.error } } };
  const r = await adminApi(context, request).send('POST', `/api/admin/returns/${id}/refund`, refund.body);
  return r.ok
    ? { id, saved: `Return ${id} is refunded (${formatRupees(r.data.return.refundedPaise)}). The customer has been mailed.` }
    : { id, refusal: r.refusal };
}

export default function RefundsDue({ loaderData: { due, toSettle }, actionData }: Route.ComponentProps) {
  const answer = actionData as RefundResult | SettleResult | undefined;
  const settled = answer && 'intent' in answer ? answer : undefined;
  const result = answer && !('intent' in answer) ? answer : undefined;
  return (
    <>
      <PageHeader
        title="Refunds due"
        description="Returns the orders desk has checked, waiting for their refund (to the way the customer paid, or as store credit), and received exchanges and buy-backs waiting to be settled."
      />
      {settled && (
        <div className={`adm-banner adm-banner--${settled.ok ? 'success' : 'error'}`} role={settled.ok ? 'status' : 'alert'}>
          <p>{settled.ok ? settled.message : `Request ${settled.id}: ${settled.message}`}</p>
        </div>
      )}
      {result?.saved && (
        <div className="adm-banner adm-banner--success" role="status">
          <p>{result.saved}</p>
        </div>
      )}
      {result?.refusal && !result.refusal.fields?.[REFUND_CONFIRM_FIELD] && (
        <div className="adm-banner adm-banner--error" role="alert">
          <p>{result.refusal.message}</p>
        </div>
      )}
      <h2 className="xc-h2">Returns</h2>
      {due.data.length === 0 && <p className="adm-muted">No refund is due.</p>}
      {due.data.map((r) => (
        <Panel key={r.id} title={`Return ${r.id} · order ${r.orderNumber}`} id={`return-${r.id}`}>
          <dl className="adm-order-dl">
            <dt>Customer</dt>
            <dd>
              {r.customer.name} · {r.customer.email}
            </dd>
            <dt>Pieces</dt>
            <dd>{r.lines.map((l) => `${l.quantity} × ${l.name}`).join(', ')}</dd>
            <dt>Check</dt>
            <dd>
              {r.checkNote}
              {r.refundDuePaise < r.amountPaise ? ` (refund ${formatRupees(r.refundDuePaise)} of ${formatRupees(r.amountPaise)})` : ''}
            </dd>
            <dt>How it goes back</dt>
            <dd>{r.refundPlan.explanation}</dd>
          </dl>
          <Form method="post" className="adm-form adm-refund-form" aria-label={`Refund return ${r.id}`}>
            <input type="hidden" name="id" value={r.id} />
            <RefundConfirm
              amountPaise={r.refundDuePaise}
              explanation={r.refundPlan.explanation}
              error={result?.id === String(r.id) ? result.refusal?.fields?.[REFUND_CONFIRM_FIELD] : undefined}
            />
            <FormActions>
              <SubmitButton name="id" value={String(r.id)} pending="Refunding…">
                Refund {formatRupees(r.refundDuePaise)}
              </SubmitButton>
            </FormActions>
          </Form>
        </Panel>
      ))}
      <h2 className="xc-h2">Exchanges and buy-backs to settle</h2>
      {toSettle.data.length === 0 && <p className="adm-muted">No exchange or buy-back is waiting to be settled.</p>}
      {toSettle.data.map((d) => {
        const x = d.request;
        return (
          <Panel key={x.id} title={`${EXCHANGE_KIND_LABEL[x.kind]} #${x.id} · order ${x.orderNumber}`} id={`exchange-${x.id}`}>
            <dl className="adm-order-dl">
              <dt>Customer</dt>
              <dd>
                {x.customerName} · {x.customerEmail}
              </dd>
              <dt>Piece</dt>
              <dd>
                {x.productName}
                {x.huid ? ` · HUID ${x.huid}` : ''} · {grams(x.metalWeightMg)}
              </dd>
              <dt>Quoted</dt>
              <dd>{formatRupees(x.quotedPaise)}</dd>
            </dl>
            <SettleForm detail={d} fields={settled && !settled.ok && settled.id === x.id ? settled.fields : undefined} />
          </Panel>
        );
      })}
    </>
  );
}
