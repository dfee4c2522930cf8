import type { Failure } from '@milli/contracts';
import type { CouponRefusal } from '@milli/contracts/schemas';
import type { Coupon } from '@milli/db/schema';
import { couponDiscount, formatRupees } from '@milli/pricing';

export type CouponVerdict = { ok: true; discountPaise: number; message: string } | Failure<CouponRefusal>;

const day = (at: Date) => new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', year: 'numeric' }).format(at);

/**
 * Whether a coupon applies to a subtotal, and what it takes off: every rule in one place, in the order a
 * shopper would want to hear them (does it exist, is it on, is it in its dates, does the order reach its
 * minimum, is any use left for everyone and for this customer). Pure, so the cart's Apply and the order
 * placement judge a coupon the same way.
 */
export function evaluateCoupon(
  coupon: Coupon | null,
  ctx: { code: string; subtotalPaise: number; now: Date; used: { total: number; mine: number } },
): CouponVerdict {
  const code = ctx.code.trim().toUpperCase();
  if (!coupon) return { ok: false, code: 'COUPON_UNKNOWN', message: `There is no coupon ${code}. Please check the code.` };
  if (!coupon.active) return { ok: false, code: 'COUPON_INACTIVE', message: `Coupon ${code} is no longer available.` };
  if (ctx.now < coupon.startsAt) {
    return { ok: false, code: 'COUPON_NOT_YET_VALID', message: `Coupon ${code} is not valid yet: it starts on ${day(coupon.startsAt)}.` };
  }
  if (coupon.endsAt && ctx.now >= coupon.endsAt) {
    return { ok: false, code: 'COUPON_EXPIRED', message: `Coupon ${code} expired on ${day(coupon.endsAt)}.` };
  }
  if (ctx.subtotalPaise < coupon.minOrderPaise || ctx.subtotalPaise === 0) {
    return {
      ok: false,
      code: 'COUPON_MIN_ORDER',
      message: `Coupon ${code} needs a minimum order of ${formatRupees(coupon.minOrderPaise)}; your cart comes to ${formatRupees(ctx.subtotalPaise)}.`,
    };
  }
  if (coupon.usageLimit !== null && ctx.used.total >= coupon.usageLimit) {
    return { ok: false, code: 'COUPON_USED_UP', message: `Coupon ${code} has been used up.` };
  }
  if (coupon.perCustomerLimit !== null && ctx.used.mine >= coupon.perCustomerLimit) {
    return {
      ok: false,
      code: 'COUPON_ALREADY_USED',
      message:
        coupon.perCustomerLimit === 1
          ? `You have already used coupon ${code}.`
          : `You have already used coupon ${code} ${coupon.perCustomerLimit} times, as often as it allows.`,
    };
  }
  const discountPaise = couponDiscount(coupon, ctx.subtotalPaise);
  return { ok: true, discountPaise, message: `Coupon ${code} applied: you save ${formatRupees(discountPaise)}.` };
}
