/**
 * /admin/customers/:id (issue 38): one customer as the desk sees them: profile, addresses, orders, payments, Harvest
 * plans, consents, nominee, the mails sent to them and the desk's notes. Correcting a field needs a reason and is
 * audited with before and after; the export downloads the file My privacy gives; erasing on their behalf asks first
 * (ConfirmAction, with or without JavaScript) and is refused, with the reasons, while anything is open.
 */
import { Form, Link, data, useActionData } from 'react-router';
import {
  ERASED_ON_ERASURE,
  MARKETING_CHANNEL_LABELS,
  MESSAGE_CHANNEL_LABELS,
  MESSAGE_KIND_LABELS,
  MESSAGE_STATUS_LABELS,
  RETAINED_ON_ERASURE,
  RETENTION_YEARS,
  isMessageKind,
} from '@milli/contracts';
import type { AdminCustomer } from '@milli/contracts/schemas';
import { formatRupees } from '@milli/pricing';
import type { Route } from './+types/customer';
import { PageHeader, Panel, StatusBadge } from '../../components/admin/admin-shell.tsx';
import { ConfirmAction, isConfirmed } from '../../components/admin/confirm-dialog.tsx';
import { AdminForm, FormActions, SubmitButton, TextField } from '../../components/admin/form-kit.tsx';
import { adminApi } from '../../lib/admin.server.ts';
import { formText } from '../../lib/admin-form.ts';
import { ADMIN_PATHS } from '../../lib/admin-nav.ts';
import { ofThem, showDate, showDateTime, statusTone } from '../../features/admin-customers/customer-view.ts';
import '../../features/admin-customers/admin-customers.css';

export const meta: Route.MetaFunction = ({ data: loaded }) => [{ title: `${loaded?.customer ? loaded.customer.profile.name : 'Customer'} · Back office` }];

function idOf(param: string | undefined): number {
  const id = Number(param);
  if (!Number.isSafeInteger(id) || id < 1) throw data({ message: 'There is no such customer.' }, { status: 404 });
  return id;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = adminApi(context, request);
  const id = idOf(params.id);
  // Issue 41: their SMS and WhatsApp messages with each one's delivery status, beside the mails.
  const [customer, texts] = await Promise.all([api.get(`/api/admin/customers/${id}`), api.get(`/api/admin/customers/${id}/messages`)]);
  return { customer, texts: texts.messages };
}

type Intent = 'correct' | 'note' | 'erase';
type Result =
  | { intent: Intent; ok: true; message: string }
  | { intent: Intent; ok: false; message: string; fields?: Record<string, string>; values?: Record<string, string> }
  | { confirm: 'erase'; reason: string };

const CORRECTION_FIELDS = ['firstName', 'lastName', 'mobile', 'email', 'reason'] as const;

export async function action({ request, context, params }: Route.ActionArgs): Promise<Result> {
  const id = idOf(params.id);
  const form = await request.formData();
  const intent = formText(form, 'intent') as Intent;
  const api = adminApi(context, request);
  if (intent === 'correct') {
    const values = Object.fromEntries(CORRECTION_FIELDS.map((f) => [f, formText(form, f)]));
    const r = await api.send('PATCH', `/api/admin/customers/${id}`, values);
    return r.ok
      ? { intent, ok: true, message: 'Corrected. The audit log keeps the fields as they were and as they are now.' }
      : { intent, ok: false, message: r.refusal.message, ...(r.refusal.fields ? { fields: r.refusal.fields } : {}), values };
  }
  if (intent === 'note') {
    const text = formText(form, 'text');
    const r = await api.send('POST', `/api/admin/customers/${id}/notes`, { text });
    return r.ok
      ? { intent, ok: true, message: 'Note added.' }
      : { intent, ok: false, message: r.refusal.message, ...(r.refusal.fields ? { fields: r.refusal.fields } : {}), values: { text } };
  }
  if (intent === 'erase') {
    const reason = formText(form, 'reason');
    if (!isConfirmed(form)) return { confirm: 'erase', reason };
    const r = await api.send('POST', `/api/admin/customers/${id}/erase`, { reason, confirm: 'ERASE' });
    return r.ok
      ? { intent, ok: true, message: 'The customer’s personal data has been erased. What the tax laws keep stays, locked.' }
      : { intent, ok: false, message: r.refusal.message, ...(r.refusal.fields ? { fields: r.refusal.fields } : {}), values: { reason } };
  }
  return { intent: 'note', ok: false, message: 'Choose Correct, Add a note or Erase.' };
}

function Facts({ c }: { c: AdminCustomer }) {
  const p = c.profile;
  const facts: [string, React.ReactNode][] = [
    ['Name', p.name],
    ['Username', p.username],
    ['E-mail', p.email],
    ['Mobile', p.mobile ?? '–'],
    ['Customer since', showDate(p.createdAt)],
    ['Orders', `${p.orderCount}${p.lastOrderAt ? `, last on ${showDate(p.lastOrderAt)}` : ''}`],
  ];
  if (p.erasedAt) facts.push(['Erased', showDateTime(p.erasedAt)]);
  return (
    <dl className="cu-facts">
      {facts.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

function Table({ label, head, rows }: { label: string; head: string[]; rows: React.ReactNode[][] }) {
  return (
    <div className="adm-table-wrap" tabIndex={0} role="region" aria-label={label}>
      <table className="adm-table">
        <caption className="adm-visually-hidden">{label}</caption>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, n) => (
            <tr key={n}>
              {cells.map((cell, i) =>
                i === 0 ? (
                  <th key={i} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={i}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const none = (what: string) => <p className="adm-muted">{what}</p>;

export default function CustomerPage({ loaderData: { customer: c, texts } }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const confirming = result && 'confirm' in result ? result : null;
  const outcome = result && 'ok' in result ? result : null;
  const failed = outcome && !outcome.ok ? outcome : null;
  const erased = c.profile.erased;
  const fieldsOf = (intent: Intent) => (failed?.intent === intent ? (failed.fields ?? {}) : {});
  const valuesOf = (intent: Intent) => (failed?.intent === intent ? (failed.values ?? {}) : {});
  const correction = valuesOf('correct');
  return (
    <>
      <PageHeader
        title={c.profile.name}
        description={
          erased ? (
            <StatusBadge tone="neutral">Erased customer: only what the tax laws keep is left</StatusBadge>
          ) : (
            <>
              Customer {c.profile.id} · since {showDate(c.profile.createdAt)}
            </>
          )
        }
        back={{ to: ADMIN_PATHS.customers, label: 'Customers' }}
        actions={
          <a className="adm-button adm-button--secondary" href={`/api/admin/customers/${c.profile.id}/export`} download>
            Download their data (JSON)
          </a>
        }
      />
      {outcome && (
        <div className={`adm-banner adm-banner--${outcome.ok ? 'success' : 'error'}`} role={outcome.ok ? 'status' : 'alert'}>
          <p>{outcome.message}</p>
        </div>
      )}
      <div className="adm-stack">
        <Panel title="Profile">
          <Facts c={c} />
        </Panel>

        {!erased && (
          <div className="cu-columns">
            <Panel title="Correct a field">
              {/* A new key once the profile changed: the form starts again from the saved fields, its reason empty. */}
              <AdminForm
                aria-label="Correct the customer’s name, mobile or e-mail"
                key={`${c.profile.firstName}|${c.profile.lastName}|${c.profile.mobile ?? ''}|${c.profile.email}`}
              >
                <input type="hidden" name="intent" value="correct" />
                <div className="adm-grid">
                  <TextField
                    name="firstName"
                    label="First name"
                    maxLength={60}
                    defaultValue={correction.firstName ?? c.profile.firstName}
                    error={fieldsOf('correct').firstName}
                  />
                  <TextField
                    name="lastName"
                    label="Last name"
                    maxLength={60}
                    defaultValue={correction.lastName ?? c.profile.lastName}
                    error={fieldsOf('correct').lastName}
                  />
                  <TextField
                    name="mobile"
                    label="Mobile"
                    type="tel"
                    inputMode="tel"
                    defaultValue={correction.mobile ?? c.profile.mobile ?? ''}
                    error={fieldsOf('correct').mobile}
                    hint="Empty removes it."
                  />
                  <TextField
                    name="email"
                    label="E-mail"
                    type="email"
                    defaultValue={correction.email ?? c.profile.email}
                    error={fieldsOf('correct').email}
                    hint="A new address is mailed to the old one, with a link that undoes the change."
                  />
                  <TextField
                    name="reason"
                    label="Why"
                    size="wide"
                    required
                    maxLength={300}
                    defaultValue={correction.reason ?? ''}
                    error={fieldsOf('correct').reason}
                    hint="Kept in the audit log with the fields before and after."
                  />
                </div>
                <FormActions>
                  <SubmitButton pending="Saving…">Save the correction</SubmitButton>
                </FormActions>
              </AdminForm>
            </Panel>
            <Panel title="Notes">
              <div className="cu-stack">
                {c.notes.length === 0 ? (
                  none('No notes yet.')
                ) : (
                  <ul className="cu-list">
                    {c.notes.map((n) => (
                      <li key={n.id}>
                        <span className="cu-note">{n.text}</span>
                        <br />
                        <span className="adm-muted">
                          {n.by}, {showDateTime(n.at)}
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
                {/* A new key once a note was added: the box is empty again. */}
                <AdminForm aria-label="Add a note" key={c.notes.length}>
                  <input type="hidden" name="intent" value="note" />
                  <TextField
                    name="text"
                    label="Add a note"
                    multiline
                    rows={3}
                    required
                    maxLength={2000}
                    size="wide"
                    defaultValue={valuesOf('note').text ?? ''}
                    error={fieldsOf('note').text}
                    hint="For the desk only. Deleted with the customer’s data if it is erased."
                  />
                  <FormActions>
                    <SubmitButton pending="Adding…">Add the note</SubmitButton>
                  </FormActions>
                </AdminForm>
              </div>
            </Panel>
          </div>
        )}

        <Panel title="Orders">
          {c.orders.length === 0 ? (
            none('No orders.')
          ) : (
            <Table
              label={`Orders of ${c.profile.name}`}
              head={['Order', 'Placed', 'Status', 'Total', 'Invoice']}
              rows={c.orders.map((o) => [
                <Link key="o" to={ADMIN_PATHS.order(o.orderNumber)}>
                  {o.orderNumber}
                </Link>,
                showDate(o.placedAt),
                <StatusBadge key="s" tone={statusTone(o.status)}>
                  {o.status}
                </StatusBadge>,
                formatRupees(o.totalPaise),
                o.invoiced ? 'Issued' : '–',
              ])}
            />
          )}
        </Panel>

        <div className="cu-columns">
          <Panel title="Payments">
            {c.payments.length === 0 ? (
              none('No payments.')
            ) : (
              <Table
                label={`Payments of ${c.profile.name}`}
                head={['Gateway payment', 'For', 'Amount', 'Status', 'On']}
                rows={c.payments.map((p) => [
                  p.gatewayPaymentId ?? '–',
                  p.orderNumber ?? p.purpose.replace('_', ' '),
                  `${formatRupees(p.amountPaise)}${p.refundedPaise > 0 ? ` (${formatRupees(p.refundedPaise)} refunded)` : ''}`,
                  p.status,
                  showDate(p.createdAt),
                ])}
              />
            )}
          </Panel>
          <Panel title="Addresses">
            {c.addresses.length === 0 ? (
              none('No saved addresses.')
            ) : (
              <ul className="cu-list">
                {c.addresses.map((a) => (
                  <li key={a.id}>
                    <strong>{a.name}</strong> {a.isDefault && <StatusBadge tone="info">Default</StatusBadge>}
                    <br />
                    {a.lines} {a.pincode} · {a.phone}
                  </li>
                ))}
              </ul>
            )}
          </Panel>
        </div>

        <div className="cu-columns">
          <Panel title="Harvest plans">
            {c.harvestPlans.length === 0 ? (
              none('No Milli Harvest plan.')
            ) : (
              <ul className="cu-list">
                {c.harvestPlans.map((h) => (
                  <li key={h.id}>
                    <Link to={ADMIN_PATHS.harvestPlan(h.id)}>Plan {h.id}</Link> · {h.status} · {formatRupees(h.monthlyAmountPaise)} a month · balance{' '}
                    {formatRupees(h.balancePaise)} · since {showDate(h.startedAt)}
                  </li>
                ))}
              </ul>
            )}
          </Panel>
          <Panel title="Consents and nominee">
            <div className="cu-stack">
              <p>Order messages: always sent.</p>
              <ul className="cu-list">
                {c.consents.marketing.map((m) => (
                  <li key={m.channel}>
                    {MARKETING_CHANNEL_LABELS[m.channel]} marketing: <strong>{m.granted ? 'given' : 'not given'}</strong>
                    {m.changedAt && <span className="adm-muted"> ({showDateTime(m.changedAt)})</span>}
                  </li>
                ))}
              </ul>
              {c.consents.history.length > 0 && (
                <details>
                  <summary>Every change ({c.consents.history.length})</summary>
                  <ul className="cu-list">
                    {c.consents.history.map((h, n) => (
                      <li key={n}>
                        {showDateTime(h.at)}: {MARKETING_CHANNEL_LABELS[h.channel]} {h.granted ? 'given' : 'withdrawn'} by{' '}
                        {h.source === 'erasure' ? 'the erasure' : 'the customer'}
                      </li>
                    ))}
                  </ul>
                </details>
              )}
              <p>
                Nominee:{' '}
                {c.nominee ? (
                  <>
                    <strong>{c.nominee.name}</strong> ({c.nominee.relationship}) {[c.nominee.email, c.nominee.phone].filter(Boolean).join(', ')}
                  </>
                ) : (
                  <span className="adm-muted">none</span>
                )}
              </p>
            </div>
          </Panel>
        </div>

        <Panel title="Mails sent">
          {c.messages.length === 0 ? (
            none(erased ? 'None kept: they went with the erasure.' : 'None kept (sent mail is pruned after 30 days).')
          ) : (
            <Table
              label={`Mails sent to ${c.profile.name}`}
              head={['Subject', 'Kind', 'Status', 'Queued']}
              rows={c.messages.map((m) => [m.subject, m.kind, m.status, showDateTime(m.createdAt)])}
            />
          )}
        </Panel>

        <Panel title="SMS and WhatsApp messages">
          {texts.length === 0 ? (
            none('None sent.')
          ) : (
            <Table
              label={`SMS and WhatsApp messages to ${c.profile.name}`}
              head={['Message', 'Channel', 'To', 'Status', 'Queued', 'Last error']}
              rows={texts.map((m) => [
                isMessageKind(m.kind) ? MESSAGE_KIND_LABELS[m.kind] : m.kind,
                MESSAGE_CHANNEL_LABELS[m.channel],
                m.toPhone,
                <StatusBadge key="s" tone={m.status === 'failed' ? 'danger' : m.status === 'queued' ? 'warning' : m.status === 'sent' ? 'info' : 'success'}>
                  {MESSAGE_STATUS_LABELS[m.status]}
                  {m.attempts > 1 ? ` (${m.attempts} tries)` : ''}
                </StatusBadge>,
                showDateTime(m.createdAt),
                m.lastError ?? '',
              ])}
            />
          )}
        </Panel>

        <Panel title={erased ? 'Erased' : 'Erase their data'} tone={erased ? undefined : 'warning'}>
          <div className="cu-stack">
            {erased ? (
              <>
                <p>
                  Erased on {c.profile.erasedAt ? showDateTime(c.profile.erasedAt) : '–'}. What the tax laws keep stays, locked, for {RETENTION_YEARS} years
                  after the end of the financial year of each sale:
                </p>
                <ul className="cu-list">
                  {RETAINED_ON_ERASURE.map((r) => (
                    <li key={r.key}>{ofThem(r.text)}</li>
                  ))}
                </ul>
              </>
            ) : c.erasureBlockers.length > 0 ? (
              <>
                <p>
                  <strong>Not yet.</strong> Their data can be erased once these are settled. Their My privacy page tells them:
                </p>
                <ul className="cu-list">
                  {c.erasureBlockers.map((b, n) => (
                    <li key={n}>{b.message}</li>
                  ))}
                </ul>
              </>
            ) : (
              <>
                <p>Only when the customer asked (by phone, letter or mail) and you have checked it is them. It cannot be undone.</p>
                <div className="cu-erase-lists">
                  <div>
                    <h3>Erased</h3>
                    <ul className="cu-list">
                      {ERASED_ON_ERASURE.map((e) => (
                        <li key={e.key}>{ofThem(e.text)}</li>
                      ))}
                    </ul>
                  </div>
                  <div>
                    <h3>Kept, locked ({RETENTION_YEARS} years)</h3>
                    <ul className="cu-list">
                      {RETAINED_ON_ERASURE.map((r) => (
                        <li key={r.key}>{ofThem(r.text)}</li>
                      ))}
                    </ul>
                  </div>
                </div>
                <Form method="post">
                  <ConfirmAction
                    intent="erase"
                    label="Erase their data"
                    buttonTone="danger"
                    title={`Erase the data of ${c.profile.name}?`}
                    confirmLabel="Erase for good"
                    open={confirming !== null}
                  >
                    <p>Their name, contact details, addresses and login go now, and they are mailed once to say so. This cannot be undone.</p>
                    <TextField
                      name="reason"
                      label="How they asked, and how you checked it was them"
                      required
                      multiline
                      rows={3}
                      maxLength={500}
                      defaultValue={confirming?.reason ?? valuesOf('erase').reason ?? ''}
                      error={fieldsOf('erase').reason}
                      hint="Kept in the audit log; their erased data is not."
                    />
                  </ConfirmAction>
                </Form>
              </>
            )}
          </div>
        </Panel>
      </div>
    </>
  );
}
