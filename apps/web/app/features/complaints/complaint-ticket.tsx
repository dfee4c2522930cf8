import { Form } from 'react-router';
import type { Complaint } from '@milli/contracts/schemas';
import { FormAlert } from '../../components/forms/form-bits.tsx';
import { fieldErrorId, fieldErrorProps } from '../../lib/field-errors.ts';
import { COMPLAINT_CATEGORY_LABELS, COMPLAINT_EVENT_TEXT, COMPLAINT_PROMISE, COMPLAINT_STATUS_TEXT, complaintTime } from './complaint-text.ts';

/** What a reply's post answered: its message, and the field's when the message itself was refused. */
export interface ComplaintReplyResult {
  ok: boolean;
  message: string;
  fieldError?: string | undefined;
}

/**
 * A ticket as its complainant sees it (the account's ticket page and a guest's, /help/ticket): the number, where it
 * stands with its dates, what they wrote, the thread of the store's replies and what happened, and a form to answer,
 * a plain POST to the page's own action.
 */
export function ComplaintTicket({ complaint: c, result, busy }: { complaint: Complaint; result?: ComplaintReplyResult | undefined; busy: boolean }) {
  const replyId = 'complaint-reply';
  return (
    <article className="complaint" aria-labelledby="complaint-title">
      <header className="complaint-head">
        <p className="complaint-number">
          Ticket <strong>{c.ticketNumber}</strong>
        </p>
        <h2 id="complaint-title" className="complaint-subject">
          {c.subject}
        </h2>
        <p className={`complaint-status complaint-status--${c.status}`}>{COMPLAINT_STATUS_TEXT[c.status]}</p>
      </header>

      <dl className="complaint-facts">
        <dt>About</dt>
        <dd>
          {COMPLAINT_CATEGORY_LABELS[c.category]}
          {c.orderNumber && <> · order {c.orderNumber}</>}
        </dd>
        <dt>Sent</dt>
        <dd>
          <time dateTime={c.createdAt}>{complaintTime(c.createdAt)}</time>
        </dd>
        {c.status === 'resolved' && c.resolvedAt ? (
          <>
            <dt>Resolved</dt>
            <dd>
              <time dateTime={c.resolvedAt}>{complaintTime(c.resolvedAt)}</time>
            </dd>
          </>
        ) : (
          <>
            <dt>{c.acknowledgedAt ? 'Acknowledged' : 'Acknowledgement'}</dt>
            <dd>
              {c.acknowledgedAt ? (
                <time dateTime={c.acknowledgedAt}>{complaintTime(c.acknowledgedAt)}</time>
              ) : (
                <>
                  by <time dateTime={c.acknowledgeBy}>{complaintTime(c.acknowledgeBy)}</time> (within {COMPLAINT_PROMISE.acknowledge})
                </>
              )}
            </dd>
            <dt>Resolved by</dt>
            <dd>
              <time dateTime={c.resolveBy}>{complaintTime(c.resolveBy)}</time> at the latest
            </dd>
          </>
        )}
      </dl>

      <section className="complaint-said" aria-label="What you told us">
        <h3 className="complaint-h3">What you told us</h3>
        <p className="complaint-body">{c.description}</p>
      </section>

      {c.resolution && (
        <section className="complaint-resolution" aria-label="How we resolved it">
          <h3 className="complaint-h3">How we resolved it</h3>
          <p className="complaint-body">{c.resolution}</p>
        </section>
      )}

      <section aria-labelledby="complaint-thread-title">
        <h3 id="complaint-thread-title" className="complaint-h3">
          Messages
        </h3>
        {c.thread.length === 0 ? (
          <p className="muted">No messages yet. Our team will write to you here and by e-mail.</p>
        ) : (
          <ol className="complaint-thread">
            {c.thread.map((m) =>
              m.event ? (
                <li key={m.id} className="complaint-event">
                  <time dateTime={m.at}>{complaintTime(m.at)}</time> · {m.event === 'resolved' ? 'Resolved.' : COMPLAINT_EVENT_TEXT[m.event]}
                </li>
              ) : (
                <li key={m.id} className={`complaint-message complaint-message--${m.from}`}>
                  <p className="complaint-message-who">
                    <strong>{m.from === 'you' ? 'You' : 'Our team'}</strong> · <time dateTime={m.at}>{complaintTime(m.at)}</time>
                  </p>
                  <p className="complaint-body">{m.body}</p>
                </li>
              ),
            )}
          </ol>
        )}
      </section>

      {/* Keyed by the thread's length: a message sent empties the box, a refused one keeps what was typed. */}
      <Form key={c.thread.length} method="post" className="complaint-reply" aria-labelledby="complaint-reply-title">
        <h3 id="complaint-reply-title" className="complaint-h3">
          {c.status === 'resolved' ? 'Not put right? Answer us to reopen it' : 'Add a message'}
        </h3>
        {result && <FormAlert tone={result.ok ? 'success' : 'error'}>{result.message}</FormAlert>}
        <input type="hidden" name="intent" value="reply" />
        <div className="form-field">
          <label htmlFor={replyId}>Your message</label>
          <textarea id={replyId} name="message" rows={4} maxLength={4000} required {...fieldErrorProps(replyId, result?.fieldError, undefined)} />
          {result?.fieldError && (
            <p id={fieldErrorId(replyId)} className="field-error">
              {result.fieldError}
            </p>
          )}
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Sending…' : c.status === 'resolved' ? 'Send and reopen' : 'Send'}
        </button>
      </Form>
    </article>
  );
}
