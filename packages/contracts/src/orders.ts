import { z } from 'zod';
import { LineOptionsSchema } from './cart.ts';

export const ORDER_LIST_KINDS = ['active', 'completed', 'cancelled'] as const;
export const ORDER_STATUS_VALUES = ['Placed', 'Picked', 'Out for Delivery', 'Delivered', 'Cancelled'] as const;

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
  }),
  lines: z.array(
    z.object({
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
  status: z.enum(['Picked', 'Out for Delivery', 'Delivered'], { error: 'status must be Picked, Out for Delivery or Delivered' }),
  note: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().trim().max(500, 'note must be at most 500 characters').optional()),
});
export type OrderStatusChange = z.infer<typeof OrderStatusChangeSchema>;
