import { z } from 'zod';

/** GET /api/admin/settings: every store setting, as the owner edits them (money in paise). */
export const AdminSettingsSchema = z.object({
  storeName: z.string(),
  helpLine: z.string(),
  emailPrimary: z.string(),
  emailSecondary: z.string(),
  officeAddress: z.string(),
  returnWindowDays: z.number().int(),
  shippingFeePaise: z.number().int(),
  deliveryDays: z.number().int(),
  /** GST on jewellery, percent with up to two decimals (3 in India). */
  gstPercent: z.number(),
  hallmarkingChargePaise: z.number().int(),
  cadAdvancePercent: z.number().int(),
  sellerLegalName: z.string(),
  sellerGstin: z.string(),
  sellerState: z.string(),
  sellerStateCode: z.string(),
  invoicePrefix: z.string(),
  /** Pay on delivery only below this; always below ₹2 lakh (20,000,000 paise). */
  codLimitPaise: z.number().int(),
  /** How long an order awaiting online payment holds its pieces (5-1440 minutes). */
  paymentHoldMinutes: z.number().int(),
  lowStockThreshold: z.number().int(),
  /** A packed piece's net weight may differ from the weight sold by this percent (0-10, two decimals) before it is charged or refunded. */
  weightTolerancePercent: z.number(),
  /**
   * Issue 35: a packed piece weighed further than this percent (0-25, two decimals) from the weight sold waits for the
   * accounts desk's approval, and a made-to-order piece is weighed again.
   */
  packingTolerancePercent: z.number(),
  /** Lifetime exchange and buy-back: percent of today's metal value, and of today's diamond value (0-100). */
  exchangePercent: z.number().int(),
  buybackPercent: z.number().int(),
  diamondExchangePercent: z.number().int(),
  diamondBuybackPercent: z.number().int(),
  /** Old gold from elsewhere: the trade-in estimate's percent of today's rate for its fine metal (0-100). */
  tradeInPercent: z.number().int(),
  /** Visits or video calls one store takes in one slot (1-50). */
  appointmentSlotCapacity: z.number().int(),
  /** Issue 37: nightly backups in the S3 bucket older than this many days are deleted (1-365). */
  backupRetentionDays: z.number().int(),
  /** Issue 38: the jeweller's BIS registration number (HM/C- and ten digits), or '' until set. */
  bisRegistration: z.string(),
  /** Issue 42, rate locks: the advance as a percent of the locked metal's value (1-100). */
  rateLockAdvancePercent: z.number().int(),
  /** The periods a rate may be locked for, in days, as the form types them: '30, 90, 180'. */
  rateLockPeriods: z.string(),
  /** The most metal one shopper's rate locks may hold at a time, in mg (1,000-10,000,000). */
  rateLockMaxMg: z.number().int(),
  /** What becomes of the unused advance at a lock's end: refunded through the gateway, or kept. */
  rateLockUnusedAdvance: z.enum(['refund', 'keep']),
  /** Issue 42, the assay desk: the melting loss taken off old gold's fine metal, per mille (0-200; 20 = 2 %). */
  metalMeltingLossPerMille: z.number().int(),
  /** The most old gold (gross) one assay records, in mg (1,000-10,000,000). */
  metalAssayMaxMg: z.number().int(),
  staffTwoFactorRequired: z.boolean(),
  updatedAt: z.string(),
});
export type AdminSettings = z.infer<typeof AdminSettingsSchema>;

/** The settings PATCH may change (all but updatedAt). */
export const SETTINGS_FIELDS = [
  'storeName',
  'helpLine',
  'emailPrimary',
  'emailSecondary',
  'officeAddress',
  'returnWindowDays',
  'shippingFeePaise',
  'deliveryDays',
  'gstPercent',
  'hallmarkingChargePaise',
  'cadAdvancePercent',
  'sellerLegalName',
  'sellerGstin',
  'sellerState',
  'sellerStateCode',
  'invoicePrefix',
  'codLimitPaise',
  'paymentHoldMinutes',
  'lowStockThreshold',
  'weightTolerancePercent',
  'packingTolerancePercent',
  'exchangePercent',
  'buybackPercent',
  'diamondExchangePercent',
  'diamondBuybackPercent',
  'tradeInPercent',
  'appointmentSlotCapacity',
  'backupRetentionDays',
  'bisRegistration',
  'rateLockAdvancePercent',
  'rateLockPeriods',
  'rateLockMaxMg',
  'rateLockUnusedAdvance',
  'metalMeltingLossPerMille',
  'metalAssayMaxMg',
  'staffTwoFactorRequired',
] as const satisfies readonly (keyof AdminSettings)[];
export type SettingsField = (typeof SETTINGS_FIELDS)[number];

/** PATCH /api/admin/settings: the settings as saved, which fields changed, and how many products were repriced. */
export const AdminSettingsSavedSchema = z.object({ settings: AdminSettingsSchema, changed: z.array(z.enum(SETTINGS_FIELDS)), repriced: z.number().int() });
export type AdminSettingsSaved = z.infer<typeof AdminSettingsSavedSchema>;

/** Below ₹2 lakh (s.269ST of the Income Tax Act): the COD limit is always under this, in paise. */
export const COD_LIMIT_CEILING_PAISE = 20_000_000;

/** What may be paid on delivery: below the store's setting, and never the cash ceiling or more (checkout and its page alike). */
export function payOnDeliveryLimit(codLimitPaise: number): number {
  return Math.min(codLimitPaise, COD_LIMIT_CEILING_PAISE);
}

/**
 * PATCH /api/admin/settings: any of the fields, as JSON numbers, strings and booleans. The service checks each
 * value and answers every problem under its field's name; unknown fields are refused.
 */
export const SettingsPatchSchema = z
  .object({
    storeName: z.string().optional(),
    helpLine: z.string().optional(),
    emailPrimary: z.string().optional(),
    emailSecondary: z.string().optional(),
    officeAddress: z.string().optional(),
    returnWindowDays: z.number().optional().describe('Days (0-90)'),
    shippingFeePaise: z.number().optional().describe('Paise (0-₹10,000)'),
    deliveryDays: z.number().optional().describe('Days (1-120)'),
    gstPercent: z.number().optional().describe('Percent, 0-28, at most two decimals; reprices every weighed product'),
    hallmarkingChargePaise: z.number().optional().describe('Paise per hallmarked piece (0-₹1,000)'),
    cadAdvancePercent: z.number().optional().describe('Percent (0-100)'),
    sellerLegalName: z.string().optional(),
    sellerGstin: z.string().optional().describe('15-character GSTIN with a valid check character'),
    sellerState: z.string().optional(),
    sellerStateCode: z.string().optional().describe('Two digits; must match the GSTIN'),
    invoicePrefix: z.string().optional().describe('2-4 capital letters or digits (issue 39: a document number has at most 16 characters)'),
    codLimitPaise: z.number().optional().describe('Paise, 0 up to below ₹2 lakh (20,000,000 paise)'),
    paymentHoldMinutes: z.number().optional().describe('Minutes an unpaid online order holds its pieces (5-1440)'),
    lowStockThreshold: z.number().optional().describe('Pieces (0-1000)'),
    weightTolerancePercent: z
      .number()
      .optional()
      .describe('Percent, 0-10, at most two decimals: a packed piece lighter or heavier than this is refunded or charged'),
    packingTolerancePercent: z
      .number()
      .optional()
      .describe('Percent, 0-25, at most two decimals: a packed piece further than this from the weight sold waits for the accounts desk'),
    exchangePercent: z.number().optional().describe('Percent of today’s metal value a piece bought here is worth in exchange (0-100)'),
    buybackPercent: z.number().optional().describe('Percent of today’s metal value paid for a piece bought here (0-100)'),
    diamondExchangePercent: z.number().optional().describe('Percent of today’s diamond value in exchange (0-100)'),
    diamondBuybackPercent: z.number().optional().describe('Percent of today’s diamond value at buy-back (0-100)'),
    tradeInPercent: z.number().optional().describe('Percent of today’s rate offered for old gold bought elsewhere (0-100)'),
    appointmentSlotCapacity: z.number().optional().describe('Visits or video calls a store takes in one slot (1-50)'),
    backupRetentionDays: z.number().optional().describe('Days the nightly backups in the S3 bucket are kept (1-365)'),
    bisRegistration: z
      .string()
      .optional()
      .describe("The jeweller's BIS registration number: HM/C- and ten digits (HM/C-5190012345), or empty until the store has one"),
    rateLockAdvancePercent: z.number().optional().describe('Issue 42: a rate lock’s advance, percent of the locked metal’s value (1-100)'),
    rateLockPeriods: z.string().optional().describe('Issue 42: the periods offered, days, comma-separated: "30, 90, 180" (1 to 6 periods of 1-1095 days)'),
    rateLockMaxMg: z.number().optional().describe('Issue 42: the most metal one shopper’s rate locks hold at a time, mg (1,000-10,000,000)'),
    rateLockUnusedAdvance: z.string().optional().describe('Issue 42: "refund" (through the gateway) or "keep": the unused advance at a lock’s end'),
    metalMeltingLossPerMille: z.number().optional().describe('Issue 42: the melting loss the assay desk takes off old gold’s fine metal, per mille (0-200)'),
    metalAssayMaxMg: z.number().optional().describe('Issue 42: the most old gold (gross) one assay records, mg (1,000-10,000,000)'),
    staffTwoFactorRequired: z.boolean().optional(),
  })
  .strict();
export type SettingsPatch = z.infer<typeof SettingsPatchSchema>;
