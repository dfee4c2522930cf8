/**
 * /admin/trade-partners (issue 19): trade partner applications, searched by company, name, e-mail, phone, GSTIN
 * or PAN, filtered by status, sorted by date, company or status. An application sharing a PAN, GSTIN, e-mail or
 * phone with another carries a "Possible duplicate" badge naming them. Each opens its page
 * (/admin/trade-partners/:id) with every field, the KYC checks and the review.
 */
import { Link } from 'react-router';
import { TRADE_PARTNER_APPLICATION_STATUSES, type AdminPartnerRow } from '@milli/contracts/schemas';
import type { Route } from './+types/trade-partners';
import { PageHeader, StatusBadge } from '../../components/admin/admin-shell.tsx';
import { EmptyState, ListTable, ListToolbar, Pagination } from '../../components/admin/list-kit.tsx';
import { adminApi } from '../../lib/admin.server.ts';
import { apiListQuery, readListState, type ListDefaults } from '../../lib/admin-list.ts';
import { ADMIN_PATHS } from '../../lib/admin-nav.ts';
import { shopDate } from '../../features/admin-shop/shop-forms.ts';
import { SHARED_LABELS, STATUS_TONE, duplicateIds } from '../../features/admin-partners/partner-fields.ts';
import '../../features/admin-partners/admin-partners.css';

export const meta: Route.MetaFunction = () => [{ title: 'Trade partners · Back office' }];

const DEFAULTS: ListDefaults = { sort: 'created', dir: 'desc', filters: ['status'] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const list = readListState(url, DEFAULTS);
  // Newest first unless the page's URL says otherwise (the API's own default is ascending).
  const query = new URLSearchParams(apiListQuery(url, DEFAULTS.filters));
  if (!query.has('dir')) query.set('dir', list.dir);
  const page = await adminApi(context, request).get(`/api/admin/trade-partners?${query}`);
  return { page, list };
}

function DuplicateBadge({ row }: { row: AdminPartnerRow }) {
  const ids = duplicateIds(row.duplicateOf);
  if (ids.length === 0) return null;
  const what = (Object.keys(SHARED_LABELS) as (keyof typeof SHARED_LABELS)[]).filter((k) => row.duplicateOf[k].length > 0).map((k) => SHARED_LABELS[k]);
  return (
    <span className="adm-partner-sub">
      <StatusBadge tone="warning">Possible duplicate</StatusBadge> same {what.join(', ')} as{' '}
      {ids.map((id, i) => (
        <span key={id}>
          {i > 0 && ', '}
          <Link to={`${ADMIN_PATHS.tradePartners}/${id}`}>#{id}</Link>
        </span>
      ))}
    </span>
  );
}

export default function TradePartners({ loaderData: { page, list } }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Trade partners"
        description="Applications from the short and long (KYC) partner forms. Open one to check its KYC and approve or reject it."
      />
      <ListToolbar
        list={list}
        searchLabel="Search applications"
        searchPlaceholder="Company, name, e-mail, phone, GSTIN or PAN"
        filters={[{ name: 'status', label: 'Status', options: TRADE_PARTNER_APPLICATION_STATUSES.map((s) => ({ value: s, label: s })) }]}
      />
      <ListTable
        list={list}
        page={page}
        defaults={DEFAULTS}
        caption="Trade partner applications"
        rowKey={(r) => r.id}
        columns={[
          {
            key: 'company',
            label: 'Company',
            sort: 'company',
            rowHeader: true,
            cell: (r) => (
              <>
                <Link to={`${ADMIN_PATHS.tradePartners}/${r.id}`}>{r.company}</Link>
                <span className="adm-partner-sub">
                  {r.reference} · {r.form === 'long' ? 'Long (KYC) form' : 'Short form'}
                </span>
                <DuplicateBadge row={r} />
              </>
            ),
          },
          {
            key: 'contact',
            label: 'Contact',
            cell: (r) => (
              <>
                {r.contactName || '—'}
                <span className="adm-partner-sub">{r.email}</span>
                <span className="adm-partner-sub">{r.phone}</span>
              </>
            ),
          },
          { key: 'type', label: 'Type', cell: (r) => r.type },
          { key: 'created', label: 'Applied', sort: 'created', className: 'adm-nowrap', cell: (r) => shopDate(r.createdAt) },
          { key: 'status', label: 'Status', sort: 'status', cell: (r) => <StatusBadge tone={STATUS_TONE[r.status]}>{r.status}</StatusBadge> },
        ]}
        empty={<EmptyState title={list.q || list.filters.status ? 'No application matches' : 'No applications yet'} />}
      />
      <Pagination list={list} page={page} defaults={DEFAULTS} />
    </>
  );
}
