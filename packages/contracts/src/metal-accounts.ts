import { z } from 'zod';

/**
 * Issue 42, the metal account: old gold assayed at a store is credited to the shopper as milligrams of fine gold; each
 * credit lasts 365 days; the grams pay for the metal of new pieces at checkout, or are sold back at the day's buy-back
 * rate (to store credit). Decision 061.
 */
export const METAL_ENTRY_KIND_VALUES = ['credit', 'use', 'returned', 'buy_back', 'expiry'] as const;

const grams = (what: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().replace(/\s*g(rams?)?$/i, '') : v),
    z.coerce
      .number({ error: `Please enter the ${what} in grams, e.g. 10 or 12.345.` })
      .refine((n) => Number.isFinite(n), `Please enter the ${what} in grams, e.g. 10 or 12.345.`)
      .refine((n) => n > 0, `The ${what} must be more than 0 grams.`)
      .refine((n) => Math.abs(Math.round(n * 1000) - n * 1000) < 1e-6, `Please give the ${what} to at most 3 decimals (a milligram).`)
      // A weight so small it rounds to no milligram passes the test above: it would weigh nothing.
      .refine((n) => n <= 0 || Math.round(n * 1000) >= 1, `The ${what} must be at least 0.001 grams (a milligram).`)
      .refine((n) => n <= 10_000, `That ${what} is too large.`),
  );

/** One credit of fine gold, with what is left of it and when it expires. */
export const MetalCreditSchema = z.object({
  id: z.number().int(),
  grossMg: z.number().int(),
  purityPerMille: z.number().int(),
  meltingLossPerMille: z.number().int(),
  fineMg: z.number().int(),
  /** Fine gold still usable: 0 once expired. */
  leftMg: z.number().int(),
  madeAt: z.string(),
  expiresAt: z.string(),
  /** The last day (India's calendar) the credit may be used. */
  lastDay: z.string(),
  expired: z.boolean(),
  note: z.string(),
});
export type MetalCredit = z.infer<typeof MetalCreditSchema>;

/** A line of the statement: a credit, a use by an order (and its return on a cancel), a buy-back, an expiry. */
export const MetalEntrySchema = z.object({
  at: z.string(),
  kind: z.enum(METAL_ENTRY_KIND_VALUES),
  /** Fine gold in (+) or out (−), mg. */
  mg: z.number().int(),
  /** What the grams were worth: the metal they paid for, the buy-back paid; 0 for a credit or an expiry. */
  paise: z.number().int(),
  creditId: z.number().int(),
  orderNumber: z.string().nullable(),
  text: z.string(),
});
export type MetalEntry = z.infer<typeof MetalEntrySchema>;

/** GET /api/metal-account: the balance, the credits, the statement (newest first) and today's buy-back offer. */
export const MetalAccountSchema = z.object({
  balanceMg: z.number().int(),
  credits: z.array(MetalCreditSchema),
  entries: z.array(MetalEntrySchema),
  /** The soonest grams to expire and the day, or null. */
  nextExpiry: z.object({ mg: z.number().int(), lastDay: z.string() }).nullable(),
  /** Today's buy-back of fine gold: the 24 kt rate (null while none is published) times the settings' percent. */
  buyBack: z.object({ rate24PaisePerGram: z.number().int().nullable(), percent: z.number().int(), paisePerGram: z.number().int().nullable() }),
});
export type MetalAccount = z.infer<typeof MetalAccountSchema>;

/** POST /api/metal-account/buy-back: fine grams to sell back (to store credit). */
export const MetalBuyBackSchema = z.object({ grams: grams('weight') });
export type MetalBuyBack = z.infer<typeof MetalBuyBackSchema>;
export const MetalBuyBackAnswerSchema = z.object({ message: z.string(), mg: z.number().int(), paise: z.number().int(), account: MetalAccountSchema });
export type MetalBuyBackAnswer = z.infer<typeof MetalBuyBackAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// The assay desk (permission 'orders': the desk that receives old gold and exchanges at the store)

export const AdminMetalSearchQuerySchema = z.object({
  q: z.string().trim().min(3, 'Type at least 3 characters of the phone number or e-mail.').max(100, 'That search is too long.'),
});
export const AdminMetalCustomerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  balanceMg: z.number().int(),
});
export const AdminMetalSearchSchema = z.object({ data: z.array(AdminMetalCustomerSchema) });
export type AdminMetalSearch = z.infer<typeof AdminMetalSearchSchema>;

export const AdminMetalParamsSchema = z.object({
  customerId: z.coerce.number({ error: 'The customer id must be a number.' }).int().positive().max(2_147_483_647),
});

/** GET /api/admin/metal-accounts/{customerId}: the customer, their account, the settings' deduction and their booked assays to link. */
export const AdminMetalAccountSchema = z.object({
  customer: AdminMetalCustomerSchema,
  account: MetalAccountSchema,
  meltingLossPerMille: z.number().int(),
  maxGrossMg: z.number().int(),
  appointments: z.array(z.object({ id: z.number().int(), day: z.string(), slot: z.string(), purpose: z.string(), status: z.string() })),
});
export type AdminMetalAccount = z.infer<typeof AdminMetalAccountSchema>;

const blankIsUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** POST /api/admin/metal-accounts/{customerId}/credits: an assay of old gold. */
export const AdminMetalAssaySchema = z.object({
  grossGrams: grams('gross weight'),
  /** The karatmeter's reading in per mille (916), or karats (22K). */
  purity: z
    .string({ error: 'Please give the purity: per mille (916) or karats (22K).' })
    .trim()
    .min(1, 'Please give the purity: per mille (916) or karats (22K).')
    .max(12),
  appointmentId: z.preprocess(
    blankIsUndefined,
    z.coerce.number({ error: 'Choose the appointment from the list.' }).int().positive().max(2_147_483_647).optional(),
  ),
  note: z.preprocess(blankIsUndefined, z.string().trim().max(300, 'Keep the note under 300 characters.').optional()),
  /** The form's one-time key: sent again (a double click, a reload), the assay already credited answers, credited once. */
  requestKey: z.preprocess(blankIsUndefined, z.string().trim().max(64, 'The form key is too long.').optional()),
});
export type AdminMetalAssay = z.infer<typeof AdminMetalAssaySchema>;
export const AdminMetalAssayAnswerSchema = z.object({ message: z.string(), credit: MetalCreditSchema, account: AdminMetalAccountSchema });
export type AdminMetalAssayAnswer = z.infer<typeof AdminMetalAssayAnswerSchema>;
