import { gstContained } from './gst.ts';
import type { Paise } from './money.ts';

/** A priced line: today's unit price (GST-inclusive) and how many. */
export interface TotalsLine {
  unitPricePaise: Paise;
  quantity: number;
}

export interface OrderTotals {
  subtotalPaise: Paise;
  /** Never more than the subtotal. */
  discountPaise: Paise;
  /** The store's shipping fee; nothing when there is nothing to ship. */
  shippingPaise: Paise;
  /**
   * GST contained in the order's value (goods after the discount, and shipping, which is taxed at the
   * jewellery's rate as part of one composite supply): `gstContained` of the total, the function the tax
   * invoice works its GST back with, so the order, its mail, its page and its invoice agree to the paisa.
   */
  gstPaise: Paise;
  /** The order's value: goods after discount, plus shipping. The invoice states this amount. */
  totalPaise: Paise;
  /** Part of the total paid from a matured Milli Harvest balance (never more than the total). */
  harvestCreditPaise: Paise;
  /** Part of the total paid from the customer's store credit (issue 20), after the Harvest credit. */
  storeCreditPaise: Paise;
  /** Issue 42: part of the total paid by the advance of the rate locks the order uses, before either balance. */
  rateLockAdvancePaise: Paise;
  /** Issue 42: part of the total settled by fine gold from the metal account (old gold as consideration), first of all. */
  metalAccountPaise: Paise;
  /** What is left for the shopper to pay: total less the rate locks' advance, the Harvest credit and the store credit. */
  payablePaise: Paise;
}

function whole(name: string, n: number): number {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`${name} must be a whole number ≥ 0, got ${n}`);
  return n;
}

/**
 * The one totals function: the cart screen, the slide-out cart, checkout's summary and the placed order
 * all call it, so they can never disagree (DECISIONS §4: the shipping setting applies on every one).
 */
export function orderTotals(input: {
  lines: readonly TotalsLine[];
  shippingFeePaise: Paise;
  discountPaise?: Paise;
  gstPercent?: number;
  /** Harvest balance the shopper chose to spend; only as much as the order needs is used. */
  harvestBalancePaise?: Paise;
  /** Store credit the shopper chose to spend; only as much as is left after the Harvest credit is used. */
  storeCreditBalancePaise?: Paise;
  /** Issue 42: the rate locks' advance the order's metal uses (rateLockPlan); it settles the total first. */
  rateLockAdvancePaise?: Paise;
  /** Issue 42: what the metal account's fine gold settles (metalAccountPlan); it settles the total before the rest. */
  metalAccountPaise?: Paise;
}): OrderTotals {
  const subtotalPaise = input.lines.reduce((sum, l) => sum + whole('unitPricePaise', l.unitPricePaise) * whole('quantity', l.quantity), 0);
  const discountPaise = Math.min(whole('discountPaise', input.discountPaise ?? 0), subtotalPaise);
  const hasGoods = input.lines.some((l) => l.quantity > 0);
  const shippingPaise = hasGoods ? whole('shippingFeePaise', input.shippingFeePaise) : 0;
  const gstPercent = input.gstPercent ?? 3;
  const goods = subtotalPaise - discountPaise;
  const totalPaise = goods + shippingPaise;
  const gstPaise = gstContained(totalPaise, gstPercent).gst;
  // A rate lock's advance was paid through the gateway toward this metal: like the balances below, it settles part of
  // the order (an advance against goods), it is not a discount, so GST and the invoice's total stay as they are.
  // Old gold from the metal account is consideration for the new piece (exchange): it settles part of the price, the
  // total and its GST stay those of the new piece (decision 061).
  const metalAccountPaise = Math.min(whole('metalAccountPaise', input.metalAccountPaise ?? 0), totalPaise);
  const rateLockAdvancePaise = Math.min(whole('rateLockAdvancePaise', input.rateLockAdvancePaise ?? 0), totalPaise - metalAccountPaise);
  // A Harvest balance is money the shopper already paid in: it settles part of the order, it is not a
  // discount, so GST and the invoice's total stay as they are.
  const harvestCreditPaise = Math.min(whole('harvestBalancePaise', input.harvestBalancePaise ?? 0), totalPaise - metalAccountPaise - rateLockAdvancePaise);
  // Store credit likewise settles the order (it is value the customer already handed in: an exchanged piece,
  // a refund, goodwill), so the invoice's total and its GST stay those of the goods.
  const storeCreditPaise = Math.min(
    whole('storeCreditBalancePaise', input.storeCreditBalancePaise ?? 0),
    totalPaise - metalAccountPaise - rateLockAdvancePaise - harvestCreditPaise,
  );
  return {
    subtotalPaise,
    discountPaise,
    shippingPaise,
    gstPaise,
    totalPaise,
    harvestCreditPaise,
    storeCreditPaise,
    rateLockAdvancePaise,
    metalAccountPaise,
    payablePaise: payableOf({ totalPaise, harvestCreditPaise, storeCreditPaise, rateLockAdvancePaise, metalAccountPaise }),
  };
}

/** A coupon's money rule: percent of the subtotal (with an optional cap) or a fixed amount. */
export interface CouponRule {
  kind: 'percent' | 'fixed';
  /** Percent 1-100, or paise for a fixed amount. */
  value: number;
  maxDiscountPaise: Paise | null;
  minOrderPaise: Paise;
}

/**
 * What a coupon takes off a subtotal: 0 below its minimum order; a percentage is rounded down to the
 * paisa and capped; a fixed amount never exceeds the subtotal. The server's coupon check and the cart's
 * steppers (which recompute as quantities change) both use it.
 */
export function couponDiscount(rule: CouponRule, subtotalPaise: Paise): Paise {
  whole('subtotalPaise', subtotalPaise);
  if (subtotalPaise === 0 || subtotalPaise < rule.minOrderPaise) return 0;
  const raw = rule.kind === 'percent' ? Math.floor((subtotalPaise * rule.value) / 100) : rule.value;
  const capped = rule.kind === 'percent' && rule.maxDiscountPaise !== null ? Math.min(raw, rule.maxDiscountPaise) : raw;
  return Math.min(capped, subtotalPaise);
}

/**
 * What is left for the shopper to pay of an order: its total less the Milli Harvest credit and the store credit
 * spent on it, the rate locks' advance and the metal account's fine gold it used (issue 42) and, for a made-to-order piece, the advance paid on its design.
 */
export function payableOf(order: {
  totalPaise: Paise;
  harvestCreditPaise: Paise;
  storeCreditPaise?: Paise;
  advancePaise?: Paise;
  rateLockAdvancePaise?: Paise;
  metalAccountPaise?: Paise;
}): Paise {
  return (
    order.totalPaise -
    order.harvestCreditPaise -
    (order.storeCreditPaise ?? 0) -
    (order.advancePaise ?? 0) -
    (order.rateLockAdvancePaise ?? 0) -
    (order.metalAccountPaise ?? 0)
  );
}
