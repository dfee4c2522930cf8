import { z } from 'zod';

/**
 * The courier desk (issue 39, decision 050): booking a parcel with the configured courier provider from the dispatch
 * step, its tracking as the provider's webhook reports it, and a return's reverse pickup.
 */
export const COURIER_EVENT_KINDS = ['in_transit', 'out_for_delivery', 'delivered', 'rto'] as const;
export type CourierEventKind = (typeof COURIER_EVENT_KINDS)[number];

export const CourierBookingSchema = z.object({
  /** booking: under way or stopped part-way (a retry goes on from there); booked: the AWB is the order's. */
  state: z.enum(['booking', 'booked']),
  provider: z.string(),
  awb: z.string().nullable(),
  courierName: z.string().nullable(),
  labelUrl: z.string().nullable(),
  pickupDate: z.string().nullable(),
  bookedAt: z.string().nullable(),
  /** Set when the courier reported the parcel returning to the store: staff must act. */
  rtoAt: z.string().nullable(),
});
export type CourierBooking = z.infer<typeof CourierBookingSchema>;

export const CourierEventSchema = z.object({
  kind: z.enum(COURIER_EVENT_KINDS),
  /** The provider's own words for it. */
  status: z.string(),
  location: z.string().nullable(),
  at: z.string(),
});
export type CourierEvent = z.infer<typeof CourierEventSchema>;

/** GET /api/admin/orders/{orderNumber}/courier: what the order screen shows of the courier. */
export const AdminOrderCourierSchema = z.object({
  /** The configured provider, or null: staff type the courier and AWB in the dispatch form. */
  provider: z.enum(['shiprocket']).nullable(),
  booking: CourierBookingSchema.nullable(),
  events: z.array(CourierEventSchema),
  /** The Book courier action is offered now. */
  canBook: z.boolean(),
  /** Why it is not, when a provider is configured. */
  cannotBook: z.string().nullable(),
});
export type AdminOrderCourier = z.infer<typeof AdminOrderCourierSchema>;

/** POST /api/admin/orders/{orderNumber}/courier/book */
export const CourierBookAnswerSchema = z.object({ message: z.string(), courier: AdminOrderCourierSchema });
export type CourierBookAnswer = z.infer<typeof CourierBookAnswerSchema>;

/**
 * Shiprocket's tracking webhook body, as much of it as the store reads (the rest is let through unread): the AWB, the
 * status in words and number, when it happened (`current_timestamp`, 'YYYY-MM-DD HH:mm:ss' in India's time) and the
 * latest scan's location.
 */
export const ShiprocketWebhookSchema = z.looseObject({
  awb: z.union([z.string(), z.number()]).transform((v) => String(v).trim()),
  current_status: z.string().max(100).optional(),
  shipment_status: z.string().max(100).optional(),
  current_status_id: z.coerce.number().int().optional(),
  shipment_status_id: z.coerce.number().int().optional(),
  current_timestamp: z.string().max(40).optional(),
  scans: z
    .array(z.looseObject({ date: z.string().max(40).optional(), location: z.string().max(200).optional() }))
    .max(500)
    .optional(),
});
export type ShiprocketWebhook = z.infer<typeof ShiprocketWebhookSchema>;

/** What the webhook answers: 200 whatever it did with the update, so the provider does not send it again. */
export const CourierWebhookAnswerSchema = z.object({
  result: z.enum(['recorded', 'duplicate', 'ignored']),
  message: z.string(),
});
export type CourierWebhookAnswer = z.infer<typeof CourierWebhookAnswerSchema>;
