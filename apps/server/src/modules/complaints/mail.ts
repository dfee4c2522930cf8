import { COMPLAINT_PROMISE } from '@milli/contracts';
import type { OutgoingMail } from '../mail/service.ts';
import { givenDetails, layout, type Brand } from '../../lib/mail-layout.ts';

/** What a complaint's mails say of it. */
export interface ComplaintFacts {
  ticketNumber: string;
  email: string;
  name: string | null;
  subject: string;
  acknowledgeBy: Date;
  resolveBy: Date;
}

/** Where a mail's reader follows the ticket: the account's ticket page, a guest's link (first mail only), or nothing. */
export type TicketLink = { label: string; href: string } | null;

/** '3 December 2026, 4:15 pm' in India's time. */
export function indiaDateTime(at: Date): string {
  const day = at.toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' });
  const time = at.toLocaleTimeString('en-IN', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone: 'Asia/Kolkata' }).toLowerCase();
  return `${day}, ${time}`;
}

/** The complainant's own words (their subject and name) close the mail, as given (issue 35: never in the subject or heading). */
const given = (c: ComplaintFacts) =>
  givenDetails([
    ['Subject', c.subject],
    ['Name', c.name],
  ]);

/** Where to follow the ticket when the mail carries no link: a guest's link came only in the first mail. */
const followUp = (brand: Brand, c: ComplaintFacts, link: TicketLink) =>
  link
    ? 'You can read the whole thread and answer us with the button below.'
    : `To answer, use the link in our first mail about ${c.ticketNumber}, or call us on ${brand.helpLine} and give the ticket number.`;

/**
 * The acknowledgement sent at once with the ticket number (rule 4(5)'s number to follow a complaint by), and what the
 * store promises: a person's acknowledgement within 48 hours, a resolution within one month. It says first that a
 * stranger who did not write to us need do nothing.
 */
export function complaintReceivedMail(brand: Brand, c: ComplaintFacts, link: TicketLink): OutgoingMail {
  const body = layout(
    brand,
    'We have received your complaint',
    [
      'A complaint was sent to us on our website with this e-mail address. If it was not you, ignore this mail: we will not write about it again unless you answer.',
      `Its ticket number is below: please give it whenever you write or call about this complaint.`,
      `Our team acknowledges every complaint within ${COMPLAINT_PROMISE.acknowledge} (for this one, by ${indiaDateTime(c.acknowledgeBy)}) and resolves it within ${COMPLAINT_PROMISE.resolve} (by ${indiaDateTime(c.resolveBy)}).`,
      link ? 'You can follow it and answer us with the button below.' : `Questions meanwhile? Call us on ${brand.helpLine}.`,
      given(c),
    ],
    c.ticketNumber,
    link ?? undefined,
  );
  return { to: c.email, subject: `${brand.storeName}: complaint ${c.ticketNumber} received`, kind: 'complaint-received', ...body };
}

/** A member of the desk has read it and taken it up. */
export function complaintAcknowledgedMail(brand: Brand, c: ComplaintFacts, link: TicketLink): OutgoingMail {
  const body = layout(
    brand,
    'Your complaint is being looked into',
    [
      `Our team has read your complaint ${c.ticketNumber} and is looking into it. We will resolve it by ${indiaDateTime(c.resolveBy)} at the latest, and write to you before if we need anything from you.`,
      followUp(brand, c, link),
      given(c),
    ],
    undefined,
    link ?? undefined,
  );
  return { to: c.email, subject: `${brand.storeName}: complaint ${c.ticketNumber} is being looked into`, kind: 'complaint-acknowledged', ...body };
}

/** The desk's reply, in the store's words; `waiting` when the desk needs the complainant's answer to go on. */
export function complaintReplyMail(brand: Brand, c: ComplaintFacts, message: string, waiting: boolean, link: TicketLink): OutgoingMail {
  const body = layout(
    brand,
    waiting ? 'We need a word from you' : 'A reply about your complaint',
    [
      `About your complaint ${c.ticketNumber}, our team writes:`,
      ...message.split(/\n{2,}/).map((p) => p.trim()),
      waiting ? 'We will go on as soon as you answer.' : '',
      followUp(brand, c, link),
      given(c),
    ].filter((p) => p !== ''),
    undefined,
    link ?? undefined,
  );
  return { to: c.email, subject: `${brand.storeName}: a reply about complaint ${c.ticketNumber}`, kind: 'complaint-reply', ...body };
}

/** Resolved, with the desk's summary. An answer from the complainant reopens it. */
export function complaintResolvedMail(brand: Brand, c: ComplaintFacts, resolution: string, link: TicketLink): OutgoingMail {
  const body = layout(
    brand,
    'Your complaint is resolved',
    [
      `We have resolved your complaint ${c.ticketNumber}. What we did:`,
      ...resolution.split(/\n{2,}/).map((p) => p.trim()),
      'If this does not put it right, answer us and the complaint is reopened. You may also approach the National Consumer Helpline (1915) or the consumer commission of your district.',
      followUp(brand, c, link),
      given(c),
    ],
    undefined,
    link ?? undefined,
  );
  return { to: c.email, subject: `${brand.storeName}: complaint ${c.ticketNumber} resolved`, kind: 'complaint-resolved', ...body };
}
