/**
 * Who may do what in the back office (DECISIONS §5, issue 17). Deny by default: a role holds exactly the
 * permissions listed here, every staff route names the one it needs, and the back office's menus show only
 * what the member's role holds. Browser-safe: constants and types only.
 */
export const STAFF_ROLES = ['owner', 'catalogue', 'orders', 'design', 'partners', 'accounts'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_PERMISSIONS = [
  /** Any signed-in member: the dashboard, their own password, second factor and API tokens. */
  'self',
  /** Products, categories, tags, stones, synonyms, images, CSV, daily rates, coupons and stores. */
  'catalogue',
  /** Orders and their status. */
  'orders',
  /** Custom design requests and CAD designs. */
  'design',
  /** Trade-partner applications. */
  'partners',
  /** Harvest plans, payments and refunds. */
  'accounts',
  /**
   * The customer desk (issue 38): finding a customer and reading what the store holds about them, correcting their
   * name, phone or e-mail, notes, and an export or erasure of their data on their behalf.
   */
  'customers',
  /** Store settings (return window, shipping fee, GST, COD limit, contact details, two-factor rule). */
  'settings',
  /** Adding, changing and removing staff. */
  'staff',
  /** Reading the audit log. */
  'audit',
  /** The background jobs: their queues, and retrying or discarding a failed one. */
  'jobs',
  /** The complaints desk: the queue with its timers, replies to complainants, internal notes, resolving (issue 38). */
  'complaints',
] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

export const ROLE_PERMISSIONS: Record<StaffRole, readonly StaffPermission[]> = {
  owner: STAFF_PERMISSIONS,
  catalogue: ['self', 'catalogue'],
  orders: ['self', 'orders', 'complaints', 'customers'],
  design: ['self', 'design'],
  partners: ['self', 'partners'],
  accounts: ['self', 'accounts'],
};

export const ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'Owner',
  catalogue: 'Catalogue',
  orders: 'Orders',
  design: 'Design',
  partners: 'Trade partners',
  accounts: 'Accounts',
};

export function roleCan(role: StaffRole, permission: StaffPermission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** What GET /api/admin/me answers. */
export interface StaffMe {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  permissions: StaffPermission[];
  twoFactor: boolean;
  /** True when the store requires a second factor and this member has none yet: only enrolment is open. */
  mustEnrolTwoFactor: boolean;
}

/** Staff cookie name, and how long a quiet back-office session lives. */
export const STAFF_COOKIE = 'milli_staff';
export const STAFF_IDLE_MINUTES = 30;
export const STAFF_SESSION_HOURS = 12;
