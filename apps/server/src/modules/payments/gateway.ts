import { createHash, randomUUID } from 'node:crypto';
import { DEMO_PAYMENT_MESSAGES } from '@milli/contracts';
import type { Card } from '@milli/contracts/schemas';
import { checkCard } from './card.ts';

export interface ChargeRequest {
  amountPaise: number;
  card: Card;
  /**
   * One merchant request: a retry with the same key and the same request answers the first charge and
   * never charges twice; the same key with a different request is refused ('idempotency_conflict').
   * The store makes it from the customer, the purpose and the form's key, so no two customers share one.
   */
  idempotencyKey: string;
  description: string;
}

export type ChargeResult =
  | { ok: true; ref: string; method: string }
  | { ok: false; reason: string; code: 'declined' | 'insufficient_funds' | 'invalid_card' | 'unavailable' | 'idempotency_conflict' };

/**
 * What the store needs of a payment provider: charge a card once per key, and refund a charge the store
 * could not honour (the compensation step). Harvest instalments use it now; the CAD 30 % advance next.
 */
export interface PaymentGateway {
  /** Stored with each payment ('demo' for the built-in test gateway). */
  readonly name: string;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  refund(ref: string, amountPaise: number): Promise<void>;
}

/** The test gateway's answers (the same words the payment form's note promises). */
export const DEMO_MESSAGES = DEMO_PAYMENT_MESSAGES;

/**
 * The built-in test gateway: no money moves. Only the test cards (DEMO_TEST_CARDS) are accepted, so
 * nobody types a real card into it thinking they paid.
 */
export function createDemoGateway(now: () => Date = () => new Date()): PaymentGateway {
  // Like a real provider, the gateway remembers the charges it made under each key, with a fingerprint
  // of the request; a refused attempt is not remembered, so the next attempt under the key is tried afresh.
  const charged = new Map<string, { fingerprint: string; result: ChargeResult }>();
  const outcome = (digits: string): ChargeResult | null => {
    switch (digits) {
      case '4111111111111111':
      case '5555555555554444':
        return null;
      case '4000000000000002':
        return { ok: false, reason: DEMO_MESSAGES.declined, code: 'declined' };
      case '4000000000009995':
        return { ok: false, reason: DEMO_MESSAGES.insufficientFunds, code: 'insufficient_funds' };
      default:
        return { ok: false, reason: DEMO_MESSAGES.notATestCard, code: 'declined' };
    }
  };
  return {
    name: 'demo',
    async charge(request) {
      const checked = checkCard(request.card, now());
      if (!checked.ok) return { ok: false, reason: Object.values(checked.fields)[0]!, code: 'invalid_card' };
      const fingerprint = createHash('sha256')
        .update(JSON.stringify([request.amountPaise, request.description, checked.card.digits, checked.card.expiryMonth, checked.card.expiryYear]))
        .digest('hex');
      const earlier = charged.get(request.idempotencyKey);
      if (earlier) {
        if (earlier.fingerprint === fingerprint) return earlier.result;
        return { ok: false, reason: 'This payment key was already used for a different payment.', code: 'idempotency_conflict' };
      }
      const refused = outcome(checked.card.digits);
      if (refused) return refused;
      const result: ChargeResult = { ok: true, ref: `demo_${randomUUID()}`, method: checked.card.label };
      charged.set(request.idempotencyKey, { fingerprint, result });
      // A real provider keeps keys for a day or so; the store's own table is the lasting guard.
      if (charged.size > 10_000) charged.delete(charged.keys().next().value!);
      return result;
    },
    async refund() {
      // Nothing moved, nothing to give back.
    },
  };
}

/** The gateway the configuration names (config.paymentGateway); only the test gateway exists so far. */
export function createGateway(name: 'demo'): PaymentGateway {
  switch (name) {
    case 'demo':
      return createDemoGateway();
  }
}
