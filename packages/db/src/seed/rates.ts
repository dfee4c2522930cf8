/**
 * Demo rates for the seed day: believable 2026 Indian retail rates, not live data. Gold purities
 * follow the trade's own ratios of the 24 kt rate (22 kt at 91.6 %, 18 kt at 75 %, 14 kt at 58.5 %).
 */
export const GST_PERCENT = 3;

export const METAL_RATES_RUPEES_PER_GRAM: readonly { metal: 'gold' | 'platinum' | 'silver'; purity: number; rupees: number }[] = [
  { metal: 'gold', purity: 24, rupees: 13_650 },
  { metal: 'gold', purity: 22, rupees: 12_505 },
  { metal: 'gold', purity: 18, rupees: 10_240 },
  { metal: 'gold', purity: 14, rupees: 7_985 },
  { metal: 'platinum', purity: 950, rupees: 4_720 },
  { metal: 'silver', purity: 925, rupees: 182 },
];

/** Per carat of small natural diamonds by clarity-colour grade. */
export const DIAMOND_RATES_RUPEES_PER_CARAT = {
  'SI-IJ': 52_000,
  'SI-GH': 64_000,
  'VVS-GH': 82_000,
  'VVS-EF': 1_05_000,
} as const;
