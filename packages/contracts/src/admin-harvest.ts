import { z } from 'zod';
import { ReviewPhotoSchema } from './catalog.ts';
import { adminListPage, adminListQuery } from './admin-list.ts';

/**
 * The Milli Harvest desk (issue 19, permission 'accounts'): plans with their instalments, reminders, maturity,
 * closing with refunds, and the 365-day limit (goods must be supplied within 365 days of the first payment, so
 * a plan past it can no longer be redeemed and must be closed and refunded).
 */
export const HARVEST_DESK_STATUSES = ['Active', 'Matured', 'Redeemed', 'Cancelled'] as const;
/** overdue: an unpaid instalment past its date; due-soon: the next one due within 3 days. */
export const HARVEST_DUE_FILTERS = ['overdue', 'due-soon'] as const;
/** Days after the first payment within which a plan's balance must be redeemed (or the plan closed and refunded). */
export const HARVEST_LIMIT_DAYS = 365;

export const AdminHarvestRowSchema = z.object({
  id: z.number().int(),
  status: z.enum(HARVEST_DESK_STATUSES),
  customer: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  /** The address the plan's mails go to. */
  email: z.string(),
  monthlyAmountPaise: z.number().int(),
  /** Instalments paid, of 10. */
  paidCount: z.number().int(),
  paidPaise: z.number().int(),
  nextDueDate: z.string().nullable(),
  /** Days the next due instalment is late (0 when not late). */
  overdueDays: z.number().int(),
  /** What is left to spend (matured plans). */
  balancePaise: z.number().int(),
  refundedPaise: z.number().int(),
  maturityDate: z.string(),
  /** The last day the balance can be redeemed: 365 days after the first payment (null before any payment). */
  limitDate: z.string().nullable(),
  /** Days left to the limit (negative once past it; null before any payment). */
  daysToLimit: z.number().int().nullable(),
  /** Past the limit with money still held: the desk must close and refund it. */
  mustClose: z.boolean(),
  startedAt: z.string(),
});
export type AdminHarvestRow = z.infer<typeof AdminHarvestRowSchema>;

/** GET /api/admin/harvest/plans: `q` over the customer's name and e-mail, the plan's e-mail and its id; sort 'due' (next due first) or 'started'. */
export const AdminHarvestListQuerySchema = adminListQuery(['due', 'started']).extend({
  status: z.enum(HARVEST_DESK_STATUSES, { error: 'The status is Active, Matured, Redeemed or Cancelled.' }).optional(),
  due: z.enum(HARVEST_DUE_FILTERS, { error: 'Due is overdue or due-soon.' }).optional(),
});
export type AdminHarvestListQuery = z.infer<typeof AdminHarvestListQuerySchema>;
export const AdminHarvestPageSchema = adminListPage(AdminHarvestRowSchema);

const RefundSchema = z.object({
  amountPaise: z.number().int(),
  status: z.string(),
  reason: z.string(),
  createdAt: z.string(),
  processedAt: z.string().nullable(),
});

export const AdminHarvestPlanSchema = AdminHarvestRowSchema.extend({
  closedAt: z.string().nullable(),
  closedBy: z.string().nullable(),
  closeReason: z.string().nullable(),
  /** What closing now would refund (0 when the plan cannot be closed). */
  refundablePaise: z.number().int(),
  instalments: z.array(
    z.object({
      id: z.number().int(),
      number: z.number().int(),
      dueDate: z.string(),
      payablePaise: z.number().int(),
      status: z.enum(['Due', 'Paid', 'Free']),
      paidAt: z.string().nullable(),
      remindedAt: z.string().nullable(),
      payment: z
        .object({
          id: z.number().int(),
          amountPaise: z.number().int(),
          status: z.string(),
          method: z.string().nullable(),
          refundedPaise: z.number().int(),
          refunds: z.array(RefundSchema),
        })
        .nullable(),
    }),
  ),
  /** Reminder mails sent for this plan, newest first. */
  reminders: z.array(z.object({ subject: z.string(), createdAt: z.string(), status: z.string() })),
  /** Orders that spent the balance. */
  redemptions: z.array(z.object({ orderNumber: z.string(), amountPaise: z.number().int(), spentAt: z.string(), returnedAt: z.string().nullable() })),
  /** The desk's actions on the plan (the audit log), oldest first. */
  history: z.array(z.object({ action: z.string(), by: z.string(), at: z.string(), note: z.string().nullable() })),
});
export type AdminHarvestPlan = z.infer<typeof AdminHarvestPlanSchema>;

/** POST /api/admin/harvest/plans/{id}/close. */
export const AdminHarvestCloseSchema = z.object({
  reason: z
    .string({ error: 'Please give a reason.' })
    .trim()
    .min(3, 'Please give a reason (at least 3 characters).')
    .max(500, 'A reason is at most 500 characters.'),
  refund: z.preprocess((v) => v === true || v === 'true' || v === 'on', z.boolean()),
});
export type AdminHarvestClose = z.infer<typeof AdminHarvestCloseSchema>;

// ---------------------------------------------------------------------------------------------
// Reviews (permission 'catalogue': reviews belong to the product pages the catalogue team keeps)

export const AdminReviewSchema = z.object({
  id: z.number().int(),
  product: z.object({ id: z.number().int(), name: z.string() }),
  /** The reviewer as the storefront names them ('Priya S.'): the desk has no use for their e-mail. */
  customer: z.object({ id: z.number().int(), name: z.string() }),
  rating: z.number().int(),
  title: z.string(),
  text: z.string(),
  hidden: z.boolean(),
  hiddenBy: z.string().nullable(),
  hiddenAt: z.string().nullable(),
  hiddenReason: z.string().nullable(),
  createdAt: z.string(),
  /** Written by a customer who received the piece (issue 20), with the order it came with. */
  verified: z.boolean(),
  orderNumber: z.string().nullable(),
  editedAt: z.string().nullable(),
  photos: z.array(ReviewPhotoSchema),
});
export type AdminReview = z.infer<typeof AdminReviewSchema>;

/** GET /api/admin/reviews: `q` over the product's name, the title, the text and the customer's name or e-mail; `hidden` 'yes' or 'no'. */
export const AdminReviewListQuerySchema = adminListQuery(['newest', 'oldest', 'rating']).extend({
  hidden: z.enum(['yes', 'no'], { error: 'Hidden is yes or no.' }).optional(),
});
export type AdminReviewListQuery = z.infer<typeof AdminReviewListQuerySchema>;
export const AdminReviewPageSchema = adminListPage(AdminReviewSchema);

export const AdminReviewHideSchema = z.object({
  reason: z
    .string({ error: 'Please give a reason.' })
    .trim()
    .min(3, 'Please give a reason (at least 3 characters).')
    .max(500, 'A reason is at most 500 characters.'),
});
export type AdminReviewHide = z.infer<typeof AdminReviewHideSchema>;
