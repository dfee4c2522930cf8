/** The back office's pages (issue 17) are nobody's to keep: never in the page cache, always private and noindex. */
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { MAX_SPIN_BYTES, MAX_SPIN_FRAMES } from '@milli/contracts';
import { pageKey } from './page-cache.ts';
import { ADMIN_PAGE_HEADERS, formLimit, isAdminPage } from './web.ts';

const guest = (url: string) => ({ method: 'GET', url, headers: { 'user-agent': 'Mozilla/5.0' } }) as unknown as FastifyRequest;

describe('back-office pages', () => {
  it('are told apart from the storefront’s by their address', () => {
    for (const url of ['/admin', '/admin/', '/admin/login?next=%2Fadmin', '/admin?x=1', '/admin/products/12']) expect(isAdminPage(url), url).toBe(true);
    for (const url of ['/', '/administrator', '/adminx', '/product-detail/1?admin=1', '/api/admin/me']) expect(isAdminPage(url), url).toBe(false);
  });

  it('are told apart as React Router matches them: in any case and with escapes decoded', () => {
    // React Router matches routes case-insensitively and decodes the path: these render the admin screens, so
    // they must get the admin headers and stay out of the page cache like /admin/staff.
    for (const url of ['/ADMIN', '/Admin/staff', '/aDmIn/audit?x=1', '/%61dmin/staff', '/admin%2Fstaff', '/%41DMIN']) {
      expect(isAdminPage(url), url).toBe(true);
      expect(pageKey(guest(url), '2026-11-24', ''), url).toBeNull();
    }
    for (const url of ['/ADMINISTRATOR', '/%ZZadmin', '/x/admin']) expect(isAdminPage(url), url).toBe(false);
  });

  it('are never kept in the page cache, not even the sign-in page a guest sees', () => {
    expect(pageKey(guest('/about-us'), '2026-11-24', '')).not.toBeNull();
    for (const url of ['/admin', '/admin/login', '/admin/login?next=%2Fadmin%2Frates', '/admin/products'])
      expect(pageKey(guest(url), '2026-11-24', ''), url).toBeNull();
  });

  it('answer private, no-store and noindex', () => {
    expect(ADMIN_PAGE_HEADERS).toEqual({ 'cache-control': 'private, no-store', 'x-robots-tag': 'noindex, nofollow' });
  });

  it('take a large form (the import without JavaScript) only from a signed-in member', () => {
    expect(formLimit('/admin/import', () => true)).toBe(11 * 1024 * 1024);
    expect(formLimit('/admin/import?x=1', () => false)).toBe(1024 * 1024);
    expect(formLimit('/admin/staff', () => true)).toBe(1024 * 1024);
    expect(formLimit('/admin/products/12', () => true)).toBe(56 * 1024 * 1024);
    // The product's page sends a whole 360° turn on (issue 40): its frames and the form's parts around them.
    expect(formLimit('/admin/products/12', () => true)).toBeGreaterThan(MAX_SPIN_BYTES + MAX_SPIN_FRAMES * 1024);
    expect(formLimit('/admin/products/12.data', () => false)).toBe(1024 * 1024);
    expect(formLimit('/custom-design', () => false)).toBe(41 * 1024 * 1024);
    // With JavaScript the same forms post to the page's data address; a review's photos go to its two pages.
    expect(formLimit('/custom-design.data', () => false)).toBe(41 * 1024 * 1024);
    expect(formLimit('/product-detail/3', () => false)).toBe(41 * 1024 * 1024);
    expect(formLimit('/product-detail/3.data?index', () => false)).toBe(41 * 1024 * 1024);
    expect(formLimit('/review/3.data', () => false)).toBe(41 * 1024 * 1024);
    expect(formLimit('/review/3/x', () => false)).toBe(1024 * 1024);
    expect(formLimit('/admin/import.data', () => false)).toBe(1024 * 1024);
  });
});
