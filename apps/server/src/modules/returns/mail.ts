import { dateInWords, formatRupees } from '@milli/pricing';
import type { OutgoingMail } from '../mail/service.ts';
import { layout, type Brand } from '../../lib/mail-layout.ts';

export interface ReturnMailFacts {
  orderNumber: string;
  returnId: number;
  amountPaise: number;
  pieces: readonly { name: string; quantity: number }[];
}

const piecesText = (r: ReturnMailFacts) => r.pieces.map((p) => `${p.quantity} × ${p.name}`).join(', ');
const follow = (brand: Brand) => `Follow your return on the order’s page under My Account → Orders, or call us on ${brand.helpLine}.`;
const subject = (brand: Brand, r: ReturnMailFacts, what: string) => `Your ${brand.storeName} return ${r.returnId} for order ${r.orderNumber}: ${what}`;

/** Each step of a return, as the customer reads it. */
export function returnRequestedMail(brand: Brand, to: string, r: ReturnMailFacts, refundMethod: 'original' | 'store_credit', reason: string): OutgoingMail {
  const body = layout(brand, 'We have your return request', [
    `Order ${r.orderNumber}: you asked to return ${piecesText(r)}, worth ${formatRupees(r.amountPaise)}.`,
    `Your reason: ${reason}`,
    refundMethod === 'store_credit'
      ? 'Once the pieces are checked, the amount goes into your store credit.'
      : 'Once the pieces are checked, the amount goes back the way you paid.',
    'Our team looks at it within two working days and arranges a pickup. Please keep the pieces with their box, certificates and invoice.',
    follow(brand),
  ]);
  return { to, subject: subject(brand, r, 'requested'), kind: 'return-requested', ...body };
}

export function returnApprovedMail(brand: Brand, to: string, r: ReturnMailFacts): OutgoingMail {
  const body = layout(brand, 'Your return is approved', [
    `Order ${r.orderNumber}: your return of ${piecesText(r)} is approved. We will tell you the pickup date shortly.`,
    follow(brand),
  ]);
  return { to, subject: subject(brand, r, 'approved'), kind: 'return-approved', ...body };
}

export function returnPickupMail(brand: Brand, to: string, r: ReturnMailFacts, pickupDate: string, note: string | null): OutgoingMail {
  const body = layout(brand, 'Your return’s pickup is scheduled', [
    `Order ${r.orderNumber}: our courier collects ${piecesText(r)} on ${dateInWords(pickupDate)}.`,
    ...(note ? [note] : []),
    'Please pack the pieces with their box, certificates and invoice; the courier checks the seal with you.',
    follow(brand),
  ]);
  return { to, subject: subject(brand, r, `pickup on ${dateInWords(pickupDate)}`), kind: 'return-pickup', ...body };
}

export function returnReceivedMail(brand: Brand, to: string, r: ReturnMailFacts): OutgoingMail {
  const body = layout(brand, 'We have received your return', [
    `Order ${r.orderNumber}: ${piecesText(r)} reached us. We check them and then refund you.`,
    follow(brand),
  ]);
  return { to, subject: subject(brand, r, 'received'), kind: 'return-received', ...body };
}

export function returnRefundedMail(
  brand: Brand,
  to: string,
  r: ReturnMailFacts,
  parts: { gatewayPaise: number; storeCreditPaise: number },
  checkNote: string | null,
  creditNote: string | null,
): OutgoingMail {
  const total = parts.gatewayPaise + parts.storeCreditPaise;
  const body = layout(brand, 'Your return is refunded', [
    `Order ${r.orderNumber}: ${formatRupees(total)} is refunded for ${piecesText(r)}.`,
    ...(total < r.amountPaise && checkNote ? [`We refunded less than the ${formatRupees(r.amountPaise)} asked for: ${checkNote}`] : []),
    ...(parts.gatewayPaise > 0 ? [`${formatRupees(parts.gatewayPaise)} goes back to the way you paid within 5 to 7 working days.`] : []),
    ...(parts.storeCreditPaise > 0 ? [`${formatRupees(parts.storeCreditPaise)} is in your store credit now, to spend on your next order.`] : []),
    ...(creditNote ? [`Credit note ${creditNote} reduces its tax invoice; download it from the order’s page.`] : []),
    follow(brand),
  ]);
  return { to, subject: subject(brand, r, 'refunded'), kind: 'return-refunded', ...body };
}

export function returnRefusedMail(brand: Brand, to: string, r: ReturnMailFacts, reason: string): OutgoingMail {
  const body = layout(brand, 'We cannot accept your return', [
    `Order ${r.orderNumber}: we cannot accept the return of ${piecesText(r)}. The reason: ${reason}`,
    `Questions? Call us on ${brand.helpLine} or reply to this mail.`,
  ]);
  return { to, subject: subject(brand, r, 'refused'), kind: 'return-refused', ...body };
}
