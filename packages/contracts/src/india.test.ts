import { describe, expect, it } from 'vitest';
import {
  EXAMPLE_GSTIN,
  aadhaarProblem,
  bisRegistrationProblem,
  gstinCheckChar,
  gstinMessage,
  gstinProblem,
  isIfscFormat,
  isPan,
  isPincode,
  maskedAadhaar,
  normalBisRegistration,
  panOfGstin,
  panProblem,
  verhoeffValid,
} from './india.ts';

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

  it('the example a refused GSTIN’s message gives is one the same check accepts (issue 40)', () => {
    const example = /e\.g\. ([0-9A-Z]{15})\)/.exec(gstinMessage('format'))?.[1];
    expect(example).toBe(EXAMPLE_GSTIN);
    expect(gstinProblem(example!)).toBeNull();
    expect(isPan(panOfGstin(example!))).toBe(true);
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

// Issue 38: the BIS registration number and the Aadhaar number of a Form 60 declaration.
describe('BIS registration numbers', () => {
  it('are HM/C- and ten digits, kept in capitals without spaces; empty is “not set”', () => {
    expect(bisRegistrationProblem('HM/C-5190012345')).toBeNull();
    expect(bisRegistrationProblem('')).toBeNull();
    expect(normalBisRegistration(' hm/c - 5190012345 ')).toBe('HM/C-5190012345');
    expect(bisRegistrationProblem(' hm/c - 5190012345 ')).toBeNull();
    for (const wrong of ['HM/C-519001234', 'HM/C-51900123456', 'HMC-5190012345', 'CM/L-5190012345', 'HM/C-51900X2345'])
      expect(bisRegistrationProblem(wrong), wrong).toMatch(/HM\/C- and ten digits/);
  });
});

describe('Aadhaar numbers', () => {
  it('are twelve digits not starting 0 or 1, ending in their Verhoeff check digit', () => {
    expect(aadhaarProblem('2345 6789 0124')).toBeNull();
    expect(aadhaarProblem('234567890124')).toBeNull();
    expect(aadhaarProblem('4987-6543-2102')).toBeNull();
    expect(aadhaarProblem('2345 6789 0125')).toMatch(/not a valid Aadhaar number/);
    expect(aadhaarProblem('1345 6789 0124')).toMatch(/does not start with 0 or 1/);
    expect(aadhaarProblem('2345 6789 012')).toMatch(/12 digits/);
    expect(aadhaarProblem('2345 6789 01ab')).toMatch(/12 digits/);
    // A single slipped digit anywhere is caught (what the check digit is for).
    for (let i = 0; i < 12; i++) {
      const digits = [...'234567890124'];
      digits[i] = String((Number(digits[i]) + 1) % 10);
      if (digits[0] !== '0' && digits[0] !== '1') expect(verhoeffValid(digits.join('')), digits.join('')).toBe(false);
    }
  });

  it('are shown only as their last four digits, and no message repeats them', () => {
    expect(maskedAadhaar('0124')).toBe('XXXX XXXX 0124');
    for (const typed of ['2345 6789 0125', '2345 6789 012']) expect(aadhaarProblem(typed)).not.toMatch(/\d{4}/);
  });
});
