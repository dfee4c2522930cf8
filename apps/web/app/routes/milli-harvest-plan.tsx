/**
 * /milli-harvest/plan (issue 21): the customer's own Milli Harvest plan, rendered for them. /milli-harvest is shared
 * (decision 032): the same for everyone, it cannot show a plan without JavaScript, nor hold a payment form that
 * knows whose instalment it pays. So this page does: the plan's summary and its eleven instalments, the banner after
 * starting (?started=1) or paying (?paid=n, only for an instalment the plan shows paid), and the payment form of the
 * next instalment (?pay=id): with JavaScript the gateway's checkout, without it a test instrument posted to this
 * page's action. Start Now leads here; a guest is sent to log in; a customer without a plan is shown the way to
 * start one. Razorpay's script is allowed here as on /milli-harvest (GATEWAY_CHECKOUT_PATHS, plugins/security.ts).
 */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Route } from './+types/milli-harvest-plan';
import { HARVEST, type HarvestInstalment } from '@milli/contracts';
import { serverApi } from '../lib/api.server.ts';
import { pageTitle } from '../lib/meta.ts';
import { PageBanner } from '../components/layout/page-banner.tsx';
import { harvestAction, loadHarvestPlan } from '../features/harvest/harvest-actions.server.ts';
import { PlanSection } from '../features/harvest/plan-section.tsx';
import { HARVEST_PLAN_PATH, HARVEST_TEXT, type PayResult } from '../features/harvest/harvest-text.ts';
import { useGatewayCheckout } from '../features/payments/gateway-checkout.tsx';
import '../styles/screens/shells.css';
import '../styles/screens/harvest.css';
import '../styles/screens/payments.css';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Your Milli Harvest plan') }, { name: 'robots', content: 'noindex' }];

/** The customer's plan (the running one, else the latest), which payment form is open, and the banner. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadHarvestPlan(serverApi(context), request);
}

/** Pay (intent pay) without JavaScript: a test instrument, paid through the demo gateway on the server's side. */
export async function action({ request, context }: Route.ActionArgs) {
  return harvestAction(serverApi(context), request);
}

export default function HarvestPlanPage({ loaderData, actionData }: Route.ComponentProps) {
  const { plan, email, payingId, banner } = loaderData;
  const payResult = actionData?.intent === 'pay' ? (actionData as PayResult) : undefined;
  const navigate = useNavigate();
  const [payingNumber, setPayingNumber] = useState(0);
  const checkout = useGatewayCheckout({
    // Paid: the schedule again, from the server, with the paid banner.
    onPaid: () => void navigate(`${HARVEST_PLAN_PATH}?paid=${payingNumber}#plan`),
  });
  const onPay = (instalment: HarvestInstalment) => {
    setPayingNumber(instalment.number);
    void checkout.pay(`/api/harvest/instalments/${instalment.id}/pay`, {
      name: 'Milli Harvest',
      description: `Instalment ${instalment.number} of ${HARVEST.instalments}`,
      prefill: { email },
    });
  };
  return (
    <>
      <PageBanner title="Your Milli Harvest plan" parents={[{ label: 'Milli Harvest', href: '/milli-harvest' }]} crumb="Your plan" />
      {plan ? (
        <PlanSection
          plan={plan}
          summary
          banner={banner}
          payingId={payingId}
          payResult={payResult}
          onPay={onPay}
          busy={checkout.busy}
          error={checkout.error}
          dialog={checkout.dialog}
        />
      ) : (
        <section className="section">
          <div className="container empty-state">
            <p className="empty-state-title">{HARVEST_TEXT.noPlan}</p>
            <p className="muted">Pay ten monthly instalments and we pay the eleventh: start with any amount from Rs. 1,000.</p>
            <Link to="/milli-harvest" className="btn btn-primary">
              Start your plan
            </Link>
          </div>
        </section>
      )}
    </>
  );
}
