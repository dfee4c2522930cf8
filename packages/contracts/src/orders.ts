import { z } from 'zod';
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
 * awaiting (pay before payBy), paid, cod_due (cash on delivery), covered (nothing to pay: the Harvest
 * balance paid it), lapsed (not paid in time: the pieces went back on sale), cancelled (cancelled before
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
});
export type OrderPayment = z.infer<typeof OrderPaymentSchema>;

/** GET /api/orders/{orderNumber} */
export const OrderDetailSchema = z.object({
  order: z.object({
    orderId: z.number().int(),
    orderNumber: z.string(),
    invoiceNumber: z.string(),
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
  lines: z.array(
    z.object({
      /** Names one line of the order (packing, returns). */
      lineId: z.number().int(),
      name: z.string(),
      sku: z.string(),
      image: z.string(),
      quantity: z.number().int(),
      unitPricePaise: z.number().int(),
      lineTotalPaise: z.number().int(),
      options: LineOptionsSchema,
    }),
  ),
  shippingAddress: OrderAddressSchema.nullable(),
  billingAddress: OrderAddressSchema.nullable(),
  totals: z.object({
    subtotalPaise: z.number().int(),
    discountPaise: z.number().int(),
    shippingPaise: z.number().int(),
    taxPaise: z.number().int(),
    harvestCreditPaise: z.number().int(),
    totalPaise: z.number().int(),
  }),
  history: z.array(z.object({ status: StatusSchema, at: z.string(), note: z.string().nullable() })),
  tracking: z.array(TrackingStepSchema),
});
export type OrderDetail = z.infer<typeof OrderDetailSchema>;

/** POST /api/orders/{orderNumber}/cancel and POST /api/admin/orders/{orderNumber}/status answer. */
export const OrderStatusAnswerSchema = z.object({ message: z.string(), orderNumber: z.string(), status: StatusSchema });
export type OrderStatusAnswer = z.infer<typeof OrderStatusAnswerSchema>;

/** POST /api/admin/orders/{orderNumber}/status (staff only): the next step of the order. */
export const OrderStatusChangeSchema = z.object({
  /** Placed confirms a pay-on-delivery order (Awaiting confirmation); the others move a placed order along. */
  status: z.enum(['Placed', 'Picked', 'Out for Delivery', 'Delivered'], { error: 'status must be Placed, Picked, Out for Delivery or Delivered' }),
  note: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().trim().max(500, 'note must be at most 500 characters').optional()),
});
export type OrderStatusChange = z.infer<typeof OrderStatusChangeSchema>;

/** POST /api/orders/{orderNumber}/pay: pay an order awaiting payment (again), while it holds its pieces. */
export const OrderPayAnswerSchema = z.object({
  message: z.string(),
  orderNumber: z.string(),
  payBy: z.string(),
  payment: GatewayPaymentSchema,
});
export type OrderPayAnswer = z.infer<typeof OrderPayAnswerSchema>;
