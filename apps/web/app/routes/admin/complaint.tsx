/**
 * /admin/complaints/:ticketNumber (issue 38): one complaint for the desk. What the complainant wrote, the whole thread
 * (their messages, the store's replies, the desk's internal notes, and what happened, with who did it), the timers,
 * the complainant's contacts and order; a reply (mailed, optionally waiting for the customer), an internal note, and
 * the status steps: acknowledge (mailed), wait for the customer, resolve with a summary (mailed), reopen. Every form is
 * a plain POST to this route's action. Permission `complaints`.
 */
import type { ReactNode } from 'react';
import { Form, Link, data } from 'react-router';
import {
  COMPLAINT_CATEGORY_LABELS,
  COMPLAINT_PROMISE,
  COMPLAINT_TICKET_PATTERN,
  type AdminComplaintDetail,
  type AdminComplaintThreadEntry,
} from '@milli/contracts';
import type { Route } from './+types/complaint';
import { PageHeader, Panel, StatusBadge } from '../../components/admin/admin-shell.tsx';
import { Checkbox, FormActions, SubmitButton, TextField } from '../../components/admin/form-kit.tsx';
import { adminApi, type AdminRefusal } from '../../lib/admin.server.ts';
import { ADMIN_PATHS } from '../../lib/admin-nav.ts';
import { Deadline } from '../../features/admin-complaints/deadline.tsx';
import { STATUS_LABEL, STATUS_TONE, ago, deskTime, isOverdue } from '../../features/admin-complaints/desk-format.ts';
import '../../features/admin-orders/admin-orders.css';
import '../../features/admin-complaints/admin-complaints.css';

export const meta: Route.MetaFunction = ({ data: loaded }) => [{ title: `${loaded?.complaint ? loaded.complaint.ticketNumber : 'Complaint'} · Back office` }];

function ticketOf(param: string | undefined): string {
  const ticket = (param ?? '').trim().toUpperCase();
  if (!COMPLAINT_TICKET_PATTERN.test(ticket)) throw data({ message: 'There is no such complaint.' }, { status: 404 });
  return ticket;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return { complaint: await adminApi(context, request).get(`/api/admin/complaints/${ticketOf(params.ticketNumber)}`) };
}

const INTENTS = ['reply', 'note', 'acknowledge', 'wait', 'resolve', 'reopen'] as const;
type Intent = (typeof INTENTS)[number];
const SAVED: Record<Intent, string> = {
  reply: 'Reply sent to the complainant.',
  note: 'Note added.',
  acknowledge: 'Acknowledged; the complainant is told.',
  wait: 'Now waiting for the customer.',
  resolve: 'Resolved; the summary is mailed to the complainant.',
  reopen: 'Reopened: a new month to resolve it.',
};

export type ComplaintActionResult = { intent: Intent; saved?: string; refusal?: AdminRefusal; typed?: string };

export async function action({ request, context, params }: Route.ActionArgs): Promise<ComplaintActionResult> {
  const ticket = ticketOf(params.ticketNumber);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '') as Intent;
  if (!INTENTS.includes(intent)) return { intent: 'note', refusal: { status: 400, message: 'Choose what to do with the complaint.', code: null } };
  const text = (name: string) => String(form.get(name) ?? '').trim();
  const api = adminApi(context, request);
  const base = `/api/admin/complaints/${ticket}` as const;
  const result =
    intent === 'reply'
      ? await api.send('POST', `${base}/reply`, { message: text('message'), waitForCustomer: form.get('waitForCustomer') === 'on' })
      : intent === 'note'
        ? await api.send('POST', `${base}/note`, { message: text('message') })
        : await api.send('POST', `${base}/status`, { action: intent, ...(intent === 'resolve' ? { resolution: text('resolution') } : {}) });
  return result.ok ? { intent, saved: SAVED[intent] } : { intent, refusal: result.refusal, typed: text(intent === 'resolve' ? 'resolution' : 'message') };
}

const EVENT_TEXT: Record<NonNullable<AdminComplaintThreadEntry['event']>, string> = {
  acknowledged: 'Acknowledged',
  waiting: 'Waiting for the customer',
  resolved: 'Resolved',
  reopened: 'Reopened',
};

function ThreadEntry({ e }: { e: AdminComplaintThreadEntry }) {
  const when = (
    <time dateTime={e.at} title={deskTime(e.at)}>
      {deskTime(e.at)}
    </time>
  );
  if (e.kind === 'event') {
    return (
      <li className="adm-complaint-event">
        <strong>{EVENT_TEXT[e.event!]}</strong> · {e.staff ?? 'by the customer’s answer'} · {when}
        {e.body && <p className="adm-complaint-body">{e.body}</p>}
      </li>
    );
  }
  const who = e.kind === 'customer' ? 'Customer' : e.kind === 'note' ? `Internal note · ${e.staff ?? 'staff'}` : `Reply · ${e.staff ?? 'staff'}`;
  return (
    <li className={`adm-complaint-msg adm-complaint-msg--${e.kind}`}>
      <p className="adm-complaint-who">
        <strong>{who}</strong> · {when}
        {e.kind === 'reply' && <span className="adm-order-sub">Mailed to the complainant</span>}
        {e.kind === 'note' && <span className="adm-order-sub">Never shown to the customer</span>}
      </p>
      <p className="adm-complaint-body">{e.body}</p>
    </li>
  );
}

function StepForm({
  intent,
  label,
  result,
  children,
  submit,
  tone = 'primary',
}: {
  intent: Intent;
  label: string;
  result: ComplaintActionResult | undefined;
  children?: ReactNode;
  submit: string;
  tone?: 'primary' | 'secondary' | 'danger';
}) {
  const mine = result && result.intent === intent ? result : undefined;
  return (
    <Form method="post" className="adm-form adm-complaint-form" aria-label={label}>
      {mine?.refusal && (
        <div className="adm-banner adm-banner--error" role="alert">
          <p>{mine.refusal.message}</p>
        </div>
      )}
      {mine?.saved && (
        <div className="adm-banner adm-banner--success" role="status">
          <p>{mine.saved}</p>
        </div>
      )}
      <input type="hidden" name="intent" value={intent} />
      {children}
      <FormActions>
        <SubmitButton name="intent" value={intent} tone={tone} pending="Saving…">
          {submit}
        </SubmitButton>
      </FormActions>
    </Form>
  );
}

function Facts({ c }: { c: AdminComplaintDetail }) {
  return (
    <dl className="adm-order-dl">
      <dt>Status</dt>
      <dd>
        <StatusBadge tone={STATUS_TONE[c.status]}>{STATUS_LABEL[c.status]}</StatusBadge> {isOverdue(c) && <StatusBadge tone="danger">Overdue</StatusBadge>}
      </dd>
      <dt>About</dt>
      <dd>{COMPLAINT_CATEGORY_LABELS[c.category]}</dd>
      <dt>Order</dt>
      <dd>{c.orderNumber ? <Link to={ADMIN_PATHS.order(c.orderNumber)}>{c.orderNumber}</Link> : 'None named'}</dd>
      <dt>Came in</dt>
      <dd>
        <time dateTime={c.createdAt}>{deskTime(c.createdAt)}</time> <span className="adm-order-sub">{ago(c.createdAt, c.now)}</span>
      </dd>
      <dt>Acknowledge by</dt>
      <dd>
        {c.acknowledgedAt ? (
          <>
            Acknowledged <time dateTime={c.acknowledgedAt}>{deskTime(c.acknowledgedAt)}</time>
          </>
        ) : (
          <Deadline at={c.acknowledgeBy} now={c.now} overdue={c.overdue.acknowledge} />
        )}
      </dd>
      <dt>Resolve by</dt>
      <dd>
        {c.status === 'resolved' && c.resolvedAt ? (
          <>
            Resolved <time dateTime={c.resolvedAt}>{deskTime(c.resolvedAt)}</time>
          </>
        ) : (
          <Deadline at={c.resolveBy} now={c.now} overdue={c.overdue.resolve} />
        )}
        {c.reopenedAt && <span className="adm-order-sub">Reopened {deskTime(c.reopenedAt)}: the month counts from then</span>}
      </dd>
    </dl>
  );
}

export default function ComplaintScreen({ loaderData: { complaint: c }, actionData }: Route.ComponentProps) {
  const result = actionData;
  const typed = (intent: Intent) => (result?.intent === intent && result.refusal ? result.typed : undefined);
  const fieldError = (intent: Intent, name: string) => (result?.intent === intent ? result.refusal?.fields?.[name] : undefined);
  return (
    <>
      <PageHeader title={c.ticketNumber} description={c.subject} back={{ to: `${ADMIN_PATHS.complaints}?queue=${c.status}`, label: 'Complaints' }} />
      <div className="adm-order-cols">
        <div>
          <Panel title="What the customer wrote">
            <p className="adm-complaint-body">{c.description}</p>
            {c.resolution && (
              <div className="adm-complaint-resolution">
                <h3>Resolution</h3>
                <p className="adm-complaint-body">{c.resolution}</p>
              </div>
            )}
          </Panel>
          <Panel title="Thread">
            {c.thread.length === 0 ? (
              <p className="adm-muted">No messages yet.{c.acknowledgedAt ? '' : ' Acknowledge the complaint, or reply to the customer.'}</p>
            ) : (
              <ol className="adm-complaint-thread">
                {c.thread.map((e) => (
                  <ThreadEntry key={e.id} e={e} />
                ))}
              </ol>
            )}
          </Panel>
          <Panel title="Reply to the customer">
            {c.complainant.email ? (
              // Keyed by the thread's length: a reply sent empties the box (a fresh form), a refused one keeps what was typed.
              <StepForm key={`reply-${c.thread.length}`} intent="reply" label="Reply to the customer" result={result} submit="Send the reply">
                <TextField
                  name="message"
                  label={`Message to ${c.complainant.email}`}
                  multiline
                  rows={5}
                  maxLength={4000}
                  required
                  size="wide"
                  defaultValue={typed('reply')}
                  error={fieldError('reply', 'message')}
                  hint={c.acknowledgedAt ? 'Mailed to the customer and shown on their ticket.' : 'Mailed to the customer; it also acknowledges the complaint.'}
                />
                {c.status === 'open' && <Checkbox name="waitForCustomer" label="Wait for the customer’s answer (the ticket moves to Waiting for customer)" />}
              </StepForm>
            ) : (
              <p className="adm-muted">
                The customer gave no e-mail address: call them{c.complainant.phone ? ` on ${c.complainant.phone}` : ''} and note what was said.
              </p>
            )}
          </Panel>
          <Panel title="Internal note">
            <StepForm key={`note-${c.thread.length}`} intent="note" label="Add an internal note" result={result} submit="Add the note" tone="secondary">
              <TextField
                name="message"
                label="Note for the desk"
                multiline
                rows={3}
                maxLength={4000}
                required
                size="wide"
                defaultValue={typed('note')}
                error={fieldError('note', 'message')}
                hint="Never shown or mailed to the customer."
              />
            </StepForm>
          </Panel>
        </div>
        <div className="adm-complaint-side">
          <Panel title="Timers and facts">
            <Facts c={c} />
          </Panel>
          <Panel title="Complainant">
            <dl className="adm-order-dl">
              <dt>Name</dt>
              <dd>{c.complainant.name ?? '—'}</dd>
              <dt>E-mail</dt>
              <dd className="adm-order-email">{c.complainant.email ? <a href={`mailto:${c.complainant.email}`}>{c.complainant.email}</a> : 'None given'}</dd>
              <dt>Phone</dt>
              <dd>{c.complainant.phone ? <a href={`tel:${c.complainant.phone.replace(/\s+/g, '')}`}>{c.complainant.phone}</a> : 'None given'}</dd>
              <dt>Filed as</dt>
              <dd>{c.complainant.customerId === null ? 'A guest' : `A customer with an account (no. ${c.complainant.customerId})`}</dd>
            </dl>
          </Panel>
          <Panel title="Move it on">
            <div className="adm-order-next">
              {c.status !== 'resolved' && !c.acknowledgedAt && (
                <StepForm intent="acknowledge" label="Acknowledge" result={result} submit="Acknowledge" tone="secondary">
                  <p className="adm-hint">Tells the customer a person is on it (due within {COMPLAINT_PROMISE.acknowledge}).</p>
                </StepForm>
              )}
              {c.status === 'open' && (
                <StepForm intent="wait" label="Wait for the customer" result={result} submit="Wait for the customer" tone="secondary">
                  <p className="adm-hint">After a call or a question the customer is to answer; nothing is mailed.</p>
                </StepForm>
              )}
              {c.status !== 'resolved' && (
                <StepForm intent="resolve" label="Resolve" result={result} submit="Resolve and mail the summary">
                  <TextField
                    name="resolution"
                    label="How it was resolved"
                    multiline
                    rows={3}
                    maxLength={2000}
                    required
                    size="wide"
                    defaultValue={typed('resolve')}
                    error={fieldError('resolve', 'resolution')}
                    hint="Mailed to the customer. Their answer reopens the complaint."
                  />
                </StepForm>
              )}
              {c.status === 'resolved' && (
                <StepForm intent="reopen" label="Reopen" result={result} submit="Reopen" tone="secondary">
                  <p className="adm-hint">Back to Open, with a new month to resolve it.</p>
                </StepForm>
              )}
            </div>
          </Panel>
        </div>
      </div>
    </>
  );
}
