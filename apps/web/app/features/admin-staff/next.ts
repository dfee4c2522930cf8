import { safeRedirect } from '../../lib/safe-redirect.ts';
import { ADMIN_PATHS, isAdminPath } from '../../lib/admin-nav.ts';

/**
 * Where the back office's sign-in may send a member afterwards: a path of this site under /admin (never the
 * sign-in page itself, never another host, never a storefront page), or null for the dashboard.
 */
export function adminNext(value: FormDataEntryValue | null | undefined): string | null {
  const path = safeRedirect(value);
  if (!path) return null;
  const pathname = path.split(/[?#]/)[0] ?? '';
  if (!isAdminPath(pathname) || pathname === ADMIN_PATHS.login) return null;
  return path;
}
