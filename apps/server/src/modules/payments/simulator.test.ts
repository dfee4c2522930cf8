/**
 * The gateway simulator (the demo gateway's memory) remembers a bounded number of orders, payments and refunds:
 * the oldest made are forgotten first and answered 'not found', as after a restart, and nothing it forgets can
 * throw later from a timer or give back another refund under a forgotten idempotency key.
 */
import { describe, expect, it } from 'vitest';
import { GatewayError } from './gateway.ts';
import { createRazorpaySimulator, REMEMBERED } from './simulator.ts';

const simulator = (remember?: number, refundDelayMs = 0) =>
  createRazorpaySimulator({
    keyId: 'rzp_test_bounded',
    keySecret: 'key-secret-for-tests',
    webhookSecret: 'hook-secret-for-tests',
    refundDelayMs,
    ...(remember ? { remember } : {}),
  });

/** An order of Rs. 500 paid by card; its order and payment ids. */
function paidOrder(gateway: ReturnType<typeof simulator>) {
  const order = gateway.createOrder({ amount: 500_00, receipt: 'bounded', notes: {} });
  const paid = gateway.checkout(order.id, 'card_success');
  if (!paid.ok) throw new Error('the test card was refused');
  return { orderId: order.id, paymentId: paid.razorpay_payment_id };
}

const notFound = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof GatewayError && error.kind === 'not_found';
  }
  return false;
};

describe('the gateway simulator’s memory', () => {
  it('remembers the newest orders and payments up to its bound and answers the oldest as not found', () => {
    const gateway = simulator(3);
    const made = Array.from({ length: 5 }, () => paidOrder(gateway));
    for (const [i, { orderId, paymentId }] of made.entries()) {
      const forgotten = i < 2;
      expect(
        notFound(() => gateway.fetchOrder(orderId)),
        `order ${i}`,
      ).toBe(forgotten);
      expect(
        notFound(() => gateway.fetchPayment(paymentId)),
        `payment ${i}`,
      ).toBe(forgotten);
    }
    expect(gateway.fetchPayment(made[4]!.paymentId)).toMatchObject({ status: 'captured', amount: 500_00 });
    // A forgotten payment cannot be refunded; a remembered one can, once.
    expect(notFound(() => gateway.refund(made[0]!.paymentId, {}))).toBe(true);
    expect(gateway.refund(made[4]!.paymentId, {}, 'refund-key-0004')).toMatchObject({ amount: 500_00, status: 'processed' });
    expect(() => gateway.refund(made[4]!.paymentId, { amount: 100_00 }, 'refund-key-0004b')).toThrow('greater than amount captured');
  });

  it('forgets an idempotency key with its refund, and the payment’s refunded amount still stops a second refund', () => {
    const gateway = simulator(2);
    const kept = paidOrder(gateway);
    const first = gateway.refund(kept.paymentId, { amount: 100_00 }, 'refund-key-first');
    expect(gateway.refund(kept.paymentId, { amount: 100_00 }, 'refund-key-first')).toEqual(first);
    // Two more refunds push the first out of memory (the payment stays: it is the newest of its kind).
    gateway.refund(kept.paymentId, { amount: 100_00 }, 'refund-key-second');
    gateway.refund(kept.paymentId, { amount: 100_00 }, 'refund-key-third');
    expect(notFound(() => gateway.fetchRefund(first.id))).toBe(true);
    // The first key now makes a new refund of what is left, never more than was captured.
    expect(gateway.refund(kept.paymentId, { amount: 100_00 }, 'refund-key-first')).toMatchObject({ amount: 100_00 });
    expect(gateway.fetchPayment(kept.paymentId)).toMatchObject({ amount_refunded: 400_00 });
    expect(() => gateway.refund(kept.paymentId, { amount: 200_00 }, 'refund-key-fifth')).toThrow('greater than amount captured');
  });

  it('lets a pending refund whose payment was forgotten meanwhile pass quietly, not throw from its timer', async () => {
    const gateway = simulator(1, 20);
    const { paymentId } = paidOrder(gateway);
    const pending = gateway.refund(paymentId, {});
    expect(pending.status).toBe('pending');
    paidOrder(gateway); // the bound of one: the first payment is forgotten before its refund is processed
    expect(notFound(() => gateway.fetchPayment(paymentId))).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(gateway.deliveries().some((d) => d.event === 'refund.processed')).toBe(false);
  });

  it('remembers ten thousand of each by default', () => {
    expect(REMEMBERED).toBe(10_000);
    const gateway = simulator();
    const first = paidOrder(gateway);
    for (let i = 0; i < REMEMBERED - 1; i++) gateway.createOrder({ amount: 100_00, receipt: `r${i}`, notes: {} });
    expect(gateway.fetchOrder(first.orderId).id).toBe(first.orderId);
    gateway.createOrder({ amount: 100_00, receipt: 'one more', notes: {} });
    expect(notFound(() => gateway.fetchOrder(first.orderId))).toBe(true);
    expect(gateway.fetchPayment(first.paymentId).order_id).toBe(first.orderId);
  });
});
