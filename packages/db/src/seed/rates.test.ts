import { describe, expect, it } from 'vitest';
import { METAL_RATES_RUPEES_PER_GRAM, demoRateHistory } from './rates.ts';

describe('the demo store’s past rates (issue 42)', () => {
  const history = demoRateHistory('2026-11-30', 365);

  it('covers the year before the seed day, every day but Sundays, six rates a day, never the seed day itself', () => {
    const days = [...new Set(history.map((r) => r.rateDate))];
    expect(days).not.toContain('2026-11-30');
    expect(days.every((d) => new Date(`${d}T00:00:00Z`).getUTCDay() !== 0)).toBe(true);
    expect(days.length).toBeGreaterThan(300);
    expect(days.length).toBeLessThan(315);
    expect(history).toHaveLength(days.length * 6);
    expect(days.at(-1)! < days[0]!).toBe(true);
  });

  it('keeps the purity order every day and lies within a plausible band of the seed day’s rates', () => {
    const byDay = new Map<string, Map<string, number>>();
    for (const r of history) {
      if (!byDay.has(r.rateDate)) byDay.set(r.rateDate, new Map());
      byDay.get(r.rateDate)!.set(`${r.metal}:${r.purity}`, r.ratePaisePerGram);
    }
    for (const rates of byDay.values()) {
      expect(rates.get('gold:24')!).toBeGreaterThan(rates.get('gold:22')!);
      expect(rates.get('gold:22')!).toBeGreaterThan(rates.get('gold:18')!);
      expect(rates.get('gold:18')!).toBeGreaterThan(rates.get('gold:14')!);
    }
    for (const seed of METAL_RATES_RUPEES_PER_GRAM) {
      const values = history.filter((r) => r.metal === seed.metal && r.purity === seed.purity).map((r) => r.ratePaisePerGram);
      expect(Math.min(...values)).toBeGreaterThan(seed.rupees * 100 * 0.55);
      expect(Math.max(...values)).toBeLessThan(seed.rupees * 100 * 1.25);
      // A walk, not a constant: the rate moves from day to day.
      expect(new Set(values).size).toBeGreaterThan(30);
    }
  });

  it('is the same on every run', () => {
    expect(demoRateHistory('2026-11-30', 365)).toEqual(history);
  });
});
