import type { Route } from './+types/milli-harvest';
import { HARVEST } from '@milli/contracts';
import { formatRupees, rupeesToPaise } from '@milli/pricing';
import { pageTitle } from '../lib/meta.ts';
import { PageBanner } from '../components/layout/page-banner.tsx';
import '../styles/screens/shells.css';

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
  { title: 'Special discounts', text: `Get ${HARVEST.firstInstalmentDiscountPercent}% off your first instalment, and the ${HARVEST.freeInstalment}th instalment free.` },
  { title: 'Happy shopping', text: 'At maturity, redeem your savings at checkout on the piece you have been dreaming of.' },
];

/**
 * Milli Harvest (spec §2 '10 + 1' plan). Enrolling, paying instalments and the schedule arrive with the
 * harvest issue; both forms are not wired yet.
 */
export default function MilliHarvest() {
  const sample = rupeesToPaise(HARVEST.sampleAmount);
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
              Pay {HARVEST.instalments} monthly instalments, and we pay the {HARVEST.freeInstalment}th. Save{' '}
              {formatRupees(sample, { decimals: false })} a month and shop for{' '}
              {formatRupees(sample * HARVEST.freeInstalment, { decimals: false })} at maturity.
            </p>
          </div>
          <form method="post" className="card card-pad harvest-form">
            <div className="form-field">
              <label htmlFor="harvest-amount">Monthly amount (Rs.)</label>
              <input id="harvest-amount" name="monthlyAmount" type="number" min="0" step="100" inputMode="numeric" defaultValue={HARVEST.sampleAmount} />
            </div>
            <div className="form-field">
              <label htmlFor="harvest-email">E-mail</label>
              <input id="harvest-email" name="email" type="email" autoComplete="email" />
            </div>
            <button type="submit" className="btn btn-primary btn-block">
              Start Now
            </button>
          </form>
        </div>
      </section>

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
