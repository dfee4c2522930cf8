import { describe, expect, it } from 'vitest';
import { weightDifference } from './weight.ts';

describe('weightDifference', () => {
  it('is nothing within the tolerance, either way, and at its edge', () => {
    expect(weightDifference(5_000, 5_100, 700_000, 2, 3)).toEqual({ kind: null, differenceMg: 100, amountPaise: 0, metalPaise: 0, makingPaise: 0 });
    expect(weightDifference(5_000, 4_900, 700_000, 2, 3).kind).toBeNull();
  });
  it('charges a heavier piece: grams × rate plus GST, rounded once', () => {
    // 0.25 g × Rs. 7,000/g = Rs. 1,750; + 3 % = Rs. 1,802.50.
    expect(weightDifference(5_000, 5_250, 700_000, 2, 3)).toEqual({
      kind: 'charge',
      differenceMg: 250,
      amountPaise: 180_250,
      metalPaise: 175_000,
      makingPaise: 0,
    });
  });
  it('refunds a lighter piece, and rounds half a paisa once', () => {
    // 0.201 g × 6,543.21 = 1,315.18521 → + 3 % = 1,354.640766 → Rs. 1,354.64.
    expect(weightDifference(5_000, 4_799, 654_321, 2, 3)).toEqual({
      kind: 'refund',
      differenceMg: -201,
      amountPaise: 135_464,
      metalPaise: 131_519,
      makingPaise: 0,
    });
  });
  it('with no tolerance any difference counts; a zero rate costs nothing', () => {
    expect(weightDifference(1_000, 1_001, 700_000, 0, 3).kind).toBe('charge');
    expect(weightDifference(1_000, 1_100, 0, 0, 3).kind).toBeNull();
  });
  it('moves a making charged as a percent of the metal or per gram with the metal (issue 39), after the sale', () => {
    // 0.4 g missing × Rs. 6,500/g = Rs. 2,600 metal; 12.5 % making = Rs. 325; + 3 % GST = Rs. 3,012.75.
    expect(weightDifference(6_200, 5_800, 650_000, 2, 3, { percentHundredths: 1250 })).toEqual({
      kind: 'refund',
      differenceMg: -400,
      amountPaise: 301_275,
      metalPaise: 260_000,
      makingPaise: 32_500,
    });
    // Rs. 650 a gram of making on 0.4 g = Rs. 260, half off on a sale = Rs. 130.
    expect(weightDifference(6_200, 5_800, 650_000, 2, 3, { paisePerGram: 65_000, saleMakingPercent: 50 })).toMatchObject({
      amountPaise: Math.round(((260_000 + 13_000) * 103) / 100),
      makingPaise: 13_000,
    });
    // A making per piece does not move.
    expect(weightDifference(6_200, 5_800, 650_000, 2, 3, {}).makingPaise).toBe(0);
  });
});
