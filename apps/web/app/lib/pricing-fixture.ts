import type { PricingContext } from '@milli/contracts';

/**
 * For tests: a 5.25 g gold piece's pricing with a day's rates for 14 to 24 kt and the four diamond grades,
 * in yellow gold, without sizes; `over` changes what a test is about.
 */
export function goldPricing(over: Partial<PricingContext> = {}): PricingContext {
  return {
    metal: 'gold',
    metalWeightMg: 5_250,
    makingChargePaise: 4_500_00,
    makingPaisePerGram: null,
    sizeWeightsMg: {},
    stoneValuePaise: 0,
    diamondWeightCents: 0,
    fixedPricePaise: null,
    gstPercent: 3,
    defaultPurity: 22,
    defaultDiamondQuality: null,
    sale: null,
    ratesPaisePerGram: { '14': 7_985_00, '18': 10_240_00, '22': 12_505_00, '24': 13_650_00 },
    diamondRatesPaisePerCarat: { 'SI-IJ': 52_000_00, 'SI-GH': 64_000_00, 'VVS-GH': 82_000_00, 'VVS-EF': 1_05_000_00 },
    ratesDate: '2026-01-01',
    defaultColour: 'Yellow Gold',
    purities: [14, 18, 22, 24],
    colours: ['Yellow Gold'],
    diamondQualities: [],
    sizeKind: null,
    sizes: [],
    ...over,
  };
}
