import { describe, expect, it } from 'vitest';
import { weightDifference } from './weight.ts';

describe('weightDifference', () => {
  it('is nothing within the tolerance, either way, and at its edge', () => {
    expect(weightDifference(5_000, 5_100, 700_000, 2, 3)).toEqual({ kind: null, differenceMg: 100, amountPaise: 0 });
    expect(weightDifference(5_000, 4_900, 700_000, 2, 3).kind).toBeNull();
  });
  it('charges a heavier piece: grams × rate plus GST, rounded once', () => {
    // 0.25 g × Rs. 7,000/g = Rs. 1,750; + 3 % = Rs. 1,802.50.
    expect(weightDifference(5_000, 5_250, 700_000, 2, 3)).toEqual({ kind: 'charge', differenceMg: 250, amountPaise: 180_250 });
  });
  it('refunds a lighter piece, and rounds half a paisa once', () => {
    // 0.201 g × 6,543.21 = 1,315.18521 → + 3 % = 1,354.640766 → Rs. 1,354.64.
    expect(weightDifference(5_000, 4_799, 654_321, 2, 3)).toEqual({ kind: 'refund', differenceMg: -201, amountPaise: 135_464 });
  });
  it('with no tolerance any difference counts; a zero rate costs nothing', () => {
    expect(weightDifference(1_000, 1_001, 700_000, 0, 3).kind).toBe('charge');
    expect(weightDifference(1_000, 1_100, 0, 0, 3).kind).toBeNull();
  });
});
