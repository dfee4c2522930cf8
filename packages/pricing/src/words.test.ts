import { describe, expect, it } from 'vitest';
import { numberInIndianWords, rupeesInWords } from './words.ts';

describe('rupeesInWords', () => {
  it('reads lakhs, thousands, hundreds and paise the Indian way', () => {
    expect(rupeesInWords(1_23_456_70)).toBe('Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Seventy Paise Only');
  });
  it('leaves out the paise when there are none', () => {
    expect(rupeesInWords(5_000_00)).toBe('Rupees Five Thousand Only');
  });
  it('reads crores and skips empty groups', () => {
    expect(rupeesInWords(2_05_00_010_05)).toBe('Rupees Two Crore Five Lakh Ten and Five Paise Only');
    expect(numberInIndianWords(10_00_00_000)).toBe('Ten Crore');
    expect(numberInIndianWords(1_20_00_00_000)).toBe('One Hundred Twenty Crore');
  });
  it('handles the teens, round tens and zero', () => {
    expect(rupeesInWords(0)).toBe('Rupees Zero Only');
    expect(rupeesInWords(99)).toBe('Rupees Zero and Ninety-Nine Paise Only');
    expect(numberInIndianWords(19)).toBe('Nineteen');
    expect(numberInIndianWords(40)).toBe('Forty');
    expect(numberInIndianWords(100)).toBe('One Hundred');
    expect(numberInIndianWords(1_00_000)).toBe('One Lakh');
    expect(numberInIndianWords(11_111)).toBe('Eleven Thousand One Hundred Eleven');
  });
  it('refuses fractions and negatives', () => {
    expect(() => rupeesInWords(1.5)).toThrow(RangeError);
    expect(() => rupeesInWords(-1)).toThrow(RangeError);
  });
});
