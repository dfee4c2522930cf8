import {
  AdminCouponFormSchema,
  toAdminPage,
  type AdminCoupon,
  type AdminCouponForm,
  type AdminCouponListQuery,
  type CouponStatus,
} from '@milli/contracts/schemas';
import { isUniqueViolation, type Db } from '@milli/db';
import { paiseToRupees, rupeesToPaise } from '@milli/pricing';
import { DomainError } from '../../domain-error.ts';
import { recordAudit, type AuditActor } from '../audit/service.ts';
import { couponRepository } from './repository.ts';

type Row = NonNullable<Awaited<ReturnType<ReturnType<typeof couponRepository>['byId']>>>;

/** Where a coupon stands at `now`, by the same rules checkout judges it (rules.ts). */
export function couponStatus(c: { active: boolean; startsAt: Date; endsAt: Date | null }, now: Date): CouponStatus {
  if (!c.active) return 'inactive';
  if (now < c.startsAt) return 'scheduled';
  if (c.endsAt && now >= c.endsAt) return 'expired';
  return 'active';
}

function answer(r: Row, now: Date): AdminCoupon {
  return {
    id: r.id,
    code: r.code,
    description: r.description,
    kind: r.kind,
    value: r.kind === 'percent' ? r.value : paiseToRupees(r.value),
    valueStored: r.value,
    maxDiscountRupees: r.maxDiscountPaise === null ? null : paiseToRupees(r.maxDiscountPaise),
    maxDiscountPaise: r.maxDiscountPaise,
    minOrderRupees: paiseToRupees(r.minOrderPaise),
    minOrderPaise: r.minOrderPaise,
    startsAt: r.startsAt.toISOString(),
    endsAt: r.endsAt?.toISOString() ?? null,
    usageLimit: r.usageLimit,
    perCustomerLimit: r.perCustomerLimit,
    active: r.active,
    status: couponStatus(r, now),
    used: r.used,
    createdAt: r.createdAt.toISOString(),
  };
}

/** The form as the coupons table stores it: percent, or paise; the start 'now' when none is given. */
function toColumns(form: AdminCouponForm, now: Date) {
  return {
    code: form.code,
    description: form.description,
    kind: form.kind,
    value: form.kind === 'percent' ? (form.value as number) : rupeesToPaise(form.value as number),
    maxDiscountPaise: form.kind === 'percent' && form.maxDiscountRupees !== null ? rupeesToPaise(form.maxDiscountRupees) : null,
    minOrderPaise: form.minOrderRupees === null ? 0 : rupeesToPaise(form.minOrderRupees),
    startsAt: form.startsAt ?? now,
    endsAt: form.endsAt,
    usageLimit: form.usageLimit,
    perCustomerLimit: form.perCustomerLimit,
    active: form.active,
  };
}

/** A stored coupon as the form's fields, so a PATCH of some fields is checked as the whole form. */
function toForm(r: Row): Record<string, unknown> {
  return {
    code: r.code,
    description: r.description,
    kind: r.kind,
    value: r.kind === 'percent' ? r.value : paiseToRupees(r.value),
    maxDiscountRupees: r.maxDiscountPaise === null ? null : paiseToRupees(r.maxDiscountPaise),
    minOrderRupees: paiseToRupees(r.minOrderPaise),
    startsAt: r.startsAt.toISOString(),
    endsAt: r.endsAt?.toISOString() ?? null,
    usageLimit: r.usageLimit,
    perCustomerLimit: r.perCustomerLimit,
    active: r.active,
  };
}

/** What the audit log keeps of a coupon: its stored columns. */
const audited = (r: Row) => ({
  code: r.code,
  description: r.description,
  kind: r.kind,
  value: r.value,
  maxDiscountPaise: r.maxDiscountPaise,
  minOrderPaise: r.minOrderPaise,
  startsAt: r.startsAt,
  endsAt: r.endsAt,
  usageLimit: r.usageLimit,
  perCustomerLimit: r.perCustomerLimit,
  active: r.active,
});

/** The form checked, or INVALID_REQUEST with a message per field. */
function parseForm(input: unknown): AdminCouponForm {
  const parsed = AdminCouponFormSchema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? 'form');
    fields[key] ??= issue.message;
  }
  throw new DomainError('INVALID_REQUEST', [...new Set(Object.values(fields))].join(' '), fields);
}

const codeTaken = (code: string) =>
  new DomainError('CONFLICT', `There is already a coupon ${code}.`, { code: `There is already a coupon ${code}: choose another code.` });
const notFound = () => new DomainError('NOT_FOUND', 'There is no such coupon.');

/**
 * The back office's coupons (the coupon desk): what it writes is what the cart's Apply and checkout read (the
 * coupons table, judged by rules.ts). Every write is audited in its own transaction.
 */
export function createCouponDesk(db: Db, now: () => Date = () => new Date()) {
  async function write<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (isUniqueViolation(error, 'coupons_code_key'))
        throw new DomainError('CONFLICT', 'There is already a coupon with that code.', { code: 'There is already a coupon with that code: choose another.' });
      throw error;
    }
  }

  return {
    async list(query: AdminCouponListQuery) {
      const at = now();
      const { rows, total } = await couponRepository(db).list(query, at);
      return toAdminPage(
        rows.map((r) => answer(r, at)),
        total,
        query,
      );
    },

    async get(id: number): Promise<AdminCoupon> {
      const found = await couponRepository(db).byId(id);
      if (!found) throw notFound();
      return answer(found, now());
    },

    /** `form` as the route's schema (AdminCouponFormSchema) has checked it. */
    async create(actor: AuditActor, form: AdminCouponForm): Promise<AdminCoupon> {
      const at = now();
      return write(async (tx) => {
        const repo = couponRepository(tx);
        if (await repo.codeTaken(form.code, null)) throw codeTaken(form.code);
        const id = await repo.insert(toColumns(form, at));
        const created = (await repo.byId(id))!;
        await recordAudit(tx, actor, { action: 'create', entity: 'coupon', entityId: id, before: null, after: audited(created) });
        return answer(created, at);
      });
    },

    async update(actor: AuditActor, id: number, patch: Record<string, unknown>): Promise<AdminCoupon> {
      const at = now();
      return write(async (tx) => {
        const repo = couponRepository(tx);
        const before = await repo.byId(id, { lock: true });
        if (!before) throw notFound();
        const known = toForm(before);
        const given = Object.fromEntries(Object.entries(patch).filter(([k]) => k in known));
        const form = parseForm({ ...known, ...given });
        if (form.code !== before.code && (await repo.codeTaken(form.code, id))) throw codeTaken(form.code);
        const columns = toColumns(form, at);
        // A start left as it was stays as it was (not moved to 'now' by a blank).
        if (!('startsAt' in given)) columns.startsAt = before.startsAt;
        await repo.update(id, columns);
        const after = (await repo.byId(id))!;
        await recordAudit(tx, actor, { action: 'update', entity: 'coupon', entityId: id, before: audited(before), after: audited(after) });
        return answer(after, at);
      });
    },

    /** Takes a coupon out of use, used or not: the cart then says it is no longer available. */
    async deactivate(actor: AuditActor, id: number): Promise<AdminCoupon> {
      const at = now();
      return write(async (tx) => {
        const repo = couponRepository(tx);
        const before = await repo.byId(id, { lock: true });
        if (!before) throw notFound();
        if (before.active) {
          await repo.update(id, { active: false });
          await recordAudit(tx, actor, {
            action: 'deactivate',
            entity: 'coupon',
            entityId: id,
            before: audited(before),
            after: { ...audited(before), active: false },
          });
        }
        return answer({ ...before, active: false }, at);
      });
    },

    /** Deletes a coupon no order has used; a used one stays (its orders name it) and can be deactivated. */
    async remove(actor: AuditActor, id: number): Promise<void> {
      await write(async (tx) => {
        const repo = couponRepository(tx);
        const before = await repo.byId(id, { lock: true });
        if (!before) throw notFound();
        if (before.used > 0) {
          throw new DomainError(
            'IN_USE',
            `Coupon ${before.code} has been used on ${before.used} order${before.used === 1 ? '' : 's'}, so it stays on record: deactivate it instead.`,
          );
        }
        await repo.remove(id);
        await recordAudit(tx, actor, { action: 'delete', entity: 'coupon', entityId: id, before: audited(before), after: null });
      });
    },
  };
}
