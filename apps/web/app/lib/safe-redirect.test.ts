import { describe, expect, it } from 'vitest';
import { loginRedirect, safeRedirect } from './safe-redirect.ts';

describe('safe redirects', () => {
  it('sends a visitor only to a path on this site', () => {
    expect(safeRedirect('/alljewellery?page=2')).toBe('/alljewellery?page=2');
    for (const bad of ['//evil.test', '/\\evil.test', 'https://evil.test/', 'alljewellery', '/x\r\nSet-Cookie: a=b', null, '/'.padEnd(2001, 'a')]) {
      expect(safeRedirect(bad), String(bad)).toBeNull();
    }
  });

  it('sends a guest to login with the page they wanted', () => {
    const res = loginRedirect(new Request('http://shop.test/order-details?order=MIL-2026-000001'));
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login?next=%2Forder-details%3Forder%3DMIL-2026-000001');
  });
});
