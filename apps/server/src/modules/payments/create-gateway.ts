import type { Config } from '../../config.ts';
import { createDemoGateway } from './demo-gateway.ts';
import type { PaymentGateway } from './gateway.ts';
import { createRazorpayGateway } from './razorpay-gateway.ts';

/** The gateway the configuration names: Razorpay with its keys, or the built-in demo (config.ts checks the keys). */
export function createGateway(config: Pick<Config, 'paymentGateway' | 'razorpay'>): PaymentGateway {
  if (config.paymentGateway === 'razorpay') {
    if (!config.razorpay) throw new Error('PAYMENT_GATEWAY=razorpay without its keys');
    return createRazorpayGateway(config.razorpay);
  }
  // Refunds go pending and are processed a moment later, as Razorpay's normal speed does.
  return createDemoGateway({ refundDelayMs: 1_000 });
}
