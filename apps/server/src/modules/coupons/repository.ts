import { and, eq, sql } from 'drizzle-orm';
import { schema, type Db } from '@milli/db';

const { coupons, couponRedemptions } = schema;

/** Coupon queries. `db` may be a transaction; `lock` holds the coupon's row until it ends (usage limits). */
export function couponRepository(db: Db) {
  return {
    async byCode(code: string, opts: { lock?: boolean } = {}) {
      const query = db.select().from(coupons).where(eq(coupons.code, code.trim().toUpperCase()));
      const [row] = opts.lock ? await query.for('update') : await query;
      return row ?? null;
    },
    /** Redemptions in all, and by this customer (null: a guest, who has used nothing yet). */
    async usage(couponId: number, customerId: number | null) {
      const [row] = await db
        .select({
          total: sql<number>`count(*)::int`,
          mine: customerId === null ? sql<number>`0` : sql<number>`count(*) filter (where ${couponRedemptions.customerId} = ${customerId})::int`,
        })
        .from(couponRedemptions)
        .where(eq(couponRedemptions.couponId, couponId));
      return { total: Number(row?.total ?? 0), mine: Number(row?.mine ?? 0) };
    },
    async redeem(r: { couponId: number; customerId: number; orderId: number; discountPaise: number }) {
      await db.insert(couponRedemptions).values(r);
    },
    async redemptionsOf(customerId: number, couponId: number) {
      return db
        .select()
        .from(couponRedemptions)
        .where(and(eq(couponRedemptions.customerId, customerId), eq(couponRedemptions.couponId, couponId)));
    },
  };
}
