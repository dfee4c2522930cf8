import type { HarvestPlan } from '@milli/contracts/schemas';
import { dateInWords, formatRupees } from '@milli/pricing';
import type { OutgoingMail } from '../mail/service.ts';
import { layout, type Brand } from '../../lib/mail-layout.ts';

const rupees = (paise: number) => formatRupees(paise);

export function enrolledMail(brand: Brand, plan: HarvestPlan): OutgoingMail {
  const first = plan.instalments[0]!;
  const body = layout(brand, 'Welcome to Milli Harvest', [
    `Your 10 + 1 plan of ${rupees(plan.monthlyAmountPaise)} a month has started.`,
    `Your first instalment is ${rupees(first.payablePaise)} (50 % off), due ${dateInWords(first.dueDate)}; the next nine are ${rupees(plan.monthlyAmountPaise)} each, one a month.`,
    `We pay the 11th instalment. On ${dateInWords(plan.maturityDate)} your plan matures and you can shop for ${rupees(plan.redeemablePaise)}.`,
    'You can follow and pay your instalments on the Milli Harvest page of our store.',
  ]);
  return { to: plan.email, subject: `Your ${brand.storeName} Harvest plan has started`, kind: 'harvest-enrolled', ...body };
}

export function instalmentPaidMail(brand: Brand, plan: HarvestPlan, number: number, paidPaise: number, method: string): OutgoingMail {
  const paidCount = plan.instalments.filter((i) => i.status === 'Paid').length;
  const next = plan.instalments.find((i) => i.status === 'Due');
  const body = layout(brand, `Instalment ${number} of 10 received`, [
    `Thank you: we received ${rupees(paidPaise)} by ${method} for instalment ${number} of your Milli Harvest plan.`,
    next
      ? `${paidCount} of 10 paid. Your next instalment, ${rupees(next.payablePaise)}, is due ${dateInWords(next.dueDate)}.`
      : `All 10 instalments are paid. We add the 11th, and from ${dateInWords(plan.maturityDate)} you can shop for ${rupees(plan.redeemablePaise)}.`,
  ]);
  return { to: plan.email, subject: `${brand.storeName} Harvest: instalment ${number} received`, kind: 'harvest-instalment-paid', ...body };
}

export interface ReminderFacts {
  planId: number;
  email: string;
  number: number;
  dueDate: string;
  payablePaise: number;
  /** Days late (0 or less: not yet due). */
  lateDays: number;
}

/** The reminder of an instalment due soon or late; the plan's number is in the subject (the desk lists them by it). */
export function reminderMail(brand: Brand, r: ReminderFacts): OutgoingMail {
  const late = r.lateDays > 0;
  const body = layout(
    brand,
    late ? `Instalment ${r.number} of your Milli Harvest plan is overdue` : `Instalment ${r.number} of your Milli Harvest plan is coming up`,
    [
      late
        ? `Instalment ${r.number} of 10, ${formatRupees(r.payablePaise)}, was due on ${dateInWords(r.dueDate)}: ${r.lateDays} ${r.lateDays === 1 ? 'day' : 'days'} ago.`
        : `Instalment ${r.number} of 10, ${formatRupees(r.payablePaise)}, is due on ${dateInWords(r.dueDate)}.`,
      'You can pay it on the Milli Harvest page of our store. Instalments are taken until the plan’s maturity date; an instalment left unpaid then is not taken later, and the plan matures with what was paid.',
      `Questions? Call us on ${brand.helpLine} or reply to this mail.`,
    ],
  );
  return {
    to: r.email,
    subject: `${brand.storeName} Harvest plan ${r.planId}: instalment ${r.number} ${late ? 'overdue' : `due ${dateInWords(r.dueDate)}`}`,
    kind: 'harvest-reminder',
    ...body,
  };
}

/** To the customer when the desk closes their plan, with what is refunded. */
export function closedMail(brand: Brand, c: { planId: number; email: string; refundPaise: number; reason: string }): OutgoingMail {
  const body = layout(brand, 'Your Milli Harvest plan is closed', [
    `We have closed your Milli Harvest plan (number ${c.planId}). Reason: ${c.reason}`,
    c.refundPaise > 0
      ? `We are refunding ${formatRupees(c.refundPaise)} to the account you paid from; banks usually show it within 5 to 7 working days. You can follow it in My Account → Payments.`
      : 'Nothing is refunded with this closing.',
    `Questions? Call us on ${brand.helpLine} or reply to this mail.`,
  ]);
  return { to: c.email, subject: `${brand.storeName}: your Harvest plan ${c.planId} is closed`, kind: 'harvest-closed', ...body };
}
