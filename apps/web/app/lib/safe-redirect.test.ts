import { describe, expect, it } from 'vitest';
import { loginRedirect, safeRedirect } from './safe-redirect.ts';

describe('safe redirects', () => {
  it('sends a visitor only to a path on this site', () => {
    expect(safeRedirect('/alljewellery?page=2')).toBe('/alljewellery?page=2');
    for (const bad of ['//evil.test', '/\\evil.test', 'https://evil.test/', 'alljewellery', '/x\r\nSet-Cookie: a=b', null, '/'.padEnd(2001, 'a')]) {
      expect(safeRedirect(bad), String(bad)).toBeNull();
    }
  });

  it('reads the target as a browser will, so no spelling reaches another host', () => {
    const hostile = [
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r/evil.example',
      '\t//evil.example',
      '/\\/evil.example',
      '/.//evil.example',
      '/..//evil.example',
      '/%2e//evil.example',
      '/ /evil.example'.replace(' ', '\u0000'),
      'https://evil.example',
      '/\t\\evil.example',
    ];
    for (const value of hostile) {
      const target = safeRedirect(value);
      if (target === null) continue;
      // Whatever is accepted is read by a browser as a path on this site.
      expect(new URL(target, 'https://milli.example').host, JSON.stringify(value)).toBe('milli.example');
      expect(target.startsWith('//'), JSON.stringify(value)).toBe(false);
    }
    expect(safeRedirect('/\t/evil.example')).toBeNull();
    expect(safeRedirect('/.//evil.example')).toBeNull();
  });

  it('gives a valid header value for odd characters instead of passing them on', () => {
    for (const control of ['/cart\u000b', '/cart\u000c', '/cart\u0000x', '/cart\u007f']) expect(safeRedirect(control), JSON.stringify(control)).toBeNull();
    for (const odd of ['/cart\u3000', '/ca rt', '/cart?q=\u00e9', '/cart\u2028']) {
      const target = safeRedirect(odd);
      expect(target, JSON.stringify(odd)).not.toBeNull();
      expect(target!, JSON.stringify(odd)).toMatch(/^\/[\x21-\x7e]*$/);
      expect(() => new Headers({ location: target! })).not.toThrow();
    }
    expect(safeRedirect('/cart\u3000')).toBe('/cart%E3%80%80');
  });

  it('accepts an address on the store itself as its path', () => {
    expect(safeRedirect('/account?tab=orders#top', 'https://milli.example')).toBe('/account?tab=orders#top');
  });

  it('sends a guest to login with the page they wanted', () => {
    const res = loginRedirect(new Request('http://shop.test/order-details?order=MIL-2026-000001'));
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login?next=%2Forder-details%3Forder%3DMIL-2026-000001');
  });
});
