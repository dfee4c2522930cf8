import { z } from 'zod';
import { SORT_OPTIONS } from './constants.ts';
import { PRODUCT_VIDEO_TYPES, PRODUCT_VIEWS } from './product-media.ts';

const sortValues = SORT_OPTIONS.map((o) => o.value) as number[];
const sortMessage = `sort must be one of ${sortValues.join(', ')}`;
const text = (max = 100) => z.string().trim().max(max, `must be at most ${max} characters`);
const optionalText = (max = 100) => z.preprocess((v) => (v === '' || v === null ? undefined : v), text(max).optional());
/** How many values of one filter group a listing takes at once: more than any group offers. */
export const MAX_FILTER_CHOICES = 20;
/**
 * One filter group's chosen values (issue 40: several categories, a metal): one value or a list of them (the query
 * string repeats the key, the productfilter JSON gives an array); each trimmed, blanks and repeats dropped.
 */
const choices = (max = 100) =>
  z.preprocess(
    (v) => {
      if (v === undefined || v === null) return undefined;
      const list = (Array.isArray(v) ? v : [v]).map((x) => (typeof x === 'string' ? x.trim() : x)).filter((x) => x !== '');
      return list.length === 0 ? undefined : [...new Set(list)];
    },
    z.array(text(max)).max(MAX_FILTER_CHOICES, `at most ${MAX_FILTER_CHOICES} values`).optional(),
  );
const rupees = (name: string) =>
  z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? undefined : v),
    z.coerce
      .number({ error: `${name} must be a number` })
      .refine(Number.isFinite, `${name} must be a number`)
      .min(0, `${name} cannot be negative`)
      .max(1_00_00_00_000, `${name} is too large`)
      .optional(),
  );
export const PageNumberSchema = z.coerce
  .number({ error: 'page must be a whole number' })
  .int('page must be a whole number')
  .min(1, 'page starts at 1')
  .max(1_000_000, 'page is too large');

/** The listing filters: query string of productList and the JSON of /alljewellery/productfilter/{filterType}. */
export const ProductFilterSchema = z
  .object({
    /** Each of these five: one value or several (a piece with any of them). */
    material: choices(),
    category: choices(),
    tag: choices(),
    stone: choices(),
    colour: choices(),
    /** Rupees, compared with the price the shopper sees: after a running sale's cut (decision 047). */
    minPrice: rupees('minPrice'),
    maxPrice: rupees('maxPrice'),
    q: optionalText(200),
    /** Gifting collections (DECISIONS §7): Birthday, Wedding, Anniversary, Self, Personalized; Kids, Sister, Wife, Mom, Friends. */
    occasion: optionalText(),
    recipient: optionalText(),
    /** Leaves out one material: the home page's Bracelet tab shows the bracelets its Silver Bracelet tab does not. */
    notMaterial: optionalText(),
    onSale: z.preprocess((v) => v === '1' || v === 'true' || v === true || v === 1, z.boolean()).optional(),
  })
  .refine((f) => f.minPrice === undefined || f.maxPrice === undefined || f.minPrice <= f.maxPrice, {
    message: 'minPrice cannot be more than maxPrice',
    path: ['minPrice'],
  });
export type ProductFilter = z.infer<typeof ProductFilterSchema>;

export const ProductListQuerySchema = z.intersection(
  ProductFilterSchema,
  z.object({
    sort: z.preprocess(
      (v) => (v === '' || v === undefined ? 0 : v),
      z.coerce.number({ error: sortMessage }).refine((n) => sortValues.includes(n), sortMessage),
    ),
    page: z.preprocess((v) => (v === '' || v === undefined ? 1 : v), PageNumberSchema),
  }),
);
export type ProductListQuery = z.infer<typeof ProductListQuerySchema>;

export const ProductIdSchema = z.coerce
  .number({ error: 'product id must be a whole number' })
  .int('product id must be a whole number')
  .positive('product id must be positive')
  .max(2_147_483_647, 'product id is too large');

/** /product/get_product_detail/{page} */
export const ProductPageParamsSchema = z.object({ page: PageNumberSchema });
/** /product/find-by-id/{id} and /product/{id}/reviews */
export const ProductIdParamsSchema = z.object({ id: ProductIdSchema });
/** ?page= of /product/get_product_by_price/{min}/{max}: the first page when absent. */
export const PriceRangeQuerySchema = z.object({ page: PageNumberSchema.optional() });

export const PriceRangeParamsSchema = z
  .object({ min: rupees('min').pipe(z.number({ error: 'min is required' })), max: rupees('max').pipe(z.number({ error: 'max is required' })) })
  .refine((r) => r.min <= r.max, { message: 'min cannot be more than max', path: ['min'] });

const ProductSummaryFields = {
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
  /** Average of the piece's visible reviews (0-5, one decimal); 0 with none. */
  product_rating: z.number(),
  /** True when a running sale takes something off the piece: then the two fields below are set. */
  product_on_sale: z.boolean(),
  /** The price before the sale, struck through beside product_price_paise (the price now); null without a sale. */
  product_price_before_paise: z.number().int().nullable(),
  /** The sale's discount as a whole percentage of the price before; null without a sale. */
  product_discount_percent: z.number().int().nullable(),
};

/** Rates a product page needs to price every choice it offers, with the same function the server uses. */
export const PricingContextSchema = z.object({
  metal: z.enum(['gold', 'platinum', 'silver']),
  metalWeightMg: z.number().int().nullable(),
  makingChargePaise: z.number().int(),
  /** Making stated as a percent of the metal's value (hundredths of a percent), priced per choice; null otherwise. */
  makingPercentHundredths: z.number().int().nullable().optional(),
  /** Making stated per gram of metal (paise per gram), priced on the chosen length's weight; null otherwise. */
  makingPaisePerGram: z.number().int().nullable(),
  /**
   * Issue 38: a chain's metal weight (mg) for each length it is made in, keyed by the length ('16', '18' …); the first
   * length's is metalWeightMg. Empty when one weight serves every size (rings, bangles, pieces without a size).
   */
  sizeWeightsMg: z.record(z.string(), z.number().int()),
  stoneValuePaise: z.number().int(),
  diamondWeightCents: z.number().int(),
  fixedPricePaise: z.number().int().nullable(),
  gstPercent: z.number(),
  defaultPurity: z.number().int(),
  defaultDiamondQuality: z.string().nullable(),
  /** paise per gram, keyed by purity ('14', '18', '22', '24' for gold; '950' platinum; '925' silver). */
  ratesPaisePerGram: z.record(z.string(), z.number().int()),
  /** paise per carat, keyed by diamond quality. */
  diamondRatesPaisePerCarat: z.record(z.string(), z.number().int()),
  ratesDate: z.string(),
  /** What the piece is made in (DECISIONS §7): the only choices the page offers and the cart accepts. */
  defaultColour: z.string().nullable(),
  purities: z.array(z.number().int()),
  colours: z.array(z.string()),
  diamondQualities: z.array(z.string()),
  /** 'ring' (sizes 1-30 and the ring sizer), 'bangle', 'length' (inches); null: the piece has no size. */
  sizeKind: z.enum(['ring', 'bangle', 'length']).nullable(),
  sizes: z.array(z.string()),
  /** The sale the piece is on today (percent off the making charges, last day included), or null. */
  sale: z.object({ id: z.number().int(), name: z.string(), makingDiscountPercent: z.number().int(), endsOn: z.string() }).nullable(),
});
export type PricingContext = z.infer<typeof PricingContextSchema>;

/** One picture of a product's gallery (issue 40). */
export const ProductViewItemSchema = z.object({
  src: z.string(),
  view: z.enum(PRODUCT_VIEWS).nullable(),
  alt: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type ProductViewItem = z.infer<typeof ProductViewItemSchema>;

export const ProductDetailSchema = z.object({
  ...ProductSummaryFields,
  product_description: z.string(),
  product_metal: z.string(),
  product_metal_colour: z.string().nullable(),
  product_purity: z.number().int().nullable(),
  product_metal_weight_g: z.number().nullable(),
  product_diamond_weight_ct: z.number().nullable(),
  product_stones: z.array(z.string()),
  /**
   * Issue 38: the piece is BIS hallmarked (contracts hallmark.ts: gold always, silver when hallmarked, never platinum),
   * so each piece sold carries its own HUID, given on the order and the invoice: a product has no one HUID.
   */
  product_hallmarked: z.boolean(),
  /** Issue 38: where the piece was made (Consumer Protection (E-Commerce) Rules 2020, rule 6(5)). */
  product_country_of_origin: z.string(),
  product_stock: z.number().int(),
  product_review_count: z.number().int(),
  product_images: z.array(z.string()),
  /** Issue 40: the gallery, in order: each picture with what it shows and its alt text; the first is the front. */
  product_views: z.array(ProductViewItemSchema),
  /** Issue 40: the frames of the piece's 360° turn, in order ([] when it has none). */
  product_spin: z.array(z.string()),
  /** Issue 40: the piece's short film, if staff uploaded one: played muted, with controls, never on its own. */
  product_video: z.object({ src: z.string(), type: z.enum(PRODUCT_VIDEO_TYPES), poster: z.string() }).nullable(),
  pricing: PricingContextSchema,
});
export type ProductDetail = z.infer<typeof ProductDetailSchema>;
/** GET /api/product/find-by-id/{id} answers the product under `data`. */
export const ProductDetailAnswerSchema = z.object({ data: ProductDetailSchema });

export const CartListQuerySchema = z.object({
  cartList: z
    .string({ error: 'cartList is required' })
    .max(2000, 'cartList is too long')
    .regex(/^\s*\d{1,9}(\s*,\s*\d{1,9})*\s*$/, 'cartList must be product ids separated by commas')
    .transform((s) => [...new Set(s.split(',').map((x) => Number(x.trim())))].slice(0, 100)),
});

export const SuggestQuerySchema = z.object({ q: z.string().trim().min(1, 'q is required').max(100, 'q is too long') });

/** A product as listings show it (spec section 3, plus what the screens need). product_price is rupees, as the spec's number. */
export const ProductSummarySchema = z.object(ProductSummaryFields);
export type ProductSummary = z.infer<typeof ProductSummarySchema>;
/** POST /api/product/get_product_detail?cartList=: the named products, as listings show them. */
export const ProductSummaryListSchema = z.array(ProductSummarySchema);

/** Listing answer of get_product_detail, get_product_by_price and productList. */
export const ProductPageSchema = z.object({
  data: z.array(ProductSummarySchema),
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  totalResults: z.number().int(),
  /** A search that found nothing: the closest query that finds something (decision 026). */
  didYouMean: z.string().optional(),
  /** A search that found nothing: other queries that find something, best first. */
  suggestions: z.array(z.string()).optional(),
  /** A search whose typos were corrected: the query the results are for ('necklace' for 'neckalce'; issue 40). */
  correctedQuery: z.string().optional(),
});
export type ProductPage = z.infer<typeof ProductPageSchema>;

/** ?page= of a product's reviews. */
export const ReviewsQuerySchema = z.object({ page: z.preprocess((v) => (v === '' || v === undefined ? 1 : v), PageNumberSchema) });

/** A review's photo as the product page shows it: the full picture, a thumbnail and its size (issue 20). */
export const ReviewPhotoSchema = z.object({ url: z.string(), thumbUrl: z.string(), width: z.number().int(), height: z.number().int() });
export type ReviewPhoto = z.infer<typeof ReviewPhotoSchema>;

/** A review as any visitor may read it: the author is a display name ('Priya S.'), never an e-mail or an id. */
export const ReviewSchema = z.object({
  review_id: z.number().int(),
  rating: z.number().int(),
  title: z.string(),
  text: z.string(),
  author: z.string(),
  created_at: z.string(),
  /** Written by a customer who received the piece (issue 20: every new review is). */
  verified: z.boolean(),
  /** Changed by its writer after it was first published. */
  edited: z.boolean(),
  photos: z.array(ReviewPhotoSchema),
});
export type Review = z.infer<typeof ReviewSchema>;

/** GET /api/product/{id}/reviews: visible reviews newest first, a page at a time, with their count and average. */
export const ProductReviewsSchema = z.object({
  data: z.array(ReviewSchema),
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  totalResults: z.number().int(),
  /** 0-5 with one decimal; 0 when there are no reviews. */
  averageRating: z.number(),
});
export type ProductReviews = z.infer<typeof ProductReviewsSchema>;
/** The header's as-you-type answer; when the words find nothing, the pieces of the query it offers instead. */
export const SuggestAnswerSchema = z.object({ data: z.array(ProductSummarySchema), didYouMean: z.string().optional() });
export type SuggestAnswer = z.infer<typeof SuggestAnswerSchema>;

/**
 * How many pieces each filter value would give with the current query and the other filters (a value replaces
 * the one chosen in its own group, so a group's counts leave its own filter out). Values that give none are left out.
 */
export const ProductFacetsSchema = z.object({
  material: z.record(z.string(), z.number().int()),
  /** By category screen name ('Rings'). */
  category: z.record(z.string(), z.number().int()),
  /** The chosen category's styles; empty without a category. */
  tag: z.record(z.string(), z.number().int()),
  /** Stones and the gold colours, as the 'Metal & Stone' group lists them. */
  stone: z.record(z.string(), z.number().int()),
  colour: z.record(z.string(), z.number().int()),
  /** By PRICE_BANDS label. */
  price: z.record(z.string(), z.number().int()),
});
export type ProductFacets = z.infer<typeof ProductFacetsSchema>;

/**
 * GET /api/sales/running (issue 38): the sales running today (an Indian day) that take something off at least one piece
 * in the shop, the largest cut of the making charges first. Empty when no sale is running: nothing may claim one then.
 */
export const RunningSalesSchema = z.object({
  data: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      /** Percent off the making charges (never off the metal or the stones). */
      makingDiscountPercent: z.number().int(),
      /** First and last day of the sale, both included (YYYY-MM-DD, Indian days). */
      startsOn: z.string(),
      endsOn: z.string(),
      /** How many pieces in the shop it takes something off today. */
      pieces: z.number().int(),
    }),
  ),
});
export type RunningSales = z.infer<typeof RunningSalesSchema>;
