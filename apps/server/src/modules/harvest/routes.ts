import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorSchema,
  HarvestEnrolAnswerSchema,
  HarvestEnrolSchema,
  HarvestPayAnswerSchema,
  HarvestPaySchema,
  HarvestPlanListSchema,
  PaymentErrorSchema,
} from '@milli/contracts/schemas';
import type { ModuleDeps } from '../../deps.ts';
import { bodyErrorMessage } from '../../plugins/errors.ts';
import { requireCustomer } from '../../plugins/session.ts';
import { createGateway } from '../payments/gateway.ts';
import { createPaymentService, PAYMENT_ATTEMPTS_LIMIT } from '../payments/service.ts';
import { createHarvestService } from './service.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };

/**
 * Milli Harvest (DECISIONS §2): GET /api/harvest/plans, POST /api/harvest/enrol,
 * POST /api/harvest/instalments/{id}/pay. Identity only from the session.
 */
export const harvestModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;
  const harvest = createHarvestService(db, createPaymentService(db, createGateway(deps.config.paymentGateway)));

  api.get('/harvest/plans', { schema: { response: { 200: HarvestPlanListSchema, ...errors } } }, async (req) => ({
    data: await harvest.plans(requireCustomer(req).id),
  }));

  api.post('/harvest/enrol', { schema: { response: { 200: HarvestEnrolAnswerSchema, ...errors } } }, async (req, reply) => {
    const customer = requireCustomer(req);
    const parsed = HarvestEnrolSchema.safeParse(req.body ?? {});
    if (!parsed.success) return reply.status(400).send({ message: bodyErrorMessage(parsed.error), code: 'INVALID_REQUEST' });
    const plan = await harvest.enrol(customer.id, parsed.data);
    return { message: 'Your Milli Harvest plan has started. Pay your first instalment to begin saving.', plan };
  });

  api.post(
    '/harvest/instalments/:id/pay',
    {
      schema: {
        params: z.object({ id: z.coerce.number({ error: 'The instalment id must be a number.' }).int().positive().max(2_147_483_647) }),
        response: { 200: HarvestPayAnswerSchema, ...errors, 400: PaymentErrorSchema, 402: PaymentErrorSchema, 429: ErrorSchema },
      },
    },
    async (req, reply) => {
      const customer = requireCustomer(req);
      const parsed = HarvestPaySchema.safeParse(req.body ?? {});
      if (!parsed.success) return reply.status(400).send({ message: bodyErrorMessage(parsed.error), code: 'INVALID_REQUEST' });
      await deps.limiter.take(PAYMENT_ATTEMPTS_LIMIT, String(customer.id));
      const result = await harvest.pay(customer.id, req.params.id, parsed.data);
      if (!result.ok) {
        return reply.status(result.status).send({ message: result.message, code: result.code, ...(result.fields ? { fields: result.fields } : {}) });
      }
      return result.answer;
    },
  );
};
