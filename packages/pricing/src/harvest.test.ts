import { describe, expect, it } from 'vitest';
import { addMonths, dateInWords, daysBetween, harvestBreakdown, harvestSchedule, indianDate, monthlyAmountProblem, startOfIndianDate } from './harvest.ts';

describe('Milli Harvest schedule', () => {
  it('charges half of the first instalment, lets the store pay the 11th, and counts all eleven in full', () => {
    const { rows } = harvestSchedule('2026-11-23', 200_000);
    expect(rows).toHaveLength(11);
    expect(rows[0]).toMatchObject({ number: 1, dueDate: '2026-11-23', amountPaise: 200_000, discountPaise: 100_000, payablePaise: 100_000, free: false });
    expect(rows.slice(1, 10).every((r) => r.discountPaise === 0 && r.payablePaise === 200_000)).toBe(true);
    expect(rows[10]).toMatchObject({ number: 11, dueDate: '2027-09-23', discountPaise: 200_000, payablePaise: 0, free: true });
    expect(harvestBreakdown(200_000)).toEqual({ monthlyPaise: 200_000, youPayPaise: 1_900_000, storeAddsPaise: 300_000, redeemablePaise: 2_200_000 });
    const paid = rows.reduce((n, r) => n + r.payablePaise, 0);
    expect(paid).toBe(harvestBreakdown(200_000).youPayPaise);
  });

  it('falls due monthly and keeps month ends inside their month', () => {
    expect(
      harvestSchedule('2027-01-31', 100_000)
        .rows.slice(0, 3)
        .map((r) => r.dueDate),
    ).toEqual(['2027-01-31', '2027-02-28', '2027-03-31']);
    expect(addMonths('2027-12-15', 1)).toBe('2028-01-15');
    expect(addMonths('2027-11-30', 3)).toBe('2028-02-29');
  });

  it('matures on the 11th date, always within 365 days of the start', () => {
    for (let day = 0; day < 800; day += 1) {
      const start = new Date(Date.UTC(2026, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
      const { rows, maturityDate } = harvestSchedule(start, 100_000);
      expect(maturityDate).toBe(rows[10]!.dueDate);
      expect(daysBetween(start, maturityDate)).toBeLessThanOrEqual(365);
      expect(daysBetween(rows[9]!.dueDate, maturityDate)).toBeGreaterThanOrEqual(28);
    }
  });

  it('accepts Rs. 1,000 and up in steps of Rs. 500, with a ceiling', () => {
    expect(monthlyAmountProblem(1000)).toBeNull();
    expect(monthlyAmountProblem(2500)).toBeNull();
    expect(monthlyAmountProblem(500)).toMatch(/at least Rs\. 1,000/);
    expect(monthlyAmountProblem(1200)).toMatch(/multiple of Rs\. 500/);
    expect(monthlyAmountProblem(1000.5)).toMatch(/multiple/);
    expect(monthlyAmountProblem(10_00_000)).toMatch(/at most/);
    expect(monthlyAmountProblem(Number.NaN)).toMatch(/enter/);
  });

  it('uses Indian calendar dates', () => {
    expect(indianDate(new Date('2026-11-23T19:00:00Z'))).toBe('2026-11-24');
    // Around midnight in India (18:30 UTC), asked in any order: the day it remembers never answers for another.
    for (const [at, day] of [
      ['2026-11-23T18:29:59.999Z', '2026-11-23'],
      ['2026-11-23T18:30:00.000Z', '2026-11-24'],
      ['2026-11-23T18:29:59.999Z', '2026-11-23'],
      ['2026-11-24T18:29:59.999Z', '2026-11-24'],
      ['2026-11-24T18:30:00.000Z', '2026-11-25'],
      ['1969-12-31T18:30:00.000Z', '1970-01-01'],
      ['1969-12-31T18:29:59.999Z', '1969-12-31'],
    ] as const) {
      expect(indianDate(new Date(at)), at).toBe(day);
    }
    expect(() => indianDate(new Date('not a date'))).toThrow(RangeError);
    expect(startOfIndianDate('2026-11-24').toISOString()).toBe('2026-11-23T18:30:00.000Z');
  });
});

describe('dateInWords', () => {
  it('writes a calendar date, or an ISO timestamp’s day, as a letter does', () => {
    expect(dateInWords('2026-11-24')).toBe('24 November 2026');
    expect(dateInWords('2027-01-05T18:30:00.000Z')).toBe('5 January 2027');
  });
});
