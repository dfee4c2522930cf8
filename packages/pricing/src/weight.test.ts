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
  it('values the grams a rate lock priced at the locked rate, and the rest at the day’s (issue 42)', () => {
    const lock = { weightMg: 5_000, ratePaisePerGram: 600_000 };
    // Wholly locked, 0.3 g lighter: 0.3 g × Rs. 6,000 (not the day's Rs. 7,000) = Rs. 1,800; 12.5 % making = Rs. 225; + 3 %.
    expect(weightDifference(5_000, 4_700, 700_000, 2, 3, { percentHundredths: 1250, lock })).toEqual({
      kind: 'refund',
      differenceMg: -300,
      amountPaise: Math.round(((180_000 + 22_500) * 103) / 100),
      metalPaise: 180_000,
      makingPaise: 22_500,
    });
    // Heavier: the lock covered the grams sold, never more; the extra 0.3 g is the day's.
    expect(weightDifference(5_000, 5_300, 700_000, 2, 3, { lock }).metalPaise).toBe(210_000);
    // 4 g of 6 g locked, 0.5 g lighter: the unlocked grams go first, all at the day's rate.
    const partly = { weightMg: 4_000, ratePaisePerGram: 600_000 };
    expect(weightDifference(6_000, 5_500, 700_000, 2, 3, { lock: partly }).metalPaise).toBe(350_000);
    // 2.5 g lighter: 2 g unlocked at Rs. 7,000 and 0.5 g locked at Rs. 6,000 = Rs. 17,000.
    expect(weightDifference(6_000, 3_500, 700_000, 2, 3, { lock: partly }).metalPaise).toBe(1_700_000);
    // No lock, or a lock of no grams: the day's rate as before.
    expect(weightDifference(5_000, 4_700, 700_000, 2, 3, { lock: { weightMg: 0, ratePaisePerGram: 600_000 } })).toEqual(
      weightDifference(5_000, 4_700, 700_000, 2, 3),
    );
    expect(() => weightDifference(5_000, 4_700, 700_000, 2, 3, { lock: { weightMg: 5_001, ratePaisePerGram: 600_000 } })).toThrow(RangeError);
  });
});
