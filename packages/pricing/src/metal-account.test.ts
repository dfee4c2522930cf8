import { describe, expect, it } from 'vitest';
import { assayFineMg, fineGoldBuyBack, metalAccountPlan, metalCreditExpiry, pieceFineMg, purityPerMilleOf } from './metal-account.ts';
import { orderTotals } from './totals.ts';

describe('the metal account’s sums (issue 42)', () => {
  it('credits gross × purity less the melting loss, rounded down to the mg', () => {
    // 10 g at 916 is 9.160 g fine; 2 % melting loss leaves 8.976 g.
    expect(assayFineMg({ grossMg: 10_000, purityPerMille: 916, meltingLossPerMille: 20 })).toBe(8_976);
    expect(assayFineMg({ grossMg: 3_333, purityPerMille: 750, meltingLossPerMille: 0 })).toBe(2_499);
    expect(() => assayFineMg({ grossMg: -1, purityPerMille: 916, meltingLossPerMille: 0 })).toThrow(RangeError);
    expect(() => assayFineMg({ grossMg: 1_000, purityPerMille: 1_000, meltingLossPerMille: 0 })).toThrow(RangeError);
  });

  it('reads a purity as the karatmeter’s per mille or as karats by BIS fineness', () => {
    expect(purityPerMilleOf('916')).toBe(916);
    expect(purityPerMilleOf('22K')).toBe(916);
    expect(purityPerMilleOf('18 kt')).toBe(750);
    expect(purityPerMilleOf('0')).toBeNull();
    expect(purityPerMilleOf('1000')).toBeNull();
    expect(purityPerMilleOf('30k')).toBeNull();
    expect(purityPerMilleOf('gold')).toBeNull();
  });

  it('knows a gold piece’s fine gold, and that other metals have none', () => {
    expect(pieceFineMg('gold', 22, 5_000)).toBe(4_580);
    expect(pieceFineMg('silver', 925, 5_000)).toBeNull();
    expect(pieceFineMg('gold', null, 5_000)).toBeNull();
  });

  it('pays each line’s metal up to its fine gold, the whole metal when the grams cover it, a share rounded down when not', () => {
    const lines = [
      { fineMgPerPiece: 4_580, metalPaisePerPiece: 3_250_000, quantity: 2 },
      { fineMgPerPiece: null, metalPaisePerPiece: 900_000, quantity: 1 },
      { fineMgPerPiece: 2_000, metalPaisePerPiece: 1_400_001, quantity: 1 },
    ];
    const all = metalAccountPlan(lines, 100_000);
    expect(all.lines).toEqual([
      { usedMg: 9_160, paise: 6_500_000 },
      { usedMg: 0, paise: 0 },
      { usedMg: 2_000, paise: 1_400_001 },
    ]);
    expect(all.usedMg).toBe(11_160);
    const some = metalAccountPlan(lines, 10_000);
    expect(some.lines[2]).toEqual({ usedMg: 840, paise: Math.floor((1_400_001 * 840) / 2_000) });
    expect(some.usedMg).toBe(10_000);
    expect(metalAccountPlan(lines, 0).paise).toBe(0);
  });

  it('settles the total before the other balances and leaves its GST alone', () => {
    const t = orderTotals({
      lines: [{ unitPricePaise: 10_000_000, quantity: 1 }],
      shippingFeePaise: 0,
      metalAccountPaise: 6_500_000,
      storeCreditBalancePaise: 5_000_000,
    });
    expect(t.gstPaise).toBe(orderTotals({ lines: [{ unitPricePaise: 10_000_000, quantity: 1 }], shippingFeePaise: 0 }).gstPaise);
    expect(t.metalAccountPaise).toBe(6_500_000);
    expect(t.storeCreditPaise).toBe(3_500_000);
    expect(t.payablePaise).toBe(0);
  });

  it('buys fine gold back at the 24 kt rate times the buy-back percent, rounded down; a credit lasts 365 days', () => {
    expect(fineGoldBuyBack(1_001, 750_000, 90)).toBe(Math.floor((1_001 * 750_000 * 90) / 100_000));
    expect(() => fineGoldBuyBack(0, 750_000, 90)).toThrow(RangeError);
    expect(metalCreditExpiry(new Date('2026-01-01T00:00:00Z')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });
});
