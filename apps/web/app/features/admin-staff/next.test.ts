import { describe, expect, it } from 'vitest';
import { adminNext } from './next.ts';

describe('adminNext (the sign-in page’s next)', () => {
  it('keeps back-office paths with their query', () => {
    expect(adminNext('/admin')).toBe('/admin');
    expect(adminNext('/admin/products?q=ring&page=2')).toBe('/admin/products?q=ring&page=2');
  });
  it('refuses other hosts, storefront pages, look-alikes and the sign-in page', () => {
    for (const bad of [
      'https://evil.example/admin',
      '//evil.example/admin',
      '/\\evil.example',
      '/\t/evil.example/admin',
      '/cart',
      '/administrator',
      '/admin/login',
      '/admin/login?next=/admin',
      'admin',
      '',
      null,
    ]) {
      expect(adminNext(bad), String(bad)).toBeNull();
    }
  });
});
