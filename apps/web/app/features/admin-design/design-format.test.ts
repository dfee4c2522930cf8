import { describe, expect, it } from 'vitest';
import { mgOfGrams, paiseOfRupees, rupees } from './design-format.ts';

describe('the design desk’s amounts as typed', () => {
  it('reads rupees to paise, leaves an empty box empty and refuses anything else', () => {
    expect(paiseOfRupees('4500')).toBe('450000');
    expect(paiseOfRupees('1,500.5')).toBe('150050');
    expect(paiseOfRupees(' ')).toBe('');
    expect(paiseOfRupees('12.345')).toBeNull();
    expect(paiseOfRupees('-3')).toBeNull();
  });
  it('reads grams to milligrams', () => {
    expect(mgOfGrams('4.725')).toBe(4725);
    expect(mgOfGrams('5')).toBe(5000);
    expect(mgOfGrams('4.7255')).toBeNull();
    expect(mgOfGrams('')).toBeNull();
  });
  it('prints paise as rupees with two decimals', () => {
    expect(rupees(5_315_789)).toBe('Rs. 53,157.89');
  });
});
