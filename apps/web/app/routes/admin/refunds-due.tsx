/**
 * /admin/refunds-due (issue 20, permission accounts): the checked returns waiting for their refund, oldest first,
 * each with what the check found, the amount, how it goes back (the gateway or store credit) and its Refund button
 * (a plain POST to this route's action). Accounts need not hold the orders desk's permission to work it.
 */
import { Form } from 'react-router';
import { formatRupees } from '@milli/pricing';
import type { AdminRefundsDue, ReturnStepAnswer } from '@milli/contracts/schemas';
import type { Route } from './+types/refunds-due';
import { PageHeader, Panel } from '../../components/admin/admin-shell.tsx';
import { FormActions, SubmitButton } from '../../components/admin/form-kit.tsx';
import { adminApi, type AdminRefusal } from '../../lib/admin.server.ts';
import '../../features/admin-orders/admin-orders.css';

export const meta: Route.MetaFunction = () => [{ title: 'Refunds due · Back office' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  return { due: await adminApi(context, request).get<AdminRefundsDue>('/api/admin/refunds-due') };
}

export type RefundResult = { id: string; saved?: string; refusal?: AdminRefusal };

export async function action({ request, context }: Route.ActionArgs): Promise<RefundResult> {
  const form = await request.formData();
  const id = String(form.get('id') ?? '');
  if (!/^\d{1,10}$/.test(id)) return { id, refusal: { status: 400, message: 'Choose Refund on one of the returns.', code: null } };
  const r = await adminApi(context, request).send<ReturnStepAnswer>('POST', `/api/admin/returns/${id}/refund`, {});
  return r.ok ? { id, saved: `Return ${id} is refunded (${formatRupees(r.data.return.refundedPaise)}). The customer has been mailed.` } : { id, refusal: r.refusal };
}

export default function RefundsDue({ loaderData: { due }, actionData }: Route.ComponentProps) {
  const result = actionData as RefundResult | undefined;
  return (
    <>
      <PageHeader title="Refunds due" description="Returns the orders desk has checked, waiting for their refund: to the way the customer paid, or as store credit." />
      {result?.saved && (
        <div className="adm-banner adm-banner--success" role="status">
          <p>{result.saved}</p>
        </div>
      )}
      {result?.refusal && (
        <div className="adm-banner adm-banner--error" role="alert">
          <p>{result.refusal.message}</p>
        </div>
      )}
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
            <FormActions>
              <SubmitButton name="id" value={String(r.id)} pending="Refunding…">
                Refund {formatRupees(r.refundDuePaise)}
              </SubmitButton>
            </FormActions>
          </Form>
        </Panel>
      ))}
    </>
  );
}
