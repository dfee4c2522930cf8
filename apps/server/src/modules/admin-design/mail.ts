import { formatRupees } from '@milli/pricing';
import { layout, type Brand } from '../../lib/mail-layout.ts';
import type { OutgoingMail } from '../mail/service.ts';
import { requestNumber } from '../custom-design/describe.ts';

const grams = (mg: number) => `${(mg / 1000).toLocaleString('en-IN', { maximumFractionDigits: 3 })} g`;

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
    'We will write again when it is made and hallmarked, with the balance to pay before it ships.',
  ]);
  return { to, subject: `Your piece ${number} is being made`, kind: 'custom-design-making', ...body };
}

/** To the customer: the piece is made; its HUID, weight, final total and the balance to pay. */
export function pieceMadeMail(
  brand: Brand,
  requestId: number,
  to: string,
  name: string,
  piece: { huid: string; netWeightMg: number; finalTotalPaise: number; advancePaise: number; adjusted: boolean },
): OutgoingMail {
  const number = requestNumber(requestId);
  const balance = piece.finalTotalPaise - piece.advancePaise;
  const body = layout(brand, `Your piece is ready, ${name}`, [
    `Your piece for request ${number} is made and hallmarked (HUID ${piece.huid}, net metal weight ${grams(piece.netWeightMg)}).`,
    piece.adjusted
      ? `Its final price at its real weight and today's rate is ${formatRupees(piece.finalTotalPaise)}.`
      : `Its final price, as on the approved design, is ${formatRupees(piece.finalTotalPaise)}.`,
    `With your advance of ${formatRupees(piece.advancePaise)}, the balance is ${formatRupees(balance)}. Pay it under My Account, Customized Orders, and we ship the piece to the address you choose.`,
  ]);
  return { to, subject: `Your piece ${number} is ready: balance ${formatRupees(balance)}`, kind: 'custom-design-made', ...body };
}
