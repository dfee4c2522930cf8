/**
 * /admin/reviews (issue 19): every customer review, newest first, for the catalogue desk. Hide one with a reason
 * (it stays kept but is neither shown nor counted on the product page) or restore it. Both ask first
 * (ConfirmAction), with or without JavaScript.
 */
import { Form, useActionData } from 'react-router';
import type { AdminReview } from '@milli/contracts/schemas';
import type { Route } from './+types/reviews';
import { PageHeader, StatusBadge } from '../../components/admin/admin-shell.tsx';
import { ConfirmAction, isConfirmed } from '../../components/admin/confirm-dialog.tsx';
import { TextField } from '../../components/admin/form-kit.tsx';
import { EmptyState, ListTable, ListToolbar, Pagination } from '../../components/admin/list-kit.tsx';
import { adminApi } from '../../lib/admin.server.ts';
import { apiListQuery, readListState, type ListDefaults } from '../../lib/admin-list.ts';
import { showDateTime } from '../../features/admin-harvest/harvest-view.ts';
import '../../features/admin-harvest/admin-harvest.css';

export const meta: Route.MetaFunction = () => [{ title: 'Reviews · Back office' }];

const DEFAULTS: ListDefaults = { sort: 'newest', filters: ['hidden'] };
const HIDDEN_OPTIONS = [
  { value: 'no', label: 'Shown' },
  { value: 'yes', label: 'Hidden' },
];

type Result = { ok: true; message: string } | { ok: false; message: string } | { confirm: string };

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = await adminApi(context, request).get(`/api/admin/reviews?${apiListQuery(url, DEFAULTS.filters)}`);
  return { page, list: readListState(url, DEFAULTS) };
}

export async function action({ request, context }: Route.ActionArgs): Promise<Result> {
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const id = String(form.get('id') ?? '');
  if ((intent !== 'hide' && intent !== 'restore') || !/^\d{1,10}$/.test(id)) return { ok: false, message: 'Choose Hide or Restore on one of the reviews.' };
  if (!isConfirmed(form)) return { confirm: `${intent}:${id}` };
  const api = adminApi(context, request);
  const r =
    intent === 'hide'
      ? await api.send('POST', `/api/admin/reviews/${id}/hide`, { reason: String(form.get('reason') ?? '') })
      : await api.send('POST', `/api/admin/reviews/${id}/restore`, {});
  if (!r.ok) return { ok: false, message: r.refusal.fields?.reason ?? r.refusal.message };
  return {
    ok: true,
    message: intent === 'hide' ? `The review “${r.data.title}” is hidden from ${r.data.product.name}.` : `The review “${r.data.title}” is shown again.`,
  };
}

function Actions({ r, open }: { r: AdminReview; open: string | undefined }) {
  return (
    <Form method="post" className="adm-form-actions">
      <input type="hidden" name="id" value={r.id} />
      {r.hidden ? (
        <ConfirmAction
          intent="restore"
          label={
            <>
              Restore<span className="adm-visually-hidden"> the review “{r.title}”</span>
            </>
          }
          title={`Show “${r.title}” again?`}
          confirmLabel="Restore"
          tone="primary"
          open={open === `restore:${r.id}`}
        >
          <p>The review shows on {r.product.name} again and counts in its stars.</p>
        </ConfirmAction>
      ) : (
        <ConfirmAction
          intent="hide"
          label={
            <>
              Hide<span className="adm-visually-hidden"> the review “{r.title}”</span>
            </>
          }
          title={`Hide “${r.title}”?`}
          confirmLabel="Hide the review"
          open={open === `hide:${r.id}`}
        >
          <p>The review is kept but no longer shown on {r.product.name} nor counted in its stars. You can restore it.</p>
          <TextField
            name="reason"
            label="Reason"
            required
            maxLength={500}
            hint="For example: spam, abuse, not about the piece. Kept in the audit log; the customer does not see it."
          />
        </ConfirmAction>
      )}
    </Form>
  );
}

export default function Reviews({ loaderData: { page, list } }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const open = result && 'confirm' in result ? result.confirm : undefined;
  return (
    <>
      <PageHeader
        title="Reviews"
        description="What customers wrote about the pieces they bought. Hide a review that breaks the rules; a hidden review is neither shown nor counted."
      />
      {result && 'ok' in result && (
        <div className={`adm-banner adm-banner--${result.ok ? 'success' : 'error'}`} role={result.ok ? 'status' : 'alert'}>
          <p>{result.message}</p>
        </div>
      )}
      <ListToolbar
        list={list}
        searchLabel="Search reviews"
        searchPlaceholder="Product, title, text or customer"
        filters={[{ name: 'hidden', label: 'Shown or hidden', options: HIDDEN_OPTIONS }]}
      />
      <ListTable
        list={list}
        page={page}
        defaults={DEFAULTS}
        caption="Reviews, newest first"
        rowKey={(r) => r.id}
        columns={[
          {
            key: 'review',
            label: 'Review',
            rowHeader: true,
            cell: (r) => (
              <div className="hv-review-text">
                <span className="hv-stars" aria-label={`${r.rating} of 5 stars`}>
                  {'★'.repeat(r.rating)}
                  {'☆'.repeat(5 - r.rating)}
                </span>{' '}
                <strong>{r.title}</strong>
                <br />
                {r.text}
                {r.photos.length > 0 && (
                  <span className="hv-review-photos">
                    {r.photos.map((p, i) => (
                      <a key={p.url} href={p.url} target="_blank" rel="noopener">
                        <img src={p.thumbUrl} alt={`Photo ${i + 1} of the review “${r.title}”`} width={56} height={56} loading="lazy" />
                      </a>
                    ))}
                  </span>
                )}
              </div>
            ),
          },
          {
            key: 'product',
            label: 'Piece',
            cell: (r) => (
              <>
                {r.product.name}
                <br />
                {r.verified ? (
                  <StatusBadge tone="success">Verified buyer{r.orderNumber ? ` · ${r.orderNumber}` : ''}</StatusBadge>
                ) : (
                  <span className="adm-muted">Not from an order</span>
                )}
                {r.editedAt && <span className="adm-muted"> · edited {showDateTime(r.editedAt)}</span>}
              </>
            ),
          },
          {
            key: 'customer',
            label: 'Customer',
            cell: (r) => r.customer.name,
          },
          { key: 'created', label: 'Written', sort: 'newest', cell: (r) => <time dateTime={r.createdAt}>{showDateTime(r.createdAt)}</time> },
          {
            key: 'status',
            label: 'Status',
            cell: (r) =>
              r.hidden ? (
                <>
                  <StatusBadge tone="warning">Hidden</StatusBadge>
                  <br />
                  <span className="adm-muted">
                    {r.hiddenReason}
                    {r.hiddenBy ? ` · ${r.hiddenBy}` : ''}
                  </span>
                </>
              ) : (
                <StatusBadge tone="success">Shown</StatusBadge>
              ),
          },
          { key: 'actions', label: 'Actions', cell: (r) => <Actions r={r} open={open} /> },
        ]}
        empty={<EmptyState title={list.q || list.filters.hidden ? 'No review matches' : 'No reviews yet'} />}
      />
      <Pagination list={list} page={page} defaults={DEFAULTS} />
    </>
  );
}
