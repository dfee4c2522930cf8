import { describe, expect, it } from 'vitest';
import { DEFAULT_WEEK, parseHours, slotStart, slotsOn } from './hours.ts';

describe('opening hours and slots', () => {
  it("reads the seed's two shapes", () => {
    const all = parseHours('Mon-Sun 10:30 am - 8:30 pm');
    // 2026-11-30 is a Monday
    expect(slotsOn(all, '2026-11-30')).toEqual(['10:30', '11:30', '12:30', '13:30', '14:30', '15:30', '16:30', '17:30', '18:30', '19:30']);
    const market = parseHours('Mon-Sat 11:00 am - 8:00 pm, Sun closed');
    expect(slotsOn(market, '2026-12-05')).toEqual(['11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00', '18:00', '19:00']);
    expect(slotsOn(market, '2026-12-06')).toEqual([]);
  });

  it('reads a 24-hour clock, a single day and a range that wraps the week', () => {
    const week = parseHours('Sat-Mon 09:00-12:00, Wed 14:00 - 16:30');
    expect(slotsOn(week, '2026-12-05')).toEqual(['09:00', '10:00', '11:00']);
    expect(slotsOn(week, '2026-11-30')).toEqual(['09:00', '10:00', '11:00']);
    expect(slotsOn(week, '2026-12-01')).toEqual([]);
    expect(slotsOn(week, '2026-12-02')).toEqual(['14:00', '15:00']);
  });

  it('falls back to 10:30 to 19:30 every day when the text cannot be read', () => {
    for (const text of ['', 'By appointment', 'Mon-Sun 9 pm - 8 am']) expect(parseHours(text)).toBe(DEFAULT_WEEK);
    expect(slotsOn(DEFAULT_WEEK, '2026-12-06')).toEqual(['10:30', '11:30', '12:30', '13:30', '14:30', '15:30', '16:30', '17:30', '18:30']);
  });

  it("starts a slot in India's time", () => {
    expect(slotStart('2026-12-01', '10:30').toISOString()).toBe('2026-12-01T05:00:00.000Z');
  });
});
