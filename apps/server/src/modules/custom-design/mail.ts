import { formatRupees } from '@milli/pricing';
import { givenDetails, layout, type Brand } from '../../lib/mail-layout.ts';
import type { OutgoingMail } from '../mail/service.ts';
import { grams, requestNumber, specLines, type RequestFacts } from './describe.ts';

/** To the store's primary address: a new request for the design team, who reply within 48 hours (spec §9). */
export function newRequestStoreMail(
  brand: Brand,
  r: RequestFacts & { remarks: string },
  customer: { username: string; email: string },
  imageCount: number,
): OutgoingMail {
  const number = requestNumber(r.id);
  const body = layout(brand, `New custom design request ${number}`, [
    `${customer.username} (${customer.email}) asks for a custom piece. Please share a CAD design within 48 hours.`,
    ...specLines(r),
    `Remarks: ${r.remarks}`,
    `${imageCount} reference ${imageCount === 1 ? 'image is' : 'images are'} attached to the request in the back office.`,
  ]);
  return { to: brand.emailPrimary, subject: `New custom design request ${number}`, kind: 'custom-request-store', ...body };
}

/** To the customer: the request is in, and what happens next. */
export function newRequestCustomerMail(brand: Brand, r: RequestFacts, to: string, username: string): OutgoingMail {
  const number = requestNumber(r.id);
  // The username is the sender's own words and the account's address is not proven: it closes the mail, never heads it (issue 35).
  const body = layout(brand, 'We have your design request', [
    `Thank you for asking ${brand.storeName} to make a piece for you. Your request number is ${number}.`,
    ...specLines(r),
    'Our design team will share a CAD design within 48 hours. You will find it under My Account, Customized Orders, where you can approve it or ask for changes.',
    `Questions? Call us on ${brand.helpLine} or reply to this mail.`,
    givenDetails([['Username', username]]),
  ]);
  return { to, subject: `Your custom design request ${number}`, kind: 'custom-request-customer', ...body };
}

/** To the store: the customer rejected the shared design; it goes back to the design team. */
export function designRejectedMail(
  brand: Brand,
  r: RequestFacts,
  version: number,
  reason: string,
  customer: { username: string; email: string },
): OutgoingMail {
  const number = requestNumber(r.id);
  const body = layout(brand, `Design ${number} v${version} rejected`, [
    `${customer.username} (${customer.email}) rejected version ${version} of the design for ${number}.`,
    `Their reason: ${reason}`,
    'Please prepare a new version and share it.',
  ]);
  return { to: brand.emailPrimary, subject: `Design rejected: ${number} v${version}`, kind: 'custom-design-rejected', ...body };
}

/** To the customer: the advance is paid, the design approved, and the making begins. */
export function designApprovedMail(
  brand: Brand,
  r: RequestFacts,
  version: number,
  advancePaise: number,
  totalPaise: number,
  to: string,
  username: string,
): OutgoingMail {
  const number = requestNumber(r.id);
  const body = layout(brand, 'Your design is approved', [
    `Thank you: we have your advance of ${formatRupees(advancePaise)} for version ${version} of the design for ${number}.`,
    `The piece comes to ${formatRupees(totalPaise)} in all; the balance of ${formatRupees(totalPaise - advancePaise)} is due when it is ready.`,
    'Our workshop starts making it now. You can follow it under My Account, Customized Orders.',
    `Questions? Call us on ${brand.helpLine} or reply to this mail.`,
    givenDetails([['Username', username]]),
  ]);
  return { to, subject: `Design approved: ${number}`, kind: 'custom-design-approved', ...body };
}

/** To the customer: a CAD sheet (a first one, or a new version after a rejection) waits for their answer. */
export function designSharedMail(
  brand: Brand,
  requestId: number,
  to: string,
  name: string,
  sheet: { version: number; totalPaise: number; advancePercent: number; advancePaise: number; note: string | null },
): OutgoingMail {
  const number = requestNumber(requestId);
  const body = layout(brand, `Your design is ready, ${name}`, [
    sheet.version === 1
      ? `Our design team has shared the CAD design for your request ${number}.`
      : `Our design team has shared version ${sheet.version} of the CAD design for your request ${number}, with the changes you asked for.`,
    `Total: ${formatRupees(sheet.totalPaise)}. To approve it, pay the ${sheet.advancePercent} % advance of ${formatRupees(sheet.advancePaise)}; the balance is due when the piece is made.`,
    ...(sheet.note ? [`From the design team: ${sheet.note}`] : []),
    'See the design under My Account, Customized Orders, where you can approve it or ask for changes.',
  ]);
  return { to, subject: `Your CAD design for ${number} (version ${sheet.version})`, kind: 'custom-design-shared', ...body };
}

/** To the customer: the approved piece is being made. */
export function makingMail(brand: Brand, requestId: number, to: string, name: string): OutgoingMail {
  const number = requestNumber(requestId);
  const body = layout(brand, `We are making your piece, ${name}`, [
    `Thank you for your advance. Our craftsmen have started making your piece for request ${number}.`,
    'We will write again when it is made, with the balance to pay before it ships.',
  ]);
  return { to, subject: `Your piece ${number} is being made`, kind: 'custom-design-making', ...body };
}

/** To the customer: the piece is made; its HUID, weight, final total and the balance to pay. */
export function pieceMadeMail(
  brand: Brand,
  requestId: number,
  to: string,
  name: string,
  piece: { huid: string | null; netWeightMg: number; finalTotalPaise: number; advancePaise: number; adjusted: boolean },
): OutgoingMail {
  const number = requestNumber(requestId);
  const balance = piece.finalTotalPaise - piece.advancePaise;
  const body = layout(brand, `Your piece is ready, ${name}`, [
    piece.huid
      ? `Your piece for request ${number} is made and hallmarked (HUID ${piece.huid}, net metal weight ${grams(piece.netWeightMg)}).`
      : `Your piece for request ${number} is made (net metal weight ${grams(piece.netWeightMg)}).`,
    piece.adjusted
      ? `Its final price at its real weight and today's rate is ${formatRupees(piece.finalTotalPaise)}.`
      : `Its final price, as on the approved design, is ${formatRupees(piece.finalTotalPaise)}.`,
    `With your advance of ${formatRupees(piece.advancePaise)}, the balance is ${formatRupees(balance)}. Pay it under My Account, Customized Orders, and we ship the piece to the address you choose.`,
  ]);
  return { to, subject: `Your piece ${number} is ready: balance ${formatRupees(balance)}`, kind: 'custom-design-made', ...body };
}
