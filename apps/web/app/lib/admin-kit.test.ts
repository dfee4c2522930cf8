import { describe, expect, it } from 'vitest';
import { ADMIN_DEFAULT_PAGE_SIZE, ADMIN_PAGE_SIZES } from '@milli/contracts/schemas';
import { ROLE_PERMISSIONS as ROLES } from '@milli/contracts';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, apiListQuery, listHref, readListState, selectedIds, sortHref } from './admin-list.ts';
import { formFlag, formNumber, paiseToRupeesInput, parseRupees } from './admin-form.ts';
import { ADMIN_NAV, adminNavFor, isAdminPath } from './admin-nav.ts';
import { isConfirmed } from './admin-confirm.ts';

describe('the list kit', () => {
  const defaults = { sort: 'name', filters: ['status', 'category'] } as const;

  it('pages the same way as the contracts say', () => {
    expect(PAGE_SIZES).toEqual(ADMIN_PAGE_SIZES);
    expect(DEFAULT_PAGE_SIZE).toBe(ADMIN_DEFAULT_PAGE_SIZE);
  });

  it('reads a list’s state from its URL, falling back on anything malformed', () => {
    const state = readListState(new URL('http://x/admin/products?q=+lotus+&sort=price&dir=desc&page=3&perPage=50&status=active&junk=1'), defaults);
    expect(state).toEqual({
      path: '/admin/products',
      q: 'lotus',
      sort: 'price',
      dir: 'desc',
      page: 3,
      perPage: 50,
      filters: { status: 'active', category: '' },
      defaultSort: 'name',
      defaultDir: 'asc',
    });
    // The state knows its defaults, so links made from it alone stay short.
    expect(listHref(state, { page: 1, sort: 'name', dir: 'asc' })).toBe('/admin/products?q=lotus&status=active&perPage=50');
    const odd = readListState(new URL('http://x/admin/products?dir=up&page=-2&perPage=7'), defaults);
    expect([odd.sort, odd.dir, odd.page, odd.perPage]).toEqual(['name', 'asc', 1, 25]);
  });

  it('passes the API only the list’s own query', () => {
    const url = new URL('http://x/admin/products?q=ring&sort=price&status=&category=3&page=2&index=&_data=1');
    expect(apiListQuery(url, ['status', 'category'])).toBe('q=ring&sort=price&page=2&category=3');
  });

  it('builds links that go back to page 1 on any change but the page', () => {
    const state = readListState(new URL('http://x/admin/products?q=ring&page=4&status=active'), defaults);
    expect(listHref(state, { page: 5 }, defaults)).toBe('/admin/products?q=ring&status=active&page=5');
    expect(listHref(state, { filters: { status: 'archived' } }, defaults)).toBe('/admin/products?q=ring&status=archived');
    expect(listHref(state, { perPage: 100 }, defaults)).toBe('/admin/products?q=ring&status=active&perPage=100');
    expect(sortHref(state, 'name', defaults)).toBe('/admin/products?q=ring&status=active&sort=name&dir=desc');
    expect(sortHref(state, 'price', defaults)).toBe('/admin/products?q=ring&status=active&sort=price&dir=asc');
  });

  it('reads the ticked rows of a bulk action', () => {
    const form = new FormData();
    for (const v of ['3', '4', '3', 'x', '-1', '0', '9.5']) form.append('ids', v);
    expect(selectedIds(form)).toEqual([3, 4]);
  });
});

describe('the form kit’s values', () => {
  it('turns typed rupees into paise', () => {
    expect(parseRupees('1250')).toBe(125000);
    expect(parseRupees('1,23,456.5')).toBe(12345650);
    expect(parseRupees('₹ 99.99')).toBe(9999);
    expect(parseRupees('Rs. 10.05')).toBe(1005);
    expect(parseRupees('')).toBeNull();
    expect(parseRupees(null)).toBeNull();
    expect(parseRupees('12.345')).toBeNaN();
    expect(parseRupees('ten')).toBeNaN();
    expect(paiseToRupeesInput(12345650)).toBe('123456.50');
    expect(paiseToRupeesInput(5)).toBe('0.05');
    expect(paiseToRupeesInput(null)).toBe('');
    for (const p of [0, 1, 99, 100, 12345678]) expect(parseRupees(paiseToRupeesInput(p))).toBe(p);
  });

  it('reads numbers, flags and the confirmation of a posted form', () => {
    const form = new FormData();
    form.set('stock', ' 1,200 ');
    form.set('weight', 'abc');
    form.set('hallmarked', 'on');
    expect(formNumber(form, 'stock')).toBe(1200);
    expect(formNumber(form, 'weight')).toBeNaN();
    expect(formNumber(form, 'missing')).toBeNull();
    expect(formFlag(form, 'hallmarked')).toBe(true);
    expect(formFlag(form, 'active')).toBe(false);
    expect(isConfirmed(form)).toBe(false);
    form.set('confirmed', 'yes');
    expect(isConfirmed(form)).toBe(true);
  });
});

describe('the navigation', () => {
  const labels = (role: keyof typeof ROLES) => adminNavFor(ROLES[role]).flatMap((g) => g.items.map((i) => i.label));

  it('shows each role only what it holds', () => {
    expect(labels('owner')).toEqual(ADMIN_NAV.flatMap((g) => g.items.map((i) => i.label)));
    // The background jobs are the owner's alone (decision 042).
    expect(labels('owner')).toContain('Jobs');
    expect(labels('catalogue')).toEqual([
      'Dashboard',
      'Products',
      'Categories, tags & stones',
      'Import / export CSV',
      'Rates',
      'Coupons',
      'Offers strip',
      'Stores',
      'Reviews',
      'My security',
    ]);
    expect(labels('partners')).toEqual(['Dashboard', 'Trade partners', 'My security']);
    expect(labels('catalogue')).not.toContain('Trade partners');
    expect(labels('orders')).toEqual([
      'Dashboard',
      'Orders',
      'Returns',
      'Exchanges & buy-back',
      'Assay desk',
      'Sizer requests',
      'Appointments',
      'Customers',
      'Complaints',
      'My security',
    ]);
    // The complaints desk and the customer desk (issue 38): the orders desk's and the owner's, no one else's.
    for (const role of ['catalogue', 'design', 'partners', 'accounts'] as const) {
      expect(labels(role), role).not.toContain('Complaints');
      expect(labels(role), role).not.toContain('Customers');
    }
    expect(labels('design')).toEqual(['Dashboard', 'Custom requests', 'My security']);
    expect(labels('accounts')).toEqual(['Dashboard', 'Harvest plans', 'Rate locks', 'Refunds due', 'My security']);
    // An empty group leaves no heading behind.
    expect(adminNavFor(ROLES.orders).map((g) => g.label)).toEqual([null, 'Orders', 'Customer care', 'You']);
    expect(adminNavFor(ROLES.design).map((g) => g.label)).toEqual([null, 'Design', 'You']);
  });

  it('links only to back-office addresses', () => {
    for (const item of ADMIN_NAV.flatMap((g) => g.items)) expect(isAdminPath(item.to)).toBe(true);
    expect(isAdminPath('/administrator')).toBe(false);
  });
});
