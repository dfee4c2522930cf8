import { describe, expect, it } from 'vitest';
import { priceChoice } from './choice.ts';
import { listedSale, priceJewellery, PricingError, salePrice, type PriceInput } from './price.ts';

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

  it('prices making stated as a percent of the metal per choice, and a sale cuts that making', () => {
    // 12.5 % of Rs 36,750 = Rs 4,593.75
    const p = priceJewellery({ ...base, makingChargePaise: 999_999_99, makingPercentHundredths: 1250 });
    expect(p.makingPaise).toBe(4_593_75);
    expect(p.totalPaise).toBe(Math.round((36_750_00 + 4_593_75) * 1.03));
    const k18 = priceJewellery({ ...base, ratePaisePerGram: 5_73_000, makingPercentHundredths: 1250 });
    expect(k18.makingPaise).toBe(Math.round((5_250 * 5_73_000 * 1250) / 10_000 / 1000));
    const onSale = priceJewellery({ ...base, makingPercentHundredths: 1250, saleMakingPercent: 50 });
    expect(onSale.makingBeforePaise).toBe(4_593_75);
    expect(onSale.makingPaise).toBe(4_593_75 - Math.floor(4_593_75 / 2));
    expect(() => priceJewellery({ ...base, makingPercentHundredths: -1 })).toThrow(PricingError);
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

describe('a sale: percent off the making charges (DECISIONS §7)', () => {
  it('takes half the making and its GST off, and gives the price before, the price now and the percentage off', () => {
    const p = priceJewellery({ ...base, saleMakingPercent: 50 });
    // Rs 4,500 making halved: Rs 2,250 off, plus 3 % GST on it = Rs 2,317.50 off Rs 42,487.50
    expect(p.beforePaise).toBe(42_487_50);
    expect(p.saleDiscountPaise).toBe(2_317_50);
    expect(p.totalPaise).toBe(40_170_00);
    expect(p.salePercentOff).toBe(5);
    expect(p.makingPaise).toBe(2_250_00);
    expect(p.makingBeforePaise).toBe(4_500_00);
    // The metal is never discounted, and the lines still add up to what is paid.
    expect(p.metalPaise).toBe(36_750_00);
    expect(p.metalPaise + p.makingPaise + p.stonesPaise + p.diamondPaise + p.gstPaise).toBe(p.totalPaise);
  });

  it('is no discount without a sale: before and now are the same price', () => {
    const p = priceJewellery(base);
    expect(p).toMatchObject({ beforePaise: 42_487_50, totalPaise: 42_487_50, saleDiscountPaise: 0, salePercentOff: 0 });
  });

  it('rounds the cut of the making down to the paisa', () => {
    expect(salePrice({ beforePaise: 1_000_00, makingChargePaise: 333, makingDiscountPercent: 50, gstPercent: 3 })).toEqual({
      beforePaise: 1_000_00,
      nowPaise: 1_000_00 - 171, // 166 paise off the making, 171 with GST
      discountPaise: 171,
      makingAfterPaise: 167,
      percentOff: 1, // 0.17 % shows as 1 %, never as a discount of 0 %
    });
  });

  it('leaves a fixed-price piece, which has no making charge, at its price', () => {
    const p = priceJewellery({ ...base, metalWeightMg: null, fixedPricePaise: 10_300_00, saleMakingPercent: 50 });
    expect(p).toMatchObject({ totalPaise: 10_300_00, beforePaise: 10_300_00, saleDiscountPaise: 0, salePercentOff: 0 });
  });

  it('gives the listing (from the list price) and the product page (from the weights) the same price now', () => {
    const page = priceJewellery({ ...base, saleMakingPercent: 50 });
    const tile = salePrice({
      beforePaise: priceJewellery(base).totalPaise,
      makingChargePaise: base.makingChargePaise,
      makingDiscountPercent: 50,
      gstPercent: 3,
    });
    expect(tile.nowPaise).toBe(page.totalPaise);
    expect(tile.percentOff).toBe(page.salePercentOff);
  });

  it('follows the choice on the product page: the card carries the sale', () => {
    const card = {
      metalWeightMg: base.metalWeightMg,
      makingChargePaise: base.makingChargePaise,
      stoneValuePaise: 0,
      diamondWeightCents: 0,
      fixedPricePaise: null,
      gstPercent: 3,
      defaultPurity: 22,
      defaultDiamondQuality: null,
      ratesPaisePerGram: { '18': 5_73_000, '22': 7_00_000 },
      diamondRatesPaisePerCarat: {},
    };
    expect(priceChoice({ ...card, sale: { makingDiscountPercent: 50 } })!.totalPaise).toBe(40_170_00);
    expect(priceChoice({ ...card, sale: null })!.totalPaise).toBe(42_487_50);
  });

  it('refuses a percentage outside 0-100', () => {
    expect(() => salePrice({ beforePaise: 100, makingChargePaise: 10, makingDiscountPercent: 101, gstPercent: 3 })).toThrow(PricingError);
    expect(() => priceJewellery({ ...base, saleMakingPercent: -5 })).toThrow(PricingError);
  });
});

describe('listedSale: the sale a listed piece shows (issue 38)', () => {
  const piece = { listPricePaise: 50_000_00, makingChargePaise: 6_000_00, weighed: true };
  it('is salePrice on the list price at the best running cut', () => {
    expect(listedSale(piece, 50, 3)).toEqual(salePrice({ beforePaise: 50_000_00, makingChargePaise: 6_000_00, makingDiscountPercent: 50, gstPercent: 3 }));
    expect(listedSale(piece, 50, 3)!.nowPaise).toBe(50_000_00 - 3_090_00);
  });
  it('is nothing without a sale, on a typed price, or when the cut comes to nothing', () => {
    expect(listedSale(piece, null, 3)).toBeNull();
    expect(listedSale({ ...piece, weighed: false }, 50, 3)).toBeNull();
    expect(listedSale({ ...piece, makingChargePaise: 0 }, 50, 3)).toBeNull();
    expect(listedSale(piece, 0, 3)).toBeNull();
  });
});
