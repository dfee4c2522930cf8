import { OFFER_STRIP_LIMITS, toShopLocalTime, type OfferStripStatus } from '@milli/contracts';
import {
  AdminOfferStripFormSchema,
  type AdminOfferStripForm,
  type AdminOfferStripList,
  type AdminOfferStripMessage,
  type OfferStrip,
} from '@milli/contracts/schemas';
import type { Db } from '@milli/db';
import { DomainError } from '../../domain-error.ts';
import { recordAudit, type AuditActor } from '../audit/service.ts';
import { couponStatus } from './desk.ts';
import { couponRepository } from './repository.ts';

type Row = NonNullable<Awaited<ReturnType<ReturnType<typeof couponRepository>['stripMessage']>>>;
type CouponOfRow = { code: string; active: boolean; startsAt: Date; endsAt: Date | null; usageLimit: number | null; used: number };

/** The row's coupon, or null when it advertises none (a left join gives a coupon of nulls then). */
function couponOf(row: Row): CouponOfRow | null {
  const c = row.coupon as Partial<CouponOfRow> | null;
  if (row.couponId === null || !c || typeof c.code !== 'string' || !(c.startsAt instanceof Date)) return null;
  return {
    code: c.code,
    active: Boolean(c.active),
    startsAt: c.startsAt,
    endsAt: c.endsAt ?? null,
    usageLimit: c.usageLimit ?? null,
    used: Number(c.used ?? 0),
  };
}

/** A coupon checkout would take now from anyone: on, in its dates, with uses left (rules.ts judges the same). */
export function couponIsLive(coupon: CouponOfRow, now: Date): boolean {
  return couponStatus(coupon, now) === 'active' && (coupon.usageLimit === null || coupon.used < coupon.usageLimit);
}

/**
 * Whether a strip message shows at `now`, and if not why (decision 063): it is on and within its dates, and the coupon
 * it advertises, if any, is live. The strip never shows a message whose coupon checkout would refuse.
 */
export function stripStatus(row: Pick<Row, 'active' | 'startsAt' | 'endsAt'>, coupon: CouponOfRow | null, now: Date): OfferStripStatus {
  if (!row.active) return 'off';
  if (now < row.startsAt) return 'scheduled';
  if (row.endsAt && now >= row.endsAt) return 'ended';
  if (coupon && !couponIsLive(coupon, now)) return 'coupon-not-live';
  return 'showing';
}

/** The next moment after `now` at which a message or its coupon starts or ends: the strip may change then. */
function nextChange(rows: Row[], now: Date): Date | null {
  const times = rows
    .filter((r) => r.active)
    .flatMap((r) => {
      const coupon = couponOf(r);
      return [r.startsAt, r.endsAt, coupon?.startsAt ?? null, coupon?.endsAt ?? null];
    })
    .filter((t): t is Date => t !== null && t > now)
    .map((t) => t.getTime());
  return times.length > 0 ? new Date(Math.min(...times)) : null;
}

function answer(row: Row, now: Date): AdminOfferStripMessage {
  const coupon = couponOf(row);
  return {
    id: row.id,
    text: row.text,
    linkPath: row.linkPath,
    couponCode: coupon?.code ?? null,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt?.toISOString() ?? null,
    position: row.position,
    active: row.active,
    status: stripStatus(row, coupon, now),
    createdAt: row.createdAt.toISOString(),
  };
}

/** A stored message as the form's fields, so a PATCH of some fields is checked as the whole form. */
function toForm(row: Row): Record<string, unknown> {
  return {
    text: row.text,
    linkPath: row.linkPath ?? '',
    couponCode: couponOf(row)?.code ?? '',
    startsAt: toShopLocalTime(row.startsAt),
    endsAt: toShopLocalTime(row.endsAt),
    position: row.position,
    active: row.active,
  };
}

const audited = (row: Row) => ({
  text: row.text,
  linkPath: row.linkPath,
  coupon: couponOf(row)?.code ?? null,
  startsAt: row.startsAt,
  endsAt: row.endsAt,
  position: row.position,
  active: row.active,
});

function parseForm(input: unknown): AdminOfferStripForm {
  const parsed = AdminOfferStripFormSchema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? 'form')] ??= issue.message;
  throw new DomainError('INVALID_REQUEST', [...new Set(Object.values(fields))].join(' '), fields);
}

const notFound = () => new DomainError('NOT_FOUND', 'There is no such strip message.');

/**
 * The offers strip (issue 40): what the home page shows, and the desk where staff write it (permission 'catalogue',
 * beside the coupons it advertises). Every write is audited in its own transaction.
 */
export function createOfferStrip(db: Db, now: () => Date = () => new Date()) {
  /** The coupon a message may advertise: it must exist and be live now, or the message would claim an untrue offer. */
  async function liveCouponId(tx: Db, code: string, at: Date): Promise<number> {
    const coupon = await couponRepository(tx).byCode(code);
    if (!coupon)
      throw new DomainError('INVALID_REQUEST', `There is no coupon ${code}.`, { couponCode: `There is no coupon ${code}: add it under Coupons first.` });
    const used = (await couponRepository(tx).usage(coupon.id, null)).total;
    if (!couponIsLive({ ...coupon, used }, at)) {
      const message = `Coupon ${code} is not live (it is off, outside its dates or used up): the strip would offer what checkout refuses.`;
      throw new DomainError('INVALID_REQUEST', message, { couponCode: message });
    }
    return coupon.id;
  }

  /** The form's columns; the coupon checked live only when it is newly named or the message is turned on. */
  async function columns(tx: Db, form: AdminOfferStripForm, at: Date, before: Row | null) {
    const beforeCoupon = before ? couponOf(before) : null;
    let couponId: number | null = null;
    if (form.couponCode !== null) {
      const unchanged = beforeCoupon?.code === form.couponCode && before?.couponId !== null;
      const turnedOn = form.active && before !== null && !before.active;
      couponId = unchanged && !turnedOn && before ? before.couponId : await liveCouponId(tx, form.couponCode, at);
    }
    return {
      text: form.text,
      linkPath: form.linkPath,
      couponId,
      startsAt: form.startsAt ?? before?.startsAt ?? at,
      endsAt: form.endsAt,
      position: form.position ?? before?.position ?? 0,
      active: form.active,
    };
  }

  return {
    /** The messages showing now, and when the strip may next change by itself (a start or an end passing). */
    async showing(): Promise<OfferStrip & { nextChangeAt: Date | null }> {
      const at = now();
      const rows = await couponRepository(db).stripMessages();
      const data = rows
        .filter((r) => stripStatus(r, couponOf(r), at) === 'showing')
        .map((r) => ({ id: r.id, text: r.text, linkPath: r.linkPath, couponCode: couponOf(r)?.code ?? null }));
      return { data, nextChangeAt: nextChange(rows, at) };
    },

    async list(): Promise<AdminOfferStripList> {
      const at = now();
      const rows = await couponRepository(db).stripMessages();
      return { data: rows.map((r) => answer(r, at)), max: OFFER_STRIP_LIMITS.messages };
    },

    async get(id: number): Promise<AdminOfferStripMessage> {
      const found = await couponRepository(db).stripMessage(id);
      if (!found) throw notFound();
      return answer(found, now());
    },

    /** `form` as the route's schema has checked it. */
    async create(actor: AuditActor, form: AdminOfferStripForm): Promise<AdminOfferStripMessage> {
      const at = now();
      return db.transaction(async (tx) => {
        const repo = couponRepository(tx);
        await repo.lockStrip();
        if ((await repo.stripCount()) >= OFFER_STRIP_LIMITS.messages) {
          throw new DomainError('CONFLICT', `The strip holds at most ${OFFER_STRIP_LIMITS.messages} messages: delete or change one instead.`);
        }
        const id = await repo.insertStripMessage(await columns(tx, form, at, null));
        const created = (await repo.stripMessage(id))!;
        await recordAudit(tx, actor, { action: 'create', entity: 'offer-strip', entityId: id, before: null, after: audited(created) });
        return answer(created, at);
      });
    },

    async update(actor: AuditActor, id: number, patch: Record<string, unknown>): Promise<AdminOfferStripMessage> {
      const at = now();
      return db.transaction(async (tx) => {
        const repo = couponRepository(tx);
        const before = await repo.stripMessage(id, { lock: true });
        if (!before) throw notFound();
        const known = toForm(before);
        const given = Object.fromEntries(Object.entries(patch).filter(([k]) => k in known));
        const form = parseForm({ ...known, ...given });
        const values = await columns(tx, form, at, before);
        // A start left as it was stays as it was (to the second, not the form's minute).
        if (!('startsAt' in given)) values.startsAt = before.startsAt;
        if (!('endsAt' in given)) values.endsAt = before.endsAt;
        await repo.updateStripMessage(id, values);
        const after = (await repo.stripMessage(id))!;
        await recordAudit(tx, actor, { action: 'update', entity: 'offer-strip', entityId: id, before: audited(before), after: audited(after) });
        return answer(after, at);
      });
    },

    async remove(actor: AuditActor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const repo = couponRepository(tx);
        const before = await repo.stripMessage(id, { lock: true });
        if (!before) throw notFound();
        await repo.removeStripMessage(id);
        await recordAudit(tx, actor, { action: 'delete', entity: 'offer-strip', entityId: id, before: audited(before), after: null });
      });
    },
  };
}
