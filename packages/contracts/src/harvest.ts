import { z } from 'zod';
import { GatewayPaymentSchema } from './payments.ts';

/** POST /api/harvest/enrol: the monthly amount in rupees, as typed on /milli-harvest, and the plan's e-mail. */
export const HarvestEnrolSchema = z.object({
  monthlyAmount: z.preprocess(
    (v) => (typeof v === 'string' ? v.replace(/[,\s]/g, '').replace(/^Rs\.?/i, '') : v),
    z.coerce.number({ error: 'Please enter the monthly amount in rupees.' }),
  ),
  email: z
    .string({ error: 'Please enter your e-mail.' })
    .trim()
    .toLowerCase()
    .min(1, 'Please enter your e-mail.')
    .max(254, 'This e-mail is too long.')
    .pipe(z.email({ error: 'Please enter a valid e-mail address.' })),
});
export type HarvestEnrol = z.infer<typeof HarvestEnrolSchema>;

/** The {id} of POST /api/harvest/instalments/{id}/pay. */
export const InstalmentParamsSchema = z.object({ id: z.coerce.number({ error: 'The instalment id must be a number.' }).int().positive().max(2_147_483_647) });

/** POST /api/harvest/instalments/{id}/pay takes no fields: the instalment is paid in the gateway's checkout (issue 18). */
export const HarvestPaySchema = z.object({});
export type HarvestPay = z.infer<typeof HarvestPaySchema>;

export const HarvestInstalmentSchema = z.object({
  id: z.number().int(),
  number: z.number().int(),
  dueDate: z.string(),
  amountPaise: z.number().int(),
  discountPaise: z.number().int(),
  payablePaise: z.number().int(),
  status: z.enum(['Due', 'Paid', 'Free']),
  paidAt: z.string().nullable(),
});
export type HarvestInstalment = z.infer<typeof HarvestInstalmentSchema>;

export const HarvestPlanSchema = z.object({
  id: z.number().int(),
  status: z.enum(['Active', 'Matured', 'Redeemed', 'Cancelled']),
  monthlyAmountPaise: z.number().int(),
  email: z.string(),
  startedAt: z.string(),
  /** The Indian calendar date the plan matures (the 11th instalment's date). */
  maturityDate: z.string(),
  paidPaise: z.number().int(),
  youPayPaise: z.number().int(),
  storeAddsPaise: z.number().int(),
  redeemablePaise: z.number().int(),
  /** What is left to spend at checkout (0 until the plan matures). */
  balancePaise: z.number().int(),
  /** The one instalment that can be paid now, or null. */
  nextDueId: z.number().int().nullable(),
  /**
   * The last day the balance can be spent: 365 days after the first payment (goods must be supplied within
   * 365 days of an advance); null before any payment. Past it the plan must be closed and refunded.
   */
  redeemBy: z.string().nullable(),
  /** Past `redeemBy` with money still held: the store closes the plan and refunds it. */
  pastLimit: z.boolean(),
  /** Why the store closed the plan, and what it refunded (Cancelled plans). */
  closeReason: z.string().nullable(),
  refundedPaise: z.number().int(),
  instalments: z.array(HarvestInstalmentSchema),
});
export type HarvestPlan = z.infer<typeof HarvestPlanSchema>;
export const HarvestPlanListSchema = z.object({ data: z.array(HarvestPlanSchema) });
export const HarvestEnrolAnswerSchema = z.object({ message: z.string(), plan: HarvestPlanSchema });
/** The instalment's payment, to open in the gateway's checkout; verify (or the webhook) marks it Paid. */
export const HarvestPayAnswerSchema = z.object({ message: z.string(), plan: HarvestPlanSchema, paymentId: z.number().int(), payment: GatewayPaymentSchema });
export type HarvestPayAnswer = z.infer<typeof HarvestPayAnswerSchema>;
