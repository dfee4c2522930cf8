/**
 * The Razorpay-speaking simulator on a port, for the end-to-end runs and the bench:
 *   node --import tsx apps/server/scripts/razorpay-sim.ts --port 4010 --webhook-url http://127.0.0.1:3000/api/payments/razorpay/webhook
 * then start the store with PAYMENT_GATEWAY=razorpay, RAZORPAY_API_URL=<the printed address> and the same keys.
 * The keys default to test values; pass --key-id, --key-secret and --webhook-secret to choose others.
 */
import { parseArgs } from 'node:util';
import { startRazorpaySimServer } from '../src/modules/payments/simulator-http.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    'key-id': { type: 'string', default: 'rzp_test_MilliSim' },
    'key-secret': { type: 'string', default: 'sim-key-secret' },
    'webhook-secret': { type: 'string', default: 'sim-webhook-secret' },
    'webhook-url': { type: 'string' },
    'refund-delay-ms': { type: 'string', default: '0' },
  },
});

const sim = await startRazorpaySimServer({
  keyId: values['key-id'],
  keySecret: values['key-secret'],
  webhookSecret: values['webhook-secret'],
  port: Number(values.port),
  refundDelayMs: Number(values['refund-delay-ms']),
  ...(values['webhook-url'] ? { webhookUrl: values['webhook-url'] } : {}),
});
console.log(`razorpay-sim listening on ${sim.url}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void sim.close().then(() => process.exit(0));
  });
}
