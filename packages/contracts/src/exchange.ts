import { z } from 'zod';

/**
 * Lifetime exchange and buy-back, and store credit (issue 20). Exchange: a piece bought here taken back at
 * today's value as store credit towards a new one. Buy-back: the same piece bought back for money, at a lower
 * percentage. Only the metal (by weight) and the diamonds are valued; making, coloured stones, GST and
 * hallmarking are never given back.
 */
export const EXCHANGE_KIND_VALUES = ['exchange', 'buyback'] as const;
export type ExchangeKind = (typeof EXCHANGE_KIND_VALUES)[number];
export const EXCHANGE_STATUS_VALUES = ['Requested', 'Received', 'Settled', 'Refused', 'Withdrawn'] as const;
export type ExchangeStatus = (typeof EXCHANGE_STATUS_VALUES)[number];

/** A request as its customer sees it. */
export const ExchangeRequestSchema = z.object({
  id: z.number().int(),
  orderNumber: z.string(),
  lineId: z.number().int(),
  pieceId: z.number().int().nullable(),
  productName: z.string(),
  huid: z.string().nullable(),
  kind: z.enum(EXCHANGE_KIND_VALUES),
  status: z.enum(EXCHANGE_STATUS_VALUES),
  /** The quote as shown when asked: value, rate, its date, weights. */
  quotedPaise: z.number().int(),
  ratePaisePerGram: z.number().int(),
  rateDate: z.string(),
  metalWeightMg: z.number().int(),
  diamondWeightCents: z.number().int(),
  /** What was settled (store credit for an exchange, paid for a buy-back). */
  settledPaise: z.number().int().nullable(),
  refusedReason: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type ExchangeRequest = z.infer<typeof ExchangeRequestSchema>;

/** One piece's values at today's rate. pieceId is null when the line's pieces were never packed one by one. */
export const BuybackPieceSchema = z.object({
  lineId: z.number().int(),
  pieceId: z.number().int().nullable(),
  productName: z.string(),
  huid: z.string().nullable(),
  metal: z.string().nullable(),
  purity: z.number().int().nullable(),
  /** The packed piece's real net weight, else the weight the line was sold at; 0 when none is on record. */
  metalWeightMg: z.number().int(),
  /** Today's rate for the piece's metal and purity; null when there is none (valued in store). */
  ratePaisePerGram: z.number().int().nullable(),
  diamondWeightCents: z.number().int(),
  /** Today's diamond rate for the line's quality, per cent (a hundredth of a carat); null without diamonds. */
  diamondRatePaisePerCent: z.number().nullable(),
  exchangeValuePaise: z.number().int(),
  buybackValuePaise: z.number().int(),
  /** False for a piece with no metal weight or no rate today: "valued in store". */
  valued: z.boolean(),
  /** The open (Requested or Received) request on this piece, if any: no second one until it is settled or refused. */
  openRequestId: z.number().int().nullable(),
});
export type BuybackPiece = z.infer<typeof BuybackPieceSchema>;

/** GET /api/orders/{orderNumber}/buyback-quote */
export const BuybackQuoteSchema = z.object({
  /** The date of the newest rate used (the day's rates), YYYY-MM-DD; null when no rate applied. */
  rateDate: z.string().nullable(),
  pieces: z.array(BuybackPieceSchema),
  exchangePercent: z.number().int(),
  buybackPercent: z.number().int(),
  diamondExchangePercent: z.number().int(),
  diamondBuybackPercent: z.number().int(),
  /** The customer's requests on this order, newest first. */
  requests: z.array(ExchangeRequestSchema),
});
export type BuybackQuote = z.infer<typeof BuybackQuoteSchema>;

/** POST /api/orders/{orderNumber}/exchange-requests */
export const ExchangeAskSchema = z.object({
  lineId: z.coerce.number({ error: 'lineId must be a number.' }).int().positive('lineId must be a number.').max(2_147_483_647, 'lineId is too large.'),
  kind: z.enum(EXCHANGE_KIND_VALUES, { error: 'kind must be exchange or buyback.' }),
  pieceId: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number().int().positive('pieceId must be a number.').max(2_147_483_647, 'pieceId is too large.').optional(),
  ),
});
export type ExchangeAsk = z.infer<typeof ExchangeAskSchema>;

export const ExchangeAskAnswerSchema = z.object({ message: z.string(), request: ExchangeRequestSchema });
export type ExchangeAskAnswer = z.infer<typeof ExchangeAskAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// The staff's desk

export const AdminExchangeListQuerySchema = z.object({
  status: z.enum(EXCHANGE_STATUS_VALUES, { error: `The status is one of: ${EXCHANGE_STATUS_VALUES.join(', ')}.` }).optional(),
});
export type AdminExchangeListQuery = z.infer<typeof AdminExchangeListQuerySchema>;

export const AdminExchangeSchema = ExchangeRequestSchema.extend({
  customerName: z.string(),
  customerEmail: z.string(),
  payoutReference: z.string().nullable(),
  settledBy: z.string().nullable(),
  metal: z.string().nullable(),
  purity: z.number().int().nullable(),
});
export type AdminExchange = z.infer<typeof AdminExchangeSchema>;

export const AdminExchangeListSchema = z.object({ data: z.array(AdminExchangeSchema) });
export type AdminExchangeList = z.infer<typeof AdminExchangeListSchema>;

/** GET /api/admin/exchanges/{id}: the request and its value re-quoted at today's rate (what settling offers). */
export const AdminExchangeDetailSchema = z.object({
  request: AdminExchangeSchema,
  /** Today's value of the piece for this kind (null when it cannot be valued today: no rate). */
  todayPaise: z.number().int().nullable(),
  todayRateDate: z.string().nullable(),
  todayRatePaisePerGram: z.number().int().nullable(),
});
export type AdminExchangeDetail = z.infer<typeof AdminExchangeDetailSchema>;

/** GET /api/admin/exchanges-to-settle (permission accounts): the received pieces waiting to be settled, oldest first, each with its value today. */
export const AdminExchangesToSettleSchema = z.object({ data: z.array(AdminExchangeDetailSchema) });
export type AdminExchangesToSettle = z.infer<typeof AdminExchangesToSettleSchema>;

const note = z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().trim().max(500, 'The note can be at most 500 characters.').optional());

/** POST /api/admin/exchanges/{id}/settle */
export const AdminExchangeSettleSchema = z.object({
  amountPaise: z.coerce
    .number({ error: 'amountPaise must be a number of paise.' })
    .int('amountPaise must be whole paise.')
    .positive('amountPaise must be more than 0.'),
  /** A buy-back's payment reference (the bank's UTR); required for a buy-back. */
  payoutReference: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{6,40}$/, 'payoutReference must be 6 to 40 letters, digits or hyphens (the bank’s UTR).')
      .optional(),
  ),
  /** Required when the amount is below today's value: what testing found. */
  note,
});
export type AdminExchangeSettle = z.infer<typeof AdminExchangeSettleSchema>;

/** POST /api/admin/exchanges/{id}/refuse */
export const AdminExchangeRefuseSchema = z.object({
  reason: z.string({ error: 'Please give the reason.' }).trim().min(3, 'Please give the reason.').max(500, 'reason must be at most 500 characters'),
});
export type AdminExchangeRefuse = z.infer<typeof AdminExchangeRefuseSchema>;

export const AdminExchangeAnswerSchema = z.object({ message: z.string(), request: AdminExchangeSchema });
export type AdminExchangeAnswer = z.infer<typeof AdminExchangeAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// Store credit

export const STORE_CREDIT_KIND_VALUES = ['exchange', 'return', 'goodwill', 'spent', 'given_back', 'correction', 'gold_sold'] as const;

export const StoreCreditEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(STORE_CREDIT_KIND_VALUES),
  /** Positive adds to the balance, negative spends it. */
  amountPaise: z.number().int(),
  note: z.string(),
  orderNumber: z.string().nullable(),
  at: z.string(),
});
export type StoreCreditEntry = z.infer<typeof StoreCreditEntrySchema>;

/** GET /api/account/store-credit */
export const StoreCreditStatementSchema = z.object({ balancePaise: z.number().int(), entries: z.array(StoreCreditEntrySchema) });
export type StoreCreditStatement = z.infer<typeof StoreCreditStatementSchema>;

/** POST /api/admin/orders/{orderNumber}/store-credit (permission accounts): goodwill credit to the order's customer. */
export const AdminGoodwillSchema = z.object({
  amountPaise: z.coerce
    .number({ error: 'amountPaise must be a number of paise.' })
    .int('amountPaise must be whole paise.')
    .positive('amountPaise must be more than 0.')
    .max(10_00_000_00, 'amountPaise is at most Rs. 10 lakh.'),
  note: z.string({ error: 'Please say why.' }).trim().min(3, 'Please say why.').max(300, 'The reason can be at most 300 characters.'),
});
export type AdminGoodwill = z.infer<typeof AdminGoodwillSchema>;

export const AdminGoodwillAnswerSchema = z.object({ message: z.string(), balancePaise: z.number().int() });
export type AdminGoodwillAnswer = z.infer<typeof AdminGoodwillAnswerSchema>;
