import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { TradePartnerAnswerSchema, TradePartnerErrorSchema, TradePartnerRegistrationSchema } from '@milli/contracts/schemas';
import type { ModuleDeps } from '../../deps.ts';
import { orFail } from '../../domain-error.ts';
import { createTradePartnersService } from './service.ts';

/** POST /api/manufacturer/register: the short and the long trade-partner forms (spec §3, §7; DECISIONS §1-2). */
export const tradePartnersModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const partners = createTradePartnersService({
    db: deps.database.db,
    limiter: deps.limiter,
    settings: deps.services.settings,
    mailQueued: () => deps.mailer.kick(),
  });

  api.post(
    '/manufacturer/register',
    {
      schema: {
        summary: 'A trade-partner application, short or long (KYC) form',
        body: TradePartnerRegistrationSchema,
        response: { 200: TradePartnerAnswerSchema, 400: TradePartnerErrorSchema, 409: TradePartnerErrorSchema, 429: TradePartnerErrorSchema },
      },
      // Every attempt counts, a refused form too: the allowance is taken before the body is checked.
      preValidation: async (req) => partners.takeAttempt(req.ip),
    },
    async (req) => {
      const customerId = req.customer?.id ?? null;
      const result =
        req.body.form === 'long' ? await partners.registerLong(req.body.data, customerId) : await partners.registerShort(req.body.data, customerId);
      return orFail(result).answer;
    },
  );
};
