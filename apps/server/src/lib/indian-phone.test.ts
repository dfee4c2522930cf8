import { describe, expect, it } from 'vitest';
import { indianNationalNumber } from './indian-phone.ts';

describe('an Indian phone number as pasted', () => {
  it('finds the ten-digit national number behind +91, 0091, 91, the trunk 0, spaces, hyphens and brackets', () => {
    for (const typed of [
      '+91 98765 43210',
      '09876543210',
      '98765-43210',
      '9876543210',
      '+91-98765-43210',
      '0091 98765 43210',
      '919876543210',
      ' 98765 43210 ',
    ]) {
      expect(indianNationalNumber(typed), typed).toBe('9876543210');
    }
    expect(indianNationalNumber('(044) 2434 5678')).toBe('4424345678');
    expect(indianNationalNumber('+91 44 2434 5678')).toBe('4424345678');
  });

  it('is null for what is not an Indian phone number: a PIN, an order number, an AWB, a foreign number, too few or many digits', () => {
    for (const typed of [
      '600017',
      'MIL-2026-000123',
      'BD-55501234',
      '+1 415 555 0100',
      '98765 4321',
      '98765432109',
      '0 0987654321',
      '',
      '+91',
      '9876543210x',
    ]) {
      expect(indianNationalNumber(typed), typed).toBeNull();
    }
  });
});
