import type { Db } from '@milli/db';
import type { StaffPermission } from '@milli/contracts';
import type { AdminSearchAnswer } from '@milli/contracts/schemas';
import { indianNationalNumber } from '../../lib/indian-phone.ts';
import { searchRepository, type SearchKeys } from './repository.ts';

/** The kinds of record the search finds, each behind the permission of the desk that keeps them. */
export const SEARCH_GROUPS = {
  orders: 'orders',
  customers: 'customers',
  products: 'catalogue',
  customRequests: 'design',
} as const satisfies Record<string, StaffPermission>;

/** What one query could be: a phone number as pasted, a HUID, an AWB, a PIN, a request number (CUS-000042 or 42)… */
export function searchKeys(q: string): SearchKeys {
  const text = q.trim();
  const compact = text.replace(/\s+/g, '');
  const request = /^(?:CUS-?)?0*(\d{1,9})$/i.exec(compact);
  return {
    text,
    phone: indianNationalNumber(text),
    // BIS HUIDs are six letters and digits; six digits alone are a PIN far more often, but a HUID may be all digits too.
    huid: /^[A-Za-z0-9]{6}$/.test(compact) ? compact.toUpperCase() : null,
    awb: /^[A-Za-z0-9-]{6,30}$/.test(compact) ? compact.toUpperCase() : null,
    pincode: /^[1-9]\d{5}$/.test(compact) ? compact : null,
    // A bare number is a request's only when it says CUS, or is short enough not to be a phone, a PIN or an AWB.
    requestId: request && (/^CUS/i.test(compact) || compact.length <= 5) ? Number(request[1]) : null,
    email: text.includes('@'),
    words: /\p{L}/u.test(text),
    digits: /\d/.test(text),
  };
}

/**
 * The back office's one search box (issue 39, decision 052): one query, every kind of record the member may see.
 * Which groups are searched is decided here from the member's permissions, so a member without the customers
 * permission is never sent (nor costs a query for) a customer.
 */
export function createSearchService(db: Db) {
  const repo = searchRepository(db);
  return {
    async search(q: string, may: (permission: StaffPermission) => boolean): Promise<AdminSearchAnswer> {
      const keys = searchKeys(q);
      const [orders, customers, products, customRequests] = await Promise.all([
        may(SEARCH_GROUPS.orders) ? repo.orders(keys) : undefined,
        may(SEARCH_GROUPS.customers) ? repo.customers(keys) : undefined,
        may(SEARCH_GROUPS.products) ? repo.products(keys) : undefined,
        may(SEARCH_GROUPS.customRequests) ? repo.customRequests(keys) : undefined,
      ]);
      return {
        q: keys.text,
        phone: keys.phone,
        ...(orders ? { orders } : {}),
        ...(customers ? { customers } : {}),
        ...(products ? { products } : {}),
        ...(customRequests ? { customRequests } : {}),
      };
    },
  };
}
