import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Route } from './+types/milli-harvest';
import { HARVEST, type HarvestInstalment } from '@milli/contracts';
import { formatRupees, rupeesToPaise } from '@milli/pricing';
import { serverApi } from '../lib/api.server.ts';
import { pageTitle } from '../lib/meta.ts';
import { SHARED_PAGE, sharedPageHeaders } from '../lib/shared-page.ts';
import { PageBanner } from '../components/layout/page-banner.tsx';
import { useShellData } from '../components/layout/shell-data.ts';
import { harvestAction, loadHarvestPitch } from '../features/harvest/harvest-actions.server.ts';
import { EnrolForm, type Visitor } from '../features/harvest/enrol-form.tsx';
import { PlanSummary } from '../features/harvest/harvest-schedule.tsx';
import { PlanSection } from '../features/harvest/plan-section.tsx';
import { useHarvestMine } from '../features/harvest/use-harvest-mine.ts';
import { useGatewayCheckout } from '../features/payments/gateway-checkout.tsx';
import { HARVEST_PLAN_PATH, type EnrolResult } from '../features/harvest/harvest-text.ts';
import '../styles/screens/shells.css';
import '../styles/screens/harvest.css';
import '../styles/screens/payments.css';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Milli Harvest') },
  { name: 'description', content: 'Milli Harvest: pay ten monthly instalments and we pay the eleventh. Save towards the jewellery you love.' },
];

const WHY = [
  { title: 'The 11th instalment is on us', text: 'Pay ten months and we add the eleventh, in full.' },
  { title: `${HARVEST.firstInstalmentDiscountPercent}% off your first instalment`, text: 'A head start for your savings from the very first month.' },
  { title: 'Any piece, any collection', text: 'Redeem the whole amount on gold, diamond, platinum or silver.' },
  { title: 'Plan at your pace', text: 'Choose the monthly amount that suits you and follow every payment online.' },
];

const STEPS = [
  { title: 'Pay monthly', text: `Choose an amount and pay it every month for ${HARVEST.instalments} months, online or in a store.` },
  {
    title: 'Special discounts',
    text: `Get ${HARVEST.firstInstalmentDiscountPercent}% off your first instalment, and the ${HARVEST.freeInstalment}th instalment free.`,
  },
  { title: 'Happy shopping', text: 'At maturity, redeem your savings at checkout on the piece you have been dreaming of.' },
];

/**
 * A shared page (decision 032): the same for everyone who asks, rendered without the visitor's cookies and kept.
 * Nothing personal is in its HTML; once painted, the browser asks for the signed-in customer's side
 * (GET /milli-harvest/mine): their running plan replaces the form, their instalments show below it, and their
 * account's e-mail and the amount they chose as a guest fill the form's untouched fields.
 *
 * Without JavaScript the form still works for everyone (a POST is answered for the one who sent it): a guest is
 * asked to log in (the login link brings back the amount, ?amount=), a customer is enrolled (an empty e-mail is the
 * account's) and taken to their plan's own page, /milli-harvest/plan. That page, rendered for them, holds what a
 * shared address cannot: the schedule after starting or paying, and the payment form (?pay=id). It used to be
 * this page's ?pay=; a shared page is matched by its path, query or not, so the payment form moved there.
 */
export async function loader({ request }: Route.LoaderArgs) {
  return loadHarvestPitch(request);
}

/** Shared (decision 032): rendered without the visitor's cookies, kept and served to everyone. */
export const handle = SHARED_PAGE;

/** Marked public, so the server and a CDN may keep it (lib/shared-page.ts), unless an action set a cookie. */
export function headers(args: Route.HeadersArgs) {
  return sharedPageHeaders(args);
}

/** Start Now (intent enrol): answered for the one who sent it, with their cookies. */
export async function action({ request, context }: Route.ActionArgs) {
  return harvestAction(serverApi(context), request);
}

/**
 * Milli Harvest (spec §2 '10 + 1' plan, DECISIONS §2): a logged-in customer enrols with a monthly amount,
 * sees the schedule and pays the next due instalment in the payment gateway's checkout (issue 18).
 */
export default function MilliHarvest({ loaderData, actionData }: Route.ComponentProps) {
  const { amount } = loaderData;
  const { personalKnown, user } = useShellData();
  const mine = useHarvestMine(personalKnown, user?.userId ?? null);
  const own = mine !== 'unknown' && mine !== null ? mine : null;
  const plan = own?.plan ?? null;
  const visitor: Visitor = !personalKnown ? 'unknown' : user ? 'customer' : 'guest';
  const sample = rupeesToPaise(HARVEST.sampleAmount);
  const enrolResult = actionData?.intent === 'enrol' ? (actionData as EnrolResult) : undefined;
  const running = plan?.status === 'Active';
  const showPlan = plan !== null && running;
  const navigate = useNavigate();
  const [payingNumber, setPayingNumber] = useState(0);
  const checkout = useGatewayCheckout({
    // Paid: the customer's own plan page, from the server, with the paid banner.
    onPaid: () => void navigate(`${HARVEST_PLAN_PATH}?paid=${payingNumber}#plan`),
  });
  const onPay = (instalment: HarvestInstalment) => {
    setPayingNumber(instalment.number);
    void checkout.pay(`/api/harvest/instalments/${instalment.id}/pay`, {
      name: 'Milli Harvest',
      description: `Instalment ${instalment.number} of ${HARVEST.instalments}`,
      prefill: { email: own?.email ?? '' },
    });
  };
  return (
    <>
      <PageBanner title="Milli Harvest" />
      <section className="section harvest-hero" aria-labelledby="harvest-title">
        <div className="container harvest-hero-inner">
          <div>
            <span className="section-eyebrow">Monthly savings plan</span>
            <h2 id="harvest-title" className="harvest-plan">
              <span className="harvest-number">{HARVEST.instalments}</span>
              <span className="harvest-plus">+</span>
              <span className="harvest-number">1</span>
            </h2>
            <p className="harvest-lead">
              Pay {HARVEST.instalments} monthly instalments, and we pay the {HARVEST.freeInstalment}th. Save {formatRupees(sample, { decimals: false })} a month
              and shop for {formatRupees(sample * HARVEST.freeInstalment, { decimals: false })} at maturity.
            </p>
            <p className="harvest-mine-link">
              Saving with us already? <Link to={HARVEST_PLAN_PATH}>See your plan and its instalments</Link>.
            </p>
          </div>
          {/*
            The form and, once known, a running plan share one cell: the form keeps its room (hidden, inert) under the
            plan's summary, so the hero keeps its height and nothing in the first screen moves when the plan arrives.
          */}
          <div className="harvest-panel">
            <div className="harvest-panel-form" data-shown={!showPlan} aria-hidden={showPlan || undefined} inert={showPlan}>
              <EnrolForm amount={amount} keptAmount={own?.amount ?? null} email={own?.email ?? ''} visitor={visitor} result={enrolResult} />
            </div>
            {showPlan && <PlanSummary plan={plan} onPay={onPay} />}
          </div>
        </div>
      </section>

      {plan && <PlanSection plan={plan} summary={!running} onPay={onPay} busy={checkout.busy} error={checkout.error} dialog={checkout.dialog} />}

      <section className="section section--warm" aria-labelledby="harvest-why-title">
        <div className="container">
          <h2 id="harvest-why-title" className="section-title">
            Why Milli Harvest plan
          </h2>
          <ul className="harvest-why">
            {WHY.map((w) => (
              <li key={w.title} className="card card-pad">
                <h3 className="shell-h3">{w.title}</h3>
                <p className="muted">{w.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="harvest-how-title">
        <div className="container">
          <h2 id="harvest-how-title" className="section-title">
            How does it work?
          </h2>
          <ol className="harvest-steps">
            {STEPS.map((s, i) => (
              <li key={s.title}>
                <span className="harvest-step-num" aria-hidden="true">
                  {i + 1}
                </span>
                <h3 className="shell-h3">{s.title}</h3>
                <p className="muted">{s.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>
    </>
  );
}
