/**
 * /admin/rate-locks (issue 42): the shoppers' rate locks for the accounts desk (advances are money held for them).
 * Searched by the customer's name or e-mail or the lock's number, filtered by status, sorted by when taken or when
 * they end: grams locked, used and left, the rate held, the advance and what of it went toward orders, refunded or kept.
 */
import { formatGrams, formatRupees, metalName } from '@milli/pricing';
import type { Route } from './+types/rate-locks';
import { PageHeader, StatusBadge } from '../../components/admin/admin-shell.tsx';
import { EmptyState, ListTable, ListToolbar, Pagination } from '../../components/admin/list-kit.tsx';
import { adminApi } from '../../lib/admin.server.ts';
import { apiListQuery, readListState, type ListDefaults } from '../../lib/admin-list.ts';
import { lockState } from '../../features/rate-lock/rate-lock-table.tsx';

export const meta: Route.MetaFunction = () => [{ title: 'Rate locks · Back office' }];

const DEFAULTS: ListDefaults = { sort: 'created', dir: 'desc', filters: ['status'] };
const STATUS_OPTIONS = ['Pending payment', 'Live', 'Ended', 'Cancelled'].map((s) => ({ value: s, label: s }));
const TONE = { 'Pending payment': 'warning', Live: 'success', Ended: 'neutral', Cancelled: 'neutral' } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = await adminApi(context, request).get(`/api/admin/rate-locks?${apiListQuery(url, DEFAULTS.filters)}`);
  return { page, list: readListState(url, DEFAULTS) };
}

export default function RateLocks({ loaderData: { page, list } }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Rate locks"
        description="Advances paid to lock a day’s rate: grams used and left, what the advance paid toward, and what was refunded or kept at the end."
      />
      <ListToolbar
        list={list}
        searchLabel="Search rate locks"
        searchPlaceholder="Customer name, e-mail or lock number"
        filters={[{ name: 'status', label: 'Status', options: STATUS_OPTIONS }]}
      />
      <ListTable
        list={list}
        page={page}
        defaults={DEFAULTS}
        caption="Rate locks, newest first"
        rowKey={(r) => r.id}
        columns={[
          {
            key: 'id',
            label: 'Lock',
            rowHeader: true,
            sort: 'created',
            cell: (r) => (
              <>
                Lock {r.id}
                <br />
                <StatusBadge tone={TONE[r.status]}>{r.status}</StatusBadge>
              </>
            ),
          },
          {
            key: 'customer',
            label: 'Customer',
            cell: (r) => (
              <>
                {r.customer.name || '–'}
                <br />
                <span className="adm-muted" style={{ overflowWrap: 'anywhere' }}>
                  {r.customer.email}
                </span>
              </>
            ),
          },
          {
            key: 'metal',
            label: 'Metal · rate',
            cell: (r) => (
              <>
                {formatGrams(r.lockedMg)} of {metalName(r.metal, r.purity)}
                <br />
                <span className="adm-muted adm-nowrap">{formatRupees(r.ratePaisePerGram)}/g</span>
              </>
            ),
          },
          {
            key: 'grams',
            label: 'Used · left',
            align: 'end',
            cell: (r) => (
              <span className="adm-nowrap">
                {formatGrams(r.usedMg)} · {formatGrams(r.leftMg)}
              </span>
            ),
          },
          {
            key: 'advance',
            label: 'Advance · used',
            align: 'end',
            cell: (r) => (
              <>
                {formatRupees(r.advancePaise)}
                <br />
                <span className="adm-muted adm-nowrap">{formatRupees(r.advanceUsedPaise)} used</span>
              </>
            ),
          },
          { key: 'ends', label: 'Period', sort: 'ends', cell: (r) => `${r.periodDays} days · ${lockState(r)}` },
        ]}
        empty={<EmptyState title={list.q || list.filters.status ? 'No rate lock matches' : 'No rate locks yet'} />}
      />
      <Pagination list={list} page={page} defaults={DEFAULTS} />
    </>
  );
}
