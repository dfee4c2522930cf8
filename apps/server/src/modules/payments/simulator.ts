import { createHash, randomBytes } from 'node:crypto';
import { DEMO_INSTRUMENTS, type DemoInstrument } from '@milli/contracts/schemas';
import { GatewayError, hmacHex, paymentSignature, type GatewayEvent, type GatewayOrder, type GatewayPayment, type GatewayRefund } from './gateway.ts';

/**
 * A payment gateway that keeps Razorpay's rules, in memory: orders in paise with a receipt, payments made
 * against an order in a checkout (captured at once, as with Razorpay's automatic capture, or failed with
 * the bank's reason), refunds only of captured money and once per idempotency key, the checkout's
 * signature over `order_id|payment_id` with the key secret, and webhooks signed over the raw body with the
 * webhook secret, each with its own event id. The built-in demo gateway is this, called in-process; the
 * tests' Razorpay-speaking server is this behind Razorpay's REST paths (simulator-http.ts).
 */
export interface SimulatorOptions {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Called with each webhook, as Razorpay would POST it: the raw body, its signature and its event id. */
  deliver?: (delivery: WebhookDelivery) => void | Promise<void>;
  /** Refunds are answered 'pending' and processed this many ms later (Razorpay's normal speed), or at once when 0. */
  refundDelayMs?: number;
  now?: () => Date;
  /**
   * At most this many orders, payments and refunds (each) are remembered, the oldest made forgotten first, so a
   * demo store that sells for months does not grow without end (REMEMBERED by default). A forgotten one is
   * answered 'not found', as after a restart, which the store already handles.
   */
  remember?: number;
}

/** How many of each the simulator remembers unless told otherwise: a few MB of orders and payments at most. */
export const REMEMBERED = 10_000;

/** Adds to a map that holds at most `cap` entries, forgetting the oldest added first. */
function keep<K, V>(map: Map<K, V>, key: K, value: V, cap: number): void {
  map.set(key, value);
  if (map.size > cap) map.delete(map.keys().next().value as K);
}

export interface WebhookDelivery {
  body: string;
  signature: string;
  eventId: string;
  event: string;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export function gatewayId(prefix: string): string {
  const bytes = randomBytes(14);
  let id = '';
  for (const b of bytes) id += ALPHABET[b % ALPHABET.length];
  return `${prefix}_${id}`;
}

/** What each demo instrument does, with the fields Razorpay fills for that method. */
const INSTRUMENT_EFFECT: Record<
  DemoInstrument,
  { method: string; fields: Partial<GatewayPayment>; error?: { code: string; description: string; reason: string } }
> = {
  card_success: { method: 'card', fields: { card: { network: 'Visa', last4: '1111' } } },
  card_declined: {
    method: 'card',
    fields: { card: { network: 'Visa', last4: '0002' } },
    error: { code: 'BAD_REQUEST_ERROR', description: 'Your payment was declined by your bank. Please try another card or method.', reason: 'payment_declined' },
  },
  card_insufficient: {
    method: 'card',
    fields: { card: { network: 'MasterCard', last4: '9995' } },
    error: { code: 'BAD_REQUEST_ERROR', description: 'Your card has insufficient funds. Please try another card or method.', reason: 'insufficient_funds' },
  },
  upi_success: { method: 'upi', fields: { vpa: 'success@razorpay' } },
  upi_failure: {
    method: 'upi',
    fields: { vpa: 'failure@razorpay' },
    error: { code: 'BAD_REQUEST_ERROR', description: 'The UPI payment failed. Please try again or use another method.', reason: 'payment_failed' },
  },
  netbanking_success: { method: 'netbanking', fields: { bank: 'Test Bank' } },
};

export type RazorpaySimulator = ReturnType<typeof createRazorpaySimulator>;

export function createRazorpaySimulator(options: SimulatorOptions) {
  const now = options.now ?? (() => new Date());
  const seconds = () => Math.floor(now().getTime() / 1000);
  const cap = Math.max(1, options.remember ?? REMEMBERED);
  const orders = new Map<string, GatewayOrder>();
  const payments = new Map<string, GatewayPayment>();
  const refunds = new Map<string, GatewayRefund>();
  const refundKeys = new Map<string, { fingerprint: string; refundId: string }>();
  const delivered: WebhookDelivery[] = [];
  let deliver = options.deliver;

  function emit(event: string, payload: GatewayEvent['payload']) {
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_Milli0Demo0001',
      event,
      contains: Object.keys(payload),
      payload,
      created_at: seconds(),
    } satisfies GatewayEvent);
    const delivery: WebhookDelivery = { body, signature: hmacHex(options.webhookSecret, body), eventId: gatewayId('evt'), event };
    delivered.push(delivery);
    if (delivered.length > 1000) delivered.shift();
    if (deliver) void Promise.resolve(deliver(delivery)).catch(() => undefined);
  }

  function order(id: string): GatewayOrder {
    const found = orders.get(id);
    if (!found) throw new GatewayError('not_found', 'The id provided does not exist', 400);
    return found;
  }
  function payment(id: string): GatewayPayment {
    const found = payments.get(id);
    if (!found) throw new GatewayError('not_found', 'The id provided does not exist', 400);
    return found;
  }
  const copy = <T>(v: T): T => structuredClone(v);
  /** A captured payment counts towards its order; the order is paid once the whole amount is in. */
  function paidInto(o: GatewayOrder, amount: number): boolean {
    o.amount_paid += amount;
    o.amount_due = Math.max(0, o.amount - o.amount_paid);
    if (o.amount_paid >= o.amount) o.status = 'paid';
    return o.status === 'paid';
  }

  function processRefund(refundId: string) {
    const refund = refunds.get(refundId);
    // Run from a timer: a payment forgotten meanwhile (REMEMBERED) must not throw where nothing catches it.
    const paid = refund ? payments.get(refund.payment_id) : undefined;
    if (!refund || !paid || refund.status !== 'pending') return;
    refund.status = 'processed';
    emit('refund.processed', { refund: { entity: copy(refund) }, payment: { entity: copy(paid) } });
  }

  return {
    keyId: options.keyId,
    /** Where webhooks go (set after construction when the receiver is built later). */
    setDeliver(fn: SimulatorOptions['deliver']) {
      deliver = fn;
    },
    /** Every webhook sent, newest last (tests replay them, or deliver them out of order). */
    deliveries(): readonly WebhookDelivery[] {
      return delivered;
    },

    createOrder(input: { amount: unknown; currency?: unknown; receipt?: unknown; notes?: unknown }): GatewayOrder {
      const { amount, currency = 'INR', receipt = null, notes = {} } = input;
      if (typeof amount !== 'number' || !Number.isSafeInteger(amount)) throw new GatewayError('bad_request', 'The amount must be an integer.', 400);
      if (amount < 100) throw new GatewayError('bad_request', 'Order amount less than minimum amount allowed', 400);
      if (currency !== 'INR') throw new GatewayError('bad_request', 'Currency is not supported', 400);
      if (receipt !== null && (typeof receipt !== 'string' || receipt.length > 40))
        throw new GatewayError('bad_request', 'receipt: the length must be no more than 40.', 400);
      if (typeof notes !== 'object' || notes === null || Object.keys(notes).length > 15)
        throw new GatewayError('bad_request', 'notes: at most 15 key-value pairs', 400);
      const made: GatewayOrder = {
        id: gatewayId('order'),
        entity: 'order',
        amount,
        amount_paid: 0,
        amount_due: amount,
        currency: 'INR',
        receipt: receipt as string | null,
        status: 'created',
        attempts: 0,
        notes: notes as Record<string, string>,
        created_at: seconds(),
      };
      keep(orders, made.id, made, cap);
      return copy(made);
    },

    fetchOrder(id: string): GatewayOrder {
      return copy(order(id));
    },

    orderPayments(id: string): GatewayPayment[] {
      order(id);
      return [...payments.values()].filter((p) => p.order_id === id).map(copy);
    },

    fetchPayment(id: string): GatewayPayment {
      return copy(payment(id));
    },

    capture(id: string, amount: unknown, currency: unknown = 'INR'): GatewayPayment {
      const p = payment(id);
      if (p.status === 'captured') throw new GatewayError('bad_request', 'This payment has already been captured', 400);
      if (p.status !== 'authorized')
        throw new GatewayError('bad_request', 'Only payments which have been authorized and not yet captured can be captured', 400);
      if (amount !== p.amount || currency !== p.currency) throw new GatewayError('bad_request', 'Capture amount must be equal to the amount authorized', 400);
      p.status = 'captured';
      p.captured = true;
      const o = p.order_id ? orders.get(p.order_id) : undefined;
      const orderPaid = o ? paidInto(o, p.amount) : false;
      emit('payment.captured', { payment: { entity: copy(p) } });
      if (o && orderPaid) emit('order.paid', { payment: { entity: copy(p) }, order: { entity: copy(o) } });
      return copy(p);
    },

    refund(paymentId: string, input: { amount?: unknown; notes?: unknown }, idempotencyKey?: string): GatewayRefund {
      const fingerprint = createHash('sha256')
        .update(JSON.stringify([paymentId, input.amount ?? null, input.notes ?? null]))
        .digest('hex');
      if (idempotencyKey !== undefined) {
        if (idempotencyKey.length < 10) throw new GatewayError('bad_request', 'X-Refund-Idempotency must be at least 10 characters', 400);
        const earlier = refundKeys.get(idempotencyKey);
        // A key whose refund is forgotten (REMEMBERED) is forgotten with it; the payment's own refunded amount
        // still stops a second refund of the same money.
        const earlierRefund = earlier && refunds.get(earlier.refundId);
        if (earlier && earlierRefund) {
          if (earlier.fingerprint !== fingerprint)
            throw new GatewayError('bad_request', 'The request body does not match the earlier request with this idempotency key', 400);
          return copy(earlierRefund);
        }
      }
      const p = payment(paymentId);
      if (p.status !== 'captured' && p.status !== 'refunded')
        throw new GatewayError('bad_request', 'The payment has not been captured, so it cannot be refunded', 400);
      const left = p.amount - p.amount_refunded;
      const amount = input.amount === undefined ? left : input.amount;
      if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount < 100)
        throw new GatewayError('bad_request', 'The refund amount must be at least INR 1.00', 400);
      if (amount > left) throw new GatewayError('bad_request', 'The refund amount provided is greater than amount captured', 400);
      const delay = options.refundDelayMs ?? 0;
      const refund: GatewayRefund = {
        id: gatewayId('rfnd'),
        entity: 'refund',
        amount,
        currency: 'INR',
        payment_id: p.id,
        status: delay > 0 ? 'pending' : 'processed',
        notes: (input.notes as Record<string, string>) ?? {},
        created_at: seconds(),
      };
      keep(refunds, refund.id, refund, cap);
      if (idempotencyKey !== undefined) keep(refundKeys, idempotencyKey, { fingerprint, refundId: refund.id }, cap);
      p.amount_refunded += amount;
      p.refund_status = p.amount_refunded === p.amount ? 'full' : 'partial';
      if (p.amount_refunded === p.amount) p.status = 'refunded';
      if (delay > 0) setTimeout(() => processRefund(refund.id), delay).unref();
      else emit('refund.processed', { refund: { entity: copy(refund) }, payment: { entity: copy(p) } });
      return copy(refund);
    },

    /** The refunds of one payment, oldest first. */
    paymentRefunds(paymentId: string): GatewayRefund[] {
      payment(paymentId);
      return [...refunds.values()].filter((r) => r.payment_id === paymentId).map(copy);
    },

    fetchRefund(id: string): GatewayRefund {
      const found = refunds.get(id);
      if (!found) throw new GatewayError('not_found', 'The id provided does not exist', 400);
      return copy(found);
    },

    /** One refund of one payment: a refund of another payment is answered as one that does not exist. */
    paymentRefund(paymentId: string, refundId: string): GatewayRefund {
      const found = refunds.get(refundId);
      if (!found || found.payment_id !== paymentId) throw new GatewayError('not_found', 'The id provided does not exist', 400);
      return copy(found);
    },

    /**
     * The bank sends a pending refund back (Razorpay's refund.failed): the money never left, so the payment's
     * refunded amount goes down again. Nothing here fails a refund by itself; tests call this.
     */
    failRefund(refundId: string): GatewayRefund {
      const refund = refunds.get(refundId);
      if (!refund || refund.status !== 'pending') throw new GatewayError('bad_request', 'Only a pending refund can fail', 400);
      refund.status = 'failed';
      const paid = payments.get(refund.payment_id);
      if (paid) {
        paid.amount_refunded -= refund.amount;
        paid.refund_status = paid.amount_refunded === 0 ? null : 'partial';
        if (paid.status === 'refunded') paid.status = 'captured';
      }
      emit('refund.failed', { refund: { entity: copy(refund) }, ...(paid ? { payment: { entity: copy(paid) } } : {}) });
      return copy(refund);
    },

    /**
     * The shopper pays in the checkout with one of the test instruments: a payment is made against the
     * order and captured, or fails with the bank's reason (the order may then be tried again). Answers
     * what Razorpay Checkout hands the page: the ids and the signature, or the error.
     */
    checkout(
      orderId: string,
      instrument: DemoInstrument,
      opts: { authorizeOnly?: boolean; amountPaise?: number } = {},
    ):
      | { ok: true; razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string }
      | { ok: false; error: { code: string; description: string; reason: string; metadata: { order_id: string; payment_id: string } } } {
      const o = order(orderId);
      if (o.status === 'paid') throw new GatewayError('bad_request', 'Order has already been paid', 400);
      const effect = INSTRUMENT_EFFECT[instrument];
      if (!effect || !DEMO_INSTRUMENTS.some((i) => i.id === instrument)) throw new GatewayError('bad_request', 'Unknown test instrument', 400);
      o.attempts += 1;
      o.status = 'attempted';
      const p: GatewayPayment = {
        id: gatewayId('pay'),
        entity: 'payment',
        // A test may make a payment of another amount than the order's (what a broken or tampered checkout would bring).
        amount: opts.amountPaise ?? o.amount,
        currency: o.currency,
        status: 'created',
        order_id: o.id,
        method: effect.method,
        captured: false,
        amount_refunded: 0,
        refund_status: null,
        card: null,
        vpa: null,
        bank: null,
        wallet: null,
        error_code: null,
        error_description: null,
        error_reason: null,
        created_at: seconds(),
        ...effect.fields,
      };
      keep(payments, p.id, p, cap);
      if (effect.error) {
        Object.assign(p, { status: 'failed', error_code: effect.error.code, error_description: effect.error.description, error_reason: effect.error.reason });
        emit('payment.failed', { payment: { entity: copy(p) } });
        return { ok: false, error: { ...effect.error, metadata: { order_id: o.id, payment_id: p.id } } };
      }
      p.status = 'authorized';
      emit('payment.authorized', { payment: { entity: copy(p) } });
      if (!opts.authorizeOnly) {
        p.status = 'captured';
        p.captured = true;
        const orderPaid = paidInto(o, p.amount);
        emit('payment.captured', { payment: { entity: copy(p) } });
        if (orderPaid) emit('order.paid', { payment: { entity: copy(p) }, order: { entity: copy(o) } });
      }
      return { ok: true, razorpay_order_id: o.id, razorpay_payment_id: p.id, razorpay_signature: paymentSignature(options.keySecret, o.id, p.id) };
    },
  };
}
