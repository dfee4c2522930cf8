import { z } from 'zod';
import { adminListPage, adminListQuery } from './admin-list.ts';

/**
 * The sizer desk (issue 19): 'Get Free Sizer' requests from the product page, which the orders desk posts a ring
 * sizer kit for. A request goes New → Sent → Closed, or New → Closed (a duplicate, a wrong address); never back.
 */
export const SIZER_STATUSES = ['New', 'Sent', 'Closed'] as const;
export type SizerStatus = (typeof SIZER_STATUSES)[number];

export const AdminSizerRequestSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  /** As the shopper typed it, pincode included. */
  address: z.string(),
  /** The piece they were looking at, if they asked from a product page (null when it has since been deleted). */
  product: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The customer's account, when they were signed in. */
  customerId: z.number().int().nullable(),
  status: z.enum(SIZER_STATUSES),
  createdAt: z.string(),
});
export type AdminSizerRequest = z.infer<typeof AdminSizerRequestSchema>;

/**
 * GET /api/admin/sizer-requests: `q` over name, phone, e-mail and address (the pincode is in the address);
 * `status` one of SIZER_STATUSES; sort 'queue' (New first, then Sent, then Closed, oldest first within each:
 * the order the desk works in) or 'created' (by date).
 */
export const AdminSizerListQuerySchema = adminListQuery(['queue', 'created']).extend({
  status: z.enum(SIZER_STATUSES, { error: 'The status is New, Sent or Closed.' }).optional(),
});
export type AdminSizerListQuery = z.infer<typeof AdminSizerListQuerySchema>;
export const AdminSizerPageSchema = adminListPage(AdminSizerRequestSchema);

/** POST /api/admin/sizer-requests/{id}/status. The note (at most 500 characters) is kept in the audit log only. */
export const AdminSizerStatusSchema = z.object({
  status: z.enum(['Sent', 'Closed'], { error: 'The status is Sent or Closed.' }),
  note: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().trim().max(500, 'A note is at most 500 characters.').optional()),
});
export type AdminSizerStatus = z.infer<typeof AdminSizerStatusSchema>;
