import { formatRupees, harvestBreakdown, monthlyAmountProblem } from '@milli/pricing';

const rupees = (paise: number) => formatRupees(paise, { decimals: false });

/**
 * What a monthly amount comes to, from the same function the server enrols with: what you pay over ten
 * months, what the store adds, what you can redeem. Read out politely as the amount changes.
 */
export function HarvestBreakdown({ amount, id }: { amount: string; id: string }) {
  const value = Number(amount.replace(/[,\s]/g, ''));
  const problem = amount.trim() === '' ? 'Enter a monthly amount to see your savings.' : monthlyAmountProblem(value);
  const sums = problem ? null : harvestBreakdown(value * 100);
  return (
    <div id={id} className="harvest-breakdown" aria-live="polite">
      {sums ? (
        <dl>
          <div>
            <dt>You pay</dt>
            <dd>{rupees(sums.youPayPaise)}</dd>
          </div>
          <div>
            <dt>We add</dt>
            <dd>{rupees(sums.storeAddsPaise)}</dd>
          </div>
          <div className="harvest-breakdown-total">
            <dt>You redeem</dt>
            <dd>{rupees(sums.redeemablePaise)}</dd>
          </div>
        </dl>
      ) : (
        <p className="muted">{problem}</p>
      )}
      {sums && <p className="field-hint">10 instalments of {rupees(sums.monthlyPaise)}, the first at 50% off; the 11th is on us.</p>}
    </div>
  );
}
