import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorSchema,
  formBody,
  RateLockCreateSchema,
  RateLockListSchema,
  RateLockParamsSchema,
  RateLockPayAnswerSchema,
  RateLockPaySchema,
  RateLockTermsSchema,
} from '@milli/contracts/schemas';
import type { ModuleDeps } from '../../deps.ts';
import { requireCustomer } from '../../plugins/session.ts';
import { PAYMENT_ATTEMPTS_LIMIT } from '../payments/service.ts';
import { createRateLockService, rateLockPaymentHandler } from './service.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };

/**
 * Rate locks (issue 42): GET /api/rate-locks/terms (public), GET /api/rate-locks, POST /api/rate-locks and
 * POST /api/rate-locks/{id}/pay (the signed-in shopper's own, identity from the session). The advance is paid through
 * the gateway, as orders and Harvest instalments are.
 */
export const rateLocksModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { settings } = deps.services;
  const locks = createRateLockService(deps.database.db, deps.payments, settings);
  deps.payments.register('rate_lock', rateLockPaymentHandler(settings));

  api.get(
    '/rate-locks/terms',
    {
      schema: {
        summary: 'The terms of a rate lock (advance percent, periods, cap, what becomes of an unused advance) and today’s rates',
        response: { 200: RateLockTermsSchema, ...errors },
      },
    },
    async () => locks.terms(),
  );

  api.get(
    '/rate-locks',
    {
      config: { access: 'customer' },
      schema: { summary: 'The signed-in shopper’s rate locks, newest first, with grams used and left', response: { 200: RateLockListSchema, ...errors } },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { data: await locks.list(requireCustomer(req).id) };
    },
  );

  api.post(
    '/rate-locks',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'Locks today’s rate for a weight of a metal and purity for a period, pending the advance paid through the gateway',
        description:
          '`{ "metal": "gold", "purity": 22, "grams": 10, "period": 90 }`: purity is the karat for gold (14, 18, 22, 24), 950 for platinum, 925 for silver; ' +
          'grams up to three decimals; period one of the settings’ periods (days). Answers the lock (Pending payment) and the gateway order to pay its advance.',
        body: formBody(RateLockCreateSchema),
        response: { 200: RateLockPayAnswerSchema, ...errors, 429: ErrorSchema, 503: ErrorSchema },
      },
    },
    async (req) => {
      const customer = requireCustomer(req);
      await deps.limiter.take(PAYMENT_ATTEMPTS_LIMIT, String(customer.id));
      return locks.create(customer.id, req.body);
    },
  );

  api.post(
    '/rate-locks/:id/pay',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'Starts (again) the gateway payment of a pending rate lock’s advance',
        params: RateLockParamsSchema,
        body: formBody(RateLockPaySchema).optional(),
        response: { 200: RateLockPayAnswerSchema, ...errors, 429: ErrorSchema, 503: ErrorSchema },
      },
    },
    async (req) => {
      const customer = requireCustomer(req);
      await deps.limiter.take(PAYMENT_ATTEMPTS_LIMIT, String(customer.id));
      return locks.pay(customer.id, req.params.id);
    },
  );
};
