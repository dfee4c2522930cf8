import { useEffect, useState, type ReactNode } from 'react';
import { Form, Link, useNavigate, useNavigation } from 'react-router';
import { formatGrams, formatRupees } from '@milli/pricing';
import type { Route } from './+types/checkout-pay';
import { serverApi } from '../lib/api.server.ts';
import { STORE_NAME, pageTitle } from '../lib/meta.ts';
import { PageBanner } from '../components/layout/page-banner.tsx';
import { FormAlert } from '../components/forms/form-bits.tsx';
import { telHref } from '../components/layout/contact.ts';
import { useShellData } from '../components/layout/shell-data.ts';
import { loadPayStep, orderNumberOf, payOnDemoWithoutScript } from '../features/payments/pay-step.server.ts';
import { holdTime, orderPagePath, payPagePath, thankYouPath, type PayStep, type PayStepResult, type PaySummary } from '../features/payments/pay-step.ts';
import { InstrumentChoices } from '../components/payments/demo-checkout.tsx';
import { useGatewayCheckout } from '../features/payments/gateway-checkout.tsx';
import '../styles/screens/shells.css';
import '../styles/screens/pay.css';
import '../styles/screens/payments.css';

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
      {summary && (summary.metalAccountPaise ?? 0) > 0 && (
        <>
          <dt>Old gold ({formatGrams(summary.metalAccountMg ?? 0)} fine) from your metal account</dt>
          <dd>{formatRupees(summary.metalAccountPaise ?? 0)}</dd>
        </>
      )}
      {summary && (summary.rateLockAdvancePaise ?? 0) > 0 && (
        <>
          <dt>Rate lock’s advance</dt>
          <dd>{formatRupees(summary.rateLockAdvancePaise ?? 0)}</dd>
        </>
      )}
      {summary && summary.harvestCreditPaise > 0 && (
        <>
          <dt>Paid from Milli Harvest</dt>
          <dd>{formatRupees(summary.harvestCreditPaise)}</dd>
        </>
      )}
      {summary && (summary.storeCreditPaise ?? 0) > 0 && (
        <>
          <dt>Paid from store credit</dt>
          <dd>{formatRupees(summary.storeCreditPaise ?? 0)}</dd>
        </>
      )}
    </dl>
  );
}

export default function CheckoutPay({ loaderData, actionData }: Route.ComponentProps) {
  const step = loaderData;
  const { settings } = useShellData();
  const help = settings?.helpLine ? (
    <>
      {' '}
      or call us on <a href={telHref(settings.helpLine)}>{settings.helpLine}</a>
    </>
  ) : null;

  return (
    <>
      <PageBanner
        title="Payment"
        parents={[
          { label: 'My Account', href: '/account?tab=orders' },
          { label: 'Active Orders', href: '/active-orders' },
        ]}
      />
      <div className="section">
        <div className="container pay-step">
          <section className="card card-pad pay-card" aria-labelledby="pay-title">
            {step.kind === 'ready' ? (
              <ReadyToPay step={step} failure={actionData ?? null} storeName={settings?.storeName ?? STORE_NAME} help={help} />
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

function ReadyToPay({ step, failure, storeName, help }: { step: Ready; failure: PayStepResult | null; storeName: string; help: ReactNode }) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [hydrated, setHydrated] = useState(false);
  const { payment } = step;
  const amount = formatRupees(payment.amountPaise);
  const heldUntil = step.payBy ? holdTime(step.payBy) : null;
  useEffect(() => setHydrated(true), []);
  // Paid and verified on our server: the thank-you page. Paid already (another tab): the order says so.
  const checkout = useGatewayCheckout({
    onPaid: (answer) => void navigate(thankYouPath(answer.orderNumber ?? step.orderNumber)),
    onSettled: () => void navigate(orderPagePath(step.orderNumber)),
  });
  const openCheckout = () => checkout.open(payment, { name: storeName, description: `Order ${step.orderNumber}`, prefill: step.prefill });

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
      {step.payBy && (
        <p className="pay-hold" role="note">
          Your pieces are held for you until{' '}
          <time dateTime={step.payBy}>
            <strong>{heldUntil}</strong> IST
          </time>
          . If the payment is not made by then, they go back on sale and the order lapses.
        </p>
      )}
      {checkout.error && <FormAlert tone="error">{checkout.error}</FormAlert>}

      {demo && !hydrated && (
        // Without JavaScript: the demo checkout is this form, paid by the route's action.
        <Form method="post" className="pay-form">
          <input type="hidden" name="gatewayOrderId" value={payment.gatewayOrderId} />
          <p className="muted pay-test-note">The store is in test mode: no money moves. Choose how this test payment should end.</p>
          <InstrumentChoices
            instruments={step.instruments}
            idPrefix="pay"
            defaultChosen={failure?.instrument ?? undefined}
            describedBy={failure ? 'pay-error' : undefined}
          />
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
        <button type="button" className="btn btn-primary btn-block" aria-haspopup="dialog" onClick={openCheckout}>
          Pay {amount}
        </button>
      )}
      {!demo && (
        <>
          <button type="button" className="btn btn-primary btn-block" disabled={!hydrated || checkout.busy} onClick={openCheckout}>
            {checkout.busy ? 'Opening the payment window…' : `Pay ${amount}`}
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
      {hydrated && checkout.dialog}
      <p className="pay-foot muted">
        Not now? <Link to={orderPagePath(step.orderNumber)}>See your order</Link>: you can pay from there until {heldUntil} IST.
      </p>
    </>
  );
}
