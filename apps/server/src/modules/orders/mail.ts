import { formatRupees, type OrderTotals } from '@milli/pricing';
import type { OutgoingMail } from '../mail/service.ts';
import { layout, type Brand } from '../../lib/mail-layout.ts';

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

export interface ShipmentText {
  courierName: string;
  awbNumber: string;
  trackingUrl: string | null;
}

/** The customer's mail on each step of the delivery (staff moving the order along); the dispatch names the courier and AWB. */
export function orderStepMail(brand: Brand, to: string, orderNumber: string, status: string, returnWindowDays: number, shipment?: ShipmentText): OutgoingMail {
  const text = STEP_TEXT[status]!;
  const body = layout(brand, text.heading, [
    `Order ${orderNumber}: ${text.line}`,
    ...(shipment
      ? [
          `Courier: ${shipment.courierName}. Air waybill (AWB) number: ${shipment.awbNumber}.`,
          shipment.trackingUrl
            ? `Track the parcel on the courier's page: ${shipment.trackingUrl}`
            : 'Quote the AWB number on the courier’s website to follow the parcel.',
          'Your tax invoice is issued now: download it from the order’s page under My Account → Orders.',
        ]
      : []),
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

/** The customer's mail when packing found a piece heavier or lighter than sold (issue 19). */
export function orderAdjustmentMail(
  brand: Brand,
  to: string,
  orderNumber: string,
  adjustments: readonly { kind: 'charge' | 'refund'; amountPaise: number; reason: string }[],
  cod: boolean,
): OutgoingMail {
  const charges = adjustments.filter((a) => a.kind === 'charge');
  const body = layout(brand, 'We weighed your jewellery', [
    `Order ${orderNumber}: each piece was weighed as it was packed, and ${adjustments.length === 1 ? 'one differs' : 'some differ'} from the weight it was sold at by more than our tolerance.`,
    ...adjustments.map((a) => a.reason),
    ...(adjustments.some((a) => a.kind === 'refund')
      ? [cod ? 'What is refunded comes off the amount you pay on delivery.' : 'What is refunded goes back to the way you paid within 5 to 7 working days.']
      : []),
    ...(charges.length > 0
      ? [
          'Please pay the difference from the order’s page under My Account → Orders; the order leaves once it is paid.',
          'Nothing is taken without you: if you would rather not pay it, you can cancel the order from the same page and everything you paid is refunded.',
        ]
      : []),
    `Questions? Call us on ${brand.helpLine} or reply to this mail.`,
  ]);
  return { to, subject: `Your ${brand.storeName} order ${orderNumber}: a weight difference`, kind: 'order-adjustment', ...body };
}

/** The customer's mail when the store cancels an order, with the reason and what is refunded. */
export function orderCancelledByStoreMail(
  brand: Brand,
  to: string,
  orderNumber: string,
  reason: string,
  refundPaise: number,
  creditNote: string | null,
): OutgoingMail {
  const body = layout(brand, 'Your order has been cancelled', [
    `We have cancelled order ${orderNumber}. The reason: ${reason}`,
    refundPaise > 0
      ? `${formatRupees(refundPaise)} is refunded to the way you paid within 5 to 7 working days.`
      : 'Nothing was charged online for it, so there is nothing to refund.',
    ...(creditNote ? [`Credit note ${creditNote} cancels its tax invoice; download it from the order’s page under My Account → Orders.`] : []),
    `We are sorry. Questions? Call us on ${brand.helpLine} or reply to this mail.`,
  ]);
  return { to, subject: `Your ${brand.storeName} order ${orderNumber} has been cancelled`, kind: 'order-cancelled', ...body };
}

/** The customer's mail when the orders desk stores a piece's diamond certificate (issue 20). */
export function certificateReadyMail(
  brand: Brand,
  to: string,
  orderNumber: string,
  certificate: { lab: string; number: string; huid: string | null },
): OutgoingMail {
  const body = layout(brand, 'Your diamond certificate', [
    `Order ${orderNumber}: the grading certificate of your piece${certificate.huid ? ` with HUID ${certificate.huid}` : ''} is ready (${certificate.lab}, number ${certificate.number}).`,
    'Download it from the order’s page under My Account → Orders. You can check the number on the lab’s own website.',
    `Questions? Call us on ${brand.helpLine} or reply to this mail.`,
  ]);
  return { to, subject: `Your ${brand.storeName} order ${orderNumber}: diamond certificate`, kind: 'order-certificate', ...body };
}

export interface PlacedOrderMail {
  orderNumber: string;
  firstName: string;
  lines: { name: string; quantity: number; lineTotalPaise: number }[];
  totals: OrderTotals;
  couponCode: string | null;
  deliveryDays: number;
}

/**
 * The confirmation a customer receives when the order is placed, written to the outbox in the transaction that places
 * it: checkout's (nothing left to pay), the payment's settle, or the desk confirming pay on delivery.
 */
export function orderPlacedMail(brand: Brand, to: string, order: PlacedOrderMail): OutgoingMail {
  const t = order.totals;
  const body = layout(brand, `Thank you, ${order.firstName}: your order is placed`, [
    `We have received your order ${order.orderNumber}. Our team will get back to you over phone call to confirm the delivery.`,
    ...order.lines.map((l) => `${l.name} × ${l.quantity}: ${formatRupees(l.lineTotalPaise)}`),
    `Subtotal ${formatRupees(t.subtotalPaise)}` +
      (t.discountPaise > 0 ? ` · Coupon ${order.couponCode ?? ''} −${formatRupees(t.discountPaise)}` : '') +
      ` · Shipping ${formatRupees(t.shippingPaise)} · Total ${formatRupees(t.totalPaise)} (GST included: ${formatRupees(t.gstPaise)})`,
    ...(t.metalAccountPaise > 0
      ? [
          `Settled by the old gold in your metal account: ${formatRupees(t.metalAccountPaise)}.${t.rateLockAdvancePaise > 0 || t.harvestCreditPaise > 0 || t.storeCreditPaise > 0 ? '' : ` Left to pay: ${formatRupees(t.payablePaise)}.`}`,
        ]
      : []),
    ...(t.rateLockAdvancePaise > 0
      ? [
          `Paid by your rate lock's advance: ${formatRupees(t.rateLockAdvancePaise)}.${t.harvestCreditPaise > 0 || t.storeCreditPaise > 0 ? '' : ` Left to pay: ${formatRupees(t.payablePaise)}.`}`,
        ]
      : []),
    ...(t.harvestCreditPaise > 0
      ? [
          `Paid from your Milli Harvest balance: ${formatRupees(t.harvestCreditPaise)}.${t.storeCreditPaise > 0 ? '' : ` Left to pay: ${formatRupees(t.payablePaise)}.`}`,
        ]
      : []),
    ...(t.storeCreditPaise > 0 ? [`Paid from your store credit: ${formatRupees(t.storeCreditPaise)}. Left to pay: ${formatRupees(t.payablePaise)}.`] : []),
    `Your jewellery will be delivered within ${order.deliveryDays} days. You can follow it under My Account → Orders.`,
  ]);
  return { to, subject: `Your ${brand.storeName} order ${order.orderNumber} is placed`, kind: 'order-placed', ...body };
}

/** The customer's mail when an order lapses unpaid (the reconciliation job, lapse.ts). */
export function orderLapsedMail(brand: Brand, to: string, orderNumber: string): OutgoingMail {
  const body = layout(brand, 'Your order lapsed', [
    `We did not receive the payment for order ${orderNumber} in time, so the order lapsed and its pieces went back on sale. Nothing was charged.`,
    'If a payment was taken after all, it is refunded to the way you paid, in full.',
    `You can place the order again from your cart, or call us on ${brand.helpLine}.`,
  ]);
  return { to, subject: `Your ${brand.storeName} order ${orderNumber} lapsed`, kind: 'order-lapsed', ...body };
}
