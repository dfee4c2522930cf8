import { useCallback, useRef, useState, type ReactNode } from 'react';
import { DEMO_INSTRUMENTS, type ApiAnswer, type ApiPath, type DemoInstrument, type GatewayPayment, type PaymentVerifyAnswer } from '@milli/contracts';
import { DemoCheckoutDialog } from '../../components/payments/demo-checkout.tsx';

/**
 * The browser's side of paying through the gateway (issue 18), shared by every page that takes a payment:
 * the order pay page, the Milli Harvest instalments, the custom design's advance. The page first asks its own
 * endpoint for the gateway order (`{ payment }`), then opens the checkout here: the demo gateway's "Test
 * payment" dialog (components/payments/demo-checkout.tsx) or Razorpay Checkout (its script loaded on demand).
 * Either way the result goes to POST /api/payments/razorpay/verify, and the page hears `onPaid(answer)`. No
 * card number ever passes through the store's pages or server.
 */

export const RAZORPAY_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';

/** What the checkout shows about the purchase, and who pays (Razorpay fills its form with `prefill`). */
export interface CheckoutDetails {
  name: string;
  description: string;
  prefill?: { name?: string; email?: string; contact?: string };
}

type RazorpayFields = { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
/** What a successful POST of `path` answers, from the API map of packages/contracts (a type only: no schema reaches the page). */
type Answer<P extends string> = ApiAnswer<'POST', P>;
type Outcome = { ok: true; answer: PaymentVerifyAnswer } | { ok: false; status: number; message: string };

const NO_ANSWER = 'We could not reach the store just now. If money was taken, your payment will be recorded within minutes; nothing will be charged twice.';

/** A JSON POST of the store's API, as { status, body }; a network failure is status 0. Only a path of the API map compiles. */
async function postJson<P extends string>(path: ApiPath<'POST', P>, body?: object): Promise<{ status: number; body: Record<string, unknown> | null }> {
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
  if (res.status === 200 && res.body) return { ok: true, answer: res.body as Answer<'/api/payments/razorpay/verify'> };
  return {
    ok: false,
    status: res.status,
    message: res.status === 0 || res.status >= 500 ? messageOf(res.body, NO_ANSWER) : messageOf(res.body, 'The payment could not be confirmed.'),
  };
}

/** A path of the API map whose POST answers a gateway order to pay (`{ payment }`). */
type Started = { payment: GatewayPayment | null };
type PaymentPath<P extends string> = Answer<P> extends Started ? ApiPath<'POST', P> : `POST ${P} answers no gateway order to pay`;

/**
 * Asks a page's own endpoint for the gateway order to pay (harvest pay, design approve, order pay): the whole
 * answer, or why not (the endpoint's message).
 */
export async function startPayment<P extends string>(
  path: PaymentPath<P>,
): Promise<{ ok: true; answer: Answer<P> & Started } | { ok: false; status: number; message: string }> {
  const res = await postJson<P>(path as ApiPath<'POST', P>);
  if (res.status === 200 && res.body && (res.body as Started).payment) return { ok: true, answer: res.body as Answer<P> & Started };
  return { ok: false, status: res.status, message: messageOf(res.body, 'The payment could not be started just now. Nothing was charged; please try again.') };
}

// Razorpay Checkout, loaded from Razorpay's own host once, when it is first needed. Only the paying pages'
// Content-Security-Policy allows it (security.ts).
interface RazorpayFailure {
  error?: { description?: string };
}
interface RazorpayInstance {
  open(): void;
  on(event: 'payment.failed', handler: (response: RazorpayFailure) => void): void;
}
/** What Razorpay Checkout is opened with (its own field names). */
export interface RazorpayOptions {
  key: string;
  order_id: string;
  amount: number;
  currency: 'INR';
  name: string;
  description: string;
  prefill: { name?: string; email?: string; contact?: string };
  handler(response: RazorpayFields): void;
  modal: { ondismiss(): void };
}
type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayInstance;
let razorpayScript: Promise<RazorpayConstructor> | null = null;

const razorpayOf = () => (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay;

/** Adds checkout.js once and resolves with its Razorpay constructor; a failed load can be tried again. */
function loadRazorpay(): Promise<RazorpayConstructor> {
  const existing = razorpayOf();
  if (existing) return Promise.resolve(existing);
  razorpayScript ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = RAZORPAY_SCRIPT;
    script.async = true;
    script.onload = () => {
      const loaded = razorpayOf();
      if (loaded) resolve(loaded);
      else reject(new Error('Razorpay Checkout did not load'));
    };
    script.onerror = () => {
      script.remove?.();
      reject(new Error('Razorpay Checkout did not load'));
    };
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
 * The demo gateway's checkout with one test instrument (POST /api/payments/demo/checkout), then the verify,
 * as Razorpay's handler would. A declined instrument answers the bank's reason; `code` is the API's.
 */
export async function payOnDemo(gatewayOrderId: string, instrument: DemoInstrument): Promise<Outcome & { code?: string }> {
  const paid = await postJson('/api/payments/demo/checkout', { gatewayOrderId, instrument });
  if (paid.status !== 200 || !paid.body) {
    const code = typeof paid.body?.code === 'string' ? paid.body.code : undefined;
    const message = messageOf(paid.body, paid.status === 0 ? NO_ANSWER : 'The payment did not go through. Nothing was charged; please try again.');
    return { ok: false, status: paid.status, message, ...(code ? { code } : {}) };
  }
  return verifyPayment(paid.body as Answer<'/api/payments/demo/checkout'>);
}

/**
 * A page's checkout: `open(payment, details)` shows the demo gateway's "Test payment" dialog or Razorpay
 * Checkout for a gateway order the page has started; `pay(path, details)` starts it at the page's endpoint
 * first. Render `dialog` once in the page. `error` is why the last try did not pay (null after a plain
 * close); the dialog shows its own refusals. Closing the dialog puts the focus back where it was.
 * `onSettled`: the demo checkout says the purchase is paid already (another tab); else that is an error.
 */
export function useGatewayCheckout({ onPaid, onSettled }: { onPaid: (answer: PaymentVerifyAnswer) => void; onSettled?: () => void }): {
  open: (payment: GatewayPayment, details: CheckoutDetails) => void;
  pay: <P extends string>(path: PaymentPath<P>, details: CheckoutDetails | ((answer: Answer<P>) => CheckoutDetails)) => Promise<Answer<P> | null>;
  dialog: ReactNode;
  busy: boolean;
  error: string | null;
} {
  const [demo, setDemo] = useState<{ payment: GatewayPayment; details: CheckoutDetails } | null>(null);
  const [demoBusy, setDemoBusy] = useState(false);
  const [demoError, setDemoError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const handlers = useRef({ onPaid, onSettled });
  handlers.current = { onPaid, onSettled };

  const paid = useCallback((answer: PaymentVerifyAnswer) => {
    setDemo(null);
    setBusy(false);
    setError(null);
    handlers.current.onPaid(answer);
  }, []);

  const open = useCallback(
    (payment: GatewayPayment, details: CheckoutDetails) => {
      setError(null);
      if (payment.gateway === 'demo') {
        opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        setDemoError(null);
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
    async <P extends string>(path: PaymentPath<P>, details: CheckoutDetails | ((answer: Answer<P>) => CheckoutDetails)) => {
      setBusy(true);
      setError(null);
      const started = await startPayment(path);
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

  async function payDemo(instrument: DemoInstrument) {
    if (!demo || demoBusy) return;
    setDemoBusy(true);
    setDemoError(null);
    const outcome = await payOnDemo(demo.payment.gatewayOrderId, instrument);
    setDemoBusy(false);
    if (outcome.ok) paid(outcome.answer);
    else if (outcome.code === 'PAYMENT_SETTLED' && handlers.current.onSettled) {
      setDemo(null);
      handlers.current.onSettled();
    } else setDemoError(outcome.message);
  }

  const dialog = (
    <DemoCheckoutDialog
      open={demo !== null}
      instruments={DEMO_INSTRUMENTS}
      amountPaise={demo?.payment.amountPaise ?? 0}
      purpose={demo?.details.description ?? ''}
      busy={demoBusy}
      error={demoError}
      onPay={(instrument) => void payDemo(instrument)}
      onClose={() => {
        // The dialog's close event comes after a paid or closed try too: only a visitor's close returns the focus.
        if (!demo || demoBusy) return;
        setDemo(null);
        setDemoError(null);
        if (opener.current?.isConnected) opener.current.focus();
      }}
    />
  );
  return { open, pay, dialog, busy, error };
}
