import { z } from 'zod';
import { ADMIN_ORDER_STATUSES } from './admin-orders.ts';

/**
 * The back office's one search box (issue 39): whatever a caller gives, from one query. GET /api/admin/search?q=
 * answers groups of records, each group only when the member's role may see that kind (orders, customers, products,
 * custom design requests); each record says what matched, so a phone search that found a billing address says so.
 */
export const ADMIN_SEARCH_MIN = 2;
export const ADMIN_SEARCH_MAX = 100;
/** Records a group shows at most: the box finds, the desks' lists browse. */
export const ADMIN_SEARCH_GROUP_LIMIT = 10;

export const AdminSearchQuerySchema = z.object({
  q: z
    .string({ error: 'Type what to search for.' })
    .trim()
    .min(ADMIN_SEARCH_MIN, `Type at least ${ADMIN_SEARCH_MIN} characters to search.`)
    .max(ADMIN_SEARCH_MAX, `A search is at most ${ADMIN_SEARCH_MAX} characters.`),
});
export type AdminSearchQuery = z.infer<typeof AdminSearchQuerySchema>;

/** What a record was found by, as the results page says it ("Phone", "HUID", "Locality"…). */
export const ADMIN_SEARCH_MATCHES = [
  'order number',
  'phone',
  'e-mail',
  'name',
  'HUID',
  'AWB',
  'request number',
  'product name',
  'SKU',
  'PIN',
  'locality',
] as const;
const matched = z.enum(ADMIN_SEARCH_MATCHES);

export const AdminSearchOrderSchema = z.object({
  orderNumber: z.string(),
  status: z.enum(ADMIN_ORDER_STATUSES),
  placedAt: z.string(),
  customerName: z.string(),
  totalPaise: z.number().int(),
  city: z.string().nullable(),
  matched,
});
export const AdminSearchCustomerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  matched,
});
export const AdminSearchProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sku: z.string(),
  /** Shown in the shop (false: hidden from it). */
  active: z.boolean(),
  matched,
});
export const AdminSearchRequestSchema = z.object({
  id: z.number().int(),
  /** CUS-000042, as the design desk prints it. */
  requestNumber: z.string(),
  customerName: z.string(),
  category: z.string(),
  status: z.string(),
  matched,
});

/** A group is absent when the member may not see its kind; present and empty when nothing of that kind matched. */
export const AdminSearchAnswerSchema = z.object({
  q: z.string(),
  /** The ten-digit national number when `q` reads as an Indian phone number, so the page can say what was looked for. */
  phone: z.string().nullable(),
  orders: z.array(AdminSearchOrderSchema).optional(),
  customers: z.array(AdminSearchCustomerSchema).optional(),
  products: z.array(AdminSearchProductSchema).optional(),
  customRequests: z.array(AdminSearchRequestSchema).optional(),
});
export type AdminSearchAnswer = z.infer<typeof AdminSearchAnswerSchema>;
