import type { GatewayPayment as GatewayPaymentBlock, PaymentRow, PaymentVerifyAnswer, RazorpayVerify } from '@milli/contracts/schemas';
import type { Db } from '@milli/db';
import { DomainError } from '../../domain-error.ts';
import { GatewayError, methodLabel, type GatewayEvent, type GatewayPayment, type PaymentGateway } from './gateway.ts';
import { paymentRepository, type PaymentPurpose, type PaymentRecord, type RefundRecord } from './repository.ts';

/**
 * What a purchase does once its payment is captured, inside the transaction that marks the payment paid:
 * the order becomes Placed, the instalment Paid, the design Approved. When the purchase can no longer
 * take the money (the order lapsed and its pieces are gone, the instalment was paid by another payment),
 * it answers why, and the money goes back through the gateway in full.
 */
export interface PaymentPurposeHandler {
  /** `target`: what the payment paid for, as the verify's answer names it, when the handler has just read it. */
  settle(tx: Db, payment: PaymentRecord, at: Date): Promise<{ ok: true; target?: PaymentTarget } | { ok: false; reason: string }>;
  /** The receipt the gateway order carries (at most 40 characters): the order number for an order. */
  receipt?(tx: Db, payment: PaymentRecord): Promise<string>;
  /**
   * For a purchase that holds something until it is paid (an order holds its pieces): the reconciliation job's first
   * step (keeper.ts), on `db` with this service. Those whose time to pay is over are asked about at the gateway (`paid`:
   * paid after all, and recorded now) and, still unpaid, lapse (`lapsed`).
   */
  lapseOverdue?(db: Db, payments: PaymentService, at: Date, log?: PaymentJobLog): Promise<{ lapsed: number; paid: number }>;
}

/** Where the reconciliation job reports what failed. */
export interface PaymentJobLog {
  error(obj: object, msg: string): void;
}

export interface PaymentServiceOptions {
  now?: () => Date;
  /** Called after a transaction that queued mail has committed. */
  mailQueued?: () => void;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/**
 * Attempts per customer at the payment calls: enough for a retry and another method, too few to probe
 * (verify, the demo checkout). Counted in the database (decision 006).
 */
export const PAYMENT_ATTEMPTS_LIMIT = {
  name: 'payment-customer',
  max: 30,
  windowMs: 60 * 60_000,
  message: 'Too many payment attempts. Please try again in an hour.',
};

/** The webhook events the store acts on; any other is acknowledged and ignored. */
const HANDLED_EVENTS = new Set(['payment.captured', 'order.paid', 'payment.failed', 'refund.processed', 'refund.failed']);

/** Unpaid payments asked about at the gateway in one pass of the sweep (the next pass goes on from there). */
const SWEEP_PAGE = 100;

/** How long a payment closed unpaid is still asked about at the gateway (by when it was started). */
export const ABANDONED_WATCH_MS = 3 * 60 * 60_000;

export const GATEWAY_DOWN = 'We could not reach the payment gateway just now. Nothing has been charged; please try again in a moment.';
const CONFIRM_LATER =
  'We could not confirm your payment with the gateway just now. If money was taken, your payment will be recorded within minutes: nothing will be charged twice.';

/** What a payment paid for, as the verify's answer names it. */
export interface PaymentTarget {
  orderNumber: string | null;
  orderStatus: string | null;
  customRequestId: number | null;
}

type SettleOutcome =
  | { kind: 'settled'; payment: PaymentRecord; target?: PaymentTarget }
  | { kind: 'already'; payment: PaymentRecord }
  | { kind: 'refunded'; payment: PaymentRecord; reason: string }
  | { kind: 'duplicate'; payment: PaymentRecord }
  | { kind: 'mismatch'; payment: PaymentRecord }
  | { kind: 'unknown' }
  | { kind: 'not_captured'; payment: PaymentRecord; status: GatewayPayment['status'] };

/**
 * Payments through the gateway (decision 029): every purchase (an order, a harvest instalment, a CAD
 * advance) starts one payment row with the gateway's order for its amount; the browser's checkout pays it;
 * the verify call, the webhook and the reconciliation job all end in `settleCaptured`, which records a
 * captured payment exactly once under the payment's row lock, whichever arrives first. Money the store cannot
 * keep (a second payment of one order, a payment after the order lapsed, a wrong amount) is refunded, once,
 * under an idempotency key; cancelling a paid purchase refunds it the same way.
 */
export type { PaymentRecord, RefundRecord };
/** The least the gateway takes in one payment: what a purchase that would ask for less pays otherwise. */
export { GATEWAY_MINIMUM_PAISE } from './gateway.ts';

export function createPaymentService(db: Db, gateway: PaymentGateway, options: PaymentServiceOptions = {}) {
  const now = options.now ?? (() => new Date());
  const handlers = new Map<PaymentPurpose, PaymentPurposeHandler>();
  const repo = paymentRepository(db);
  // Where the sweep goes on next pass among the unpaid payments and among those closed unpaid: payments nobody
  // will pay (an advance of a design replaced since, an instalment of a closed plan) stay unpaid for ever, and
  // a busy hour closes more than a page; neither may hide the rest.
  let sweptTo = 0;
  let closedSweptTo = 0;
  /** The settles running now in this process, by gateway order and gateway payment. */
  const settling = new Map<string, Promise<SettleOutcome>>();

  function handler(purpose: PaymentPurpose): PaymentPurposeHandler {
    const found = handlers.get(purpose);
    if (!found) throw new Error(`no payment handler for ${purpose}`);
    return found;
  }

  function block(payment: PaymentRecord): GatewayPaymentBlock {
    return { gateway: gateway.name, gatewayOrderId: payment.gatewayOrderId!, amountPaise: payment.amountPaise, currency: 'INR', keyId: gateway.keyId };
  }

  /** Queues a refund in the caller's transaction; `processRefund` sends it after commit. */
  async function queueRefund(tx: Db, payment: PaymentRecord, gatewayPaymentId: string, amountPaise: number, reason: string, key: string) {
    // Razorpay's X-Refund-Idempotency takes 10 to 100 characters: a shorter key would be refused on every attempt.
    if (key.length < 10 || key.length > 100) throw new Error(`refund idempotency key '${key}' must be 10 to 100 characters`);
    return paymentRepository(tx).queueRefund({
      paymentId: payment.id,
      customerId: payment.customerId,
      orderId: payment.orderId,
      gatewayPaymentId,
      amountPaise,
      reason,
      idempotencyKey: key,
    });
  }

  /** Asks the gateway for one queued refund; safe to repeat (the same key is the same refund at the gateway). */
  async function processRefund(refund: RefundRecord): Promise<RefundRecord['status']> {
    if (refund.status !== 'pending') return refund.status;
    try {
      const answer = await gateway.refund(refund.gatewayPaymentId, {
        amountPaise: refund.amountPaise,
        idempotencyKey: refund.idempotencyKey,
        notes: { milli_refund: String(refund.id) },
      });
      if (answer.status === 'processed') {
        await db.transaction((tx) => paymentRepository(tx).refundProcessed({ id: refund.id }, answer.id, now()));
        return 'processed';
      }
      if (answer.status === 'failed') {
        await repo.refundFailed(refund.id, 'The gateway could not process the refund.');
        return 'failed';
      }
      await repo.refundAttempted(refund.id, null, answer.id);
      return 'pending';
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await repo.refundAttempted(refund.id, message, null);
      if (error instanceof GatewayError && error.kind !== 'unavailable') {
        // The gateway refused (already refunded in full, not captured): staff look into it; never retried blindly.
        options.log?.error({ refundId: refund.id, err: message }, 'the gateway refused a refund');
        if (refund.attempts >= 5) await repo.refundFailed(refund.id, message);
      }
      return 'pending';
    }
  }

  async function processRefunds(ids: readonly (RefundRecord | null)[]) {
    for (const r of ids) if (r) await processRefund(r);
  }

  /**
   * Records a captured gateway payment against its row, once. Runs under the row's lock, so the browser's
   * verify, the webhook and the reconciliation job can all arrive at once and only one of them settles.
   */
  async function settleCaptured(gp: GatewayPayment, opts: { unrecorded?: boolean } = {}): Promise<SettleOutcome> {
    const orderId = gp.order_id;
    if (!orderId) return { kind: 'unknown' };
    return oneAtATime(orderId, gp.id, gp.status === 'captured', () => settleOnce(gp, orderId, opts));
  }

  /**
   * The gateway sends payment.captured and order.paid together, and the browser's verify may come at the same moment:
   * while one of them settles a gateway payment in this process, the others wait for it, and a payment it recorded with
   * this very gateway payment is final (as the check they would make reads it). Anything else, or an error, and each
   * settles for itself, under the row's lock; across instances that lock alone decides. `captured`: the waiter knows
   * the payment captured (a webhook's waiter learns it from the first, which asked the gateway).
   */
  async function oneAtATime(orderId: string, paymentId: string, captured: boolean, settle: () => Promise<SettleOutcome>): Promise<SettleOutcome> {
    const key = `${orderId} ${paymentId}`;
    const running = settling.get(key);
    if (running) {
      const first = await running.catch(() => null);
      if (captured && (first?.kind === 'settled' || first?.kind === 'already') && first.payment.gatewayRef === paymentId)
        return { kind: 'already', payment: first.payment };
      return settle();
    }
    const settled = settle();
    settling.set(key, settled);
    try {
      return await settled;
    } finally {
      settling.delete(key);
    }
  }

  /**
   * A webhook's word that a payment was captured (payment.captured, order.paid), settled only as the gateway confirms
   * it. The signature proves only that the sender holds the webhook secret, which lives in more places than the API key
   * (the gateway's dashboard, log pipelines, a proxy): so the payment is fetched with the API key and settled from what
   * the gateway says (captured, for this gateway order; its amount and currency), never from the body. One recorded
   * with this very gateway payment already is answered from its row, without asking (a replay, the second of the pair).
   * A gateway that cannot be asked is GATEWAY_UNAVAILABLE: the webhook is answered 503 and sent again, and the
   * reconciliation job asks the gateway itself meanwhile.
   */
  function settleClaimed(orderId: string, paymentId: string): Promise<SettleOutcome> {
    return oneAtATime(orderId, paymentId, true, async () => {
      const seen = await repo.byGatewayOrder(gateway.name, orderId);
      if (!seen) return { kind: 'unknown' };
      if ((seen.status === 'paid' || seen.status === 'refunded') && seen.gatewayRef === paymentId) return { kind: 'already', payment: seen };
      const gp = await askGateway(() => gateway.fetchPayment(paymentId));
      if (!gp || gp.id !== paymentId || gp.order_id !== orderId) {
        // Signed with the webhook's secret, yet the gateway has no such payment of this order: a forgery, or a secret
        // that is no longer the store's alone.
        options.log?.warn(
          { gatewayOrderId: orderId, gatewayPaymentId: paymentId, known: Boolean(gp) },
          'a signed webhook names a payment the gateway does not confirm',
        );
        return { kind: 'unknown' };
      }
      if (gp.status !== 'captured') return { kind: 'not_captured', payment: seen, status: gp.status };
      return settleOnce(gp, orderId, { unrecorded: true });
    });
  }

  /**
   * A webhook's question to the gateway: its answer, or null when the gateway does not know the id (Razorpay answers
   * 400 for an id it has not got). Anything else (unreachable, a 5xx, the store's keys refused) is GATEWAY_UNAVAILABLE,
   * so the webhook is answered 503 and the gateway sends it again later.
   */
  async function askGateway<T>(ask: () => Promise<T>): Promise<T | null> {
    try {
      return await ask();
    } catch (error) {
      if (error instanceof GatewayError && (error.kind === 'not_found' || error.kind === 'bad_request')) return null;
      options.log?.warn({ err: error instanceof Error ? error.message : error }, 'the gateway could not confirm a webhook');
      throw new DomainError('GATEWAY_UNAVAILABLE', 'The payment gateway could not be asked to confirm this event; send it again later.');
    }
  }

  async function settleOnce(gp: GatewayPayment, orderId: string, opts: { unrecorded?: boolean }): Promise<SettleOutcome> {
    // Recorded already with this very gateway payment (the webhooks after a verify, the sweep after a webhook): that is
    // final, so it is answered without a transaction or a lock. `unrecorded`: the caller has just read it otherwise.
    if (!opts.unrecorded && gp.status === 'captured') {
      const seen = await repo.byGatewayOrder(gateway.name, orderId);
      if (seen && (seen.status === 'paid' || seen.status === 'refunded') && seen.gatewayRef === gp.id) return { kind: 'already', payment: seen };
    }
    const at = now();
    const queued: (RefundRecord | null)[] = [];
    const outcome = await db.transaction(async (tx): Promise<SettleOutcome> => {
      const t = paymentRepository(tx);
      // The usual case in one statement: the row unpaid and for this amount is marked paid (and locked to commit).
      // Anything else (paid already, another amount, not captured) is looked at under the row's lock below.
      let paid = gp.status === 'captured' && gp.currency === 'INR' ? await t.markPaidIfDue(gateway.name, orderId, gp.amount, gp.id, methodLabel(gp), at) : null;
      if (!paid) {
        const row = await t.byGatewayOrder(gateway.name, orderId, { lock: true });
        if (!row) return { kind: 'unknown' };
        if (gp.status !== 'captured') return { kind: 'not_captured', payment: row, status: gp.status };
        if (row.status === 'paid' || row.status === 'refunded') {
          if (row.gatewayRef === gp.id) return { kind: 'already', payment: row };
          // The same order paid twice (two tabs, two methods): the second payment goes back in full.
          queued.push(await queueRefund(tx, row, gp.id, gp.amount, 'A second payment for the same purchase was refunded in full.', `duplicate-${gp.id}`));
          return { kind: 'duplicate', payment: row };
        }
        if (gp.amount !== row.amountPaise || gp.currency !== 'INR') {
          queued.push(await queueRefund(tx, row, gp.id, gp.amount, 'The amount paid did not match the amount due, so it was refunded.', `mismatch-${gp.id}`));
          await t.noteAttemptFailed(gateway.name, row.gatewayOrderId!, 'The amount paid did not match the amount due; it was refunded.');
          return { kind: 'mismatch', payment: row };
        }
        paid = (await t.markPaid(row.id, gp.id, methodLabel(gp), at))!;
      }
      const settled = await handler(paid.purpose).settle(tx, paid, at);
      if (!settled.ok) {
        queued.push(await queueRefund(tx, paid, gp.id, gp.amount, settled.reason, `refund-${gp.id}`));
        return { kind: 'refunded', payment: paid, reason: settled.reason };
      }
      return { kind: 'settled', payment: paid, target: settled.target };
    });
    if (outcome.kind !== 'unknown' && outcome.kind !== 'not_captured' && outcome.kind !== 'already') options.mailQueued?.();
    await processRefunds(queued);
    return outcome;
  }

  /** A payment the gateway holds as authorized is captured for its amount (Razorpay captures automatically; this covers manual capture). */
  async function captureIfAuthorized(gp: GatewayPayment): Promise<GatewayPayment> {
    if (gp.status !== 'authorized') return gp;
    try {
      return await gateway.capture(gp.id, gp.amount);
    } catch (error) {
      if (error instanceof GatewayError && error.kind === 'bad_request') return gateway.fetchPayment(gp.id);
      throw error;
    }
  }

  /**
   * The answer to a verify of a payment already recorded: the same as the first. A payment its purchase could
   * not take (the order lapsed first) was recorded and refunded: that is said again, never "placed".
   */
  async function recordedAnswer(payment: PaymentRecord, gatewayPaymentId: string): Promise<PaymentVerifyAnswer> {
    const refused = await repo.refundByKey(`refund-${gatewayPaymentId}`);
    if (refused && refused.paymentId === payment.id) {
      throw new DomainError('PAYMENT_LAPSED', `${refused.reason} The payment ${refused.status === 'processed' ? 'was' : 'is being'} refunded in full.`);
    }
    return verifyAnswer(payment, true);
  }

  async function verifyAnswer(payment: PaymentRecord, replayed: boolean, message?: string, known?: PaymentTarget): Promise<PaymentVerifyAnswer> {
    const target = known ?? (await repo.target(payment));
    const refunded = payment.status === 'refunded' || target.orderStatus === 'Cancelled';
    const text =
      message ??
      (refunded
        ? 'This payment was received, and has been refunded: what it paid for was cancelled.'
        : payment.purpose === 'order'
          ? `Payment received: your order ${target.orderNumber ?? ''} is placed.`.replace('  ', ' ')
          : payment.purpose === 'order_adjustment'
            ? `Payment received: the weight difference on order ${target.orderNumber ?? ''} is paid.`.replace('  ', ' ')
            : payment.purpose === 'harvest_instalment'
              ? 'Payment received: your Milli Harvest instalment is paid.'
              : payment.purpose === 'rate_lock'
                ? 'Payment received: your rate is locked. What you buy of it is priced at the lower of the locked rate and the day’s.'
                : 'Payment received: your design is approved and its making begins.');
    return {
      message: text,
      purpose: payment.purpose,
      orderNumber: target.orderNumber,
      harvestPlanId: payment.harvestPlanId,
      customRequestId: target.customRequestId,
      replayed,
    };
  }

  return {
    gatewayName: gateway.name,
    gateway,

    register(purpose: PaymentPurpose, h: PaymentPurposeHandler) {
      handlers.set(purpose, h);
    },

    /** The reconciliation job's lapse, on its `db`: every registered purpose's purchases whose time to pay is over (`lapseOverdue`). */
    async lapseOverdue(db: Db, at: Date, log?: PaymentJobLog): Promise<{ lapsed: number; paid: number }> {
      let lapsed = 0;
      let paid = 0;
      for (const h of handlers.values()) {
        if (!h.lapseOverdue) continue;
        const done = await h.lapseOverdue(db, this, at, log);
        lapsed += done.lapsed;
        paid += done.paid;
      }
      return { lapsed, paid };
    },

    /**
     * The payment for one thing bought, started in the caller's transaction (one row per thing: its key).
     * The gateway order is made after commit by `open`.
     */
    async start(
      tx: Db,
      input: {
        customerId: number;
        purpose: PaymentPurpose;
        key: string;
        amountPaise: number;
        orderId?: number;
        harvestPlanId?: number;
        harvestInstalmentId?: number;
        cadDesignId?: number;
        adjustmentId?: number;
        rateLockId?: number;
      },
    ): Promise<PaymentRecord> {
      const { key, ...rest } = input;
      return paymentRepository(tx).start({ ...rest, gateway: gateway.name, idempotencyKey: key });
    },

    /**
     * Makes sure the payment has its gateway order and answers what the browser's checkout needs. Outside any
     * transaction (it calls the gateway). A gateway that cannot be reached is a 503 with a clear message; the
     * payment stays startable, and nothing was charged. `receipt`: the gateway order's receipt when the caller
     * has it at hand (checkout has the order's number), else the purpose's handler reads it.
     */
    async open(payment: PaymentRecord, receipt?: string): Promise<GatewayPaymentBlock> {
      if (payment.status !== 'created')
        throw new DomainError('PAYMENT_SETTLED', payment.status === 'paid' ? 'This is already paid.' : 'This payment can no longer be made.');
      if (payment.gatewayOrderId) {
        // The demo gateway forgets its orders when the process restarts: a forgotten order is made afresh.
        if (
          gateway.name !== 'demo' ||
          (await gateway.orderPayments(payment.gatewayOrderId).then(
            () => true,
            () => false,
          ))
        )
          return block(payment);
        await repo.forgetGatewayOrder(payment.id, payment.gatewayOrderId);
        payment = { ...payment, gatewayOrderId: null };
      }
      const known = receipt ?? (await handler(payment.purpose).receipt?.(db, payment)) ?? `${payment.purpose}-${payment.id}`;
      let made;
      try {
        made = await gateway.createOrder({
          amountPaise: payment.amountPaise,
          receipt: known.slice(0, 40),
          notes: { milli_payment: String(payment.id), purpose: payment.purpose },
        });
      } catch (error) {
        options.log?.warn({ paymentId: payment.id, err: error instanceof Error ? error.message : error }, 'the gateway did not create an order');
        throw new DomainError('GATEWAY_UNAVAILABLE', GATEWAY_DOWN);
      }
      if (made.amount !== payment.amountPaise) throw new DomainError('GATEWAY_UNAVAILABLE', GATEWAY_DOWN);
      const set = await repo.setGatewayOrder(payment.id, made.id);
      if (set) return block(set);
      // Another request gave the payment its gateway order first: answer that one.
      const again = await repo.byId(payment.id);
      if (again?.gatewayOrderId && again.status === 'created') return block(again);
      throw new DomainError('PAYMENT_SETTLED', 'This payment can no longer be made.');
    },

    /**
     * POST /api/payments/razorpay/verify: the checkout's signature over the stored gateway order and the
     * payment id, then the payment as the gateway holds it (captured, for that order and amount), then
     * `settleCaptured`. Only the customer whose payment it is may verify it.
     */
    async verify(customerId: number, body: RazorpayVerify): Promise<PaymentVerifyAnswer> {
      const row = await repo.byGatewayOrder(gateway.name, body.razorpay_order_id, { customerId });
      if (!row?.gatewayOrderId) throw new DomainError('PAYMENT_NOT_FOUND', 'We could not find that payment.');
      if (!gateway.paymentSignatureValid(row.gatewayOrderId, body.razorpay_payment_id, body.razorpay_signature)) {
        throw new DomainError('PAYMENT_SIGNATURE_INVALID', 'The payment could not be verified: its signature does not match. Nothing was recorded.');
      }
      if ((row.status === 'paid' || row.status === 'refunded') && row.gatewayRef === body.razorpay_payment_id)
        return recordedAnswer(row, body.razorpay_payment_id);
      let gp: GatewayPayment;
      try {
        gp = await gateway.fetchPayment(body.razorpay_payment_id);
        // The payment's own order is checked before anything is done with it: never capture another purchase's payment.
        if (gp.order_id !== row.gatewayOrderId) throw new DomainError('PAYMENT_MISMATCH', 'That payment was made for something else. Nothing was recorded.');
        gp = await captureIfAuthorized(gp);
      } catch (error) {
        if (error instanceof DomainError) throw error;
        if (error instanceof GatewayError && error.kind === 'not_found') throw new DomainError('PAYMENT_NOT_FOUND', 'The gateway does not know that payment.');
        throw new DomainError('GATEWAY_UNAVAILABLE', CONFIRM_LATER);
      }
      // `row`, read above, was not recorded with this payment.
      const outcome = await settleCaptured(gp, { unrecorded: true });
      switch (outcome.kind) {
        case 'settled':
          return verifyAnswer(outcome.payment, false, undefined, outcome.target);
        case 'already':
          return recordedAnswer(outcome.payment, gp.id);
        case 'duplicate':
          return verifyAnswer(outcome.payment, true, 'This was already paid: the second payment is being refunded in full.');
        case 'mismatch':
          throw new DomainError('PAYMENT_MISMATCH', 'The amount paid did not match the amount due, so it is being refunded in full. Please try again.');
        case 'refunded':
          throw new DomainError('PAYMENT_LAPSED', `${outcome.reason} The payment is being refunded in full.`);
        case 'not_captured':
          throw new DomainError(
            'PAYMENT_NOT_CAPTURED',
            outcome.status === 'failed' ? 'The payment did not go through. Nothing was charged; please try again.' : CONFIRM_LATER,
          );
        case 'unknown':
          throw new DomainError('PAYMENT_NOT_FOUND', 'We could not find that payment.');
      }
    },

    /**
     * POST /api/payments/razorpay/webhook: the raw body's signature, then the event, once per event id. A payment's
     * capture and a refund's end are recorded only as the gateway, asked with the API key, confirms them; a gateway that
     * cannot be asked is GATEWAY_UNAVAILABLE (503), so the gateway sends the event again. An event about a payment the
     * store does not know is acknowledged and ignored.
     */
    async webhook(rawBody: Buffer, signature: string | undefined, eventId: string | undefined): Promise<{ handled: boolean; duplicate: boolean }> {
      if (!signature || !gateway.webhookSignatureValid(rawBody, signature)) {
        throw new DomainError('WEBHOOK_SIGNATURE_INVALID', 'The webhook signature does not match.');
      }
      let event: GatewayEvent;
      try {
        event = JSON.parse(rawBody.toString('utf8')) as GatewayEvent;
      } catch {
        throw new DomainError('INVALID_JSON', 'The webhook body is not JSON.');
      }
      // An event the store does not act on (payment.authorized, say) is acknowledged as it comes, and not remembered.
      if (!HANDLED_EVENTS.has(String(event?.event))) return { handled: false, duplicate: false };
      const id = eventId?.trim().slice(0, 100) || null;
      // payment.captured and order.paid: the payment's own row says whether this gateway payment was recorded (settling
      // is idempotent), so a replay, or the second of the pair, costs one read and is not looked up by its event id.
      // The event is remembered when it changed something (it settled, or refunded money the store cannot keep).
      if (event.event === 'payment.captured' || event.event === 'order.paid') {
        // The body names the payment and its order; what was paid is the gateway's to say (settleClaimed).
        const claim = event.payload?.payment?.entity;
        const outcome = typeof claim?.id === 'string' && typeof claim.order_id === 'string' ? await settleClaimed(claim.order_id, claim.id) : null;
        if (outcome?.kind === 'already') return { handled: false, duplicate: true };
        const acted = outcome !== null && outcome.kind !== 'unknown' && outcome.kind !== 'not_captured';
        if (id && acted) await repo.rememberEvent(gateway.name, id, event.event);
        return { handled: acted, duplicate: false };
      }
      if (id && (await repo.eventSeen(gateway.name, id))) return { handled: false, duplicate: true };
      let handled = false;
      switch (event?.event) {
        case 'payment.failed': {
          const gp = event.payload?.payment?.entity;
          if (gp?.order_id) {
            await repo.noteAttemptFailed(gateway.name, gp.order_id, gp.error_description ?? 'The payment did not go through.');
            handled = true;
          }
          break;
        }
        case 'refund.processed':
        case 'refund.failed': {
          // As with a capture, the body only names the refund: whether it was processed or failed is the gateway's to say.
          const claim = event.payload?.refund?.entity;
          if (typeof claim?.id !== 'string' || typeof claim.payment_id !== 'string') break;
          const r = await askGateway(() => gateway.fetchRefund(claim.payment_id, claim.id));
          if (!r || r.id !== claim.id) {
            options.log?.warn(
              { gatewayRefundId: claim.id, gatewayPaymentId: claim.payment_id },
              'a signed webhook names a refund the gateway does not confirm',
            );
            break;
          }
          const ours = Number(r.notes?.milli_refund);
          const which = { ...(Number.isSafeInteger(ours) && ours > 0 ? { id: ours } : { gatewayRefundId: r.id }), gatewayPaymentId: r.payment_id };
          if (r.status === 'processed') {
            const done = await db.transaction((tx) => paymentRepository(tx).refundProcessed(which, r.id, now()));
            handled = Boolean(done);
          } else if (r.status === 'failed') {
            // The money did not go back: the refund is marked failed (the customer sees it, staff settle it by hand).
            const failed = await repo.refundFailedAt(which, 'The gateway could not send this refund; our team will return the money another way.');
            if (failed) options.log?.error({ refundId: failed.id, gatewayRefundId: r.id }, 'the gateway reports a refund failed');
            handled = Boolean(failed);
          }
          break;
        }
        default:
          break;
      }
      if (id) await repo.rememberEvent(gateway.name, id, String(event?.event ?? ''));
      return { handled, duplicate: false };
    },

    /**
     * Refunds a paid payment (all of what is left, or `amountPaise` up to that), once per `key`: queued in the caller's
     * transaction (the one that cancels), sent after commit with `sendRefunds`.
     */
    async queueRefundOf(tx: Db, payment: PaymentRecord, reason: string, key: string, amountPaise?: number): Promise<RefundRecord | null> {
      if (!payment.gatewayRef || (payment.status !== 'paid' && payment.status !== 'refunded')) return null;
      // What is left to give back: refunds still pending count too, so two refunds never add up to more than was paid.
      const left = payment.amountPaise - payment.refundedPaise - (await paymentRepository(tx).pendingRefundedPaise(payment.id));
      const amount = Math.min(amountPaise ?? left, left);
      if (amount <= 0) return null;
      return queueRefund(tx, payment, payment.gatewayRef, amount, reason, key);
    },
    sendRefunds: processRefunds,

    /** Marks an unpaid payment as never to be paid (its order lapsed or was cancelled), in the caller's transaction. */
    async abandon(tx: Db, payment: PaymentRecord, reason: string) {
      await paymentRepository(tx).markFailed(payment.id, reason);
    },

    /**
     * Asks the gateway about one unpaid payment: a captured (or authorized) payment of its order is
     * recorded, so a lost webhook or a closed tab never leaves money without its purchase.
     */
    async reconcile(payment: PaymentRecord): Promise<'settled' | 'unpaid' | 'unreachable'> {
      if (!payment.gatewayOrderId) return 'unpaid';
      let attempts: GatewayPayment[];
      try {
        attempts = await gateway.orderPayments(payment.gatewayOrderId);
      } catch (error) {
        if (error instanceof GatewayError && error.kind === 'not_found') return 'unpaid';
        return 'unreachable';
      }
      let settled = false;
      for (const attempt of attempts) {
        if (attempt.status !== 'captured' && attempt.status !== 'authorized') continue;
        try {
          const gp = await captureIfAuthorized(attempt);
          const outcome = await settleCaptured(gp);
          if (outcome.kind === 'settled' || outcome.kind === 'already' || outcome.kind === 'refunded') settled = true;
        } catch {
          return 'unreachable';
        }
      }
      return settled ? 'settled' : 'unpaid';
    },

    /**
     * The reconciliation job's sweep: unpaid payments older than a minute (a page a pass, going round them
     * all); payments closed unpaid in the last few hours (a checkout left open past the order's time may still
     * have been paid: that money is refunded even when its webhook never comes); and refunds not yet processed.
     */
    async sweep(): Promise<{ settled: number; refundsSent: number }> {
      let settled = 0;
      const at = now().getTime();
      const open = await repo.unsettled(gateway.name, new Date(at - 60_000), sweptTo, SWEEP_PAGE);
      sweptTo = open.length === SWEEP_PAGE ? open.at(-1)!.id : 0;
      const closed = await repo.abandonedSince(gateway.name, new Date(at - ABANDONED_WATCH_MS), closedSweptTo, SWEEP_PAGE);
      closedSweptTo = closed.length === SWEEP_PAGE ? closed.at(-1)!.id : 0;
      for (const p of [...open, ...closed]) {
        if ((await this.reconcile(p)) === 'settled') settled += 1;
      }
      const pending = await repo.pendingRefunds();
      for (const r of pending) await processRefund(r);
      return { settled, refundsSent: pending.length };
    },

    /**
     * The online payment of an order, if it has one (on the caller's transaction when given). With `lock`, its
     * row is locked: whoever changes both an order and its payment locks the payment first, as settling does,
     * so the two never wait for each other.
     */
    async forOrder(orderId: number, tx: Db = db, opts: { lock?: boolean } = {}) {
      return paymentRepository(tx).forOrder(orderId, opts);
    },

    /** Issue 42: the payment of a rate lock's advance, if started (locked with `lock`, as forOrder). */
    async forRateLock(rateLockId: number, tx: Db = db, opts: { lock?: boolean } = {}) {
      return paymentRepository(tx).forRateLock(rateLockId, opts);
    },

    /** The payment of one weight difference, if started (locked with `lock`, as forOrder). */
    async forAdjustment(adjustmentId: number, tx: Db = db, opts: { lock?: boolean } = {}) {
      return paymentRepository(tx).forAdjustment(adjustmentId, opts);
    },
    /** Every payment of an order, with its refunds (the staff's timeline). */
    async ofOrder(orderId: number, tx: Db = db) {
      const t = paymentRepository(tx);
      const rows = await t.allForOrder(orderId);
      return { payments: rows, refunds: await t.refundsOf(rows.map((r) => r.id)) };
    },

    async list(customerId: number): Promise<PaymentRow[]> {
      const rows = await repo.list(customerId);
      const refunds = await repo.refundsOf(rows.map((r) => r.id));
      return rows.map((r) => ({
        id: r.id,
        purpose: r.purpose,
        description: describe(r.purpose, r.instalmentNumber === null ? null : Number(r.instalmentNumber), r.orderNumber),
        orderNumber: r.orderNumber,
        amountPaise: r.amountPaise,
        status: r.status,
        refundedPaise: r.refundedPaise,
        refunds: refunds
          .filter((f) => f.paymentId === r.id)
          .map((f) => ({
            amountPaise: f.amountPaise,
            status: f.status,
            reason: f.reason,
            createdAt: f.createdAt.toISOString(),
            processedAt: f.processedAt?.toISOString() ?? null,
          })),
        method: r.method,
        failureReason: r.status === 'created' ? r.lastError : r.failureReason,
        createdAt: r.createdAt.toISOString(),
        paidAt: r.paidAt ? r.paidAt.toISOString() : null,
      }));
    },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;

function describe(purpose: PaymentPurpose, instalment: number | null, orderNumber: string | null): string {
  switch (purpose) {
    case 'harvest_instalment':
      return instalment ? `Milli Harvest instalment ${instalment} of 10` : 'Milli Harvest instalment';
    case 'cad_advance':
      return 'Custom design advance (30 %)';
    case 'order':
      return orderNumber ? `Order ${orderNumber}` : 'Order payment';
    case 'order_adjustment':
      return orderNumber ? `Weight difference on order ${orderNumber}` : 'Weight difference';
    case 'rate_lock':
      return 'Rate lock advance';
  }
}
