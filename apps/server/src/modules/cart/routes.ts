import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CartAddAnswerSchema,
  CartAddSchema,
  CartDeleteParamsSchema,
  CartLineListSchema,
  CartCountAnswerSchema,
  CartUpdateSchema,
  ErrorSchema,
  UserParamsSchema,
  formBody,
} from '@milli/contracts/schemas';
import type { ModuleDeps } from '../../deps.ts';
import { requireSelf } from '../../plugins/session.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };

/** The logged-in cart (spec §7); a guest's cart is the cartItems cookie, priced by get_product_detail. */
export const cartModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { cart } = deps.services;

  api.post(
    '/cart/add',
    {
      config: { access: 'customer' },
      schema: {
        summary: "Adds a piece, in the options chosen, to the customer's cart",
        body: formBody(CartAddSchema),
        response: { 200: CartAddAnswerSchema, ...errors },
      },
    },
    async (req) => {
      const customer = requireSelf(req, req.body.cart_user_id);
      return cart.add(customer.id, req.body);
    },
  );

  api.get(
    '/cart/find-by-user-id/:userId',
    {
      config: { access: 'customer' },
      schema: { summary: "The customer's cart lines priced at today's rates", params: UserParamsSchema, response: { 200: CartLineListSchema, ...errors } },
    },
    async (req) => cart.lines(requireSelf(req, req.params.userId).id),
  );

  api.post(
    '/cart/updateCart',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'Changes the quantities of cart lines (0 removes a line)',
        body: formBody(CartUpdateSchema, []),
        response: { 200: CartCountAnswerSchema, ...errors },
      },
    },
    async (req) => {
      if (req.body.length === 0) {
        return { message: 'Cart updated', cartCount: 0 };
      }
      // Every line must name the session's own customer: one foreign id refuses the whole update.
      const customer = req.body.map((l) => requireSelf(req, l.user_id))[0]!;
      return cart.update(customer.id, req.body);
    },
  );

  api.post(
    '/cart/delete/:cartId/:userId',
    {
      config: { access: 'customer' },
      schema: { summary: 'Removes one cart line', params: CartDeleteParamsSchema, response: { 200: CartCountAnswerSchema, ...errors } },
    },
    async (req) => cart.remove(requireSelf(req, req.params.userId).id, req.params.cartId),
  );
};
