import { z } from 'zod';
import { PAID_BEFORE_KINDS } from './paid-before.ts';
import { OrderReturnSchema, ReturnWindowSchema } from './returns.ts';
import { LineOptionsSchema } from './cart.ts';
import { GatewayPaymentSchema } from './payments.ts';

export const ORDER_LIST_KINDS = ['active', 'completed', 'cancelled'] as const;
export const ORDER_STATUS_VALUES = ['Awaiting payment', 'Awaiting confirmation', 'Placed', 'Picked', 'Out for Delivery', 'Delivered', 'Cancelled'] as const;

/** GET /api/orders?list=active|completed|cancelled&page= */
export const OrderListQuerySchema = z.object({
  list: z.preprocess((v) => (v === '' || v === undefined ? 'active' : v), z.enum(ORDER_LIST_KINDS, { error: 'list must be active, completed or cancelled' })),
  page: z.preprocess(
    (v) => (v === '' || v === undefined ? 1 : v),
    z.coerce.number({ error: 'page must be a whole number' }).int('page must be a whole number').min(1, 'page starts at 1').max(100_000, 'page is too large'),
  ),
});
export type OrderListQuery = z.infer<typeof OrderListQuerySchema>;

/** The {orderNumber} of /api/orders/{orderNumber}/…: one that cannot name an order is simply not found. */
export const OrderNumberParamsSchema = z.object({ orderNumber: z.string().max(60, 'orderNumber must be at most 60 characters') });

const StatusSchema = z.enum(ORDER_STATUS_VALUES);

/** One row of an order list (spec §2 columns: My Order, Order ID, Order Date, Order Status). */
export const OrderRowSchema = z.object({
  orderId: z.number().int(),
  orderNumber: z.string(),
  /** ISO time the order was placed. */
  date: z.string(),
  status: StatusSchema,
  /** 'In transit' for Picked and Out for Delivery (DECISIONS §4), otherwise the status. */
  displayStatus: z.string(),
  totalPaise: z.number().int(),
  firstItemName: z.string(),
  firstItemImage: z.string(),
  itemCount: z.number().int(),
});
export type OrderRow = z.infer<typeof OrderRowSchema>;

export const OrderListSchema = z.object({
  data: z.array(OrderRowSchema),
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  totalResults: z.number().int(),
});
export type OrderListAnswer = z.infer<typeof OrderListSchema>;

export const OrderAddressSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string().nullable(),
  landmark: z.string().nullable().optional(),
  pincode: z.string(),
  country: z.string(),
  countryCode: z.string(),
  phone: z.string(),
});
export type OrderAddress = z.infer<typeof OrderAddressSchema>;

export const TrackingStepSchema = z.object({
  label: z.string(),
  status: StatusSchema,
  done: z.boolean(),
  current: z.boolean(),
  /** When the order reached this step (ISO), from its status history; null when it has not. */
  at: z.string().nullable(),
});
export type TrackingStep = z.infer<typeof TrackingStepSchema>;

/**
 * How an order is paid: online through the gateway or on delivery. `state`:
 * awaiting (pay before payBy), paid, cod_due (cash on delivery), covered (nothing to pay: what was paid
 * before paid it all, see paidBefore), lapsed (not paid in time: the pieces went back on sale), cancelled (cancelled before
 * payment), refunded / partially_refunded (money given back through the gateway).
 */
export const OrderPaymentSchema = z.object({
  method: z.enum(['online', 'cod']),
  state: z.enum(['awaiting', 'paid', 'cod_due', 'covered', 'lapsed', 'cancelled', 'refunded', 'partially_refunded']),
  /** Charged (or to charge) through the gateway, and due in cash on delivery. */
  payNowPaise: z.number().int(),
  payOnDeliveryPaise: z.number().int(),
  paidPaise: z.number().int(),
  refundedPaise: z.number().int(),
  payBy: z.string().nullable(),
  /** e.g. 'Visa •••• 1111', 'UPI', once paid. */
  methodLabel: z.string().nullable(),
  /**
   * What paid part (or, when covered, all) of the order before it was placed, in this order: a Milli Harvest plan's
   * balance, store credit, the advance paid on a made-to-order piece's design (issue 39).
   */
  paidBefore: z.array(z.enum(PAID_BEFORE_KINDS)),
});
export type OrderPayment = z.infer<typeof OrderPaymentSchema>;

/** Dispatch details: the courier's name, the air waybill number and the courier's tracking page. */
export const OrderShipmentSchema = z.object({
  courierName: z.string(),
  awbNumber: z.string(),
  trackingUrl: z.string().nullable(),
  dispatchedAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type OrderShipment = z.infer<typeof OrderShipmentSchema>;

/** One physical piece packed for a line: its HUID (null when the piece is not hallmarked) and weights in milligrams. */
export const OrderPieceSchema = z.object({
  /** The piece's id (its diamond certificate is at /api/orders/{orderNumber}/pieces/{id}/certificate). */
  id: z.number().int(),
  lineId: z.number().int(),
  huid: z.string().nullable(),
  netWeightMg: z.number().int(),
  grossWeightMg: z.number().int(),
  /** A diamond's grading certificate when staff stored one (issue 20): its lab and number; the file downloads. */
  certificate: z.object({ lab: z.string(), number: z.string() }).nullable(),
});
export type OrderPiece = z.infer<typeof OrderPieceSchema>;

/**
 * A weight difference beyond the store's tolerance, found at packing. `charge`: the customer pays it
 * (POST /api/orders/{orderNumber}/adjustments/{id}/pay) before dispatch, or staff waive it; `refund`: given back
 * (through the gateway, or off the amount due on delivery). `reason` states the weights, rate and difference.
 */
export const OrderAdjustmentSchema = z.object({
  id: z.number().int(),
  lineId: z.number().int().nullable(),
  kind: z.enum(['charge', 'refund']),
  amountPaise: z.number().int(),
  reason: z.string(),
  /** `proposed` until the accounts desk approves it, then `open` (a charge to pay or refund to send) or `settled`. */
  status: z.enum(['proposed', 'open', 'settled', 'waived', 'rejected']),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type OrderAdjustment = z.infer<typeof OrderAdjustmentSchema>;

/** A credit note: GET /api/orders/{orderNumber}/credit-notes/{id}.pdf (and the staff twin under /api/admin). */
export const CreditNoteSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  reason: z.enum(['cancelled', 'returned', 'adjustment']),
  amountPaise: z.number().int(),
  taxPaise: z.number().int(),
  createdAt: z.string(),
});
export type CreditNote = z.infer<typeof CreditNoteSchema>;

/** One line of an order as its customer sees it. */
export const OrderLineSchema = z.object({
  /** Names one line of the order (packing, returns). */
  lineId: z.number().int(),
  /** The product it was bought as (null once the product is deleted): its page, its review (issue 20). */
  productId: z.number().int().nullable(),
  name: z.string(),
  sku: z.string(),
  image: z.string(),
  quantity: z.number().int(),
  unitPricePaise: z.number().int(),
  lineTotalPaise: z.number().int(),
  options: LineOptionsSchema,
  /**
   * Issue 42: the metal of one piece a rate lock covered: how many mg, at the rate charged for them (the lower of the
   * lock's and the day's), and the day's rate the rest was charged at. Null when no lock was used.
   */
  rateLock: z
    .object({ lockedWeightMg: z.number().int(), lockedRatePaisePerGram: z.number().int(), dayRatePaisePerGram: z.number().int().nullable() })
    .nullable(),
});

/** GET /api/orders/{orderNumber} */
export const OrderDetailSchema = z.object({
  order: z.object({
    orderId: z.number().int(),
    orderNumber: z.string(),
    /** Issue 39: the tax invoice's number from its series, given at dispatch; null before. */
    invoiceNumber: z.string().nullable(),
    date: z.string(),
    status: StatusSchema,
    displayStatus: z.string(),
    couponCode: z.string().nullable(),
    companyName: z.string().nullable(),
    companyGstin: z.string().nullable(),
    /** Placed or Picked: the customer may still cancel. */
    canCancel: z.boolean(),
    pan: z.string().nullable().optional(),
  }),
  /** How the order is paid (issue 18). */
  payment: OrderPaymentSchema,
  lines: z.array(OrderLineSchema),
  shippingAddress: OrderAddressSchema.nullable(),
  billingAddress: OrderAddressSchema.nullable(),
  totals: z.object({
    subtotalPaise: z.number().int(),
    discountPaise: z.number().int(),
    shippingPaise: z.number().int(),
    taxPaise: z.number().int(),
    harvestCreditPaise: z.number().int(),
    /** Store credit spent on the order (issue 20): paid, like the Harvest credit, not a discount. */
    storeCreditPaise: z.number().int(),
    /** Issue 42: the rate locks' advance the order used: paid before, shown against the total. */
    rateLockAdvancePaise: z.number().int(),
    /** Issue 42: fine gold from the metal account (mg) and the part of the total it settled (old gold as consideration). */
    metalAccountMg: z.number().int(),
    metalAccountPaise: z.number().int(),
    totalPaise: z.number().int(),
  }),
  history: z.array(z.object({ status: StatusSchema, at: z.string(), note: z.string().nullable() })),
  tracking: z.array(TrackingStepSchema),
  /** The advance paid on a made-to-order piece's design, shown against the total (0 otherwise). */
  advancePaise: z.number().int(),
  /** Set once dispatched (Out for Delivery): the courier, its AWB number and tracking page. */
  shipment: OrderShipmentSchema.nullable(),
  /** Each packed piece: its line, HUID and real weights (shown once packed). */
  pieces: z.array(OrderPieceSchema),
  /** Weight differences beyond the tolerance: charged (payable here) or refunded. */
  adjustments: z.array(OrderAdjustmentSchema),
  /** Credit notes against the invoice (an invoiced order cancelled or returned). */
  creditNotes: z.array(CreditNoteSchema),
  /** The tax invoice is issued at dispatch; until then the PDF answers 409. */
  invoiceAvailable: z.boolean(),
  /** Returns asked for on this order, with their steps (issue 20). */
  returns: z.array(OrderReturnSchema),
  /** Whether (and until when) its pieces can be returned. */
  returnWindow: ReturnWindowSchema,
});
export type OrderDetail = z.infer<typeof OrderDetailSchema>;

/** POST /api/orders/{orderNumber}/cancel and POST /api/admin/orders/{orderNumber}/status answer. */
export const OrderStatusAnswerSchema = z.object({ message: z.string(), orderNumber: z.string(), status: StatusSchema });
export type OrderStatusAnswer = z.infer<typeof OrderStatusAnswerSchema>;

/** POST /api/admin/orders/{orderNumber}/status (staff only): the next step of the order. */
export const OrderStatusChangeSchema = z.object({
  /** Placed confirms a pay-on-delivery order (Awaiting confirmation); the others move a placed order along. */
  status: z.enum(['Placed', 'Picked', 'Out for Delivery', 'Delivered'], { error: 'status must be Placed, Picked, Out for Delivery or Delivered' }),
  note: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().trim().max(500, 'The note can be at most 500 characters.').optional()),
  /** Out for Delivery is the dispatch: these three are required then (trackingUrl an https address), ignored otherwise. */
  courierName: blankToUndefined(
    z.string().trim().min(2, 'The courier’s name needs at least 2 characters.').max(60, 'The courier’s name can be at most 60 characters.').optional(),
  ),
  awbNumber: blankToUndefined(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{6,30}$/, 'The AWB number is 6 to 30 letters, digits or hyphens.')
      .optional(),
  ),
  trackingUrl: blankToUndefined(
    z
      .string()
      .trim()
      .max(300, 'The tracking link can be at most 300 characters.')
      .regex(/^https:\/\/[^\s]+$/, 'The tracking link must be an https:// address.')
      .optional(),
  ),
});
export type OrderStatusChange = z.infer<typeof OrderStatusChangeSchema>;

function blankToUndefined<T extends z.ZodType>(inner: T) {
  return z.preprocess((v) => (v === '' || v === null ? undefined : v), inner);
}

/** POST /api/orders/{orderNumber}/pay: pay an order awaiting payment (again), while it holds its pieces. */
export const OrderPayAnswerSchema = z.object({
  message: z.string(),
  orderNumber: z.string(),
  /** Until when the order holds its pieces; null for a made-to-order balance, which never lapses. */
  payBy: z.string().nullable(),
  payment: GatewayPaymentSchema,
});
export type OrderPayAnswer = z.infer<typeof OrderPayAnswerSchema>;

/** POST /api/orders/{orderNumber}/adjustments/{id}/pay: the gateway checkout for an open weight difference. */
export const OrderAdjustmentPayAnswerSchema = z.object({ payment: GatewayPaymentSchema });
export type OrderAdjustmentPayAnswer = z.infer<typeof OrderAdjustmentPayAnswerSchema>;

/** {orderNumber} and {id} of /api/orders/{orderNumber}/adjustments/{id}/pay and …/credit-notes/{id}.pdf. */
export const OrderChildParamsSchema = z.object({
  orderNumber: z.string().max(60, 'orderNumber must be at most 60 characters'),
  id: z.coerce.number({ error: 'id is a whole number' }).int('id is a whole number').positive('id is a whole number').max(2_147_483_647, 'id is too large'),
});
