/**
 * Who may do what in the back office, stated here by hand and apart from the code it checks (issue 36): the role
 * table in @milli/contracts (ROLE_PERMISSIONS) and the permission each staff route declares are both held to this
 * page. Giving a role another desk's permission, or moving a route to another desk, fails a test until this page
 * says so too. Read it as the shop's policy.
 */
import type { StaffPermission, StaffRole } from '@milli/contracts';

/** Each desk's permission and the roles that hold it. The owner holds every one. */
export const WHO_HOLDS: Record<StaffPermission, readonly StaffRole[]> = {
  // Every member: the dashboard, their own password, second factor and API tokens.
  self: ['owner', 'catalogue', 'orders', 'design', 'partners', 'accounts'],
  // The catalogue desk: products, taxonomy, images and films, CSV, the day’s rates, coupons and the offers strip, stores, reviews.
  catalogue: ['owner', 'catalogue'],
  // The orders desk: orders, packing, dispatch, returns received and checked, exchanges received, appointments, sizers.
  orders: ['owner', 'orders'],
  // The design desk: custom requests and their CAD sheets.
  design: ['owner', 'design'],
  // Trade-partner applications.
  partners: ['owner', 'partners'],
  // Money going out or forgone: refunds, weight differences, settling exchanges, store credit, Harvest plans.
  accounts: ['owner', 'accounts'],
  // The customer desk (issue 38): the orders desk answers customers' calls and mails, so it finds them, corrects them
  // and carries out their requests to export or erase their data; nobody else reads a customer's whole record.
  customers: ['owner', 'orders'],
  // The owner alone: the store's settings, its staff, the audit log and the background jobs.
  settings: ['owner'],
  staff: ['owner'],
  audit: ['owner'],
  jobs: ['owner'],
  // The complaints desk (issue 38): the orders desk answers the shop's customers, and the owner.
  complaints: ['owner', 'orders'],
};

export const policyAllows = (role: StaffRole, permission: StaffPermission) => WHO_HOLDS[permission].includes(role);

/**
 * Which desk each staff route belongs to, by method and path (the first line that matches decides). Every route under
 * /api/admin but the specification's three public ones and signing in and out is on this page.
 */
export const ROUTE_DESKS: readonly (readonly [method: RegExp, path: RegExp, permission: StaffPermission])[] = [
  // Money: the accounts desk decides what leaves the shop or is forgone, whoever found it.
  [/POST/, /^\/api\/admin\/orders\/:orderNumber\/adjustments\/:id\/(approve|reject|waive)$/, 'accounts'],
  [/POST/, /^\/api\/admin\/orders\/:orderNumber\/store-credit$/, 'accounts'],
  [/POST/, /^\/api\/admin\/returns\/:id\/refund$/, 'accounts'],
  [/GET/, /^\/api\/admin\/exchanges-to-settle$/, 'accounts'],
  [/POST/, /^\/api\/admin\/exchanges\/:id\/settle$/, 'accounts'],
  [/GET/, /^\/api\/admin\/refunds-due$/, 'accounts'],
  [/.*/, /^\/api\/admin\/harvest\//, 'accounts'],
  [/GET/, /^\/api\/admin\/rate-locks$/, 'accounts'],
  // The orders desk.
  [/.*/, /^\/api\/admin\/orders(\/|$|\.csv$)/, 'orders'],
  [/GET/, /^\/api\/admin\/invoices\/batch\.pdf$/, 'orders'],
  [/.*/, /^\/api\/admin\/returns(\/|$)/, 'orders'],
  [/.*/, /^\/api\/admin\/exchanges(\/|$)/, 'orders'],
  // Issue 42: the assay desk records old gold received at the store, as the exchanges desk receives pieces.
  [/.*/, /^\/api\/admin\/metal-accounts(\/|$)/, 'orders'],
  [/.*/, /^\/api\/admin\/appointments(\/|$)/, 'orders'],
  [/.*/, /^\/api\/admin\/sizer-requests(\/|$)/, 'orders'],
  // The customer desk.
  [/.*/, /^\/api\/admin\/customers(\/|$)/, 'customers'],
  // The catalogue desk.
  [/.*/, /^\/api\/admin\/(products|taxonomy|rates|coupons|offer-strip|stores|reviews)(\/|$|\.)/, 'catalogue'],
  // The design desk and the partners desk.
  [/.*/, /^\/api\/admin\/custom-requests(\/|$)/, 'design'],
  [/.*/, /^\/api\/admin\/trade-partners(\/|$)/, 'partners'],
  // The owner's own.
  [/.*/, /^\/api\/admin\/settings$/, 'settings'],
  [/.*/, /^\/api\/admin\/messages\/templates(\/|$)/, 'settings'],
  [/.*/, /^\/api\/admin\/staff(\/|$)/, 'staff'],
  [/.*/, /^\/api\/admin\/audit$/, 'audit'],
  [/.*/, /^\/api\/admin\/jobs(\/|$)/, 'jobs'],
  // The complaints desk.
  [/.*/, /^\/api\/admin\/complaints(\/|$)/, 'complaints'],
  // Every member (the navigation's desk counts name only the desks the member's roles handle).
  // The search: every member, each group of its answer only where the member's roles hold that desk (issue 39).
  [/.*/, /^\/api\/admin\/(me|dashboard|desk-counts|search)(\/|$)/, 'self'],
];

export function deskOf(method: string, path: string): StaffPermission | undefined {
  return ROUTE_DESKS.find(([m, p]) => m.test(method) && p.test(path))?.[2];
}
