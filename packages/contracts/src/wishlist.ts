import { z } from 'zod';
import { UserIdParamSchema } from './accounts.ts';
import { ProductIdSchema } from './catalog.ts';

/** POST /api/wishlist/add: multipart or JSON product_id + user_id (the session's own id). */
export const WishlistAddSchema = z.object({
  product_id: z.coerce
    .number({ error: 'product_id must be a product id' })
    .int('product_id must be a product id')
    .positive('product_id must be a product id')
    .max(2_147_483_647, 'product_id must be a product id'),
  user_id: z.union([z.string(), z.number()], { error: 'user_id is required' }),
});
export type WishlistAdd = z.infer<typeof WishlistAddSchema>;

/** POST /api/wishlist/delete/{productId}/{userId} */
export const WishlistDeleteParamsSchema = z.object({ productId: ProductIdSchema, userId: UserIdParamSchema });

/**
 * One row of GET /api/wishlist/find-by-user-id/{userId}: the spec's product names, priced today with the
 * product page's function (rupees, plus the exact paise), and when the piece was added.
 */
export const WishlistRowSchema = z.object({
  product_id: z.number().int(),
  product_name: z.string(),
  product_price: z.number(),
  product_price_paise: z.number().int(),
  product_parent_image: z.string(),
  product_stock_status: z.enum(['In Stock', 'Out of Stock']),
  added_at: z.string(),
});
export type WishlistRow = z.infer<typeof WishlistRowSchema>;
export const WishlistRowListSchema = z.array(WishlistRowSchema);

/** Answer of add and delete: what happened, and the header's new count. */
export const WishlistCountSchema = z.object({ message: z.string(), wishlistCount: z.number().int() });
export type WishlistCount = z.infer<typeof WishlistCountSchema>;

/** GET /api/wishlist/ids/{userId}: the ids only, for the header count and the hearts on every page. */
export const WishlistIdsSchema = z.object({ productIds: z.array(z.number().int()), wishlistCount: z.number().int() });
export type WishlistIds = z.infer<typeof WishlistIdsSchema>;
