import { describe, expect, it } from 'vitest';
import { isInternalPath, isShopPhone, parseShopTime, toShopLocalTime } from './admin-shop-values.ts';
import { AdminCouponFormSchema, AdminStoreFormSchema } from './admin-shop.ts';

describe('shop time (India, UTC+05:30)', () => {
  it('reads a datetime-local field and a bare day as India time, and an ISO moment as itself', () => {
    expect(parseShopTime('2026-12-01T10:00')).toEqual(new Date('2026-12-01T04:30:00Z'));
    expect(parseShopTime('2026-12-01')).toEqual(new Date('2026-11-30T18:30:00Z'));
    expect(parseShopTime('2026-12-01T10:00:00Z')).toEqual(new Date('2026-12-01T10:00:00Z'));
    expect(parseShopTime('2026-12-01T10:00+05:30')).toEqual(new Date('2026-12-01T04:30:00Z'));
    expect(parseShopTime('')).toBeNull();
    expect(parseShopTime(null)).toBeNull();
  });

  it('gives back text that is no moment, for the schema to refuse', () => {
    for (const bad of ['2026-02-30', '2026-13-01', '2026-12-01T25:00', 'tomorrow', '01/12/2026']) expect(parseShopTime(bad)).toBe(bad);
  });

  it('shows a moment as a datetime-local field in India time, and round-trips', () => {
    expect(toShopLocalTime('2026-12-01T04:30:00.000Z')).toBe('2026-12-01T10:00');
    expect(toShopLocalTime(null)).toBe('');
    expect(parseShopTime(toShopLocalTime('2027-03-31T20:15:00Z'))).toEqual(new Date('2027-03-31T20:15:00Z'));
  });
});

describe('the forms', () => {
  it('knows a shop phone', () => {
    for (const ok of ['+91 44 4000 1101', '044-4000-1101', '9840012345', '(080) 4000 5101', '1800 266 0123']) expect(isShopPhone(ok), ok).toBe(true);
    for (const bad of ['12345', '+1 415 555 0100', '0000000000', 'call us']) expect(isShopPhone(bad), bad).toBe(false);
  });

  it('reads a coupon form post (all text) into stored units', () => {
    const parsed = AdminCouponFormSchema.parse({
      code: ' diwali-10 ',
      kind: 'fixed',
      value: '₹ 1,250.50',
      minOrderRupees: '5,000',
      usageLimit: '100',
      active: 'on',
    });
    expect(parsed).toMatchObject({
      code: 'DIWALI-10',
      kind: 'fixed',
      value: 1250.5,
      minOrderRupees: 5000,
      maxDiscountRupees: null,
      usageLimit: 100,
      perCustomerLimit: null,
      active: true,
      startsAt: null,
      endsAt: null,
    });
  });

  it('reads a store form post, with the sort order 0 when blank', () => {
    const parsed = AdminStoreFormSchema.parse({
      name: 'Milli X',
      city: 'Pune',
      address: '1 Road',
      pincode: '411001',
      phone: '+91 20 4000 6101',
      hours: '10-8',
      latitude: '18.52',
      longitude: '73.85',
      sortOrder: '',
      active: 'false',
    });
    expect(parsed).toMatchObject({ latitude: 18.52, longitude: 73.85, sortOrder: 0, active: false });
  });
});

describe('isInternalPath (the offers strip’s links)', () => {
  it('takes a path of this store, with its query and fragment', () => {
    for (const path of ['/', '/alljewellery', '/alljewellery?material=Gold&sort=8', '/cart#coupon', '/product-detail/10'])
      expect(isInternalPath(path), path).toBe(true);
  });

  it('refuses whatever could lead to another site or run script', () => {
    const refused = [
      '',
      'alljewellery',
      'https://evil.example/',
      'http:/evil.example',
      '//evil.example',
      '///evil.example',
      '/\\evil.example',
      '\\\\evil.example',
    ];
    refused.push('javascript:alert(1)', ' /cart', '/a b', '/a\tb', '/a\nb', '/a\u0000b', '/a\u007fb', `/${'x'.repeat(300)}`);
    for (const path of refused) expect(isInternalPath(path), JSON.stringify(path)).toBe(false);
  });
});
