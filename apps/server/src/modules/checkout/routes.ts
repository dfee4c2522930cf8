import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PlaceOrderAnswerSchema, PlaceOrderErrorSchema, PlaceOrderSchema, formBody } from '@milli/contracts/schemas';
import type { ModuleDeps } from '../../deps.ts';
import { requireSelf } from '../../plugins/session.ts';
import { createCheckoutService } from './service.ts';

const errors = {
  400: PlaceOrderErrorSchema,
  401: PlaceOrderErrorSchema,
  403: PlaceOrderErrorSchema,
  404: PlaceOrderErrorSchema,
  409: PlaceOrderErrorSchema,
  422: PlaceOrderErrorSchema,
  503: PlaceOrderErrorSchema,
};

/**
 * POST /api/orders/placeOrders (spec §7: form data with the order placement fields; an ok status means
 * success). The customer is the session's; userId must be theirs (401/403 otherwise).
 */
export const checkoutModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const checkout = createCheckoutService(deps.database.db, {
    catalog: deps.services.catalog,
    settings: deps.services.settings,
    payments: deps.payments,
    // An order that took the last of a piece: this instance shows it sold out from the next request on.
    soldOut: () => deps.readCache.invalidate(),
  });

  api.post(
    '/orders/placeOrders',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'Places an order from the cart: prices, stock and totals on the server',
        body: formBody(PlaceOrderSchema),
        response: { 200: PlaceOrderAnswerSchema, ...errors },
      },
    },
    async (req) => {
      const customer = requireSelf(req, req.body.userId);
      const answer = await checkout.placeOrder(customer, req.body);
      // Only an order placed now queued its mail; one awaiting payment or confirmation gets it later.
      if (!answer.replayed && answer.status === 'Placed') deps.mailer.kick();
      return answer;
    },
  );
};
