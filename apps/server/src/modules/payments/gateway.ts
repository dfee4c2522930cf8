import { randomUUID } from 'node:crypto';
import { DEMO_PAYMENT_MESSAGES } from '@milli/contracts';
import type { Card } from '@milli/contracts/schemas';
import { checkCard } from './card.ts';

export interface ChargeRequest {
  amountPaise: number;
  card: Card;
  /** The same key never charges twice: a retry answers the first result. */
  idempotencyKey: string;
  description: string;
}

export type ChargeResult =
  | { ok: true; ref: string; method: string }
  | { ok: false; reason: string; code: 'declined' | 'insufficient_funds' | 'invalid_card' | 'unavailable' };

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
  const answered = new Map<string, ChargeResult>();
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
      const earlier = answered.get(request.idempotencyKey);
      if (earlier) return earlier;
      const checked = checkCard(request.card, now());
      let result: ChargeResult;
      if (!checked.ok) result = { ok: false, reason: Object.values(checked.fields)[0]!, code: 'invalid_card' };
      else result = outcome(checked.card.digits) ?? { ok: true, ref: `demo_${randomUUID()}`, method: checked.card.label };
      answered.set(request.idempotencyKey, result);
      // A real provider keeps keys for a day or so; the store's own table is the lasting guard.
      if (answered.size > 10_000) answered.delete(answered.keys().next().value!);
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
