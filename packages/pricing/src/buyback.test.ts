import { describe, expect, it } from 'vitest';
import { buybackValue } from './buyback.ts';

const settings = { exchangePercent: 100, buybackPercent: 95, diamondExchangePercent: 90, diamondBuybackPercent: 75 };

describe('buybackValue', () => {
  it('values plain gold at weight × today’s rate, 100 % for an exchange and 95 % for a buy-back', () => {
    // 4.235 g of 22 kt at Rs. 7,150.50 a gram = Rs. 30,282.3675 → 3028237 paise (half up)
    const v = buybackValue({ metalWeightMg: 4235, ratePaisePerGram: 715050, diamondWeightCents: 0, diamondRatePaisePerCarat: null, ...settings });
    expect(v.metalValuePaise).toBe(3028237);
    expect(v.diamondValuePaise).toBe(0);
    expect(v.exchangeValuePaise).toBe(3028237);
    // 95 % of 3028237 = 2876825.15 → rounded down to 2876825
    expect(v.buybackValuePaise).toBe(2876825);
  });

  it('adds the diamonds at their own percentages, each share rounded down to the paisa', () => {
    // 2 g at Rs. 6,000 = 1200000; 33 cents at Rs. 65,000.01 a carat = 2145000.33 → 2145000
    const v = buybackValue({ metalWeightMg: 2000, ratePaisePerGram: 600000, diamondWeightCents: 33, diamondRatePaisePerCarat: 6500001, ...settings });
    expect(v.diamondValuePaise).toBe(2145000);
    expect(v.exchangeValuePaise).toBe(1200000 + 1930500);
    expect(v.buybackValuePaise).toBe(1140000 + 1608750);
  });

  it('rounds a share down, never up', () => {
    const v = buybackValue({
      metalWeightMg: 1,
      ratePaisePerGram: 1999,
      diamondWeightCents: 0,
      diamondRatePaisePerCarat: null,
      ...settings,
      buybackPercent: 99,
    });
    // 1 mg × 1999 paise/g = 1.999 → 2 paise; 99 % of 2 = 1.98 → 1
    expect(v.metalValuePaise).toBe(2);
    expect(v.buybackValuePaise).toBe(1);
  });

  it('gives nothing for a piece without a weight or a rate (valued in store)', () => {
    expect(
      buybackValue({ metalWeightMg: null, ratePaisePerGram: 600000, diamondWeightCents: 0, diamondRatePaisePerCarat: null, ...settings }).exchangeValuePaise,
    ).toBe(0);
    expect(
      buybackValue({ metalWeightMg: 2000, ratePaisePerGram: null, diamondWeightCents: 0, diamondRatePaisePerCarat: null, ...settings }).buybackValuePaise,
    ).toBe(0);
  });

  it('follows the rate: a higher rate gives a higher value', () => {
    const at = (rate: number) =>
      buybackValue({ metalWeightMg: 5000, ratePaisePerGram: rate, diamondWeightCents: 0, diamondRatePaisePerCarat: null, ...settings }).exchangeValuePaise;
    expect(at(700000)).toBe(3500000);
    expect(at(710000)).toBe(3550000);
  });

  it('refuses nonsense', () => {
    expect(() => buybackValue({ metalWeightMg: -1, ratePaisePerGram: 1, diamondWeightCents: 0, diamondRatePaisePerCarat: null, ...settings })).toThrow(
      RangeError,
    );
    expect(() =>
      buybackValue({ metalWeightMg: 1, ratePaisePerGram: 1, diamondWeightCents: 0, diamondRatePaisePerCarat: null, ...settings, buybackPercent: 101 }),
    ).toThrow(RangeError);
  });
});
