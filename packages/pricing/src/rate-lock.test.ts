import { describe, expect, it } from 'vitest';
import { priceChoice } from './choice.ts';
import { priceJewellery, PricingError, type PriceInput } from './price.ts';
import { advanceForUse, rateLockAdvance, rateLockPlan, type HeldRateLock } from './rate-lock.ts';
import { orderTotals, payableOf } from './totals.ts';

const piece: PriceInput = {
  metalWeightMg: 5_250,
  ratePaisePerGram: 7_00_000, // the day's Rs 7,000 a gram
  makingChargePaise: 4_500_00,
  stoneValuePaise: 0,
  diamondWeightCents: 0,
  diamondRatePaisePerCarat: 0,
  fixedPricePaise: null,
  gstPercent: 3,
};

describe('a rate lock in the one price function', () => {
  it('prices the locked metal at the lock’s rate when the day’s is higher, and the rest at the day’s', () => {
    const p = priceJewellery({ ...piece, lock: { weightMg: 3_000, ratePaisePerGram: 6_50_000 } });
    // 3 g × Rs 6,500 + 2.25 g × Rs 7,000 = Rs 19,500 + Rs 15,750 = Rs 35,250; + Rs 4,500 making; + 3 % GST
    expect(p.metalPaise).toBe(35_250_00);
    expect(p.totalPaise).toBe(Math.round((35_250_00 + 4_500_00) * 1.03));
    expect(p.lockedWeightMg).toBe(3_000);
    expect(p.lockedRatePaisePerGram).toBe(6_50_000);
    expect(p.metalPaise + p.makingPaise + p.gstPaise).toBe(p.totalPaise);
  });

  it('prices at the day’s rate when it has fallen below the lock’s: the lower of the two', () => {
    const p = priceJewellery({ ...piece, lock: { weightMg: 5_250, ratePaisePerGram: 7_20_000 } });
    expect(p.totalPaise).toBe(priceJewellery(piece).totalPaise);
    expect(p.lockedRatePaisePerGram).toBe(7_00_000);
  });

  it('moves making stated as a percent with the metal as charged', () => {
    const p = priceJewellery({ ...piece, makingPercentHundredths: 1000, lock: { weightMg: 5_250, ratePaisePerGram: 6_00_000 } });
    expect(p.makingPaise).toBe(3_150_00); // 10 % of 5.25 g × Rs 6,000
  });

  it('refuses a lock over more metal than the piece has, and priceChoice answers null', () => {
    expect(() => priceJewellery({ ...piece, lock: { weightMg: 6_000, ratePaisePerGram: 6_00_000 } })).toThrow(PricingError);
    const card = {
      metalWeightMg: 5_250,
      makingChargePaise: 4_500_00,
      stoneValuePaise: 0,
      diamondWeightCents: 0,
      fixedPricePaise: null,
      gstPercent: 3,
      defaultPurity: 22,
      defaultDiamondQuality: null,
      ratesPaisePerGram: { '22': 7_00_000 },
      diamondRatesPaisePerCarat: {},
    };
    expect(priceChoice(card, { lock: { weightMg: 6_000, ratePaisePerGram: 1 } })).toBeNull();
    expect(priceChoice(card, { lock: { weightMg: 5_250, ratePaisePerGram: 6_00_000 } })!.metalPaise).toBe(31_500_00);
  });
});

describe('rateLockPlan', () => {
  const lock = (over: Partial<HeldRateLock> = {}): HeldRateLock => ({
    id: 1,
    metal: 'gold',
    purity: 22,
    ratePaisePerGram: 6_50_000,
    mgLeft: 10_000,
    advanceLeftPaise: 6_500_00,
    ...over,
  });

  it('covers lines of the lock’s metal and purity, up to the grams left, and counts the advance in proportion', () => {
    const plan = rateLockPlan(
      [
        { metal: 'gold', purity: 22, weightMg: 4_000, quantity: 1 },
        { metal: 'gold', purity: 18, weightMg: 4_000, quantity: 1 },
        { metal: 'gold', purity: 22, weightMg: 8_000, quantity: 1 },
      ],
      [lock()],
    );
    expect(plan.shares.map((s) => s?.weightMg ?? 0)).toEqual([4_000, 0, 6_000]);
    expect(plan.shares.map((s) => s?.advancePaise ?? 0)).toEqual([2_600_00, 0, 3_900_00]);
    expect(plan.uses).toEqual([{ lockId: 1, usedMg: 10_000, advancePaise: 6_500_00 }]);
    expect(plan.advancePaise).toBe(6_500_00);
  });

  it('shares the grams left evenly over a line’s pieces, in whole mg', () => {
    const plan = rateLockPlan([{ metal: 'gold', purity: 22, weightMg: 4_000, quantity: 3 }], [lock({ mgLeft: 10_001 })]);
    expect(plan.shares[0]!.weightMg).toBe(3_333);
    expect(plan.uses[0]!.usedMg).toBe(9_999);
    expect(plan.uses[0]!.advancePaise).toBe(Math.floor((6_500_00 * 9_999) / 10_001));
  });

  it('leaves typed prices, other metals and an empty lock alone', () => {
    const plan = rateLockPlan(
      [
        { metal: 'gold', purity: 22, weightMg: null, quantity: 1 },
        { metal: 'silver', purity: 925, weightMg: 10_000, quantity: 1 },
        { metal: 'gold', purity: 22, weightMg: 1_000, quantity: 1 },
      ],
      [lock({ mgLeft: 0, advanceLeftPaise: 0 })],
    );
    expect(plan.shares).toEqual([null, null, null]);
    expect(plan.advancePaise).toBe(0);
  });

  it('the advance: never more than is left, and the last grams take the last paise', () => {
    expect(advanceForUse({ mgLeft: 3, advanceLeftPaise: 100 }, 1)).toBe(33);
    expect(advanceForUse({ mgLeft: 2, advanceLeftPaise: 67 }, 2)).toBe(67);
    expect(() => advanceForUse({ mgLeft: 2, advanceLeftPaise: 67 }, 3)).toThrow(RangeError);
    expect(rateLockAdvance(10_000, 6_50_000, 10)).toBe(6_500_00);
    expect(rateLockAdvance(1_234, 6_50_001, 10)).toBe(Math.round((1_234 * 6_50_001 * 10) / 100_000));
    expect(() => rateLockAdvance(-1, 6_50_000, 10)).toThrow(RangeError);
  });
});

describe('orderTotals with a rate lock’s advance', () => {
  it('settles the total first, before the balances, and leaves the total and its GST alone', () => {
    const t = orderTotals({
      lines: [{ unitPricePaise: 40_000_00, quantity: 1 }],
      shippingFeePaise: 0,
      rateLockAdvancePaise: 6_500_00,
      harvestBalancePaise: 50_000_00,
    });
    expect(t.totalPaise).toBe(40_000_00);
    expect(t.rateLockAdvancePaise).toBe(6_500_00);
    expect(t.harvestCreditPaise).toBe(33_500_00);
    expect(t.payablePaise).toBe(0);
    expect(payableOf({ totalPaise: 100, harvestCreditPaise: 0, rateLockAdvancePaise: 30 })).toBe(70);
    expect(orderTotals({ lines: [{ unitPricePaise: 100, quantity: 1 }], shippingFeePaise: 0, rateLockAdvancePaise: 500 }).rateLockAdvancePaise).toBe(100);
  });
});

describe('formatGrams and metalName', () => {
  it('write grams with at most three decimals and name the metal', async () => {
    const { formatGrams, metalName } = await import('./rate-lock.ts');
    expect(formatGrams(12_500)).toBe('12.5 g');
    expect(formatGrams(10_000)).toBe('10 g');
    expect(formatGrams(1)).toBe('0.001 g');
    expect(metalName('gold', 22)).toBe('22 kt gold');
    expect(metalName('silver', 925)).toBe('silver 925');
  });
});
