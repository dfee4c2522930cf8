/**
 * /admin/exchanges (issue 20): lifetime exchange and buy-back requests, newest first, by status, for the orders desk
 * (receive, refuse) and the accounts desk (settle).
 */
import { Form, Link, useActionData } from 'react-router';
import { formatRupees } from '@milli/pricing';
import type { Route } from './+types/exchanges';
import type { GoodwillResult } from '../../features/admin-exchanges/goodwill-form.tsx';
import { parseRupees } from '../../lib/admin-form.ts';
import { PageHeader, StatusBadge } from '../../components/admin/admin-shell.tsx';
import { EmptyState } from '../../components/admin/list-kit.tsx';
import { adminApi } from '../../lib/admin.server.ts';
import { ADMIN_PATHS } from '../../lib/admin-nav.ts';
import { EXCHANGE_KIND_LABEL, EXCHANGE_STATUS_OPTIONS, EXCHANGE_TONE, showDay } from '../../features/admin-exchanges/exchange-view.ts';
import '../../features/admin-exchanges/admin-exchanges.css';

export const meta: Route.MetaFunction = () => [{ title: 'Exchanges & buy-back · Back office' }];

const STATUSES = new Set(EXCHANGE_STATUS_OPTIONS.map((o) => o.value).filter(Boolean));

export async function loader({ request, context }: Route.LoaderArgs) {
  const asked = new URL(request.url).searchParams.get('status') ?? '';
  const status = STATUSES.has(asked) ? asked : '';
  const admin = adminApi(context, request);
  const list = await (status ? admin.get(`/api/admin/exchanges?status=${encodeURIComponent(status)}`) : admin.get('/api/admin/exchanges'));
  return { list, status };
}

/** Goodwill store credit from the order page's form (features/admin-exchanges/goodwill-form.tsx), permission accounts. */
export async function action({ request, context }: Route.ActionArgs): Promise<GoodwillResult> {
  const form = await request.formData();
  const orderNumber = String(form.get('orderNumber') ?? '');
  if (form.get('intent') !== 'goodwill' || !/^[A-Za-z0-9/_-]{1,40}$/.test(orderNumber)) return { intent: 'goodwill', ok: false, message: 'Unknown request.' };
  const amount = parseRupees(form.get('amount'));
  if (amount === null || Number.isNaN(amount))
    return { intent: 'goodwill', ok: false, message: 'Please give the amount in rupees.', fields: { amountPaise: 'Please give the amount in rupees.' } };
  const r = await adminApi(context, request).send('POST', `/api/admin/orders/${encodeURIComponent(orderNumber)}/store-credit`, {
    amountPaise: amount,
    note: String(form.get('note') ?? ''),
  });
  if (!r.ok) return { intent: 'goodwill', ok: false, message: r.refusal.message, ...(r.refusal.fields ? { fields: r.refusal.fields } : {}) };
  return {
    intent: 'goodwill',
    ok: true,
    message: `${r.data.message} The customer’s balance is now ${formatRupees(r.data.balancePaise)}; they have been mailed.`,
  };
}

export default function Exchanges({ loaderData: { list, status } }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  return (
    <>
      <PageHeader
        title="Exchanges & buy-back"
        description="Pieces bought here that customers want to exchange for store credit or sell back. Receive the piece in store, test it, then settle at the value of the day it was received (accounts), or refuse with a reason."
      />
      {result && (
        <div className={`adm-banner adm-banner--${result.ok ? 'success' : 'error'}`} role={result.ok ? 'status' : 'alert'}>
          <p>{result.message}</p>
        </div>
      )}
      <Form method="get" className="xc-filter">
        <label htmlFor="exchange-status">Status</label>
        <select id="exchange-status" name="status" defaultValue={status} className="adm-input">
          {EXCHANGE_STATUS_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <button type="submit" className="adm-button adm-button--secondary">
          Show
        </button>
      </Form>
      {list.data.length === 0 ? (
        <EmptyState title="No requests">Nothing {status ? `${status.toLowerCase()} ` : ''}yet.</EmptyState>
      ) : (
        <div className="adm-table-wrap">
          <table className="adm-table">
            <caption className="adm-visually-hidden">Exchange and buy-back requests, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Request</th>
                <th scope="col">Piece</th>
                <th scope="col">Customer</th>
                <th scope="col" className="adm-align-end">
                  Quoted
                </th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((x) => (
                <tr key={x.id}>
                  <th scope="row" className="xc-nowrap">
                    <Link to={ADMIN_PATHS.exchange(x.id)}>
                      {EXCHANGE_KIND_LABEL[x.kind]} #{x.id}
                    </Link>
                    <br />
                    <span className="xc-muted">{showDay(x.createdAt)}</span>
                  </th>
                  <td className="xc-piece">
                    {x.productName}
                    {x.huid && <span className="xc-muted"> · HUID {x.huid}</span>}
                    <br />
                    <Link to={ADMIN_PATHS.order(x.orderNumber)} className="xc-muted">
                      {x.orderNumber}
                    </Link>
                  </td>
                  <td className="xc-customer">
                    {x.customerName}
                    <br />
                    <span className="xc-muted" style={{ overflowWrap: 'anywhere' }}>
                      {x.customerEmail}
                    </span>
                  </td>
                  <td className="adm-align-end xc-nowrap">{formatRupees(x.quotedPaise)}</td>
                  <td>
                    <StatusBadge tone={EXCHANGE_TONE[x.status]}>{x.status}</StatusBadge>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
