import { describe, expect, it } from 'vitest';
import { checkPincode, deliveryDate, rankByPincode } from './pincode.ts';

describe('checkPincode', () => {
  it('accepts six-digit Indian PINs, spaces ignored', () => {
    expect(checkPincode('600 017')).toEqual({ ok: true, pincode: '600017' });
  });
  it('refuses what is not a PIN', () => {
    for (const bad of ['', '60001', '0600017', '6000170', 'abcdef', '60001x']) {
      expect(checkPincode(bad)).toEqual({ ok: false, reason: 'invalid' });
    }
  });
  it('says army post and islands are not served yet', () => {
    expect(checkPincode('944001')).toEqual({ ok: false, reason: 'unserved' });
    expect(checkPincode('744101')).toEqual({ ok: false, reason: 'unserved' });
  });
});

describe('rankByPincode', () => {
  it('puts stores of the same district first', () => {
    const stores = [{ pincode: '400001' }, { pincode: '600040' }, { pincode: '600017' }, { pincode: '110001' }];
    expect(rankByPincode('600020', stores).map((s) => s.pincode)).toEqual(['600017', '600040', '400001', '110001']);
  });
});

describe('deliveryDate', () => {
  it('adds the delivery days in Indian time', () => {
    expect(deliveryDate(new Date('2026-11-22T20:00:00Z'), 15)).toBe('2026-12-08');
  });
});
