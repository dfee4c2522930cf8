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
