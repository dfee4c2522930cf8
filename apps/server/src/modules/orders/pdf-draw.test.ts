import { describe, expect, it } from 'vitest';
import { addressLines } from './pdf-draw.ts';

describe('the printed address', () => {
  it('names the city once when the shopper typed it into the address too (issue 40)', () => {
    const lines = addressLines(
      {
        firstName: 'Meera',
        lastName: 'Iyer',
        address: '12 Temple Street, Mylapore, Chennai',
        city: 'Chennai',
        state: 'Tamil Nadu',
        landmark: null,
        pincode: '600004',
        country: 'India',
        countryCode: '91',
        phone: '9876543210',
      },
      'Meera Iyer',
    );
    expect(lines).toEqual(['Meera Iyer', '12 Temple Street, Mylapore', 'Chennai, Tamil Nadu 600004', 'India', '+91 9876543210']);
  });
});
