/**
 * /admin/harvest/:id (issue 19): one Milli Harvest plan for the accounts desk: its figures and the 365-day limit,
 * its instalments with their payments and refunds, the reminders sent, the orders that spent it and its history.
 * Remind mails the customer about the next instalment now; Close (with or without the refund) asks first
 * (ConfirmAction), with or without JavaScript.
 */
import { Form, data, useActionData } from 'react-router';
import { formatRupees } from '@milli/pricing';
import type { AdminHarvestPlan } from '@milli/contracts/schemas';
import type { Route } from './+types/harvest-plan';
import { PageHeader, Panel, StatusBadge } from '../../components/admin/admin-shell.tsx';
import { ConfirmAction, isConfirmed } from '../../components/admin/confirm-dialog.tsx';
import { Checkbox, TextField } from '../../components/admin/form-kit.tsx';
import { adminApi } from '../../lib/admin.server.ts';
import { ADMIN_PATHS } from '../../lib/admin-nav.ts';
import { PLAN_TONE, showDate, showDateTime } from '../../features/admin-harvest/harvest-view.ts';
import '../../features/admin-harvest/admin-harvest.css';

export const meta: Route.MetaFunction = ({ data: loaded }) => [{ title: `${loaded?.plan ? `Harvest plan ${loaded.plan.id}` : 'Harvest plan'} · Back office` }];

function idOf(param: string | undefined): number {
  const id = Number(param);
  if (!Number.isSafeInteger(id) || id < 1) throw data({ message: 'There is no such Harvest plan.' }, { status: 404 });
  return id;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const plan = await adminApi(context, request).get(`/api/admin/harvest/plans/${idOf(params.id)}`);
  return { plan };
}

type Result = { ok: true; message: string } | { ok: false; message: string; reason?: string } | { confirm: string; reason: string; refund: boolean };

export async function action({ request, context, params }: Route.ActionArgs): Promise<Result> {
  const id = idOf(params.id);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const api = adminApi(context, request);
  if (intent === 'remind') {
    const r = await api.send('POST', `/api/admin/harvest/plans/${id}/remind`, {});
    return r.ok ? { ok: true, message: 'Reminder sent: the customer has been mailed about the next instalment.' } : { ok: false, message: r.refusal.message };
  }
  if (intent !== 'close') return { ok: false, message: 'Choose Remind or Close.' };
  const reason = String(form.get('reason') ?? '');
  const refund = form.get('refund') === 'on';
  if (!isConfirmed(form)) return { confirm: 'close', reason, refund };
  const r = await api.send('POST', `/api/admin/harvest/plans/${id}/close`, { reason, refund });
  if (!r.ok) return { ok: false, message: r.refusal.fields?.reason ?? r.refusal.message, reason };
  return {
    ok: true,
    message:
      r.data.refundedPaise > 0
        ? `Plan closed. ${formatRupees(r.data.refundedPaise)} is being refunded; the customer has been mailed.`
        : 'Plan closed; the customer has been mailed.',
  };
}

function Facts({ p }: { p: AdminHarvestPlan }) {
  const facts: [string, React.ReactNode][] = [
    ['Customer', `${p.customer.name} (${p.customer.email})`],
    ['Mails go to', p.email],
    ['Monthly amount', formatRupees(p.monthlyAmountPaise)],
    ['Paid', `${p.paidCount} of 10 · ${formatRupees(p.paidPaise)}`],
    ['Next due', p.nextDueDate ? `${showDate(p.nextDueDate)}${p.overdueDays > 0 ? ` (${p.overdueDays} days late)` : ''}` : '–'],
    ['Matures', showDate(p.maturityDate)],
    ['Balance to spend', formatRupees(p.balancePaise)],
    [
      'Redeemable until',
      p.limitDate
        ? `${showDate(p.limitDate)}${p.daysToLimit !== null && (p.status === 'Active' || p.status === 'Matured') ? ` (${p.daysToLimit < 0 ? `${-p.daysToLimit} days past` : `${p.daysToLimit} days left`})` : ''}`
        : 'No payment yet',
    ],
    ['Refunded', formatRupees(p.refundedPaise)],
    ['Started', showDate(p.startedAt)],
  ];
  if (p.closedAt) facts.push(['Closed', `${showDateTime(p.closedAt)} by ${p.closedBy ?? 'system'}: ${p.closeReason ?? ''}`]);
  return (
    <dl className="hv-facts">
      {facts.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

function Instalments({ p }: { p: AdminHarvestPlan }) {
  return (
    <div className="hv-table-wrap" tabIndex={0} role="region" aria-label={`Instalments of plan ${p.id}`}>
      <table className="hv-table">
        <caption className="adm-visually-hidden">Instalments of plan {p.id}</caption>
        <thead>
          <tr>
            <th scope="col">No.</th>
            <th scope="col">Due</th>
            <th scope="col" className="hv-num">
              Amount
            </th>
            <th scope="col">Status</th>
            <th scope="col">Payment</th>
            <th scope="col">Reminded</th>
          </tr>
        </thead>
        <tbody>
          {p.instalments.map((i) => (
            <tr key={i.id}>
              <th scope="row">{i.number}</th>
              <td>{showDate(i.dueDate)}</td>
              <td className="hv-num">{formatRupees(i.payablePaise)}</td>
              <td>
                <StatusBadge tone={i.status === 'Paid' ? 'success' : i.status === 'Free' ? 'neutral' : 'warning'}>{i.status}</StatusBadge>
              </td>
              <td>
                {i.payment ? (
                  <>
                    {formatRupees(i.payment.amountPaise)} {i.payment.method ? `by ${i.payment.method}` : ''} · {i.payment.status}
                    {i.paidAt && <span className="adm-muted"> · {showDateTime(i.paidAt)}</span>}
                    {i.payment.refunds.map((f, n) => (
                      <div key={n} className="adm-muted">
                        Refund {formatRupees(f.amountPaise)} · {f.status} · {showDateTime(f.createdAt)}
                      </div>
                    ))}
                  </>
                ) : (
                  <span className="adm-muted">–</span>
                )}
              </td>
              <td>{i.remindedAt ? showDateTime(i.remindedAt) : <span className="adm-muted">–</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function HarvestPlanPage({ loaderData: { plan: p } }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const confirming = result && 'confirm' in result ? result : null;
  const open = p.status === 'Active' || p.status === 'Matured';
  return (
    <>
      <PageHeader
        title={`Harvest plan ${p.id}`}
        description={
          <>
            <StatusBadge tone={PLAN_TONE[p.status]}>{p.status}</StatusBadge>{' '}
            {p.mustClose && <StatusBadge tone="danger">Past the 365-day limit: must be closed and refunded</StatusBadge>}
          </>
        }
        back={{ to: ADMIN_PATHS.harvest, label: 'Harvest plans' }}
      />
      {result && 'ok' in result && (
        <div className={`adm-banner adm-banner--${result.ok ? 'success' : 'error'}`} role={result.ok ? 'status' : 'alert'}>
          <p>{result.message}</p>
        </div>
      )}
      <div className="adm-stack">
        <Panel title="The plan">
          <Facts p={p} />
        </Panel>
        {open && (
          <Panel title="Actions">
            <div className="adm-form-actions">
              {p.status === 'Active' && (
                <Form method="post">
                  <button type="submit" name="intent" value="remind" className="adm-button adm-button--secondary">
                    Remind the customer now
                  </button>
                </Form>
              )}
              <Form method="post">
                <ConfirmAction
                  intent="close"
                  label="Close the plan"
                  title={`Close Harvest plan ${p.id}?`}
                  confirmLabel="Close the plan"
                  open={confirming !== null}
                >
                  <p>The plan becomes Cancelled and cannot be used or paid again. The customer is mailed.</p>
                  <TextField
                    name="reason"
                    label="Reason"
                    required
                    maxLength={500}
                    defaultValue={confirming?.reason ?? (result && 'reason' in result ? result.reason : '')}
                    hint="Told to the customer in the mail, and kept in the history."
                  />
                  <Checkbox
                    name="refund"
                    label={`Refund ${formatRupees(p.refundablePaise)} through the payment gateway`}
                    defaultChecked={confirming ? confirming.refund : p.refundablePaise > 0}
                    disabled={p.refundablePaise === 0}
                    hint={
                      p.status === 'Matured'
                        ? 'A matured plan gives back what is left of its balance, never more than the customer paid.'
                        : 'Every paid instalment is refunded.'
                    }
                  />
                </ConfirmAction>
              </Form>
            </div>
          </Panel>
        )}
        <Panel title="Instalments">
          <Instalments p={p} />
        </Panel>
        <Panel title="Reminders sent">
          {p.reminders.length === 0 ? (
            <p className="adm-muted">No reminder has been sent.</p>
          ) : (
            <ul className="hv-list">
              {p.reminders.map((m, n) => (
                <li key={n}>
                  {showDateTime(m.createdAt)}: {m.subject} <span className="adm-muted">({m.status})</span>
                </li>
              ))}
            </ul>
          )}
        </Panel>
        <Panel title="Spent on orders">
          {p.redemptions.length === 0 ? (
            <p className="adm-muted">Nothing spent yet.</p>
          ) : (
            <ul className="hv-list">
              {p.redemptions.map((r, n) => (
                <li key={n}>
                  Order {r.orderNumber}: {formatRupees(r.amountPaise)} on {showDate(r.spentAt)}
                  {r.returnedAt && <span className="adm-muted"> (given back {showDate(r.returnedAt)})</span>}
                </li>
              ))}
            </ul>
          )}
        </Panel>
        <Panel title="History">
          {p.history.length === 0 ? (
            <p className="adm-muted">No action by the desk yet.</p>
          ) : (
            <ul className="hv-list">
              {p.history.map((h, n) => (
                <li key={n}>
                  {showDateTime(h.at)}: {h.action} by {h.by}
                  {h.note && <>: {h.note}</>}
                </li>
              ))}
            </ul>
          )}
        </Panel>
      </div>
    </>
  );
}
