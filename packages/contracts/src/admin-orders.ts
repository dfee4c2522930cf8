import { z } from 'zod';
import { adminListPage, adminListQuery } from './admin-list.ts';
import { isoDate } from './appointments.ts';
import { INVOICE_BATCH_MAX } from './constants.ts';
import {
  CreditNoteSchema,
  OrderAddressSchema,
  OrderLineSchema,
  OrderAdjustmentSchema,
  OrderPaymentSchema,
  OrderPieceSchema,
  OrderShipmentSchema,
} from './orders.ts';

/**
 * The orders desk (issue 19, role orders): queues by status, search, one order's page with its timeline,
 * packing (each piece's HUID and weights), dispatch, delivery, cancelling with a refund, credit notes.
 */
export const ADMIN_ORDER_STATUSES = ['Awaiting payment', 'Awaiting confirmation', 'Placed', 'Picked', 'Out for Delivery', 'Delivered', 'Cancelled'] as const;
export type AdminOrderStatus = (typeof ADMIN_ORDER_STATUSES)[number];

/** A HUID: six capital letters and digits (BIS). Lower case is accepted and upper-cased. */
export const HUID_PATTERN = /^[A-Z0-9]{6}$/;

/**
 * GET /api/admin/orders: `q` over the order number, the customer's name and e-mail, the phone and PIN of either
 * address; `status` one of the queues; sort 'placed' (newest first by default in the screen) or 'total'.
 */
export const ADMIN_ORDER_PAYMENT_METHODS = ['online', 'cod'] as const;

const blankIsUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const isoDay = (which: string) =>
  z.preprocess(
    blankIsUndefined,
    z
      .string()
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, `The ${which} date is written YYYY-MM-DD.`)
      .refine(
        (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
        `The ${which} date is not a day of the calendar.`,
      )
      .optional(),
  );

/**
 * The orders desk's filters beyond the queue (issue 39): the Indian days placed from and to (both included) and how
 * the order is paid. The list, its CSV export and the bulk screen read the same names.
 */
const orderFilters = {
  status: z.enum(ADMIN_ORDER_STATUSES, { error: `The status is one of: ${ADMIN_ORDER_STATUSES.join(', ')}.` }).optional(),
  from: isoDay('from'),
  to: isoDay('to'),
  method: z.preprocess(blankIsUndefined, z.enum(ADMIN_ORDER_PAYMENT_METHODS, { error: 'The payment method is online or cod.' }).optional()),
};
const fromNotAfterTo = (q: { from?: string | undefined; to?: string | undefined }) => !q.from || !q.to || q.from <= q.to;
const FROM_AFTER_TO = { message: 'The from date is after the to date.', path: ['from'] };

export const AdminOrderListQuerySchema = adminListQuery(['placed', 'total']).extend(orderFilters).refine(fromNotAfterTo, FROM_AFTER_TO);
export type AdminOrderListQuery = z.infer<typeof AdminOrderListQuerySchema>;

/** GET /api/admin/orders.csv: the list's search, queue and filters, every matching order (up to ORDERS_CSV_MAX_ROWS). */
export const ORDERS_CSV_MAX_ROWS = 10_000;
export const AdminOrderCsvQuerySchema = adminListQuery(['placed', 'total'])
  .omit({ page: true, perPage: true })
  .extend(orderFilters)
  .refine(fromNotAfterTo, FROM_AFTER_TO);
export type AdminOrderCsvQuery = z.infer<typeof AdminOrderCsvQuerySchema>;

/**
 * POST /api/admin/orders/bulk-status (issue 39): many orders one step on, each by the single order's own step (its
 * rules, audit and mail). Picked for orders that are Placed; Out for Delivery (the dispatch) for orders that are
 * Picked, with the courier's name once for the batch and each order's own AWB, since an AWB is issued per parcel and
 * recorded at dispatch. At most ORDERS_BULK_MAX orders a request.
 */
export const ORDERS_BULK_MAX = 200;
const awb = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{6,30}$/, 'The AWB number is 6 to 30 letters, digits or hyphens.');
export const AdminOrdersBulkSchema = z
  .object({
    status: z.enum(['Picked', 'Out for Delivery'], { error: 'Bulk moves mark orders Picked or Out for Delivery.' }),
    courierName: z.preprocess(
      blankIsUndefined,
      z.string().trim().min(2, 'The courier’s name needs at least 2 characters.').max(60, 'The courier’s name can be at most 60 characters.').optional(),
    ),
    orders: z
      .array(
        z.object({
          orderNumber: z.string().trim().min(1).max(40),
          awbNumber: z.preprocess(blankIsUndefined, awb.optional()),
        }),
        { error: 'Choose the orders to move.' },
      )
      .min(1, 'Tick at least one order.')
      .max(ORDERS_BULK_MAX, `At most ${ORDERS_BULK_MAX} orders can be moved at once.`),
  })
  .refine((b) => new Set(b.orders.map((o) => o.orderNumber)).size === b.orders.length, { message: 'An order is listed twice.', path: ['orders'] })
  .refine((b) => b.status !== 'Out for Delivery' || b.courierName !== undefined, {
    message: 'Give the courier’s name to dispatch the orders.',
    path: ['courierName'],
  });
export type AdminOrdersBulk = z.infer<typeof AdminOrdersBulkSchema>;

export const AdminOrdersBulkAnswerSchema = z.object({
  /** One line for the desk: "12 marked Picked; 2 refused: MIL-… is waiting for its online payment." */
  message: z.string(),
  moved: z.number().int(),
  refused: z.number().int(),
  results: z.array(z.object({ orderNumber: z.string(), ok: z.boolean(), status: z.enum(ADMIN_ORDER_STATUSES).nullable(), message: z.string() })),
});
export type AdminOrdersBulkAnswer = z.infer<typeof AdminOrdersBulkAnswerSchema>;

export const AdminOrderRowSchema = z.object({
  orderNumber: z.string(),
  placedAt: z.string(),
  status: z.enum(ADMIN_ORDER_STATUSES),
  customerName: z.string(),
  customerEmail: z.string(),
  phone: z.string().nullable(),
  pincode: z.string().nullable(),
  city: z.string().nullable(),
  itemCount: z.number().int(),
  totalPaise: z.number().int(),
  paymentMethod: z.enum(ADMIN_ORDER_PAYMENT_METHODS),
  /** Dispatched orders: the parcel's AWB (issue 39, the bulk screen and the CSV). */
  awbNumber: z.string().nullable(),
  /** Made to order (from a CAD design). */
  custom: z.boolean(),
});
export type AdminOrderRow = z.infer<typeof AdminOrderRowSchema>;

/** The list answers the page plus how many orders wait in each queue (the tabs' counts). */
export const AdminOrderPageSchema = adminListPage(AdminOrderRowSchema).extend({
  counts: z.record(z.enum(ADMIN_ORDER_STATUSES), z.number().int()),
});
export type AdminOrderPage = z.infer<typeof AdminOrderPageSchema>;

/** One entry of an order's timeline: status changes, payments, refunds, packing, adjustments, mails, notes. */
export const AdminOrderEventSchema = z.object({
  at: z.string(),
  kind: z.enum(['status', 'payment', 'refund', 'packing', 'adjustment', 'credit_note', 'mail', 'note']),
  text: z.string(),
  /** The staff member who did it, when one did. */
  by: z.string().nullable(),
});
export type AdminOrderEvent = z.infer<typeof AdminOrderEventSchema>;

/** GET /api/admin/orders/{orderNumber} */
export const AdminOrderDetailSchema = z.object({
  orderNumber: z.string(),
  /** Issue 39: the tax invoice's number from its series, given at dispatch; null before. */
  invoiceNumber: z.string().nullable(),
  status: z.enum(ADMIN_ORDER_STATUSES),
  placedAt: z.string(),
  customer: z.object({ id: z.number().int(), name: z.string(), email: z.string(), phone: z.string().nullable() }),
  /** The CAD request a made-to-order piece came from. */
  customRequestId: z.number().int().nullable(),
  lines: z.array(
    OrderLineSchema.extend({
      metal: z.string().nullable(),
      purity: z.number().int().nullable(),
      /** The net metal weight of one piece as sold, in milligrams (null for pieces without one). */
      soldWeightMg: z.number().int().nullable(),
      /** True when each piece of this line is recorded at packing before dispatch (a piece sold by its metal's weight). */
      recordedAtPacking: z.boolean(),
      /**
       * Issue 38: the line was sold hallmarked (contracts hallmark.ts), so each piece is packed with its HUID; any
       * other piece (platinum, unhallmarked silver) is packed with its weights and no HUID.
       */
      hallmarked: z.boolean(),
      /** The diamonds in one piece, in hundredths of a carat (0 for none): only such a piece takes a diamond certificate. */
      diamondWeightCents: z.number().int(),
      options: z.record(z.string(), z.unknown()),
    }),
  ),
  pieces: z.array(OrderPieceSchema),
  adjustments: z.array(
    OrderAdjustmentSchema.extend({
      /** The piece weighed outside the packing tolerance (settings): the approver is told so. */
      beyondTolerance: z.boolean(),
      /** Who approved or rejected a difference (the accounts desk), when, and why. */
      decidedBy: z.string().nullable(),
      decidedAt: z.string().nullable(),
      decisionNote: z.string().nullable(),
    }),
  ),
  creditNotes: z.array(CreditNoteSchema),
  shipment: OrderShipmentSchema.nullable(),
  payment: OrderPaymentSchema,
  shippingAddress: OrderAddressSchema.nullable(),
  billingAddress: OrderAddressSchema.nullable(),
  totals: z.object({
    subtotalPaise: z.number().int(),
    discountPaise: z.number().int(),
    shippingPaise: z.number().int(),
    taxPaise: z.number().int(),
    harvestCreditPaise: z.number().int(),
    /** Store credit spent on the order (issue 20). */
    storeCreditPaise: z.number().int(),
    /** Issue 42: the rate locks' advance the order used. */
    rateLockAdvancePaise: z.number().int(),
    /** Issue 42: fine gold from the metal account (mg) and the part of the total it settled (old gold as consideration). */
    metalAccountMg: z.number().int(),
    metalAccountPaise: z.number().int(),
    advancePaise: z.number().int(),
    totalPaise: z.number().int(),
  }),
  couponCode: z.string().nullable(),
  pan: z.string().nullable(),
  /**
   * Issue 38: the Form 60 declaration the buyer gave instead of a PAN (Rule 114B), or null: name, address, the amount
   * declared, the Aadhaar number masked to its last four digits ('XXXX XXXX 0124') or why none was given.
   */
  form60: z
    .object({
      name: z.string(),
      address: z.string(),
      amountPaise: z.number().int(),
      aadhaar: z.string().nullable(),
      noAadhaarReason: z.string().nullable(),
      declaredAt: z.string(),
    })
    .nullable(),
  companyName: z.string().nullable(),
  companyGstin: z.string().nullable(),
  invoiceAvailable: z.boolean(),
  /** The next status the order may move to with POST …/status, or null. */
  nextStatus: z.enum(['Placed', 'Picked', 'Out for Delivery', 'Delivered']).nullable(),
  /** Why the next step cannot be taken yet (pieces not packed, a weight difference unpaid), or null. */
  blockedBy: z.string().nullable(),
  canCancel: z.boolean(),
  timeline: z.array(AdminOrderEventSchema),
});
export type AdminOrderDetail = z.infer<typeof AdminOrderDetailSchema>;

const mg = (label: string) =>
  z.coerce
    .number({ error: `${label} is a whole number of milligrams.` })
    .int(`${label} is a whole number of milligrams.`)
    .min(1, `${label} must be more than 0 mg.`)
    .max(5_000_000, `${label} must be at most 5 kg.`);

/**
 * POST /api/admin/orders/{orderNumber}/pieces: packing. One entry per physical piece (a line of quantity 2 has
 * two); sending again before dispatch replaces what was recorded. Every weighed line needs exactly its
 * quantity of pieces. A piece of a hallmarked line needs its HUID, a piece of any other line is refused one (issue
 * 38); HUIDs are unique across every piece sold.
 */
export const AdminOrderPiecesSchema = z.object({
  pieces: z
    .array(
      z
        .object({
          lineId: z.coerce.number({ error: 'lineId is a whole number.' }).int('lineId is a whole number.').positive('lineId is a whole number.'),
          /** The piece's HUID; empty or left out for a piece that is not hallmarked. */
          huid: z.preprocess(
            (v) => (v === undefined || v === null ? null : typeof v === 'string' ? v.trim().toUpperCase() || null : v),
            z.string({ error: 'A HUID is 6 letters and digits.' }).regex(HUID_PATTERN, 'A HUID is 6 letters and digits (for example AB12C3).').nullable(),
          ),
          netWeightMg: mg('The net weight'),
          grossWeightMg: mg('The gross weight'),
        })
        .refine((p) => p.grossWeightMg >= p.netWeightMg, { message: 'The gross weight cannot be less than the net metal weight.', path: ['grossWeightMg'] }),
    )
    .min(1, 'Record at least one piece.')
    .max(200, 'At most 200 pieces at once.'),
});
export type AdminOrderPieces = z.infer<typeof AdminOrderPiecesSchema>;

/** POST /api/admin/orders/{orderNumber}/cancel: staff cancel before delivery (refund and, once invoiced, a credit note). */
export const AdminOrderCancelSchema = z.object({
  reason: z
    .string({ error: 'Please give the reason for cancelling.' })
    .trim()
    .min(3, 'Please give the reason for cancelling.')
    .max(500, 'The reason is at most 500 characters.'),
});
export type AdminOrderCancel = z.infer<typeof AdminOrderCancelSchema>;

/** POST /api/admin/orders/{orderNumber}/adjustments/{id}/waive: the store absorbs an open charge. */
export const AdminAdjustmentWaiveSchema = z.object({
  note: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().trim().max(500, 'A note is at most 500 characters.').optional()),
});

/**
 * POST /api/admin/orders/{orderNumber}/adjustments/{id}/approve and …/reject (permission 'accounts', issue 35): a
 * proposed weight difference is approved (a refund is sent, a charge put to the customer) or rejected (re-weigh).
 */
export const AdminAdjustmentDecisionSchema = z.object({
  note: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().trim().max(500, 'A note is at most 500 characters.').optional()),
});
export type AdjustmentDecision = { decision: 'approve' | 'reject'; note?: string | undefined };

export const AdminOrderAdjustmentParamsSchema = z.object({
  orderNumber: z.string().max(60, 'orderNumber must be at most 60 characters'),
  id: z.coerce.number({ error: 'id is a whole number' }).int('id is a whole number').positive('id is a whole number').max(2_147_483_647, 'id is too large'),
});

/** GET …/credit-notes/{id}.pdf params. */
export const CreditNoteParamsSchema = z.object({
  orderNumber: z.string().max(60, 'orderNumber must be at most 60 characters'),
  id: z.coerce.number({ error: 'id is a whole number' }).int('id is a whole number').positive('id is a whole number').max(2_147_483_647, 'id is too large'),
});

/**
 * GET /api/admin/invoices/batch.pdf (issue 39): the tax invoices of many orders in one PDF, either named
 * (`ids`: order numbers separated by commas or spaces) or dispatched between two dates (`from`, `to`, India's days,
 * both included).
 */
export const AdminInvoiceBatchQuerySchema = z
  .object({
    ids: z.preprocess(
      blankIsUndefined,
      z
        .string()
        .max(INVOICE_BATCH_MAX * 62, `Please name at most ${INVOICE_BATCH_MAX} orders.`)
        .transform((v) => [...new Set(v.split(/[\s,]+/).filter(Boolean))])
        .refine((ids) => ids.length <= INVOICE_BATCH_MAX, `Please name at most ${INVOICE_BATCH_MAX} orders.`)
        .refine((ids) => ids.every((n) => n.length <= 60), 'An order number is at most 60 characters.')
        .optional(),
    ),
    from: z.preprocess(blankIsUndefined, isoDate.optional()),
    to: z.preprocess(blankIsUndefined, isoDate.optional()),
  })
  .refine((q) => (q.ids?.length ?? 0) > 0 || (q.from !== undefined && q.to !== undefined), {
    message: 'Please name the orders, or choose the dates of dispatch from and to.',
    path: ['from'],
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'The first date comes before the last.', path: ['to'] });
export type AdminInvoiceBatchQuery = z.infer<typeof AdminInvoiceBatchQuerySchema>;
