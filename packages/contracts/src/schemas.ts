import { z } from 'zod';

/** Store settings as the storefront sees them (GET /api/settings). */
export const StoreSettingsSchema = z.object({
  storeName: z.string(),
  helpLine: z.string(),
  emailPrimary: z.string(),
  emailSecondary: z.string(),
  officeAddress: z.string(),
  returnWindowDays: z.number().int(),
  shippingFeePaise: z.number().int(),
  deliveryDays: z.number().int(),
  /** The seller's legal name and GSTIN, which the Consumer Protection (E-Commerce) Rules 2020 ask a seller to show. */
  sellerLegalName: z.string(),
  sellerGstin: z.string(),
  /** Pay on delivery is offered for orders below this (and never at Rs. 2 lakh or more). */
  codLimitPaise: z.number().int(),
  /** Issue 38: the jeweller's BIS registration number (HM/C- and ten digits), or '' while the store has none set. */
  bisRegistration: z.string(),
  /**
   * Lifetime exchange and buy-back of a piece bought here, and the trade-in of old gold bought elsewhere: percent of
   * the day's metal value (the home page's promises state them).
   */
  exchangePercent: z.number().int(),
  buybackPercent: z.number().int(),
  tradeInPercent: z.number().int(),
  /**
   * Issue 42, the rate lock's terms, which the terms page states with their figures: the advance as a percent of the
   * metal's value, the periods offered (days), the most grams one shopper's locks hold, and the unused advance's fate.
   */
  rateLockAdvancePercent: z.number().int(),
  rateLockPeriodsDays: z.array(z.number().int()),
  rateLockMaxMg: z.number().int(),
  rateLockUnusedAdvance: z.enum(['refund', 'keep']),
});
export type StoreSettings = z.infer<typeof StoreSettingsSchema>;

export * from './error-schema.ts';
export * from './form-body.ts';
export * from './admin-list.ts';
export * from './admin-products.ts';
export * from './admin-import.ts';
export * from './admin-dashboard.ts';
export * from './admin-jobs.ts';

/** GET /api/category */
export const CategorySchema = z.object({ pr_cat_name: z.string() });
export type Category = z.infer<typeof CategorySchema>;
export const CategoryListSchema = z.array(CategorySchema);
/** GET /api/admin/tags: tg_cat is the category's screen name ('Rings', not 'Fingerring'). */
export const TagSchema = z.object({ tg_cat: z.string(), tg_tag_name: z.string() });
export type Tag = z.infer<typeof TagSchema>;
export const TagListSchema = z.array(TagSchema);
/** GET /api/admin/other-stones */
export const OtherStoneSchema = z.object({ ots_name: z.string() });
export type OtherStone = z.infer<typeof OtherStoneSchema>;
export const OtherStoneListSchema = z.array(OtherStoneSchema);

export * from './catalog.ts';

/** One showroom (GET /api/stores answers { data: StoreLocation[] }). */
export const StoreLocationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  city: z.string(),
  address: z.string(),
  pincode: z.string(),
  phone: z.string(),
  hours: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type StoreLocation = z.infer<typeof StoreLocationSchema>;
/** GET /api/stores */
export const StoreListSchema = z.object({ data: z.array(StoreLocationSchema) });

/** A store with its straight-line distance from the searched place, when both have a position. */
export const StoreNearSchema = StoreLocationSchema.extend({ distanceKm: z.number().nullable() });
export type StoreNear = z.infer<typeof StoreNearSchema>;

/**
 * GET /api/stores/search?q=: stores by city (any of its names), locality or store name, matched loosely.
 * `place` is the city the words name, if any; `nearest` says the list is the nearest stores to a place
 * that has none of its own.
 */
export const StoreSearchSchema = z.object({ data: z.array(StoreNearSchema), place: z.string().nullable(), nearest: z.boolean() });
export type StoreSearch = z.infer<typeof StoreSearchSchema>;

/** GET /api/stores/search?q= */
export const StoreSearchQuerySchema = z.object({ q: z.string().max(60, 'q must be at most 60 characters').optional() });
/** GET /api/stores/pincode/{pincode}: any short text; one that is no Indian PIN is answered as such, with 200. */
export const PincodeParamsSchema = z.object({ pincode: z.string().max(20, 'pincode must be at most 20 characters') });

/** GET /api/stores/pincode/{pincode}: the product page's delivery-date and nearby-stores box. */
export const PincodeCheckSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), pincode: z.string(), deliveryDate: z.string(), deliveryDays: z.number().int(), stores: z.array(StoreNearSchema) }),
  z.object({ ok: z.literal(false), reason: z.enum(['invalid', 'unserved']), message: z.string() }),
]);
export type PincodeCheck = z.infer<typeof PincodeCheckSchema>;
export * from './accounts.ts';
export * from './cart.ts';
export * from './orders.ts';
export * from './wishlist.ts';
export * from './me.ts';
export * from './checkout.ts';
export * from './addresses.ts';
export * from './payments.ts';
export * from './harvest.ts';
export * from './rate-locks.ts';
export * from './metal-accounts.ts';
export * from './trade-partners.ts';
export * from './custom-design.ts';
export * from './text.ts';
export * from './staff-schemas.ts';
export * from './admin-rates.ts';
export * from './rates.ts';
export * from './admin-settings.ts';
export * from './admin-shop.ts';
export * from './admin-partners.ts';
export * from './admin-sizers.ts';
export * from './admin-design.ts';
export * from './admin-harvest.ts';
export * from './admin-orders.ts';
export * from './admin-search.ts';
export * from './appointments.ts';
export * from './complaints.ts';
export * from './exchange.ts';
export * from './reviews.ts';
export * from './returns.ts';
export * from './courier.ts';
export * from './health.ts';
export * from './privacy.ts';
export * from './admin-customers.ts';
export * from './text-message-schemas.ts';
