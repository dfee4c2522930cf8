/**
 * The back office's coupons and stores: the values both the server's schemas (admin-shop.ts) and the screens use,
 * without zod, so an admin screen's bundle stays small.
 */

export const COUPON_KINDS = ['percent', 'fixed'] as const;
export const COUPON_STATUSES = ['active', 'scheduled', 'expired', 'inactive'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];
export const COUPON_STATUS_LABELS: Record<CouponStatus, string> = { active: 'Active', scheduled: 'Scheduled', expired: 'Expired', inactive: 'Deactivated' };
export const COUPON_LIMITS = { code: 30, description: 200, rupees: 10_00_00_000, uses: 10_000_000 } as const;
export const COUPON_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]*$/;

/** The home page's offers strip (issue 40): at most this many messages, each this long at most. */
export const OFFER_STRIP_LIMITS = { messages: 5, text: 160, link: 300, position: 99 } as const;
/** Why a strip message shows or not, at a moment: the rules the home page follows (decision 063). */
export const OFFER_STRIP_STATUSES = ['showing', 'scheduled', 'ended', 'off', 'coupon-not-live'] as const;
export type OfferStripStatus = (typeof OFFER_STRIP_STATUSES)[number];
export const OFFER_STRIP_STATUS_LABELS: Record<OfferStripStatus, string> = {
  showing: 'Showing',
  scheduled: 'Scheduled',
  ended: 'Ended',
  off: 'Off',
  'coupon-not-live': 'Hidden: its coupon is not live',
};

/**
 * Whether a strip message's link is a path of this store ('/alljewellery?material=gold', '/cart#coupon'): it starts
 * with one '/', has no backslash, space or control character, and stays on the store's own origin when resolved, so
 * it can never lead to another site ('//evil.example', '/\\evil.example') or run script ('javascript:').
 */
export function isInternalPath(path: string): boolean {
  if (path.length === 0 || path.length > OFFER_STRIP_LIMITS.link) return false;
  if (!path.startsWith('/') || path.startsWith('//') || /[\\\s\p{Cc}]/u.test(path)) return false;
  try {
    const base = 'https://milli.invalid';
    return new URL(path, base).origin === base;
  } catch {
    return false;
  }
}

/** India's bounding box (with its islands), the only place a Milli store can be. */
export const INDIA_BOUNDS = { south: 6.5, north: 37.2, west: 68.0, east: 97.5 } as const;
export const STORE_LIMITS = { name: 80, city: 60, address: 300, hours: 120, sortOrder: 10_000 } as const;

/** A shop's telephone: +91 / 0 and ten digits (a mobile, or an STD code and number), or a 1800 toll-free number. */
export function isShopPhone(value: string): boolean {
  const digits = value.replace(/[\s()-]/g, '');
  return /^(?:\+91|0)?[1-9][0-9]{9}$/.test(digits) || /^1800[0-9]{6,7}$/.test(digits);
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** India Standard Time has no daylight saving: always UTC+05:30. */
const IST_OFFSET_MINUTES = 330;

/**
 * A moment from a form: '2026-12-01T10:00' (a datetime-local field) or '2026-12-01' is India time; text with
 * 'Z' or an offset is that moment. Null when blank; the text itself when it is no date (the schema refuses it).
 */
export function parseShopTime(value: unknown): Date | null | unknown {
  if (blank(value)) return null;
  if (value instanceof Date) return value;
  if (typeof value !== 'string') return value;
  const t = value.trim();
  const local = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(t);
  if (local) {
    const [, y, mo, d, h = '0', mi = '0', s = '0'] = local;
    const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)) - IST_OFFSET_MINUTES * 60_000;
    const back = new Date(utc + IST_OFFSET_MINUTES * 60_000);
    // 2026-02-30 is no day: Date.UTC would roll it into March.
    if (back.getUTCFullYear() !== Number(y) || back.getUTCMonth() !== Number(mo) - 1 || back.getUTCDate() !== Number(d) || Number(h) > 23 || Number(mi) > 59)
      return t;
    return new Date(utc);
  }
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/i.test(t)) {
    const at = new Date(t);
    return Number.isNaN(at.getTime()) ? t : at;
  }
  return t;
}

/** The same moment as a datetime-local field shows it in India time ('2026-12-01T10:00'). */
export function toShopLocalTime(iso: string | Date | null | undefined): string {
  if (!iso) return '';
  const at = new Date(typeof iso === 'string' ? iso : iso.getTime());
  if (Number.isNaN(at.getTime())) return '';
  return new Date(at.getTime() + IST_OFFSET_MINUTES * 60_000).toISOString().slice(0, 16);
}
