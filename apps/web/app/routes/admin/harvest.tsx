/**
 * /admin/harvest (issue 19): the Milli Harvest plans for the accounts desk. The next due first; searched by the
 * customer's name or e-mail or the plan's number, filtered by status and by due (late, or due within 3 days).
 * A plan past the 365-day limit with money still held is flagged "must be closed".
 */
import { Link } from 'react-router';
import { formatRupees } from '@milli/pricing';
import type { AdminHarvestRow } from '@milli/contracts/schemas';
import type { Route } from './+types/harvest';
import { PageHeader, StatusBadge } from '../../components/admin/admin-shell.tsx';
import { EmptyState, ListTable, ListToolbar, Pagination } from '../../components/admin/list-kit.tsx';
import { adminApi } from '../../lib/admin.server.ts';
import { apiListQuery, readListState, type ListDefaults } from '../../lib/admin-list.ts';
import { ADMIN_PATHS } from '../../lib/admin-nav.ts';
import { PLAN_TONE, showDate } from '../../features/admin-harvest/harvest-view.ts';
import '../../features/admin-harvest/admin-harvest.css';

export const meta: Route.MetaFunction = () => [{ title: 'Harvest plans · Back office' }];

const DEFAULTS: ListDefaults = { sort: 'due', filters: ['status', 'due'] };
const STATUS_OPTIONS = ['Active', 'Matured', 'Redeemed', 'Cancelled'].map((s) => ({ value: s, label: s }));
const DUE_OPTIONS = [
  { value: 'overdue', label: 'Overdue' },
  { value: 'due-soon', label: 'Due within 3 days' },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = await adminApi(context, request).get(`/api/admin/harvest/plans?${apiListQuery(url, DEFAULTS.filters)}`);
  return { page, list: readListState(url, DEFAULTS) };
}

function Limit({ r }: { r: AdminHarvestRow }) {
  if (r.mustClose) return <StatusBadge tone="danger">Must be closed</StatusBadge>;
  if (r.daysToLimit === null) return <span className="adm-muted">No payment yet</span>;
  if (r.status === 'Redeemed' || r.status === 'Cancelled') return <span className="adm-muted">Limit {showDate(r.limitDate)}</span>;
  return (
    <span className={r.daysToLimit <= 30 ? undefined : 'adm-muted'}>
      Limit {showDate(r.limitDate)}, {r.daysToLimit} days left
    </span>
  );
}

export default function HarvestPlans({ loaderData: { page, list } }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Harvest plans"
        description="Milli Harvest plans: instalments due and late, maturity, and the 365-day limit by which a plan must be redeemed or closed and refunded."
      />
      <ListToolbar
        list={list}
        searchLabel="Search Harvest plans"
        searchPlaceholder="Customer name, e-mail or plan number"
        filters={[
          { name: 'status', label: 'Status', options: STATUS_OPTIONS },
          { name: 'due', label: 'Due', options: DUE_OPTIONS },
        ]}
      />
      <ListTable
        list={list}
        page={page}
        defaults={DEFAULTS}
        caption="Harvest plans, next due first"
        rowKey={(r) => r.id}
        columns={[
          {
            key: 'id',
            label: 'Plan',
            rowHeader: true,
            cell: (r) => (
              <>
                <Link to={ADMIN_PATHS.harvestPlan(r.id)}>Plan {r.id}</Link>
                <br />
                <StatusBadge tone={PLAN_TONE[r.status]}>{r.status}</StatusBadge>
              </>
            ),
          },
          {
            key: 'customer',
            label: 'Customer',
            cell: (r) => (
              <>
                {r.customer.name}
                <br />
                <span className="adm-muted" style={{ overflowWrap: 'anywhere' }}>
                  {r.email}
                </span>
              </>
            ),
          },
          {
            key: 'monthly',
            label: 'Monthly · paid',
            align: 'end',
            cell: (r) => (
              <>
                {formatRupees(r.monthlyAmountPaise)}
                <br />
                <span className="adm-muted adm-nowrap">{r.paidCount} of 10 paid</span>
              </>
            ),
          },
          {
            key: 'due',
            label: 'Next due',
            sort: 'due',
            cell: (r) =>
              r.nextDueDate ? (
                <>
                  {showDate(r.nextDueDate)}
                  {r.overdueDays > 0 && (
                    <>
                      <br />
                      <StatusBadge tone="warning">{r.overdueDays} days late</StatusBadge>
                    </>
                  )}
                </>
              ) : (
                <span className="adm-muted">–</span>
              ),
          },
          { key: 'balance', label: 'Balance', align: 'end', cell: (r) => formatRupees(r.balancePaise) },
          {
            key: 'limit',
            label: 'Matures · 365-day limit',
            cell: (r) => (
              <>
                <span>Matures {showDate(r.maturityDate)}</span>
                <br />
                <Limit r={r} />
              </>
            ),
          },
        ]}
        empty={<EmptyState title={list.q || list.filters.status || list.filters.due ? 'No plan matches' : 'No Harvest plans yet'} />}
      />
      <Pagination list={list} page={page} defaults={DEFAULTS} />
    </>
  );
}
