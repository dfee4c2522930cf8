import { z } from 'zod';

/**
 * Every back-office list speaks the same query and answers the same page (issue 17: "every list has the same
 * search, filter, sort and pagination behaviour"): `?q=&sort=&dir=&page=&perPage=` plus the list's own filters,
 * answered `{ data, page, perPage, total, totalPages }`.
 */
export const ADMIN_PAGE_SIZES = [25, 50, 100] as const;
export const ADMIN_DEFAULT_PAGE_SIZE = 25;

export interface AdminListPage<T> {
  data: T[];
  page: number;
  perPage: number;
  total: number;
  totalPages: number;
}

/**
 * The common part of a list's query. `sortKeys` are the columns the list may sort by (the first is the default);
 * extend the result with the list's own filters: `adminListQuery(['name', 'updated']).extend({ category: … })`.
 */
export function adminListQuery<const K extends readonly [string, ...string[]]>(sortKeys: K) {
  return z.object({
    q: z.string().trim().max(100, 'A search is at most 100 characters.').optional(),
    sort: z.enum(sortKeys, { error: `Sort by one of: ${sortKeys.join(', ')}.` }).default(sortKeys[0] as K[number] as never),
    dir: z.enum(['asc', 'desc'], { error: 'The direction is asc or desc.' }).default('asc'),
    page: z.coerce.number({ error: 'The page is a whole number.' }).int('The page is a whole number.').min(1, 'Pages start at 1.').max(100_000).default(1),
    perPage: z.coerce
      .number({ error: 'Rows per page is 25, 50 or 100.' })
      .int()
      .refine((n) => (ADMIN_PAGE_SIZES as readonly number[]).includes(n), 'Rows per page is 25, 50 or 100.')
      .default(ADMIN_DEFAULT_PAGE_SIZE),
  });
}

/** The answer's schema for a list of `row`. */
export function adminListPage<T extends z.ZodType>(row: T) {
  return z.object({ data: z.array(row), page: z.number().int(), perPage: z.number().int(), total: z.number().int(), totalPages: z.number().int() });
}

/** Builds the page answer from rows and the total count. */
export function toAdminPage<T>(data: T[], total: number, query: { page: number; perPage: number }): AdminListPage<T> {
  return { data, page: query.page, perPage: query.perPage, total, totalPages: Math.max(1, Math.ceil(total / query.perPage)) };
}
