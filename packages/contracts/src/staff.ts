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

/**
 * What a member holding these roles may do (issue 39): the union of their roles' permissions, in STAFF_PERMISSIONS'
 * order. The one place a member's rights are worked out; the server's check and the screens both call it.
 */
export function permissionsOf(roles: readonly StaffRole[]): StaffPermission[] {
  return STAFF_PERMISSIONS.filter((permission) => roles.some((role) => ROLE_PERMISSIONS[role].includes(permission)));
}

/** Whether any of the roles holds the permission. */
export function rolesCan(roles: readonly StaffRole[], permission: StaffPermission): boolean {
  return roles.some((role) => ROLE_PERMISSIONS[role].includes(permission));
}

/** The roles that hold a permission: whose members a desk's mail goes to. */
export function rolesWith(permission: StaffPermission): StaffRole[] {
  return STAFF_ROLES.filter((role) => ROLE_PERMISSIONS[role].includes(permission));
}

/** The roles as kept: each once, in STAFF_ROLES' order. */
export function normalRoles(roles: readonly StaffRole[]): StaffRole[] {
  return STAFF_ROLES.filter((role) => roles.includes(role));
}

/** The roles as a person reads them: 'Orders, Design'. */
export function rolesLabel(roles: readonly StaffRole[]): string {
  return normalRoles(roles)
    .map((role) => ROLE_LABELS[role])
    .join(', ');
}

/**
 * The desks that are told when something new arrives for them (issue 39): what waits there is counted beside the
 * desk's link in the navigation, and members whose roles hold the desk's permission get a mail (unless they turned
 * those mails off). New orders (paid, or to be paid on delivery and waiting for confirmation), returns requested,
 * appointments booked and custom design requests.
 */
export const STAFF_DESKS = ['orders', 'returns', 'appointments', 'customRequests'] as const;
export type StaffDesk = (typeof STAFF_DESKS)[number];
export const DESK_PERMISSION: Record<StaffDesk, StaffPermission> = {
  orders: 'orders',
  returns: 'orders',
  appointments: 'orders',
  customRequests: 'design',
};
export const DESK_LABELS: Record<StaffDesk, string> = {
  orders: 'new orders',
  returns: 'returns requested',
  appointments: 'appointments booked',
  customRequests: 'custom design requests',
};

/** What GET /api/admin/me answers. */
export interface StaffMe {
  id: number;
  email: string;
  name: string;
  /** Every role the member holds (issue 39); `permissions` is their union. */
  roles: StaffRole[];
  permissions: StaffPermission[];
  /** Whether the member is mailed when something new reaches one of their desks. */
  deskMail: boolean;
  twoFactor: boolean;
  /** True when the store requires a second factor and this member has none yet: only enrolment is open. */
  mustEnrolTwoFactor: boolean;
}

/** Staff cookie name, and how long a quiet back-office session lives. */
export const STAFF_COOKIE = 'milli_staff';
export const STAFF_IDLE_MINUTES = 30;
export const STAFF_SESSION_HOURS = 12;
