/**
 * /admin/exchanges/:id (issue 20): one exchange or buy-back request. The orders desk receives the piece or refuses
 * the request with a reason; the accounts desk settles it at the value of the day the piece was received (lower,
 * with a note of what testing found): an exchange becomes store credit; a buy-back is paid by bank transfer
 * outside the store's gateway and recorded here with its UTR.
 */
import { Link, data, useActionData } from 'react-router';
import { metalText } from '@milli/contracts';
import { formatRupees } from '@milli/pricing';
import type { Route } from './+types/exchange';
import { PageHeader, Panel, StatusBadge } from '../../components/admin/admin-shell.tsx';
import { AdminForm, FormActions, SubmitButton, TextField } from '../../components/admin/form-kit.tsx';
import { adminApi } from '../../lib/admin.server.ts';
import { ADMIN_PATHS } from '../../lib/admin-nav.ts';
import { adminCan, useAdminMe } from '../../lib/admin-me.ts';
import { EXCHANGE_KIND_LABEL, EXCHANGE_TONE, grams, showDay } from '../../features/admin-exchanges/exchange-view.ts';
import { SettleForm, SettleValue } from '../../features/admin-exchanges/settle-form.tsx';
import { settleExchange } from '../../features/admin-exchanges/settle.server.ts';
import '../../features/admin-exchanges/admin-exchanges.css';

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `${loaded?.detail ? `${EXCHANGE_KIND_LABEL[loaded.detail.request.kind]} #${loaded.detail.request.id}` : 'Exchange'} · Back office` },
];

function idOf(param: string | undefined): number {
  const id = Number(param);
  if (!Number.isSafeInteger(id) || id < 1) throw data({ message: 'There is no such request.' }, { status: 404 });
  return id;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const detail = await adminApi(context, request).get(`/api/admin/exchanges/${idOf(params.id)}`);
  return { detail };
}

type Result = { intent: string; ok: boolean; message: string; fields?: Record<string, string> };

export async function action({ request, context, params }: Route.ActionArgs): Promise<Result> {
  const id = idOf(params.id);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const api = adminApi(context, request);
  const path = `/api/admin/exchanges/${id}` as const;
  let r;
  if (intent === 'receive') r = await api.send('POST', `${path}/receive`, {});
  else if (intent === 'refuse') r = await api.send('POST', `${path}/refuse`, { reason: String(form.get('reason') ?? '') });
  else if (intent === 'settle') return settleExchange(api, id, form);
  else return { intent, ok: false, message: 'Choose Receive, Settle or Refuse.' };
  if (!r.ok) return { intent, ok: false, message: r.refusal.message, ...(r.refusal.fields ? { fields: r.refusal.fields } : {}) };
  return { intent, ok: true, message: intent === 'receive' ? 'Received. The customer has been mailed.' : 'Refused. The customer has been mailed the reason.' };
}

export default function Exchange({ loaderData: { detail } }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  // The server settles only for the accounts permission; other desks read who does, not a form that would be refused.
  const canSettle = adminCan(useAdminMe(), 'accounts');
  const x = detail.request;
  const open = x.status === 'Requested' || x.status === 'Received';
  const fieldsOf = (intent: string) => (result && result.intent === intent && !result.ok ? (result.fields ?? {}) : {});
  const facts: [string, React.ReactNode][] = [
    ['Customer', `${x.customerName} (${x.customerEmail})`],
    ['Order', <Link to={ADMIN_PATHS.order(x.orderNumber)}>{x.orderNumber}</Link>],
    ['Piece', `${x.productName}${x.huid ? ` · HUID ${x.huid}` : ''}`],
    ['Metal', `${grams(x.metalWeightMg)} ${metalText(x.metal, x.purity)}`.trim()],
    ['Diamonds', x.diamondWeightCents > 0 ? `${(x.diamondWeightCents / 100).toFixed(2)} ct` : 'None'],
    ['Asked on', showDay(x.createdAt)],
    ['Quoted', `${formatRupees(x.quotedPaise)} at ${formatRupees(x.ratePaisePerGram)}/g (rate of ${showDay(x.rateDate)})`],
  ];
  if (x.settledPaise !== null)
    facts.push(['Settled', `${formatRupees(x.settledPaise)}${x.settledAt ? ` on ${showDay(x.settledAt)}` : ''}${x.settledBy ? ` by ${x.settledBy}` : ''}`]);
  if (x.payoutReference) facts.push(['Payment reference', x.payoutReference]);
  if (x.note) facts.push(['Note', x.note]);
  if (x.refusedReason) facts.push(['Refused', x.refusedReason]);
  return (
    <>
      <PageHeader
        title={`${EXCHANGE_KIND_LABEL[x.kind]} #${x.id}`}
        description={
          x.kind === 'exchange'
            ? 'Settled as store credit towards a new piece.'
            : 'Settled by a bank transfer to the customer, recorded here with its reference.'
        }
        back={{ to: ADMIN_PATHS.exchanges, label: 'Exchanges & buy-back' }}
        actions={<StatusBadge tone={EXCHANGE_TONE[x.status]}>{x.status}</StatusBadge>}
      />
      {result && (
        <div className={`adm-banner adm-banner--${result.ok ? 'success' : 'error'}`} role={result.ok ? 'status' : 'alert'}>
          <p>{result.message}</p>
        </div>
      )}
      <div className="xc-grid">
        <Panel title="The request">
          <dl className="xc-facts">
            {facts.map(([k, v]) => (
              <div key={k} style={{ display: 'contents' }}>
                <dt>{k}</dt>
                <dd>{v}</dd>
              </div>
            ))}
          </dl>
        </Panel>
        {open && (
          <div className="stack">
            {x.status === 'Requested' && (
              <Panel title="Receive the piece">
                <AdminForm>
                  <p>Mark the piece as received in store once it is in hand with its invoice. Its value is then fixed at that day’s rate.</p>
                  <input type="hidden" name="intent" value="receive" />
                  <FormActions>
                    <SubmitButton name="intent" value="receive" pending="Receiving…">
                      Received in store
                    </SubmitButton>
                  </FormActions>
                </AdminForm>
              </Panel>
            )}
            {x.status === 'Received' && (
              <Panel title="Settle">
                {canSettle ? (
                  <SettleForm detail={detail} fields={fieldsOf('settle')} />
                ) : (
                  <>
                    <SettleValue detail={detail} />
                    <p className="adm-muted">The piece is settled by a member with the accounts permission, from Accounts → Refunds due.</p>
                  </>
                )}
              </Panel>
            )}
            <Panel title="Refuse">
              <AdminForm>
                <input type="hidden" name="intent" value="refuse" />
                <TextField
                  name="reason"
                  label="Reason"
                  required
                  maxLength={500}
                  error={fieldsOf('refuse').reason}
                  hint="The customer reads it in their mail and on their order."
                />
                <FormActions>
                  <SubmitButton name="intent" value="refuse" tone="danger" pending="Refusing…">
                    Refuse the request
                  </SubmitButton>
                </FormActions>
              </AdminForm>
            </Panel>
          </div>
        )}
      </div>
    </>
  );
}
