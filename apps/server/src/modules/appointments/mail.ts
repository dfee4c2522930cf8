import { formatRupees } from '@milli/pricing';
import type { OutgoingMail } from '../mail/service.ts';
import { givenDetails, layout, type Brand } from '../../lib/mail-layout.ts';
import type { Appointment } from '@milli/contracts/schemas';

const PURPOSE: Record<Appointment['purpose'], string> = {
  browse: 'to browse',
  product: 'to see a piece',
  trade_in: 'to trade in old gold',
  custom_design: 'about a custom design',
  exchange: 'about an exchange',
  other: '',
  assay: 'to have old gold assayed for your metal account',
};

/** '1 December 2026' from '2026-12-01'. */
export function longDate(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric', weekday: 'long', timeZone: 'UTC' });
}
/** '10:30 am' from '10:30'. */
export function clock(slot: string): string {
  const [h, m] = slot.split(':').map(Number) as [number, number];
  return `${((h + 11) % 12) + 1}:${String(m).padStart(2, '0')} ${h < 12 ? 'am' : 'pm'}`;
}

function what(a: Appointment): string[] {
  const where = a.kind === 'video' ? 'A video call with our team' : `A visit to ${a.store?.name ?? 'our store'}${a.store ? `, ${a.store.address}` : ''}`;
  const lines = [`${where} ${PURPOSE[a.purpose]}`.trim() + '.', `${longDate(a.date)} at ${clock(a.slot)} (India time), for up to an hour.`];
  if (a.product) lines.push(`The piece: ${a.product.name}.`);
  if (a.tradeIn) {
    lines.push(
      `Your old gold: ${a.tradeIn.weightMg / 1000} g of ${a.tradeIn.purity}K, estimated at ${formatRupees(a.tradeIn.estimatePaise)} at the rate of ${a.tradeIn.rateDate}. It is an estimate until your gold is tested in store (purity by karat meter; melting only with your consent). Please bring photo ID, and your PAN for large amounts.`,
    );
  }
  if (a.kind === 'video') lines.push(`We will call you on ${a.phone} at that time with a video link.`);
  return lines;
}

/** The name and number a booking gave, at the end of its mails (sender-chosen text, issue 35). */
const given = (a: Appointment) =>
  givenDetails([
    ['Name', a.name],
    ['Mobile', a.phone],
  ]);

export function bookedMail(brand: Brand, a: Appointment, manageUrl: string): OutgoingMail {
  const body = layout(
    brand,
    a.kind === 'video' ? 'Your video call is booked' : 'Your store visit is booked',
    [
      'Thank you for booking with us.',
      ...what(a),
      `Need to change it? Cancel with the link below and book another time, or call us on ${brand.helpLine}.`,
      given(a),
    ],
    undefined,
    { label: 'See or cancel your appointment', href: manageUrl },
  );
  return { to: a.email, subject: `${brand.storeName}: your appointment on ${longDate(a.date)} at ${clock(a.slot)}`, kind: 'appointment-booked', ...body };
}

/**
 * A booking under an address not yet proven (a guest's, or another than the signed-in customer's): it books nothing
 * until the link is followed and Confirm pressed, and says so first, so a stranger who receives it need do nothing.
 */
export function confirmBookingMail(brand: Brand, a: Appointment, manageUrl: string, holdMinutes: number): OutgoingMail {
  const body = layout(
    brand,
    'Please confirm your appointment',
    [
      `An appointment was asked for on our website with this e-mail address. It is held for ${holdMinutes} minutes and is booked only once you confirm it with the button below.`,
      'If you did not ask for it, ignore this mail: nothing is booked and we will not write again about it.',
      ...what(a),
      given(a),
    ],
    undefined,
    { label: 'Confirm or cancel the appointment', href: manageUrl },
  );
  return { to: a.email, subject: `${brand.storeName}: please confirm your appointment on ${longDate(a.date)}`, kind: 'appointment-confirm', ...body };
}

/** The token is kept only as a hash, so the reminder points to the booking mail's link (or My Account). */
export function reminderMail(brand: Brand, a: Appointment): OutgoingMail {
  const body = layout(brand, 'See you tomorrow', [
    'A reminder of your appointment tomorrow.',
    ...what(a),
    `Cannot make it? Please cancel with the link in your booking mail (or in My Account, if you booked signed in), or call us on ${brand.helpLine}, so someone else can have the time.`,
    given(a),
  ]);
  return { to: a.email, subject: `${brand.storeName}: your appointment tomorrow at ${clock(a.slot)}`, kind: 'appointment-reminder', ...body };
}

export function cancelledMail(brand: Brand, a: Appointment, byStore: boolean): OutgoingMail {
  const body = layout(brand, 'Your appointment is cancelled', [
    byStore ? 'We are sorry: we had to cancel your appointment.' : 'Your appointment is cancelled as you asked.',
    ...what(a).slice(0, 2),
    `Book another time on our store locator, or call us on ${brand.helpLine}.`,
    given(a),
  ]);
  return { to: a.email, subject: `${brand.storeName}: your appointment on ${longDate(a.date)} is cancelled`, kind: 'appointment-cancelled', ...body };
}
