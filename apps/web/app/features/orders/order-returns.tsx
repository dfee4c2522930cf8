import { Form } from 'react-router';
import type { OrderDetail, OrderReturn } from '@milli/contracts';
import { formatRupees } from '@milli/pricing';
import { FormAlert } from '../../components/forms/form-bits.tsx';
import { orderDate, stepTime } from './order-parts.tsx';

/** What the order page's return form answered (its action's refusal, or nothing on success: a redirect). */
export interface ReturnFormResult {
  intent: 'return';
  ok: false;
  message: string;
}

const STEP_WORDS: Record<OrderReturn['status'], string> = {
  Requested: 'Requested',
  Approved: 'Approved',
  'Pickup scheduled': 'Pickup scheduled',
  Received: 'Received by us',
  Checked: 'Checked',
  Refunded: 'Refunded',
  Refused: 'Refused',
};

const creditNoteUrl = (orderNumber: string, id: number) => `/api/orders/${encodeURIComponent(orderNumber)}/credit-notes/${id}.pdf`;

/**
 * Returns on the customer's order page (issue 20): while the window is open, "Return pieces" (lines and quantities,
 * a reason, the refund to the way they paid or as store credit, up to four photos; a plain multipart form, so it
 * works without script), the window's last day, and each return's progress; after the window, when it closed.
 */
export function OrderReturns({
  detail,
  self,
  result,
  submitting,
  requested,
}: {
  detail: OrderDetail;
  self: string;
  result: ReturnFormResult | undefined;
  submitting: boolean;
  requested: boolean;
}) {
  const w = detail.returnWindow;
  if (detail.order.status !== 'Delivered' && detail.returns.length === 0) return null;
  const returnable = detail.lines.map((l) => ({ line: l, state: w.lines.find((x) => x.lineId === l.lineId) })).filter((x) => (x.state?.returnable ?? 0) > 0);
  return (
    <section className="card card-pad order-returns" aria-labelledby="returns-title" id="returns">
      <h2 id="returns-title" className="shell-h2">
        Returns
      </h2>
      {requested && detail.returns.at(-1)?.status === 'Requested' && (
        <FormAlert tone="success">Your return is requested. We have sent you a mail, and will write at each step.</FormAlert>
      )}
      {result && !result.ok && <FormAlert tone="error">{result.message}</FormAlert>}
      {w.open && w.closesAt ? (
        <p>
          You can return pieces within {w.windowDays} days of delivery: until <strong>{orderDate(w.closesAt)}</strong>.
        </p>
      ) : (
        w.message && <p className="muted">{w.message}</p>
      )}
      {w.lines.some((l) => l.reason) && <p className="muted">{w.lines.find((l) => l.reason)!.reason}</p>}

      {detail.returns.map((r) => (
        <ReturnCard key={r.id} r={r} orderNumber={detail.order.orderNumber} />
      ))}

      {w.open && returnable.length > 0 && (
        <details className="order-return-form" open={Boolean(result) || detail.returns.length === 0}>
          <summary className="btn btn-outline btn-sm">Return pieces</summary>
          <Form method="post" action={`${self}#returns`} encType="multipart/form-data" className="stack">
            <input type="hidden" name="intent" value="return" />
            <fieldset className="order-return-lines">
              <legend>Which pieces, and how many?</legend>
              {returnable.map(({ line, state }) => (
                <div key={line.lineId} className="form-field order-return-line">
                  <label htmlFor={`return-qty-${line.lineId}`}>
                    {line.name} <span className="muted">(up to {state!.returnable})</span>
                  </label>
                  <input
                    id={`return-qty-${line.lineId}`}
                    name={`qty-${line.lineId}`}
                    type="number"
                    min={0}
                    max={state!.returnable}
                    defaultValue={returnable.length === 1 ? 1 : 0}
                    inputMode="numeric"
                  />
                </div>
              ))}
            </fieldset>
            <div className="form-field">
              <label htmlFor="return-reason">Why are you returning it?</label>
              <textarea id="return-reason" name="reason" rows={3} maxLength={1000} required minLength={3} />
            </div>
            <fieldset>
              <legend>Refund to</legend>
              <label className="order-return-choice">
                <input type="radio" name="refundMethod" value="original" defaultChecked /> The way I paid
              </label>
              <label className="order-return-choice">
                <input type="radio" name="refundMethod" value="store_credit" /> Store credit, to spend here
              </label>
              <p className="field-hint">What was paid with Milli Harvest or store credit, or on delivery, comes back as store credit.</p>
            </fieldset>
            <div className="form-field">
              <label htmlFor="return-photos">Photos (optional, up to 4)</label>
              <input id="return-photos" name="photo" type="file" accept="image/jpeg,image/png,image/webp,image/heic" multiple />
            </div>
            <p className="muted">Personalised (made-to-order) pieces cannot be returned. Please keep the box, certificates and invoice for the pickup.</p>
            <div>
              <button type="submit" className="btn btn-primary btn-sm" disabled={submitting}>
                {submitting ? 'Sending…' : 'Ask for the return'}
              </button>
            </div>
          </Form>
        </details>
      )}
    </section>
  );
}

function ReturnCard({ r, orderNumber }: { r: OrderReturn; orderNumber: string }) {
  return (
    <article className="order-return" aria-labelledby={`return-${r.id}`}>
      <h3 id={`return-${r.id}`} className="order-return-title">
        Return {r.id} · <span className="order-return-status">{STEP_WORDS[r.status]}</span>
      </h3>
      <ul className="order-return-pieces">
        {r.lines.map((l) => (
          <li key={l.lineId}>
            {l.quantity} × {l.name} · {formatRupees(l.amountPaise)}
          </li>
        ))}
      </ul>
      <p>
        Worth {formatRupees(r.amountPaise)} · refund to {r.refundMethod === 'store_credit' ? 'store credit' : 'the way you paid'}
        {r.pickupDate && r.status === 'Pickup scheduled' ? ` · pickup on ${orderDate(`${r.pickupDate}T00:00:00Z`)}` : ''}
      </p>
      {r.status === 'Refunded' && (
        <p className="order-return-refund">
          Refunded {formatRupees(r.refundedPaise)}
          {r.refundedToPaymentPaise > 0 && r.refundedAsStoreCreditPaise > 0
            ? `: ${formatRupees(r.refundedToPaymentPaise)} to the way you paid and ${formatRupees(r.refundedAsStoreCreditPaise)} as store credit`
            : r.refundedAsStoreCreditPaise > 0
              ? ' as store credit'
              : ' to the way you paid (5 to 7 working days)'}
          .{r.refundedPaise < r.amountPaise && r.checkNote ? ` ${r.checkNote}` : ''}
          {r.creditNoteId !== null && (
            <>
              {' '}
              <a href={creditNoteUrl(orderNumber, r.creditNoteId)} download>
                Credit note (PDF)
              </a>
            </>
          )}
        </p>
      )}
      {r.status === 'Refused' && r.refusedReason && <p className="order-return-refused">Refused: {r.refusedReason}</p>}
      {r.photos.length > 0 && (
        <ul className="order-return-photos" aria-label="Your photos">
          {r.photos.map((p, i) => (
            <li key={p.id}>
              <a href={p.url} target="_blank" rel="noopener noreferrer">
                <img
                  src={p.thumbUrl ?? p.url}
                  alt={`Your photo ${i + 1} of the return`}
                  width={96}
                  height={Math.round((96 * p.height) / Math.max(p.width, 1))}
                  loading="lazy"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      <ol className="order-return-steps">
        {r.steps.map((s, i) => (
          <li key={i}>
            <strong>{STEP_WORDS[s.status]}</strong> <time dateTime={s.at}>{stepTime(s.at)}</time>
          </li>
        ))}
      </ol>
    </article>
  );
}
