import { failure, type Failure } from '@milli/contracts';
import type { Card, PaymentRow } from '@milli/contracts/schemas';
import type { Db } from '@milli/db';
import { DomainError } from '../../domain-error.ts';
import { checkCard } from './card.ts';
import type { PaymentGateway } from './gateway.ts';
import { paymentRepository, type PaymentPurpose, type PaymentRecord } from './repository.ts';

/** What a purchase tells the payment step about itself, read inside the first transaction (with its locks). */
export interface PaymentIntent {
  purpose: PaymentPurpose;
  amountPaise: number;
  description: string;
  harvestPlanId?: number;
  cadDesignId?: number;
  orderId?: number;
}

/** Why a payment did not go through; the error handler decides each code's status (card fields at fault in `fields`). */
export type PaymentFailureCode = 'INVALID_CARD' | 'PAYMENT_IN_PROGRESS' | 'PAYMENT_FAILED' | 'PAYMENT_DECLINED' | 'INSUFFICIENT_FUNDS' | 'IDEMPOTENCY_CONFLICT';

export type PaymentOutcome = { ok: true; payment: PaymentRecord; replay: boolean } | Failure<PaymentFailureCode>;

const IN_FLIGHT_MS = 2 * 60_000;

/**
 * Card attempts per customer: enough for typos and a second card, too few to try out stolen numbers
 * (card testing). Every payment route takes it before calling `pay`.
 */
export const PAYMENT_ATTEMPTS_LIMIT = {
  name: 'payment-customer',
  max: 20,
  windowMs: 60 * 60_000,
  message: 'Too many payment attempts. Please try again in an hour.',
};

export function createPaymentService(db: Db, gateway: PaymentGateway, now: () => Date = () => new Date()) {
  const repo = paymentRepository(db);

  /** A retried key answers what the first attempt came to, and never charges again. */
  function replay(payment: PaymentRecord): PaymentOutcome {
    if (payment.status === 'paid') return { ok: true, payment, replay: true };
    if (payment.status === 'created') return failure('PAYMENT_IN_PROGRESS', 'This payment is still being processed. Please wait a moment.');
    return failure('PAYMENT_FAILED', payment.failureReason ?? 'The payment did not go through.');
  }

  return {
    gatewayName: gateway.name,

    /**
     * One payment, as named steps: (1) check the card; (2) in one transaction, let the purchase check and
     * lock what is paid for (`prepare`) and write the 'created' row; (3) charge the gateway, outside any
     * transaction; (4) in one transaction, mark the row paid and let the purchase record it (`settle`), or
     * mark it failed with the reason. If `settle` fails after a good charge, the charge is refunded.
     */
    async pay(input: {
      customerId: number;
      /** What is paid for: a key is the customer's own for one purpose (a CAD advance never replays an instalment). */
      purpose: PaymentPurpose;
      idempotencyKey: string;
      card: Card;
      prepare: (tx: Db) => Promise<PaymentIntent>;
      settle: (tx: Db, payment: PaymentRecord) => Promise<void>;
    }): Promise<PaymentOutcome> {
      const { customerId, purpose, idempotencyKey, card } = input;
      const earlier = await repo.byKey(customerId, purpose, idempotencyKey);
      // A refused attempt does not hold its key: the customer may try another card on the same form.
      if (earlier?.status === 'failed') await repo.releaseKey(customerId, earlier.id);
      else if (earlier) return replay(earlier);

      const checked = checkCard(card, now());
      if (!checked.ok) {
        return failure('INVALID_CARD', Object.values(checked.fields).join(' '), checked.fields);
      }

      const started = await db.transaction(async (tx) => {
        const intent = await input.prepare(tx);
        if (intent.purpose !== purpose) throw new Error(`a ${purpose} payment prepared a ${intent.purpose} one`);
        const t = paymentRepository(tx);
        if (intent.harvestPlanId && (await t.inFlightForPlan(customerId, intent.harvestPlanId, new Date(now().getTime() - IN_FLIGHT_MS)))) {
          throw new DomainError('PAYMENT_IN_PROGRESS', 'A payment for this plan is still being processed. Please wait a moment.');
        }
        const payment = await t.create({
          customerId,
          purpose: intent.purpose,
          amountPaise: intent.amountPaise,
          gateway: gateway.name,
          idempotencyKey,
          harvestPlanId: intent.harvestPlanId ?? null,
          cadDesignId: intent.cadDesignId ?? null,
          orderId: intent.orderId ?? null,
        });
        return { intent, payment };
      });
      if (!started.payment) {
        const raced = await repo.byKey(customerId, purpose, idempotencyKey);
        return raced ? replay(raced) : failure('PAYMENT_IN_PROGRESS', 'Please try again.');
      }
      const payment = started.payment;

      let result;
      try {
        result = await gateway.charge({ amountPaise: payment.amountPaise, card, idempotencyKey: gatewayKey(customerId, purpose, idempotencyKey), description: started.intent.description });
      } catch {
        result = { ok: false as const, reason: 'The payment could not be completed. Nothing was charged; please try again.', code: 'unavailable' as const };
      }

      if (!result.ok) {
        await repo.markFailed(customerId, payment.id, result.reason);
        if (result.code === 'idempotency_conflict') return failure('IDEMPOTENCY_CONFLICT', result.reason);
        return failure(result.code === 'insufficient_funds' ? 'INSUFFICIENT_FUNDS' : 'PAYMENT_DECLINED', result.reason);
      }

      const { ref, method } = result;
      try {
        const paid = await db.transaction(async (tx) => {
          const row = await paymentRepository(tx).markPaid(customerId, payment.id, ref, method, now());
          if (!row) throw new DomainError('PAYMENT_SETTLED', 'This payment was already settled.');
          await input.settle(tx, row);
          return row;
        });
        return { ok: true, payment: paid, replay: false };
      } catch (error) {
        // Compensation: the card was charged but the purchase could not record it. A reference the store
        // already holds is another payment's charge (a gateway answering an earlier request): never refund it.
        if (await repo.byRef(gateway.name, ref)) {
          await repo.markFailed(customerId, payment.id, 'The payment gateway answered with another payment; nothing was charged.');
          throw error;
        }
        await gateway.refund(ref, payment.amountPaise);
        const reason = error instanceof DomainError ? error.message : 'The payment could not be recorded and was refunded.';
        await repo.markRefunded(customerId, payment.id, reason);
        throw error;
      }
    },

    async list(customerId: number): Promise<PaymentRow[]> {
      const rows = await repo.list(customerId);
      return rows.map((r) => ({
        id: r.id,
        purpose: r.purpose,
        description: describe(r.purpose, r.instalmentNumber === null ? null : Number(r.instalmentNumber)),
        amountPaise: r.amountPaise,
        status: r.status,
        method: r.method,
        failureReason: r.failureReason,
        createdAt: r.createdAt.toISOString(),
        paidAt: r.paidAt ? r.paidAt.toISOString() : null,
      }));
    },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;

/**
 * The key the gateway sees: one merchant request is one customer paying for one purpose with one form,
 * so two customers' forms (or one customer's instalment and CAD advance) never share a gateway key.
 */
export function gatewayKey(customerId: number, purpose: PaymentPurpose, formKey: string): string {
  return `${purpose}:${customerId}:${formKey}`;
}

function describe(purpose: PaymentPurpose, instalment: number | null): string {
  switch (purpose) {
    case 'harvest_instalment':
      return instalment ? `Milli Harvest instalment ${instalment} of 10` : 'Milli Harvest instalment';
    case 'cad_advance':
      return 'Custom design advance (30 %)';
    case 'order':
      return 'Order payment';
  }
}
