import { z } from 'zod';
import { PricingContextSchema } from './catalog.ts';

/**
 * The day's rates as the back office reads and writes them (issue 17): GET and PUT /api/admin/rates. A rate is
 * keyed 'gold:22', 'platinum:950', 'silver:925' (paise per gram) or 'diamond:SI-IJ' (paise per carat).
 */
export const RATE_KEYS = [
  'gold:24',
  'gold:22',
  'gold:18',
  'gold:14',
  'platinum:950',
  'silver:925',
  'diamond:SI-IJ',
  'diamond:SI-GH',
  'diamond:VVS-GH',
  'diamond:VVS-EF',
] as const;
export type RateKey = (typeof RATE_KEYS)[number];

/** What a person reads for a rate key ('22 kt gold'). */
export const RATE_LABELS: Record<RateKey, string> = {
  'gold:24': '24 kt gold',
  'gold:22': '22 kt gold',
  'gold:18': '18 kt gold',
  'gold:14': '14 kt gold',
  'platinum:950': 'Platinum 950',
  'silver:925': 'Silver 925',
  'diamond:SI-IJ': 'Diamond SI-IJ',
  'diamond:SI-GH': 'Diamond SI-GH',
  'diamond:VVS-GH': 'Diamond VVS-GH',
  'diamond:VVS-EF': 'Diamond VVS-EF',
};

/** A change larger than this share of the rate in force needs `confirm: true` (a slipped digit must not reprice the shop). */
export const RATE_JUMP_LIMIT = 0.2;
/** Most days of history GET /api/admin/rates gives. */
export const RATE_HISTORY_MAX_DAYS = 366;
/** Highest rate accepted, paise (₹1 crore a gram or a carat): anything above is a typing mistake. */
export const RATE_MAX_PAISE = 1_000_000_000;

/**
 * Issue 39: the band a rate must lie in, in paise (per gram of metal, per carat of diamond), which no confirmation
 * bypasses: far wider than any market has moved, narrow enough that a rupee typed for a thousand is refused. Gold's
 * band is for 24 kt and scales with the purity (22 kt: 22/24 of it).
 */
export const RATE_BANDS: Record<'gold' | 'platinum' | 'silver' | 'diamond', { floorPaise: number; ceilingPaise: number }> = {
  gold: { floorPaise: 1_000_00, ceilingPaise: 1_00_000_00 },
  platinum: { floorPaise: 500_00, ceilingPaise: 50_000_00 },
  silver: { floorPaise: 10_00, ceilingPaise: 2_000_00 },
  diamond: { floorPaise: 5_000_00, ceilingPaise: 50_00_000_00 },
};

/** The floor and ceiling of one rate key. */
export function rateBandOf(key: RateKey): { floorPaise: number; ceilingPaise: number } {
  const [metal, grade] = key.split(':') as [keyof typeof RATE_BANDS, string];
  const band = RATE_BANDS[metal];
  if (metal !== 'gold') return band;
  const k = Number(grade);
  return { floorPaise: Math.round((band.floorPaise * k) / 24), ceilingPaise: Math.round((band.ceilingPaise * k) / 24) };
}

/** Issue 39: purer gold never costs less a gram than less pure gold (24 ≥ 22 ≥ 18 ≥ 14 kt). */
export const PURITY_ORDER: readonly RateKey[] = ['gold:24', 'gold:22', 'gold:18', 'gold:14'];

export function isRateKey(key: string): key is RateKey {
  return (RATE_KEYS as readonly string[]).includes(key);
}

const paise = z.number().describe('Paise (integer, above 0)');

/**
 * One rate of PUT /api/admin/rates: a metal per gram (`{ metal, purity, paisePerGram }`) or a diamond grade per
 * carat (`{ metal: 'diamond', quality, paisePerCarat }`). The service checks the combination and answers each
 * problem under the entry's own field (`rates.2.purity`), so the schema only checks the shape.
 */
export const RateEntrySchema = z.object({
  metal: z.string().max(20).describe("'gold', 'platinum', 'silver' or 'diamond'"),
  purity: z.number().optional().describe('Gold 14, 18, 22 or 24; platinum 950; silver 925 (metals only)'),
  paisePerGram: paise.optional().describe('The metal rate in paise per gram (metals only)'),
  quality: z.string().max(20).optional().describe("Diamond grade: 'SI-IJ', 'SI-GH', 'VVS-GH' or 'VVS-EF' (diamond only)"),
  paisePerCarat: paise.optional().describe('The diamond rate in paise per carat (diamond only)'),
});
export type RateEntry = z.infer<typeof RateEntrySchema>;

/** PUT /api/admin/rates: today's rates (only the listed ones change); `confirm` accepts changes of more than 20 %. */
export const RatesUpdateSchema = z.object({
  rates: z
    .array(RateEntrySchema, { error: 'rates must be a list of rates.' })
    .min(1, 'Give at least one rate.')
    .max(RATE_KEYS.length * 2, 'Too many rates in one request.'),
  confirm: z.boolean().optional().describe('True to accept a change of more than 20 % from the rate in force'),
});
export type RatesUpdate = z.infer<typeof RatesUpdateSchema>;

const DatedRateSchema = z.object({ paise: z.number().int(), date: z.string() });

export const RateRowSchema = z.object({
  key: z.enum(RATE_KEYS),
  label: z.string(),
  metal: z.enum(['gold', 'platinum', 'silver', 'diamond']),
  /** Purity of a metal, null for a diamond grade. */
  purity: z.number().int().nullable(),
  /** Diamond grade, null for a metal. */
  quality: z.string().nullable(),
  unit: z.enum(['gram', 'carat']),
  /** Today's rate, when it has been set today. */
  today: z.number().int().nullable(),
  /** The rate in force today (the newest on or before today) and its date; null when none was ever set. */
  inForce: DatedRateSchema.nullable(),
  /** The rate that was in force yesterday, for comparison. */
  yesterday: DatedRateSchema.nullable(),
});
export type RateRow = z.infer<typeof RateRowSchema>;

/** A typical piece and what its price is made of, so the rates screen shows what new rates do to it (priceChoice). */
export const RateSampleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sku: z.string(),
  /** The rate its default choice is priced at ('gold:22'). */
  key: z.enum(RATE_KEYS),
  /** Its price today (GST included), at the rates in force. */
  pricePaise: z.number().int(),
  pricing: PricingContextSchema,
});
export type RateSample = z.infer<typeof RateSampleSchema>;

export const RatesAnswerSchema = z.object({
  /** Today's Indian date. */
  today: z.string(),
  yesterday: z.string(),
  /** True when every rate has been set today. */
  todayComplete: z.boolean(),
  rates: z.array(RateRowSchema),
  /** Every rate set in the last `days` days (oldest first), for the chart. */
  history: z.object({
    days: z.number().int(),
    from: z.string(),
    series: z.array(
      z.object({
        key: z.enum(RATE_KEYS),
        /** The rate already in force when the window opens (set before `from`), so the line starts there; null if none. */
        before: DatedRateSchema.nullable(),
        points: z.array(DatedRateSchema),
      }),
    ),
  }),
  samples: z.array(RateSampleSchema),
});
export type RatesAnswer = z.infer<typeof RatesAnswerSchema>;

export const RatesQuerySchema = z.object({
  days: z.coerce
    .number({ error: 'days must be a number.' })
    .int('days must be a whole number.')
    .min(1, 'days must be at least 1.')
    .max(RATE_HISTORY_MAX_DAYS, `days must be at most ${RATE_HISTORY_MAX_DAYS}.`)
    .optional(),
});

export const RatesUpdateAnswerSchema = z.object({
  date: z.string(),
  /** The rates written, keyed as in RATE_KEYS, in paise. */
  written: z.record(z.string(), z.number().int()),
  /** How many products' list prices changed. */
  repriced: z.number().int(),
});
export type RatesUpdateAnswer = z.infer<typeof RatesUpdateAnswerSchema>;
