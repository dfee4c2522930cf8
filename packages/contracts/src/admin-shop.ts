import { z } from 'zod';
import { adminListPage, adminListQuery } from './admin-list.ts';
import { PINCODE_PATTERN } from './india.ts';
import {
  COUPON_CODE_PATTERN,
  COUPON_KINDS,
  COUPON_LIMITS,
  COUPON_STATUSES,
  INDIA_BOUNDS,
  isInternalPath,
  isShopPhone,
  OFFER_STRIP_LIMITS,
  OFFER_STRIP_STATUSES,
  parseShopTime,
  STORE_LIMITS,
} from './admin-shop-values.ts';

/**
 * The back office's coupons and stores (issue 17): the forms' fields as JSON (or form posts), with a message for
 * every constraint the coupons and stores tables hold, so the database never sees a row it would refuse. Amounts
 * are typed in rupees and stored in paise; dates without an offset are India time (the shop's day).
 */

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** A number given as a number or as text ('1,250.50', '₹ 500'); '' is "not given". */
function numberFrom(v: unknown): unknown {
  if (blank(v)) return null;
  if (typeof v === 'string') {
    const cleaned = v.replace(/[₹,\s]/g, '').replace(/^rs\.?/i, '');
    const n = Number(cleaned);
    return cleaned !== '' && Number.isFinite(n) ? n : v;
  }
  return v;
}

const places = (n: number) => {
  const text = String(n);
  if (text.includes('e')) return 10;
  const dot = text.indexOf('.');
  return dot === -1 ? 0 : text.length - dot - 1;
};

/** An optional number (null when not given) in [min, max] with at most `decimals` places. */
function optionalNumber(label: string, opts: { min: number; max: number; decimals: number }) {
  return z.preprocess(
    numberFrom,
    z
      .number({ error: `${label} must be a number.` })
      .refine((n) => n >= opts.min, `${label} cannot be below ${opts.min.toLocaleString('en-IN')}.`)
      .refine((n) => n <= opts.max, `${label} is at most ${opts.max.toLocaleString('en-IN')}.`)
      .refine(
        (n) => places(n) <= opts.decimals,
        opts.decimals === 0 ? `${label} must be a whole number.` : `${label} has at most ${opts.decimals} decimal places.`,
      )
      .nullable(),
  );
}

function required<T extends z.ZodType>(schema: T, message: string) {
  return schema.refine((v) => v !== null && v !== undefined, message);
}

const text = (label: string, max: number) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? '' : v),
    z
      .string({ error: `${label} must be text.` })
      .trim()
      .max(max, `${label} is at most ${max} characters.`),
  );
const requiredText = (label: string, max: number) => text(label, max).refine((v) => v !== '', `Please enter the ${label.toLowerCase()}.`);

function bool(label: string, fallback: boolean) {
  return z.preprocess(
    (v) => {
      if (blank(v)) return fallback;
      if (typeof v === 'string') {
        const t = v.trim().toLowerCase();
        if (['true', 'yes', 'on', '1'].includes(t)) return true;
        if (['false', 'no', 'off', '0'].includes(t)) return false;
      }
      return v;
    },
    z.boolean({ error: `${label} is yes or no.` }),
  );
}

/** A moment as text (ISO, or a datetime-local field's India time); '' or null is none. */
const moment = (label: string) =>
  z
    .union([z.string().max(40), z.null()], { error: `${label} must be a date and time, e.g. 2026-12-01T10:00 (India time).` })
    .optional()
    .transform((v, ctx): Date | null => {
      const at = parseShopTime(v);
      if (at === null || at instanceof Date) return at;
      ctx.addIssue({ code: 'custom', message: `${label} must be a date and time, e.g. 2026-12-01T10:00 (India time).` });
      return z.NEVER;
    });

// ---------------------------------------------------------------------------------------------
// Coupons

/**
 * The coupon form. `value` is the percent off (1-100, whole) for 'percent', or rupees off (up to paise) for
 * 'fixed'; the most a percent coupon takes off (`maxDiscountRupees`) means nothing for a fixed one and is refused
 * there. `startsAt` blank is "now"; `endsAt` blank is "never".
 */
export const AdminCouponFormSchema = z
  .object({
    code: requiredText('Code', COUPON_LIMITS.code)
      .transform((v) => v.toUpperCase())
      .refine((v) => v === '' || COUPON_CODE_PATTERN.test(v), 'A code is letters, digits, - and _ (e.g. DIWALI10), starting with a letter or digit.'),
    description: text('Description', COUPON_LIMITS.description),
    kind: z.enum(COUPON_KINDS, { error: 'Choose percent off or a fixed amount off.' }),
    value: required(optionalNumber('The discount', { min: 0, max: COUPON_LIMITS.rupees, decimals: 2 }), 'Please enter the discount.'),
    maxDiscountRupees: optionalNumber('The largest discount', { min: 1, max: COUPON_LIMITS.rupees, decimals: 2 }).default(null),
    minOrderRupees: optionalNumber('The minimum order', { min: 0, max: COUPON_LIMITS.rupees, decimals: 2 }).default(null),
    startsAt: moment('The start'),
    endsAt: moment('The end'),
    usageLimit: optionalNumber('The usage limit', { min: 1, max: COUPON_LIMITS.uses, decimals: 0 }).default(null),
    perCustomerLimit: optionalNumber('The per-customer limit', { min: 1, max: COUPON_LIMITS.uses, decimals: 0 }).default(null),
    active: bool('Active', true),
  })
  .superRefine((c, ctx) => {
    const value = c.value;
    if (typeof value !== 'number') return;
    if (c.kind === 'percent') {
      if (!Number.isInteger(value) || value < 1 || value > 100)
        ctx.addIssue({ code: 'custom', path: ['value'], message: 'A percent off is a whole number from 1 to 100.' });
    } else {
      if (value < 1) ctx.addIssue({ code: 'custom', path: ['value'], message: 'A fixed discount is at least ₹1.' });
      if (c.maxDiscountRupees !== null)
        ctx.addIssue({
          code: 'custom',
          path: ['maxDiscountRupees'],
          message: 'Only a percent coupon has a largest discount: leave it empty for a fixed amount.',
        });
    }
    if (c.startsAt && c.endsAt && c.endsAt.getTime() <= c.startsAt.getTime()) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'The end must be after the start.' });
    }
    if (c.usageLimit !== null && c.perCustomerLimit !== null && c.perCustomerLimit > c.usageLimit) {
      ctx.addIssue({ code: 'custom', path: ['perCustomerLimit'], message: 'The per-customer limit cannot be more than the usage limit.' });
    }
  });
export type AdminCouponForm = z.output<typeof AdminCouponFormSchema>;
/** PATCH: any of the form's fields; the coupon as it is fills in the rest, and the whole is checked again. */
export const AdminCouponPatchSchema = z.record(z.string(), z.unknown());

export const AdminCouponSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  description: z.string(),
  kind: z.enum(COUPON_KINDS),
  /** Percent off, or rupees off, as the form shows it. */
  value: z.number(),
  /** As stored: percent, or paise. */
  valueStored: z.number().int(),
  maxDiscountRupees: z.number().nullable(),
  maxDiscountPaise: z.number().int().nullable(),
  minOrderRupees: z.number(),
  minOrderPaise: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  usageLimit: z.number().int().nullable(),
  perCustomerLimit: z.number().int().nullable(),
  active: z.boolean(),
  status: z.enum(COUPON_STATUSES),
  /** Orders that used it (coupon_redemptions). */
  used: z.number().int(),
  createdAt: z.string(),
});
export type AdminCoupon = z.infer<typeof AdminCouponSchema>;

export type { CouponStatus } from './admin-shop-values.ts';
export const AdminCouponListQuerySchema = adminListQuery(['code', 'ends', 'used']).extend({
  status: z.enum(COUPON_STATUSES, { error: `The status is one of: ${COUPON_STATUSES.join(', ')}.` }).optional(),
});
export type AdminCouponListQuery = z.infer<typeof AdminCouponListQuerySchema>;
export const AdminCouponPageSchema = adminListPage(AdminCouponSchema);

// ---------------------------------------------------------------------------------------------
// The offers strip (issue 40)

/**
 * A strip message as staff write it. `linkPath` is a path of this store or empty; `couponCode` names a coupon that
 * must exist and be live when saved (the desk checks it: a schema cannot). `startsAt` blank is "now", `endsAt`
 * blank "until turned off".
 */
export const AdminOfferStripFormSchema = z
  .object({
    text: requiredText('Text', OFFER_STRIP_LIMITS.text),
    linkPath: text('Link', OFFER_STRIP_LIMITS.link)
      .refine(
        (v) => v === '' || isInternalPath(v),
        `A link is a path of this store, starting with one / (e.g. /alljewellery), at most ${OFFER_STRIP_LIMITS.link} characters.`,
      )
      .transform((v) => (v === '' ? null : v)),
    couponCode: text('Coupon', COUPON_LIMITS.code)
      .transform((v) => v.toUpperCase())
      .refine((v) => v === '' || COUPON_CODE_PATTERN.test(v), 'A coupon code is letters, digits, - and _ (e.g. DIWALI10).')
      .transform((v) => (v === '' ? null : v)),
    startsAt: moment('The start'),
    endsAt: moment('The end'),
    position: optionalNumber('The order', { min: 0, max: OFFER_STRIP_LIMITS.position, decimals: 0 }).default(null),
    active: bool('On', true),
  })
  .superRefine((m, ctx) => {
    if (m.startsAt && m.endsAt && m.endsAt.getTime() <= m.startsAt.getTime()) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'The end must be after the start.' });
    }
  });
export type AdminOfferStripForm = z.output<typeof AdminOfferStripFormSchema>;
/** PATCH: any of the form's fields; the message as it is fills in the rest, and the whole is checked again. */
export const AdminOfferStripPatchSchema = z.record(z.string(), z.unknown());

export const AdminOfferStripMessageSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  linkPath: z.string().nullable(),
  couponCode: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  position: z.number().int(),
  active: z.boolean(),
  /** Whether the home page shows it now, and if not why. */
  status: z.enum(OFFER_STRIP_STATUSES),
  createdAt: z.string(),
});
export type AdminOfferStripMessage = z.infer<typeof AdminOfferStripMessageSchema>;
export const AdminOfferStripListSchema = z.object({ data: z.array(AdminOfferStripMessageSchema), max: z.number().int() });
export type AdminOfferStripList = z.infer<typeof AdminOfferStripListSchema>;

// ---------------------------------------------------------------------------------------------
// Stores

export const AdminStoreFormSchema = z.object({
  name: requiredText('Name', STORE_LIMITS.name),
  city: requiredText('City', STORE_LIMITS.city),
  address: requiredText('Address', STORE_LIMITS.address),
  pincode: requiredText('Pincode', 20).refine((v) => v === '' || PINCODE_PATTERN.test(v), 'A pincode is 6 digits and does not start with 0 (e.g. 600017).'),
  phone: requiredText('Phone', 30).refine((v) => v === '' || isShopPhone(v), 'A phone is +91 and 10 digits (e.g. +91 44 4000 1101), or a 1800 number.'),
  hours: requiredText('Hours', STORE_LIMITS.hours),
  latitude: required(
    optionalNumber('The latitude', { min: -90, max: 90, decimals: 6 }).refine(
      (n) => n === null || (n >= INDIA_BOUNDS.south && n <= INDIA_BOUNDS.north),
      `India lies between latitudes ${INDIA_BOUNDS.south} and ${INDIA_BOUNDS.north}.`,
    ),
    "Please enter the latitude (e.g. 13.0418), or use the pincode's position.",
  ),
  longitude: required(
    optionalNumber('The longitude', { min: -180, max: 180, decimals: 6 }).refine(
      (n) => n === null || (n >= INDIA_BOUNDS.west && n <= INDIA_BOUNDS.east),
      `India lies between longitudes ${INDIA_BOUNDS.west} and ${INDIA_BOUNDS.east}.`,
    ),
    "Please enter the longitude (e.g. 80.2341), or use the pincode's position.",
  ),
  sortOrder: optionalNumber('The order', { min: 0, max: STORE_LIMITS.sortOrder, decimals: 0 }).transform((n) => n ?? 0),
  active: bool('Open', true),
});
export type AdminStoreForm = z.output<typeof AdminStoreFormSchema>;
export const AdminStorePatchSchema = z.record(z.string(), z.unknown());

export const AdminStoreSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  city: z.string(),
  address: z.string(),
  pincode: z.string(),
  phone: z.string(),
  hours: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  sortOrder: z.number().int(),
  active: z.boolean(),
});
export type AdminStore = z.infer<typeof AdminStoreSchema>;

export const AdminStoreListQuerySchema = adminListQuery(['order', 'name', 'city']).extend({
  active: z.enum(['yes', 'no'], { error: 'Open is yes or no.' }).optional(),
});
export type AdminStoreListQuery = z.infer<typeof AdminStoreListQuerySchema>;
export const AdminStorePageSchema = adminListPage(AdminStoreSchema);

/** GET /api/admin/stores/position/{pincode}: the centre of the city a PIN lies in, from the store locator's places. */
export const AdminPinPositionSchema = z.object({ pincode: z.string(), place: z.string(), latitude: z.number(), longitude: z.number() });
export type AdminPinPosition = z.infer<typeof AdminPinPositionSchema>;

export const AdminIdParamsSchema = z.object({
  id: z.coerce.number({ error: 'The id is a number.' }).int('The id is a whole number.').min(1).max(2_147_483_647),
});
