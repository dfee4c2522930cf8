import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PlaceOrderAnswerSchema, PlaceOrderErrorSchema, PlaceOrderSchema } from '@milli/contracts/schemas';
import type { ModuleDeps } from '../../deps.ts';
import { bodyErrorMessage } from '../../plugins/errors.ts';
import { requireSelf } from '../../plugins/session.ts';
import { createCheckoutService } from './service.ts';
import { forgetAfterWrites } from '../../plugins/read-cache.ts';

const errors = { 400: PlaceOrderErrorSchema, 401: PlaceOrderErrorSchema, 403: PlaceOrderErrorSchema, 404: PlaceOrderErrorSchema, 409: PlaceOrderErrorSchema, 422: PlaceOrderErrorSchema, 503: PlaceOrderErrorSchema };

/**
 * POST /api/orders/placeOrders (spec §7: form data with the order placement fields; an ok status means
 * success). The customer is the session's; userId must be theirs (401/403 otherwise).
 */
export const checkoutModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const checkout = createCheckoutService(deps.database.db);
  // Orders take and give back stock.
  forgetAfterWrites(app, deps.readCache);

  api.post('/orders/placeOrders', { schema: { response: { 200: PlaceOrderAnswerSchema, ...errors } } }, async (req, reply) => {
    const parsed = PlaceOrderSchema.safeParse(req.body ?? {});
    if (!parsed.success) return reply.status(400).send({ message: bodyErrorMessage(parsed.error), code: 'INVALID_REQUEST' });
    const customer = requireSelf(req, parsed.data.userId);
    const answer = await checkout.placeOrder(customer, parsed.data);
    if (!answer.replayed) deps.mailer.kick();
    return answer;
  });
};
