import type { ReactNode } from 'react';
import type { HarvestInstalment, HarvestPlan } from '@milli/contracts';
import { FormAlert } from '../../components/forms/form-bits.tsx';
import { PlanSchedule, PlanSummary } from './harvest-schedule.tsx';
import { InstalmentPay } from './instalment-pay.tsx';
import type { PayResult } from './harvest-text.ts';

/**
 * A customer's plan below the page's first part: the banner after starting or paying, the summary (unless the page
 * shows it above), the eleven instalments, the payment form of ?pay=id (the customer's own page, without
 * JavaScript) and the gateway's checkout (`dialog`, with JavaScript).
 */
export function PlanSection({
  plan,
  summary,
  banner = null,
  payingId = null,
  payResult,
  onPay,
  busy = false,
  error,
  dialog,
}: {
  plan: HarvestPlan;
  summary: boolean;
  banner?: string | null;
  payingId?: number | null;
  payResult?: PayResult | undefined;
  onPay: (instalment: HarvestInstalment) => void;
  busy?: boolean;
  error: string | null;
  dialog: ReactNode;
}) {
  const paying = payingId !== null ? plan.instalments.find((i) => i.id === payingId) : undefined;
  return (
    <section id="plan" className="section harvest-plan-section" aria-labelledby="harvest-schedule-title">
      <div className="container stack">
        {banner && <FormAlert tone="success">{banner}</FormAlert>}
        {summary && <PlanSummary plan={plan} onPay={onPay} />}
        <h2 id="harvest-schedule-title" className="section-title">
          Your instalments
        </h2>
        {error && <FormAlert tone="error">{error}</FormAlert>}
        <PlanSchedule plan={plan} payingId={payingId} onPay={onPay} />
        {paying && <InstalmentPay instalment={paying} result={payResult} onPay={onPay} busy={busy} />}
        {dialog}
      </div>
    </section>
  );
}
