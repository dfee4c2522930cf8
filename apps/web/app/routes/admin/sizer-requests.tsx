/**
 * /admin/sizer-requests (issue 19): the 'Get Free Sizer' requests the product page takes, for the orders desk to
 * post a ring sizer kit. New ones first (oldest first: the order they are worked in), searched by name, phone,
 * e-mail, pincode or address, filtered by status. "Mark sent" mails the shopper that the kit is on its way;
 * "Close" ends a request without a kit (a duplicate, an address that cannot be served) or after it arrived.
 * Neither can be undone, so both ask first (ConfirmAction), with or without JavaScript.
 */
import { Form, Link, useActionData } from 'react-router';
import type { AdminSizerRequest } from '@milli/contracts/schemas';
import type { Route } from './+types/sizer-requests';
import { PageHeader, StatusBadge } from '../../components/admin/admin-shell.tsx';
import { ConfirmAction, isConfirmed } from '../../components/admin/confirm-dialog.tsx';
import { TextField } from '../../components/admin/form-kit.tsx';
import { EmptyState, ListTable, ListToolbar, Pagination } from '../../components/admin/list-kit.tsx';
import { adminApi } from '../../lib/admin.server.ts';
import { apiListQuery, readListState, type ListDefaults } from '../../lib/admin-list.ts';
import { adminCan, useAdminMe } from '../../lib/admin-me.ts';
import { ADMIN_PATHS } from '../../lib/admin-nav.ts';

export const meta: Route.MetaFunction = () => [{ title: 'Sizer requests · Back office' }];

const DEFAULTS: ListDefaults = { sort: 'queue', filters: ['status'] };

const STATUS_OPTIONS = [
  { value: 'New', label: 'New: to post' },
  { value: 'Sent', label: 'Sent' },
  { value: 'Closed', label: 'Closed' },
];

const TONE = { New: 'warning', Sent: 'info', Closed: 'neutral' } as const;

/** When it was asked, in Indian time: the day, and the time under it. */
const askedDay = (iso: string) => new Date(iso).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });
const askedTime = (iso: string) => new Date(iso).toLocaleTimeString('en-IN', { hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Kolkata' });

type Result = { ok: true; message: string } | { ok: false; message: string } | { confirm: string };

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = await adminApi(context, request).get(`/api/admin/sizer-requests?${apiListQuery(url, DEFAULTS.filters)}`);
  return { page, list: readListState(url, DEFAULTS) };
}

export async function action({ request, context }: Route.ActionArgs): Promise<Result> {
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const id = String(form.get('id') ?? '');
  if ((intent !== 'sent' && intent !== 'close') || !/^\d{1,10}$/.test(id)) return { ok: false, message: 'Choose Mark sent or Close on one of the requests.' };
  if (!isConfirmed(form)) return { confirm: `${intent}:${id}` };
  const note = String(form.get('note') ?? '').trim();
  const status = intent === 'sent' ? 'Sent' : 'Closed';
  const r = await adminApi(context, request).send('POST', `/api/admin/sizer-requests/${id}/status`, { status, ...(note ? { note } : {}) });
  if (!r.ok) return { ok: false, message: r.refusal.fields?.note ?? r.refusal.message };
  return {
    ok: true,
    message: status === 'Sent' ? `${r.data.name}’s sizer is marked sent; they have been mailed that it is on its way.` : `${r.data.name}’s request is closed.`,
  };
}

function Actions({ r, open }: { r: AdminSizerRequest; open: string | undefined }) {
  if (r.status === 'Closed') return <span className="adm-muted">Done</span>;
  const note = (
    <TextField
      name="note"
      label="Note for the audit log (optional)"
      maxLength={500}
      hint="For example the post's tracking number. The shopper does not see it."
    />
  );
  return (
    <Form method="post" className="adm-form-actions">
      <input type="hidden" name="id" value={r.id} />
      {r.status === 'New' && (
        <ConfirmAction
          intent="sent"
          label={
            <>
              Mark sent<span className="adm-visually-hidden"> to {r.name}</span>
            </>
          }
          title={`Mark ${r.name}’s sizer sent?`}
          confirmLabel="Mark sent and mail"
          tone="primary"
          buttonTone="primary"
          open={open === `sent:${r.id}`}
        >
          <p>
            {r.email} is mailed that the sizer kit is on its way to: {r.address}
          </p>
          {note}
        </ConfirmAction>
      )}
      <ConfirmAction
        intent="close"
        label={
          <>
            Close<span className="adm-visually-hidden"> {r.name}’s request</span>
          </>
        }
        title={`Close ${r.name}’s request?`}
        confirmLabel="Close the request"
        open={open === `close:${r.id}`}
      >
        <p>
          {r.status === 'New'
            ? 'No sizer is posted and the shopper is not mailed. A closed request cannot be opened again.'
            : 'The request leaves the queue. A closed request cannot be opened again.'}
        </p>
        {note}
      </ConfirmAction>
    </Form>
  );
}

export default function SizerRequests({ loaderData: { page, list } }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const me = useAdminMe();
  const canCatalogue = adminCan(me, 'catalogue');
  const open = result && 'confirm' in result ? result.confirm : undefined;
  return (
    <>
      <PageHeader
        title="Sizer requests"
        description="Shoppers who asked for a free ring sizer kit on a product page. Post the kit, then mark it sent: the shopper is mailed."
      />
      {result && 'ok' in result && (
        <div className={`adm-banner adm-banner--${result.ok ? 'success' : 'error'}`} role={result.ok ? 'status' : 'alert'}>
          <p>{result.message}</p>
        </div>
      )}
      <ListToolbar
        list={list}
        searchLabel="Search sizer requests"
        searchPlaceholder="Name, phone, e-mail, pincode or address"
        filters={[{ name: 'status', label: 'Status', options: STATUS_OPTIONS }]}
      />
      <ListTable
        list={list}
        page={page}
        defaults={DEFAULTS}
        caption="Sizer requests, new ones first"
        rowKey={(r) => r.id}
        columns={[
          { key: 'status', label: 'Status', sort: 'queue', cell: (r) => <StatusBadge tone={TONE[r.status]}>{r.status}</StatusBadge> },
          {
            key: 'created',
            label: 'Asked',
            sort: 'created',
            cell: (r) => (
              <time dateTime={r.createdAt} className="adm-nowrap">
                {askedDay(r.createdAt)}
                <br />
                <span className="adm-muted">{askedTime(r.createdAt)}</span>
              </time>
            ),
          },
          {
            key: 'name',
            label: 'Shopper',
            rowHeader: true,
            cell: (r) => (
              <>
                {r.name}
                <br />
                <a href={`tel:${r.phone}`}>{r.phone}</a>
                <br />
                <a href={`mailto:${r.email}`} style={{ overflowWrap: 'anywhere' }}>
                  {r.email}
                </a>
                {r.customerId !== null && (
                  <>
                    <br />
                    <span className="adm-muted">Customer #{r.customerId}</span>
                  </>
                )}
              </>
            ),
          },
          {
            key: 'address',
            label: 'Send to',
            cell: (r) => (
              <>
                {r.address}
                {r.product && (
                  <>
                    <br />
                    <span className="adm-muted">Asked from </span>
                    {canCatalogue ? <Link to={ADMIN_PATHS.product(r.product.id)}>{r.product.name}</Link> : r.product.name}
                  </>
                )}
              </>
            ),
          },
          { key: 'actions', label: 'Actions', cell: (r) => <Actions r={r} open={open} /> },
        ]}
        empty={<EmptyState title={list.q || list.filters.status ? 'No sizer request matches' : 'No sizer requests yet'} />}
      />
      <Pagination list={list} page={page} defaults={DEFAULTS} />
    </>
  );
}
