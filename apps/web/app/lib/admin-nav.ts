/**
 * The back office's navigation (issue 17), browser-safe. Each link names the permission it needs
 * (ROLE_PERMISSIONS in @milli/contracts); `adminNavFor(permissions)` keeps only what the member's role holds,
 * and drops a group left empty. Screens that do not exist yet are not listed: when an area's screen lands,
 * its engineer adds (or un-comments) its link here, in its group, and nothing else changes.
 *
 *   import { adminNavFor, ADMIN_PATHS } from '~/lib/admin-nav';
 *   adminNavFor(me.permissions) // → [{ label: 'Catalogue', items: [{ label: 'Products', to: '/admin/products', … }] }, …]
 */
import type { StaffDesk, StaffPermission } from '@milli/contracts';

export interface AdminNavItem {
  label: string;
  to: string;
  permission: StaffPermission;
  /** Exact: the link is current only on its own path (the dashboard), not on paths under it. */
  end?: boolean;
  /** The desk whose waiting count shows beside the link (issue 39): GET /api/admin/desk-counts. */
  desk?: StaffDesk;
}

export interface AdminNavGroup {
  /** Null for the ungrouped first links (the dashboard). */
  label: string | null;
  items: AdminNavItem[];
}

/** Every back-office address, so screens link to each other by name rather than by a typed string. */
export const ADMIN_PATHS = {
  dashboard: '/admin',
  /** The header's search box (issue 39): `?q=`. */
  search: '/admin/search',
  login: '/admin/login',
  products: '/admin/products',
  newProduct: '/admin/products/new',
  product: (id: number | string) => `/admin/products/${id}`,
  taxonomy: '/admin/taxonomy',
  import: '/admin/import',
  rates: '/admin/rates',
  coupons: '/admin/coupons',
  offerStrip: '/admin/offer-strip',
  stores: '/admin/stores',
  orders: '/admin/orders',
  customers: '/admin/customers',
  customer: (id: number | string) => `/admin/customers/${id}`,
  order: (orderNumber: string) => `/admin/orders/${encodeURIComponent(orderNumber)}`,
  returns: '/admin/returns',
  returnCase: (id: number | string) => `/admin/returns/${id}`,
  refundsDue: '/admin/refunds-due',
  sizerRequests: '/admin/sizer-requests',
  appointments: '/admin/appointments',
  complaints: '/admin/complaints',
  complaint: (ticketNumber: string) => `/admin/complaints/${encodeURIComponent(ticketNumber)}`,
  exchanges: '/admin/exchanges',
  exchange: (id: number | string) => `/admin/exchanges/${id}`,
  customRequests: '/admin/custom-requests',
  customRequest: (id: number | string) => `/admin/custom-requests/${id}`,
  harvest: '/admin/harvest',
  rateLocks: '/admin/rate-locks',
  metalAccounts: '/admin/metal-accounts',
  harvestPlan: (id: number | string) => `/admin/harvest/${id}`,
  reviews: '/admin/reviews',
  settings: '/admin/settings',
  messageTemplates: '/admin/settings/messages',
  staff: '/admin/staff',
  audit: '/admin/audit',
  jobs: '/admin/jobs',
  tradePartners: '/admin/trade-partners',
  security: '/admin/security',
  invitation: '/admin/invitation',
} as const;

export const ADMIN_NAV: readonly AdminNavGroup[] = [
  { label: null, items: [{ label: 'Dashboard', to: ADMIN_PATHS.dashboard, permission: 'self', end: true }] },
  {
    label: 'Catalogue',
    items: [
      { label: 'Products', to: ADMIN_PATHS.products, permission: 'catalogue' },
      // Categories, tags, stones and search synonyms share one screen.
      { label: 'Categories, tags & stones', to: ADMIN_PATHS.taxonomy, permission: 'catalogue' },
      { label: 'Import / export CSV', to: ADMIN_PATHS.import, permission: 'catalogue' },
      { label: 'Rates', to: ADMIN_PATHS.rates, permission: 'catalogue' },
      { label: 'Coupons', to: ADMIN_PATHS.coupons, permission: 'catalogue' },
      // Issue 40: the home page's offers strip, which advertises the coupons.
      { label: 'Offers strip', to: ADMIN_PATHS.offerStrip, permission: 'catalogue' },
      { label: 'Stores', to: ADMIN_PATHS.stores, permission: 'catalogue' },
      // Reviews sit on the product pages the catalogue team keeps (docs/back-office.md, "Reviews desk").
      { label: 'Reviews', to: ADMIN_PATHS.reviews, permission: 'catalogue' },
    ],
  },
  // The desks of issue 19: orders (with the sizer queue), design, trade partners, Milli Harvest.
  {
    label: 'Orders',
    items: [
      { label: 'Orders', to: ADMIN_PATHS.orders, permission: 'orders', desk: 'orders' },
      { label: 'Returns', to: ADMIN_PATHS.returns, permission: 'orders', desk: 'returns' },
      { label: 'Exchanges & buy-back', to: ADMIN_PATHS.exchanges, permission: 'orders' },
      // Issue 42: old gold assayed at the store, credited to the shopper's metal account.
      { label: 'Assay desk', to: ADMIN_PATHS.metalAccounts, permission: 'orders' },
      { label: 'Sizer requests', to: ADMIN_PATHS.sizerRequests, permission: 'orders' },
      { label: 'Appointments', to: ADMIN_PATHS.appointments, permission: 'orders', desk: 'appointments' },
    ],
  },
  // Issue 38: the customer desk (a customer's record, their requests to export or erase their data) and complaints with
  // their 48-hour and one-month timers, the orders desk's and the owner's.
  {
    label: 'Customer care',
    items: [
      { label: 'Customers', to: ADMIN_PATHS.customers, permission: 'customers' },
      { label: 'Complaints', to: ADMIN_PATHS.complaints, permission: 'complaints' },
    ],
  },
  { label: 'Design', items: [{ label: 'Custom requests', to: ADMIN_PATHS.customRequests, permission: 'design', desk: 'customRequests' }] },
  { label: 'Partners', items: [{ label: 'Trade partners', to: ADMIN_PATHS.tradePartners, permission: 'partners' }] },
  {
    label: 'Accounts',
    items: [
      { label: 'Harvest plans', to: ADMIN_PATHS.harvest, permission: 'accounts' },
      // Issue 42: advances paid to lock a day's rate.
      { label: 'Rate locks', to: ADMIN_PATHS.rateLocks, permission: 'accounts' },
      // Checked returns waiting for their refund (issue 20): accounts refund them without the orders desk.
      { label: 'Refunds due', to: ADMIN_PATHS.refundsDue, permission: 'accounts' },
    ],
  },
  {
    label: 'Store',
    items: [
      { label: 'Settings', to: ADMIN_PATHS.settings, permission: 'settings' },
      // Issue 41: each SMS and WhatsApp message's templates at MSG91 (with its DLT id) and Meta.
      { label: 'Message templates', to: ADMIN_PATHS.messageTemplates, permission: 'settings' },
      { label: 'Staff', to: ADMIN_PATHS.staff, permission: 'staff' },
      { label: 'Audit log', to: ADMIN_PATHS.audit, permission: 'audit' },
      // The background work (decision 042): failed jobs wait here for the owner.
      { label: 'Jobs', to: ADMIN_PATHS.jobs, permission: 'jobs' },
    ],
  },
  { label: 'You', items: [{ label: 'My security', to: ADMIN_PATHS.security, permission: 'self' }] },
];

/** The navigation a member with these permissions sees. */
export function adminNavFor(permissions: readonly StaffPermission[]): AdminNavGroup[] {
  const held = new Set(permissions);
  return ADMIN_NAV.map((group) => ({ ...group, items: group.items.filter((item) => held.has(item.permission)) })).filter((group) => group.items.length > 0);
}

/** Whether a path is the back office's (the root renders it without the storefront's shell). */
export function isAdminPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}
