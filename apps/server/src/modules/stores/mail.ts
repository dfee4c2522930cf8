import type { OutgoingMail } from '../mail/service.ts';
import { layout, type Brand } from '../../lib/mail-layout.ts';

/** To the shopper, when the desk marks their request Sent. */
export function sizerSentMail(brand: Brand, to: { name: string; email: string; address: string; productName: string | null }): OutgoingMail {
  const body = layout(brand, 'Your ring sizer is on its way', [
    `Dear ${to.name}, the free ring sizer kit you asked for has left us and is on its way to:`,
    to.address,
    'Slip the sizer onto the finger you mean to wear the ring on, pull it snug but comfortable over the knuckle, and read the number at the notch. That number is your ring size.',
    ...(to.productName ? [`When you know your size, choose it on the page of ${to.productName} (or any ring) and add it to your cart.`] : []),
    `Not arrived within a week, or not sure of the reading? Call us on ${brand.helpLine} or reply to this mail.`,
  ]);
  return { to: to.email, subject: `${brand.storeName}: your ring sizer is on its way`, kind: 'sizer-sent', ...body };
}
