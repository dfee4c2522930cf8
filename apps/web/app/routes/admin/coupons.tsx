/**
 * /admin/coupons (issue 17): the coupons, searched by code or description, filtered by status, sorted by code,
 * end or use. Each opens its form (/admin/coupons/:id); "New coupon" adds one.
 */
import { Link } from 'react-router';
import { COUPON_STATUSES, COUPON_STATUS_LABELS, type CouponStatus } from '@milli/contracts';
import { formatRupees } from '@milli/pricing';
import type { Route } from './+types/coupons';
import { PageHeader, StatusBadge } from '../../components/admin/admin-shell.tsx';
import { EmptyState, ListTable, ListToolbar, Pagination } from '../../components/admin/list-kit.tsx';
import { adminApi } from '../../lib/admin.server.ts';
import { apiListQuery, readListState, type ListDefaults } from '../../lib/admin-list.ts';
import { ADMIN_PATHS } from '../../lib/admin-nav.ts';
import { discountText, shopDate } from '../../features/admin-shop/shop-forms.ts';
import '../../features/admin-shop/admin-shop.css';

export const meta: Route.MetaFunction = () => [{ title: 'Coupons · Back office' }];

const DEFAULTS: ListDefaults = { sort: 'code', filters: ['status'] };
const TONE: Record<CouponStatus, 'success' | 'info' | 'neutral' | 'warning'> = {
  active: 'success',
  scheduled: 'info',
  expired: 'neutral',
  inactive: 'warning',
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = await adminApi(context, request).get(`/api/admin/coupons?${apiListQuery(url, DEFAULTS.filters)}`);
  return { page, list: readListState(url, DEFAULTS), deleted: url.searchParams.get('deleted') };
}

export default function Coupons({ loaderData: { page, list, deleted } }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Coupons"
        description="Codes shoppers type at the cart. What you set here is what checkout applies."
        actions={
          <Link to={`${ADMIN_PATHS.coupons}/new`} className="adm-button adm-button--primary">
            New coupon
          </Link>
        }
      />
      {deleted && (
        <div className="adm-banner adm-banner--success" role="status">
          <p>Coupon {deleted} is deleted.</p>
        </div>
      )}
      <ListToolbar
        list={list}
        searchLabel="Search coupons"
        searchPlaceholder="Code or description"
        filters={[{ name: 'status', label: 'Status', options: COUPON_STATUSES.map((s) => ({ value: s, label: COUPON_STATUS_LABELS[s] })) }]}
      />
      <ListTable
        list={list}
        page={page}
        defaults={DEFAULTS}
        caption="Coupons"
        rowKey={(c) => c.id}
        columns={[
          {
            key: 'code',
            label: 'Code',
            sort: 'code',
            rowHeader: true,
            cell: (c) => (
              <>
                <Link to={`${ADMIN_PATHS.coupons}/${c.id}`}>{c.code}</Link>
                {c.description && <span className="adm-coupon-note">{c.description}</span>}
              </>
            ),
          },
          { key: 'discount', label: 'Discount', cell: (c) => discountText(c) },
          {
            key: 'min',
            label: 'Min. order',
            align: 'end',
            className: 'adm-nowrap',
            cell: (c) => (c.minOrderPaise > 0 ? formatRupees(c.minOrderPaise, { decimals: false }) : '—'),
          },
          {
            key: 'ends',
            label: 'Ends',
            sort: 'ends',
            cell: (c) => (
              <>
                {c.endsAt ? shopDate(c.endsAt) : 'Never'}
                <span className="adm-coupon-from">from {shopDate(c.startsAt)}</span>
              </>
            ),
          },
          {
            key: 'used',
            label: 'Used',
            sort: 'used',
            align: 'end',
            cell: (c) =>
              c.usageLimit === null ? c.used.toLocaleString('en-IN') : `${c.used.toLocaleString('en-IN')} of ${c.usageLimit.toLocaleString('en-IN')}`,
          },
          { key: 'status', label: 'Status', cell: (c) => <StatusBadge tone={TONE[c.status]}>{COUPON_STATUS_LABELS[c.status]}</StatusBadge> },
        ]}
        empty={
          <EmptyState
            title={list.q || list.filters.status ? 'No coupon matches' : 'No coupons yet'}
            action={
              <Link to={`${ADMIN_PATHS.coupons}/new`} className="adm-button adm-button--primary">
                New coupon
              </Link>
            }
          />
        }
      />
      <Pagination list={list} page={page} defaults={DEFAULTS} />
    </>
  );
}
