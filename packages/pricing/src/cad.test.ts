import { describe, expect, it } from 'vitest';
import { cadAdvance, cadDefaultMaking, cadDiamondValue, cadMetalValue, cadPretax, cadPrice, cadPriceAddsUp } from './cad.ts';

describe('a CAD sheet’s price', () => {
  it('rounds the total once and lets the GST line take the rounding, so the lines add up', () => {
    const metal = cadMetalValue(4_250, 6_543_21); // 4.250 g at Rs. 6,543.21 a gram
    expect(metal).toBe(27_808_64);
    const price = cadPrice({ metalPaise: metal, makingPaise: cadDefaultMaking(metal, 12), diamondPaise: cadDiamondValue(55_000_00, 15), stonesPaise: 0 }, 3);
    expect(price.makingPaise).toBe(3_337_04);
    expect(price.diamondPaise).toBe(8_250_00);
    expect(price.totalPaise).toBe(Math.round(((27_808_64 + 3_337_04 + 8_250_00) * 103) / 100));
    expect(cadPriceAddsUp(price, price.totalPaise)).toBe(true);
    expect(cadPriceAddsUp({ ...price, gstPaise: price.gstPaise + 1 }, price.totalPaise)).toBe(false);
  });

  it('takes the advance as a percent of the total, rounded once, and finds the part before GST', () => {
    expect(cadAdvance(40_578_02, 30)).toBe(12_173_41);
    expect(cadPretax(103_00, 3)).toBe(100_00);
  });
});
