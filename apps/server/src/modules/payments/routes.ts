import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DemoCheckoutAnswerSchema,
  DemoCheckoutSchema,
  ErrorSchema,
  PaymentErrorSchema,
  PaymentListSchema,
  PaymentVerifyAnswerSchema,
  RazorpayVerifySchema,
  formBody,
} from '@milli/contracts/schemas';
import type { ModuleDeps } from '../../deps.ts';
import { DomainError } from '../../domain-error.ts';
import { requireCustomer } from '../../plugins/session.ts';
import { GatewayError } from './gateway.ts';
import { paymentRepository } from './repository.ts';
import { PAYMENT_ATTEMPTS_LIMIT } from './service.ts';
import type { createDemoGateway } from './demo-gateway.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema, 429: ErrorSchema, 503: ErrorSchema };

/**
 * GET /api/payments (My Account → Payments), POST /api/payments/razorpay/verify (the checkout's result),
 * POST /api/payments/razorpay/webhook (the gateway's events, raw body signed), and, with the demo gateway
 * only, POST /api/payments/demo/checkout (its checkout's Pay, with a test instrument).
 */
export const paymentsModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Nothing here empties the read cache: a payment, its settling (an order Placed, an instalment paid, a design
  // approved) and its refunds change no catalogue answer nor shared page (stock moves at Place Order and when an
  // order lapses or is cancelled, whose routes and keeper forget; the database announces any catalogue write).
  const { payments } = deps;

  api.get(
    '/payments',
    {
      config: { access: 'customer' },
      schema: { summary: "The signed-in customer's payments and refunds", response: { 200: PaymentListSchema, 401: ErrorSchema } },
    },
    async (req) => ({
      data: await payments.list(requireCustomer(req).id),
    }),
  );

  api.post(
    '/payments/razorpay/verify',
    {
      config: { access: 'customer' },
      schema: {
        summary: "Verifies a payment the gateway's checkout returned, and settles it",
        body: formBody(RazorpayVerifySchema),
        response: { 200: PaymentVerifyAnswerSchema, ...errors },
      },
    },
    async (req) => {
      const customer = requireCustomer(req);
      await deps.limiter.take(PAYMENT_ATTEMPTS_LIMIT, String(customer.id));
      return payments.verify(customer.id, req.body);
    },
  );

  // The webhook's signature is over the exact bytes Razorpay sent: this route alone reads its body raw.
  await app.register(async (hook) => {
    hook.removeAllContentTypeParsers();
    hook.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_req, body, done) => done(null, body));
    // 503: the gateway could not be asked to confirm the event (GATEWAY_UNAVAILABLE); Razorpay sends it again.
    hook.post(
      '/payments/razorpay/webhook',
      {
        schema: {
          summary: "The gateway's signed webhook: settles only what the gateway's API confirms",
          response: { 200: z.object({ message: z.string() }), 400: ErrorSchema, 503: ErrorSchema },
        },
      },
      async (req, reply) => {
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const header = (name: string) => {
          const v = req.headers[name];
          return Array.isArray(v) ? v[0] : v;
        };
        const result = await payments.webhook(body, header('x-razorpay-signature'), header('x-razorpay-event-id'));
        return reply.status(200).send({ message: result.duplicate ? 'Already handled.' : 'Received.' });
      },
    );
  });

  if (payments.gateway.name === 'demo' && 'simulator' in payments.gateway) {
    const simulator = (payments.gateway as ReturnType<typeof createDemoGateway>).simulator;
    api.post(
      '/payments/demo/checkout',
      {
        config: { access: 'customer' },
        schema: {
          summary: "The demo gateway's test checkout (no money moves)",
          body: formBody(DemoCheckoutSchema),
          response: { 200: DemoCheckoutAnswerSchema, 402: PaymentErrorSchema, ...errors },
        },
      },
      async (req, reply) => {
        const customer = requireCustomer(req);
        await deps.limiter.take(PAYMENT_ATTEMPTS_LIMIT, String(customer.id));
        // Only the customer's own payment can be paid in their checkout.
        const row = await paymentRepository(deps.database.db).byGatewayOrder('demo', req.body.gatewayOrderId, { customerId: customer.id });
        if (!row) throw new DomainError('PAYMENT_NOT_FOUND', 'We could not find that payment.');
        if (row.status !== 'created')
          throw new DomainError('PAYMENT_SETTLED', row.status === 'paid' ? 'This is already paid.' : 'This payment can no longer be made.');
        let result;
        try {
          result = simulator.checkout(req.body.gatewayOrderId, req.body.instrument);
        } catch (error) {
          if (error instanceof GatewayError) throw new DomainError(error.kind === 'not_found' ? 'PAYMENT_NOT_FOUND' : 'PAYMENT_SETTLED', error.message);
          throw error;
        }
        if (!result.ok) return reply.status(402).send({ message: result.error.description, code: 'PAYMENT_DECLINED' });
        const { ok: _ok, ...answer } = result;
        return answer;
      },
    );
  }
};
