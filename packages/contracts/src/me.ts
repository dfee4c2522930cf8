import { z } from 'zod';
import { MeSchema } from './accounts.ts';

/** One line of the header's mini cart (guest-cart.ts, MiniCartLine). Money in paise. */
export const MiniCartLineSchema = z.object({
  productId: z.number().int(),
  choices: z.string(),
  name: z.string(),
  image: z.string(),
  quantity: z.number().int(),
  unitPricePaise: z.number().int(),
  lineTotalPaise: z.number().int(),
});

/**
 * GET /api/me/summary (decision 032): what is personal on a storefront page, for the browser to fill in once a
 * shared page is painted, and for the web server to render a page that is personal by nature. A guest's comes
 * from their `cartItems` and `wishlistItems` cookies.
 */
export const PersonalSummarySchema = z.object({
  user: MeSchema.nullable(),
  cart: z.object({ count: z.number().int(), lines: z.array(MiniCartLineSchema), subtotalPaise: z.number().int() }),
  wishlistIds: z.array(z.number().int()),
});
export type PersonalSummary = z.infer<typeof PersonalSummarySchema>;
