import { formatRupees, type OrderTotals } from '@milli/pricing';
import type { OutgoingMail } from '../mail/service.ts';
import { layout, type Brand } from '../../lib/mail-layout.ts';

export interface PlacedOrderMail {
  orderNumber: string;
  firstName: string;
  lines: { name: string; quantity: number; lineTotalPaise: number }[];
  totals: OrderTotals;
  couponCode: string | null;
  deliveryDays: number;
}

/** The confirmation a customer receives when the order is placed (written to the outbox in the order's transaction). */
export function orderPlacedMail(brand: Brand, to: string, order: PlacedOrderMail): OutgoingMail {
  const t = order.totals;
  const body = layout(brand, `Thank you, ${order.firstName}: your order is placed`, [
    `We have received your order ${order.orderNumber}. Our team will get back to you over phone call to confirm the delivery.`,
    ...order.lines.map((l) => `${l.name} × ${l.quantity}: ${formatRupees(l.lineTotalPaise)}`),
    `Subtotal ${formatRupees(t.subtotalPaise)}` +
      (t.discountPaise > 0 ? ` · Coupon ${order.couponCode ?? ''} −${formatRupees(t.discountPaise)}` : '') +
      ` · Shipping ${formatRupees(t.shippingPaise)} · Total ${formatRupees(t.totalPaise)} (GST included: ${formatRupees(t.gstPaise)})`,
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
