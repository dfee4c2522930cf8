import { z } from 'zod';

/** Returns within the window (issue 20): the customer's request, its steps, and the staff desk's queue and steps. */
export const RETURN_STATUS_LIST = ['Requested', 'Approved', 'Pickup scheduled', 'Received', 'Checked', 'Refunded', 'Refused'] as const;
export const ReturnStatusSchema = z.enum(RETURN_STATUS_LIST);
export type ReturnStatus = z.infer<typeof ReturnStatusSchema>;
export const ReturnRefundMethodSchema = z.enum(['original', 'store_credit'], { error: 'refundMethod must be original or store_credit' });
export const RETURN_REASON_MAX = 1000;
export const RETURN_PHOTOS_MAX = 4;

const id = (name: string) =>
  z.coerce
    .number({ error: `${name} is a whole number` })
    .int(`${name} is a whole number`)
    .positive(`${name} is a whole number`)
    .max(2_147_483_647, `${name} is too large`);
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

export const ReturnLineRequestSchema = z.object({
  lineId: id('lineId'),
  quantity: z.coerce
    .number({ error: 'quantity is a whole number' })
    .int('quantity is a whole number')
    .min(1, 'quantity must be at least 1')
    .max(99, 'quantity is at most 99'),
});

/** POST /api/orders/{orderNumber}/returns (JSON, or multipart with `lines` as a JSON string and up to four `photo` files). */
export const ReturnRequestSchema = z.object({
  lines: z.preprocess(
    (v) => {
      if (typeof v !== 'string') return v;
      try {
        return JSON.parse(v);
      } catch {
        return v;
      }
    },
    z
      .array(ReturnLineRequestSchema, { error: 'Choose the pieces to return.' })
      .min(1, 'Choose at least one piece to return.')
      .max(50, 'At most 50 lines.')
      .refine((ls) => new Set(ls.map((l) => l.lineId)).size === ls.length, 'Each line once.'),
  ),
  reason: z
    .string({ error: 'Please tell us why you are returning it.' })
    .trim()
    .min(3, 'Please tell us why you are returning it.')
    .max(RETURN_REASON_MAX, `The reason is at most ${RETURN_REASON_MAX} characters.`),
  refundMethod: z.preprocess(blank, ReturnRefundMethodSchema.default('original')),
});
export type ReturnRequest = z.infer<typeof ReturnRequestSchema>;

export const ReturnLineSchema = z.object({
  lineId: z.number().int(),
  name: z.string(),
  sku: z.string(),
  image: z.string(),
  quantity: z.number().int(),
  amountPaise: z.number().int(),
});
export const ReturnStepSchema = z.object({ status: ReturnStatusSchema, at: z.string(), note: z.string().nullable(), by: z.string().nullable() });
export const ReturnPhotoSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  thumbUrl: z.string().nullable(),
  width: z.number().int(),
  height: z.number().int(),
});

/** One return as the customer follows it (and the base of the desk's view). */
export const OrderReturnSchema = z.object({
  id: z.number().int(),
  status: ReturnStatusSchema,
  reason: z.string(),
  refundMethod: ReturnRefundMethodSchema,
  amountPaise: z.number().int(),
  /** What was given back once refunded (may be less than the amount when the check found damage). */
  refundedPaise: z.number().int(),
  /** Of what was refunded: through the gateway, and as store credit. */
  refundedToPaymentPaise: z.number().int(),
  refundedAsStoreCreditPaise: z.number().int(),
  pickupDate: z.string().nullable(),
  checkNote: z.string().nullable(),
  refusedReason: z.string().nullable(),
  creditNoteId: z.number().int().nullable(),
  createdAt: z.string(),
  lines: z.array(ReturnLineSchema),
  photos: z.array(ReturnPhotoSchema),
  steps: z.array(ReturnStepSchema),
});
export type OrderReturn = z.infer<typeof OrderReturnSchema>;

/** Whether the order's pieces can be returned now, until when, and how many of each line are left to return. */
export const ReturnWindowSchema = z.object({
  /** Delivered, within the window, and something left to return. */
  open: z.boolean(),
  windowDays: z.number().int(),
  /** The last moment a return may be asked for; null before delivery. */
  closesAt: z.string().nullable(),
  /** Why not, in words, when not open. */
  message: z.string().nullable(),
  lines: z.array(z.object({ lineId: z.number().int(), returnable: z.number().int(), reason: z.string().nullable() })),
});
export type ReturnWindow = z.infer<typeof ReturnWindowSchema>;

export const ReturnCreatedSchema = z.object({ message: z.string(), return: OrderReturnSchema });
export type ReturnCreated = z.infer<typeof ReturnCreatedSchema>;

// --- The staff desk -----------------------------------------------------------------------------------------------

export const AdminReturnListQuerySchema = z.object({
  status: z.preprocess(blank, ReturnStatusSchema.optional()),
  /** One order's returns (the order page links to them). */
  order: z.preprocess(blank, z.string().max(60, 'order must be at most 60 characters').optional()),
});
export type AdminReturnListQuery = z.infer<typeof AdminReturnListQuerySchema>;

export const AdminReturnRowSchema = z.object({
  id: z.number().int(),
  orderNumber: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  status: ReturnStatusSchema,
  refundMethod: ReturnRefundMethodSchema,
  amountPaise: z.number().int(),
  pieces: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const AdminReturnPageSchema = z.object({
  data: z.array(AdminReturnRowSchema),
  status: ReturnStatusSchema.nullable(),
  counts: z.record(ReturnStatusSchema, z.number().int()),
});
export type AdminReturnPage = z.infer<typeof AdminReturnPageSchema>;

export const AdminReturnDetailSchema = OrderReturnSchema.extend({
  orderNumber: z.string(),
  orderStatus: z.string(),
  paymentMethod: z.enum(['online', 'cod']),
  deliveredAt: z.string().nullable(),
  customer: z.object({ id: z.number().int(), name: z.string(), email: z.string(), phone: z.string().nullable() }),
  disposition: z.enum(['restock', 'write_off']).nullable(),
  pickupNote: z.string().nullable(),
  /** A reverse pickup booked through the courier provider (issue 39): its courier and AWB; null when arranged by hand. */
  pickupCourierName: z.string().nullable(),
  pickupAwb: z.string().nullable(),
  /** What the refund step pays: the amount the check set (the whole amount before the check). */
  refundDuePaise: z.number().int(),
  /** How a refund would go back now (the original way: to the payment up to what it has left, the rest as store credit). */
  refundPlan: z.object({ gatewayPaise: z.number().int(), storeCreditPaise: z.number().int(), explanation: z.string() }),
  /** The steps the desk may take now. */
  nextSteps: z.array(z.enum(['approve', 'schedule-pickup', 'receive', 'check', 'refund', 'refuse'])),
  creditNoteNumber: z.string().nullable(),
});
export type AdminReturnDetail = z.infer<typeof AdminReturnDetailSchema>;

/** GET /api/admin/refunds-due (permission accounts): the checked returns waiting for their refund. */
export const AdminRefundsDueSchema = z.object({ data: z.array(AdminReturnDetailSchema) });
export type AdminRefundsDue = z.infer<typeof AdminRefundsDueSchema>;

export const ReturnParamsSchema = z.object({ id: id('id') });
export const ReturnStepNoteSchema = z.object({ note: z.preprocess(blank, z.string().trim().max(500, 'A note is at most 500 characters.').optional()) });
export const ReturnPickupSchema = z.object({
  pickupDate: z.string({ error: 'Give the pickup date.' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'The pickup date is a date (YYYY-MM-DD).'),
  note: z.preprocess(blank, z.string().trim().max(500, 'A note is at most 500 characters.').optional()),
});
export const ReturnCheckSchema = z.object({
  note: z.string({ error: 'Say what the check found.' }).trim().min(3, 'Say what the check found.').max(1000, 'The note is at most 1000 characters.'),
  disposition: z.enum(['restock', 'write_off'], { error: 'disposition must be restock or write_off' }),
  refundPaise: z.preprocess(
    blank,
    z.coerce
      .number({ error: 'refundPaise is a whole number of paise' })
      .int('refundPaise is a whole number of paise')
      .min(0, 'refundPaise cannot be negative')
      .optional(),
  ),
});
export type ReturnCheck = z.infer<typeof ReturnCheckSchema>;
/**
 * Issue 39: the refund as the member confirmed it: the amount they read. When given, it must be the refund due now,
 * so a screen read before a change never sends money it did not show (the back office always sends it).
 */
export const ReturnRefundSchema = z.object({
  amountPaise: z
    .number({ error: 'The amount confirmed is a whole number of paise.' })
    .int('The amount confirmed is a whole number of paise.')
    .min(0, 'The amount confirmed is a whole number of paise.')
    .optional(),
});
export type ReturnRefund = z.infer<typeof ReturnRefundSchema>;
export const ReturnRefuseSchema = z.object({
  reason: z
    .string({ error: 'Please give the reason for refusing.' })
    .trim()
    .min(3, 'Please give the reason for refusing.')
    .max(500, 'The reason is at most 500 characters.'),
});
export const ReturnStepAnswerSchema = z.object({ message: z.string(), return: AdminReturnDetailSchema });
export type ReturnStepAnswer = z.infer<typeof ReturnStepAnswerSchema>;
