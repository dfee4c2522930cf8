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
} from '@milli/contracts/schemas';
import type { ModuleDeps } from '../../deps.ts';
import { requireCustomer } from '../../plugins/session.ts';
import { PAYMENT_ATTEMPTS_LIMIT } from '../payments/service.ts';
import { createHarvestService, instalmentPaymentHandler } from './service.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };

/**
 * Milli Harvest (DECISIONS §2): GET /api/harvest/plans, POST /api/harvest/enrol,
 * POST /api/harvest/instalments/{id}/pay. Identity only from the session.
 */
export const harvestModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;
  const { settings } = deps.services;
  const harvest = createHarvestService(db, deps.payments, settings);
  deps.payments.register('harvest_instalment', instalmentPaymentHandler(settings));
  api.get(
    '/harvest/plans',
    {
      config: { access: 'customer' },
      schema: { summary: "The signed-in customer's Milli Harvest plans with their schedules", response: { 200: HarvestPlanListSchema, ...errors } },
    },
    async (req) => ({
      data: await harvest.plans(requireCustomer(req).id),
    }),
  );

  api.post(
    '/harvest/enrol',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'Enrols in Milli Harvest with a monthly amount',
        body: formBody(HarvestEnrolSchema),
        response: { 200: HarvestEnrolAnswerSchema, ...errors },
      },
    },
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
        summary: 'Starts the gateway payment of a Harvest instalment',
        params: InstalmentParamsSchema,
        body: formBody(HarvestPaySchema).optional(),
        response: { 200: HarvestPayAnswerSchema, ...errors, 429: ErrorSchema, 503: ErrorSchema },
      },
    },
    async (req) => {
      const customer = requireCustomer(req);
      await deps.limiter.take(PAYMENT_ATTEMPTS_LIMIT, String(customer.id));
      return harvest.pay(customer.id, req.params.id);
    },
  );
};
