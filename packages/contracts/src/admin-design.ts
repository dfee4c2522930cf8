import { z } from 'zod';
import { GatewayPaymentSchema } from './payments.ts';
import { CadSheetSchema, CustomImageSchema, CustomRequestDetailSchema } from './custom-design.ts';
import { OrderShipmentSchema } from './orders.ts';

/**
 * The design desk (issue 19, permission 'design'): custom design requests, the CAD sheets shared on them (one to
 * six renders and a price breakup from the day's rates), Making, the made piece and its balance order.
 */

/** A request's way (DECISIONS §4), as custom_design_requests.status keeps it. */
export const CUSTOM_REQUEST_STATUSES = [
  'Requested',
  'Design Shared',
  'Approved',
  'Making',
  'Picked',
  'Out for Delivery',
  'Delivered',
  'Rejected',
  'Cancelled',
] as const;

/** GET /api/admin/custom-requests?status= (the queue: Requested and Rejected first, oldest first within each). */
export const AdminCustomRequestListQuerySchema = z.object({
  status: z.enum(CUSTOM_REQUEST_STATUSES, { error: `The status is one of: ${CUSTOM_REQUEST_STATUSES.join(', ')}.` }).optional(),
  page: z.coerce.number({ error: 'The page is a whole number.' }).int('The page is a whole number.').min(1, 'Pages start at 1.').max(100_000).default(1),
  perPage: z.coerce.number({ error: 'Rows per page is 1 to 100.' }).int().min(1).max(100, 'Rows per page is 1 to 100.').default(50),
});
export type AdminCustomRequestListQuery = z.infer<typeof AdminCustomRequestListQuerySchema>;

export const AdminCustomRequestRowSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  title: z.string(),
  status: z.string(),
  createdAt: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  thumbUrl: z.string().nullable(),
  latestDesign: z.object({ version: z.number().int(), status: z.string() }).nullable(),
});
export type AdminCustomRequestRow = z.infer<typeof AdminCustomRequestRowSchema>;
export const AdminCustomRequestPageSchema = z.object({
  data: z.array(AdminCustomRequestRowSchema),
  page: z.number().int(),
  perPage: z.number().int(),
  total: z.number().int(),
});
export type AdminCustomRequestPage = z.infer<typeof AdminCustomRequestPageSchema>;

/** A sheet's price breakup in paise: the lines add up to totalPaise. */
export const CadBreakupSchema = z.object({
  metalPaise: z.number().int(),
  makingPaise: z.number().int(),
  diamondPaise: z.number().int(),
  stonesPaise: z.number().int(),
  gstPaise: z.number().int(),
  totalPaise: z.number().int(),
});
export type CadBreakup = z.infer<typeof CadBreakupSchema>;

/** One version of a CAD sheet, with its renders (staff and the owning customer see the same). */
export const CadVersionSchema = CadSheetSchema.omit({ image: true }).extend({
  breakup: CadBreakupSchema.nullable(),
  ratePaisePerGram: z.number().int().nullable(),
  rateDate: z.string().nullable(),
  adjustToWeight: z.boolean(),
  note: z.string().nullable(),
  rejectReason: z.string().nullable(),
  decidedAt: z.string().nullable(),
  renders: z.array(CustomImageSchema),
});
export type CadVersion = z.infer<typeof CadVersionSchema>;

/** The made piece (recorded by the desk once Making ends) and what is left to pay. */
export const CustomPieceSchema = z.object({
  /** Null when the piece is not hallmarked (platinum; silver not sent for hallmarking): contracts hallmark.ts. */
  huid: z.string().nullable(),
  netWeightMg: z.number().int(),
  grossWeightMg: z.number().int(),
  finalTotalPaise: z.number().int(),
  advancePaise: z.number().int(),
  balancePaise: z.number().int(),
  madeAt: z.string(),
});
export type CustomPiece = z.infer<typeof CustomPieceSchema>;

export const AdminCustomPaymentSchema = z.object({
  id: z.number().int(),
  purpose: z.string(),
  status: z.string(),
  amountPaise: z.number().int(),
  createdAt: z.string(),
});

/** GET /api/admin/custom-requests/{id}. */
export const AdminCustomRequestDetailSchema = z.object({
  request: AdminCustomRequestRowSchema.extend({
    customerPhone: z.string().nullable(),
    metalType: z.string(),
    goldQuality: z.number().int().nullable(),
    goldColour: z.string().nullable(),
    metalWeightMg: z.number().int().nullable(),
    category: z.string(),
    diamond: z.string().nullable(),
    diamondQuality: z.string().nullable(),
    diamondCount: z.number().int().nullable(),
    diamondWeightCents: z.number().int().nullable(),
    stone: z.string().nullable(),
    stoneType: z.string().nullable(),
    stoneCount: z.number().int().nullable(),
    stoneWeightCents: z.number().int().nullable(),
    remarks: z.string(),
    rejectReason: z.string().nullable(),
    images: z.array(CustomImageSchema),
  }),
  versions: z.array(CadVersionSchema),
  payments: z.array(AdminCustomPaymentSchema),
  piece: CustomPieceSchema.nullable(),
  order: z.object({ orderNumber: z.string(), status: z.string() }).nullable(),
});
export type AdminCustomRequestDetail = z.infer<typeof AdminCustomRequestDetailSchema>;

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : v === undefined || v === null ? '' : v);
const optText = (label: string, max: number) =>
  z.preprocess(text, z.string({ error: `${label} must be text.` }).max(max, `${label} must be at most ${max} characters.`)).transform((s) => s || null);
const reqText = (label: string, max: number) =>
  z.preprocess(
    text,
    z
      .string({ error: `${label} must be text.` })
      .min(1, `Please give the ${label.toLowerCase()}.`)
      .max(max, `${label} must be at most ${max} characters.`),
  );
/** A decimal amount (grams, carats) as typed, to a whole number of thousandths (mg) or hundredths (cents). */
const decimal = (label: string, unit: string, scale: number, max: number, required: boolean) =>
  z.preprocess(text, z.string({ error: `${label} must be a number.` })).transform((raw, ctx): number | null => {
    if (raw === '') {
      if (required) ctx.addIssue({ code: 'custom', message: `Please give the ${label.toLowerCase()} in ${unit}.` });
      return required ? z.NEVER : null;
    }
    const n = Number(raw);
    if (!/^\d*\.?\d+$/.test(raw) || !Number.isFinite(n) || n > max) {
      ctx.addIssue({ code: 'custom', message: `${label} must be a number of ${unit} from 0 to ${max}.` });
      return z.NEVER;
    }
    const scaled = Math.round(n * scale);
    if (Math.abs(scaled - n * scale) > 1e-6) {
      ctx.addIssue({ code: 'custom', message: `${label} has at most ${String(scale).length - 1} decimals.` });
      return z.NEVER;
    }
    return scaled;
  });
const paiseField = (label: string, required: boolean) =>
  z.preprocess(text, z.string({ error: `${label} must be a number.` })).transform((raw, ctx): number | null => {
    if (raw === '') {
      if (required) ctx.addIssue({ code: 'custom', message: `Please give the ${label.toLowerCase()} in paise.` });
      return required ? z.NEVER : null;
    }
    if (!/^\d{1,12}$/.test(raw)) {
      ctx.addIssue({ code: 'custom', message: `${label} is a whole number of paise, 0 or more.` });
      return z.NEVER;
    }
    return Number(raw);
  });

/** The sheet attributes the quote and the new sheet share (query strings and multipart fields arrive as text). */
export const CadSheetFieldsSchema = z.object({
  metal: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
    z.enum(['gold', 'silver', 'platinum'], { error: 'Metal must be gold, silver or platinum.' }),
  ),
  category: reqText('Category', 60),
  metalWeightGrams: decimal('Metal weight', 'grams', 1000, 1000, true),
  /** '18', '18 kt', '22K' for gold; '950' for platinum; '925' for silver. */
  metalQuality: reqText('Metal quality', 30),
  colour: optText('Colour', 30),
  diamondQuality: optText('Diamond quality', 20),
  diamondWeightCarats: decimal('Diamond weight', 'carats', 100, 100, false),
  stone: optText('Stone', 60),
  stoneWeightCarats: decimal('Stone weight', 'carats', 100, 500, false),
  makingPaise: paiseField('Making', false),
  stoneValuePaise: paiseField('Stone value', false),
});
export type CadSheetFields = z.infer<typeof CadSheetFieldsSchema>;

/** GET /api/admin/custom-requests/{id}/quote: the breakup at today's rates, to fill the sheet's total. */
export const CadQuoteSchema = CadBreakupSchema.extend({
  ratePaisePerGram: z.number().int(),
  rateDate: z.string(),
  purity: z.number().int(),
  advancePercent: z.number().int(),
  advancePaise: z.number().int(),
});
export type CadQuote = z.infer<typeof CadQuoteSchema>;

/** POST /api/admin/custom-requests/{id}/designs (multipart): the fields besides the `render` files. */
export const CadSheetFormSchema = CadSheetFieldsSchema.extend({
  totalPaise: paiseField('Total', true),
  adjustToWeight: z
    .preprocess(
      (v) => (v === undefined || v === null || v === '' ? 'true' : String(v).trim().toLowerCase()),
      z.enum(['true', 'false', 'on', 'off', '1', '0', 'yes', 'no'], { error: 'Adjust to weight is true or false.' }),
    )
    .transform((v) => ['true', 'on', '1', 'yes'].includes(v)),
  note: optText('Note', 1000),
});
export type CadSheetForm = z.infer<typeof CadSheetFormSchema>;
export const CadSheetCreatedSchema = z.object({ designId: z.number().int(), version: z.number().int() });

/** POST /api/admin/custom-requests/{id}/status. */
export const AdminCustomStatusSchema = z.object({
  status: z.enum(['Making'], { error: 'The status the desk sets is Making.' }),
  note: z.string().trim().max(500).optional(),
});
export const AdminCustomStatusAnswerSchema = z.object({ id: z.number().int(), status: z.string() });

/**
 * POST /api/admin/custom-requests/{id}/piece: the made piece's HUID and real weights (mg). The HUID follows the
 * approved design's metal (hallmark.ts, issue 38): required for gold, given for silver only when it was hallmarked,
 * refused for platinum; empty or left out means none.
 */
export const AdminCustomPieceSchema = z
  .object({
    huid: z.preprocess(
      (v) => (v === undefined || v === null ? null : typeof v === 'string' ? v.trim().toUpperCase() || null : v),
      z
        .string({ error: 'A HUID is 6 letters and digits.' })
        .regex(/^[A-Z0-9]{6}$/, 'A HUID is 6 letters and digits.')
        .nullable(),
    ),
    netWeightMg: z.coerce
      .number({ error: 'The net weight is a whole number of milligrams.' })
      .int('The net weight is a whole number of milligrams.')
      .min(1, 'The net weight is more than 0 mg.')
      .max(1_000_000),
    grossWeightMg: z.coerce
      .number({ error: 'The gross weight is a whole number of milligrams.' })
      .int('The gross weight is a whole number of milligrams.')
      .min(1)
      .max(1_000_000),
  })
  .refine((p) => p.grossWeightMg >= p.netWeightMg, { message: 'The gross weight is at least the net weight.', path: ['grossWeightMg'] });
export type AdminCustomPiece = z.infer<typeof AdminCustomPieceSchema>;

/** POST /api/custom-design/requests/{id}/balance: a saved address, or the address typed in (India). */
export const CustomBalanceSchema = z.object({
  addressId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  firstName: z.string().trim().max(60).optional(),
  lastName: z.string().trim().max(60).optional(),
  address: z.string().trim().max(300).optional(),
  landmark: z.string().trim().max(120).optional(),
  city: z.string().trim().max(80).optional(),
  state: z.string().trim().max(80).optional(),
  pincode: z.string().trim().max(12).optional(),
  countryCode: z.string().trim().max(6).optional(),
  phone: z.string().trim().max(20).optional(),
});
export type CustomBalance = z.infer<typeof CustomBalanceSchema>;
export const CustomBalanceAnswerSchema = z.object({ orderNumber: z.string(), status: z.string(), payment: GatewayPaymentSchema.nullable() });
export type CustomBalanceAnswer = z.infer<typeof CustomBalanceAnswerSchema>;

/**
 * GET /api/custom-design/requests/{id} (the owner only): the request and its latest sheet as before, plus every
 * version with its renders and breakup, the made piece with the balance, and the balance order once made (with
 * its shipment once dispatched).
 */
export const CustomRequestViewSchema = CustomRequestDetailSchema.extend({
  versions: z.array(CadVersionSchema),
  piece: CustomPieceSchema.nullable(),
  /** The balance order, with its courier and AWB once dispatched (the request follows the order's status). */
  order: z.object({ orderNumber: z.string(), status: z.string(), payablePaise: z.number().int(), shipment: OrderShipmentSchema.nullable() }).nullable(),
});
export type CustomRequestView = z.infer<typeof CustomRequestViewSchema>;
