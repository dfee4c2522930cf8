import type { CouponAnswer, CouponApply, CouponOffer, CouponOffers } from '@milli/contracts/schemas';
import type { Db } from '@milli/db';
import { formatRupees, orderTotals } from '@milli/pricing';
import { DomainError } from '../../domain-error.ts';
import { parseGuestCart } from '../accounts/service.ts';
import { priceOptions, type CartService } from '../cart/service.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { SettingsService } from '../settings/service.ts';
import { couponRepository } from './repository.ts';
import { evaluateCoupon } from './rules.ts';

/**
 * Judges a code for a subtotal and (optionally) a customer, and throws the reason when it does not apply.
 * With `lock` (inside the order's transaction) the coupon's row stays locked until the order commits, so
 * two orders cannot both take its last use.
 */
export async function checkCoupon(db: Db, code: string, subtotalPaise: number, customerId: number | null, now: Date, opts: { lock?: boolean } = {}) {
  const repo = couponRepository(db);
  const coupon = await repo.byCode(code, opts);
  const used = coupon ? await repo.usage(coupon.id, customerId) : { total: 0, mine: 0 };
  const verdict = evaluateCoupon(coupon, { code, subtotalPaise, now, used });
  if (!verdict.ok) throw DomainError.of(verdict);
  return { coupon: coupon!, discountPaise: verdict.discountPaise, message: verdict.message };
}

/** Redeems a coupon for an order, inside the order's transaction (checkout calls it after checkCoupon). */
export async function redeemCoupon(tx: Db, redemption: { couponId: number; customerId: number; orderId: number; discountPaise: number }) {
  await couponRepository(tx).redeem(redemption);
}

/** A cancelled order's coupon use is given back, inside the cancel's transaction. */
export async function releaseCoupon(tx: Db, orderId: number) {
  return couponRepository(tx).release(orderId);
}

/** What the Apply button prices the cart with: the other modules' services, built once by the composition root (services.ts). */
export interface CouponServiceDeps {
  cart: Pick<CartService, 'lines'>;
  catalog: Pick<CatalogService, 'detail'>;
  settings: Pick<SettingsService, 'get'>;
}

export function createCouponService(db: Db, { cart, catalog, settings }: CouponServiceDeps, now: () => Date = () => new Date()) {
  /** The cart's lines at today's prices: the customer's server cart, or the guest's list. */
  async function linesOf(customerId: number | null, cartItems: string | undefined) {
    if (customerId !== null) {
      return (await cart.lines(customerId)).map((l) => ({ unitPricePaise: l.product_price_paise, quantity: l.quantity }));
    }
    // A guest's lines priced with their choices, as the cart screen shows them; a line the piece cannot be sold as is left out.
    const items = parseGuestCart(cartItems);
    const products = new Map<number, Awaited<ReturnType<typeof catalog.detail>>>();
    for (const id of new Set(items.map((i) => i.productId))) products.set(id, await catalog.detail(id));
    return items.flatMap((i) => {
      const product = products.get(i.productId);
      if (!product) return [];
      try {
        return [{ unitPricePaise: priceOptions(product, i.options).totalPaise, quantity: i.quantity }];
      } catch (error) {
        if (error instanceof DomainError) return [];
        throw error;
      }
    });
  }

  return {
    /**
     * The coupons this shopper can use now, judged by the same rules as Apply (evaluateCoupon) against the cart: those
     * that apply with what they take off, best first, then those whose minimum the cart has not reached with what is
     * still to add. A coupon used up, or used by this customer as often as it allows, is not offered.
     */
    async offers(customerId: number | null, cartItems: string | undefined): Promise<CouponOffers> {
      const lines = await linesOf(customerId, cartItems);
      const { subtotalPaise } = orderTotals({ lines, shippingFeePaise: 0 });
      const repo = couponRepository(db);
      const at = now();
      const offers: CouponOffer[] = [];
      for (const coupon of await repo.current(at)) {
        const used = await repo.usage(coupon.id, customerId);
        const verdict = evaluateCoupon(coupon, { code: coupon.code, subtotalPaise, now: at, used });
        const base = { code: coupon.code, description: coupon.description };
        if (verdict.ok) {
          offers.push({
            ...base,
            usable: true,
            discountPaise: verdict.discountPaise,
            shortfallPaise: 0,
            message: `You save ${formatRupees(verdict.discountPaise)}.`,
          });
        } else if (verdict.code === 'COUPON_MIN_ORDER') {
          const shortfallPaise = Math.max(coupon.minOrderPaise - subtotalPaise, 0);
          offers.push({
            ...base,
            usable: false,
            discountPaise: 0,
            shortfallPaise,
            message: `Add ${formatRupees(shortfallPaise)} more to use it (minimum order ${formatRupees(coupon.minOrderPaise)}).`,
          });
        }
      }
      offers.sort((a, b) => Number(b.usable) - Number(a.usable) || b.discountPaise - a.discountPaise || a.shortfallPaise - b.shortfallPaise);
      return { subtotalPaise, data: offers };
    },

    async apply(customerId: number | null, input: CouponApply): Promise<CouponAnswer> {
      const [lines, storeSettings] = await Promise.all([linesOf(customerId, input.cartItems), settings.get()]);
      const shippingFeePaise = storeSettings?.shippingFeePaise ?? 0;
      const before = orderTotals({ lines, shippingFeePaise });
      if (before.subtotalPaise === 0) throw new DomainError('CART_EMPTY', 'Your cart is empty: add a piece before applying a coupon.');
      const { coupon, discountPaise, message } = await checkCoupon(db, input.code, before.subtotalPaise, customerId, now());
      const totals = orderTotals({ lines, shippingFeePaise, discountPaise });
      return {
        message,
        code: coupon.code,
        description: coupon.description,
        kind: coupon.kind,
        value: coupon.value,
        maxDiscountPaise: coupon.maxDiscountPaise,
        minOrderPaise: coupon.minOrderPaise,
        subtotalPaise: totals.subtotalPaise,
        discountPaise: totals.discountPaise,
        shippingPaise: totals.shippingPaise,
        totalPaise: totals.totalPaise,
      };
    },
  };
}
