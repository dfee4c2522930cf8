import { describe, expect, it } from 'vitest';
import { countries, countryByName, isKnownDialCode, isValidPhone } from './countries.ts';

describe('country list', () => {
  it('has about 240 countries with India (+91) first', () => {
    const list = countries();
    expect(list.length).toBeGreaterThanOrEqual(230);
    expect(list[0]).toEqual({ iso2: 'IN', name: 'India', dialCode: '91' });
    expect(new Set(list.map((c) => c.iso2)).size).toBe(list.length);
    expect(countryByName('india')?.iso2).toBe('IN');
    expect(isKnownDialCode('+44')).toBe(true);
    expect(isKnownDialCode('999')).toBe(false);
  });

  it('checks phone numbers by dial code', () => {
    expect(isValidPhone('91', '9876543210')).toBe(true);
    expect(isValidPhone('91', '12345')).toBe(false);
    expect(isValidPhone('1', '2025550143')).toBe(true);
    expect(isValidPhone('44', '7400123456', 'GB')).toBe(true);
    expect(isValidPhone('91', 'abc')).toBe(false);
  });
});
