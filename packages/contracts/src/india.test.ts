import { describe, expect, it } from 'vitest';
import { gstinCheckChar, gstinProblem, isIfscFormat, isPan, isPincode, panOfGstin, panProblem } from './india.ts';

describe('Indian identifiers', () => {
  it('accepts a GSTIN whose check character matches and names what is wrong otherwise', () => {
    // 27AAPFU0939F1ZV is the example GSTIN GSTN publishes in its documentation.
    expect(gstinProblem('27AAPFU0939F1ZV')).toBeNull();
    expect(gstinProblem('27aapfu0939f1zv')).toBeNull();
    expect(gstinProblem('27AAPFU0939F1ZW')).toBe('checksum');
    expect(gstinProblem('27AAPFU0939F1Z')).toBe('format');
    expect(gstinProblem('45AAPFU0939F1ZV')).toBe('state');
    expect(gstinCheckChar('27AAPFU0939F1Z')).toBe('V');
    expect(panOfGstin('27AAPFU0939F1ZV')).toBe('AAPFU0939F');
  });

  it('checks PAN, IFSC and PIN formats', () => {
    expect(isPan('AAPFU0939F')).toBe(true);
    expect(isPan('AAPXU0939F')).toBe(false); // X is not a holder status
    expect(isIfscFormat('HDFC0000001')).toBe(true);
    expect(isIfscFormat('HDFC1000001')).toBe(false);
    expect(isPincode('600001')).toBe(true);
    expect(isPincode('060001')).toBe(false);
  });
});

describe('panProblem: the message states the real rule', () => {
  it('accepts a PAN, whatever its case', () => {
    expect(panProblem('abcpe1234f')).toBeNull();
  });
  it('a wrong shape: the length and the pattern', () => {
    expect(panProblem('ABCP1234F')).toBe('a PAN is 10 characters: 5 letters, 4 digits and a letter (e.g. ABCPE1234F).');
  });
  it('the right shape with a 4th letter that is no holder status: says what the 4th letter means', () => {
    const message = panProblem('ABCDE1234F');
    expect(message).toMatch(/^the 4th letter of a PAN says who holds it/);
    expect(message).toContain('P (person), C (company)');
    expect(message).toContain('“D” is none of these');
  });
});
