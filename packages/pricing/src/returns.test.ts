import { describe, expect, it } from 'vitest';
import { returnLineAmount, returnLineValues, returnRefundSplit } from './returns.ts';

describe('returnLineValues', () => {
  it('shares the discount over the lines in proportion and adds up to the paisa', () => {
    const lines = [
      { lineId: 1, lineTotalPaise: 10_000_01, quantity: 1 },
      { lineId: 2, lineTotalPaise: 20_000_00, quantity: 3 },
      { lineId: 3, lineTotalPaise: 3_333_33, quantity: 1 },
    ];
    const values = returnLineValues(lines, 1_000_00);
    const sum = [...values.values()].reduce((a, b) => a + b, 0);
    expect(sum).toBe(10_000_01 + 20_000_00 + 3_333_33 - 1_000_00);
    expect(values.get(2)!).toBeLessThan(20_000_00);
    expect(values.get(2)! - values.get(1)!).toBeGreaterThan(9_000_00);
  });
  it('without a discount each line is its total; a discount beyond the goods takes them to zero', () => {
    expect(returnLineValues([{ lineId: 7, lineTotalPaise: 5_00, quantity: 1 }], 0).get(7)).toBe(5_00);
    expect(returnLineValues([{ lineId: 7, lineTotalPaise: 5_00, quantity: 1 }], 9_00).get(7)).toBe(0);
  });
});

describe('returnLineAmount', () => {
  it('returns of one line add up to its value, whatever the order of the returns', () => {
    const value = 10_000_00 + 1;
    const a = returnLineAmount(value, 3, 0, 1);
    const b = returnLineAmount(value, 3, 1, 1);
    const c = returnLineAmount(value, 3, 2, 1);
    expect(a + b + c).toBe(value);
    expect(returnLineAmount(value, 3, 0, 3)).toBe(value);
    expect(returnLineAmount(value, 3, 0, 2) + returnLineAmount(value, 3, 2, 1)).toBe(value);
  });
  it('refuses more than was bought, or nothing', () => {
    expect(() => returnLineAmount(100, 2, 1, 2)).toThrow(RangeError);
    expect(() => returnLineAmount(100, 2, 0, 0)).toThrow(RangeError);
  });
});

describe('returnRefundSplit', () => {
  const order = { totalPaise: 100_000_00, harvestCreditPaise: 0, storeCreditPaise: 0, online: true };
  it('an order paid online goes back to the payment', () => {
    expect(returnRefundSplit(40_000_00, order, 100_000_00)).toEqual({ gatewayPaise: 40_000_00, storeCreditPaise: 0 });
  });
  it('the part paid with Harvest or store credit goes back as store credit, in proportion', () => {
    expect(returnRefundSplit(40_000_00, { ...order, harvestCreditPaise: 20_000_00, storeCreditPaise: 5_000_00 }, 75_000_00)).toEqual({
      gatewayPaise: 30_000_00,
      storeCreditPaise: 10_000_00,
    });
  });
  it('what the payment has no room for, and all of a pay-on-delivery order, is store credit', () => {
    expect(returnRefundSplit(40_000_00, order, 25_000_00)).toEqual({ gatewayPaise: 25_000_00, storeCreditPaise: 15_000_00 });
    expect(returnRefundSplit(40_000_00, { ...order, online: false }, 0)).toEqual({ gatewayPaise: 0, storeCreditPaise: 40_000_00 });
  });
});
