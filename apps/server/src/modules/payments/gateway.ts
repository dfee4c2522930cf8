import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PaymentGatewayName } from '@milli/contracts';

/**
 * A payment gateway as the store uses it: Razorpay's standard checkout (issue 18). The server creates an
 * order at the gateway for the exact amount; the shopper pays it in the gateway's own checkout (no card
 * number ever reaches the store); the store verifies the signature the checkout hands back, fetches the
 * payment to see it captured for that order and amount, and only then records it. Webhooks tell the same
 * facts signed with another secret, which the store checks the same way (fetching the payment or the refund) before
 * it believes them. Entities keep Razorpay's names and shapes (snake_case, paise).
 */
export interface GatewayOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
}

export interface GatewayPayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  order_id: string | null;
  method: string;
  captured: boolean;
  amount_refunded: number;
  refund_status: 'partial' | 'full' | null;
  /** Present with the payment's card (Razorpay answers `card` when asked to expand it; the demo always does). */
  card?: { last4: string; network: string } | null;
  vpa?: string | null;
  bank?: string | null;
  wallet?: string | null;
  error_code: string | null;
  error_description: string | null;
  error_reason?: string | null;
  created_at: number;
}

export interface GatewayRefund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  status: 'pending' | 'processed' | 'failed';
  notes: Record<string, string>;
  created_at: number;
}

export interface GatewayEvent {
  entity: 'event';
  account_id: string;
  event: string;
  contains: string[];
  payload: {
    payment?: { entity: GatewayPayment };
    order?: { entity: GatewayOrder };
    refund?: { entity: GatewayRefund };
  };
  created_at: number;
}

/**
 * Why a gateway call failed. `unavailable` (a timeout, a refused connection or a 5xx) may be retried and
 * says nothing about whether the request took effect; the others are the gateway's refusal.
 */
export class GatewayError extends Error {
  constructor(
    readonly kind: 'unavailable' | 'bad_request' | 'not_found' | 'conflict' | 'unauthorized',
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}

export interface PaymentGateway {
  readonly name: PaymentGatewayName;
  /** The public key id the browser's checkout opens with. */
  readonly keyId: string;
  createOrder(input: { amountPaise: number; receipt: string; notes?: Record<string, string> }): Promise<GatewayOrder>;
  fetchPayment(paymentId: string): Promise<GatewayPayment>;
  orderPayments(orderId: string): Promise<GatewayPayment[]>;
  capture(paymentId: string, amountPaise: number): Promise<GatewayPayment>;
  /** One refund per key: a retry with the same key and body answers the first refund, never a second. */
  refund(paymentId: string, input: { amountPaise: number; idempotencyKey: string; notes?: Record<string, string> }): Promise<GatewayRefund>;
  /** One refund of one payment as the gateway holds it (a refund of another payment is not found). */
  fetchRefund(paymentId: string, refundId: string): Promise<GatewayRefund>;
  /** HMAC-SHA256(order_id|payment_id, key secret) = the checkout's signature. */
  paymentSignatureValid(orderId: string, paymentId: string, signature: string): boolean;
  /** HMAC-SHA256(raw body, webhook secret) = X-Razorpay-Signature. */
  webhookSignatureValid(rawBody: Buffer | string, signature: string): boolean;
}

/** The least a gateway order may ask (Razorpay's minimum, Rs. 1). */
export const GATEWAY_MINIMUM_PAISE = 100;

export function hmacHex(secret: string, data: Buffer | string): string {
  return createHmac('sha256', secret).update(data).digest('hex');
}

/** Constant-time comparison of two hex signatures (a wrong length is simply false). */
export function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given.trim(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

export function paymentSignature(keySecret: string, orderId: string, paymentId: string): string {
  return hmacHex(keySecret, `${orderId}|${paymentId}`);
}

/** How a payment was made, as the customer's list shows it: never more of a card than its network and last four. */
export function methodLabel(payment: Pick<GatewayPayment, 'method' | 'card' | 'vpa' | 'bank' | 'wallet'>): string {
  switch (payment.method) {
    case 'card':
      return payment.card ? `${payment.card.network} •••• ${payment.card.last4}` : 'Card';
    case 'upi':
      return 'UPI';
    case 'netbanking':
      return payment.bank ? `Netbanking (${payment.bank})` : 'Netbanking';
    case 'wallet':
      return payment.wallet ? `Wallet (${payment.wallet})` : 'Wallet';
    case 'emi':
      return 'EMI';
    default:
      return payment.method || 'Online payment';
  }
}
