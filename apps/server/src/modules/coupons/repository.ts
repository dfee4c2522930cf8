import { and, asc, desc, eq, gt, ilike, isNotNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AdminCouponListQuery } from '@milli/contracts/schemas';
import { schema, type Db } from '@milli/db';

const { coupons, couponRedemptions, offerStrip } = schema;

/**
 * How many orders used the coupon: its rows in coupon_redemptions. Spelt out with both tables' names: in a
 * one-table select drizzle leaves columns unqualified, and "id" inside the subquery would be the redemption's.
 */
const usedCount = sql<number>`(select count(*)::int from "coupon_redemptions" as "r" where "r"."coupon_id" = "coupons"."id")`;

const row = {
  id: coupons.id,
  code: coupons.code,
  description: coupons.description,
  kind: coupons.kind,
  value: coupons.value,
  maxDiscountPaise: coupons.maxDiscountPaise,
  minOrderPaise: coupons.minOrderPaise,
  startsAt: coupons.startsAt,
  endsAt: coupons.endsAt,
  usageLimit: coupons.usageLimit,
  perCustomerLimit: coupons.perCustomerLimit,
  active: coupons.active,
  createdAt: coupons.createdAt,
  used: usedCount,
};

/** A strip message with what the strip needs of its coupon (issue 40): is it live, and its code. */
const stripRow = {
  id: offerStrip.id,
  text: offerStrip.text,
  linkPath: offerStrip.linkPath,
  couponId: offerStrip.couponId,
  startsAt: offerStrip.startsAt,
  endsAt: offerStrip.endsAt,
  position: offerStrip.position,
  active: offerStrip.active,
  createdAt: offerStrip.createdAt,
  coupon: {
    code: coupons.code,
    active: coupons.active,
    startsAt: coupons.startsAt,
    endsAt: coupons.endsAt,
    usageLimit: coupons.usageLimit,
    used: usedCount,
  },
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The statuses as the list filters them, at `now` (the same rules the shop's checkout applies: rules.ts). */
function statusIs(status: AdminCouponListQuery['status'], now: Date): SQL | undefined {
  switch (status) {
    case 'inactive':
      return eq(coupons.active, false);
    case 'scheduled':
      return and(eq(coupons.active, true), gt(coupons.startsAt, now));
    case 'expired':
      return and(eq(coupons.active, true), isNotNull(coupons.endsAt), lte(coupons.endsAt, now));
    case 'active':
      return and(eq(coupons.active, true), lte(coupons.startsAt, now), or(sql`${coupons.endsAt} is null`, gt(coupons.endsAt, now)));
    default:
      return undefined;
  }
}

/**
 * The coupons and their uses: what the cart's Apply and checkout judge, and what the back office writes. `db` may be
 * a transaction; `lock` holds the coupon's row until it ends (usage limits, and two staff saving at once).
 */
export function couponRepository(db: Db) {
  return {
    async byCode(code: string, opts: { lock?: boolean } = {}) {
      const query = db.select().from(coupons).where(eq(coupons.code, code.trim().toUpperCase()));
      const [row] = opts.lock ? await query.for('update') : await query;
      return row ?? null;
    },
    /** The coupons on offer at `now`: active and within their dates (issue 40's "View offers"), lowest minimum first. */
    async current(now: Date) {
      return db
        .select()
        .from(coupons)
        .where(and(eq(coupons.active, true), lte(coupons.startsAt, now), or(sql`${coupons.endsAt} is null`, gt(coupons.endsAt, now))))
        .orderBy(asc(coupons.minOrderPaise), asc(coupons.code));
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
    /** The order's use of a coupon no longer counts towards its limits (the order was cancelled). */
    async release(orderId: number) {
      return db.delete(couponRedemptions).where(eq(couponRedemptions.orderId, orderId)).returning({ id: couponRedemptions.id });
    },
    async redemptionsOf(customerId: number, couponId: number) {
      return db
        .select()
        .from(couponRedemptions)
        .where(and(eq(couponRedemptions.customerId, customerId), eq(couponRedemptions.couponId, couponId)));
    },
    async list(query: AdminCouponListQuery, now: Date) {
      const words = query.q ? `%${escapeLike(query.q)}%` : null;
      const where = and(words ? or(ilike(coupons.code, words), ilike(coupons.description, words)) : undefined, statusIs(query.status, now));
      const direction = query.dir === 'desc' ? desc : asc;
      const order =
        query.sort === 'ends'
          ? [query.dir === 'desc' ? sql`${coupons.endsAt} desc nulls last` : sql`${coupons.endsAt} asc nulls last`, asc(coupons.code)]
          : query.sort === 'used'
            ? [direction(usedCount), asc(coupons.code)]
            : [direction(coupons.code)];
      const [rows, [count]] = await Promise.all([
        db
          .select(row)
          .from(coupons)
          .where(where)
          .orderBy(...order)
          .limit(query.perPage)
          .offset((query.page - 1) * query.perPage),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(coupons)
          .where(where),
      ]);
      return { rows: rows.map((r) => ({ ...r, used: Number(r.used) })), total: Number(count?.n ?? 0) };
    },
    async byId(id: number, opts: { lock?: boolean } = {}) {
      const query = db.select(row).from(coupons).where(eq(coupons.id, id));
      const [found] = opts.lock ? await query.for('update', { of: coupons }) : await query;
      return found ? { ...found, used: Number(found.used) } : null;
    },
    /** Another coupon with this code (upper case), if any. */
    async codeTaken(code: string, exceptId: number | null) {
      const [found] = await db
        .select({ id: coupons.id })
        .from(coupons)
        .where(and(eq(coupons.code, code), exceptId === null ? undefined : ne(coupons.id, exceptId)));
      return found !== undefined;
    },
    async insert(values: schema.NewCoupon) {
      const [created] = await db.insert(coupons).values(values).returning({ id: coupons.id });
      return created!.id;
    },
    async update(id: number, values: Partial<schema.NewCoupon>) {
      await db.update(coupons).set(values).where(eq(coupons.id, id));
    },
    async remove(id: number) {
      await db.delete(coupons).where(eq(coupons.id, id));
    },

    // The home page's offers strip (issue 40): a handful of rows, read whole and judged by offer-strip.ts.
    async stripMessages() {
      return db.select(stripRow).from(offerStrip).leftJoin(coupons, eq(coupons.id, offerStrip.couponId)).orderBy(asc(offerStrip.position), asc(offerStrip.id));
    },
    async stripMessage(id: number, opts: { lock?: boolean } = {}) {
      const query = db.select(stripRow).from(offerStrip).leftJoin(coupons, eq(coupons.id, offerStrip.couponId)).where(eq(offerStrip.id, id));
      const [found] = opts.lock ? await query.for('update', { of: offerStrip }) : await query;
      return found ?? null;
    },
    async stripCount() {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(offerStrip);
      return Number(row?.n ?? 0);
    },
    /** Holds the strip's rows' places while a message is added, so two staff cannot both add the last one allowed. */
    async lockStrip() {
      await db.execute(sql`lock table ${offerStrip} in share row exclusive mode`);
    },
    async insertStripMessage(values: schema.NewOfferStripRow) {
      const [created] = await db.insert(offerStrip).values(values).returning({ id: offerStrip.id });
      return created!.id;
    },
    async updateStripMessage(id: number, values: Partial<schema.NewOfferStripRow>) {
      await db
        .update(offerStrip)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(offerStrip.id, id));
    },
    async removeStripMessage(id: number) {
      await db.delete(offerStrip).where(eq(offerStrip.id, id));
    },
  };
}
