import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Form, Link, useNavigate, useNavigation } from 'react-router';
import type { PaymentVerifyAnswer, RazorpayVerify } from '@milli/contracts';
import { formatRupees } from '@milli/pricing';
import type { Route } from './+types/checkout-pay';
import { serverApi } from '../lib/api.server.ts';
import { ApiError, browserApi } from '../lib/api.ts';
import { pageTitle } from '../lib/meta.ts';
import { PageBanner } from '../components/layout/page-banner.tsx';
import { FormAlert } from '../components/forms/form-bits.tsx';
import { telHref } from '../components/layout/contact.ts';
import { useShellData } from '../components/layout/shell-data.ts';
import { loadPayStep, orderNumberOf, payOnDemoWithoutScript } from '../features/payments/pay-step.server.ts';
import { holdTime, orderPagePath, payPagePath, thankYouPath, type DemoChoice, type PayStep, type PaySummary } from '../features/payments/pay-step.ts';
import { DemoCheckoutDialog, InstrumentChoices } from '../features/payments/demo-checkout.tsx';
import { openRazorpay } from '../features/payments/razorpay-checkout.ts';
import '../styles/screens/shells.css';
import '../styles/screens/pay.css';

const HEADERS = { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex, nofollow' } as const;
export const headers: Route.HeadersFunction = () => HEADERS;

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: pageTitle(loaded ? `Pay for order ${loaded.orderNumber}` : 'Payment') },
  { name: 'robots', content: 'noindex, nofollow' },
];

/**
 * The payment step (issue 18): /checkout/pay/{orderNumber}, where Place Order leads when the order awaits
 * payment, and the order page's Pay now. The loader (re)opens the gateway's order; the page shows what is
 * paid for and until when the pieces are held, and its Pay opens the gateway's checkout: the store's own
 * "Test payment" dialog with the demo gateway, Razorpay Checkout with Razorpay. Without JavaScript the demo
 * checkout is a plain form that this route's action pays.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return loadPayStep(serverApi(context), request, orderNumberOf(params.orderNumber));
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return payOnDemoWithoutScript(serverApi(context), request, orderNumberOf(params.orderNumber));
}

const VERIFY_FAILED = 'We could not confirm the payment just now. If money left your account, it is safe: refresh this page in a minute, or call us.';
const PAY_FAILED = 'We could not reach the payment service just now. Please try again in a moment.';

/** The payment's lines in one sentence: 'Lotus Ring × 1, Jhumka × 2'. */
function linesText(summary: PaySummary | null): string {
  if (!summary || summary.lines.length === 0) return '';
  return summary.lines.map((l) => `${l.name} × ${l.quantity}`).join(', ');
}

function OrderFacts({ step }: { step: PayStep }) {
  const summary = step.summary;
  return (
    <dl className="pay-facts">
      <dt>Order</dt>
      <dd className="pay-order-number">{step.orderNumber}</dd>
      {summary && summary.lines.length > 0 && (
        <>
          <dt>For</dt>
          <dd>{linesText(summary)}</dd>
        </>
      )}
      {summary && summary.harvestCreditPaise > 0 && (
        <>
          <dt>Paid from Milli Harvest</dt>
          <dd>{formatRupees(summary.harvestCreditPaise)}</dd>
        </>
      )}
    </dl>
  );
}

export default function CheckoutPay({ loaderData, actionData }: Route.ComponentProps) {
  const step = loaderData;
  const { settings } = useShellData();
  const help = settings.helpLine ? (
    <>
      {' '}
      or call us on <a href={telHref(settings.helpLine)}>{settings.helpLine}</a>
    </>
  ) : null;

  return (
    <>
      <PageBanner title="Payment" parents={[{ label: 'My Account', href: '/account?tab=orders' }, { label: 'Active Orders', href: '/active-orders' }]} />
      <div className="section">
        <div className="container pay-step">
          <section className="card card-pad pay-card" aria-labelledby="pay-title">
            {step.kind === 'ready' ? (
              <ReadyToPay step={step} failure={actionData ?? null} storeName={settings.storeName} help={help} />
            ) : (
              <>
                <h2 id="pay-title" className="shell-h2">
                  {step.kind === 'lapsed' ? 'The time to pay has passed' : 'Payment is not available just now'}
                </h2>
                <OrderFacts step={step} />
                <FormAlert tone={step.kind === 'lapsed' ? 'info' : 'error'}>{step.message}</FormAlert>
                <div className="pay-actions">
                  {step.kind === 'unavailable' && (
                    // A fresh load of this page (a whole document, not the router's) opens the payment again.
                    <form method="get" action={payPagePath(step.orderNumber)}>
                      <button type="submit" className="btn btn-primary">
                        Try again
                      </button>
                    </form>
                  )}
                  <Link to={orderPagePath(step.orderNumber)} className="btn btn-outline">
                    View the order
                  </Link>
                  {step.kind === 'lapsed' && (
                    <Link to="/alljewellery" className="btn btn-outline">
                      Continue Shopping
                    </Link>
                  )}
                </div>
              </>
            )}
          </section>
        </div>
      </div>
    </>
  );
}

type Ready = Extract<PayStep, { kind: 'ready' }>;

function ReadyToPay({ step, failure, storeName, help }: { step: Ready; failure: { message: string; instrument: DemoChoice | null } | null; storeName: string; help: ReactNode }) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const payRef = useRef<HTMLButtonElement>(null);
  const [hydrated, setHydrated] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { payment } = step;
  const amount = formatRupees(payment.amountPaise);
  const heldUntil = holdTime(step.payBy);
  useEffect(() => setHydrated(true), []);

  /** The gateway's success: our server checks it, then the thank-you page. */
  async function verify(paid: RazorpayVerify): Promise<boolean> {
    try {
      const answer = await browserApi.post<PaymentVerifyAnswer>('/api/payments/razorpay/verify', paid);
      await navigate(thankYouPath(answer.orderNumber ?? step.orderNumber));
      return true;
    } catch (e) {
      setError(e instanceof ApiError && e.status < 500 ? e.message : VERIFY_FAILED);
      return false;
    }
  }

  async function payOnDemo(instrument: DemoChoice) {
    setBusy(true);
    setError(null);
    try {
      const paid = await browserApi.post<RazorpayVerify>('/api/payments/demo/checkout', { gatewayOrderId: payment.gatewayOrderId, instrument });
      if (await verify(paid)) return;
    } catch (e) {
      if (e instanceof ApiError && e.code === 'PAYMENT_SETTLED') {
        await navigate(orderPagePath(step.orderNumber));
        return;
      }
      setError(e instanceof ApiError && e.status < 500 ? e.message : PAY_FAILED);
    }
    setBusy(false);
  }

  async function payOnRazorpay() {
    setBusy(true);
    setError(null);
    try {
      await openRazorpay(
        payment,
        { storeName, description: `Order ${step.orderNumber}`, prefill: step.prefill },
        {
          onPaid: (paid) => void verify(paid).then((ok) => ok || setBusy(false)),
          onFailed: (reason) => setError(reason),
          onDismissed: () => setBusy(false),
        },
      );
    } catch {
      setError('The payment window could not be opened. Please check your connection and try again.');
      setBusy(false);
    }
  }

  const posting = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const demo = payment.gateway === 'demo';
  return (
    <>
      <h2 id="pay-title" className="shell-h2">
        Pay for your order
      </h2>
      <p className="pay-amount">
        <span className="pay-amount-label">Amount to pay</span>
        <strong data-testid="pay-amount">{amount}</strong>
      </p>
      <OrderFacts step={step} />
      <p className="pay-hold" role="note">
        Your pieces are held for you until{' '}
        <time dateTime={step.payBy}>
          <strong>{heldUntil}</strong> IST
        </time>
        . If the payment is not made by then, they go back on sale and the order lapses.
      </p>
      {!dialogOpen && error && <FormAlert tone="error">{error}</FormAlert>}

      {demo && !hydrated && (
        // Without JavaScript: the demo checkout is this form, paid by the route's action.
        <Form method="post" className="pay-form">
          <input type="hidden" name="gatewayOrderId" value={payment.gatewayOrderId} />
          <p className="muted pay-test-note">The store is in test mode: no money moves. Choose how this test payment should end.</p>
          <InstrumentChoices instruments={step.instruments} idPrefix="pay" defaultChosen={failure?.instrument ?? undefined} describedBy={failure ? 'pay-error' : undefined} />
          {failure && (
            <p id="pay-error" className="alert-error form-alert" role="alert">
              {failure.message}
            </p>
          )}
          <button type="submit" className="btn btn-primary btn-block" disabled={posting}>
            {posting ? 'Paying…' : `Pay ${amount}`}
          </button>
        </Form>
      )}
      {demo && hydrated && (
        <>
          <button ref={payRef} type="button" className="btn btn-primary btn-block" aria-haspopup="dialog" onClick={() => setDialogOpen(true)}>
            Pay {amount}
          </button>
          <DemoCheckoutDialog
            open={dialogOpen}
            instruments={step.instruments}
            amountPaise={payment.amountPaise}
            orderNumber={step.orderNumber}
            busy={busy}
            error={error}
            onPay={(instrument) => void payOnDemo(instrument)}
            onClose={() => {
              if (!dialogOpen) return;
              setDialogOpen(false);
              setError(null);
              payRef.current?.focus();
            }}
          />
        </>
      )}
      {!demo && (
        <>
          <button type="button" className="btn btn-primary btn-block" disabled={!hydrated || busy} onClick={() => void payOnRazorpay()}>
            {busy ? 'Opening the payment window…' : `Pay ${amount}`}
          </button>
          <noscript>
            <p className="alert-info form-alert">
              Paying online needs JavaScript, which is off in this browser. Turn it on and reload this page, or see{' '}
              <a href={orderPagePath(step.orderNumber)}>your order</a>
              {help}.
            </p>
          </noscript>
        </>
      )}
      <p className="pay-foot muted">
        Not now? <Link to={orderPagePath(step.orderNumber)}>See your order</Link>: you can pay from there until {heldUntil} IST.
      </p>
    </>
  );
}
