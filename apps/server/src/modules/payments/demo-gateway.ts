import { randomBytes } from 'node:crypto';
import { hmacHex, paymentSignature, sameSignature, type PaymentGateway } from './gateway.ts';
import { createRazorpaySimulator, type RazorpaySimulator, type SimulatorOptions } from './simulator.ts';

/**
 * The built-in demo gateway: Razorpay's rules kept in this process by the simulator, with secrets made at
 * start. It moves no money; its checkout (the store's own dialog) offers only test instruments, so nobody
 * types a real card into it. What it remembers ends with the process, and it holds only the newest REMEMBERED of
 * each kind: an order awaiting payment after a restart (or long forgotten) gets a new gateway order when the
 * customer pays again.
 */
export function createDemoGateway(options: Partial<SimulatorOptions> = {}): PaymentGateway & { simulator: RazorpaySimulator; webhookSecret: string } {
  const keySecret = options.keySecret ?? randomBytes(24).toString('hex');
  const webhookSecret = options.webhookSecret ?? randomBytes(24).toString('hex');
  const simulator = createRazorpaySimulator({ keyId: 'rzp_test_MilliDemo', ...options, keySecret, webhookSecret });
  return {
    name: 'demo',
    keyId: simulator.keyId,
    simulator,
    webhookSecret,
    async createOrder({ amountPaise, receipt, notes }) {
      return simulator.createOrder({ amount: amountPaise, currency: 'INR', receipt, notes: notes ?? {} });
    },
    async fetchPayment(id) {
      return simulator.fetchPayment(id);
    },
    async orderPayments(orderId) {
      return simulator.orderPayments(orderId);
    },
    async capture(id, amountPaise) {
      return simulator.capture(id, amountPaise, 'INR');
    },
    async refund(paymentId, { amountPaise, idempotencyKey, notes }) {
      return simulator.refund(paymentId, { amount: amountPaise, notes: notes ?? {} }, idempotencyKey);
    },
    async fetchRefund(paymentId, refundId) {
      return simulator.paymentRefund(paymentId, refundId);
    },
    paymentSignatureValid(orderId, paymentId, signature) {
      return sameSignature(paymentSignature(keySecret, orderId, paymentId), signature);
    },
    webhookSignatureValid(rawBody, signature) {
      return sameSignature(hmacHex(webhookSecret, rawBody), signature);
    },
  };
}
