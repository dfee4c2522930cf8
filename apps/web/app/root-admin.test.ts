/** The root tells the back office's addresses apart as React Router matches them (any case, escapes decoded). */
import { describe, expect, it } from 'vitest';
import { isAdminPathname } from './root.tsx';

describe('isAdminPathname', () => {
  it('knows /ADMIN/staff and /%61dmin for the back office, so they never get the storefront shell', () => {
    for (const path of ['/admin', '/admin/', '/ADMIN', '/Admin/staff', '/%61dmin/audit']) expect(isAdminPathname(path), path).toBe(true);
    for (const path of ['/', '/administrator', '/adminx', '/x/admin', '/%zz']) expect(isAdminPathname(path), path).toBe(false);
  });
});
