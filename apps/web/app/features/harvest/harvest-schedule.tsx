import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import type { HarvestInstalment, HarvestPlan } from '@milli/contracts';
import { formatRupees } from '@milli/pricing';
import { HARVEST_PLAN_PATH } from './harvest-text.ts';

const rupees = (paise: number) => formatRupees(paise, { decimals: false });
export const longDate = (iso: string) =>
  new Date(`${iso.slice(0, 10)}T00:00:00Z`).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

const STATUS_TEXT: Record<HarvestPlan['status'], string> = {
  Active: 'Running',
  Matured: 'Matured: ready to redeem',
  Redeemed: 'Redeemed',
  Cancelled: 'Cancelled',
};

/**
 * A Pay link to the instalment's payment form (?pay=id on the customer's own plan page, which works without
 * JavaScript): with JavaScript, `onPay` opens the gateway's checkout at once instead.
 */
function payLink(plan: HarvestPlan, onPay: ((instalment: HarvestInstalment) => void) | undefined) {
  const next = plan.instalments.find((i) => i.id === plan.nextDueId);
  return {
    to: `${HARVEST_PLAN_PATH}?pay=${plan.nextDueId}#pay-form`,
    onClick: (event: MouseEvent) => {
      if (!onPay || !next || event.metaKey || event.ctrlKey || event.shiftKey) return;
      event.preventDefault();
      onPay(next);
    },
  };
}

/** The plan at a glance: monthly amount, what is paid, maturity and what can be redeemed. */
export function PlanSummary({ plan, onPay }: { plan: HarvestPlan; onPay?: (instalment: HarvestInstalment) => void }) {
  const paidCount = plan.instalments.filter((i) => i.status === 'Paid').length;
  return (
    <div className="card card-pad harvest-summary">
      <p className="section-eyebrow">Your plan · {STATUS_TEXT[plan.status]}</p>
      <dl className="harvest-facts">
        <dt>Monthly amount</dt>
        <dd>{rupees(plan.monthlyAmountPaise)}</dd>
        <dt>Paid so far</dt>
        <dd>
          {rupees(plan.paidPaise)} <span className="muted">({paidCount} of 10)</span>
        </dd>
        <dt>Matures on</dt>
        <dd>{longDate(plan.maturityDate)}</dd>
        <dt>{plan.status === 'Matured' ? 'To spend at checkout' : plan.status === 'Cancelled' ? 'Refunded' : 'You can redeem'}</dt>
        <dd className="price">
          {rupees(plan.status === 'Matured' ? plan.balancePaise : plan.status === 'Cancelled' ? plan.refundedPaise : plan.redeemablePaise)}
        </dd>
        {plan.redeemBy && (plan.status === 'Active' || plan.status === 'Matured') && (
          <>
            <dt>Redeem by</dt>
            <dd>{longDate(plan.redeemBy)}</dd>
          </>
        )}
      </dl>
      {plan.pastLimit && (
        <p className="harvest-note" role="note">
          This plan passed its redemption limit on {longDate(plan.redeemBy!)}: a Milli Harvest plan must be redeemed within 365 days of its first payment, so
          its balance can no longer be spent. We will close the plan and refund what you paid to the account you paid from; you can follow it in My Account →
          Payments.
        </p>
      )}
      {plan.status === 'Cancelled' && plan.closeReason && (
        <p className="harvest-note" role="note">
          We closed this plan: {plan.closeReason}
          {plan.refundedPaise > 0 ? ` ${rupees(plan.refundedPaise)} is refunded to the account you paid from (see My Account → Payments).` : ''}
        </p>
      )}
      {plan.nextDueId !== null && (
        <Link className="btn btn-primary btn-block" {...payLink(plan, onPay)}>
          Pay next instalment
        </Link>
      )}
    </div>
  );
}

/** The eleven rows: due date, amount, discount, what to pay, status, and Pay on the next due one. */
export function PlanSchedule({ plan, payingId, onPay }: { plan: HarvestPlan; payingId: number | null; onPay?: (instalment: HarvestInstalment) => void }) {
  return (
    <div className="table-wrap">
      <table className="table harvest-schedule">
        <caption className="visually-hidden">Instalment schedule of your Milli Harvest plan</caption>
        <thead>
          <tr>
            <th scope="col">No.</th>
            <th scope="col">Due date</th>
            <th scope="col">Amount</th>
            <th scope="col">Discount</th>
            <th scope="col">You pay</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="visually-hidden">Action</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {plan.instalments.map((i) => (
            <tr key={i.id} className={i.id === payingId ? 'is-paying' : undefined}>
              <th scope="row" data-label="No.">
                {i.number}
              </th>
              <td data-label="Due date">{longDate(i.dueDate)}</td>
              <td data-label="Amount">{rupees(i.amountPaise)}</td>
              <td data-label="Discount">{i.discountPaise > 0 ? (i.status === 'Free' ? '100% (on us)' : `${rupees(i.discountPaise)} (50%)`) : '–'}</td>
              <td data-label="You pay">{rupees(i.payablePaise)}</td>
              <td data-label="Status">
                <span className={`badge harvest-status harvest-status--${i.status.toLowerCase()}`}>{i.status}</span>
              </td>
              <td className="harvest-action">
                {i.id === plan.nextDueId && i.id !== payingId && (
                  <Link className="btn btn-outline btn-sm" {...payLink(plan, onPay)} aria-label={`Pay instalment ${i.number}`}>
                    Pay
                  </Link>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
