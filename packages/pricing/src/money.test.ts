import { describe, expect, it } from 'vitest';
import { formatRupees, rupeesToPaise } from './money.ts';

describe('formatRupees', () => {
  it('groups the Indian way with two decimals', () => {
    expect(formatRupees(12345600)).toBe('Rs. 1,23,456.00');
    expect(formatRupees(299)).toBe('Rs. 2.99');
    expect(formatRupees(0)).toBe('Rs. 0.00');
  });
  it('can drop the paise', () => {
    expect(formatRupees(1000000050, { decimals: false })).toBe('Rs. 1,00,00,001');
  });
  it('refuses fractional paise', () => {
    expect(() => formatRupees(1.5)).toThrow(RangeError);
  });
  it('converts rupees to paise without float drift', () => {
    expect(rupeesToPaise(2.99)).toBe(299);
    expect(rupeesToPaise(19.99)).toBe(1999);
  });
});
