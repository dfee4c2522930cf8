import { formatRupees } from '@milli/pricing';
import type { OutgoingMail } from '../mail/service.ts';
import { layout, type Brand } from '../mail/templates.ts';

const STEP_TEXT: Record<string, { subject: string; heading: string; line: string }> = {
  Picked: {
    subject: 'is packed and ready to leave',
    heading: 'Your order has been picked',
    line: 'Our team has picked and packed your jewellery. It leaves for you with our courier shortly.',
  },
  'Out for Delivery': {
    subject: 'is out for delivery',
    heading: 'Your order is out for delivery',
    line: 'Your order is with the courier and on its way to you. Please keep your phone close: the courier may call before arriving.',
  },
  Delivered: {
    subject: 'has been delivered',
    heading: 'Your order has been delivered',
    line: 'Your order has been delivered. We hope you love it.',
  },
};

/** The customer's mail on each step of the delivery (staff moving the order along). */
export function orderStepMail(brand: Brand, to: string, orderNumber: string, status: string, returnWindowDays: number): OutgoingMail {
  const text = STEP_TEXT[status]!;
  const body = layout(brand, text.heading, [
    `Order ${orderNumber}: ${text.line}`,
    ...(status === 'Delivered' ? [`If anything is not right, you can return it within ${returnWindowDays} days.`] : []),
    `Follow your order any time under My Account → Orders, or call us on ${brand.helpLine}.`,
  ]);
  return { to, subject: `Your ${brand.storeName} order ${orderNumber} ${text.subject}`, kind: 'order-status', ...body };
}

/** The customer's mail after cancelling an order. */
export function orderCancelledMail(brand: Brand, to: string, orderNumber: string, totalPaise: number): OutgoingMail {
  const body = layout(brand, 'Your order has been cancelled', [
    `Order ${orderNumber} has been cancelled as you asked.`,
    `Any amount paid (${formatRupees(totalPaise)}) is refunded to the way you paid within 5 to 7 working days.`,
    `Questions? Call us on ${brand.helpLine} or reply to this mail.`,
  ]);
  return { to, subject: `Your ${brand.storeName} order ${orderNumber} has been cancelled`, kind: 'order-cancelled', ...body };
}
