import { dateInWords, formatRupees } from '@milli/pricing';
import type { OutgoingMail } from '../mail/service.ts';
import { layout, type Brand } from '../../lib/mail-layout.ts';

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
