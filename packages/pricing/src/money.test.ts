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
  it('writes what Intl.NumberFormat en-IN writes, for every size of amount', () => {
    const withPaise = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const whole = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
    const amounts = [0, 1, 9, 10, 99, 100, 149, 150, 151, 999, 1000, 99_999, 100_000, 1_234_567, 99_999_950, 100_000_000];
    // Amounts of every length up to ten thousand crore rupees (where paise / 100 is still exact in a double).
    let seed = 7;
    for (let digits = 1; digits <= 14; digits++) {
      for (let i = 0; i < 40; i++) {
        seed = (seed * 48271) % 2147483647;
        amounts.push(Math.floor((seed / 2147483647) * 10 ** digits));
      }
    }
    for (const paise of amounts) {
      for (const signed of [paise, -paise]) {
        const sign = signed < 0 ? '-' : '';
        expect(formatRupees(signed)).toBe(`${sign}Rs. ${withPaise.format(paise / 100)}`);
        expect(formatRupees(signed, { decimals: false })).toBe(`${sign}Rs. ${whole.format(Math.round(paise / 100))}`);
      }
    }
  });
  it('refuses fractional paise', () => {
    expect(() => formatRupees(1.5)).toThrow(RangeError);
  });
  it('converts rupees to paise without float drift', () => {
    expect(rupeesToPaise(2.99)).toBe(299);
    expect(rupeesToPaise(19.99)).toBe(1999);
  });
});
