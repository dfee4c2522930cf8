import { z } from 'zod';
import { adminListPage, adminListQuery } from './admin-list.ts';
import { GatewayPaymentSchema } from './payments.ts';

/**
 * Issue 42, a rate lock (advance booking): a signed-in shopper pays an advance (a percent of the metal's value) to hold
 * today's rate for a weight of one metal and purity for a period; what they buy of it meanwhile is priced at the lower of
 * the locked rate and the day's, and the advance counts toward the payment. The page that takes one is /rate-lock.
 */
export const RATE_LOCK_STATUS_VALUES = ['Pending payment', 'Live', 'Ended', 'Cancelled'] as const;
export const RATE_LOCK_UNUSED_VALUES = ['refund', 'keep'] as const;
export const RATE_LOCK_METALS = ['gold', 'platinum', 'silver'] as const;

const weight = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().replace(/\s*g(rams?)?$/i, '') : v),
  z.coerce
    .number({ error: 'Please enter the weight in grams, e.g. 10 or 12.5.' })
    .refine((n) => Number.isFinite(n), 'Please enter the weight in grams, e.g. 10 or 12.5.')
    .refine((n) => n > 0, 'The weight must be more than 0 grams.')
    .refine((n) => Math.abs(Math.round(n * 1000) - n * 1000) < 1e-6, 'Please give the weight to at most 3 decimals (a milligram).')
    // A weight so small it rounds to no milligram passes the test above: it would lock nothing.
    .refine((n) => n <= 0 || Math.round(n * 1000) >= 1, 'The weight must be at least 0.001 grams (a milligram).')
    .refine((n) => n <= 100_000, 'That weight is too large.'),
);

/** POST /api/rate-locks: what to lock. Purity is the karat for gold (14, 18, 22, 24), 950 for platinum, 925 for silver. */
export const RateLockCreateSchema = z.object({
  metal: z.enum(RATE_LOCK_METALS, { error: 'Please choose gold, platinum or silver.' }),
  purity: z.coerce.number({ error: 'Please choose the purity.' }).int('Please choose the purity.'),
  grams: weight,
  period: z.coerce.number({ error: 'Please choose how long to lock the rate for.' }).int('Please choose how long to lock the rate for.'),
});
export type RateLockCreate = z.infer<typeof RateLockCreateSchema>;

export const RateLockParamsSchema = z.object({ id: z.coerce.number({ error: 'The lock id must be a number.' }).int().positive().max(2_147_483_647) });

/** One order's use of a lock. */
export const RateLockUseSchema = z.object({
  orderNumber: z.string(),
  usedMg: z.number().int(),
  advancePaise: z.number().int(),
  at: z.string(),
  /** The order was cancelled: its grams and advance went back to the lock. */
  returned: z.boolean(),
});

export const RateLockSchema = z.object({
  id: z.number().int(),
  metal: z.enum(RATE_LOCK_METALS),
  purity: z.number().int(),
  lockedMg: z.number().int(),
  usedMg: z.number().int(),
  leftMg: z.number().int(),
  ratePaisePerGram: z.number().int(),
  rateDate: z.string(),
  advancePercent: z.number().int(),
  advancePaise: z.number().int(),
  advanceUsedPaise: z.number().int(),
  advanceLeftPaise: z.number().int(),
  periodDays: z.number().int(),
  /** What becomes of the unused advance at the end, as the terms said when the lock was taken. */
  unusedAdvance: z.enum(RATE_LOCK_UNUSED_VALUES),
  status: z.enum(RATE_LOCK_STATUS_VALUES),
  paidAt: z.string().nullable(),
  /** The last day (India's calendar) purchases are priced under the lock; null before it is paid. */
  lastDay: z.string().nullable(),
  endedAt: z.string().nullable(),
  advanceRefundedPaise: z.number().int(),
  advanceKeptPaise: z.number().int(),
  uses: z.array(RateLockUseSchema),
  createdAt: z.string(),
});
export type RateLock = z.infer<typeof RateLockSchema>;

/** A rate the form offers: today's for one metal and purity. */
export const RateLockRateSchema = z.object({
  metal: z.enum(RATE_LOCK_METALS),
  purity: z.number().int(),
  ratePaisePerGram: z.number().int(),
  rateDate: z.string(),
});

/** GET /api/rate-locks/terms (public): the settings the form and the terms page state, and today's rates. */
export const RateLockTermsSchema = z.object({
  advancePercent: z.number().int(),
  periodsDays: z.array(z.number().int()),
  maxMg: z.number().int(),
  unusedAdvance: z.enum(RATE_LOCK_UNUSED_VALUES),
  rates: z.array(RateLockRateSchema),
});
export type RateLockTerms = z.infer<typeof RateLockTermsSchema>;

/** GET /api/rate-locks: the signed-in shopper's locks, newest first. */
export const RateLockListSchema = z.object({ data: z.array(RateLockSchema) });
export type RateLockList = z.infer<typeof RateLockListSchema>;

/** POST /api/rate-locks and POST /api/rate-locks/{id}/pay: the lock, and the gateway order paying its advance. */
export const RateLockPayAnswerSchema = z.object({ message: z.string(), lock: RateLockSchema, paymentId: z.number().int(), payment: GatewayPaymentSchema });
export type RateLockPayAnswer = z.infer<typeof RateLockPayAnswerSchema>;

/** POST /api/rate-locks/{id}/pay takes no fields. */
export const RateLockPaySchema = z.object({});

/** The back office's list (permission 'accounts'). */
export const AdminRateLockRowSchema = RateLockSchema.extend({
  customer: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
});
export type AdminRateLockRow = z.infer<typeof AdminRateLockRowSchema>;
export const AdminRateLockListQuerySchema = adminListQuery(['created', 'ends']).extend({
  status: z.enum(RATE_LOCK_STATUS_VALUES, { error: 'The status is Pending payment, Live, Ended or Cancelled.' }).optional(),
});
export type AdminRateLockListQuery = z.infer<typeof AdminRateLockListQuerySchema>;
export const AdminRateLockPageSchema = adminListPage(AdminRateLockRowSchema);
export type AdminRateLockPage = z.infer<typeof AdminRateLockPageSchema>;
