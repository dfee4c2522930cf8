import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Form, Link, useRevalidator } from 'react-router';
import type { Route } from './+types/cad-design';
import { CAD_ADVANCE_PERCENT, INDIAN_STATES, streetLine, type ApiAnswer, type CustomRequestView, type SavedAddress } from '@milli/contracts';
import { formatRupees } from '@milli/pricing';
import { serverApi } from '../lib/api.server.ts';
import { pageTitle } from '../lib/meta.ts';
import { PageBanner } from '../components/layout/page-banner.tsx';
import { loadCadDesign, rejectDesign } from '../features/custom-design/actions.server.ts';
import { carats, grams, metalName, shortDate, trackerSteps } from '../features/custom-design/format.ts';
import type { RejectResult } from '../features/custom-design/texts.ts';
import { FormAlert, useSubmitting } from '../components/forms/form-bits.tsx';
import { useGatewayCheckout } from '../features/payments/gateway-checkout.tsx';
import '../styles/screens/shells.css';
import '../styles/screens/custom-design.css';
import '../styles/screens/payments.css';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Design') }, { name: 'robots', content: 'noindex' }];

/** Guests go to /login; a customer sees their own request (?request={id}) and its latest design sheet. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadCadDesign(serverApi(context), request);
}

export async function action({ request, context }: Route.ActionArgs) {
  return rejectDesign(serverApi(context), request);
}

function Timeline({ status }: { status: string }) {
  return (
    <ol className="timeline custom-timeline">
      {trackerSteps(status).map(({ step, state }, i) => {
        return (
          <li key={step} className={`timeline-step timeline-step--${state}`} aria-current={state === 'current' ? 'step' : undefined}>
            <span className="timeline-dot" aria-hidden="true">
              {state === 'todo' ? i + 1 : '✓'}
            </span>
            <span className="timeline-label">
              {step}
              <span className="visually-hidden">{state === 'todo' ? ' (not yet)' : state === 'current' ? ' (current step)' : ' (done)'}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** Spec §3's CAD sheet attributes: the shared design's values, or the request's own until a design exists. */
function sheetRows(detail: CustomRequestView): [string, string][] {
  const { request: r, design: d } = detail;
  const none = '—';
  if (d) {
    return [
      ['Metal', metalName(d.metal)],
      ['Category', d.category],
      ['Metal weight', grams(d.metalWeightMg) ?? none],
      ['Metal quality', d.metalQuality],
      ['Colour', d.colour ?? none],
      ['Diamond quality', d.diamondQuality ?? none],
      ['Diamond weight', carats(d.diamondWeightCents) ?? none],
      ['Stone', d.stone ?? none],
      ['Stone weight', carats(d.stoneWeightCents) ?? none],
      ['Total amount', formatRupees(d.totalAmountPaise)],
    ];
  }
  return [
    ['Metal', metalName(r.metalType)],
    ['Category', r.category],
    ['Metal weight', grams(r.metalWeightMg) ?? 'Left to our designers'],
    ['Metal quality', r.goldQuality ? `${r.goldQuality} kt` : r.metalType === 'platinum' ? '950 Platinum' : r.metalType === 'silver' ? '925 Silver' : none],
    ['Colour', r.goldColour ?? none],
    ['Diamond quality', r.diamond ? (r.diamondQuality ?? none) : 'No diamond'],
    ['Diamond weight', r.diamond ? (carats(r.diamondWeightCents) ?? 'Left to our designers') : none],
    ['Stone', r.stone ? [r.stoneType, r.stoneCount ? `${r.stoneCount} pcs` : null].filter(Boolean).join(', ') : 'No stone'],
    ['Stone weight', r.stone ? (carats(r.stoneWeightCents) ?? none) : none],
    ['Total amount', 'Quoted with the design'],
  ];
}

function RejectForm({ result }: { result: RejectResult | undefined }) {
  const submitting = useSubmitting();
  const error = result && !result.ok ? result.message : undefined;
  return (
    <Form method="post" className="cad-reject" aria-labelledby="cad-reject-title">
      <h3 id="cad-reject-title" className="shell-h3">
        Not quite right?
      </h3>
      {error && <FormAlert tone="error">{error}</FormAlert>}
      <div className="form-field">
        <label htmlFor="reject-reason">What should our designers change?</label>
        <textarea
          id="reject-reason"
          name="reason"
          rows={3}
          maxLength={1000}
          defaultValue={result?.reason ?? ''}
          aria-invalid={error ? true : undefined}
          placeholder="For example: a thinner band, a smaller stone, more leaves."
        />
      </div>
      <button type="submit" className="btn btn-outline" disabled={submitting}>
        {submitting ? 'Sending…' : 'Reject'}
      </button>
    </Form>
  );
}

/**
 * Approve & pay 30 %: the design's advance in the payment gateway's checkout (the demo dialog or Razorpay's
 * window); once it is paid the design is approved and the page shows it. The checkout needs JavaScript.
 */
function ApprovePay({ detail, onPaid }: { detail: CustomRequestView; onPaid: (message: string) => void }) {
  const { request: r, design: d } = detail;
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const checkout = useGatewayCheckout({ onPaid: (answer) => onPaid(answer.message) });
  if (!d) return null;
  return (
    <section className="cad-approve" aria-labelledby="cad-approve-title">
      <h3 id="cad-approve-title" className="shell-h3">
        Happy with it?
      </h3>
      {checkout.error && <FormAlert tone="error">{checkout.error}</FormAlert>}
      {hydrated ? (
        <button
          type="button"
          className="btn btn-primary"
          disabled={checkout.busy}
          onClick={() =>
            void checkout.pay(`/api/custom-design/requests/${r.id}/approve`, {
              name: 'Custom design',
              description: `${d.advancePercent} % advance for ${r.title} (${r.number}, version ${d.version})`,
            })
          }
        >
          {checkout.busy ? 'Opening the payment window…' : `Approve & pay ${d.advancePercent} % (${formatRupees(d.advancePaise)})`}
        </button>
      ) : (
        <p className="muted">Approving opens the payment gateway’s window for the advance, which needs JavaScript.</p>
      )}
      {checkout.dialog}
    </section>
  );
}

const NEW = 'new';

/** One line of a saved address, as the picker shows it. */
const addressLine = (a: SavedAddress) => `${a.firstName} ${a.lastName}, ${streetLine(a.address, a.city)}, ${a.city}, ${a.state} ${a.pincode}`;

/**
 * "Pay the balance" of a made piece: where it goes (a saved address, or one typed in, as at checkout), then
 * POST /api/custom-design/requests/{id}/balance makes its order (once: asking again answers the same) and the
 * shared gateway checkout takes the payment. Paid, the order is Placed and ships like any order.
 */
function BalancePay({ detail, addresses, onPaid }: { detail: CustomRequestView; addresses: SavedAddress[]; onPaid: (message: string) => void }) {
  const { request: r, piece } = detail;
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const preferred = addresses.find((a) => a.isDefault) ?? addresses[0];
  const [choice, setChoice] = useState<string>(preferred ? String(preferred.id) : NEW);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const checkout = useGatewayCheckout({ onPaid: (answer) => onPaid(answer.message) });
  if (!piece) return null;
  const balance = detail.order ? detail.order.payablePaise : piece.balancePaise;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const form = new FormData(event.currentTarget);
    const body: Record<string, string | number> =
      choice === NEW || detail.order
        ? Object.fromEntries(['firstName', 'lastName', 'address', 'landmark', 'city', 'state', 'pincode', 'phone'].map((k) => [k, String(form.get(k) ?? '')]))
        : { addressId: Number(choice) };
    try {
      const res = await fetch(`/api/custom-design/requests/${r.id}/balance`, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify(detail.order ? {} : body),
      });
      // The balance's order (a refusal says why in its message).
      const answer = (await res.json().catch(() => null)) as (ApiAnswer<'POST', `/api/custom-design/requests/${number}/balance`> & { message?: string }) | null;
      setBusy(false);
      if (!res.ok || !answer) {
        setError(answer?.message ?? 'We could not start the payment just now. Nothing was charged; please try again.');
        return;
      }
      if (!answer.payment) {
        onPaid(`Your order ${answer.orderNumber} is ${answer.status}.`);
        return;
      }
      checkout.open(answer.payment, { name: 'Custom piece', description: `Balance for ${r.title} (${r.number}), order ${answer.orderNumber}` });
    } catch {
      setBusy(false);
      setError('We could not reach the store just now. Nothing was charged; please try again.');
    }
  }

  return (
    <section className="cad-approve cad-balance" aria-labelledby="cad-balance-title">
      <h3 id="cad-balance-title" className="shell-h3">
        Pay the balance {formatRupees(balance)}
      </h3>
      <p className="muted">
        Final price {formatRupees(piece.finalTotalPaise)}, less your advance of {formatRupees(piece.advancePaise)}.
      </p>
      {error && <FormAlert tone="error">{error}</FormAlert>}
      {checkout.error && <FormAlert tone="error">{checkout.error}</FormAlert>}
      {!hydrated ? (
        <p className="muted">Paying opens the payment gateway’s window, which needs JavaScript.</p>
      ) : (
        <form onSubmit={(e) => void submit(e)} className="cad-balance-form" aria-label="Delivery address and payment">
          {!detail.order && (
            <fieldset className="cad-addresses">
              <legend>Deliver to</legend>
              {addresses.map((a) => (
                <label key={a.id} className="cad-address">
                  <input type="radio" name="addressChoice" value={a.id} checked={choice === String(a.id)} onChange={() => setChoice(String(a.id))} />{' '}
                  {addressLine(a)}
                </label>
              ))}
              <label className="cad-address">
                <input type="radio" name="addressChoice" value={NEW} checked={choice === NEW} onChange={() => setChoice(NEW)} />{' '}
                {addresses.length ? 'Another address' : 'This address'}
              </label>
              {choice === NEW && (
                <div className="cad-address-fields">
                  {(
                    [
                      ['firstName', 'First name', 'given-name'],
                      ['lastName', 'Last name', 'family-name'],
                      ['address', 'Address', 'street-address'],
                      ['landmark', 'Landmark (optional)', 'off'],
                      ['city', 'City', 'address-level2'],
                      ['pincode', 'PIN code', 'postal-code'],
                      ['phone', 'Mobile', 'tel-national'],
                    ] as const
                  ).map(([name, label, auto]) => (
                    <div key={name} className="form-field">
                      <label htmlFor={`bal-${name}`}>{label}</label>
                      <input
                        id={`bal-${name}`}
                        name={name}
                        autoComplete={auto}
                        required={name !== 'landmark'}
                        inputMode={name === 'pincode' || name === 'phone' ? 'numeric' : undefined}
                      />
                    </div>
                  ))}
                  <div className="form-field">
                    <label htmlFor="bal-state">State</label>
                    <select id="bal-state" name="state" required defaultValue="">
                      <option value="">Choose a state</option>
                      {INDIAN_STATES.map((s) => (
                        <option key={s.code} value={s.name}>
                          {s.name}
                        </option>
                      ))}
                    </select>
                  </div>
                </div>
              )}
            </fieldset>
          )}
          <button type="submit" className="btn btn-primary" disabled={busy || checkout.busy}>
            {busy || checkout.busy ? 'Opening the payment window…' : `Pay the balance ${formatRupees(balance)}`}
          </button>
        </form>
      )}
      {checkout.dialog}
    </section>
  );
}

function Detail({ detail, addresses, result }: { detail: CustomRequestView; addresses: SavedAddress[]; result: RejectResult | undefined }) {
  const { request: r, design: d } = detail;
  const latest = detail.versions.find((v) => v.id === d?.id) ?? null;
  const older = detail.versions.filter((v) => v.id !== latest?.id);
  const waiting = d?.status === 'Shared' && r.status === 'Design Shared';
  const revalidator = useRevalidator();
  const [approved, setApproved] = useState<string | null>(null);
  const progressRef = useRef<HTMLElement>(null);
  // Paid: the page goes back up to the progress, where the approval is announced and the timeline moved on.
  useEffect(() => {
    if (approved) progressRef.current?.focus();
  }, [approved]);
  return (
    <>
      <section ref={progressRef} tabIndex={-1} className="card card-pad" aria-labelledby="cad-progress-title">
        <h2 id="cad-progress-title" className="shell-h2">
          {r.title} <span className="muted cad-number">{r.number}</span>
        </h2>
        <p className="muted">
          Requested on <time dateTime={r.date}>{shortDate(r.date)}</time> · Status: <strong>{r.status}</strong>
        </p>
        <Timeline status={r.status} />
        {result?.ok && <FormAlert tone="success">{result.message}</FormAlert>}
        {approved && <FormAlert tone="success">{approved}</FormAlert>}
        {!d && r.status === 'Requested' && <FormAlert tone="info">Our design team is preparing your CAD design and will reply within 48 hours.</FormAlert>}
        {r.status === 'Rejected' && !result?.ok && (
          <FormAlert tone="info">
            You asked for changes{r.rejectReason ? `: “${r.rejectReason}”` : ''}. Our design team is preparing a new version and will reply within 48 hours.
          </FormAlert>
        )}
      </section>

      <div className="cad-columns">
        <section className="card card-pad" aria-labelledby="cad-sheet-title">
          <h2 id="cad-sheet-title" className="shell-h2">
            {d ? `Design specification (version ${d.version})` : 'Your specification'}
          </h2>
          {latest && latest.renders.length > 0 ? (
            <ul className="cad-renders" aria-label={`Renders of version ${latest.version}`}>
              {latest.renders.map((render) => (
                <li key={render.slot}>
                  <a href={render.url} target="_blank" rel="noreferrer">
                    <img src={render.thumbUrl} alt={`CAD render ${render.slot} of ${r.title}, version ${latest.version}`} loading="lazy" />
                    <span className="visually-hidden"> (opens the full picture)</span>
                  </a>
                </li>
              ))}
            </ul>
          ) : (
            d?.image && <img className="cad-render" src={d.image} alt={`CAD design of ${r.title}, version ${d.version}`} />
          )}
          <div className="table-wrap">
            <table className="table table--facts">
              <tbody>
                {sheetRows(detail).map(([label, value]) => (
                  <tr key={label}>
                    <th scope="row">{label}</th>
                    <td>{value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {latest?.note && <p className="cad-note">From our designers: {latest.note}</p>}
          {latest?.breakup && (
            <div className="table-wrap cad-breakup">
              <table className="table table--facts">
                <caption className="visually-hidden">Price breakup of version {latest.version}</caption>
                <tbody>
                  {(
                    [
                      ['Metal', latest.breakup.metalPaise],
                      ['Making', latest.breakup.makingPaise],
                      ['Diamonds', latest.breakup.diamondPaise],
                      ['Stones', latest.breakup.stonesPaise],
                      ['GST', latest.breakup.gstPaise],
                    ] as const
                  ).map(([label, paise]) => (
                    <tr key={label}>
                      <th scope="row">{label}</th>
                      <td>{formatRupees(paise)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row">Total</th>
                    <td>{formatRupees(latest.breakup.totalPaise)}</td>
                  </tr>
                </tfoot>
              </table>
            </div>
          )}
          {d?.status === 'Approved' && !detail.piece && (
            <p className="cad-advance">
              Your advance of {d.advancePercent}% ({formatRupees(d.advancePaise)}) is paid and the making of your piece has begun; the balance of{' '}
              {formatRupees(d.totalAmountPaise - d.advancePaise)} is due when it is ready.
            </p>
          )}
          {d && d.status !== 'Approved' && (
            <p className="cad-advance">
              On approval, an advance of {d.advancePercent}% ({formatRupees(d.advancePaise)}) starts the making of your piece; the balance is due when it is
              ready.
            </p>
          )}
          {waiting && (
            <ApprovePay
              detail={detail}
              onPaid={(message) => {
                setApproved(message);
                void revalidator.revalidate();
              }}
            />
          )}
          {waiting && <RejectForm result={result} />}
          {detail.piece && (
            <div className="cad-piece">
              <h3 className="shell-h3">Your piece is made</h3>
              <p>
                {detail.piece.huid ? (
                  <>
                    Hallmarked with HUID <strong>{detail.piece.huid}</strong>, net
                  </>
                ) : (
                  'Net'
                )}{' '}
                metal weight {grams(detail.piece.netWeightMg)}. Final price {formatRupees(detail.piece.finalTotalPaise)}; your advance of{' '}
                {formatRupees(detail.piece.advancePaise)} is paid.
              </p>
              {detail.order && detail.order.status !== 'Awaiting payment' && (
                <p>
                  Your order <Link to={`/order-details?order=${encodeURIComponent(detail.order.orderNumber)}`}>{detail.order.orderNumber}</Link> is{' '}
                  {detail.order.status}.
                </p>
              )}
              {detail.order?.shipment && (
                <p>
                  Sent with {detail.order.shipment.courierName}, AWB <strong>{detail.order.shipment.awbNumber}</strong>
                  {detail.order.shipment.deliveredAt ? '; delivered.' : '.'}{' '}
                  {detail.order.shipment.trackingUrl && (
                    <a href={detail.order.shipment.trackingUrl} target="_blank" rel="noopener noreferrer">
                      Track your parcel<span className="visually-hidden"> on {detail.order.shipment.courierName}’s site (opens in a new tab)</span>
                    </a>
                  )}
                </p>
              )}
            </div>
          )}
          {detail.piece && (!detail.order || detail.order.status === 'Awaiting payment') && (
            <BalancePay
              detail={detail}
              addresses={addresses}
              onPaid={(message) => {
                setApproved(message);
                void revalidator.revalidate();
              }}
            />
          )}
          {older.length > 0 && (
            <details className="cad-versions">
              <summary>Earlier versions ({older.length})</summary>
              <ul>
                {older.map((v) => (
                  <li key={v.id}>
                    Version {v.version}, {formatRupees(v.totalAmountPaise)}: {v.status}
                    {v.rejectReason ? ` (you asked: “${v.rejectReason}”)` : ''}
                  </li>
                ))}
              </ul>
            </details>
          )}
        </section>

        <section className="card card-pad" aria-labelledby="cad-request-title">
          <h2 id="cad-request-title" className="shell-h2">
            What you sent us
          </h2>
          {r.images.length > 0 && (
            <ul className="cad-images">
              {r.images.map((image) => (
                <li key={image.slot}>
                  <a href={image.url} target="_blank" rel="noreferrer">
                    <img src={image.thumbUrl} alt={`Your reference image ${image.slot}`} loading="lazy" />
                    <span className="visually-hidden"> (opens the full picture)</span>
                  </a>
                </li>
              ))}
            </ul>
          )}
          <h3 className="shell-h3">Remarks</h3>
          <p className="cad-remarks">{r.remarks}</p>
          {!d && <p className="muted">Once you approve a design, an advance of {CAD_ADVANCE_PERCENT}% of its total starts the making of your piece.</p>}
        </section>
      </div>
    </>
  );
}

/**
 * The CAD design of a custom order (spec §2, title 'Design'; DECISIONS §2, §4: the real request and design
 * sheet, a four-step timeline, Reject with a reason, Approve & pay the 30 % advance in the gateway's checkout).
 */
export default function CadDesign({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageBanner title="Design" parents={[{ label: 'Customized Orders', href: '/custom-orders' }]} />
      <div className="section">
        <div className="container cad">
          {loaderData.state === 'ok' ? (
            <Detail detail={loaderData.detail} addresses={loaderData.addresses} result={actionData} />
          ) : (
            <section className="card card-pad empty-state">
              <p className="empty-state-title">
                {loaderData.state === 'failed'
                  ? 'We could not load this design just now'
                  : loaderData.state === 'missing'
                    ? 'We could not find this design'
                    : 'Choose a design'}
              </p>
              <p className="muted">
                {loaderData.state === 'failed' ? 'Please reload the page in a minute.' : 'Your custom design requests are listed under Customized Orders.'}
              </p>
            </section>
          )}
          <p>
            <Link to="/custom-orders">Back to Customized Orders</Link>
          </p>
        </div>
      </div>
    </>
  );
}
