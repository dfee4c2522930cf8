import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { DEMO_INSTRUMENTS, type DemoInstrument, type GatewayPayment, type PaymentVerifyAnswer } from '@milli/contracts';
import { formatRupees } from '@milli/pricing';
import { CloseIcon } from '../../components/layout/icons.tsx';

/**
 * The browser's side of paying through the gateway (issue 18), shared by every page that takes a payment:
 * the order pay page, the Milli Harvest instalments, the custom design's advance. The page first asks its own
 * endpoint for the gateway order (`{ payment }`), then opens the checkout here: the demo gateway's dialog
 * (test instruments only) or Razorpay Checkout (its script loaded on demand). Either way the result goes to
 * POST /api/payments/razorpay/verify, and the page hears `onPaid(answer)`. No card number ever passes through
 * the store's pages or server.
 */

export const RAZORPAY_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';

/** What the checkout shows about the purchase, and who pays (Razorpay fills its form with `prefill`). */
export interface CheckoutDetails {
  name: string;
  description: string;
  prefill?: { name?: string; email?: string; contact?: string };
}

type RazorpayFields = { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
type Outcome = { ok: true; answer: PaymentVerifyAnswer } | { ok: false; status: number; message: string };

const NO_ANSWER = 'We could not reach the store just now. If money was taken, your payment will be recorded within minutes; nothing will be charged twice.';

/** A JSON POST of the store's API, as { status, body }; a network failure is status 0. */
async function postJson(path: string, body?: object): Promise<{ status: number; body: Record<string, unknown> | null }> {
  try {
    const res = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const parsed: unknown = await res.json().catch(() => null);
    return { status: res.status, body: parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null };
  } catch {
    return { status: 0, body: null };
  }
}

const messageOf = (body: Record<string, unknown> | null, fallback: string) => (typeof body?.message === 'string' && body.message ? body.message : fallback);

/** The checkout's result to the store: the signature and the payment are checked there, and the purchase settled. */
export async function verifyPayment(fields: RazorpayFields): Promise<Outcome> {
  const res = await postJson('/api/payments/razorpay/verify', {
    razorpay_order_id: fields.razorpay_order_id,
    razorpay_payment_id: fields.razorpay_payment_id,
    razorpay_signature: fields.razorpay_signature,
  });
  if (res.status === 200 && res.body) return { ok: true, answer: res.body as unknown as PaymentVerifyAnswer };
  return { ok: false, status: res.status, message: res.status === 0 || res.status >= 500 ? messageOf(res.body, NO_ANSWER) : messageOf(res.body, 'The payment could not be confirmed.') };
}

/**
 * Asks a page's own endpoint for the gateway order to pay (harvest pay, design approve, order pay): the whole
 * answer, or why not (the endpoint's message).
 */
export async function startPayment<T extends { payment: GatewayPayment | null }>(path: string): Promise<{ ok: true; answer: T } | { ok: false; status: number; message: string }> {
  const res = await postJson(path);
  if (res.status === 200 && res.body && (res.body as T).payment) return { ok: true, answer: res.body as unknown as T };
  return { ok: false, status: res.status, message: messageOf(res.body, 'The payment could not be started just now. Nothing was charged; please try again.') };
}

// Razorpay Checkout, loaded from Razorpay's own host once, when it is first needed.
interface RazorpayInstance {
  open(): void;
  on(event: 'payment.failed', handler: (response: { error?: { description?: string } }) => void): void;
}
type RazorpayConstructor = new (options: Record<string, unknown>) => RazorpayInstance;
let razorpayScript: Promise<RazorpayConstructor> | null = null;

function loadRazorpay(): Promise<RazorpayConstructor> {
  const existing = (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay;
  if (existing) return Promise.resolve(existing);
  razorpayScript ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = RAZORPAY_SCRIPT;
    script.async = true;
    script.onload = () => {
      const loaded = (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay;
      if (loaded) resolve(loaded);
      else reject(new Error('Razorpay Checkout did not load'));
    };
    script.onerror = () => reject(new Error('Razorpay Checkout did not load'));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    razorpayScript = null; // the next try loads it afresh
    throw error;
  });
  return razorpayScript;
}

/**
 * Opens Razorpay Checkout for the gateway order. Its handler sends the result to verify: `onPaid` with the
 * store's answer, or `onFailed` with why. A failed attempt inside Razorpay's window is reported too (the
 * customer may try another method there); closing the window without paying reports the last failed
 * attempt's reason again, or null when there was none.
 */
export async function openRazorpay(
  payment: GatewayPayment,
  details: CheckoutDetails,
  onPaid: (answer: PaymentVerifyAnswer) => void,
  onFailed: (message: string | null) => void,
): Promise<void> {
  let Razorpay: RazorpayConstructor;
  try {
    Razorpay = await loadRazorpay();
  } catch {
    onFailed('The payment window could not be opened. Please check your connection and try again; nothing was charged.');
    return;
  }
  let settled = false;
  let lastFailure: string | null = null;
  const checkout = new Razorpay({
    key: payment.keyId,
    order_id: payment.gatewayOrderId,
    amount: payment.amountPaise,
    currency: payment.currency,
    name: details.name,
    description: details.description,
    prefill: details.prefill ?? {},
    handler: async (response: RazorpayFields) => {
      settled = true;
      const outcome = await verifyPayment(response);
      if (outcome.ok) onPaid(outcome.answer);
      else onFailed(outcome.message);
    },
    modal: {
      ondismiss: () => {
        if (!settled) onFailed(lastFailure);
      },
    },
  });
  checkout.on('payment.failed', (response) => {
    lastFailure = response.error?.description ?? 'The payment did not go through. Nothing was charged; please try again.';
    onFailed(lastFailure);
  });
  checkout.open();
}

/**
 * The demo gateway's checkout: an accessible modal dialog listing the test instruments. Pay asks the demo
 * gateway to pay with the chosen one (POST /api/payments/demo/checkout), then verifies as Razorpay's handler
 * would. A failing instrument leaves the dialog open with the bank's reason, so another can be tried.
 */
export function DemoCheckoutDialog({
  payment,
  details,
  onPaid,
  onClose,
}: {
  /** The gateway order to pay; the dialog is open while this is set. */
  payment: GatewayPayment | null;
  details: CheckoutDetails;
  onPaid: (answer: PaymentVerifyAnswer) => void;
  onClose: () => void;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [instrument, setInstrument] = useState<DemoInstrument>('card_success');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (payment && !dialog.open) {
      setError(null);
      dialog.showModal();
    } else if (!payment && dialog.open) dialog.close();
  }, [payment]);

  async function pay() {
    if (!payment || busy) return;
    setBusy(true);
    setError(null);
    const paid = await postJson('/api/payments/demo/checkout', { gatewayOrderId: payment.gatewayOrderId, instrument });
    if (paid.status !== 200 || !paid.body) {
      setBusy(false);
      setError(messageOf(paid.body, paid.status === 0 ? NO_ANSWER : 'The payment did not go through. Nothing was charged; please try again.'));
      return;
    }
    const outcome = await verifyPayment(paid.body as unknown as RazorpayFields);
    setBusy(false);
    if (outcome.ok) onPaid(outcome.answer);
    else setError(outcome.message);
  }

  const titleId = `${id}-title`;
  return (
    <dialog
      ref={dialogRef}
      className="modal pay-dialog"
      aria-labelledby={titleId}
      aria-describedby={`${id}-lead`}
      onClose={() => {
        if (payment) onClose();
      }}
      onCancel={(event) => {
        if (busy) event.preventDefault();
      }}
    >
      {payment && (
        <form
          className="modal-body"
          method="dialog"
          onSubmit={(event) => {
            event.preventDefault();
            void pay();
          }}
        >
          <div className="modal-head">
            <h2 id={titleId} className="modal-title">
              Pay {formatRupees(payment.amountPaise)}
            </h2>
            <button type="button" className="icon-btn" aria-label="Close the payment window" disabled={busy} onClick={() => dialogRef.current?.close()}>
              <CloseIcon />
            </button>
          </div>
          <p id={`${id}-lead`} className="muted">
            {details.description}. <strong>Test payments only:</strong> no money moves, and no card number is asked for.
          </p>
          {error && (
            <p className="alert-error" role="alert">
              {error}
            </p>
          )}
          <fieldset className="pay-instruments" disabled={busy}>
            <legend>Choose a test payment method</legend>
            {DEMO_INSTRUMENTS.map((i) => (
              <label key={i.id} className="pay-instrument">
                <input type="radio" name="instrument" value={i.id} checked={instrument === i.id} onChange={() => setInstrument(i.id)} />
                <span>
                  {i.label} <span className="muted">({i.outcome})</span>
                </span>
              </label>
            ))}
          </fieldset>
          <div className="pay-dialog-actions">
            <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
              {busy ? 'Paying…' : `Pay ${formatRupees(payment.amountPaise)}`}
            </button>
            <button type="button" className="btn btn-outline" disabled={busy} onClick={() => dialogRef.current?.close()}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}

/**
 * A page's checkout: `open(payment, details)` shows the demo dialog or Razorpay Checkout for a gateway order
 * the page has started; `pay(path, details)` starts it at the page's endpoint first. Render `dialog` once in
 * the page. `error` is why the last try did not pay (null after a plain close).
 */
export function useGatewayCheckout({ onPaid }: { onPaid: (answer: PaymentVerifyAnswer) => void }): {
  open: (payment: GatewayPayment, details: CheckoutDetails) => void;
  pay: <T extends { payment: GatewayPayment | null }>(path: string, details: CheckoutDetails | ((answer: T) => CheckoutDetails)) => Promise<T | null>;
  dialog: ReactNode;
  busy: boolean;
  error: string | null;
} {
  const [demo, setDemo] = useState<{ payment: GatewayPayment; details: CheckoutDetails } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const paidRef = useRef(onPaid);
  paidRef.current = onPaid;

  const paid = useCallback((answer: PaymentVerifyAnswer) => {
    setDemo(null);
    setBusy(false);
    setError(null);
    paidRef.current(answer);
  }, []);

  const open = useCallback(
    (payment: GatewayPayment, details: CheckoutDetails) => {
      setError(null);
      if (payment.gateway === 'demo') {
        setDemo({ payment, details });
        return;
      }
      setBusy(true);
      void openRazorpay(payment, details, paid, (message) => {
        setBusy(false);
        setError(message);
      });
    },
    [paid],
  );

  const pay = useCallback(
    async <T extends { payment: GatewayPayment | null }>(path: string, details: CheckoutDetails | ((answer: T) => CheckoutDetails)) => {
      setBusy(true);
      setError(null);
      const started = await startPayment<T>(path);
      setBusy(false);
      if (!started.ok) {
        setError(started.message);
        return null;
      }
      open(started.answer.payment!, typeof details === 'function' ? details(started.answer) : details);
      return started.answer;
    },
    [open],
  );

  const dialog = (
    <DemoCheckoutDialog
      payment={demo?.payment ?? null}
      details={demo?.details ?? { name: '', description: '' }}
      onPaid={paid}
      onClose={() => setDemo(null)}
    />
  );
  return { open, pay, dialog, busy, error };
}
