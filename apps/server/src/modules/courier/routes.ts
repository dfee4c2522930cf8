import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CourierWebhookAnswerSchema, ErrorSchema, ShiprocketWebhookSchema } from '@milli/contracts/schemas';
import type { ModuleDeps } from '../../deps.ts';
import { DomainError } from '../../domain-error.ts';
import { createReturnsService } from '../returns/service.ts';
import { createCourierService } from './service.ts';
import { createShiprocketProvider } from './shiprocket.ts';

/** The courier service as both of this module's plugins build it, from the configuration (issue 39). */
export function courierServiceOf(deps: ModuleDeps) {
  const courier = deps.config.courier;
  const returns = createReturnsService({
    db: deps.database.db,
    settings: deps.services.settings,
    payments: deps.payments,
    files: deps.files,
    mailQueued: () => deps.mailer.kick(),
  });
  return createCourierService({
    db: deps.database.db,
    provider: courier ? createShiprocketProvider(courier) : null,
    settings: deps.services.settings,
    designRequests: deps.services.designRequests,
    returns,
    mailQueued: () => deps.mailer.kick(),
  });
}

/**
 * POST /api/courier/shiprocket/webhook (issue 39, decision 050): Shiprocket's tracking updates. Shiprocket signs
 * nothing; it sends the token set in its panel as `x-api-key`, compared here in constant time before the body is read.
 * Every update it sends is answered 200 (recorded, a duplicate, or ignored: an AWB the store never booked, a status it
 * does not follow), since Shiprocket sends again whatever is not.
 */
export const courierModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const courier = deps.config.courier;
  const provider = courier ? createShiprocketProvider(courier) : null;
  const service = courierServiceOf(deps);

  api.post(
    '/courier/shiprocket/webhook',
    {
      schema: {
        summary:
          'Shiprocket’s tracking webhook (header x-api-key: SHIPROCKET_WEBHOOK_TOKEN): in transit, out for delivery, delivered (the order is marked delivered) and RTO (flagged for staff); 200 for every update taken, recorded or not',
        body: ShiprocketWebhookSchema,
        response: { 200: CourierWebhookAnswerSchema, 400: ErrorSchema, 401: ErrorSchema },
      },
      // The token before the body: a caller without it learns nothing of what the body should look like.
      onRequest: async (req) => {
        const given = req.headers['x-api-key'];
        if (!provider || !provider.webhookTokenValid(Array.isArray(given) ? given[0] : given))
          throw new DomainError('COURIER_TOKEN_INVALID', 'This webhook needs the courier token the store was configured with.');
      },
    },
    (req) => service.webhook(req.body, req.id),
  );
};
