import { formatRupees } from '@milli/pricing';
import type { OutgoingMail } from '../mail/service.ts';
import { layout, type Brand } from '../../lib/mail-layout.ts';

/** What an alert's mails say of it. */
export interface AlertFacts {
  email: string;
  label: string;
  direction: 'below' | 'above';
  levelPaise: number;
}

const watch = (a: AlertFacts) => `${a.label} ${a.direction === 'below' ? 'at or below' : 'at or above'} ${formatRupees(a.levelPaise)} a gram`;

/** A guest's alert (or one for another address than the account's) waits for this: nothing is sent to an address until its owner says so. */
export function confirmAlertMail(brand: Brand, a: AlertFacts, confirmHref: string, stopHref: string): OutgoingMail {
  const body = layout(
    brand,
    'Please confirm your rate alert',
    [
      `Someone asked on our website to tell this e-mail address when ${watch(a)}. If it was not you, ignore this mail: nothing more will be sent.`,
      'To start the alert, confirm it with the button below within two days. We write once when the rate we set crosses your level, and the alert then ends.',
      `Keep this mail: to stop the alert at any time, open ${stopHref}`,
    ],
    undefined,
    { label: 'Confirm my rate alert', href: confirmHref },
  );
  return { to: a.email, subject: `${brand.storeName}: confirm your rate alert`, kind: 'rate-alert-confirm', ...body };
}

/** A signed-in shopper's alert for their own address starts at once; this says so and how to stop it. */
export function alertSetMail(brand: Brand, a: AlertFacts, stopHref: string): OutgoingMail {
  const body = layout(
    brand,
    'Your rate alert is set',
    [
      `We will write to you once when ${watch(a)} (our rate as set each morning), and the alert then ends.`,
      'Changed your mind? Stop it with the button below, or from My Account.',
    ],
    undefined,
    { label: 'Stop this alert', href: stopHref },
  );
  return { to: a.email, subject: `${brand.storeName}: your rate alert is set`, kind: 'rate-alert-set', ...body };
}

/** The one message an alert sends: the rate crossed its level. */
export function alertCrossedMail(brand: Brand, a: AlertFacts, ratePaise: number, rateDate: string, pageHref: string): OutgoingMail {
  const body = layout(
    brand,
    `${a.label} is now ${formatRupees(ratePaise)} a gram`,
    [
      `You asked us to tell you when ${watch(a)}. Our rate for ${rateDate} is ${formatRupees(ratePaise)} a gram (${formatRupees(ratePaise * 10)} for 10 g).`,
      'Prices of our pieces follow the day’s rate. This alert has now ended; you can set another on our gold rate page.',
    ],
    formatRupees(ratePaise),
    { label: 'See today’s rates', href: pageHref },
  );
  return { to: a.email, subject: `${brand.storeName}: ${a.label} is now ${formatRupees(ratePaise)} a gram`, kind: 'rate-alert-crossed', ...body };
}
