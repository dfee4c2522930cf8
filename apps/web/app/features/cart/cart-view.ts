import type { ApiAnswer } from '@milli/contracts';
import { couponDiscount, formatGrams, formatRupees, metalAccountPlan, orderTotals, type CouponRule, type OrderTotals } from '@milli/pricing';

/**
 * The cart's actions redirect back to /cart on success (POST, redirect, GET), so the page is read with the
 * new cookies (guest cart, coupon) even without script; these query flags carry the one-time banner.
 */
export const CART_NOTES = { updated: 'updated', coupon: 'coupon' } as const;

/** One row of the cart screen and checkout's summary. Money in paise. */
export interface CartViewLine {
  /** What a form names the line by: the cart line id for customers, the product id for guests. */
  key: string;
  cartId: number | null;
  productId: number;
  name: string;
  image: string;
  quantity: number;
  /** Today's price: what checkout will charge. */
  unitPricePaise: number;
  /** The price frozen when the line was added, when it differs from today's (the gold rate moved). */
  addedPricePaise: number | null;
  /** On a running sale: today's price before it, and the percentage it takes off (DECISIONS §7). */
  beforePaise: number | null;
  percentOff: number | null;
  /** Pieces in stock, when known: the plus button stops there. */
  stock: number | null;
  /** 'Size 12 · 18 kt' */
  choices: string;
  /** Issue 42: the shopper's rate lock covers this line's metal (the server's plan, at the cart's quantities); null otherwise. */
  rateLock?: CartRateLock | null;
  /** Issue 42: one piece's fine gold (mg) and its metal as charged today, which the metal account's grams may pay for. */
  fineGoldMg?: number | null;
  metalPaise?: number | null;
}

/** A line's share of a rate lock: mg of one piece at the rate charged, the day's rate, and the advance it counts. */
export interface CartRateLock {
  lockedWeightMg: number;
  lockedRatePaisePerGram: number;
  dayRatePaisePerGram: number;
  advancePaise: number;
}

export interface AppliedCoupon {
  code: string;
  message: string;
  rule: CouponRule;
}

/** A coupon on offer to this shopper (POST /api/coupons/offers). */
export type CouponOffer = ApiAnswer<'POST', '/api/coupons/offers'>['data'][number];

export interface CartView {
  userId: number | null;
  lines: CartViewLine[];
  shippingFeePaise: number;
  coupon: AppliedCoupon | null;
  /** Why the remembered coupon no longer applies (the cart changed, it expired …). */
  couponNotice: string | null;
  /** The coupons this shopper can use now (issue 40's "View offers"); empty when none, or when they could not be read. */
  offers: CouponOffer[];
}

/** A line's rate lock in words: 'Rate lock: 4 g at Rs. 6,500.00/g (today Rs. 7,000.00/g)'. */
export function rateLockNote(lock: CartRateLock): string {
  const today = lock.dayRatePaisePerGram === lock.lockedRatePaisePerGram ? 'today’s rate is the lower' : `today ${formatRupees(lock.dayRatePaisePerGram)}/g`;
  return `Rate lock: ${formatGrams(lock.lockedWeightMg)} a piece at ${formatRupees(lock.lockedRatePaisePerGram)}/g (${today})`;
}

export interface QuantityLine {
  unitPricePaise: number;
  quantity: number;
  rateLock?: Pick<CartRateLock, 'advancePaise'> | null;
  fineGoldMg?: number | null;
  metalPaise?: number | null;
}

/**
 * The screen's totals for given quantities, with the pricing package's totals and coupon functions (the
 * ones the server charges with), so the steppers can update the totals before Update Cart.
 */
export function cartTotals(
  lines: readonly QuantityLine[],
  shippingFeePaise: number,
  coupon: AppliedCoupon | null,
  harvestBalancePaise = 0,
  storeCreditBalancePaise = 0,
  metalBalanceMg = 0,
): OrderTotals {
  const subtotal = orderTotals({ lines, shippingFeePaise: 0 }).subtotalPaise;
  const discountPaise = coupon ? couponDiscount(coupon.rule, subtotal) : 0;
  // Issue 42: the advance the server planned for the lines' rate-locked grams (checkout takes it off what is left to pay).
  const rateLockAdvancePaise = lines.reduce((n, l) => n + (l.quantity > 0 ? (l.rateLock?.advancePaise ?? 0) : 0), 0);
  // Issue 42: the metal account's fine gold over the gold lines, by the function checkout charges with.
  const metalAccountPaise = metalAccountUse(lines, metalBalanceMg).paise;
  return orderTotals({ lines, shippingFeePaise, discountPaise, harvestBalancePaise, storeCreditBalancePaise, rateLockAdvancePaise, metalAccountPaise });
}

/** Issue 42: what the metal account's fine gold pays of the lines' metal (the grams and the paise), by the function checkout charges with. */
export function metalAccountUse(lines: readonly QuantityLine[], metalBalanceMg: number): { usedMg: number; paise: number } {
  if (metalBalanceMg <= 0) return { usedMg: 0, paise: 0 };
  const plan = metalAccountPlan(
    lines.map((l) => ({ fineMgPerPiece: l.fineGoldMg ?? null, metalPaisePerPiece: l.metalPaise ?? 0, quantity: l.quantity })),
    metalBalanceMg,
  );
  return { usedMg: plan.usedMg, paise: plan.paise };
}

/** The JSON of checkout's cartDataList (spec §3): productId and quantity per product. */
export function cartDataList(lines: readonly CartViewLine[]): string {
  const byProduct = new Map<number, number>();
  for (const l of lines) byProduct.set(l.productId, (byProduct.get(l.productId) ?? 0) + l.quantity);
  return JSON.stringify([...byProduct].map(([productId, quantity]) => ({ productId, quantity })));
}
