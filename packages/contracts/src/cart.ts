import { z } from 'zod';
import { UserIdParamSchema } from './accounts.ts';
import { DIAMOND_QUALITIES, GOLD_QUALITIES, METAL_COLOURS, SIZE_KINDS } from './constants.ts';

const optionalNumber = (schema: z.ZodNumber) =>
  z.preprocess((v) => (v === '' || v === null || v === undefined ? undefined : v), z.coerce.number().pipe(schema).optional());
const optionalEnum = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(values, { error: message }).optional());

/** The choices a line was sold as (DECISIONS §7): cart lines and order lines. */
export const LineOptionsSchema = z.object({
  purity: z.number().int().optional(),
  /** '12' (ring), '2.6' (bangle), '18' (chain length, inches): read it with sizeKind. */
  size: z.string().optional(),
  sizeKind: z.enum(SIZE_KINDS).optional(),
  colour: z.string().optional(),
  diamondQuality: z.string().optional(),
});
export type LineOptions = z.infer<typeof LineOptionsSchema>;

/** POST /api/cart/add (multipart cart_product_id, cart_quantity, cart_user_id, plus the product page's choices). */
export const CartAddSchema = z.object({
  cart_product_id: z.coerce.number({ error: 'cart_product_id must be a product id' }).int().positive().max(2_147_483_647),
  cart_quantity: z.preprocess(
    (v) => (v === '' || v === undefined ? 1 : v),
    z.coerce
      .number({ error: 'Quantity must be a whole number.' })
      .int('Quantity must be a whole number.')
      .min(1, 'Quantity must be at least 1.')
      .max(99, 'At most 99 of one piece per order.'),
  ),
  cart_user_id: z.union([z.string(), z.number()], { error: 'cart_user_id is required' }),
  purity: optionalNumber(
    z
      .number()
      .int()
      .refine((n) => (GOLD_QUALITIES as readonly number[]).includes(n), 'Gold quality must be 14, 18, 22 or 24 kt.'),
  ),
  /** Ring size, bangle size or chain length, as the product offers them ('12', '2.6', '18'); the server checks it against the piece. */
  size: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'number' ? String(v) : v),
    z.string({ error: 'Size must be one of the sizes the piece is made in.' }).trim().max(12, 'Size must be one of the sizes the piece is made in.').optional(),
  ),
  colour: optionalEnum(METAL_COLOURS, 'Colour must be Yellow Gold, Rose Gold or White Gold.'),
  diamond_quality: optionalEnum(DIAMOND_QUALITIES, 'Diamond quality must be SI-IJ, SI-GH, VVS-GH or VVS-EF.'),
});
export type CartAdd = z.infer<typeof CartAddSchema>;

/** POST /api/cart/updateCart: JSON list; quantity 0 removes the line (DECISIONS §4). */
export const CartUpdateSchema = z
  .array(
    z.object({
      product_id: z.coerce.number().int().positive().optional(),
      quantity: z.coerce
        .number({ error: 'Quantity must be a whole number.' })
        .int('Quantity must be a whole number.')
        .min(0, 'Quantity cannot be below 0.')
        .max(99, 'At most 99 of one piece per order.'),
      user_id: z.union([z.string(), z.number()]),
      cartId: z.coerce.number({ error: 'cartId must be a number' }).int().positive(),
    }),
  )
  .max(200, 'Too many lines.');

/** POST /api/cart/delete/{cartId}/{userId}: cartId is a line's id, or a product id (every line of that piece). */
export const CartDeleteParamsSchema = z.object({
  cartId: z.coerce
    .number({ error: 'cartId must be a number' })
    .int('cartId must be a number')
    .positive('cartId must be a number')
    .max(2_147_483_647, 'cartId must be a number'),
  userId: UserIdParamSchema,
});

/** One line of GET /api/cart/find-by-user-id/{userId} (spec §3 names; prices in rupees, plus paise). */
export const CartLineSchema = z.object({
  cartId: z.number().int(),
  product_id: z.number().int(),
  productId: z.number().int(),
  quantity: z.number().int(),
  product_name: z.string(),
  product_parent_image: z.string(),
  product_price: z.number(),
  product_price_paise: z.number().int(),
  product_offer_price: z.number(),
  /** The price frozen when the line was added; product_price_paise is today's (the one checkout charges). */
  added_price_paise: z.number().int(),
  /** Today's price before the sale the piece is on, struck through beside product_price_paise; null without a sale. */
  product_price_before_paise: z.number().int().nullable(),
  /** That sale's discount as a whole percentage of the price before; null without a sale. */
  product_discount_percent: z.number().int().nullable(),
  /** Pieces in stock: the cart's plus button stops there. */
  product_stock: z.number().int(),
  product_stock_status: z.string(),
  options: LineOptionsSchema,
  /**
   * Issue 42: the shopper's live rate lock covers this line's metal: mg of one piece at the rate charged for them (the
   * lower of the lock's and the day's), the day's rate, and the lock's advance the line's grams count toward the order
   * (checkout takes it off what is left to pay). Null (or absent) without a lock.
   */
  rate_lock: z
    .object({
      lockedWeightMg: z.number().int(),
      lockedRatePaisePerGram: z.number().int(),
      dayRatePaisePerGram: z.number().int(),
      advancePaise: z.number().int(),
    })
    .nullable()
    .optional(),
  /**
   * Issue 42, the metal account: one piece's fine gold (mg; null for a piece with no gold by weight) and its metal as
   * charged today (paise), which the account's grams may pay for at checkout (metalAccountPlan).
   */
  fine_gold_mg: z.number().int().nullable().optional(),
  metal_paise: z.number().int().nullable().optional(),
});
export type CartLine = z.infer<typeof CartLineSchema>;
export const CartLineListSchema = z.array(CartLineSchema);

export const CartAddAnswerSchema = z.object({ message: z.string(), cartId: z.number().int(), cartCount: z.number().int() });
/** POST /api/cart/updateCart and /api/cart/delete/{cartId}/{userId}: what happened, and the header's new count. */
export const CartCountAnswerSchema = z.object({ message: z.string(), cartCount: z.number().int() });
export type CartCountAnswer = z.infer<typeof CartCountAnswerSchema>;
