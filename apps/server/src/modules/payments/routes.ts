import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorSchema, PaymentListSchema } from '@milli/contracts/schemas';
import type { ModuleDeps } from '../../deps.ts';
import { requireCustomer } from '../../plugins/session.ts';
import { createGateway } from './gateway.ts';
import { createPaymentService } from './service.ts';

/** GET /api/payments: the session customer's payments (My Account → Payments). */
export const paymentsModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const payments = createPaymentService(deps.database.db, createGateway(deps.config.paymentGateway));
  api.get('/payments', { config: { access: 'customer' }, schema: { response: { 200: PaymentListSchema, 401: ErrorSchema } } }, async (req) => ({
    data: await payments.list(requireCustomer(req).id),
  }));
};
