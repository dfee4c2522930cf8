import { apportion } from './gst.ts';
import type { Paise } from './money.ts';

export interface ReturnableLine {
  lineId: number;
  /** What the line cost as sold (GST included), before the order's discount. */
  lineTotalPaise: Paise;
  quantity: number;
}

/**
 * What each line of an order is worth to a return: its line total less its share of the order's discount (the
 * coupon, shared over the goods in proportion, as the invoice shares it), GST included. Shipping is not a piece and
 * is not part of it. The values add up to the goods' total less the discount, to the paisa.
 */
export function returnLineValues(lines: readonly ReturnableLine[], discountPaise: Paise): Map<number, Paise> {
  const totals = lines.map((l) => l.lineTotalPaise);
  const discount = Math.min(
    Math.max(discountPaise, 0),
    totals.reduce((a, b) => a + b, 0),
  );
  const shares = apportion(discount, totals);
  return new Map(lines.map((l, i) => [l.lineId, l.lineTotalPaise - shares[i]!]));
}

/**
 * The amount of returning `quantity` pieces of a line of which `alreadyReturned` went back before: the line's value
 * for the pieces up to then, less its value up to before. Every return of the same line so adds up, to the paisa,
 * to the line's whole value once all its pieces are back.
 */
export function returnLineAmount(lineValue: Paise, lineQuantity: number, alreadyReturned: number, quantity: number): Paise {
  if (!Number.isSafeInteger(quantity) || quantity <= 0 || alreadyReturned < 0 || alreadyReturned + quantity > lineQuantity) {
    throw new RangeError(`cannot return ${quantity} of ${lineQuantity} after ${alreadyReturned}`);
  }
  const upTo = (n: number) => Math.floor((lineValue * n) / lineQuantity);
  return upTo(alreadyReturned + quantity) - upTo(alreadyReturned);
}

export interface ReturnRefundSplit {
  /** Back through the gateway to the payment the order was paid with. */
  gatewayPaise: Paise;
  /** Back as store credit: the part paid with Milli Harvest or store credit, what the payment has no room for, or all of it on pay on delivery. */
  storeCreditPaise: Paise;
}

/**
 * How a return's refund goes back when the customer asked for it the original way: the part of the order paid with
 * Milli Harvest or store credit (in proportion) goes back as store credit, the rest to the online payment up to what
 * that payment has left; whatever does not fit (and everything on a pay-on-delivery order) is store credit too.
 */
export function returnRefundSplit(
  refundPaise: Paise,
  order: { totalPaise: Paise; harvestCreditPaise: Paise; storeCreditPaise: Paise; online: boolean },
  paymentLeftPaise: Paise,
): ReturnRefundSplit {
  if (!Number.isSafeInteger(refundPaise) || refundPaise < 0) throw new RangeError(`not a refund: ${refundPaise}`);
  if (!order.online) return { gatewayPaise: 0, storeCreditPaise: refundPaise };
  const credits = Math.min(order.harvestCreditPaise + order.storeCreditPaise, order.totalPaise);
  const creditShare = order.totalPaise > 0 ? Math.round((refundPaise * credits) / order.totalPaise) : 0;
  const gateway = Math.min(refundPaise - creditShare, Math.max(paymentLeftPaise, 0));
  return { gatewayPaise: gateway, storeCreditPaise: refundPaise - gateway };
}
