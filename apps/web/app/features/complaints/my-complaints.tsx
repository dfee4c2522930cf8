import { Link } from 'react-router';
import type { ComplaintSummary } from '@milli/contracts/schemas';
import { COMPLAINT_CATEGORY_LABELS, COMPLAINT_STATUS_TEXT, complaintHref, complaintTime } from './complaint-text.ts';

/** My Account's complaints (issue 38): each ticket with where it stands, opening its page; and a way to raise one. */
export function MyComplaints({ complaints }: { complaints: ComplaintSummary[] | null }) {
  return (
    <section className="my-complaints" aria-labelledby="my-complaints-title">
      <h3 id="my-complaints-title">My complaints</h3>
      {complaints === null ? (
        <p className="muted">We could not load your complaints just now.</p>
      ) : complaints.length === 0 ? (
        <p className="muted">No complaints. We hope it stays that way.</p>
      ) : (
        <ul className="my-complaints-list">
          {complaints.map((c) => (
            <li key={c.ticketNumber}>
              <Link to={complaintHref(c.ticketNumber)} className="my-complaint">
                <span className="my-complaint-top">
                  <strong>{c.ticketNumber}</strong>
                  <span className={`complaint-status complaint-status--${c.status}`}>{COMPLAINT_STATUS_TEXT[c.status]}</span>
                </span>
                <span className="my-complaint-subject">{c.subject}</span>
                <span className="muted">
                  {COMPLAINT_CATEGORY_LABELS[c.category]}
                  {c.orderNumber && <> · order {c.orderNumber}</>} · sent {complaintTime(c.createdAt)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to="/help">Raise a complaint</Link>
      </p>
    </section>
  );
}
