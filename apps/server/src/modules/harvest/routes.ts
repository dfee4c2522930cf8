import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorSchema,
  formBody,
  HarvestEnrolAnswerSchema,
  HarvestEnrolSchema,
  HarvestPayAnswerSchema,
  HarvestPaySchema,
  HarvestPlanListSchema,
  InstalmentParamsSchema,
  PaymentErrorSchema,
} from '@milli/contracts/schemas';
import type { ModuleDeps } from '../../deps.ts';
import { orFail } from '../../domain-error.ts';
import { requireCustomer } from '../../plugins/session.ts';
import { createGateway } from '../payments/gateway.ts';
import { createPaymentService, PAYMENT_ATTEMPTS_LIMIT } from '../payments/service.ts';
import { createSettingsService } from '../settings/service.ts';
import { createHarvestService } from './service.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };

/**
 * Milli Harvest (DECISIONS §2): GET /api/harvest/plans, POST /api/harvest/enrol,
 * POST /api/harvest/instalments/{id}/pay. Identity only from the session.
 */
export const harvestModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;
  const harvest = createHarvestService(db, createPaymentService(db, createGateway(deps.config.paymentGateway)), createSettingsService(db));
  api.get('/harvest/plans', { config: { access: 'customer' }, schema: { response: { 200: HarvestPlanListSchema, ...errors } } }, async (req) => ({
    data: await harvest.plans(requireCustomer(req).id),
  }));

  api.post(
    '/harvest/enrol',
    { config: { access: 'customer' }, schema: { body: formBody(HarvestEnrolSchema), response: { 200: HarvestEnrolAnswerSchema, ...errors } } },
    async (req) => {
      const plan = await harvest.enrol(requireCustomer(req).id, req.body);
      return { message: 'Your Milli Harvest plan has started. Pay your first instalment to begin saving.', plan };
    },
  );

  api.post(
    '/harvest/instalments/:id/pay',
    {
      config: { access: 'customer' },
      schema: {
        params: InstalmentParamsSchema,
        body: formBody(HarvestPaySchema),
        response: { 200: HarvestPayAnswerSchema, ...errors, 400: PaymentErrorSchema, 402: PaymentErrorSchema, 429: ErrorSchema },
      },
    },
    async (req) => {
      const customer = requireCustomer(req);
      await deps.limiter.take(PAYMENT_ATTEMPTS_LIMIT, String(customer.id));
      return orFail(await harvest.pay(customer.id, req.params.id, req.body)).answer;
    },
  );
};
