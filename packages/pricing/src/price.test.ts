import { describe, expect, it } from 'vitest';
import { priceJewellery, PricingError, type PriceInput } from './price.ts';

const base: PriceInput = {
  metalWeightMg: 5_250, // 5.25 g
  ratePaisePerGram: 7_00_000, // Rs. 7,000 per gram
  makingChargePaise: 4_500_00,
  stoneValuePaise: 0,
  diamondWeightCents: 0,
  diamondRatePaisePerCarat: 0,
  fixedPricePaise: null,
  gstPercent: 3,
};

describe('priceJewellery', () => {
  it('prices gold by weight × rate + making, plus 3 % GST', () => {
    const p = priceJewellery(base);
    // 5.25 g × Rs 7,000 = Rs 36,750; + Rs 4,500 making = Rs 41,250; GST Rs 1,237.50
    expect(p.metalPaise).toBe(36_750_00);
    expect(p.totalPaise).toBe(42_487_50);
    expect(p.gstPaise).toBe(1_237_50);
    expect(p.computed).toBe(true);
  });

  it('changes with purity: a higher karat rate gives a higher price', () => {
    const k18 = priceJewellery({ ...base, ratePaisePerGram: 5_73_000 });
    const k22 = priceJewellery({ ...base, ratePaisePerGram: 7_00_000 });
    expect(k22.totalPaise).toBeGreaterThan(k18.totalPaise);
  });

  it('adds diamonds by weight and quality', () => {
    const p = priceJewellery({ ...base, diamondWeightCents: 25, diamondRatePaisePerCarat: 80_000_00 });
    expect(p.diamondPaise).toBe(20_000_00); // quarter carat at Rs 80,000/ct
    expect(p.totalPaise).toBe(Math.round((36_750_00 + 4_500_00 + 20_000_00) * 1.03));
  });

  it('rounds once, at the end, and the lines add up to the total', () => {
    const p = priceJewellery({ ...base, metalWeightMg: 1_333, ratePaisePerGram: 6_99_999, makingChargePaise: 1 });
    const exact = ((1_333 * 6_99_999) / 1000 + 1) * 1.03;
    expect(p.totalPaise).toBe(Math.round(exact));
    expect(p.metalPaise + p.makingPaise + p.stonesPaise + p.diamondPaise + p.gstPaise).toBe(p.totalPaise);
  });

  it('keeps the typed price for pieces without a weight', () => {
    const p = priceJewellery({ ...base, metalWeightMg: null, fixedPricePaise: 10_300_00 });
    expect(p.totalPaise).toBe(10_300_00);
    expect(p.gstPaise).toBe(300_00);
    expect(p.computed).toBe(false);
  });

  it('refuses nonsense', () => {
    expect(() => priceJewellery({ ...base, metalWeightMg: -1 })).toThrow(PricingError);
    expect(() => priceJewellery({ ...base, ratePaisePerGram: 1.5 })).toThrow(PricingError);
    expect(() => priceJewellery({ ...base, metalWeightMg: null })).toThrow(PricingError);
  });
});
