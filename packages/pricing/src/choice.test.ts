import { describe, expect, it } from 'vitest';
import { priceChoice, type RateCard } from './choice.ts';
import { priceJewellery } from './price.ts';

const ring: RateCard = {
  metalWeightMg: 4_250,
  makingChargePaise: 3_500_00,
  stoneValuePaise: 0,
  diamondWeightCents: 20,
  fixedPricePaise: null,
  gstPercent: 3,
  defaultPurity: 18,
  defaultDiamondQuality: 'SI-IJ',
  ratesPaisePerGram: { '14': 4_500_00, '18': 5_800_00, '22': 7_100_00, '24': 7_750_00 },
  diamondRatesPaisePerCarat: { 'SI-IJ': 45_000_00, 'VVS-EF': 95_000_00 },
};

describe('priceChoice', () => {
  it('prices the default choice with the one price function', () => {
    const expected = priceJewellery({
      metalWeightMg: 4_250,
      ratePaisePerGram: 5_800_00,
      makingChargePaise: 3_500_00,
      stoneValuePaise: 0,
      diamondWeightCents: 20,
      diamondRatePaisePerCarat: 45_000_00,
      fixedPricePaise: null,
      gstPercent: 3,
    });
    expect(priceChoice(ring)).toEqual({ ...expected, ratePaisePerGram: 5_800_00 });
  });

  it('goes up with purity and diamond quality', () => {
    const base = priceChoice(ring)!.totalPaise;
    expect(priceChoice(ring, { purity: 22 })!.totalPaise).toBeGreaterThan(base);
    expect(priceChoice(ring, { diamondQuality: 'VVS-EF' })!.totalPaise).toBeGreaterThan(base);
    expect(priceChoice(ring, { purity: 14 })!.totalPaise).toBeLessThan(base);
  });

  it('is null for a choice without a published rate', () => {
    expect(priceChoice(ring, { purity: 9 })).toBeNull();
    expect(priceChoice(ring, { diamondQuality: 'VVS-GH' })).toBeNull();
  });

  it('keeps a fixed price for pieces without a metal weight', () => {
    const fixed: RateCard = { ...ring, metalWeightMg: null, diamondWeightCents: 0, fixedPricePaise: 1_299_00, ratesPaisePerGram: {} };
    expect(priceChoice(fixed)!.totalPaise).toBe(1_299_00);
  });
});
