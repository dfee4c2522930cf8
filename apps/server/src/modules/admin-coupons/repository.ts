import { and, asc, desc, eq, ilike, isNotNull, lte, gt, ne, or, sql, type SQL } from 'drizzle-orm';
import { schema, type Db } from '@milli/db';
import type { AdminCouponListQuery } from '@milli/contracts/schemas';

const { coupons } = schema;

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

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The statuses as the list filters them, at `now` (the same rules the shop's checkout applies: modules/coupons/rules.ts). */
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

export function adminCouponsRepository(db: Db) {
  return {
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
  };
}
