import { describe, expect, it } from 'vitest';
import { gramsToMg, tradeInEstimate, tradeInRatePaisePerGram } from './trade-in.ts';

describe('old gold trade-in estimate', () => {
  it('takes the 24K rate as 999 fine and scales it to the purity', () => {
    expect(tradeInRatePaisePerGram(7_500_00, 24)).toBe(7_500_00);
    // 750000 × 916 / 999 = 687687.687… → 687688
    expect(tradeInRatePaisePerGram(7_500_00, 22)).toBe(687_688);
    expect(tradeInRatePaisePerGram(7_500_00, 18)).toBe(563_063);
    expect(tradeInRatePaisePerGram(7_500_00, 9)).toBe(281_532);
  });

  it('is weight × the purity rate × the trade-in percentage, in paise, half up', () => {
    // 10 g of 22K at 687688 paise a gram, 95 %: 6876880 × 0.95 = 6533036
    expect(tradeInEstimate({ weightMg: 10_000, purity: 22, rate24PaisePerGram: 7_500_00, tradeInPercent: 95 })).toEqual({
      ratePaisePerGram: 687_688,
      estimatePaise: 6_533_036,
    });
    // 1 mg of 24K at 750000 paise, 100 %: 750 paise
    expect(tradeInEstimate({ weightMg: 1, purity: 24, rate24PaisePerGram: 7_500_00, tradeInPercent: 100 }).estimatePaise).toBe(750);
    // 12.345 g 18K at 95 %: 12345 × 563063 × 95 / 100000 = 6603462.09… → 6603462
    expect(tradeInEstimate({ weightMg: 12_345, purity: 18, rate24PaisePerGram: 7_500_00, tradeInPercent: 95 }).estimatePaise).toBe(6_603_462);
    expect(tradeInEstimate({ weightMg: 10_000, purity: 22, rate24PaisePerGram: 7_500_00, tradeInPercent: 0 }).estimatePaise).toBe(0);
  });

  it('stays exact for 10 kg at a high rate', () => {
    expect(tradeInEstimate({ weightMg: 10_000_000, purity: 24, rate24PaisePerGram: 99_999_999, tradeInPercent: 100 }).estimatePaise).toBe(999_999_990_000);
  });

  it('refuses nonsense', () => {
    expect(() => tradeInEstimate({ weightMg: 0, purity: 22, rate24PaisePerGram: 1, tradeInPercent: 95 })).toThrow(RangeError);
    expect(() => tradeInEstimate({ weightMg: 1, purity: 22, rate24PaisePerGram: 1, tradeInPercent: 101 })).toThrow(RangeError);
  });

  it('reads grams with up to 3 decimals as milligrams', () => {
    expect(gramsToMg('12')).toBe(12_000);
    expect(gramsToMg('12.5')).toBe(12_500);
    expect(gramsToMg('0.125')).toBe(125);
    expect(gramsToMg(' 10000 ')).toBe(10_000_000);
    for (const bad of ['', '0', '0.000', '1.2345', '-1', '1e3', 'abc', '10000.001', '12,5']) expect(gramsToMg(bad), bad).toBeNull();
  });
});
