import { describe, expect, it } from 'vitest';
import { gstinCheckChar, gstinProblem, isIfscFormat, isPan, isPincode, panOfGstin } from './india.ts';

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
