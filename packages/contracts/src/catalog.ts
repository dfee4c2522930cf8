import { z } from 'zod';
import { SORT_OPTIONS } from './constants.ts';

const sortValues = SORT_OPTIONS.map((o) => o.value) as number[];
const text = (max = 100) => z.string().trim().max(max, `must be at most ${max} characters`);
const optionalText = (max = 100) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), text(max).optional());
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
    material: optionalText(),
    category: optionalText(),
    tag: optionalText(),
    stone: optionalText(),
    colour: optionalText(),
    minPrice: rupees('minPrice'),
    maxPrice: rupees('maxPrice'),
    q: optionalText(200),
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
      z.coerce.number().refine((n) => sortValues.includes(n), `sort must be one of ${sortValues.join(', ')}`),
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

export const PriceRangeParamsSchema = z
  .object({ min: rupees('min').pipe(z.number({ error: 'min is required' })), max: rupees('max').pipe(z.number({ error: 'max is required' })) })
  .refine((r) => r.min <= r.max, { message: 'min cannot be more than max', path: ['min'] });
