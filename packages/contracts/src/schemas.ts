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
});
export type StoreSettings = z.infer<typeof StoreSettingsSchema>;

/** Every error answer of the API: a message a person can read, and a stable code. */
export const ErrorSchema = z.object({ message: z.string(), code: z.string().optional() });
export type ApiErrorBody = z.infer<typeof ErrorSchema>;

/** GET /api/category */
export const CategorySchema = z.object({ pr_cat_name: z.string() });
export type Category = z.infer<typeof CategorySchema>;
/** GET /api/admin/tags: tg_cat is the category's screen name ('Rings', not 'Fingerring'). */
export const TagSchema = z.object({ tg_cat: z.string(), tg_tag_name: z.string() });
export type Tag = z.infer<typeof TagSchema>;
/** GET /api/admin/other-stones */
export const OtherStoneSchema = z.object({ ots_name: z.string() });
export type OtherStone = z.infer<typeof OtherStoneSchema>;

/** A product as listings show it (spec section 3, plus what the screens need). Prices in rupees as the spec's number, and in paise. */
export const ProductSummarySchema = z.object({
  product_id: z.number().int(),
  product_name: z.string(),
  product_category: z.string(),
  product_material: z.string(),
  product_price: z.number(),
  product_price_paise: z.number().int(),
  product_sku: z.string(),
  product_tags: z.string(),
  product_parent_image: z.string(),
  product_stock_status: z.string(),
  product_rating: z.number(),
  product_on_sale: z.boolean(),
});
export type ProductSummary = z.infer<typeof ProductSummarySchema>;

/** Listing answer of get_product_detail, get_product_by_price and productList. */
export const ProductPageSchema = z.object({
  data: z.array(ProductSummarySchema),
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  totalResults: z.number().int(),
});
export type ProductPage = z.infer<typeof ProductPageSchema>;
