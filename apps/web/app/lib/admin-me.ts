/**
 * The signed-in member on any admin screen, from the admin layout's loader (no second API call):
 *
 *   const me = useAdminMe();               // StaffMe, or null outside the admin layout
 *   if (me && adminCan(me, 'staff')) …      // show an owner-only button
 */
import { useRouteLoaderData } from 'react-router';
import type { StaffMe, StaffPermission } from '@milli/contracts';

/** The admin layout's route id (routes/admin/layout.tsx). */
export const ADMIN_LAYOUT_ID = 'routes/admin/layout';

export function useAdminMe(): StaffMe | null {
  return useRouteLoaderData<{ me: StaffMe }>(ADMIN_LAYOUT_ID)?.me ?? null;
}

export function adminCan(me: StaffMe | null, permission: StaffPermission): boolean {
  return !!me && me.permissions.includes(permission);
}
