import { z } from 'zod';
import { DEMO_INSTRUMENTS, type DemoInstrument } from './demo-instruments.ts';

/** A payment answer that went wrong for a reason the payer can act on (a declined test instrument: 402). */
export const PaymentErrorSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type PaymentError = z.infer<typeof PaymentErrorSchema>;

export const PAYMENT_GATEWAYS = ['demo', 'razorpay'] as const;
export type PaymentGatewayName = (typeof PAYMENT_GATEWAYS)[number];

/**
 * What the browser needs to open the gateway's checkout for one payment (issue 18): the gateway's order
 * for the exact amount, and the public key id. Answered by placeOrders, the pay-again call, a harvest
 * instalment's pay and a CAD design's approve.
 */
export const GatewayPaymentSchema = z.object({
  gateway: z.enum(PAYMENT_GATEWAYS),
  gatewayOrderId: z.string(),
  amountPaise: z.number().int(),
  currency: z.literal('INR'),
  keyId: z.string(),
});
export type GatewayPayment = z.infer<typeof GatewayPaymentSchema>;

const gatewayId = (name: string, prefix: string) =>
  z
    .string({ error: `${name} is required.` })
    .trim()
    .min(1, `${name} is required.`)
    .max(64, `${name} is too long.`)
    .regex(new RegExp(`^${prefix}_[A-Za-z0-9]+$`), `${name} is not a gateway id.`);

/** POST /api/payments/razorpay/verify: what Razorpay Checkout (or the demo checkout) hands the page on success. */
export const RazorpayVerifySchema = z.object({
  razorpay_order_id: gatewayId('razorpay_order_id', 'order'),
  razorpay_payment_id: gatewayId('razorpay_payment_id', 'pay'),
  razorpay_signature: z
    .string({ error: 'razorpay_signature is required.' })
    .trim()
    .max(200, 'razorpay_signature is too long.')
    .min(1, 'razorpay_signature is required.'),
});
export type RazorpayVerify = z.infer<typeof RazorpayVerifySchema>;

export const PAYMENT_PURPOSE_VALUES = ['cad_advance', 'harvest_instalment', 'order', 'order_adjustment', 'rate_lock'] as const;

/** The verify answer: what was paid for, so the page knows where to go next. */
export const PaymentVerifyAnswerSchema = z.object({
  message: z.string(),
  purpose: z.enum(PAYMENT_PURPOSE_VALUES),
  /** The order placed by this payment (purpose 'order'). */
  orderNumber: z.string().nullable(),
  harvestPlanId: z.number().int().nullable(),
  customRequestId: z.number().int().nullable(),
  /** True when the payment had already been recorded (a second verify, or the webhook came first). */
  replayed: z.boolean(),
});
export type PaymentVerifyAnswer = z.infer<typeof PaymentVerifyAnswerSchema>;

export { DEMO_INSTRUMENTS, type DemoInstrument } from './demo-instruments.ts';
export const DEMO_INSTRUMENT_IDS = DEMO_INSTRUMENTS.map((i) => i.id) as [DemoInstrument, ...DemoInstrument[]];

/** POST /api/payments/demo/checkout: the demo checkout's Pay (only when PAYMENT_GATEWAY=demo). */
export const DemoCheckoutSchema = z.object({
  gatewayOrderId: gatewayId('gatewayOrderId', 'order'),
  instrument: z.enum(DEMO_INSTRUMENT_IDS, { error: 'Please choose a test payment method.' }),
});
export type DemoCheckout = z.infer<typeof DemoCheckoutSchema>;

/** The demo checkout's success: exactly what Razorpay Checkout's handler receives. */
export const DemoCheckoutAnswerSchema = RazorpayVerifySchema;

/** One refund against a payment, as the customer sees it. */
export const RefundRowSchema = z.object({
  amountPaise: z.number().int(),
  status: z.enum(['pending', 'processed', 'failed']),
  reason: z.string(),
  createdAt: z.string(),
  processedAt: z.string().nullable(),
});
export type RefundRow = z.infer<typeof RefundRowSchema>;

/** One row of GET /api/payments (My Account → Payments). */
export const PaymentRowSchema = z.object({
  id: z.number().int(),
  purpose: z.enum(PAYMENT_PURPOSE_VALUES),
  description: z.string(),
  /** The order this payment is for, when it is for one. */
  orderNumber: z.string().nullable(),
  amountPaise: z.number().int(),
  /** created: not paid yet (the customer may still pay); failed: never paid (the reason says why). */
  status: z.enum(['created', 'paid', 'failed', 'refunded']),
  refundedPaise: z.number().int(),
  refunds: z.array(RefundRowSchema),
  /** e.g. 'Visa •••• 1111'; never more of the card. */
  method: z.string().nullable(),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type PaymentRow = z.infer<typeof PaymentRowSchema>;
export const PaymentListSchema = z.object({ data: z.array(PaymentRowSchema) });
